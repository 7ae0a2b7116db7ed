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
// progress callback answering WSP_STOP_TIME, as everywhere), deterministic for a seed. The proposed
// public form is in docs/bracket.md (wsp_bracket_*); this is its internal shape.
#ifndef WSP_BRACKET_BRACKET_HPP
#define WSP_BRACKET_BRACKET_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Which source gave the witness (BracketResult::found_by): the lower search's kFound* (0 initial,
// 1 policy, 2 beam, 3 anneal), or the exact search.
constexpr uint32_t kBracketFoundExact = 4;

// What proves the upper end (BracketResult::upper_by).
constexpr uint32_t kBracketUpperBound = 0, kBracketUpperExact = 1;

// Units an expanded state of the exact search costs (about the time of 2-8 beam children: an
// expansion enumerates the transitions and bounds each child). Only the split depends on it.
constexpr uint64_t kStateUnits = 4;

// States the exact search's table holds when the options say 0 (the workspace follows from it).
constexpr uint64_t kDefaultBracketStates = uint64_t{1} << 14;

struct BracketOptions {
    wsp_control control;  // budget in work units (0 = bracket_default_work(p)); progress every
                          // control.interval units and on every new best witness: .work = units
                          // spent over all phases, .lower/.upper = the bracket so far
    uint64_t seed;
    uint64_t states;      // the exact search's table, in states (the memory budget); 0 = default
    uint32_t max_beam;    // widest beam of the witness search; 0 = its default
    uint32_t reserved[5]; // must be 0
};

struct BracketResult {
    uint32_t stop;        // FINISHED: lower == upper == T(W); BUDGET: the work ran out;
                          // TIME, CANCELLED: the callback stopped it (the bracket so far holds)
    uint32_t lower;       // makespan of the witness: a lower bound on T(W)
    uint32_t upper;       // proven upper bound on T(W)
    uint32_t found_by;    // lower search's kFound*, or kBracketFoundExact
    uint32_t upper_by;    // kBracketUpper*
    uint32_t bound;       // the closed-form proven bound (min over wsp_bounds_compute's)
    uint32_t probes;      // the exact search's probes
    uint32_t exact_stop;  // the exact phase's wsp_stop_reason (MEMORY: its table filled)
    uint64_t work;        // units spent over all phases
    uint64_t work_lower;  // of those, by the witness search
    uint64_t expanded;    // states the exact search expanded
    uint32_t reserved[4]; // set to 0
};

// How a budget of `units` is split: the first witness search, then the exact search (in states).
struct BracketPlan {
    uint64_t first_lower;   // units
    uint64_t exact_states;  // states (0: no exact phase)
};
BracketPlan bracket_plan(uint64_t units);

// Units the default budget gives a problem: four times the witness search's default.
uint64_t bracket_default_work(const wsp_problem &p);

// Workspace bytes for bracket_run with these options (NULL = defaults).
wsp_status bracket_workspace_size(const wsp_problem *p, const BracketOptions *options, size_t *size,
                                  wsp_diag *diag);

// Runs the phases. `witness` receives W*I warp ids whose decoded makespan is result->lower.
wsp_status bracket_run(const wsp_problem *p, const BracketOptions *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       BracketResult *result, wsp_diag *diag);

}  // namespace wsp

#endif
