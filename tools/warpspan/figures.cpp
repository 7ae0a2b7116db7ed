#include "figures.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

namespace wsp_cli {

namespace {

const char *const kUnitColour[WSP_UNIT_COUNT] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759"};
const char *const kUnitName[WSP_UNIT_COUNT] = {"L load/store", "C CUDA core", "S special function",
                                                "D double precision"};
const char *const kInitColour[WSP_POLICY_COUNT] = {"#4e79a7", "#f28e2b", "#59a14f",
                                                        "#e15759", "#b07aa1", "#9c755f"};

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string escape(const std::string &s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else out += c;
    }
    return out;
}

}  // namespace

void write_convergence_csv(std::ostream &out, const AnnealRun &run) {
    out << "instance,init,iteration,seconds,best\n";
    for (const AnnealEvent &e : run.events)
        out << e.instance + 1 << ',' << init_name(run.instances[e.instance].init) << ',' << e.iteration
            << ',' << number(e.seconds) << ',' << e.best << '\n';
}

void write_convergence_svg(std::ostream &out, const AnnealRun &run, const std::string &title) {
    const double W = 800, H = 480, left = 70, right = 190, top = 40, bottom = 50;
    double t_max = run.seconds > 0 ? run.seconds : 1e-3;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (const AnnealEvent &e : run.events) {
        lo = std::min(lo, e.best);
        hi = std::max(hi, e.best);
        t_max = std::max(t_max, e.seconds);
    }
    if (lo > hi) lo = hi = 0;
    if (hi == lo) hi = lo + 1;
    const double pw = W - left - right, ph = H - top - bottom;
    auto x = [&](double t) { return left + pw * t / t_max; };
    auto y = [&](double v) { return top + ph * (1.0 - (v - lo) / (hi - lo)); };
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out << "<text x=\"" << left << "\" y=\"24\" font-size=\"14\">" << escape(title) << "</text>\n";
    out << "<g stroke=\"#444\"><line x1=\"" << left << "\" y1=\"" << top + ph << "\" x2=\"" << left + pw
        << "\" y2=\"" << top + ph << "\"/><line x1=\"" << left << "\" y1=\"" << top << "\" x2=\"" << left
        << "\" y2=\"" << top + ph << "\"/></g>\n";
    for (int k = 0; k <= 5; ++k) {  // ticks
        const double t = t_max * k / 5, v = lo + (hi - lo) * k / 5.0;
        out << "<text x=\"" << number(x(t)) << "\" y=\"" << top + ph + 18 << "\" text-anchor=\"middle\">"
            << number(t) << "</text>\n";
        out << "<text x=\"" << left - 8 << "\" y=\"" << number(y(v) + 4) << "\" text-anchor=\"end\">"
            << number(v) << "</text>\n";
    }
    out << "<text x=\"" << left + pw / 2 << "\" y=\"" << H - 10 << "\" text-anchor=\"middle\">seconds</text>\n";
    out << "<text x=\"16\" y=\"" << top + ph / 2 << "\" transform=\"rotate(-90 16 " << top + ph / 2
        << ")\" text-anchor=\"middle\">best makespan so far (cycles)</text>\n";
    for (size_t k = 0; k < run.instances.size(); ++k) {
        const char *colour = kInitColour[static_cast<unsigned>(run.instances[k].init) % WSP_POLICY_COUNT];
        std::string points;
        double last_y = -1;
        for (const AnnealEvent &e : run.events) {
            if (e.instance != k) continue;
            if (last_y >= 0) points += number(x(e.seconds)) + "," + number(last_y) + " ";
            last_y = y(e.best);
            points += number(x(e.seconds)) + "," + number(last_y) + " ";
        }
        if (points.empty()) continue;
        points += number(x(t_max)) + "," + number(last_y);  // the best holds to the end
        out << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.5\" points=\""
            << points << "\"/>\n";
        const double ly = top + 16.0 * static_cast<double>(k);
        out << "<line x1=\"" << W - right + 15 << "\" y1=\"" << ly << "\" x2=\"" << W - right + 35
            << "\" y2=\"" << ly << "\" stroke=\"" << colour << "\" stroke-width=\"2\"/>";
        out << "<text x=\"" << W - right + 40 << "\" y=\"" << ly + 4 << "\">" << k + 1 << " "
            << init_name(run.instances[k].init) << ": " << run.instances[k].result.lower << "</text>\n";
    }
    out << "</svg>\n";
}

