#include "svg_convergence.hpp"

#include <algorithm>
#include <map>

#include "nice_ticks.hpp"
#include "svg_legend.hpp"
#include "svg_writer.hpp"

namespace wsp_cli {

const char *const kSeriesColours[6] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#9c755f"};

namespace {

constexpr double kMargin = 16, kFont = 11, kPlotW = 560, kPlotH = 320;
const char kEnvelope[] = "#c8c8c8", kUpper[] = "#222222";

}  // namespace

std::string convergence_svg(const ConvergenceData &d) {
    SvgWriter svg;
    // The data's extent.
    double t_end = d.seconds;
    double lo = 0, hi = 0;
    bool any = false;
    for (const ConvergenceSeries &s : d.restarts)
        for (const auto &p : s.steps) {
            t_end = std::max(t_end, p.first);
            lo = any ? std::min(lo, static_cast<double>(p.second)) : p.second;
            hi = any ? std::max(hi, static_cast<double>(p.second)) : p.second;
            any = true;
        }
    if (d.upper) {
        hi = any ? std::max(hi, static_cast<double>(d.upper)) : static_cast<double>(d.upper);
        if (!any) lo = hi;
    }
    if (t_end <= 0) t_end = 1e-3;
    // Milliseconds for a run shorter than half a second.
    const double unit = t_end < 0.5 ? 1000 : 1;
    double t_lo = 0, t_hi = t_end * unit;
    const Ticks x_ticks = nice_axis(t_lo, t_hi, 8);  // t_lo stays 0
    const Ticks y_ticks = nice_axis(lo, hi, 8, 1);

    // Horizontal layout: axis title, tick labels, plot, legend.
    double y_label_w = 0;
    for (const double v : y_ticks.values) y_label_w = std::max(y_label_w, text_width(tick_label(v, y_ticks), kFont));
    const double plot_x = kMargin + 16 + 8 + y_label_w + 8;
    // The legend: one entry per initial solution, then the envelope and the bound.
    std::vector<std::string> order;
    std::map<std::string, std::pair<size_t, uint32_t>> groups;  // label: (restarts, best)
    std::map<std::string, size_t> colour_of;
    for (const ConvergenceSeries &s : d.restarts) {
        if (!groups.count(s.label)) order.push_back(s.label), colour_of[s.label] = s.colour;
        auto &g = groups[s.label];
        ++g.first;
        for (const auto &p : s.steps) g.second = std::max(g.second, p.second);
    }
    std::vector<LegendEntry> legend;
    uint32_t overall = 0;
    for (const std::string &label : order) {
        const auto &g = groups[label];
        overall = std::max(overall, g.second);
        legend.push_back({LegendMark::kLine, kSeriesColours[colour_of[label] % 6],
                          label + (g.first > 1 ? " (" + std::to_string(g.first) + " restarts)" : "") + ": best " +
                              std::to_string(g.second)});
    }
    if (!d.restarts.empty())
        legend.push_back({LegendMark::kThick, kEnvelope, "best of all restarts: " + std::to_string(overall)});
    if (d.upper) legend.push_back({LegendMark::kDashed, kUpper, "proven upper bound: " + std::to_string(d.upper)});
    const LegendBox box = legend_box(legend, 1e9, true);
    double width = plot_x + kPlotW + 24 + box.width + kMargin;

    // Vertical layout.
    TextStyle title_style;
    title_style.size = 15;
    title_style.bold = true;
    TextStyle sub_style;
    sub_style.fill = "#555555";
    width = std::max({width, text_width(d.subtitle, 12) + 2 * kMargin});
    const std::string title = shortened(d.title, 15, true, width - 2 * kMargin);
    double y = kMargin + 15;
    svg.text(kMargin, y, title, title_style);
    if (!d.subtitle.empty()) {
        y += 19;
        svg.text(kMargin, y, d.subtitle, sub_style);
    }
    const double plot_y = y + 22;
    const double plot_bottom = plot_y + kPlotH;
    auto x_at = [&](double t) { return plot_x + kPlotW * (t - t_lo) / (t_hi - t_lo); };  // t in `unit`
    auto y_at = [&](double v) { return plot_bottom - kPlotH * (v - lo) / (hi - lo); };

    // Grid, axes, ticks.
    svg.begin_group("grid");
    for (const double v : y_ticks.values) svg.line(plot_x, y_at(v), plot_x + kPlotW, y_at(v), "#ececec", 1);
    for (const double t : x_ticks.values) svg.line(x_at(t), plot_y, x_at(t), plot_bottom, "#ececec", 1);
    svg.end_group();
    svg.line(plot_x, plot_bottom, plot_x + kPlotW, plot_bottom, "#444444", 1);
    svg.line(plot_x, plot_y, plot_x, plot_bottom, "#444444", 1);
    TextStyle tick_style;
    tick_style.size = kFont;
    tick_style.anchor = "middle";
    svg.begin_group("ticks-x");
    for (const double t : x_ticks.values) svg.text(x_at(t), plot_bottom + 16, tick_label(t, x_ticks), tick_style);
    svg.end_group();
    for (const double t : x_ticks.values) svg.line(x_at(t), plot_bottom, x_at(t), plot_bottom + 4, "#444444", 1);
    tick_style.anchor = "end";
    svg.begin_group("ticks-y");
    for (const double v : y_ticks.values) svg.text(plot_x - 8, y_at(v) + 4, tick_label(v, y_ticks), tick_style);
    svg.end_group();
    for (const double v : y_ticks.values) svg.line(plot_x - 4, y_at(v), plot_x, y_at(v), "#444444", 1);
    TextStyle axis_style;
    axis_style.size = 12;
    axis_style.anchor = "middle";
    svg.text(plot_x + kPlotW / 2, plot_bottom + 36, unit == 1 ? "seconds since the start" : "milliseconds since the start",
             axis_style);
    axis_style.rotate = -90;
    svg.text(kMargin + 12, plot_y + kPlotH / 2, "best makespan so far (cycles)", axis_style);

    // The lines: the envelope behind, then one step line per restart, then the bound.
    svg.begin_group("plot");
    std::vector<std::pair<double, size_t>> events;  // (seconds, restart) of every step
    for (size_t r = 0; r < d.restarts.size(); ++r)
        for (const auto &p : d.restarts[r].steps) events.push_back({p.first, r});
    std::stable_sort(events.begin(), events.end(),
                     [](const std::pair<double, size_t> &a, const std::pair<double, size_t> &b) { return a.first < b.first; });
    std::vector<size_t> next(d.restarts.size(), 0);
    std::vector<std::pair<double, double>> envelope;
    double best = -1;
    for (const auto &e : events) {
        const uint32_t v = d.restarts[e.second].steps[next[e.second]++].second;
        if (v > best) {
            if (best >= 0) envelope.push_back({x_at(e.first * unit), y_at(best)});
            best = v;
            envelope.push_back({x_at(e.first * unit), y_at(best)});
        }
    }
    if (!envelope.empty()) {
        envelope.push_back({x_at(t_end * unit), y_at(best)});
        svg.polyline(envelope, kEnvelope, 7, "stroke-linecap=\"butt\"");
    }
    for (const ConvergenceSeries &s : d.restarts) {
        if (s.steps.empty()) continue;
        std::vector<std::pair<double, double>> pts;
        for (size_t k = 0; k < s.steps.size(); ++k) {
            if (k) pts.push_back({x_at(s.steps[k].first * unit), y_at(s.steps[k - 1].second)});
            pts.push_back({x_at(s.steps[k].first * unit), y_at(s.steps[k].second)});
        }
        pts.push_back({x_at(t_end * unit), y_at(s.steps.back().second)});
        svg.polyline(pts, kSeriesColours[s.colour % 6], 1.6);
    }
    if (d.upper)
        svg.line(plot_x, y_at(static_cast<double>(d.upper)), plot_x + kPlotW, y_at(static_cast<double>(d.upper)), kUpper,
                 1.5, "stroke-dasharray=\"6,4\"");
    svg.end_group();

    draw_legend(svg, plot_x + kPlotW + 24, plot_y, legend, 1e9, true);
    const double height = std::max(plot_bottom + 44, plot_y + box.height) + kMargin;
    return svg.document(width, height, title);
}

}  // namespace wsp_cli
