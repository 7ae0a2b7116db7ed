// What the two job runners (exact_jobs.cpp, anneal_jobs.cpp) share: the checks of
// wsp_host_run_options, a pool of threads that takes the jobs in order, the deadline of the whole
// call, and the monitor on the calling thread. A job reports its progress through a Live record the
// monitor reads.
#ifndef WSP_HOST_JOBS_POOL_HPP
#define WSP_HOST_JOBS_POOL_HPP

#include <atomic>
#include <functional>
#include <vector>

#include "warpspan_host.h"

namespace wsp {
namespace host {

constexpr uint32_t kMaxThreads = 4096;

// What a monitor reads while a job runs.
struct Live {
    std::atomic<uint64_t> work{0};
    std::atomic<uint32_t> lower{0};
    std::atomic<bool> done{false};
};

// The run options after the checks (NULL: the defaults).
struct RunSettings {
    uint32_t threads = 0;     // resolved: at least 1, at most the job count
    uint32_t asked = 0;       // resolved before the job count: at least 1 (spare threads may help a job)
    double start = 0;         // wsp_host_seconds() at the call's start
    double deadline = 0;      // 0 = none
    wsp_host_monitor_fn monitor = nullptr;
    void *context = nullptr;
    double interval = 0.25;
};

// Checks the options (reserved words first = reserved0, first + 1 .. first + 8 = reserved, first 1
// unless the call has input structs before them; threads; seconds; the monitor interval) and resolves
// them for `count` jobs.
wsp_status check_run_options(const wsp_host_run_options *options, size_t count, RunSettings *settings,
                             wsp_diag *diag, uint32_t first = 1);

// A job's own checks, as the call's error: status with field WSP_FIELD_JOB and the 1-based job.
wsp_status job_error(wsp_diag *diag, wsp_status status, size_t job, const char *what);

// Runs run_one(k) for k = 0 .. count-1 on the pool; the monitor (if any) is called on the calling
// thread about every interval and once at the end. Returns when every job is done.
void run_pool(size_t count, const RunSettings &settings, std::vector<Live> &live,
              const std::function<void(size_t)> &run_one);

}  // namespace host
}  // namespace wsp

#endif
