// The output of the main command: a report for a person (with the witness schedule drawn as a chart)
// or the members of its JSON object (docs/formats.md, docs/schema/warpspan.schema.json).
#ifndef WSP_CLI_REPORT_HPP
#define WSP_CLI_REPORT_HPP

#include <cstdint>
#include <ostream>
#include <vector>

#include "host/analysis/analysis.hpp"
#include "host/arch/preset_readings.hpp"
#include "json_writer.hpp"
#include "settings.hpp"

namespace wsp_cli {

// What the reports show beyond the analysis itself.
struct ReportInput {
    const Settings &settings;
    const wsp::host::Analysis &analysis;
    wsp::host::PresetReadings readings;  // over an --arch preset's plausible values
};

void write_report_text(std::ostream &out, const ReportInput &in);
// The members "problem" .. "results" into the open object of `json` (the caller writes the identity).
void write_report_json(JsonWriter &json, const ReportInput &in);

// The schedule as rows of warps and columns of cycles (ascii_chart.hpp): the unit letter where a warp
// issues, '.' where it waits, blank once it is done; wrapped every `width` cycles, summarised when long.
void write_chart(std::ostream &out, const wsp_problem *p, const std::vector<uint32_t> &cycles, uint32_t makespan,
                 uint32_t width);

}  // namespace wsp_cli

#endif
