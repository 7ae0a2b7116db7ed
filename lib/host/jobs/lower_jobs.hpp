// The lower-bound method on the host: wsp_host_lower_run (warpspan_host.h, since 1.1) runs
// wsp_lower_run's independent searches ("jobs", seeds mixed from the caller's seed and the job's
// index) on the pool of threads of the other host runners (pool.hpp: wsp_host_run_options, the call's
// deadline, the monitor), heap memory per job, and a time budget enforced through the core's progress
// callback.
//
// Determinism: the number of jobs and each job's work budget depend only on the options, never on
// the thread count; the answer is the best job, ties going to the lowest index. When a job reaches
// the proven upper bound, the jobs after it are stopped (they could only tie and lose the tie); the
// ones before it run on. So with a work budget (no time budget) the same options give the same
// witness for 1, 2 or any number of threads.
#ifndef WSP_HOST_JOBS_LOWER_JOBS_HPP
#define WSP_HOST_JOBS_LOWER_JOBS_HPP

#include <stdint.h>

namespace wsp {

constexpr uint32_t kDefaultJobs = 2;
constexpr uint64_t kDefaultMemory = uint64_t{64} << 20;

}  // namespace wsp

#endif
