#include "figures.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "schedule_facts.hpp"
#include "svg_convergence.hpp"
#include "svg_gantt.hpp"

namespace wsp_cli {

namespace {

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

}  // namespace

void write_convergence_csv(std::ostream &out, const AnnealRun &run) {
    out << "instance,init,iteration,seconds,best\n";
    for (const AnnealEvent &e : run.events)
        out << e.instance + 1 << ',' << init_name(run.instances[e.instance].init) << ',' << e.iteration
            << ',' << number(e.seconds) << ',' << e.best << '\n';
}

void write_convergence_svg(std::ostream &out, const AnnealRun &run, const std::string &title, uint64_t upper) {
    ConvergenceData d;
    d.title = title;
    d.subtitle = std::to_string(run.instances.size()) + (run.instances.size() == 1 ? " restart" : " restarts") +
                 " \u00d7 " + std::to_string(run.iterations) + " iterations, " + moves_name(run.moves) +
                 " moves (paper 003 Fig. 12)";
    d.seconds = run.seconds;
    d.upper = upper;
    for (size_t k = 0; k < run.instances.size(); ++k) {
        ConvergenceSeries series;
        series.label = init_name(run.instances[k].init);
        series.colour = run.instances[k].init;
        for (const AnnealEvent &e : run.events)
            if (e.instance == k) series.steps.push_back({e.seconds, e.best});
        d.restarts.push_back(series);
    }
    out << convergence_svg(d);
}

void write_gantt_svg(std::ostream &out, const wsp_problem *p, const Witness &w, const std::string &kernel,
                     const std::string &source) {
    out << gantt_svg(schedule_facts(p, kernel, w.cycles, w.makespan), source);
}

bool open_figures(const Settings &s, FigureFiles &files, Failure &failure) {
    return (!s.convergence || files.convergence.open(*s.convergence, "--convergence", failure)) &&
           (!s.plot || files.plot.open(*s.plot, "--plot", failure)) && (!s.svg || files.svg.open(*s.svg, "--svg", failure));
}

bool write_figures(const Settings &s, const Analysis &a, FigureFiles &files, Failure &failure) {
    auto write = [&](OutputFile &file, auto &&fill) -> bool {
        std::ostringstream text;
        fill(text);
        return file.write(text.str(), failure) && file.commit(failure);
    };
    const std::string name = "kernel " + s.request.kernel + ", W = " + std::to_string(wsp_problem_warps(a.problem));
    if (s.convergence && !write(files.convergence, [&](std::ostream &o) { write_convergence_csv(o, *a.anneal); }))
        return false;
    if (s.plot && !write(files.plot, [&](std::ostream &o) {
            write_convergence_svg(o, *a.anneal, "Annealing: best makespan so far, " + name, a.upper);
        }))
        return false;
    if (s.svg && !a.witness) {
        std::fprintf(stderr, "warpspan: note: --svg: no witness schedule was found; '%s' is not written\n", s.svg->c_str());
        files.svg.abandon();
    } else if (s.svg && !write(files.svg, [&](std::ostream &o) {
                   write_gantt_svg(o, a.problem, *a.witness, s.request.kernel, a.witness_source);
               })) {
        return false;
    }
    return true;
}

}  // namespace wsp_cli
