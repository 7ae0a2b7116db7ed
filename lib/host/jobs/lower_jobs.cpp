#include "host/jobs/lower_jobs.hpp"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "model/problem.hpp"
#include "util/diag.hpp"
#include "warpspan_host.h"

namespace wsp {

namespace {

constexpr uint64_t kClockInterval = 4096;  // units between deadline checks
constexpr uint32_t kWidestBeam = 1u << 16;

struct Shared {
    const HostLowerOptions *options;
    double start, deadline;  // deadline 0 = none
    std::atomic<uint32_t> first_optimal{UINT32_MAX};
    std::mutex lock;
    uint32_t best = 0;
};

struct Job {
    uint32_t index = 0;
    Shared *shared = nullptr;
    bool timed_out = false, superseded = false;
    wsp_status status = WSP_OK;
    wsp_diag diag = {};
    LowerResult result = {};
    std::vector<uint32_t> witness;
};

int on_progress(void *context, const LowerProgress *pr) {
    Job *job = static_cast<Job *>(context);
    Shared &s = *job->shared;
    const HostLowerOptions &o = *s.options;
    if (pr->improved) {
        std::lock_guard<std::mutex> guard(s.lock);
        if (pr->best > s.best) {
            s.best = pr->best;
            if (o.on_best != nullptr) o.on_best(o.on_best_context, pr->best, wsp_host_seconds() - s.start);
        }
    }
    if (o.core.progress != nullptr && o.core.progress(o.core.context, pr) != 0) return 1;
    if (s.deadline > 0 && wsp_host_seconds() >= s.deadline) {
        job->timed_out = true;
        return 1;
    }
    if (s.first_optimal.load() < job->index) {  // an earlier job has T(W): ours cannot win
        job->superseded = true;
        return 1;
    }
    return 0;
}

uint64_t mix(uint64_t seed, uint64_t index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (index + 1u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The widest beam (at most kWidestBeam) whose workspace fits in `memory` bytes; at least 1.
uint32_t widest_beam(const wsp_problem *p, const LowerOptions &o, uint64_t memory) {
    uint32_t lo = 1, hi = kWidestBeam;
    LowerOptions probe = o;
    probe.max_beam = hi;
    uint64_t size = 0;
    if (lower_workspace_size(p, &probe, &size, nullptr) == WSP_OK && size <= memory) return hi;
    while (hi - lo > 1u) {  // lo fits (or is 1), hi does not
        const uint32_t mid = lo + (hi - lo) / 2u;
        probe.max_beam = mid;
        if (lower_workspace_size(p, &probe, &size, nullptr) == WSP_OK && size <= memory)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void run_job(const wsp_problem *p, const LowerOptions &base, Job &job, uint64_t work) {
    Shared &s = *job.shared;
    if (s.deadline > 0 && wsp_host_seconds() >= s.deadline) {  // no time left: skipped
        job.timed_out = true;
        job.status = WSP_OK;
        return;
    }
    if (s.first_optimal.load() < job.index) {
        job.superseded = true;
        return;
    }
    LowerOptions o = base;
    o.seed = mix(base.seed, job.index);
    o.work = work;
    o.progress = on_progress;
    o.context = &job;
    const uint64_t interval = base.progress_interval != 0 ? base.progress_interval : 65536u;
    o.progress_interval = interval < kClockInterval ? interval : kClockInterval;
    uint64_t size = 0;
    job.status = lower_workspace_size(p, &o, &size, &job.diag);
    if (job.status != WSP_OK) return;
    void *ws = size <= static_cast<uint64_t>(SIZE_MAX) ? std::calloc(1, static_cast<size_t>(size)) : nullptr;
    if (ws == nullptr) {
        job.status = fail(&job.diag, WSP_ERR_WORKSPACE_SIZE, "no memory for the lower-bound search");
        return;
    }
    job.status = lower_run(p, &o, ws, static_cast<size_t>(size), job.witness.data(), job.witness.size(),
                           &job.result, &job.diag);
    std::free(ws);
    if (job.status == WSP_OK && job.result.stop == kStopOptimal) {
        uint32_t seen = s.first_optimal.load();
        while (job.index < seen && !s.first_optimal.compare_exchange_weak(seen, job.index)) {
        }
    }
}

}  // namespace

wsp_status host_lower_run(const wsp_problem *p, const HostLowerOptions *options, uint32_t *witness,
                          size_t witness_length, HostLowerResult *result, wsp_diag *diag) {
    if (p == nullptr || options == nullptr || witness == nullptr || result == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem, options, witness buffer or result");
    if (!valid(p)) return fail(diag, WSP_ERR_INVALID_HANDLE, "the problem handle is not valid");
    const HostLowerOptions &o = *options;
    const uint64_t n = uint64_t{p->warps} * p->length;
    if (witness_length != n) {
        DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
        scope.message.text("the witness buffer holds ").number(witness_length)
            .text(" warp ids but W*I = ").number(n);
        return WSP_ERR_WITNESS_LENGTH;
    }
    if (!(o.seconds >= 0)) return fail(diag, WSP_ERR_RANGE, "the time budget is negative or not a number");
    // The options the jobs share, checked once here so that a bad one is reported, not run.
    LowerOptions base = o.core;
    uint64_t size = 0;
    wsp_status st = lower_workspace_size(p, &base, &size, diag);
    if (st != WSP_OK) return st;
    const uint32_t jobs = o.jobs != 0 ? o.jobs : kDefaultJobs;
    if (base.max_beam == 0)
        base.max_beam = widest_beam(p, base, o.max_memory != 0 ? o.max_memory : kDefaultMemory);
    uint64_t work = 0;
    if (base.work != 0)
        work = base.work / jobs > 0 ? base.work / jobs : 1u;
    else
        work = o.seconds > 0 ? ~uint64_t{0} / 4u : lower_default_work(*p);

    Shared shared;
    shared.options = &o;
    shared.start = wsp_host_seconds();
    shared.deadline = o.seconds > 0 ? shared.start + o.seconds : 0.0;
    std::vector<Job> all(jobs);
    try {
        for (uint32_t j = 0; j < jobs; ++j) {
            all[j].index = j;
            all[j].shared = &shared;
            all[j].witness.assign(static_cast<size_t>(n), 0u);
        }
    } catch (const std::bad_alloc &) {
        return fail(diag, WSP_ERR_WORKSPACE_SIZE, "no memory for the jobs' witnesses");
    }
    std::atomic<uint32_t> next{0};
    auto worker = [&]() {
        for (uint32_t k; (k = next.fetch_add(1)) < jobs;) run_job(p, base, all[k], work);
    };
    unsigned threads = o.threads != 0 ? o.threads : std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    if (threads > jobs) threads = jobs;
    std::vector<std::thread> pool;
    try {
        for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    } catch (...) {
        // Fewer threads than asked (the system refused one): the jobs still all run.
    }
    worker();
    for (std::thread &t : pool) t.join();

    // The best job, ties to the lowest index; a job stopped because an earlier one had T(W) is out.
    int winner = -1;
    HostLowerResult r = {};
    r.jobs = jobs;
    for (uint32_t j = 0; j < jobs; ++j) {
        const Job &job = all[j];
        if (job.status != WSP_OK) {
            if (diag != nullptr) *diag = job.diag;
            return job.status;
        }
        r.work += job.result.work;
        if (job.superseded || job.result.lower == 0) continue;
        if (winner < 0 || job.result.lower > all[winner].result.lower) winner = static_cast<int>(j);
    }
    if (winner < 0) return fail(diag, WSP_ERR_RANGE, "the time budget ended before any schedule was found");
    const Job &best = all[winner];
    for (size_t k = 0; k < witness_length; ++k) witness[k] = best.witness[k];
    r.best = best.result;
    if (best.timed_out && r.best.stop == kStopCancelled) r.best.stop = kStopTime;
    r.job = static_cast<uint32_t>(winner);
    r.seconds = wsp_host_seconds() - shared.start;
    *result = r;
    clear(diag);
    return WSP_OK;
}

}  // namespace wsp
