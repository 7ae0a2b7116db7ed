// The lower-bound method on the host (lower/lower.hpp is the core): independent searches ("jobs",
// seeds mixed from the caller's seed and the job's index) on a pool of threads, heap memory sized by a
// cap, and a time budget enforced through the core's progress callback.
//
// Determinism: the number of jobs and each job's work budget depend only on the options, never on
// the thread count; the answer is the best job, ties going to the lowest index. When a job reaches
// the proven upper bound, the jobs after it are stopped (they could only tie and lose the tie); the
// ones before it run on. So with a work budget (no time budget) the same options give the same
// witness for 1, 2 or any number of threads.
//
// An internal header: the proposed public form is in the report of issue 20 (wsp_host_lower_run).
#ifndef WSP_HOST_JOBS_LOWER_JOBS_HPP
#define WSP_HOST_JOBS_LOWER_JOBS_HPP

#include <stddef.h>
#include <stdint.h>

#include "lower/lower.hpp"

namespace wsp {

struct HostLowerOptions {
    LowerOptions core;     // seed, upper, methods, initial, progress (called from the job threads);
                           // core.work: the whole budget, split evenly over the jobs (0 = each job
                           // the core's default, or unlimited when `seconds` is set)
    double seconds;        // time budget for the whole run; 0 = none
    uint32_t threads;      // 0 = the hardware's
    uint32_t jobs;         // independent searches; 0 = kDefaultJobs
    uint64_t max_memory;   // bytes per job (the beam takes what it can); 0 = kDefaultMemory
    // Called (from a job thread, under a lock) when the best over all jobs improves; may be NULL.
    void (*on_best)(void *context, uint32_t best, double seconds);
    void *on_best_context;
};

constexpr uint32_t kDefaultJobs = 2;
constexpr uint64_t kDefaultMemory = uint64_t{64} << 20;

struct HostLowerResult {
    LowerResult best;   // of the winning job; best.stop: kStopTime when the deadline ended it
    uint32_t job;       // the winning job's index
    uint32_t jobs;      // jobs run
    uint64_t work;      // units over all jobs
    double seconds;     // wall time of the whole run
};

// Runs the jobs. `witness` receives the winning job's W*I warp ids.
wsp_status host_lower_run(const wsp_problem *p, const HostLowerOptions *options, uint32_t *witness,
                          size_t witness_length, HostLowerResult *result, wsp_diag *diag);

}  // namespace wsp

#endif
