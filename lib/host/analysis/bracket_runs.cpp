// The bracket method (analysis.hpp): wsp_host_bracket_run, the public call (host/jobs/bracket_jobs.hpp:
// witness search, exact search from its witness, witness search again) in one budget for the whole
// run, stopped by the observer
// (Ctrl-C), a work budget (deterministic for any thread count) or a time budget (--timeout: the
// whole bracket run, all phases together).
#include "host/analysis/analysis.hpp"
#include "host/jobs/bracket_jobs.hpp"

namespace wsp {
namespace host {

bool run_bracket(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, BracketRun &run,
                 AnalysisError &error) {
    const BracketSettings &s = request.bracket_settings;
    const size_t n = static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem);
    run.witness.assign(n, 0);
    run.seed = s.seed;
    wsp_host_bracket_options o{};
    o.bracket.control.budget = s.work;
    o.bracket.control.progress = observe_stop;
    o.bracket.control.context = observer;
    o.bracket.control.interval = kObserveInterval;
    o.bracket.seed = s.seed;
    o.memory = (s.memory_mib != 0 ? s.memory_mib : kDefaultMemoryMiB) << 20;
    const wsp_host_run_options ro = observed_run(s.threads, s.seconds, observer);
    wsp_host_bracket_result r{};
    wsp_diag d{};
    observer->begin("bracket");
    const wsp_status st = wsp_host_bracket_run(a.problem, &o, &ro, run.witness.data(), n, &r, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "bracket", st, d);
    run.lower = r.bracket.lower;
    run.upper = r.bracket.upper;
    run.bound = r.bracket.bound;
    run.stop = r.bracket.stop;
    run.found_by = r.bracket.found_by;
    run.upper_by = r.bracket.upper_by;
    run.work = r.bracket.work;
    run.expanded = r.bracket.expanded;
    run.seconds = r.seconds;
    return true;
}

}  // namespace host
}  // namespace wsp
