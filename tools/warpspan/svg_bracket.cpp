#include "svg_bracket.hpp"

#include <algorithm>

#include "nice_ticks.hpp"
#include "svg_legend.hpp"
#include "svg_writer.hpp"

namespace wsp_cli {

namespace {

constexpr double kMargin = 16, kFont = 11, kPlotW = 600, kPlotH = 240;
const char kExact[] = "#222222", kInterval[] = "#4e79a7", kLowerOnly[] = "#59a14f", kBound[] = "#777777",
           kPaper[] = "#c0392b";

struct Point {
    uint32_t warps;
    std::optional<uint64_t> lower, upper;
};

Point point_of(const BracketRow &r) {
    Point p{r.warps, {}, {}};
    for (const auto &v : {r.exact_lower, r.anneal, r.lower})
        if (v && *v > 0) p.lower = p.lower ? std::max(*p.lower, *v) : *v;
    for (const auto &v : {r.bound, r.exact_upper})
        if (v) p.upper = p.upper ? std::min(*p.upper, *v) : *v;
    return p;
}

}  // namespace

std::string bracket_svg(const std::vector<BracketTable> &tables, const std::string &title) {
    SvgWriter svg;
    // What the panels will show, for the legend.
    bool exact = false, interval = false, lower_only = false, bound = false, paper = false;
    double label_w = 0;  // widest y tick label of any panel
    struct Panel {
        uint32_t warps = 1;
        double hi = 1;
        Ticks x_ticks, y_ticks;
    };
    std::vector<Panel> panels;
    for (const BracketTable &t : tables) {
        Panel p;
        double top = 0;
        for (const BracketRow &r : t.rows) {
            p.warps = std::max(p.warps, r.warps);
            const Point q = point_of(r);
            if (q.lower && q.upper && *q.lower == *q.upper) exact = true;
            else if (q.lower && q.upper) interval = true;
            else if (q.lower) lower_only = true;
            bound = bound || r.bound;
            paper = paper || r.paper;
            for (const auto &v : {q.lower, q.upper, r.bound, r.paper})
                if (v) top = std::max(top, static_cast<double>(*v));
        }
        double lo = 0;
        p.hi = std::max(top, 1.0);
        p.y_ticks = nice_axis(lo, p.hi, 6, 1);
        const double spacing = text_width(std::to_string(p.warps), kFont) + 14;
        p.x_ticks = nice_ticks(1, p.warps, std::max(1, static_cast<int>(kPlotW / spacing)), 1);
        for (const double v : p.y_ticks.values) label_w = std::max(label_w, text_width(tick_label(v, p.y_ticks), kFont));
        panels.push_back(p);
    }
    std::vector<LegendEntry> legend;
    if (exact) legend.push_back({LegendMark::kDot, kExact, "T(W) exactly (exact: optimal)"});
    if (interval) legend.push_back({LegendMark::kInterval, kInterval, "bracket [witnessed lower, proven upper]"});
    if (lower_only) legend.push_back({LegendMark::kRing, kLowerOnly, "witnessed lower bound only"});
    if (bound) legend.push_back({LegendMark::kDashed, kBound, "bound column (proven upper bound)"});
    if (paper) legend.push_back({LegendMark::kDotted, kPaper, "paper 004 Eq. 5-7: NOT a bound"});

    const double plot_x = kMargin + 16 + 8 + label_w + 8;
    double width = plot_x + kPlotW + 24;
    std::vector<std::string> heads, configs;
    for (const BracketTable &t : tables) {
        heads.push_back(t.name + ": kernel " + t.kernel);
        configs.push_back(t.config);
    }
    for (size_t k = 0; k < tables.size(); ++k)
        width = std::max({width, text_width(heads[k], 13, true) + 2 * kMargin, text_width(configs[k], 11) + 2 * kMargin});
    width = std::min(width, plot_x + kPlotW + 24 + 400);  // very long kernels are shortened below
    TextStyle title_style;
    title_style.size = 15;
    title_style.bold = true;
    const std::string shown_title = shortened(title, 15, true, width - 2 * kMargin);
    width = std::max(width, text_width(shown_title, 15, true) + 2 * kMargin);
    double y = kMargin + 15;
    svg.text(kMargin, y, shown_title, title_style);
    y += 10;

    for (size_t k = 0; k < tables.size(); ++k) {
        const BracketTable &t = tables[k];
        const Panel &p = panels[k];
        TextStyle head_style;
        head_style.size = 13;
        head_style.bold = true;
        y += 24;
        svg.text(kMargin, y, shortened(heads[k], 13, true, width - 2 * kMargin), head_style);
        if (!t.config.empty()) {
            TextStyle st;
            st.size = 11;
            st.fill = "#555555";
            y += 16;
            svg.text(kMargin, y, shortened(t.config, 11, false, width - 2 * kMargin), st);
        }
        const double plot_y = y + 14, bottom = plot_y + kPlotH;
        const double lo_w = 0.5, hi_w = p.warps + 0.5;
        auto x_at = [&](double w) { return plot_x + kPlotW * (w - lo_w) / (hi_w - lo_w); };
        auto y_at = [&](double v) { return bottom - kPlotH * v / p.hi; };
        svg.begin_group("grid");
        for (const double v : p.y_ticks.values) svg.line(plot_x, y_at(v), plot_x + kPlotW, y_at(v), "#ececec", 1);
        svg.end_group();
        svg.line(plot_x, bottom, plot_x + kPlotW, bottom, "#444444", 1);
        svg.line(plot_x, plot_y, plot_x, bottom, "#444444", 1);
        TextStyle tick;
        tick.size = kFont;
        tick.anchor = "middle";
        svg.begin_group("ticks-x");
        for (const double w : p.x_ticks.values) svg.text(x_at(w), bottom + 16, tick_label(w, p.x_ticks), tick);
        svg.end_group();
        for (const double w : p.x_ticks.values) svg.line(x_at(w), bottom, x_at(w), bottom + 4, "#444444", 1);
        tick.anchor = "end";
        svg.begin_group("ticks-y");
        for (const double v : p.y_ticks.values) svg.text(plot_x - 8, y_at(v) + 4, tick_label(v, p.y_ticks), tick);
        svg.end_group();
        for (const double v : p.y_ticks.values) svg.line(plot_x - 4, y_at(v), plot_x, y_at(v), "#444444", 1);
        TextStyle axis;
        axis.size = 12;
        axis.anchor = "middle";
        svg.text(plot_x + kPlotW / 2, bottom + 36, "W (warps)", axis);
        axis.rotate = -90;
        svg.text(kMargin + 12, plot_y + kPlotH / 2, "T(W) (cycles)", axis);

        svg.begin_group("plot");
        const double spacing = kPlotW / (hi_w - lo_w);
        const double cap = std::max(1.5, std::min(5.0, spacing * 0.35)), r = std::max(1.5, std::min(3.5, spacing * 0.4));
        std::vector<std::pair<double, double>> bound_line, paper_line;
        std::vector<BracketRow> rows = t.rows;
        std::sort(rows.begin(), rows.end(), [](const BracketRow &a, const BracketRow &b) { return a.warps < b.warps; });
        for (const BracketRow &row : rows) {
            if (row.bound) bound_line.push_back({x_at(row.warps), y_at(static_cast<double>(*row.bound))});
            if (row.paper) paper_line.push_back({x_at(row.warps), y_at(static_cast<double>(*row.paper))});
        }
        // A line through the values; a short dash around the value when there is only one.
        auto series = [&](std::vector<std::pair<double, double>> &pts, const char *colour, const char *dashes) {
            if (pts.size() == 1) {
                const double half = std::min(20.0, spacing / 4);
                pts = {{pts[0].first - half, pts[0].second}, {pts[0].first + half, pts[0].second}};
            }
            if (!pts.empty()) svg.polyline(pts, colour, 1.5, std::string("stroke-dasharray=\"") + dashes + "\"");
        };
        series(paper_line, kPaper, "2,3");
        series(bound_line, kBound, "6,4");
        for (const BracketRow &row : rows) {
            const Point q = point_of(row);
            const double x = x_at(row.warps);
            if (q.lower && q.upper && *q.lower == *q.upper) {
                svg.circle(x, y_at(static_cast<double>(*q.lower)), r, kExact);
            } else if (q.lower && q.upper) {
                const double y0 = y_at(static_cast<double>(*q.lower)), y1 = y_at(static_cast<double>(*q.upper));
                svg.line(x, y0, x, y1, kInterval, 2);
                svg.line(x - cap, y0, x + cap, y0, kInterval, 2);
                svg.line(x - cap, y1, x + cap, y1, kInterval, 2);
            } else if (q.lower) {
                svg.circle(x, y_at(static_cast<double>(*q.lower)), r, "white",
                           "stroke=\"" + std::string(kLowerOnly) + "\" stroke-width=\"1.5\"");
            } else if (q.upper && !row.bound) {
                svg.line(x - cap, y_at(static_cast<double>(*q.upper)), x + cap, y_at(static_cast<double>(*q.upper)),
                         kBound, 2);
            }
        }
        svg.end_group();
        y = bottom + 44;
    }
    const LegendBox box = draw_legend(svg, kMargin, y + 4, legend, width - 2 * kMargin, false);
    return svg.document(width, y + 4 + box.height + kMargin, shown_title);
}

}  // namespace wsp_cli
