#include "anneal_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include "analysis.hpp"
#include "warpspan_host.h"

namespace wsp_cli {

namespace {

const char *const kInitNames[WSP_POLICY_COUNT] = {
    "round-robin", "fixed-priority", "most-pending", "random", "least-progress", "starve"};

// The progress line: after the first second, on a terminal only (the monitor runs every 0.5 s).
struct ProgressLine {
    bool enabled = false, shown = false;
};

void show_progress(void *context, const wsp_host_monitor_status *s) {
    ProgressLine *line = static_cast<ProgressLine *>(context);
    if (!line->enabled || s->elapsed < 1.0 || s->finished == s->count) return;
    line->shown = true;
    std::fprintf(stderr, "\r\033[Kanneal: best %u; %.2f M iterations/s; %zu of %zu restarts done; %.1f s",
                 s->lower, s->elapsed > 0 ? static_cast<double>(s->work) / s->elapsed / 1e6 : 0.0,
                 static_cast<size_t>(s->finished), static_cast<size_t>(s->count), s->elapsed);
    std::fflush(stderr);
}

struct EventSink {
    uint32_t instance;
    std::vector<AnnealEvent> events;
};

void record(void *context, uint64_t iteration, double seconds, uint32_t best) {
    EventSink *sink = static_cast<EventSink *>(context);
    sink->events.push_back(AnnealEvent{sink->instance, iteration, seconds, best});
}

// With --timeout and no --iterations: iterations per restart such that every restart runs its whole
// cooling schedule within the time, from the speed of a short trial run. The count is reported, so
// the run can be repeated exactly with --iterations.
uint64_t calibrated_iterations(const wsp_problem *p, uint32_t moves, double seconds,
                               size_t restarts, unsigned threads) {
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
    const double left = seconds - spent;
    const double iterations = 0.8 * rate * left / rounds;  // 20% slack for other load
    return iterations < 1000 ? 1000 : static_cast<uint64_t>(iterations);
}

}  // namespace

const char *init_name(uint32_t init) {
    const unsigned k = static_cast<unsigned>(init);
    return k < WSP_POLICY_COUNT ? kInitNames[k] : "?";
}

bool init_from_name(const std::string &name, uint32_t &init) {
    for (unsigned k = 0; k < WSP_POLICY_COUNT; ++k)
        if (name == kInitNames[k]) {
            init = static_cast<uint32_t>(k);
            return true;
        }
    return false;
}

const char *moves_name(uint32_t moves) {
    return moves == WSP_MOVES_LOCAL ? "local" : "uniform";
}

const char *anneal_stop_reason(const AnnealRun &run) {
    for (const AnnealInstance &i : run.instances)
        if (i.result.stop == WSP_STOP_FINISHED && i.result.lower == i.result.upper) return "optimal";
    return run.timed_out ? "time" : "iterations";
}

bool run_anneal(const Settings &s, const Analysis &a, AnnealRun &run, Error &error) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem);
    // Restarts: by default one per kind of initial solution (paper 003 runs several kinds side by
    // side); with --init, all restarts start from that kind, each with its own seed.
    const size_t restarts = s.restarts ? static_cast<size_t>(*s.restarts) : (s.init ? 1u : WSP_POLICY_COUNT);
    const uint64_t seed = s.seed ? *s.seed : 1u;
    run.t0 = s.t0 ? *s.t0 : WSP_ANNEAL_DEFAULT_T0;
    run.moves = s.moves ? *s.moves : uint32_t{WSP_MOVES_UNIFORM};
    run.threads = s.threads ? static_cast<unsigned>(*s.threads) : 0u;
    const double start = wsp_host_seconds();
    double seconds = s.timeout ? *s.timeout : 0.0;
    if (s.iterations) {
        run.iterations = *s.iterations;
    } else if (s.timeout) {
        run.iterations = calibrated_iterations(a.problem, run.moves, seconds, restarts, run.threads);
        run.calibrated = true;
        seconds -= wsp_host_seconds() - start;
        if (seconds <= 0) seconds = 1e-3;
    } else {
        run.iterations = WSP_ANNEAL_DEFAULT_ITERATIONS;
    }
    run.instances.assign(restarts, AnnealInstance{});
    std::vector<EventSink> sinks(restarts);
    std::vector<wsp_host_anneal_job> jobs(restarts);
    for (size_t k = 0; k < restarts; ++k) {
        AnnealInstance &inst = run.instances[k];
        inst.init = s.init ? *s.init : static_cast<uint32_t>(k % WSP_POLICY_COUNT);
        inst.seed = seed + k;
        inst.witness.assign(n, 0);
        sinks[k].instance = static_cast<uint32_t>(k);
        wsp_host_anneal_job &job = jobs[k];
        job = wsp_host_anneal_job{};
        job.problem = a.problem;
        job.options.iterations = run.iterations;
        job.options.t0 = run.t0;
        job.options.seed = inst.seed;
        job.options.policy = inst.init;
        job.options.moves = run.moves;
        job.witness = inst.witness.data();
        job.witness_length = n;
        job.on_best = record;
        job.on_best_context = &sinks[k];
    }
    ProgressLine line;
    line.enabled = !s.quiet && isatty(STDERR_FILENO);
    wsp_host_run_options o{};
    o.threads = run.threads;
    o.seconds = seconds;
    o.monitor = show_progress;
    o.context = &line;
    o.monitor_interval = 0.5;
    wsp_diag d{};
    if (wsp_host_anneal_run(jobs.data(), jobs.size(), &o, &d) != WSP_OK) {
        error = method_error("anneal", d.status, d);
        return false;
    }
    run.seconds = wsp_host_seconds() - start;
    if (line.shown) std::fprintf(stderr, "\r\033[K");
    for (size_t k = 0; k < restarts; ++k) {
        const wsp_host_anneal_job &job = jobs[k];
        AnnealInstance &inst = run.instances[k];
        if (job.status != WSP_OK) {
            error = method_error("anneal", job.status, job.diag);
            return false;
        }
        inst.result = job.result;
        inst.timed_out = job.result.stop == WSP_STOP_TIME;
        inst.seconds = job.elapsed;
        run.timed_out = run.timed_out || inst.timed_out;
        run.iterations_done += job.result.iterations;
        if (inst.result.iterations == 0 && inst.timed_out) continue;  // skipped: no time left
        if (inst.result.lower > run.lower) {
            run.lower = inst.result.lower;
            run.best = k;
        }
        run.events.insert(run.events.end(), sinks[k].events.begin(), sinks[k].events.end());
    }
    std::stable_sort(run.events.begin(), run.events.end(), [](const AnnealEvent &x, const AnnealEvent &y) {
        return x.instance != y.instance ? x.instance < y.instance : x.iteration < y.iteration;
    });
    if (run.lower == 0) {
        error = {kExitInput, "anneal: --timeout left no time for a single restart"};
        return false;
    }
    return true;
}

}  // namespace wsp_cli
