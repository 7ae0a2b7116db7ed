// Multi-start annealing on the host (paper 003 section VIII): independent jobs with their own seeds
// and initial solutions on a pool of threads, a shared deadline, and a monitor on the calling thread
// for a progress line. The core stays single-threaded and allocation-free; threads, clocks and heap
// memory live here.
#include <cstdlib>
#include <vector>

#include "host/jobs/pool.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace {

using wsp::host::Live;
using wsp::host::RunSettings;

constexpr uint64_t kClockInterval = 4096;  // at most this many iterations between deadline checks
// Deadline checks are spaced by work, not by a fixed iteration count (issue 18): an iteration decodes
// up to W*I positions, so with 4096 iterations between clock reads a 20,000-segment kernel ran 6 s
// past a 1 s budget. About 2^20 positions (a few ms) between checks; at least one check per iteration.
constexpr uint64_t kClockPositions = uint64_t{1} << 20;

uint64_t clock_interval(const wsp_problem *p) {
    const uint64_t cells = uint64_t{wsp_problem_warps(p)} * wsp_problem_length(p);
    const uint64_t n = cells != 0 ? kClockPositions / cells : kClockInterval;
    return n < 1 ? 1 : n > kClockInterval ? kClockInterval : n;
}

struct Watch {
    wsp_host_anneal_job *job;
    Live *live;
    double start, deadline;  // deadline 0 = none
    uint64_t user_interval, next_user;
};

uint32_t on_progress(void *context, const wsp_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    w->live->work.store(pr->work, std::memory_order_relaxed);
    if (pr->improved) {
        w->live->lower.store(pr->lower, std::memory_order_relaxed);
        if (w->job->on_best != nullptr)
            w->job->on_best(w->job->on_best_context, pr->work, wsp_host_seconds() - w->start, pr->lower);
    }
    const wsp_control &user = w->job->options.control;
    if (user.progress != nullptr && (pr->improved || pr->work >= w->next_user)) {
        if (!pr->improved) w->next_user = pr->work + w->user_interval;
        const uint32_t answer = user.progress(user.context, pr);
        if (answer != 0) return answer;
    }
    if (w->deadline > 0 && wsp_host_seconds() >= w->deadline) return WSP_STOP_TIME;
    return 0;
}

void run_one(wsp_host_anneal_job &job, Live &live, const RunSettings &settings, bool first) {
    const double begin = wsp_host_seconds();
    job.result = wsp_anneal_result{};
    job.elapsed = 0;
    // No time left: skipped, except the first job, which always runs (stopped at its first deadline
    // check) so that a call stopped by its budget still returns a valid witness.
    if (!first && settings.deadline > 0 && begin >= settings.deadline) {
        job.status = wsp::ok(&job.diag);
        job.result.stop = WSP_STOP_TIME;
        return;
    }
    size_t bytes = 0;
    job.status = wsp_anneal_workspace_size(job.problem, &bytes, &job.diag);
    if (job.status != WSP_OK) return;
    void *ws = std::calloc(1, bytes);
    if (ws == nullptr) {
        job.status = wsp::fail(&job.diag, WSP_ERR_ALLOCATION, WSP_FIELD_WORKSPACE,
                               "the workspace could not be allocated");
        return;
    }
    Watch watch{&job, &live, settings.start, settings.deadline, wsp::progress_interval(job.options.control), 0};
    watch.next_user = watch.user_interval;
    wsp_anneal_options o = job.options;
    o.control.progress = on_progress;
    o.control.context = &watch;
    const uint64_t clock = clock_interval(job.problem);
    o.control.interval = watch.user_interval < clock ? watch.user_interval : clock;
    job.status = wsp_anneal_run(job.problem, &o, ws, bytes, job.witness, static_cast<size_t>(job.witness_length),
                                &job.result, &job.diag);
    std::free(ws);
    if (job.status == WSP_OK) {
        live.work = job.result.iterations;
        live.lower = job.result.lower;
        // The initial solution, known only now: reported last, with the time it was decoded.
        if (job.on_best != nullptr) job.on_best(job.on_best_context, 0, begin - settings.start, job.result.initial);
    }
    job.elapsed = wsp_host_seconds() - begin;
}

}  // namespace

extern "C" wsp_status wsp_host_anneal_run(wsp_host_anneal_job *jobs, size_t count,
                                          const wsp_host_run_options *options, wsp_diag *diag) {
    if (jobs == nullptr && count > 0) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_JOB, "no jobs");
    RunSettings settings;
    wsp_status st = wsp::host::check_run_options(options, count, &settings, diag);
    if (st != WSP_OK) return st;
    for (size_t k = 0; k < count; ++k) {
        wsp_host_anneal_job &job = jobs[k];
        // The job's reserved words follow its options' 12 in memory order: 13..20.
        st = wsp::check_reserved(job.reserved, 13, "the job", &job.diag);
        if (st != WSP_OK) {
            job.status = st;
            return wsp::host::job_error(diag, st, k, job.diag.message);
        }
    }
    std::vector<Live> live(count);
    wsp::host::run_pool(count, settings, live, [&](size_t k) { run_one(jobs[k], live[k], settings, k == 0); });
    return wsp::ok(diag);
}
