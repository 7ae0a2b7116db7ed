// Files beside the report: the annealer's convergence as CSV and as an SVG plot (paper 003 Fig. 12),
// and the witness schedule as an SVG Gantt chart. Plain text formats, written without libraries.
#ifndef WSP_CLI_FIGURES_HPP
#define WSP_CLI_FIGURES_HPP

#include <ostream>
#include <string>

#include "failure.hpp"
#include "host/analysis/analysis.hpp"
#include "output_file.hpp"
#include "settings.hpp"

namespace wsp_cli {

using wsp::host::Analysis;
using wsp::host::AnnealEvent;
using wsp::host::AnnealRun;
using wsp::host::Witness;
using wsp::host::moves_name;
inline const char *init_name(uint32_t init) { return wsp::host::policy_name(init); }

// instance,init,iteration,seconds,best: one row per improvement of a restart (iteration 0: its
// initial solution).
void write_convergence_csv(std::ostream &out, const AnnealRun &run);
// Best so far against seconds, one step line per restart, coloured by initial solution, and the proven
// upper bound `upper` (0: none); svg_convergence.hpp.
void write_convergence_svg(std::ostream &out, const AnnealRun &run, const std::string &title, uint64_t upper);
// The Gantt chart of a validated schedule (svg_gantt.hpp); `kernel` as given, `source` its method.
void write_gantt_svg(std::ostream &out, const wsp_problem *p, const Witness &w, const std::string &kernel,
                     const std::string &source);

// The files the settings ask for, opened before any work starts (output_file.hpp).
struct FigureFiles {
    OutputFile convergence, plot, svg;
};
bool open_figures(const Settings &s, FigureFiles &files, Failure &failure);
// Writes and commits them; false with a failure naming the file when one fails. Without a witness
// (an ILP that found no schedule) the --svg file is not written and a note says so on stderr.
bool write_figures(const Settings &s, const Analysis &a, FigureFiles &files, Failure &failure);

}  // namespace wsp_cli

#endif
