// What one run of the main command analyses and how: the configuration file and the flags merged, the
// problem's values each with where it came from (so an error points at a flag or a file line), and the
// request for the library's analysis (lib/host/analysis/analysis.hpp).
#ifndef WSP_CLI_SETTINGS_HPP
#define WSP_CLI_SETTINGS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "failure.hpp"
#include "flag_parser.hpp"
#include "host/analysis/analysis.hpp"
#include "warpspan.h"

namespace wsp_cli {

// A value with the place it came from: "--warps", or "voronoi.cfg:4" (then `line` is 4).
template <typename T>
struct Sourced {
    T value{};
    std::string origin;
    uint32_t line = 0;
};

struct ProblemInput {
    std::optional<Sourced<std::string>> kernel;
    std::optional<Sourced<uint32_t>> warps;
    std::optional<Sourced<uint32_t>> units[WSP_UNIT_COUNT];
    std::optional<Sourced<uint32_t>> latency[WSP_UNIT_COUNT];
    std::optional<Sourced<uint32_t>> warp_size;
    std::optional<Sourced<uint32_t>> schedulers;
    std::optional<Sourced<std::string>> arch;  // the preset (--arch or the file's `arch`)
    bool units_from_preset[WSP_UNIT_COUNT] = {false, false, false, false};

    wsp_sm_config sm() const;  // 0 where nothing was given: the library's defaults
};

struct Settings {
    ProblemInput problem;
    wsp::host::AnalysisRequest request;  // kernel, warps and sm from `problem`
    std::vector<Method> methods;         // as given (bound first when not given)
    bool json = false, quiet = false, require_exact = false, full_kernel = false;
    std::optional<std::string> convergence, plot, svg, write_lp;
};

// The problem of `a`: CONFIG (its operand, when `config`), then --arch, then the explicit flags.
// Precedence, lowest first: the file's `arch`, the file's own keys, --arch, --units, --latency,
// --warp-size, --schedulers, --kernel, --warps.
bool problem_from_args(const ParsedArgs &a, bool config, const Sourced<std::string> *kernel, ProblemInput &p,
                       Failure &failure);

// The whole main command; `warpspan ptx` with analysis flags gives the kernel it read (`kernel`).
bool settings_from_args(const ParsedArgs &a, const Sourced<std::string> *kernel, Settings &s, Failure &failure);

// An error of the library's analysis as a Failure whose origin is the flag or file line that gave the
// value it is about (the problem's values), the flag for the field (--witness, --memory, --x), or the
// step ("exact").
Failure analysis_failure(const ProblemInput &p, Command command, const wsp::host::AnalysisError &error);

}  // namespace wsp_cli

#endif
