// The anytime bracket ("bracket"): one call that spends a work budget across the three sources of
// bounds on T(W) and returns the tightest proven bracket lower <= T(W) <= upper it found:
//   - the closed-form proven upper bounds (bounds/upper.hpp; O(I), free);
//   - the witness search of lower/lower.hpp (dispatch policies, beam, annealing restarts);
//   - the exact search (wsp_exact_solve), started from the best witness, whose refuted probes lower
//     the proven upper end and whose found path is T(W).
// In three phases over one account of work units: the witness search takes the first eighth (it
// stops early when its witness meets the proven bound: then the bracket is closed), the exact search
// the next quarter (an expanded state costs kStateUnits units), and the witness search, restarted from
// the best witness and told the exact search's upper end, whatever is left. docs/bracket.md says why
// in this order.
//
// Soundness (docs/bracket.md): `lower` is the makespan of the returned witness, a pseudo-precedence
// string that the decoder and the independent validator accepted before the call returns (each
// phase checks its own, and the string handed on is the one checked); `upper` is the minimum of the
// closed-form proven bounds and the exact search's proven upper end (a refuted probe proves
// T(W) < its threshold). Neither end is ever an estimate.
//
// Core rules: no allocation (a caller workspace with a size query), no clock (a time budget is the
// progress callback answering WSP_STOP_TIME, as everywhere), deterministic for a seed.
//
// The public calls are wsp_bracket_workspace_size, wsp_bracket_default_work and wsp_bracket_run
// (warpspan.h, since 1.1); this header gives the host its names for the plan and the constants.
#ifndef WSP_BRACKET_BRACKET_HPP
#define WSP_BRACKET_BRACKET_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Which source gave the witness (wsp_bracket_result::found_by): the lower search's kFound* (0 initial,
// 1 policy, 2 beam, 3 anneal), or the exact search.
constexpr uint32_t kBracketFoundExact = WSP_BRACKET_FOUND_EXACT;

// What proves the upper end (wsp_bracket_result::upper_by).
constexpr uint32_t kBracketUpperBound = WSP_BRACKET_UPPER_BOUND, kBracketUpperExact = WSP_BRACKET_UPPER_EXACT;

// Units an expanded state of the exact search costs (about the time of 2-8 beam children: an
// expansion enumerates the transitions and bounds each child). Only the split depends on it.
constexpr uint64_t kStateUnits = WSP_BRACKET_STATE_UNITS;

// States the exact search's table holds when the options say 0 (the workspace follows from it).
constexpr uint64_t kDefaultBracketStates = WSP_BRACKET_DEFAULT_STATES;

typedef wsp_bracket_options BracketOptions;
typedef wsp_bracket_result BracketResult;

// How a budget of `units` is split: the first witness search, then the exact search (in states).
struct BracketPlan {
    uint64_t first_lower;   // units
    uint64_t exact_states;  // states (0: no exact phase)
};
BracketPlan bracket_plan(uint64_t units);

// Units the default budget gives a problem (wsp_bracket_default_work); p must be valid.
uint64_t bracket_default_work(const wsp_problem &p);

}  // namespace wsp

#endif
