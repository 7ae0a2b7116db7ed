// The annealing method (analysis.hpp): paper 003's multi-start simulated annealing through
// wsp_host_anneal_run (threads, a shared deadline), with the improvements recorded for convergence
// plots and, given only a time budget, the iterations fitted to it.
#include <algorithm>
#include <cmath>
#include <thread>

#include "host/analysis/analysis.hpp"

namespace wsp {
namespace host {
namespace {

struct EventSink {
    uint32_t instance;
    std::vector<AnnealEvent> events;
};

void record(void *context, uint64_t iteration, double seconds, uint32_t best) {
    EventSink *sink = static_cast<EventSink *>(context);
    sink->events.push_back(AnnealEvent{sink->instance, iteration, seconds, best});
}

// With a time budget and no iteration count: iterations per restart such that every restart runs its
// whole cooling schedule within the time, from the speed of a short trial run. The count is reported,
// so the run can be repeated exactly with it.
uint64_t calibrated_iterations(const wsp_problem *p, uint32_t moves, double seconds, size_t restarts,
                               unsigned threads) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    std::vector<uint32_t> witness(n);
    wsp_host_anneal_job job{};
    job.problem = p;
    job.options.iterations = 20000;
    job.options.moves = moves;
    job.options.policy = WSP_POLICY_RANDOM;  // no early stop at a proven optimum
    job.witness = witness.data();
    job.witness_length = n;
    wsp_host_run_options o{};
    o.threads = 1;
    o.seconds = seconds / 10;
    const double start = wsp_host_seconds();
    wsp_host_anneal_run(&job, 1, &o, nullptr);
    const double spent = wsp_host_seconds() - start;
    if (job.status != WSP_OK || job.result.iterations == 0 || spent <= 0) return 1000;
    const double rate = static_cast<double>(job.result.iterations) / spent;
    unsigned lanes = threads != 0 ? threads : std::thread::hardware_concurrency();
    if (lanes == 0) lanes = 1;
    const double rounds = std::ceil(static_cast<double>(restarts) / lanes);
    const double iterations = 0.8 * rate * (seconds - spent) / rounds;  // 20% slack for other load
    return iterations < 1000 ? 1000 : static_cast<uint64_t>(iterations);
}

}  // namespace

void anneal_jobs(const AnnealSettings &s, const wsp_problem *p, AnnealRun &run, std::vector<wsp_host_anneal_job> &jobs) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    // Restarts: by default one per kind of initial solution (paper 003 runs several kinds side by
    // side); with `init`, all restarts start from that kind, each with its own seed.
    const size_t restarts = s.restarts != 0 ? s.restarts : s.init >= 0 ? 1u : size_t{WSP_POLICY_COUNT};
    run.t0 = s.t0;
    run.moves = s.moves;
    run.instances.assign(restarts, AnnealInstance{});
    jobs.assign(restarts, wsp_host_anneal_job{});
    for (size_t k = 0; k < restarts; ++k) {
        AnnealInstance &inst = run.instances[k];
        inst.init = s.init >= 0 ? static_cast<uint32_t>(s.init) : static_cast<uint32_t>(k % WSP_POLICY_COUNT);
        inst.seed = s.seed + k;
        inst.witness.assign(n, 0);
        wsp_host_anneal_job &job = jobs[k];
        job.problem = p;
        job.options.iterations = run.iterations;
        job.options.t0 = run.t0;
        job.options.seed = inst.seed;
        job.options.policy = inst.init;
        job.options.moves = run.moves;
        job.witness = inst.witness.data();
        job.witness_length = n;
    }
}

bool anneal_collect(const wsp_host_anneal_job *jobs, size_t count, AnnealRun &run, AnalysisError &error) {
    for (size_t k = 0; k < count; ++k) {
        const wsp_host_anneal_job &job = jobs[k];
        AnnealInstance &inst = run.instances[k];
        if (job.status != WSP_OK) return analysis_fail(error, "anneal", job.status, job.diag);
        inst.result = job.result;
        inst.seconds = job.elapsed;
        run.timed_out = run.timed_out || job.result.stop == WSP_STOP_TIME;
        run.iterations_done += job.result.iterations;
        if (inst.result.iterations == 0 && job.result.stop == WSP_STOP_TIME) continue;  // skipped: no time left
        if (inst.result.lower > run.lower) {
            run.lower = inst.result.lower;
            run.best = k;
        }
    }
    if (run.lower == 0)
        return analysis_fail(error, "anneal", WSP_ERR_RANGE, WSP_FIELD_SECONDS,
                             "the time budget left no time for a single restart");
    return true;
}

bool run_anneal(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, AnnealRun &run,
                AnalysisError &error) {
    const AnnealSettings &s = request.anneal_settings;
    const double start = wsp_host_seconds();
    double seconds = s.seconds;
    const size_t restarts = s.restarts != 0 ? s.restarts : s.init >= 0 ? 1u : size_t{WSP_POLICY_COUNT};
    if (s.iterations != 0) {
        run.iterations = s.iterations;
    } else if (s.seconds > 0) {
        run.iterations = calibrated_iterations(a.problem, s.moves, seconds, restarts, s.threads);
        run.calibrated = true;
        seconds -= wsp_host_seconds() - start;
        if (seconds <= 0) seconds = 1e-3;
    } else {
        run.iterations = WSP_ANNEAL_DEFAULT_ITERATIONS;
    }
    std::vector<wsp_host_anneal_job> jobs;
    anneal_jobs(s, a.problem, run, jobs);
    std::vector<EventSink> sinks(jobs.size());
    for (size_t k = 0; k < jobs.size(); ++k) {
        sinks[k].instance = static_cast<uint32_t>(k);
        if (s.record) {
            jobs[k].on_best = record;
            jobs[k].on_best_context = &sinks[k];
        }
        jobs[k].options.control.progress = observe_stop;
        jobs[k].options.control.context = observer;
        jobs[k].options.control.interval = kObserveInterval;
    }
    const wsp_host_run_options o = observed_run(s.threads, seconds, observer);
    wsp_diag d{};
    observer->begin("anneal");
    const wsp_status st = wsp_host_anneal_run(jobs.data(), jobs.size(), &o, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "anneal", st, d);
    run.seconds = wsp_host_seconds() - start;
    if (!anneal_collect(jobs.data(), jobs.size(), run, error)) return false;
    for (const EventSink &sink : sinks) run.events.insert(run.events.end(), sink.events.begin(), sink.events.end());
    std::stable_sort(run.events.begin(), run.events.end(), [](const AnnealEvent &x, const AnnealEvent &y) {
        return x.instance != y.instance ? x.instance < y.instance : x.iteration < y.iteration;
    });
    return true;
}

const char *anneal_stop_name(const AnnealRun &run) {
    bool cancelled = false;
    for (const AnnealInstance &i : run.instances) {
        if (i.result.stop == WSP_STOP_FINISHED && i.result.lower == i.result.upper) return "optimal";
        cancelled = cancelled || i.result.stop == WSP_STOP_CANCELLED;
    }
    return cancelled ? "cancelled" : run.timed_out ? "time" : "iterations";
}

}  // namespace host
}  // namespace wsp
