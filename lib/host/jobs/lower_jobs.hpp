// The lower-bound method on the host (lower/lower.hpp is the core): independent searches ("jobs",
// seeds mixed from the caller's seed and the job's index) on the pool of threads of the other host
// runners (pool.hpp: wsp_host_run_options, the call's deadline, the monitor), heap memory per job,
// and a time budget enforced through the core's progress callback.
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
#include "warpspan_host.h"

namespace wsp {

struct HostLowerOptions {
    LowerOptions lower;    // the core's options; lower.control.budget is the whole work budget, split
                           // evenly over the jobs (0: each job lower_default_work(p), or no work
                           // budget when the run options give seconds); its progress callback runs on
                           // the worker threads
    uint32_t jobs;         // independent searches; 0 = kDefaultJobs
    uint32_t reserved0;    // must be 0
    uint64_t memory;       // bytes per job (the beam takes what fits, up to lower.max_beam or 65536
                           // when that is 0); 0 = kDefaultMemory
    // Called on a worker thread, under a lock, when the best over all jobs improves; may be NULL.
    void (*on_best)(void *context, uint32_t best, double seconds);
    void *on_best_context;
    uint32_t reserved[8];  // must be 0
};

constexpr uint32_t kDefaultJobs = 2;
constexpr uint64_t kDefaultMemory = uint64_t{64} << 20;

struct HostLowerResult {
    LowerResult best;   // of the winning job; best.stop TIME when the deadline ended it
    uint32_t job;       // the winning job's index
    uint32_t jobs;      // jobs run
    uint64_t work;      // units over all jobs
    double seconds;     // wall time of the whole call
    uint32_t reserved[4];
};

// Runs the jobs with the run options (threads, seconds, monitor; NULL for the defaults). `witness`
// receives the winning job's W*I warp ids.
wsp_status host_lower_run(const wsp_problem *p, const HostLowerOptions *options,
                          const wsp_host_run_options *run, uint32_t *witness, size_t witness_length,
                          HostLowerResult *result, wsp_diag *diag);

}  // namespace wsp

#endif
