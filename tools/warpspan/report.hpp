// Output of an analysis: a report for a person (with the witness schedule drawn as a chart) or one
// JSON object for a program (docs/formats.md).
#ifndef WSP_CLI_REPORT_HPP
#define WSP_CLI_REPORT_HPP

#include <ostream>

#include "analysis.hpp"
#include "settings.hpp"

namespace wsp_cli {

void write_text(std::ostream &out, const Settings &s, const Analysis &a);
void write_json(std::ostream &out, const Settings &s, const Analysis &a);

// The schedule as rows of warps and columns of cycles (ascii_chart.hpp): the unit letter where a warp
// issues, '.' where it waits, blank once it is done; wrapped every `width` cycles, summarised when long.
void write_chart(std::ostream &out, const wsp_problem *p, const std::vector<uint32_t> &cycles,
                 uint32_t makespan, uint32_t width);

}  // namespace wsp_cli

#endif
