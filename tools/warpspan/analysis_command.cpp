// See analysis_command.hpp.
#include "analysis_command.hpp"

#include <cstdio>
#include <sstream>

#include "interrupt.hpp"
#include "report.hpp"
#include "run_progress.hpp"
#include "tool_identity.hpp"

namespace wsp_cli {

bool run_analysis(const ParsedArgs &a, const Sourced<std::string> *kernel, AnalysisRun &run, Failure &failure) {
    Settings &s = run.settings;
    if (!settings_from_args(a, kernel, s, failure)) return false;
    if (!open_figures(s, run.figures, failure)) return false;
    if (s.write_lp && !run.model.open(*s.write_lp, "--write-lp", failure)) return false;
    wsp::host::Analysis &an = run.analysis;
    wsp::host::AnalysisError error;
    if (!wsp::host::prepare_analysis(s.request, an, error)) return failure = analysis_failure(s.problem, a.command, error), false;
    // The model is written before any method runs: it is a result of its own.
    if (s.write_lp) {
        const std::string name = run.model.hand_over();
        if (!wsp::host::write_ilp_model(s.request, an, name, error)) {
            failure = analysis_failure(s.problem, a.command, error);
            if (error.status == WSP_ERR_IO) failure = io_failure("--write-lp", "cannot write '" + *s.write_lp + "'");
            return false;
        }
        if (!run.model.commit(failure)) return false;
    }
    RunLimits limits;
    limits.budget = s.request.exact_settings.budget;
    limits.seconds = s.request.exact_settings.seconds;
    limits.anneal_iterations = s.request.anneal_settings.iterations;
    limits.warps = s.request.warps;
    RunProgress progress(progress_wanted(s.quiet), limits);
    if (!wsp::host::run_methods(s.request, &progress, an, error))
        return failure = analysis_failure(s.problem, a.command, error), false;
    an.stopped = an.stopped || interrupt_requested();
    if (s.problem.arch)
        run.readings = wsp::host::preset_readings(*wsp::host::find_arch_preset(s.problem.arch->value),
                                                  s.problem.units_from_preset, s.request.kernel, an);
    return write_figures(s, an, run.figures, failure);
}

std::string analysis_text(const AnalysisRun &run) {
    std::ostringstream out;
    write_report_text(out, ReportInput{run.settings, run.analysis, run.readings});
    return out.str();
}

void analysis_json(JsonWriter &json, const AnalysisRun &run) {
    write_report_json(json, ReportInput{run.settings, run.analysis, run.readings});
}

ExitCode analysis_exit(const AnalysisRun &run) {
    if (run.analysis.stopped) return ExitCode::kInterrupted;
    if (run.settings.require_exact && run.analysis.lower < run.analysis.upper) return ExitCode::kNotExact;
    return ExitCode::kOk;
}

bool analysis_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    exit = ExitCode::kOk;
    if (a.given(Flag::kVersion))
        return write_stream(stdout,
                            std::string("warpspan ") + wsp_version() + "\n" +
                                (wsp_host_ilp_available() ? "ilp: lp_solve (--method ilp, --write-lp)\n"
                                                          : "ilp: not built (no lp_solve)\n"),
                            "stdout", failure);
    AnalysisRun run;
    if (!run_analysis(a, nullptr, run, failure)) return false;
    std::string text;
    if (run.settings.json) {
        JsonWriter json;
        json.begin_object();
        write_identity(json);
        analysis_json(json, run);
        text = json.end_object().text();
    } else {
        text = analysis_text(run);
    }
    exit = analysis_exit(run);
    return write_stream(stdout, text, "stdout", failure);
}

}  // namespace wsp_cli
