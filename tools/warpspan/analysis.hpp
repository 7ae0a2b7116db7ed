// One analysis run: set the problem up in host memory, compute the bounds, decode and validate a
// given witness, export the ILP model, run the methods asked for. A method this build lacks (the ILP
// without lp_solve) is refused here, by name, before any work.
#ifndef WSP_CLI_ANALYSIS_HPP
#define WSP_CLI_ANALYSIS_HPP

#include <cstdint>
#include <optional>
#include <vector>

#include "anneal_run.hpp"
#include "cli_error.hpp"
#include "ilp_run.hpp"
#include "settings.hpp"
#include "warpspan.h"

namespace wsp_cli {

struct Witness {
    std::vector<uint32_t> string;      // pseudo-precedence string, 1-based warp ids
    std::vector<uint32_t> warp_cycle;  // cycle of each string position
    std::vector<uint32_t> cycles;      // cycles[w * I + i]
    uint32_t makespan = 0;
};

// One exact solve (--method exact, or a T(y) of the estimate).
struct ExactRun {
    uint32_t warps = 0;
    wsp_exact_result result{};
    bool timed_out = false;
    double seconds = 0;
    size_t memory = 0;  // workspace bytes
    std::vector<uint32_t> witness;
};

// Paper 004 Eq. 40-41 from exact T(y), y = 1..x: reported, never used as a bound.
struct Estimate {
    uint64_t value = 0;
    uint32_t x = 0, y = 0;
    bool complete = true;  // every T(y) exact; otherwise the upper end of its bracket was used
    std::vector<ExactRun> terms;
};

struct Analysis {
    wsp_sm_config sm{};
    std::vector<uint64_t> problem_storage;
    wsp_problem *problem = nullptr;
    wsp_bounds bounds{};
    std::optional<Witness> given;    // --witness, decoded and validated
    std::optional<AnnealRun> anneal;
    std::optional<ExactRun> exact;
    std::optional<Estimate> estimate;
    std::optional<IlpRun> ilp;
    std::optional<Witness> witness;  // the longest validated schedule: it witnesses `lower`
    std::string witness_source;      // "--witness", "anneal", "exact" or "ilp"
    uint64_t lower = 0;  // best witnessed lower bound (0 if none)
    uint64_t upper = 0;  // best proven upper bound
    std::string upper_source;  // what proves `upper`: "the bound", "exact", "ilp", or a list of them
};

bool analyse(const Settings &settings, Analysis &analysis, Error &error);

// Host memory for a core workspace: 8-byte words, as WSP_WORKSPACE_ALIGN asks.
std::vector<uint64_t> workspace(size_t bytes);

// Decodes a pseudo-precedence string and checks the schedule with the validator.
bool decode_witness(const wsp_problem *p, const std::vector<uint32_t> &string, const std::string &what,
                    Witness &out, Error &error);

}  // namespace wsp_cli

#endif
