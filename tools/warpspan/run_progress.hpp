// How the CLI watches the library's long runs (wsp::host::RunObserver): one progress line per method
// (progress_line.hpp: a terminal only, monotone, with rate and ETA), and Ctrl-C, which stops every run
// with its best result so far (interrupt.hpp).
#ifndef WSP_CLI_RUN_PROGRESS_HPP
#define WSP_CLI_RUN_PROGRESS_HPP

#include <cstdint>
#include <memory>
#include <string>

#include "host/analysis/analysis.hpp"
#include "progress_line.hpp"

namespace wsp_cli {

// What the fractions are measured against; 0 where there is no such limit.
struct RunLimits {
    uint64_t budget = 0;            // exact: states
    double seconds = 0;             // any method: its time budget
    uint64_t anneal_iterations = 0; // per restart, when known before the run
    uint32_t warps = 0;             // for "T(W) in [lower, upper]"
};

class RunProgress : public wsp::host::RunObserver {
public:
    RunProgress(bool enabled, RunLimits limits) : enabled_(enabled), limits_(limits) {}
    uint32_t stop() override;
    void begin(const char *method) override;
    void end() override;
    void exact_progress(const wsp_progress &p) override;
    void jobs_progress(const wsp_host_monitor_status &s) override;
    void ilp_progress(const wsp_progress &p) override;

private:
    bool enabled_;
    RunLimits limits_;
    std::string method_;
    double start_ = 0;
    std::unique_ptr<ProgressLine> line_;
};

}  // namespace wsp_cli

#endif
