// The answer over every plausible reading of a compute-capability preset (issue 17, item 6). T(W) is
// not monotone in the unit counts, so an exact answer for a preset holds for the preset's values only;
// beside it a report gives [lower, upper] over every plausible reading: upper = the largest proven bound
// (the analysis's own upper for the preset's values, the safe bound for the others); lower = the
// smallest makespan of the analysis's witness decoded on each reading (a work-conserving schedule of
// that SM, so a lower bound for it), 0 without a witness.
#ifndef WSP_HOST_ARCH_PRESET_READINGS_HPP
#define WSP_HOST_ARCH_PRESET_READINGS_HPP

#include <string>

#include "host/analysis/analysis.hpp"
#include "host/arch/arch_presets.hpp"

namespace wsp {
namespace host {

struct PresetReadings {
    bool applies = false;   // the preset has uncertain values that no explicit value overrode
    std::string uncertain;  // "C 160|192, D 8|64"
    size_t readings = 0;
    uint64_t lower = 0, upper = 0;
};

// `from_preset[u]`: units of type u came from the preset (not from a flag or a file).
PresetReadings preset_readings(const ArchPreset &preset, const bool from_preset[WSP_UNIT_COUNT],
                               const std::string &kernel, const Analysis &a);

}  // namespace host
}  // namespace wsp

#endif
