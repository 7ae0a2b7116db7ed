// Files beside the report: the annealer's convergence as CSV and as an SVG plot (paper 003 Fig. 12),
// and the witness schedule as an SVG Gantt chart. Plain text formats, written without libraries.
#ifndef WSP_CLI_FIGURES_HPP
#define WSP_CLI_FIGURES_HPP

#include <ostream>

#include "analysis.hpp"

namespace wsp_cli {

// instance,init,iteration,seconds,best: one row per improvement of a restart (iteration 0: its
// initial solution).
void write_convergence_csv(std::ostream &out, const AnnealRun &run);
// Best so far against seconds, one step line per restart, coloured by initial solution, and the proven
// upper bound `upper` (0: none); svg_convergence.hpp.
void write_convergence_svg(std::ostream &out, const AnnealRun &run, const std::string &title, uint64_t upper);
// The Gantt chart of a validated schedule (svg_gantt.hpp); `kernel` as given, `source` its method.
void write_gantt_svg(std::ostream &out, const wsp_problem *p, const Witness &w, const std::string &kernel,
                     const std::string &source);

// Writes the files the settings ask for; false with an error naming the file when one fails.
bool write_figures(const Settings &s, const Analysis &a, Error &error);

}  // namespace wsp_cli

#endif
