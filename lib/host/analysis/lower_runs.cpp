// The lower-bound method (analysis.hpp): host/jobs/lower_jobs.hpp's independent searches on the host's
// threads (wsp_host_lower_run, the public call), stopped by the observer (Ctrl-C), a work budget (deterministic for any thread count) or a
// time budget, and early when the witness meets the proven upper bound of the analysis so far.
#include "host/analysis/analysis.hpp"
#include "warpspan_host.h"

namespace wsp {
namespace host {

bool run_lower(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, LowerRun &run,
               AnalysisError &error) {
    const LowerSettings &s = request.lower_settings;
    const size_t n = static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem);
    run.witness.assign(n, 0);
    run.seed = s.seed;
    wsp_host_lower_options o{};
    o.lower.control.budget = s.work;
    o.lower.control.progress = observe_stop;
    o.lower.control.context = observer;
    o.lower.control.interval = kObserveInterval;
    o.lower.seed = s.seed;
    o.lower.upper = a.upper < UINT32_MAX ? static_cast<uint32_t>(a.upper) : 0;
    if (a.witness) {  // start from the best schedule so far (a --witness)
        o.lower.initial = a.witness->string.data();
        o.lower.initial_length = a.witness->string.size();
    }
    const wsp_host_run_options ro = observed_run(s.threads, s.seconds, observer);
    wsp_host_lower_result r{};
    wsp_diag d{};
    observer->begin("lower");
    const wsp_status st = wsp_host_lower_run(a.problem, &o, &ro, run.witness.data(), n, &r, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "lower", st, d);
    run.lower = r.best.lower;
    run.upper = r.best.upper;
    run.stop = r.best.stop;
    run.found_by = r.best.found_by;
    run.jobs = r.jobs;
    run.work = r.work;
    run.work_budget = s.work != 0 ? s.work : s.seconds > 0 ? 0 : uint64_t{r.jobs} * wsp_lower_default_work(a.problem);
    run.seconds = r.seconds;
    if (run.lower == 0)
        return analysis_fail(error, "lower", WSP_ERR_RANGE, WSP_FIELD_SECONDS, "the time budget left no time for a witness");
    return true;
}

}  // namespace host
}  // namespace wsp
