// Multi-start annealing on the host (paper 003 section VIII): independent jobs with their own seeds
// and initial solutions on a pool of threads, a shared deadline, and a monitor on the calling thread
// for a progress line. The core stays single-threaded and allocation-free; threads, clocks and heap
// memory live here.
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

#include "warpspan_host.h"

namespace {

constexpr uint64_t kClockInterval = 4096;  // iterations between deadline checks

// What the monitor reads while a job runs.
struct Live {
    std::atomic<uint64_t> iterations{0};
    std::atomic<uint32_t> best{0};
    std::atomic<bool> done{false};
};

struct Watch {
    wsp_host_anneal_job *job;
    Live *live;
    double start, deadline;  // deadline 0 = none
    uint64_t user_interval, next_user;
};

int on_progress(void *context, const wsp_anneal_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    w->live->iterations.store(pr->iteration, std::memory_order_relaxed);
    if (pr->improved) {
        w->live->best.store(pr->best, std::memory_order_relaxed);
        if (w->job->on_best != nullptr)
            w->job->on_best(w->job->on_best_context, pr->iteration, wsp_host_seconds() - w->start,
                            pr->best);
    }
    const wsp_anneal_options &user = w->job->options;
    if (user.progress != nullptr && (pr->improved || pr->iteration >= w->next_user)) {
        if (!pr->improved) w->next_user = pr->iteration + w->user_interval;
        if (user.progress(user.context, pr) != 0) return 1;
    }
    if (w->deadline > 0 && wsp_host_seconds() >= w->deadline) {
        w->job->timed_out = 1;
        return 1;
    }
    return 0;
}

void run_one(wsp_host_anneal_job &job, Live &live, double start, double deadline) {
    const double begin = wsp_host_seconds();
    job.timed_out = 0;
    job.result = wsp_anneal_result{};
    job.diag = wsp_diag{};
    if (deadline > 0 && begin >= deadline) {  // no time left: skipped
        job.status = WSP_OK;
        job.timed_out = 1;
        job.result.stop = WSP_ANNEAL_CANCELLED;
        job.elapsed = 0;
        live.done = true;
        return;
    }
    const size_t bytes = wsp_anneal_workspace_size(job.problem);
    void *ws = bytes != 0 ? std::calloc(1, bytes) : nullptr;
    if (ws == nullptr) {
        job.status = bytes == 0 ? WSP_ERR_INVALID_HANDLE : WSP_ERR_WORKSPACE_SIZE;
        job.diag.status = job.status;
        job.elapsed = 0;
        live.done = true;
        return;
    }
    Watch watch{&job, &live, start, deadline,
                job.options.progress_interval != 0 ? job.options.progress_interval : 65536u, 0};
    watch.next_user = watch.user_interval;
    wsp_anneal_options o = job.options;
    o.progress = on_progress;
    o.context = &watch;
    o.progress_interval = watch.user_interval < kClockInterval ? watch.user_interval : kClockInterval;
    job.status = wsp_anneal(job.problem, &o, ws, bytes, job.witness, job.witness_length, &job.result,
                            &job.diag);
    std::free(ws);
    if (job.status == WSP_OK) {
        live.iterations = job.result.iterations;
        live.best = job.result.lower;
        // The initial solution, known only now: reported last, with the time it was decoded.
        if (job.on_best != nullptr) job.on_best(job.on_best_context, 0, begin - start, job.result.initial);
    }
    job.elapsed = wsp_host_seconds() - begin;
    live.done = true;
}

wsp_host_anneal_status snapshot(const std::vector<Live> &live, double start) {
    wsp_host_anneal_status s{};
    s.count = live.size();
    for (const Live &l : live) {
        const uint32_t b = l.best.load(std::memory_order_relaxed);
        if (b > s.best) s.best = b;
        s.iterations += l.iterations.load(std::memory_order_relaxed);
        s.finished += l.done.load() ? 1u : 0u;
    }
    s.elapsed = wsp_host_seconds() - start;
    return s;
}

}  // namespace

extern "C" wsp_status wsp_host_anneal_run(wsp_host_anneal_job *jobs, size_t count, unsigned threads,
                                          double seconds, wsp_host_anneal_monitor monitor,
                                          void *context, double monitor_interval) {
    if (jobs == nullptr && count > 0) return WSP_ERR_NULL_ARGUMENT;
    const double start = wsp_host_seconds();
    const double deadline = seconds > 0 ? start + seconds : 0.0;
    if (threads == 0) threads = std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    if (threads > count) threads = static_cast<unsigned>(count);
    std::vector<Live> live(count);
    std::atomic<size_t> next{0};
    auto worker = [&]() {
        for (size_t k; (k = next.fetch_add(1)) < count;) run_one(jobs[k], live[k], start, deadline);
    };
    std::vector<std::thread> pool;
    try {
        for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    } catch (...) {
        // Fewer threads than asked (the system refused one): the jobs still all run.
    }
    if (pool.empty()) worker();
    const double interval = monitor_interval > 0 ? monitor_interval : 0.25;
    if (monitor != nullptr) {
        const auto step = std::chrono::milliseconds(10);
        double next_report = start + interval;
        for (;;) {
            const wsp_host_anneal_status s = snapshot(live, start);
            if (s.finished == count) break;
            if (wsp_host_seconds() >= next_report) {
                monitor(context, &s);
                next_report += interval;
            }
            std::this_thread::sleep_for(step);
        }
    }
    for (std::thread &t : pool) t.join();
    if (monitor != nullptr) {
        const wsp_host_anneal_status s = snapshot(live, start);
        monitor(context, &s);
    }
    return WSP_OK;
}
