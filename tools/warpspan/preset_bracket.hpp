// The answer over every plausible reading of an --arch preset (issue 17, item 6). T(W) is not
// monotone in the unit counts, so an exact answer for a preset holds for the preset's values only;
// beside it the CLI reports [lower, upper] over every plausible reading: upper = the largest proven
// bound (the analysis's own upper for the preset's values, the safe bound for the others); lower =
// the smallest makespan of the analysis's witness decoded on each reading (a work-conserving schedule
// of that SM, so a lower bound for it), 0 without a witness.
#ifndef WSP_CLI_PRESET_BRACKET_HPP
#define WSP_CLI_PRESET_BRACKET_HPP

#include <string>

#include "analysis.hpp"
#include "settings.hpp"

namespace wsp_cli {

struct PresetBracket {
    bool applies = false;   // an --arch preset with uncertain values not overridden by --units
    std::string uncertain;  // "C 64|128, D 2|4"
    size_t readings = 0;
    uint64_t lower = 0, upper = 0;
};

PresetBracket preset_bracket(const Settings &s, const Analysis &a);

}  // namespace wsp_cli

#endif
