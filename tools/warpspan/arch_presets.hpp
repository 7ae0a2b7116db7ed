// Compute-capability presets (--arch sm_XX, configuration key `arch`): units per type, warp size and
// warp schedulers per SM for the NVIDIA architectures of the papers' era and after. The table, with
// the source of every value and the choice made where sources disagree, is in arch_presets.cpp.
#ifndef WSP_CLI_ARCH_PRESETS_HPP
#define WSP_CLI_ARCH_PRESETS_HPP

#include <cstddef>
#include <cstdint>
#include <string>

#include "warpspan.h"

namespace wsp_cli {

struct ArchPreset {
    const char *name;                 // "sm_35"
    const char *chip;                 // "Kepler GK110", for the report
    uint32_t units[WSP_UNIT_COUNT];   // per SM: L, C, S, D (indexed by uint32_t)
    uint32_t warp_size;
    uint32_t schedulers;              // warp schedulers per SM (warps issuing per cycle)
};

// Every preset, in compute-capability order.
const ArchPreset *arch_presets(size_t &count);

// The preset called `name` (exactly, e.g. "sm_35"), or nullptr.
const ArchPreset *find_arch_preset(const std::string &name);

// "sm_20, sm_21, ..., sm_90": for messages.
std::string arch_names();

}  // namespace wsp_cli

#endif
