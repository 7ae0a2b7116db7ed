// --method anneal: paper 003's multi-start simulated annealing through the host layer (threads, a
// shared deadline, a progress line on a terminal), with the improvements recorded for --convergence
// and --plot.
#ifndef WSP_CLI_ANNEAL_RUN_HPP
#define WSP_CLI_ANNEAL_RUN_HPP

#include <string>
#include <vector>

#include "cli_error.hpp"
#include "settings.hpp"
#include "warpspan.h"

namespace wsp_cli {

struct Analysis;

struct AnnealEvent {
    uint32_t instance;   // 0-based restart
    uint64_t iteration;  // within the restart
    double seconds;      // since the multi-start began
    uint32_t best;       // best makespan of that restart so far
};

struct AnnealInstance {
    uint32_t init = WSP_POLICY_ROUND_ROBIN;
    uint64_t seed = 0;
    wsp_anneal_result result{};
    bool timed_out = false;
    double seconds = 0;
    std::vector<uint32_t> witness;
};

struct AnnealRun {
    std::vector<AnnealInstance> instances;
    std::vector<AnnealEvent> events;  // sorted by instance, then iteration
    size_t best = 0;                  // the instance with the longest schedule
    uint32_t lower = 0;
    uint64_t iterations = 0;          // per restart, as asked or calibrated
    bool calibrated = false;          // chosen to fit --timeout (no --iterations given)
    uint64_t iterations_done = 0;     // summed over restarts
    uint32_t t0 = 0;                  // in units of 2^-16 cycle (WSP_ANNEAL_T0_ZERO: 0)
    uint32_t moves = WSP_MOVES_UNIFORM;
    unsigned threads = 0;
    double seconds = 0;
    bool timed_out = false;
};

bool run_anneal(const Settings &s, const Analysis &a, AnnealRun &run, Error &error);

const char *init_name(uint32_t init);       // "round-robin", ...
bool init_from_name(const std::string &name, uint32_t &init);
const char *moves_name(uint32_t moves);   // "uniform", "local"
// What ended the multi-start: "iterations", "time", "optimal" (a restart reached the proven bound).
const char *anneal_stop_reason(const AnnealRun &run);

}  // namespace wsp_cli

#endif
