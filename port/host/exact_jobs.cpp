// Several exact solves at once (for tables and the estimate's T(1..x)): the core is single-threaded
// and allocation-free; parallelism and heap memory live here, on the host only.
#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

#include "warpspan_host.h"

namespace {

constexpr size_t kDefaultWorkspace = size_t{64} << 20;
constexpr size_t kFirstWorkspace = size_t{16} << 20;
constexpr size_t kGrowth = 4;
constexpr uint64_t kClockInterval = 4096;  // expansions between deadline checks

// Wraps the caller's progress callback: checks the deadline at every call, forwards at the
// caller's own interval.
struct Watch {
    wsp_host_exact_job *job;
    double deadline;  // 0 = none
    uint64_t user_interval;
    uint64_t next_user;
};

int on_progress(void *context, const wsp_exact_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    if (w->deadline > 0 && wsp_host_seconds() >= w->deadline) {
        w->job->timed_out = 1;
        return 1;
    }
    const wsp_exact_options &user = w->job->options;
    if (user.progress != nullptr && pr->expanded >= w->next_user) {
        w->next_user = pr->expanded + w->user_interval;
        if (user.progress(user.context, pr) != 0) return 1;
    }
    return 0;
}

// A table much larger than the search needs is slow (every state lands on its own page), so the
// solve starts small and, when the table fills, starts again with more memory, up to the
// job's budget (four times the memory each time). Each restart begins from the best schedule found so far, and the budgets in states
// and seconds cover all attempts together; the expansions reported are the total.
void run_one(wsp_host_exact_job &job) {
    const double start = wsp_host_seconds();
    job.timed_out = 0;
    const size_t most = job.workspace_size != 0 ? job.workspace_size : kDefaultWorkspace;
    const size_t least = wsp_exact_workspace_size(job.problem, 0);
    size_t bytes = least > kFirstWorkspace ? least : kFirstWorkspace;
    if (bytes > most) bytes = most;
    Watch watch{&job, job.seconds > 0 ? start + job.seconds : 0.0,
                job.options.progress_interval != 0 ? job.options.progress_interval : 65536u, 0};
    watch.next_user = watch.user_interval;
    wsp_exact_options o = job.options;
    o.workspace_is_zero = 1;
    if (job.seconds > 0 || job.options.progress != nullptr) {
        o.progress = on_progress;
        o.context = &watch;
        o.progress_interval = job.seconds > 0 && watch.user_interval > kClockInterval
                                  ? kClockInterval
                                  : watch.user_interval;
    }
    uint64_t spent = 0;
    for (;;) {
        // calloc aligns for every scalar type (>= WSP_WORKSPACE_ALIGN) and hands out zeroed
        // memory, which the solver is told so it need not clear the table.
        void *ws = std::calloc(1, bytes);
        if (ws == nullptr) {
            job.status = WSP_ERR_WORKSPACE_SIZE;
            job.diag = wsp_diag{};
            job.diag.status = job.status;
            break;
        }
        job.status = wsp_exact_solve(job.problem, &o, ws, bytes, job.witness, job.witness_length,
                                     &job.result, &job.diag);
        std::free(ws);
        if (job.status != WSP_OK) break;
        spent += job.result.expanded;
        job.result.expanded = spent;
        if (job.result.status != WSP_EXACT_MEMORY || bytes >= most) break;
        if (job.options.max_expansions != 0) {
            if (spent >= job.options.max_expansions) {
                job.result.status = WSP_EXACT_BUDGET;
                break;
            }
            o.max_expansions = job.options.max_expansions - spent;
        }
        bytes = bytes > most / kGrowth ? most : kGrowth * bytes;
        o.initial = job.witness;  // the best schedule so far: a head start
        o.initial_length = job.witness_length;
    }
    job.elapsed = wsp_host_seconds() - start;
}

}  // namespace

extern "C" wsp_status wsp_host_exact_run(wsp_host_exact_job *jobs, size_t count, unsigned threads) {
    if (jobs == nullptr && count > 0) return WSP_ERR_NULL_ARGUMENT;
    if (threads == 0) threads = std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    if (threads > count) threads = static_cast<unsigned>(count);
    std::atomic<size_t> next{0};
    auto worker = [&]() {
        for (size_t k; (k = next.fetch_add(1)) < count;) run_one(jobs[k]);
    };
    std::vector<std::thread> pool;
    try {
        for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    } catch (...) {
        // Fewer threads than asked (the system refused one): the jobs still all run.
    }
    worker();
    for (std::thread &t : pool) t.join();
    return WSP_OK;
}
