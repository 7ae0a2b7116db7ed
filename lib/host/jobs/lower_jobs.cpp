#include "host/jobs/lower_jobs.hpp"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "host/jobs/pool.hpp"
#include "lower/lower.hpp"
#include "warpspan_host.h"
#include "model/problem.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

using host::Live;
using host::RunSettings;

constexpr uint64_t kClockInterval = 4096;  // at most this many units between deadline checks
// Spaced by work (issue 18): a unit (a beam child, an annealing candidate) costs up to W*I positions,
// so about 2^20 positions between clock reads, at least one check per unit.
constexpr uint64_t kClockPositions = uint64_t{1} << 20;

uint64_t clock_interval(const wsp_problem *p) {
    const uint64_t cells = uint64_t{wsp_problem_warps(p)} * wsp_problem_length(p);
    const uint64_t n = cells != 0 ? kClockPositions / cells : kClockInterval;
    return n < 1 ? 1 : n > kClockInterval ? kClockInterval : n;
}
constexpr uint32_t kWidestBeam = 1u << 16;

struct Shared {
    const wsp_host_lower_options *options;
    const RunSettings *settings;
    std::atomic<uint32_t> first_optimal{UINT32_MAX};
    std::mutex lock;
    uint32_t best = 0;
};

struct Job {
    uint32_t index = 0;
    Shared *shared = nullptr;
    Live *live = nullptr;
    bool superseded = false;
    wsp_status status = WSP_OK;
    wsp_diag diag = {};
    LowerResult result = {};
    std::vector<uint32_t> witness;
};

uint32_t on_progress(void *context, const wsp_progress *pr) {
    Job *job = static_cast<Job *>(context);
    Shared &s = *job->shared;
    const wsp_host_lower_options &o = *s.options;
    job->live->work.store(pr->work, std::memory_order_relaxed);
    if (pr->improved) {
        job->live->lower.store(pr->lower, std::memory_order_relaxed);
        std::lock_guard<std::mutex> guard(s.lock);
        if (pr->lower > s.best) {
            s.best = pr->lower;
            if (o.on_best != nullptr) o.on_best(o.on_best_context, pr->lower, wsp_host_seconds() - s.settings->start);
        }
    }
    const wsp_control &user = o.lower.control;
    if (user.progress != nullptr) {
        const uint32_t answer = user.progress(user.context, pr);
        if (answer != 0) return answer;
    }
    if (s.settings->deadline > 0 && wsp_host_seconds() >= s.settings->deadline) return WSP_STOP_TIME;
    if (s.first_optimal.load() < job->index) {  // an earlier job has T(W): ours cannot win
        job->superseded = true;
        return WSP_STOP_CANCELLED;
    }
    return 0;
}

