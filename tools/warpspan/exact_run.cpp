#include "exact_run.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>
#include <thread>

#include "warpspan_host.h"

namespace wsp_cli {

namespace {

// The progress line: after the first second, at most twice a second, on a terminal only.
struct ProgressLine {
    double start = 0;
    double last = 0;
    bool shown = false;
    uint32_t warps = 0;
};

uint32_t show_progress(void *context, const wsp_progress *pr) {
    ProgressLine *line = static_cast<ProgressLine *>(context);
    const double now = wsp_host_seconds();
    if (now - line->start < 1.0 || now - line->last < 0.5) return 0;
    line->last = now;
    line->shown = true;
    std::fprintf(stderr,
                 "\r\033[Kexact: T(%u) in [%u, %u], testing >= %u; %llu states expanded, %llu stored "
                 "(%.0f%% of the table); %.1f s",
                 line->warps, pr->lower, pr->upper, pr->current,
                 static_cast<unsigned long long>(pr->work),
                 static_cast<unsigned long long>(pr->stored),
                 pr->capacity ? 100.0 * static_cast<double>(pr->stored) / static_cast<double>(pr->capacity) : 0.0,
                 now - line->start);
    std::fflush(stderr);
    return 0;
}

// Sizes the workspace from --memory (MiB) or the default (`share` of kDefaultMemoryMiB, and no more
// than --budget states can fill), never below what the solver needs.
bool memory_for(const Settings &s, const wsp_problem *p, unsigned share, size_t &bytes, Error &error) {
    size_t minimum = 0;
    if (wsp_exact_workspace_size(p, 0, &minimum, nullptr) != WSP_OK) {
        error = {kExitInput, "exact: the problem is too large for this machine's address space"};
        return false;
    }
    const uint64_t mib = s.memory ? *s.memory : kDefaultMemoryMiB;
    if (mib > (SIZE_MAX >> 20)) {
        error = {kExitInput, "--memory: " + std::to_string(mib) + " MiB does not fit this machine"};
        return false;
    }
    bytes = static_cast<size_t>(mib << 20);
    if (!s.memory) {
        bytes /= share;
        // An expansion stores at most one state: a budget of N states never needs a larger table.
        size_t enough = 0;
        if (s.budget && wsp_exact_workspace_size(p, *s.budget, &enough, nullptr) == WSP_OK && enough < bytes)
            bytes = enough;
    }
    if (bytes < minimum) {
        if (s.memory) {
            error = {kExitInput, "--memory: the exact solver needs at least " +
                                     std::to_string((minimum + (1u << 20) - 1) >> 20) +
                                     " MiB for this problem (its search stack and witness check)"};
            return false;
        }
        bytes = minimum;
    }
    return true;
}

void fill_job(const Settings &s, const wsp_problem *p, size_t bytes, ExactRun &run,
              wsp_host_exact_job &job) {
    run.warps = wsp_problem_warps(p);
    run.memory = bytes;
    run.witness.assign(static_cast<size_t>(run.warps) * wsp_problem_length(p), 0);
    job = wsp_host_exact_job{};
    job.problem = p;
    job.options.control.budget = s.budget ? *s.budget : 0;
    job.memory = bytes;
    job.seconds = s.timeout ? *s.timeout : 0;
    job.witness = run.witness.data();
    job.witness_length = run.witness.size();
}

bool collect(const wsp_host_exact_job &job, ExactRun &run, Error &error) {
    if (job.status != WSP_OK) {
        error = method_error("exact", job.status, job.diag);
        return false;
    }
    run.result = job.result;
    run.timed_out = job.result.stop == WSP_STOP_TIME;
    run.seconds = job.elapsed;
    return true;
}

}  // namespace

const char *exact_status_name(const wsp_exact_result &r) {
    return r.stop == WSP_STOP_FINISHED ? "optimal" : "budget";
}

const char *exact_stop_reason(const ExactRun &run) {
    switch (run.result.stop) {
        case WSP_STOP_FINISHED: return nullptr;
        case WSP_STOP_BUDGET: return "states";
        case WSP_STOP_MEMORY: return "memory";
        case WSP_STOP_TIME: return "time";
        default: return "cancelled";
    }
}

bool run_exact(const Settings &s, const Analysis &a, ExactRun &run, Error &error) {
    size_t bytes = 0;
    if (!memory_for(s, a.problem, 1, bytes, error)) return false;
    wsp_host_exact_job job;
    fill_job(s, a.problem, bytes, run, job);
    if (a.witness) {  // the best schedule so far (--witness, anneal) is a head start
        job.options.initial = a.witness->string.data();
        job.options.initial_length = a.witness->string.size();
    }
    ProgressLine line;
    line.start = wsp_host_seconds();
    line.warps = run.warps;
    if (!s.quiet && isatty(STDERR_FILENO)) {
        job.options.control.progress = show_progress;
        job.options.control.context = &line;
        job.options.control.interval = 16384;
    }
    wsp_host_run_options o{};
    o.threads = 1;
    wsp_diag d{};
    if (wsp_host_exact_run(&job, 1, &o, &d) != WSP_OK) {
        error = method_error("exact", d.status, d);
        return false;
    }
    if (line.shown) std::fprintf(stderr, "\r\033[K");
    return collect(job, run, error);
}

bool run_estimate(const Settings &s, const Analysis &a, Estimate &e, Error &error) {
    const uint32_t W = wsp_problem_warps(a.problem);
    e.x = s.x ? static_cast<uint32_t>(*s.x) : (W < 4 ? W : 4);
    if (s.x && *s.x > W) {
        error = {kExitInput, "--x: " + std::to_string(*s.x) + " exceeds the warp count " +
                                 std::to_string(W) + " (the estimate uses T(y) for y <= x <= W)"};
        return false;
    }
    // T(1..x): independent solves, run in parallel on the host.
    std::vector<std::vector<uint64_t>> storage(e.x);
    std::vector<wsp_problem *> problems(e.x, nullptr);
    std::vector<wsp_host_exact_job> jobs(e.x);
    // Without --memory the default memory is shared by the solves that run at once.
    const unsigned threads = s.threads ? static_cast<unsigned>(*s.threads) : 0u;
    unsigned at_once = threads != 0 ? threads : std::thread::hardware_concurrency();
    if (at_once == 0) at_once = 1;
    if (at_once > e.x) at_once = e.x;
    e.terms.assign(e.x, ExactRun{});
    for (uint32_t y = 1; y <= e.x; ++y) {
        size_t size = 0;
        wsp_diag d{};
        const char *kernel = s.kernel->value.c_str();
        wsp_status st = wsp_problem_workspace_size(kernel, y, &a.sm, &size, &d);
        if (st == WSP_OK) {
            storage[y - 1] = workspace(size);
            st = wsp_problem_init(kernel, y, &a.sm, storage[y - 1].data(), size, &problems[y - 1], &d);
        }
        if (st != WSP_OK) {
            error = {kExitInternal, std::string("internal: estimate: ") + d.message};
            return false;
        }
        size_t bytes = 0;
        if (!memory_for(s, problems[y - 1], at_once, bytes, error)) return false;
        fill_job(s, problems[y - 1], bytes, e.terms[y - 1], jobs[y - 1]);
    }
    wsp_host_run_options o{};
    o.threads = threads;
    wsp_diag d{};
    if (wsp_host_exact_run(jobs.data(), jobs.size(), &o, &d) != WSP_OK) {
        error = method_error("estimate", d.status, d);
        return false;
    }
    std::vector<uint32_t> t(e.x);
    for (uint32_t y = 1; y <= e.x; ++y) {
        ExactRun &run = e.terms[y - 1];
        if (!collect(jobs[y - 1], run, error)) return false;
        if (run.result.stop != WSP_STOP_FINISHED) e.complete = false;
        t[y - 1] = run.result.upper;  // == T(y) when optimal
    }
    if (wsp_estimate_compute(W, t.data(), e.x, &e.value, &e.y, nullptr) != WSP_OK) {
        error = {kExitInternal, "internal: estimate: bad arguments"};
        return false;
    }
    return true;
}

}  // namespace wsp_cli
