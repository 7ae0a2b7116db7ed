// The plots of the CLI (tools/warpspan): round ticks, the text width estimate, the text chart of a
// schedule (every label whole and in its place, every cell the schedule's), and the SVG Gantt chart,
// convergence plot and table bracket plot (their facts: critical warp, saturated cycles, legends,
// escaping). `test_plots --write-svgs DIR` writes one SVG per case of plot_cases() instead of
// testing: tests/svg_check.py parses them as XML, checks every text and legend against the viewBox
// and every tick for round numbers, and renders them with rsvg-convert.
#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "ascii_chart.hpp"
#include "nice_ticks.hpp"
#include "schedule_facts.hpp"
#include "svg_bracket.hpp"
#include "svg_convergence.hpp"
#include "svg_gantt.hpp"
#include "svg_legend.hpp"
#include "svg_writer.hpp"

using namespace wsp_cli;

namespace {

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

size_t count_of(const std::string &text, const std::string &part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// ---- schedules to draw ------------------------------------------------------------------------

struct Instance {
    const char *kernel;
    uint32_t warps;
    uint32_t sigma[4];
    uint32_t schedulers;
};

// A problem and one schedule of it: the decoding of a random pseudo-precedence string (seeded), or
// of round robin when seed is 0. Heap memory, so long kernels and W = 100 fit.
ScheduleFacts decoded(const Instance &in, uint32_t seed) {
    wsp_sm_config sm{};
    sm.warp_size = 32;
    for (int u = 0; u < 4; ++u) sm.units[u] = 32u * in.sigma[u];
    sm.schedulers = in.schedulers;
    wsp_diag d{};
    size_t bytes = 0;
    assert_int_equal(wsp_problem_workspace_size(in.kernel, in.warps, &sm, &bytes, &d), WSP_OK);
    std::vector<uint64_t> pws(bytes / 8 + 1);
    wsp_problem *p = nullptr;
    assert_int_equal(wsp_problem_init(in.kernel, in.warps, &sm, pws.data(), pws.size() * 8, &p, &d), WSP_OK);
    const uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
    std::vector<uint32_t> string(static_cast<size_t>(W) * I);
    for (size_t k = 0; k < string.size(); ++k) string[k] = static_cast<uint32_t>(k % W) + 1;  // round robin
    uint32_t rng = seed;
    for (size_t k = string.size(); seed && k > 1; --k) std::swap(string[k - 1], string[rng_below(&rng, static_cast<uint32_t>(k))]);
    assert_int_equal(wsp_schedule_workspace_size(p, &bytes, &d), WSP_OK);
    std::vector<uint64_t> sws(bytes / 8 + 1);
    std::vector<uint32_t> cycles(string.size());
    uint32_t makespan = 0;
    assert_int_equal(wsp_schedule_decode(p, string.data(), string.size(), sws.data(), sws.size() * 8, nullptr,
                                         cycles.data(), &makespan, &d),
                     WSP_OK);
    return schedule_facts(p, in.kernel, cycles, makespan);
}

// ---- the cases of every SVG --------------------------------------------------------------------

struct PlotCase {
    std::string name;
    std::function<std::string()> make;
};

ConvergenceData convergence_case(size_t restarts, double scale, uint64_t upper, uint32_t seed) {
    static const char *const inits[] = {"round-robin", "fixed-priority", "most-pending", "random", "least-progress",
                                        "starve"};
    ConvergenceData d;
    d.title = "Annealing: best makespan so far, kernel L5 C9 L2 C9, W = 16";
    d.subtitle = std::to_string(restarts) + " restarts \u00d7 100000 iterations, uniform moves (paper 003 Fig. 12)";
    uint32_t rng = seed;
    for (size_t r = 0; r < restarts; ++r) {
        ConvergenceSeries s;
        s.label = inits[r % 6];
        s.colour = r % 6;
        double t = scale * 0.01 * static_cast<double>(rng_below(&rng, 50));
        uint32_t best = 120 + rng_below(&rng, 20);
        s.steps.push_back({t, best});
        for (uint32_t k = rng_below(&rng, 12); k > 0; --k) {
            t += scale * 0.001 * (1 + rng_below(&rng, 100));
            best += 1 + rng_below(&rng, 4);
            s.steps.push_back({t, best});
        }
        d.seconds = std::max(d.seconds, t);
        d.restarts.push_back(s);
    }
    d.seconds *= 1.1;
    d.upper = upper;
    return d;
}

// A table of W = 1..warps with the columns asked for (T(W) known exactly up to exact_until).
std::vector<BracketTable> bracket_case(uint32_t warps, bool with_exact, bool with_anneal, bool with_paper,
                                       uint32_t exact_until, bool with_bound = true) {
    BracketTable t;
    t.name = "voronoi";
    t.kernel = "L5C9L2C9";
    t.config = "units=L=32,C=128,S=32,D=32 latency=L=1,C=1,S=1,D=1 warp_size=32 schedulers=4";
    for (uint32_t w = 1; w <= warps; ++w) {
        BracketRow r;
        r.warps = w;
        const uint64_t T = 25 + 9ull * (w - 1);
        if (with_bound) r.bound = T + (w > 2 ? 3ull * w : 0);
        if (with_exact) {
            r.exact_lower = w <= exact_until ? T : T - 2;
            r.exact_upper = w <= exact_until ? T : T + w;
        }
        if (with_anneal) r.anneal = T - (w % 3);
        if (with_paper) r.paper = 25ull * ((w + 3) / 4) + 2ull * w;
        t.rows.push_back(r);
    }
    return {t};
}

std::vector<PlotCase> plot_cases() {
    std::vector<PlotCase> cases;
    auto gantt = [&](const std::string &name, Instance in, uint32_t seed, const std::string &source) {
        cases.push_back({"gantt_" + name, [=]() { return gantt_svg(decoded(in, seed), source); }});
    };
    gantt("lcl_w4", {"LCL", 4, {1, 1, 1, 1}, 0}, 0, "--witness");
    gantt("voronoi_w16", {"L5 C9 L2 C9", 16, {1, 4, 1, 1}, 4}, 7, "anneal");
    gantt("four_types_w64", {"L3 C4 S2 D1 C2", 64, {1, 2, 1, 1}, 2}, 11, "exact");
    gantt("one_warp", {"L", 1, {1, 1, 1, 1}, 0}, 0, "");
    gantt("long_w48", {"L30 C20", 48, {1, 2, 1, 1}, 0}, 3, "anneal");   // > 1000 cycles: columns of 2
    gantt("long_w64", {"L60 C40 S10", 64, {1, 4, 1, 1}, 4}, 5, "ilp");  // columns of 5
    gantt("w100", {"L2 C3", 100, {2, 4, 1, 1}, 0}, 13, "anneal");      // 64 of 100 rows
    gantt("long_kernel_name", {"L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 "
                               "L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1 L1 C1",
                               3, {1, 1, 1, 1}, 0},
          1, "anneal");
    cases.push_back({"convergence_six", [] { return convergence_svg(convergence_case(6, 1, 197, 3)); }});
    cases.push_back({"convergence_many", [] { return convergence_svg(convergence_case(24, 40, 0, 5)); }});
    cases.push_back({"convergence_fast", [] { return convergence_svg(convergence_case(3, 0.002, 150, 9)); }});
    cases.push_back({"convergence_flat", [] {
                         ConvergenceData d;
                         d.title = "Annealing: best makespan so far, kernel L, W = 1";
                         d.restarts.push_back({"round-robin", 0, {{0.0, 1}}});
                         return convergence_svg(d);
                     }});
    cases.push_back({"bracket_w16", [] { return bracket_svg(bracket_case(16, true, true, true, 9), "warpspan table"); }});
    cases.push_back({"bracket_w64", [] { return bracket_svg(bracket_case(64, true, false, false, 20), "warpspan table"); }});
    cases.push_back({"bracket_bound_only", [] { return bracket_svg(bracket_case(8, false, false, false, 0), "bound"); }});
    cases.push_back({"bracket_anneal_only", [] { return bracket_svg(bracket_case(12, false, true, false, 0, false), "anneal"); }});
    cases.push_back({"bracket_w1", [] { return bracket_svg(bracket_case(1, true, false, true, 1), "W = 1"); }});
    cases.push_back({"bracket_two_kernels", [] {
                         std::vector<BracketTable> t = bracket_case(8, true, true, false, 5);
                         std::vector<BracketTable> u = bracket_case(32, false, true, true, 0);
                         u[0].name = "a&b<c>";
                         u[0].kernel = "LLL";
                         t.push_back(u[0]);
                         return bracket_svg(t, "two kernels");
                     }});
    return cases;
}

// ---- nice ticks ---------------------------------------------------------------------------------

// Whether step is 1, 2 or 5 times a power of ten.
bool round_step(double step) {
    const double e = std::floor(std::log10(step) + 1e-9), m = step / std::pow(10.0, e);
    return std::fabs(m - 1) < 1e-9 || std::fabs(m - 2) < 1e-9 || std::fabs(m - 5) < 1e-9;
}

void test_nice_ticks_table(void **) {
    struct Row {
        double lo, hi;
        int max;
        double min_step;
        double step;
        const char *labels;  // space-separated
    } rows[] = {
        {0, 1.25381, 8, 0, 0.2, "0.0 0.2 0.4 0.6 0.8 1.0 1.2"},
        {1, 163, 10, 1, 20, "20 40 60 80 100 120 140 160"},
        {1, 7, 5, 1, 2, "2 4 6"},
        {1, 7, 10, 1, 1, "1 2 3 4 5 6 7"},
        {1, 1, 3, 1, 1, "1"},
        {129, 163, 8, 1, 5, "130 135 140 145 150 155 160"},
        {0, 0.0031, 5, 0, 0.001, "0.000 0.001 0.002 0.003"},
        {0, 3000, 7, 1, 500, "0 500 1000 1500 2000 2500 3000"},
        {-3, 3, 4, 0, 2, "-2 0 2"},
        {0.1, 0.35, 10, 0, 0.05, "0.10 0.15 0.20 0.25 0.30 0.35"},
    };
    for (const Row &r : rows) {
        const Ticks t = nice_ticks(r.lo, r.hi, r.max, r.min_step);
        std::string labels;
        for (const double v : t.values) labels += (labels.empty() ? "" : " ") + tick_label(v, t);
        if (std::fabs(t.step - r.step) > 1e-12 || labels != r.labels) {
            print_error("[%g, %g] max %d: step %g, labels '%s'; want %g, '%s'\n", r.lo, r.hi, r.max, t.step,
                        labels.c_str(), r.step, r.labels);
            fail();
        }
    }
    double lo = 129, hi = 163;
    const Ticks axis = nice_axis(lo, hi, 8, 1);
    assert_true(lo == 125 && hi == 165 && axis.step == 5 && axis.values.size() == 9);
    lo = hi = 7;
    nice_axis(lo, hi, 8, 1);
    assert_true(lo == 6 && hi == 8);
    const unsigned long long ceilings[][2] = {{1, 1}, {2, 2}, {3, 5}, {6, 10}, {11, 20}, {21, 50}, {51, 100}, {4001, 5000}};
    for (const auto &c : ceilings) assert_int_equal(nice_ceiling(c[0]), c[1]);
}

// Random ranges: the step is round and >= min_step, at most max ticks, every tick a multiple of the
// step inside the range, none missing, labels that read back as the values, and no smaller round
// step would have done.
void test_nice_ticks_random(void **) {
    const uint32_t seed = test_seed();
    uint32_t rng = seed;
    for (int n = 0; n < 3000; ++n) {
        const double scale = std::pow(10.0, static_cast<int>(rng_below(&rng, 12)) - 5);
        double lo = scale * rng_below(&rng, 1000) / 10.0, hi = lo + scale * rng_below(&rng, 5000) / 10.0;
        if (rng_below(&rng, 4) == 0) lo = -lo;
        const int max = 1 + static_cast<int>(rng_below(&rng, 12));
        const double min_step = rng_below(&rng, 2) ? 1 : 0;
        const Ticks t = nice_ticks(lo, hi, max, min_step);
        CHECK_SEEDED(round_step(t.step) && t.step >= min_step, seed, "[%g, %g]: step %g", lo, hi, t.step);
        CHECK_SEEDED(static_cast<int>(t.values.size()) <= max, seed, "[%g, %g] max %d: %zu ticks", lo, hi, max,
                     t.values.size());
        for (size_t k = 0; k < t.values.size(); ++k) {
            const double v = t.values[k], q = v / t.step;
            CHECK_SEEDED(std::fabs(q - std::round(q)) < 1e-6, seed, "%g is no multiple of %g", v, t.step);
            CHECK_SEEDED(v >= lo - 1e-9 * std::fabs(lo) - 1e-12 && v <= hi + 1e-9 * std::fabs(hi) + 1e-12, seed,
                         "%g outside [%g, %g]", v, lo, hi);
            if (k) CHECK_SEEDED(std::fabs(v - t.values[k - 1] - t.step) < 1e-6 * t.step, seed, "gap at %g", v);
            const double back = std::strtod(tick_label(v, t).c_str(), nullptr);
            CHECK_SEEDED(std::fabs(back - v) <= 1e-9 * std::max(1.0, std::fabs(v)), seed, "label %s for %g",
                         tick_label(v, t).c_str(), v);
            CHECK_SEEDED(tick_label(v, t).rfind("-0", 0) != 0 || back != 0, seed, "label -0");
        }
        // The next smaller round step would give too many ticks (or fall below min_step).
        const double m = t.step / std::pow(10.0, t.exponent);
        const double smaller = m == 1 ? 0.5 * t.step : m == 2 ? 0.5 * t.step : 0.4 * t.step;
        const double count = std::floor(hi / smaller + 1e-9) - std::ceil(lo / smaller - 1e-9) + 1;
        CHECK_SEEDED(smaller < min_step * (1 - 1e-12) || count > max, seed, "[%g, %g] max %d: step %g is not the smallest",
                     lo, hi, max, t.step);
    }
}

// ---- text width ---------------------------------------------------------------------------------

void test_text_width(void **) {
    assert_true(text_width("", 12) == 0);
    // At least DejaVu Sans' own advance widths (em): digits 0.636, 'W' 0.989, 'm' 0.974, 'i' 0.278.
    assert_true(text_width("0123456789", 10) >= 63.6);
    assert_true(text_width("W", 10) >= 9.89 && text_width("m", 10) >= 9.74 && text_width("i", 10) >= 2.78);
    assert_true(text_width("abc", 12, true) > text_width("abc", 12));
    assert_true(text_width("abcd", 12) > text_width("abc", 12));
    // One multi-byte character counts once, as a wide one.
    assert_true(std::fabs(text_width("\u03c3", 10) - 10.2) < 1e-9);
    assert_true(std::fabs(text_width("a\u2026", 10) - text_width("a", 10) - 10.2) < 1e-9);
    // shortened() fits the width, keeps whole characters and says so with an ellipsis.
    const std::string s = shortened("L5 C9 L2 C9 \u03c3\u03c3\u03c3 L5 C9 L2 C9", 12, false, 100);
    assert_true(text_width(s, 12) <= 100);
    assert_true(s.size() >= 3 && s.compare(s.size() - 3, 3, "\u2026") == 0);
    assert_true(shortened("short", 12, false, 100) == "short");
    for (double w = 0; w < 200; w += 7) {
        const std::string t = shortened("ab\u03c3cd\u03c3\u03c3efgh ijkl mnop", 11, true, w);
        assert_true(text_width(t, 11, true) <= std::max(w, text_width("\u2026", 11, true)));
        // Valid UTF-8: no dangling first byte before the ellipsis.
        const size_t at = t.size() - 3;
        assert_true(at == 0 || (static_cast<unsigned char>(t[at - 1]) & 0xC0) != 0xC0);
    }
    assert_string_equal(xml_escape("a&b<c>\"d\"").c_str(), "a&amp;b&lt;c&gt;&quot;d&quot;");
    assert_string_equal(svg_number(1.0 / 3).c_str(), "0.33");
    assert_string_equal(svg_number(-0.001).c_str(), "0");
    assert_string_equal(svg_number(12).c_str(), "12");
    // A legend is as wide as its widest row and no wider than the space given (when an entry fits).
    const std::vector<LegendEntry> entries = {{LegendMark::kSwatch, "#000", "L issue (load/store)"},
                                              {LegendMark::kDashed, "#000", "makespan"},
                                              {LegendMark::kDot, "#000", "T(W) exactly (exact: optimal)"}};
    const LegendBox row = legend_box(entries, 2000, false), column = legend_box(entries, 2000, true);
    assert_true(row.width > column.width && row.height < column.height);
    const LegendBox narrow = legend_box(entries, column.width, false);
    assert_true(narrow.width <= column.width && narrow.height == column.height);
}

// ---- the text chart -----------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Checks one chart against its schedule, independently of ascii_chart's code: the note, the blocks
// covering every cycle once, each ruler label whole, at its column and over a tick, every round
// column ticked, and every cell (the letter issued most in the column, '.' while waiting, nothing
// after the warp is done).
void check_chart(const ScheduleFacts &f, uint32_t width, uint32_t max_blocks, uint32_t seed) {
    const std::string chart = ascii_chart(f, width, max_blocks);
    const std::vector<std::string> lines = lines_of(chart);
    const uint64_t T = f.makespan;
    uint64_t k = 1;  // the smallest 1, 2, 5 x 10^j that fits the schedule into one block
    for (uint64_t p = 1; T > static_cast<uint64_t>(width) * max_blocks && k == 1; p *= 10)
        for (const uint64_t m : {1ull, 2ull, 5ull})
            if (k == 1 && m * p * width >= T && m * p > 1) k = m * p;
    const uint64_t columns = (T + k - 1) / k, blocks = (columns + width - 1) / width;
    size_t at = 0;
    if (k > 1) {
        CHECK_SEEDED(lines[0] == "  (summarised: " + std::to_string(T) + " cycles in " + std::to_string(columns) +
                                     " columns of " + std::to_string(k) +
                                     "; letter = the type issued most, . = only waiting)",
                     seed, "note '%s'", lines[0].c_str());
        at = 1;
    } else if (blocks > 1) {
        CHECK_SEEDED(lines[0] == "  (wrapped: " + std::to_string(T) + " cycles in " + std::to_string(blocks) +
                                     " blocks of at most " + std::to_string(width) + ")",
                     seed, "note '%s'", lines[0].c_str());
        at = 1;
    }
    CHECK_SEEDED(lines.size() == at + blocks * (2 + f.warps) + (blocks - 1), seed, "%zu lines", lines.size());
    for (uint64_t b = 0; b < blocks; ++b) {
        if (b) CHECK_SEEDED(lines[at++].empty(), seed, "no blank line between blocks");
        const uint64_t c0 = b * width, c1 = std::min<uint64_t>(columns, c0 + width);
        const std::string &ruler = lines[at], &ticks = lines[at + 1];
        CHECK_SEEDED(ruler.rfind("  cycle      ", 0) == 0 && ticks.rfind("             ", 0) == 0, seed, "ruler");
        const std::string r = ruler.substr(13), tk = ticks.size() > 13 ? ticks.substr(13) : "";
        bool first_seen = false, last_seen = false;
        for (size_t j = 0; j < r.size();) {
            if (r[j] == ' ') {
                ++j;
                continue;
            }
            size_t e = j;
            while (e < r.size() && r[e] != ' ') ++e;
            const std::string label = r.substr(j, e - j);
            CHECK_SEEDED(label.find_first_not_of("0123456789") == std::string::npos, seed, "label '%s'", label.c_str());
            const uint64_t v = std::stoull(label), col = c0 + j;
            const bool first = j == 0 && v == c0 * k + 1;
            const bool last = col == c1 - 1 && v == std::min<uint64_t>(c1 * k, T);
            const bool round = col < c1 && (col + 1) % 10 == 0 && v == (col + 1) * k;
            CHECK_SEEDED(first || last || round, seed, "block %llu: label %s at column %zu", (unsigned long long)b,
                         label.c_str(), j);
            CHECK_SEEDED(j < tk.size() && tk[j] == '|', seed, "label %s without a tick", label.c_str());
            first_seen = first_seen || first;
            last_seen = last_seen || last;
            j = e;
        }
        CHECK_SEEDED(first_seen, seed, "block %llu has no first label: '%s'", (unsigned long long)b, r.c_str());
        // The last cycle shown is labelled unless the block is too narrow for both labels.
        if (c1 - c0 > std::to_string(c0 * k + 1).size() + 1)
            CHECK_SEEDED(last_seen, seed, "block %llu has no last label: '%s'", (unsigned long long)b, r.c_str());
        for (uint64_t col = c0; col < c1; ++col)
            if ((col + 1) % 10 == 0) CHECK_SEEDED(col - c0 < tk.size() && tk[col - c0] == '|', seed, "no tick at %llu",
                                                  (unsigned long long)col);
        for (uint32_t w = 0; w < f.warps; ++w) {
            const std::string &line = lines[at + 2 + w];
            char head[32];
            std::snprintf(head, sizeof head, "  warp %4u  ", w + 1);
            CHECK_SEEDED(line.rfind(head, 0) == 0, seed, "row '%s'", line.c_str());
            const std::string row = line.substr(13);
            CHECK_SEEDED(row.empty() || row.back() != ' ', seed, "trailing blank");
            CHECK_SEEDED(row.size() <= c1 - c0, seed, "row wider than the block");
            const uint32_t *c = f.cycles.data() + static_cast<size_t>(w) * f.length;
            for (uint64_t col = c0; col < c1; ++col) {
                uint32_t count[4] = {};
                for (uint32_t i = 0; i < f.length; ++i)
                    if ((c[i] - 1) / k == col) ++count[f.unit[i]];
                char want = ' ';
                for (int u = 0, best = 0; u < 4; ++u)
                    if (count[u] > static_cast<uint32_t>(best)) best = static_cast<int>(count[u]), want = kUnitLetters[u];
                if (want == ' ' && col * k + 1 <= c[f.length - 1]) want = '.';
                const char got = col - c0 < row.size() ? row[col - c0] : ' ';
                CHECK_SEEDED(got == want, seed, "warp %u column %llu: '%c', want '%c'", w + 1, (unsigned long long)col, got,
                             want);
            }
        }
        at += 2 + f.warps;
    }
}

void test_ascii_chart_random(void **) {
    const uint32_t seed = test_seed();
    uint32_t rng = seed;
    const char *const kernels[] = {"L", "LCL", "L5 C9 L2 C9", "LCSD", "C3 S1 L2", "L12 C7", "D2 L1 S3 C4"};
    for (int n = 0; n < 120; ++n) {
        Instance in{kernels[rng_below(&rng, 7)], 1 + rng_below(&rng, 12), {}, rng_below(&rng, 4)};
        for (auto &s : in.sigma) s = 1 + rng_below(&rng, 3);
        const uint32_t s = rng_next(&rng);
        const ScheduleFacts f = decoded(in, s | 1);
        const uint32_t widths[] = {10, 13, 37, 100};
        const uint32_t width = widths[rng_below(&rng, 4)], blocks = 1 + rng_below(&rng, 3);
        check_chart(f, width, blocks, seed);
    }
}

// The fixed cases: the docs' examples, a label that used to be cut, and the summarised form.
void test_ascii_chart_cases(void **) {
    // LCL, W = 4, round robin: makespan 8.
    const ScheduleFacts lcl = decoded({"LCL", 4, {1, 1, 1, 1}, 0}, 0);
    assert_string_equal(ascii_chart(lcl).c_str(),
                        "  cycle      1      8\n"
                        "             |      |\n"
                        "  warp    1  LC..L\n"
                        "  warp    2  .LC..L\n"
                        "  warp    3  ..LC..L\n"
                        "  warp    4  ...LC..L\n");
    // 100 cycles in one block: the last label, 100, is whole (it used to be cut to "1").
    const ScheduleFacts hundred = decoded({"L100", 1, {1, 1, 1, 1}, 0}, 0);
    const std::string chart = ascii_chart(hundred);
    assert_true(contains(lines_of(chart)[0], " 90        100"));
    check_chart(hundred, 100, 5, 0);
    // Wrapped and summarised forms of a long schedule, checked cell by cell.
    const ScheduleFacts longer = decoded({"L60 C40 S10", 6, {1, 4, 1, 1}, 4}, 5);
    assert_true(longer.makespan > 300);
    check_chart(longer, 100, 5, 0);
    check_chart(longer, 100, 1, 0);
    check_chart(longer, 10, 1, 0);
    assert_true(contains(ascii_chart(longer, 100, 1), " columns of 5; letter = the type issued most"));
    // A degenerate schedule draws nothing rather than something wrong.
    ScheduleFacts empty;
    assert_string_equal(ascii_chart(empty).c_str(), "");
}

// ---- the SVG plots ------------------------------------------------------------------------------

// The Gantt chart names the critical warp (finishes last, waits most), counts saturated cycles as
// the schedule does, lists only used unit types, and shows the makespan and the facts in its title.
void test_gantt_facts(void **) {
    const uint32_t seed = test_seed();
    uint32_t rng = seed;
    for (int n = 0; n < 40; ++n) {
        Instance in{"L3 C2 S1 L1", 2 + rng_below(&rng, 20), {1 + rng_below(&rng, 2), 1 + rng_below(&rng, 3), 1, 1},
                    rng_below(&rng, 3)};
        const ScheduleFacts f = decoded(in, rng_next(&rng) | 1);
        const std::string svg = gantt_svg(f, "anneal");
        // The critical warp, recomputed: the first of those that finish at the makespan.
        uint32_t crit = 0;
        while (f.cycles[crit * f.length + f.length - 1] != f.makespan) ++crit;
        CHECK_SEEDED(critical_warp(f) == crit, seed, "critical warp %u, want %u", critical_warp(f) + 1, crit + 1);
        const uint32_t waits = f.cycles[crit * f.length + f.length - 1] - f.length;
        CHECK_SEEDED(contains(svg, "critical: waits " + std::to_string(waits) + (waits == 1 ? " cycle<" : " cycles<")),
                     seed, "critical note");
        CHECK_SEEDED(contains(svg, "font-weight=\"bold\" fill=\"#c0392b\">" + std::to_string(crit + 1) + "</text>"), seed,
                     "critical label");
        CHECK_SEEDED(count_of(svg, "class=\"critical\"") == 1, seed, "one critical row");
        // What docs/plots.md promises the reader: each waiting cycle of the critical warp is a
        // saturated cycle of its next instruction's lane or of the schedulers' lane.
        const std::vector<std::vector<uint32_t>> issued = issues_per_cycle(f);
        for (uint32_t t = 1, i = 0; t <= f.makespan && i < f.length; ++t) {
            if (f.cycles[crit * f.length + i] == t) {
                ++i;
                continue;
            }
            const uint8_t u = f.unit[i];
            CHECK_SEEDED(issued[u][t - 1] >= in.sigma[u] ||
                             (in.schedulers && issued[WSP_UNIT_COUNT][t - 1] >= in.schedulers),
                         seed, "the critical warp waits in cycle %u with a free slot", t);
        }
        // Saturated cycles per lane, counted here from the matrix.
        for (int u = 0; u <= WSP_UNIT_COUNT; ++u) {
            if (u < WSP_UNIT_COUNT && u >= 3) continue;  // the kernel uses L, C, S
            if (u == WSP_UNIT_COUNT && !in.schedulers) continue;
            const uint32_t slots = u == WSP_UNIT_COUNT ? in.schedulers : in.sigma[u];
            uint32_t saturated = 0;
            for (uint32_t t = 1; t <= f.makespan; ++t) {
                uint32_t n_t = 0;
                for (uint32_t w = 0; w < f.warps; ++w)
                    for (uint32_t i = 0; i < f.length; ++i)
                        n_t += f.cycles[w * f.length + i] == t && (u == WSP_UNIT_COUNT || f.unit[i] == u);
                saturated += n_t >= slots;
            }
            CHECK_SEEDED(contains(svg, "saturated in " + std::to_string(saturated) + " of " + std::to_string(f.makespan) +
                                           " cycles"),
                         seed, "lane %d: %u saturated cycles", u, saturated);
        }
        CHECK_SEEDED(contains(svg, ": makespan " + std::to_string(f.makespan) + " cycles"), seed, "title");
        CHECK_SEEDED(contains(svg, ">makespan " + std::to_string(f.makespan) + "</text>"), seed, "makespan mark");
        CHECK_SEEDED(contains(svg, "schedulers: " + (in.schedulers ? std::to_string(in.schedulers) : "no limit")), seed,
                     "schedulers");
        CHECK_SEEDED(contains(svg, "L issue (load/store)") && !contains(svg, "D issue"), seed, "legend");
        CHECK_SEEDED(contains(svg, "W = " + std::to_string(f.warps) + ":"), seed, "W");
    }
    // LCL, W = 4, no limit, round robin: tooltips per instruction, the sigma line, no scheduler lane.
    const std::string fig2 = gantt_svg(decoded({"LCL", 4, {1, 1, 1, 1}, 0}, 0), "--witness");
    assert_true(contains(fig2, "<title>warp 4, instruction 3 (L), cycle 8</title>"));
    assert_true(contains(fig2, "\u03c3 (issue slots per cycle): L 1, C 1"));
    assert_true(contains(fig2, "schedule from --witness, validated"));
    assert_false(contains(fig2, "issues (S ="));
    // Summaries are said: columns of k cycles, and rows beyond 64 warps.
    const std::string longer = gantt_svg(decoded({"L30 C20", 48, {1, 2, 1, 1}, 0}, 3), "anneal");
    assert_true(contains(longer, "summarised: one column = 2 cycles"));
    const std::string many = gantt_svg(decoded({"L2 C3", 100, {2, 4, 1, 1}, 0}, 13), "anneal");
    assert_true(contains(many, "64 of 100 warps shown"));
    assert_int_equal(count_of(many, "class=\"critical\""), 1);
}

void test_convergence_facts(void **) {
    const ConvergenceData d = convergence_case(6, 1, 197, 3);
    const std::string svg = convergence_svg(d);
    assert_int_equal(count_of(svg, "<polyline"), 6 + 1);  // the restarts and the envelope
    assert_true(contains(svg, "proven upper bound: 197"));
    assert_true(contains(svg, "best makespan so far (cycles)") && contains(svg, "seconds since the start"));
    uint32_t best = 0;
    for (const auto &s : d.restarts) best = std::max(best, s.steps.back().second);
    assert_true(contains(svg, "best of all restarts: " + std::to_string(best)));
    // Restarts of one initial solution share a legend entry.
    const std::string many = convergence_svg(convergence_case(24, 40, 0, 5));
    assert_true(contains(many, "round-robin (4 restarts): best "));
    assert_false(contains(many, "proven upper bound"));
    // A run under half a second is drawn in milliseconds.
    assert_true(contains(convergence_svg(convergence_case(3, 0.002, 150, 9)), ">milliseconds since the start<"));
    // An empty run still makes a document.
    const std::string empty = convergence_svg(ConvergenceData{});
    assert_true(contains(empty, "</svg>") && !contains(empty, "<polyline"));
}

void test_bracket_facts(void **) {
    const std::string svg = bracket_svg(bracket_case(16, true, true, true, 9), "warpspan table");
    assert_int_equal(count_of(svg, "<circle"), 9 + 1);  // exact W = 1..9 and the legend's dot
    assert_true(contains(svg, "paper 004 Eq. 5-7: NOT a bound"));
    assert_true(contains(svg, "bracket [witnessed lower, proven upper]"));
    assert_false(contains(svg, "witnessed lower bound only"));
    const std::string bound_only = bracket_svg(bracket_case(8, false, false, false, 0), "bound");
    assert_false(contains(bound_only, "<circle"));
    assert_false(contains(bound_only, "paper 004"));
    assert_true(contains(bound_only, "bound column (proven upper bound)"));
    const std::string anneal = bracket_svg(bracket_case(12, false, true, false, 0, false), "anneal");
    assert_true(contains(anneal, "witnessed lower bound only"));
    // Table names are escaped.
    std::vector<BracketTable> t = bracket_case(3, true, false, false, 3);
    t[0].name = "a&b<c>";
    assert_true(contains(bracket_svg(t, "x"), "a&amp;b&lt;c&gt;: kernel"));
}

int write_svgs(const std::string &dir) {
    ::mkdir(dir.c_str(), 0777);
    for (const PlotCase &c : plot_cases()) {
        std::ofstream out(dir + "/" + c.name + ".svg", std::ios::binary);
        out << c.make();
        if (!out) {
            std::fprintf(stderr, "cannot write %s/%s.svg\n", dir.c_str(), c.name.c_str());
            return 1;
        }
    }
    return 0;
}

// Every case builds, twice the same (no hidden state), and is a closed SVG document.
void test_cases_deterministic(void **) {
    for (const PlotCase &c : plot_cases()) {
        const std::string a = c.make(), b = c.make();
        if (a != b || a.rfind("<?xml", 0) != 0 || a.compare(a.size() - 7, 7, "</svg>\n") != 0 ||
            count_of(a, "<g ") != count_of(a, "</g>")) {
            print_error("case %s\n", c.name.c_str());
            fail();
        }
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 3 && std::string(argv[1]) == "--write-svgs") return write_svgs(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nice_ticks_table), cmocka_unit_test(test_nice_ticks_random),
        cmocka_unit_test(test_text_width),       cmocka_unit_test(test_ascii_chart_cases),
        cmocka_unit_test(test_ascii_chart_random), cmocka_unit_test(test_gantt_facts),
        cmocka_unit_test(test_convergence_facts), cmocka_unit_test(test_bracket_facts),
        cmocka_unit_test(test_cases_deterministic),
    };
    return cmocka_run_group_tests_name("plots", tests, nullptr, nullptr);
}
