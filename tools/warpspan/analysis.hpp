// One analysis run: set the problem up in host memory, compute the bounds, decode and validate a
// given witness. Methods not built yet are refused here, by name.
#ifndef WSP_CLI_ANALYSIS_HPP
#define WSP_CLI_ANALYSIS_HPP

#include <cstdint>
#include <optional>
#include <vector>

#include "cli_error.hpp"
#include "settings.hpp"
#include "warpspan.h"

namespace wsp_cli {

struct Witness {
    std::vector<uint32_t> string;      // pseudo-precedence string, 1-based warp ids
    std::vector<uint32_t> warp_cycle;  // cycle of each string position
    std::vector<uint32_t> cycles;      // cycles[w * I + i]
    uint32_t makespan = 0;
};

struct Analysis {
    wsp_sm_config sm{};
    std::vector<uint64_t> problem_storage;
    wsp_problem *problem = nullptr;
    wsp_bounds bounds{};
    std::optional<Witness> witness;
    uint64_t lower = 0;  // best witnessed lower bound (0 if none)
    uint64_t upper = 0;  // best proven upper bound
};

bool analyse(const Settings &settings, Analysis &analysis, Error &error);

}  // namespace wsp_cli

#endif