void write_gantt_svg(std::ostream &out, const wsp_problem *p, const Witness &w, const std::string &title) {
    const uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
    const double cell = w.makespan > 400 ? 4 : w.makespan > 150 ? 8 : 14, row = 16;
    const double left = 60, top = 40;
    const double width = left + cell * w.makespan + 20, height = top + row * W + 60;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    out << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out << "<text x=\"" << left << "\" y=\"22\" font-size=\"14\">" << escape(title) << "</text>\n";
    for (uint32_t warp = 0; warp < W; ++warp) {
        const double y = top + row * warp;
        out << "<text x=\"" << left - 6 << "\" y=\"" << y + 12 << "\" text-anchor=\"end\">warp " << warp + 1
            << "</text>\n";
        for (uint32_t i = 0; i < I; ++i) {
            const uint32_t t = w.cycles[static_cast<size_t>(warp) * I + i];
            const int u = static_cast<int>(wsp_problem_unit_at(p, i));
            out << "<rect x=\"" << number(left + cell * (t - 1)) << "\" y=\"" << y + 1 << "\" width=\""
                << cell << "\" height=\"" << row - 2 << "\" fill=\"" << kUnitColour[u]
                << "\"><title>warp " << warp + 1 << ", instruction " << i + 1 << " (" << "LCSD"[u]
                << "), cycle " << t << "</title></rect>\n";
        }
    }
    const double axis = top + row * W + 14;
    for (uint32_t t = 0; t <= w.makespan; t += (w.makespan > 200 ? 50 : 10))
        out << "<text x=\"" << number(left + cell * t) << "\" y=\"" << axis << "\" text-anchor=\"middle\">" << t
            << "</text>\n";
    double lx = left;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (wsp_problem_count(p, static_cast<uint32_t>(u)) == 0) continue;
        out << "<rect x=\"" << lx << "\" y=\"" << axis + 14 << "\" width=\"12\" height=\"12\" fill=\""
            << kUnitColour[u] << "\"/><text x=\"" << lx + 16 << "\" y=\"" << axis + 24 << "\">"
            << kUnitName[u] << "</text>\n";
        lx += 150;
    }
    out << "</svg>\n";
}

bool write_figures(const Settings &s, const Analysis &a, Error &error) {
    auto write = [&](const std::string &path, auto &&fill) -> bool {
        std::ofstream f(path);
        if (f) fill(f);
        if (!f) {
            error = {kExitInput, "cannot write '" + path + "'"};
            return false;
        }
        return true;
    };
    const std::string name = std::string(wsp_problem_kernel(a.problem)).size() > 40
                                 ? "W = " + std::to_string(wsp_problem_warps(a.problem))
                                 : "kernel " + s.kernel->value + ", W = " + std::to_string(wsp_problem_warps(a.problem));
    if (s.convergence && !write(*s.convergence, [&](std::ostream &o) { write_convergence_csv(o, *a.anneal); }))
        return false;
    if (s.plot && !write(*s.plot, [&](std::ostream &o) {
            write_convergence_svg(o, *a.anneal, "anneal: best makespan so far per restart, " + name);
        }))
        return false;
    if (s.svg && a.witness &&
        !write(*s.svg, [&](std::ostream &o) {
            write_gantt_svg(o, a.problem, *a.witness,
                            "witness schedule from " + a.witness_source + ", makespan " +
                                std::to_string(a.witness->makespan) + ", " + name);
        }))
        return false;
    return true;
}

}  // namespace wsp_cli
