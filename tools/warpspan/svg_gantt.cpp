#include "svg_gantt.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "nice_ticks.hpp"
#include "svg_legend.hpp"
#include "svg_writer.hpp"

namespace wsp_cli {

const char *const kUnitColours[WSP_UNIT_COUNT] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1"};
const char *const kUnitNames[WSP_UNIT_COUNT] = {"load/store", "CUDA core", "special function", "double precision"};

namespace {

constexpr double kMargin = 16, kLabelFont = 11, kLaneHeight = 26, kLaneGap = 8;
constexpr uint32_t kMaxColumns = 1000, kMaxRows = 64;
const char kWaiting[] = "#d9d9d9", kCriticalWaiting[] = "#f5b7b1", kCritical[] = "#c0392b",
           kSchedulerColour[] = "#666666", kGrid[] = "#e6e6e6";

std::string plural(uint64_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The rows shown: every warp, or kMaxRows evenly spaced with the critical warp among them.
std::vector<uint32_t> shown_warps(uint32_t warps, uint32_t critical) {
    std::vector<uint32_t> rows;
    if (warps <= kMaxRows) {
        for (uint32_t w = 0; w < warps; ++w) rows.push_back(w);
        return rows;
    }
    for (uint32_t k = 0; k < kMaxRows; ++k)
        rows.push_back(static_cast<uint32_t>(std::llround(static_cast<double>(k) * (warps - 1) / (kMaxRows - 1))));
    if (!std::binary_search(rows.begin(), rows.end(), critical)) {
        size_t nearest = 0;
        for (size_t k = 1; k < rows.size(); ++k)
            if (std::labs(static_cast<long>(rows[k]) - critical) < std::labs(static_cast<long>(rows[nearest]) - critical))
                nearest = k;
        rows[nearest] = critical;
        std::sort(rows.begin(), rows.end());
    }
    return rows;
}

}  // namespace

std::string gantt_svg(const ScheduleFacts &f, const std::string &source) {
    SvgWriter svg;
    const uint32_t T = f.makespan, I = f.length;
    if (T == 0 || f.warps == 0 || I == 0) return svg.document(2 * kMargin, 2 * kMargin, "empty schedule");
    const uint32_t critical = critical_warp(f);

    // Columns: one per cycle, or per `bin` cycles beyond kMaxColumns cycles.
    const uint64_t bin = T > kMaxColumns ? nice_ceiling((T + kMaxColumns - 1) / kMaxColumns) : 1;
    const uint64_t columns = (T + bin - 1) / bin;
    const double cell = bin > 1 ? 1.0 : std::min(24.0, static_cast<double>(kMaxColumns) / T);
    const double plot_w = cell * static_cast<double>(columns);

    const std::vector<uint32_t> rows = shown_warps(f.warps, critical);
    const double row_h = rows.size() <= 16 ? 18 : rows.size() <= 32 ? 13 : 10;
    const double bar_h = row_h - (row_h >= 13 ? 5 : 3);
    const double warp_font = row_h >= 13 ? kLabelFont : 9;

    // Which lanes: every used unit type, and the schedulers when they limit issue.
    bool used[WSP_UNIT_COUNT] = {};
    for (const uint8_t u : f.unit) used[u] = true;
    struct Lane {
        int unit;  // WSP_UNIT_COUNT: the schedulers
        uint32_t slots;
        std::string label;
        const char *colour;
    };
    std::vector<Lane> lanes;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (used[u])
            lanes.push_back({u, f.sigma[u], std::string(1, kUnitLetters[u]) + " slots (\u03c3 = " +
                                                  std::to_string(f.sigma[u]) + ")", kUnitColours[u]});
    if (f.schedulers) lanes.push_back({WSP_UNIT_COUNT, f.schedulers, "issues (S = " + std::to_string(f.schedulers) + ")",
                                       kSchedulerColour});
    const std::vector<std::vector<uint32_t>> issued = issues_per_cycle(f);
    std::vector<uint32_t> saturated_cycles(lanes.size(), 0);
    for (size_t l = 0; l < lanes.size(); ++l)
        for (uint32_t t = 0; t < T; ++t) saturated_cycles[l] += issued[lanes[l].unit][t] >= lanes[l].slots;

    // Texts that decide the margins.
    const uint32_t critical_waits = waiting_cycles(f, critical);
    const std::string critical_note = "critical: waits " + plural(critical_waits, "cycle", "cycles");
    std::vector<std::string> lane_notes;
    for (size_t l = 0; l < lanes.size(); ++l)
        lane_notes.push_back("saturated in " + std::to_string(saturated_cycles[l]) + " of " + plural(T, "cycle", "cycles"));
    double left_text = text_width("warp", kLabelFont) + 2;
    for (const uint32_t w : rows) left_text = std::max(left_text, text_width(std::to_string(w + 1), warp_font, true));
    for (const Lane &l : lanes) left_text = std::max(left_text, text_width(l.label, kLabelFont));
    left_text = std::max(left_text, text_width("warp", kLabelFont) + 12 + text_width("cycle", kLabelFont));
    double right_text = text_width(critical_note, kLabelFont, true);
    for (const std::string &n : lane_notes) right_text = std::max(right_text, text_width(n, kLabelFont));
    const double plot_x = kMargin + left_text + 10;
    const double content_w = plot_x + plot_w + 12 + right_text + kMargin;

    // Title and subtitles.
    std::string sigma;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (used[u]) sigma += (sigma.empty() ? "" : ", ") + std::string(1, kUnitLetters[u]) + " " + std::to_string(f.sigma[u]);
    const std::string tail = ", W = " + std::to_string(f.warps) + ": makespan " + plural(T, "cycle", "cycles");
    std::vector<std::string> subtitles;
    subtitles.push_back("\u03c3 (issue slots per cycle): " + sigma + "  \u00b7  schedulers: " +
                        (f.schedulers ? std::to_string(f.schedulers) : std::string("no limit")) +
                        "  \u00b7  I = " + std::to_string(I) + " (normalised)" +
                        (source.empty() ? "" : "  \u00b7  schedule from " + source + ", validated"));
    std::string summary;
    if (bin > 1)
        summary = "one column = " + std::to_string(bin) + " cycles (a bar shows the type issued most in them, a lane "
                  "the mean use)";
    if (rows.size() < f.warps)
        summary += (summary.empty() ? "" : "; ") + std::to_string(rows.size()) + " of " + std::to_string(f.warps) +
                   " warps shown (evenly spaced, and the critical warp)";
    if (!summary.empty()) subtitles.push_back("summarised: " + summary);
    double text_w = 0;
    for (const std::string &s : subtitles) text_w = std::max(text_w, text_width(s, 12));
    const double budget = std::max({content_w, text_w + 2 * kMargin, 720.0}) - 2 * kMargin;
    const std::string title =
        "kernel " + shortened(f.kernel, 15, true, budget - text_width("kernel " + tail, 15, true)) + tail;
    const double width = std::max({content_w, text_w + 2 * kMargin, text_width(title, 15, true) + 2 * kMargin});

    // Vertical layout.
    double y = kMargin + 15;
    TextStyle title_style;
    title_style.size = 15;
    title_style.bold = true;
    svg.text(kMargin, y, title, title_style);
    TextStyle sub_style;
    sub_style.fill = "#555555";
    for (const std::string &s : subtitles) {
        y += 19;
        svg.text(kMargin, y, s, sub_style);
    }
    const double axis_y = y + 26;      // baseline of the tick labels
    const double rows_top = axis_y + 10;
    const double rows_bottom = rows_top + row_h * static_cast<double>(rows.size());
    const double lanes_top = rows_bottom + 14;
    const double lanes_bottom = lanes_top + static_cast<double>(lanes.size()) * (kLaneHeight + kLaneGap) - kLaneGap;
    auto x_at = [&](double cycles) { return plot_x + cycles / static_cast<double>(bin) * cell; };

    // Grid and ticks at round cycle numbers, each at the middle of its cycle.
    TextStyle tick_style;
    tick_style.size = kLabelFont;
    tick_style.anchor = "middle";
    const double tick_w = text_width(std::to_string(T), kLabelFont) + 14;
    const Ticks ticks = nice_ticks(1, T, std::max(1, static_cast<int>(plot_w / tick_w)), 1);
    svg.begin_group("grid");
    for (const double t : ticks.values)
        svg.line(x_at(t - 0.5), rows_top, x_at(t - 0.5), lanes_bottom, kGrid, 1);
    svg.end_group();
    svg.begin_group("ticks-x");
    for (const double t : ticks.values) svg.text(x_at(t - 0.5), axis_y, tick_label(t, ticks), tick_style);
    svg.end_group();
    for (const double t : ticks.values) svg.line(x_at(t - 0.5), axis_y + 3, x_at(t - 0.5), rows_top - 1, "#888888", 1);
    TextStyle axis_style;
    axis_style.size = kLabelFont;
    axis_style.anchor = "end";
    axis_style.fill = "#555555";
    svg.text(plot_x - 10, axis_y, "cycle", axis_style);
    axis_style.anchor = "start";
    svg.text(kMargin, axis_y, "warp", axis_style);

    // The warps.
    const bool tooltips = bin == 1 && static_cast<uint64_t>(f.warps) * I <= 4000;
    svg.begin_group("plot", "shape-rendering=\"crispEdges\"");
    for (size_t r = 0; r < rows.size(); ++r) {
        const uint32_t w = rows[r];
        const uint32_t *c = f.cycles.data() + static_cast<size_t>(w) * I;
        const double top = rows_top + row_h * static_cast<double>(r), bar_y = top + (row_h - bar_h) / 2;
        const bool is_critical = w == critical;
        if (is_critical)
            svg.rect(plot_x - 3, top, plot_w + 6, row_h, "#fdedec", "class=\"critical\" stroke=\"" + std::string(kCritical) +
                                                                     "\" stroke-width=\"1\"");
        svg.rect(x_at(0), bar_y, x_at(c[I - 1]) - x_at(0), bar_h, is_critical ? kCriticalWaiting : kWaiting);
        if (bin == 1) {
            for (uint32_t i = 0; i < I;) {  // runs of consecutive cycles of one type
                uint32_t j = i + 1;
                while (j < I && c[j] == c[j - 1] + 1 && f.unit[j] == f.unit[i]) ++j;
                const double x0 = x_at(c[i] - 1), x1 = x_at(c[j - 1]);
                if (tooltips) {
                    svg.raw("<rect x=\"" + svg_number(x0) + "\" y=\"" + svg_number(bar_y) + "\" width=\"" +
                            svg_number(x1 - x0) + "\" height=\"" + svg_number(bar_h) + "\" fill=\"" +
                            kUnitColours[f.unit[i]] + "\"><title>warp " + std::to_string(w + 1) + ", instruction" +
                            (j - i > 1 ? "s " + std::to_string(i + 1) + "-" + std::to_string(j) : " " + std::to_string(i + 1)) +
                            " (" + kUnitLetters[f.unit[i]] + "), cycle" +
                            (j - i > 1 ? "s " + std::to_string(c[i]) + "-" + std::to_string(c[j - 1])
                                       : " " + std::to_string(c[i])) + "</title></rect>\n");
                } else {
                    svg.rect(x0, bar_y, x1 - x0, bar_h, kUnitColours[f.unit[i]]);
                }
                i = j;
            }
        } else {
            // Per column the type issued most (-1: none), then runs of equal columns.
            std::vector<uint32_t> count(columns * WSP_UNIT_COUNT, 0);
            for (uint32_t i = 0; i < I; ++i)
                if (c[i] >= 1 && c[i] <= T) ++count[(c[i] - 1) / bin * WSP_UNIT_COUNT + f.unit[i]];
            std::vector<int> most(columns, -1);
            for (uint64_t k = 0; k < columns; ++k) {
                const uint32_t *per = count.data() + k * WSP_UNIT_COUNT;
                const uint32_t *m = std::max_element(per, per + WSP_UNIT_COUNT);
                if (*m) most[k] = static_cast<int>(m - per);
            }
            for (uint64_t k = 0; k < columns;) {
                uint64_t e = k + 1;
                while (e < columns && most[e] == most[k]) ++e;
                if (most[k] >= 0)
                    svg.rect(plot_x + cell * static_cast<double>(k), bar_y, cell * static_cast<double>(e - k), bar_h,
                             kUnitColours[most[k]]);
                k = e;
            }
        }
    }
    svg.end_group();
    // Warp labels: all of them when the rows are tall enough, else every few, always the critical warp.
    const size_t every = row_h >= 10 ? 1 : static_cast<size_t>(std::ceil(10 / row_h));
    TextStyle warp_style;
    warp_style.size = warp_font;
    warp_style.anchor = "end";
    for (size_t r = 0; r < rows.size(); ++r) {
        const bool is_critical = rows[r] == critical;
        if (!is_critical && r % every) continue;
        TextStyle st = warp_style;
        if (is_critical) {
            st.bold = true;
            st.fill = kCritical;
        }
        svg.text(plot_x - 10, rows_top + row_h * static_cast<double>(r) + row_h / 2 + warp_font * 0.36,
                 std::to_string(rows[r] + 1), st);
    }
    {
        const size_t r = static_cast<size_t>(std::find(rows.begin(), rows.end(), critical) - rows.begin());
        TextStyle st;
        st.size = kLabelFont;
        st.bold = true;
        st.fill = kCritical;
        svg.text(plot_x + plot_w + 12, rows_top + row_h * static_cast<double>(r) + row_h / 2 + kLabelFont * 0.36,
                 critical_note, st);
    }

    // The lanes: per column the share of the issue slots used; saturated columns in full colour.
    svg.begin_group("lanes", "shape-rendering=\"crispEdges\"");
    for (size_t l = 0; l < lanes.size(); ++l) {
        const Lane &lane = lanes[l];
        const double top = lanes_top + static_cast<double>(l) * (kLaneHeight + kLaneGap);
        svg.rect(plot_x, top, plot_w, kLaneHeight, "#f4f4f4");
        std::vector<double> share(columns, 0);
        std::vector<bool> full(columns, true);
        std::vector<uint32_t> in_column(columns, 0);
        for (uint32_t t = 0; t < T; ++t) {
            const uint64_t k = t / bin;
            share[k] += static_cast<double>(std::min(issued[lane.unit][t], lane.slots)) / lane.slots;
            full[k] = full[k] && issued[lane.unit][t] >= lane.slots;
            ++in_column[k];
        }
        for (uint64_t k = 0; k < columns; ++k) share[k] /= in_column[k];
        for (uint64_t k = 0; k < columns;) {
            uint64_t e = k + 1;
            while (e < columns && share[e] == share[k] && full[e] == full[k]) ++e;
            const double h = kLaneHeight * share[k], x = plot_x + cell * static_cast<double>(k),
                         w = cell * static_cast<double>(e - k);
            if (h > 0)
                svg.rect(x, top + kLaneHeight - h, w, h, lane.colour, full[k] ? "" : "fill-opacity=\"0.45\"");
            if (full[k]) svg.rect(x, top - 3, w, 2.5, "#222222");
            k = e;
        }
        TextStyle st;
        st.size = kLabelFont;
        st.anchor = "end";
        svg.text(plot_x - 10, top + kLaneHeight / 2 + 4, lane.label, st);
        st.anchor = "start";
        st.fill = "#555555";
        svg.text(plot_x + plot_w + 12, top + kLaneHeight / 2 + 4, lane_notes[l], st);
    }
    svg.end_group();

    // The makespan: a dashed line at the end of the last cycle.
    svg.line(x_at(T), rows_top - 4, x_at(T), lanes_bottom + 4, kCritical, 1.5, "stroke-dasharray=\"4,3\"");
    TextStyle end_style;
    end_style.size = kLabelFont;
    end_style.fill = kCritical;
    const std::string end_label = "makespan " + std::to_string(T);
    end_style.anchor = x_at(T) - text_width(end_label, kLabelFont) >= kMargin ? "end" : "start";
    svg.text(std::strcmp(end_style.anchor, "end") == 0 ? x_at(T) : kMargin, lanes_bottom + 18, end_label, end_style);

    // The legend, under everything, as wide as the picture allows.
    std::vector<LegendEntry> legend;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (used[u])
            legend.push_back({LegendMark::kSwatch, kUnitColours[u],
                              std::string(1, kUnitLetters[u]) + " issue (" + kUnitNames[u] + ")"});
    legend.push_back({LegendMark::kSwatch, kWaiting, "waiting"});
    legend.push_back({LegendMark::kSwatch, kCriticalWaiting, "critical warp waiting (finishes last)"});
    legend.push_back({LegendMark::kPale, "#666666", "lane: share of slots used"});
    legend.push_back({LegendMark::kSwatch, "#666666", "lane: saturated (black mark above)"});
    legend.push_back({LegendMark::kDashed, kCritical, "makespan"});
    const double legend_y = lanes_bottom + 30;
    const LegendBox box = draw_legend(svg, kMargin, legend_y, legend, width - 2 * kMargin, false);
    const double height = legend_y + box.height + kMargin;
    return svg.document(width, height, "Gantt chart: " + title);
}

}  // namespace wsp_cli
