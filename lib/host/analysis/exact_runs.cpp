// The exact method and the estimate (analysis.hpp): exact solves through wsp_host_exact_run (time and
// memory budgets; the estimate's T(1..x) in parallel), their memory sized from the settings.
#include <thread>

#include "host/analysis/analysis.hpp"

namespace wsp {
namespace host {

bool exact_memory(const ExactSettings &settings, const wsp_problem *p, unsigned share, size_t &bytes,
                  AnalysisError &error) {
    size_t minimum = 0;
    if (wsp_exact_workspace_size(p, 0, &minimum, nullptr) != WSP_OK)
        return analysis_fail(error, "exact", WSP_ERR_OVERFLOW, WSP_FIELD_WORKSPACE,
                             "the problem is too large for this machine's address space");
    const uint64_t mib = settings.memory_mib != 0 ? settings.memory_mib : kDefaultMemoryMiB;
    if (mib > (SIZE_MAX >> 20))
        return analysis_fail(error, "exact", WSP_ERR_RANGE, WSP_FIELD_WORKSPACE,
                             std::to_string(mib) + " MiB does not fit this machine's address space");
    bytes = static_cast<size_t>(mib << 20);
    if (settings.memory_mib == 0) {
        bytes /= share == 0 ? 1 : share;
        // An expansion stores at most one state: a budget of N states never needs a larger table.
        size_t enough = 0;
        if (settings.budget != 0 && wsp_exact_workspace_size(p, settings.budget, &enough, nullptr) == WSP_OK &&
            enough < bytes)
            bytes = enough;
    }
    if (bytes >= minimum) return true;
    if (settings.memory_mib == 0) {
        bytes = minimum;
        return true;
    }
    return analysis_fail(error, "exact", WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE,
                         "the exact solver needs at least " + std::to_string((minimum + (1u << 20) - 1) >> 20) +
                             " MiB for this problem (its search stack and witness check)");
}

void exact_job(const ExactSettings &settings, const wsp_problem *p, size_t bytes, ExactRun &run,
               wsp_host_exact_job &job) {
    run.warps = wsp_problem_warps(p);
    run.memory = bytes;
    run.witness.assign(static_cast<size_t>(run.warps) * wsp_problem_length(p), 0);
    job = wsp_host_exact_job{};
    job.problem = p;
    job.options.control.budget = settings.budget;
    job.memory = bytes;
    job.seconds = settings.seconds;
    job.witness = run.witness.data();
    job.witness_length = run.witness.size();
}

bool exact_collect(const wsp_host_exact_job &job, ExactRun &run, AnalysisError &error) {
    if (job.status != WSP_OK) return analysis_fail(error, "exact", job.status, job.diag);
    run.result = job.result;
    run.seconds = job.elapsed;
    return true;
}

bool run_exact(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, ExactRun &run,
               AnalysisError &error) {
    size_t bytes = 0;
    if (!exact_memory(request.exact_settings, a.problem, 1, bytes, error)) return false;
    wsp_host_exact_job job;
    exact_job(request.exact_settings, a.problem, bytes, run, job);
    if (a.witness) {  // the best schedule so far (a given witness, the annealer's) is a head start
        job.options.initial = a.witness->string.data();
        job.options.initial_length = a.witness->string.size();
    }
    job.options.control.progress = observe_exact;
    job.options.control.context = observer;
    job.options.control.interval = kObserveInterval;
    wsp_host_run_options o{};
    o.threads = request.exact_settings.threads;  // the spare threads help the one job
    wsp_diag d{};
    observer->begin("exact");
    const wsp_status st = wsp_host_exact_run(&job, 1, &o, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "exact", st, d);
    return exact_collect(job, run, error);
}

bool run_estimate(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, Estimate &e,
                  AnalysisError &error) {
    const uint32_t W = wsp_problem_warps(a.problem);
    e.x = request.estimate_x != 0 ? request.estimate_x : (W < 4 ? W : 4);
    if (e.x > W)
        return analysis_fail(error, "estimate", WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_X,
                             std::to_string(e.x) + " exceeds the warp count " + std::to_string(W) +
                                 " (the estimate uses T(y) for y <= x <= W)");
    // T(1..x): independent solves, run in parallel. Without a memory setting the default memory is
    // shared by the solves that run at once.
    std::vector<std::vector<uint64_t>> storage(e.x);
    std::vector<wsp_problem *> problems(e.x, nullptr);
    std::vector<wsp_host_exact_job> jobs(e.x);
    unsigned at_once = request.estimate_threads != 0 ? request.estimate_threads : std::thread::hardware_concurrency();
    if (at_once == 0) at_once = 1;
    if (at_once > e.x) at_once = e.x;
    e.terms.assign(e.x, ExactRun{});
    for (uint32_t y = 1; y <= e.x; ++y) {
        if (!make_problem(request.kernel, y, a.sm, storage[y - 1], problems[y - 1], error)) {
            error.status = WSP_ERR_INTERNAL;  // T(W)'s problem was valid, so T(y)'s must be
            return false;
        }
        size_t bytes = 0;
        if (!exact_memory(request.exact_settings, problems[y - 1], at_once, bytes, error)) return false;
        exact_job(request.exact_settings, problems[y - 1], bytes, e.terms[y - 1], jobs[y - 1]);
        jobs[y - 1].options.control.progress = observe_stop;
        jobs[y - 1].options.control.context = observer;
        jobs[y - 1].options.control.interval = kObserveInterval;
    }
    const wsp_host_run_options o = observed_run(request.estimate_threads, 0, observer);
    wsp_diag d{};
    observer->begin("estimate");
    const wsp_status st = wsp_host_exact_run(jobs.data(), jobs.size(), &o, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "estimate", st, d);
    std::vector<uint32_t> t(e.x);
    for (uint32_t y = 1; y <= e.x; ++y) {
        ExactRun &run = e.terms[y - 1];
        if (!exact_collect(jobs[y - 1], run, error)) return false;
        if (run.result.stop != WSP_STOP_FINISHED) e.complete = false;
        t[y - 1] = run.result.upper;  // == T(y) when optimal
    }
    if (wsp_estimate_compute(W, t.data(), e.x, &e.value, &e.y, &d) != WSP_OK)
        return analysis_fail(error, "estimate", WSP_ERR_INTERNAL, d);
    return true;
}

}  // namespace host
}  // namespace wsp