uint64_t mix(uint64_t seed, uint64_t index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (index + 1u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The widest beam (at most `cap`) whose workspace fits in `memory` bytes; at least 1.
uint32_t widest_beam(const wsp_problem *p, const LowerOptions &o, uint64_t memory, uint32_t cap) {
    uint32_t lo = 1, hi = cap;
    LowerOptions probe = o;
    probe.max_beam = hi;
    size_t size = 0;
    if (wsp_lower_workspace_size(p, &probe, &size, nullptr) == WSP_OK && size <= memory) return hi;
    while (hi - lo > 1u) {  // lo fits (or is 1), hi does not
        const uint32_t mid = lo + (hi - lo) / 2u;
        probe.max_beam = mid;
        if (wsp_lower_workspace_size(p, &probe, &size, nullptr) == WSP_OK && size <= memory)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void run_job(const wsp_problem *p, const LowerOptions &base, Job &job, uint64_t work) {
    Shared &s = *job.shared;
    // No time left: skipped, except the first job, which always runs so that a valid witness (at
    // least its initial schedules, computed before the first deadline check) comes back.
    if (job.index > 0 && s.settings->deadline > 0 && wsp_host_seconds() >= s.settings->deadline) {
        job.status = ok(&job.diag);
        job.result.stop = WSP_STOP_TIME;
        return;
    }
    if (s.first_optimal.load() < job.index) {
        job.superseded = true;
        return;
    }
    LowerOptions o = base;
    o.seed = mix(base.seed, job.index);
    o.control.budget = work;
    o.control.progress = on_progress;
    o.control.context = &job;
    const uint64_t interval = progress_interval(base.control);
    const uint64_t clock = clock_interval(p);
    o.control.interval = interval < clock ? interval : clock;
    size_t size = 0;
    job.status = wsp_lower_workspace_size(p, &o, &size, &job.diag);
    if (job.status != WSP_OK) return;
    void *ws = std::calloc(1, size);
    if (ws == nullptr) {
        job.status = fail(&job.diag, WSP_ERR_ALLOCATION, WSP_FIELD_WORKSPACE, "the workspace could not be allocated");
        return;
    }
    job.status = wsp_lower_run(p, &o, ws, size, job.witness.data(), job.witness.size(), &job.result, &job.diag);
    std::free(ws);
    if (job.status == WSP_OK && job.result.stop == WSP_STOP_FINISHED) {
        uint32_t seen = s.first_optimal.load();
        while (job.index < seen && !s.first_optimal.compare_exchange_weak(seen, job.index)) {
        }
    }
    job.live->work = job.result.work;
    job.live->lower = job.result.lower;
}

}  // namespace

}  // namespace wsp

using namespace wsp;

extern "C" wsp_status wsp_host_lower_run(const wsp_problem *p, const wsp_host_lower_options *options,
                                         const wsp_host_run_options *run, uint32_t *witness,
                                         size_t witness_length, wsp_host_lower_result *result,
                                         wsp_diag *diag) {
    zero(result);
    wsp_status st = check_problem(p, diag);
    if (st != WSP_OK) return st;
    static const wsp_host_lower_options kNoOptions = {};
    const wsp_host_lower_options &o = options != nullptr ? *options : kNoOptions;
    // The core's options first (their reserved words 1..11), then ours (12 and 13..20), then the run
    // options' (21 and 22..29).
    size_t size = 0;
    LowerOptions base = o.lower;
    st = wsp_lower_workspace_size(p, &base, &size, diag);
    if (st != WSP_OK) return st;
    constexpr uint32_t kLowerWords = 4u + sizeof o.lower.reserved / sizeof o.lower.reserved[0];
    st = check_reserved(&o.reserved0, 1, kLowerWords + 1u, "the host lower-bound options", diag);
    if (st != WSP_OK) return st;
    st = check_reserved(o.reserved, kLowerWords + 2u, "the host lower-bound options", diag);
    if (st != WSP_OK) return st;
    const uint32_t jobs = o.jobs != 0 ? o.jobs : kDefaultJobs;
    RunSettings settings;
    st = host::check_run_options(run, jobs, &settings, diag, kLowerWords + 10u);
    if (st != WSP_OK) return st;
    st = check_outputs(*p, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    if (base.max_beam == 0)
        base.max_beam = widest_beam(p, base, o.memory != 0 ? o.memory : kDefaultMemory, kWidestBeam);
    uint64_t work = 0;
    if (base.control.budget != 0)
        work = base.control.budget / jobs > 0 ? base.control.budget / jobs : 1u;
    else
        work = settings.deadline > 0 ? ~uint64_t{0} / 4u : lower_default_work(*p);

    Shared shared;
    shared.options = &o;
    shared.settings = &settings;
    std::vector<Job> all;
    std::vector<Live> live;
    try {
        all.resize(jobs);
        live = std::vector<Live>(jobs);
        for (uint32_t j = 0; j < jobs; ++j) {
            all[j].index = j;
            all[j].shared = &shared;
            all[j].live = &live[j];
            all[j].witness.assign(static_cast<size_t>(cells(*p)), 0u);
        }
    } catch (...) {  // std::bad_alloc: a typed catch would export its type's DWARF reference
        return fail(diag, WSP_ERR_ALLOCATION, WSP_FIELD_NONE, "the jobs' witnesses could not be allocated");
    }
    host::run_pool(jobs, settings, live, [&](size_t k) { run_job(p, base, all[k], work); });

    // The best job, ties to the lowest index; a job stopped because an earlier one had T(W) is out.
    int winner = -1;
    wsp_host_lower_result r = {};
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
    if (winner < 0) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, "the time budget ended before any schedule");
    const Job &best = all[winner];
    for (size_t k = 0; k < witness_length; ++k) witness[k] = best.witness[k];
    r.best = best.result;
    r.job = static_cast<uint32_t>(winner);
    r.seconds = wsp_host_seconds() - settings.start;
    *result = r;
    return ok(diag);
}
