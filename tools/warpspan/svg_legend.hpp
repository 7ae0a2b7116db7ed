// A legend that always fits: entries (a small mark and a label) flow into rows no wider than the space
// given, or stand in one column, and the frame is sized from the measured labels (svg_writer.hpp), so
// no label is ever clipped. Every plot draws its legend with this.
#ifndef WSP_CLI_SVG_LEGEND_HPP
#define WSP_CLI_SVG_LEGEND_HPP

#include <string>
#include <vector>

#include "svg_writer.hpp"

namespace wsp_cli {

enum class LegendMark {
    kSwatch,   // a filled square
    kPale,     // a filled square at 45 % opacity (an unsaturated lane)
    kLine,     // a solid line
    kThick,    // a thick solid line
    kDashed,   // a dashed line
    kDotted,   // a dotted line
    kDot,      // a filled circle
    kRing,     // a hollow circle
    kInterval  // a vertical interval with caps (a bracket [lower, upper])
};

struct LegendEntry {
    LegendMark mark = LegendMark::kSwatch;
    std::string colour;
    std::string label;
};

struct LegendBox {
    double width = 0, height = 0;
};

// The size of the framed legend: rows no wider than max_width (one entry per row when `column`).
LegendBox legend_box(const std::vector<LegendEntry> &entries, double max_width, bool column);

// Draws it with its top-left corner at (x, y), as <g class="legend"> holding a frame
// <rect class="legend-frame"> and the entries; returns its size.
LegendBox draw_legend(SvgWriter &svg, double x, double y, const std::vector<LegendEntry> &entries,
                      double max_width, bool column);

}  // namespace wsp_cli

#endif
