// Paper 001 (PWS) inside the core: the wavefront analysis (cfg.cpp) and the kernel lemmas (kernel.cpp).
#ifndef WSP_PWS_PWS_HPP
#define WSP_PWS_PWS_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {
namespace pws {

wsp_status workspace_size(const wsp_pws_cfg *cfg, size_t *size, wsp_diag *diag);
wsp_status analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace, size_t workspace_size,
                   uint8_t *selected, uint8_t *removed, uint64_t *worst_from, wsp_pws_paths *paths,
                   wsp_diag *diag);

}  // namespace pws
}  // namespace wsp

#endif
