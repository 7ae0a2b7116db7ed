// Several exact solves at once (for tables and the estimate's T(1..x)): the core is single-threaded
// and allocation-free; parallelism and heap memory live here, on the host only.
#include <cmath>
#include <cstdlib>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <vector>

#include "host/exact/parallel_exact.hpp"
#include "host/jobs/pool.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace {

using wsp::host::Live;
using wsp::host::RunSettings;

constexpr uint64_t kDefaultMemory = uint64_t{64} << 20;
constexpr uint64_t kClockInterval = 4096;  // at most this many expansions between deadline checks
// Spaced by work (issue 18): an expansion costs about W + I (a key of W positions, a frame of up to
// min(W, I) groups), so about 2^20 such steps between clock reads, at least one per expansion.
constexpr uint64_t kClockSteps = uint64_t{1} << 20;

uint64_t clock_interval(const wsp_problem *p) {
    const uint64_t cost = uint64_t{wsp_problem_warps(p)} + wsp_problem_length(p);
    const uint64_t n = cost != 0 ? kClockSteps / cost : kClockInterval;
    return n < 1 ? 1 : n > kClockInterval ? kClockInterval : n;
}

// Memory for a workspace. On Linux: fresh anonymous pages, mapped lazily (the table grows into them
// only as the search needs) and asked for as transparent huge pages, because the table is read at
// random and small pages would make nearly every lookup a TLB miss. Elsewhere: calloc.
struct ZeroMemory {
    explicit ZeroMemory(size_t bytes) : size(bytes) {
#if defined(__linux__)
        void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            madvise(p, bytes, MADV_HUGEPAGE);  // advice only: fine if refused
            data = p;
            mapped = true;
            return;
        }
#endif
        data = std::calloc(1, bytes);  // aligned for every scalar type: >= WSP_WORKSPACE_ALIGN
    }
    ~ZeroMemory() {
#if defined(__linux__)
        if (mapped) {
            munmap(data, size);
            return;
        }
#endif
        std::free(data);
    }
    ZeroMemory(const ZeroMemory &) = delete;
    ZeroMemory &operator=(const ZeroMemory &) = delete;
    void *data = nullptr;
    size_t size;
    bool mapped = false;
};

// Wraps the caller's progress callback: feeds the monitor, checks the deadline at every call,
// forwards at the caller's own interval.
struct Watch {
    wsp_host_exact_job *job;
    Live *live;
    double deadline;  // 0 = none
    uint64_t user_interval;
    uint64_t next_user;
};

uint32_t on_progress(void *context, const wsp_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    w->live->work.store(pr->work, std::memory_order_relaxed);
    w->live->lower.store(pr->lower, std::memory_order_relaxed);
    if (w->deadline > 0 && wsp_host_seconds() >= w->deadline) return WSP_STOP_TIME;
    const wsp_control &user = w->job->options.control;
    if (user.progress != nullptr && pr->work >= w->next_user) {
        w->next_user = pr->work + w->user_interval;
        return user.progress(user.context, pr);
    }
    return 0;
}

// `threads` searchers for the job (spare threads of the call, when it has fewer jobs than threads).
// A work budget counts the main thread's expansions in the core's order: with helpers it would
// depend on their timing, so a job with one runs single-threaded, as it does in the core.
void run_one(wsp_host_exact_job &job, Live &live, const RunSettings &settings, uint32_t threads) {
    const double start = wsp_host_seconds();
    job.result = wsp_exact_result{};
    job.elapsed = 0;
    double deadline = job.seconds > 0 ? start + job.seconds : 0.0;
    if (settings.deadline > 0 && (deadline == 0 || settings.deadline < deadline)) deadline = settings.deadline;
    if (settings.deadline > 0 && start >= settings.deadline) {  // no time left: skipped
        job.status = wsp::ok(&job.diag);
        job.result.stop = WSP_STOP_TIME;
        return;
    }
    const uint64_t memory = job.memory != 0 ? job.memory : kDefaultMemory;
    if (memory > static_cast<uint64_t>(static_cast<size_t>(-1))) {
        job.status = wsp::fail(&job.diag, WSP_ERR_ALLOCATION, WSP_FIELD_WORKSPACE,
                               "the memory budget does not fit in this address space");
        return;
    }
    const size_t bytes = static_cast<size_t>(memory);
    Watch watch{&job, &live, deadline, wsp::progress_interval(job.options.control), 0};
    watch.next_user = watch.user_interval;
    wsp_exact_options o = job.options;
    if (deadline > 0 || settings.monitor != nullptr || job.options.control.progress != nullptr) {
        o.control.progress = on_progress;
        o.control.context = &watch;
        const uint64_t clock = clock_interval(job.problem);
        o.control.interval = (deadline > 0 || settings.monitor != nullptr) && watch.user_interval > clock
                                 ? clock
                                 : watch.user_interval;
    }
    ZeroMemory ws(bytes);
    if (ws.data == nullptr) {
        job.status = wsp::fail(&job.diag, WSP_ERR_ALLOCATION, WSP_FIELD_WORKSPACE,
                               "the workspace could not be allocated");
        return;
    }
    if (threads > 1 && job.options.control.budget == 0)
        job.status = wsp::host::parallel_exact_solve(job.problem, &o, ws.data, bytes, threads, job.witness,
                                                     static_cast<size_t>(job.witness_length), &job.result, &job.diag);
    else
        job.status = wsp_exact_solve(job.problem, &o, ws.data, bytes, job.witness,
                                     static_cast<size_t>(job.witness_length), &job.result, &job.diag);
    if (job.status == WSP_OK) {
        live.work = job.result.expanded;
        live.lower = job.result.lower;
    }
    job.elapsed = wsp_host_seconds() - start;
}

}  // namespace

extern "C" wsp_status wsp_host_exact_run(wsp_host_exact_job *jobs, size_t count,
                                         const wsp_host_run_options *options, wsp_diag *diag) {
    if (jobs == nullptr && count > 0) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_JOB, "no jobs");
    RunSettings settings;
    wsp_status st = wsp::host::check_run_options(options, count, &settings, diag);
    if (st != WSP_OK) return st;
    // The jobs' own inputs the runner reads (the core checks the options).
    for (size_t k = 0; k < count; ++k) {
        wsp_host_exact_job &job = jobs[k];
        // The job's reserved words follow its options' 12 in memory order: 13..20.
        st = wsp::check_reserved(job.reserved, 13, "the job", &job.diag);
        if (st != WSP_OK) {
            job.status = st;
            return wsp::host::job_error(diag, st, k, job.diag.message);
        }
        if (!std::isfinite(job.seconds) || job.seconds < 0) {
            job.status = wsp::fail(&job.diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, "seconds must be a finite number >= 0");
            return wsp::host::job_error(diag, WSP_ERR_RANGE, k, job.diag.message);
        }
    }
    std::vector<Live> live(count);
    const uint32_t per_job = count > 0 && settings.asked > count ? static_cast<uint32_t>(settings.asked / count) : 1u;
    wsp::host::run_pool(count, settings, live, [&](size_t k) { run_one(jobs[k], live[k], settings, per_job); });
    return wsp::ok(diag);
}
