// Compute-capability presets (--arch sm_XX, configuration key `arch`): units per type, warp size and
// warp schedulers per SM for the NVIDIA architectures of the papers' era and after. The table, with
// the source of every value and the choice made where sources disagree, is in arch_presets.cpp.
#ifndef WSP_HOST_ARCH_ARCH_PRESETS_HPP
#define WSP_HOST_ARCH_ARCH_PRESETS_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "warpspan.h"

namespace wsp {
namespace host {

struct ArchPreset {
    const char *name;                 // "sm_35"
    const char *chip;                 // "Kepler GK110", for the report
    uint32_t units[WSP_UNIT_COUNT];   // per SM: L, C, S, D (indexed by uint32_t)
    uint32_t warp_size;
    uint32_t schedulers;              // warp schedulers per SM (warps issuing per cycle)
    // Other plausible values per type where the sources leave the count uncertain (0-terminated):
    // T(W) is not monotone in the unit counts, so no single value is "the pessimistic side"; an
    // answer for a preset is exact only for the preset's values, and the worst case over every
    // plausible value is reported beside it (arch_presets.cpp).
    uint32_t alternatives[WSP_UNIT_COUNT][3];
};

// The SM configurations of every plausible reading of `preset`: the preset's own values first, then
// each combination with alternatives, for the types whose value came from the preset (`from_preset`
// false keeps the given value: an explicit --units wins). `base` holds the values in force.
std::vector<wsp_sm_config> plausible_configs(const ArchPreset &preset, const wsp_sm_config &base,
                                             const bool from_preset[WSP_UNIT_COUNT]);

// "C 160|192, D 8|64": the uncertain values of `preset` among `from_preset`, or "" if none.
std::string uncertain_text(const ArchPreset &preset, const bool from_preset[WSP_UNIT_COUNT]);

// Every preset, in compute-capability order.
const ArchPreset *arch_presets(size_t &count);

// The preset called `name` (exactly, e.g. "sm_35"), or nullptr.
const ArchPreset *find_arch_preset(const std::string &name);

// "sm_20, sm_21, ..., sm_90": for messages.
std::string arch_names();

}  // namespace host
}  // namespace wsp

#endif
