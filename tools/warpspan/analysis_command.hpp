// The main command, `warpspan [CONFIG] [flags]`, and the same analysis inside `warpspan ptx`: every
// output file opened before any work, the library's analysis watched by a progress line and stopped by
// Ctrl-C, the figures saved, and the report or JSON for stdout. The exit status of a result: 130 after
// Ctrl-C (the best results so far are printed and saved first), 3 with --require-exact when T(W) is only
// bracketed, else 0.
#ifndef WSP_CLI_ANALYSIS_COMMAND_HPP
#define WSP_CLI_ANALYSIS_COMMAND_HPP

#include <string>

#include "exit_codes.hpp"
#include "failure.hpp"
#include "figures.hpp"
#include "flag_parser.hpp"
#include "host/arch/preset_readings.hpp"
#include "json_writer.hpp"
#include "output_file.hpp"
#include "settings.hpp"

namespace wsp_cli {

struct AnalysisRun {
    Settings settings;
    wsp::host::Analysis analysis;
    wsp::host::PresetReadings readings;
    FigureFiles figures;
    OutputFile model;  // --write-lp
};

// Settings, outputs opened, the analysis, the files written. `kernel`: the kernel `warpspan ptx` read.
bool run_analysis(const ParsedArgs &a, const Sourced<std::string> *kernel, AnalysisRun &run, Failure &failure);
std::string analysis_text(const AnalysisRun &run);
void analysis_json(JsonWriter &json, const AnalysisRun &run);  // the members, without the identity
ExitCode analysis_exit(const AnalysisRun &run);

bool analysis_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);

}  // namespace wsp_cli

#endif
