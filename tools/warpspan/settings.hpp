// What one run of the tool analyses and how: the merge of a configuration file and the flags.
#ifndef WSP_CLI_SETTINGS_HPP
#define WSP_CLI_SETTINGS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "warpspan.h"

namespace wsp_cli {

// A value with the place it came from, so an error can point back at it.
template <typename T>
struct Sourced {
    T value{};
    std::string origin;  // "voronoi.cfg:4" or "--warps"
};

struct Settings {
    std::optional<Sourced<std::string>> kernel;
    std::optional<Sourced<uint32_t>> warps;
    std::optional<Sourced<uint32_t>> units[WSP_UNIT_COUNT];
    std::optional<Sourced<uint32_t>> latency[WSP_UNIT_COUNT];
    std::optional<Sourced<uint32_t>> warp_size;
    std::optional<Sourced<uint32_t>> schedulers;

    std::vector<std::string> methods;
    bool json = false;
    bool quiet = false;
    std::optional<std::vector<uint32_t>> witness;
    // Tuning of the methods: budget (expanded states), memory (MiB) and timeout (seconds) bound
    // the exact solver; x and threads the estimate; seed and iterations wait for the annealer.
    std::optional<uint64_t> seed, iterations, threads, budget, memory, x;
    std::optional<double> timeout;
};

}  // namespace wsp_cli

#endif
