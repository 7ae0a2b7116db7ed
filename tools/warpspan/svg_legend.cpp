#include "svg_legend.hpp"

#include <algorithm>

namespace wsp_cli {

namespace {

constexpr double kFont = 11, kPad = 8, kRow = 18, kMark = 20, kGap = 6, kSpacing = 16;

double entry_width(const LegendEntry &e) { return kMark + kGap + text_width(e.label, kFont); }

// Rows of entry indices, filled greedily left to right.
std::vector<std::vector<size_t>> rows_of(const std::vector<LegendEntry> &entries, double max_width, bool column) {
    std::vector<std::vector<size_t>> rows;
    double used = 0;
    for (size_t k = 0; k < entries.size(); ++k) {
        const double w = entry_width(entries[k]);
        if (rows.empty() || column || used + kSpacing + w > max_width - 2 * kPad) {
            rows.push_back({k});
            used = w;
        } else {
            rows.back().push_back(k);
            used += kSpacing + w;
        }
    }
    return rows;
}

void draw_mark(SvgWriter &svg, const LegendEntry &e, double x, double cy) {
    switch (e.mark) {
    case LegendMark::kSwatch: svg.rect(x + 4, cy - 6, 12, 12, e.colour); break;
    case LegendMark::kPale: svg.rect(x + 4, cy - 6, 12, 12, e.colour, "fill-opacity=\"0.45\""); break;
    case LegendMark::kLine: svg.line(x, cy, x + kMark, cy, e.colour, 2); break;
    case LegendMark::kThick: svg.line(x, cy, x + kMark, cy, e.colour, 3.5); break;
    case LegendMark::kDashed: svg.line(x, cy, x + kMark, cy, e.colour, 2, "stroke-dasharray=\"5,3\""); break;
    case LegendMark::kDotted: svg.line(x, cy, x + kMark, cy, e.colour, 2, "stroke-dasharray=\"2,2\""); break;
    case LegendMark::kDot: svg.circle(x + kMark / 2, cy, 4, e.colour); break;
    case LegendMark::kRing:
        svg.circle(x + kMark / 2, cy, 3.5, "white", "stroke=\"" + e.colour + "\" stroke-width=\"1.5\"");
        break;
    case LegendMark::kInterval:
        svg.line(x + kMark / 2, cy - 7, x + kMark / 2, cy + 7, e.colour, 2);
        svg.line(x + kMark / 2 - 4, cy - 7, x + kMark / 2 + 4, cy - 7, e.colour, 2);
        svg.line(x + kMark / 2 - 4, cy + 7, x + kMark / 2 + 4, cy + 7, e.colour, 2);
        break;
    }
}

}  // namespace

LegendBox legend_box(const std::vector<LegendEntry> &entries, double max_width, bool column) {
    LegendBox box;
    if (entries.empty()) return box;
    for (const auto &row : rows_of(entries, max_width, column)) {
        double w = 0;
        for (size_t k = 0; k < row.size(); ++k) w += (k ? kSpacing : 0) + entry_width(entries[row[k]]);
        box.width = std::max(box.width, w + 2 * kPad);
        box.height += kRow;
    }
    box.height += 2 * kPad - 2;
    return box;
}

LegendBox draw_legend(SvgWriter &svg, double x, double y, const std::vector<LegendEntry> &entries,
                      double max_width, bool column) {
    const LegendBox box = legend_box(entries, max_width, column);
    if (entries.empty()) return box;
    svg.begin_group("legend");
    svg.rect(x, y, box.width, box.height, "white", "class=\"legend-frame\" stroke=\"#bbbbbb\" stroke-width=\"1\"");
    double cy = y + kPad + kRow / 2 - 1;
    for (const auto &row : rows_of(entries, max_width, column)) {
        double cx = x + kPad;
        for (const size_t k : row) {
            draw_mark(svg, entries[k], cx, cy);
            TextStyle st;
            st.size = kFont;
            svg.text(cx + kMark + kGap, cy + 4, entries[k].label, st);
            cx += entry_width(entries[k]) + kSpacing;
        }
        cy += kRow;
    }
    svg.end_group();
    return box;
}

}  // namespace wsp_cli
