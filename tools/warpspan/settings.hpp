// What one run of the tool analyses and how: the merge of a configuration file and the flags.
#ifndef WSP_CLI_SETTINGS_HPP
#define WSP_CLI_SETTINGS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "warpspan.h"
#include "warpspan_host.h"

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
    // --arch / `arch`: the compute-capability preset that filled units, warp_size and schedulers
    // where nothing more explicit did (arch_presets.hpp); already checked to be a known name.
    std::optional<Sourced<std::string>> arch;

    std::vector<std::string> methods;
    bool json = false;
    bool quiet = false;
    std::optional<std::vector<uint32_t>> witness;
    // Tuning of the methods: budget (expanded states) and memory (MiB) bound the exact solver,
    // timeout (seconds) the exact solver, the annealer and the ILP; x the estimate; threads the
    // estimate and the annealer; seed, iterations, t0, init, restarts and moves the annealer.
    std::optional<uint64_t> seed, iterations, threads, budget, memory, x, restarts;
    std::optional<double> timeout;
    std::optional<uint32_t> t0;  // units of 2^-16 cycle; WSP_ANNEAL_T0_ZERO for 0
    std::optional<uint32_t> init;
    std::optional<uint32_t> moves;
    // The ILP (paper 004 Fig. 3): how work conservation is written (--constraints, default short)
    // and where to export the model (--write-lp; lp_solve's LP format, or free MPS for a .mps name).
    std::optional<uint32_t> constraints;
    std::optional<std::string> write_lp;
    // Files: --convergence (CSV), --plot (SVG of best over time), --svg (SVG Gantt chart).
    std::optional<std::string> convergence, plot, svg;
};

}  // namespace wsp_cli

#endif
