// SM configuration after defaults and validation (docs/model.md): sigma per type as a reduced
// fraction, and what normalisation (paper 003, III-E) makes of it.
#ifndef WSP_MODEL_SM_CONFIG_HPP
#define WSP_MODEL_SM_CONFIG_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

struct SmResolved {
    uint32_t warp_size;
    uint32_t schedulers;               // 0 = no limit
    uint32_t sigma_num[WSP_UNIT_COUNT];  // sigma = num/den with num == 1 or den == 1
    uint32_t sigma_den[WSP_UNIT_COUNT];
    uint32_t sigma[WSP_UNIT_COUNT];      // normalised: max(sigma, 1)
    uint32_t copies[WSP_UNIT_COUNT];     // den * latency: normalised instructions per input one
};

// Applies the zero-means-default rules and rejects absurd values and sigmas that are neither an
// integer nor 1/n (rounding capacity is not safe: docs/model.md). sm may be NULL.
wsp_status resolve_sm(const wsp_sm_config *sm, SmResolved *out, wsp_diag *diag);

}  // namespace wsp

#endif
