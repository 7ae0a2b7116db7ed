// The anytime bracket on the host (bracket/bracket.hpp is the core): the same three phases, with the
// witness search on the host's threads (lower_jobs.hpp: independent jobs, deterministic for a work
// budget), the exact search in heap memory (wsp_host_exact_run) and a time budget for the whole call;
// since 1.3 after a phase 0, the host's slot bound (host/bounds/slot_bound.hpp, within its iteration
// budget), which becomes the upper end where it is below the closed-form bound.
//
// Budgets: a work budget is split as the core splits it (bracket_plan): an eighth for the first
// witness search, a quarter (in states) for the exact search, the rest for the second witness search;
// the bracket and the witness then do not depend on the thread count (nor does `work` while the
// bracket stays open; when a witness-search job closes it, the jobs after it stop wherever they
// stand and their units count). A time budget S gives phase 0 at most S/2; the others end at 1/8,
// 3/8 and all of what is left after it (a phase that ends early leaves its time to the next); with
// both, whichever ends first. The public call is wsp_host_bracket_run (warpspan_host.h, since 1.1); this
// header names its default.
#ifndef WSP_HOST_JOBS_BRACKET_JOBS_HPP
#define WSP_HOST_JOBS_BRACKET_JOBS_HPP

#include <stddef.h>
#include <stdint.h>

#include "bracket/bracket.hpp"
#include "warpspan_host.h"

namespace wsp {

constexpr uint64_t kDefaultBracketMemory = WSP_HOST_BRACKET_DEFAULT_MEMORY;

}  // namespace wsp

#endif
