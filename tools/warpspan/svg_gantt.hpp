// The Gantt chart of a schedule as SVG: warps as rows and cycles as columns, one bar per run of issued
// instructions coloured by unit type on a grey bar of waiting; the critical warp (the one that finishes
// last, svg: class "critical") outlined, with its waiting cycles in red and marked on the lanes; below
// the warps one lane per used unit type and one for the scheduler limit, showing per cycle how many of
// the sigma_U (or S) issue slots are used, saturated cycles in full colour under a black mark; axis
// ticks at round cycle numbers; a title with the kernel, W, sigma, the schedulers and the makespan;
// a legend sized to its labels.
//
// Readable up to W = 64 and a few thousand cycles: beyond 1000 cycles each column stands for k cycles
// (k = 2, 5, 10, ...; a bar shows the type issued most in them, a lane the mean use and full colour
// only where every cycle was saturated), and beyond 64 warps 64 rows are shown (evenly spaced, the
// critical warp among them). The subtitle says when either is done.
#ifndef WSP_CLI_SVG_GANTT_HPP
#define WSP_CLI_SVG_GANTT_HPP

#include <string>

#include "schedule_facts.hpp"

namespace wsp_cli {

// `source` says where the schedule comes from ("anneal", "exact", "--witness"; empty: not said).
std::string gantt_svg(const ScheduleFacts &f, const std::string &source);

// The colour of each unit type in every plot: L, C, S, D.
extern const char *const kUnitColours[WSP_UNIT_COUNT];
extern const char *const kUnitNames[WSP_UNIT_COUNT];  // "load/store", ...

}  // namespace wsp_cli

#endif
