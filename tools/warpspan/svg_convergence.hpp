// The annealer's convergence as SVG (paper 003 Fig. 12): the best makespan found so far against the
// time since the multi-start began (milliseconds for a run under half a second), one step line per restart coloured by its initial solution, the
// best over all restarts (the "envelope" the paper reads its estimate from) as a wide grey band
// behind them, and a proven upper bound as a dashed line when one is given. Both axes have ticks at
// round numbers (1, 2 or 5 times a power of ten) and titles; the legend (one entry per initial
// solution, with its restarts and best) stands right of the plot, sized to its labels.
#ifndef WSP_CLI_SVG_CONVERGENCE_HPP
#define WSP_CLI_SVG_CONVERGENCE_HPP

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace wsp_cli {

struct ConvergenceSeries {
    std::string label;  // the initial solution: "round-robin"
    size_t colour = 0;  // palette index; restarts of one initial solution share it
    std::vector<std::pair<double, uint32_t>> steps;  // (seconds, best so far), in time order
};

struct ConvergenceData {
    std::string title, subtitle;
    std::vector<ConvergenceSeries> restarts;
    double seconds = 0;  // when the run ended: every line holds its last value up to here
    uint64_t upper = 0;  // a proven upper bound on T(W) to draw; 0: none
};

std::string convergence_svg(const ConvergenceData &d);

// The palette of the restarts (6 colours, one per initial solution of the annealer).
extern const char *const kSeriesColours[6];

}  // namespace wsp_cli

#endif
