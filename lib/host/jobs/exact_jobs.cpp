// Several exact solves at once (for tables and the estimate's T(1..x)): the core is single-threaded
// and allocation-free; parallelism and heap memory live here, on the host only.
#include <atomic>
#include <cstdlib>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <thread>
#include <vector>

#include "warpspan_host.h"

namespace {

constexpr size_t kDefaultWorkspace = size_t{64} << 20;
constexpr uint64_t kClockInterval = 4096;  // expansions between deadline checks

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

void run_one(wsp_host_exact_job &job) {
    const double start = wsp_host_seconds();
    job.timed_out = 0;
    const size_t bytes = job.workspace_size != 0 ? job.workspace_size : kDefaultWorkspace;
    Watch watch{&job, job.seconds > 0 ? start + job.seconds : 0.0,
                job.options.progress_interval != 0 ? job.options.progress_interval : 65536u, 0};
    watch.next_user = watch.user_interval;
    wsp_exact_options o = job.options;
    if (job.seconds > 0 || job.options.progress != nullptr) {
        o.progress = on_progress;
        o.context = &watch;
        o.progress_interval = job.seconds > 0 && watch.user_interval > kClockInterval
                                  ? kClockInterval
                                  : watch.user_interval;
    }
    ZeroMemory ws(bytes);
    if (ws.data == nullptr) {
        job.status = WSP_ERR_WORKSPACE_SIZE;
        job.diag = wsp_diag{};
        job.diag.status = job.status;
        job.elapsed = 0;
        return;
    }
    job.status = wsp_exact_solve(job.problem, &o, ws.data, bytes, job.witness, job.witness_length,
                                 &job.result, &job.diag);
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
