// The exact worst-case makespan T(W) (new; the papers could only reach it through an ILP).
//
// T(W) is the longest path from "all warps at 0" to "all finished" in the acyclic graph of states and
// work-conserving transitions (exact/frame.hpp): every cycle is one transition. The search answers
// "is T(W) >= x?" for x descending from the safe bound (a probe). A probe is a depth-first search
// that enters a state at depth d only if its proven bound on the remaining cycles is at least x - d;
// when it refutes a state it stores the improved bound 1 + max over the children's bounds, which is
// proven for every later probe too. A refuted probe at x proves T(W) <= (its root bound) < x, so the
// upper end of the bracket only falls; a probe that reaches depth x holds a path of makespan >= x,
// which the witness records. Since x starts at a proven bound and each refutation proves the next,
// the first path found has makespan exactly the current upper bound: that is T(W).
//
// Workspace: suffix counts for the state bound, the search stack (one frame per depth up to the safe
// bound, plus two for completing a path), a key buffer, warp positions for the witness, and the
// state table, which takes the rest. When the search ends the table's memory is reused to decode and
// validate the witness.
#include "exact/solve.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

// The search itself, in a frame of its own (not inlined into wsp_exact_solve), so that the witness
// check after it does not stack on top of the Search object: the Cortex-M4 stack limit of every
// public call that reaches wsp_exact_solve (make stack).
__attribute__((noinline)) wsp_status run_search(const wsp_problem &p, const ExactLayout &l, uint8_t *ws,
                                                uint64_t region, const wsp_exact_options &o, uint32_t *witness,
                                                uint32_t initial, uint32_t *lower_out, wsp_exact_result *result,
                                                wsp_diag *diag) {
    StateTable table(ws + l.region_at, region, l.key);
    NaturalOrder order;
    Search<StateTable, NaturalOrder> search(p, l, ws, table, o, witness, order);
    return run_probes(search, order, p, l, o, witness, initial, lower_out, result, diag);
}

// Decode and validate the witness in the (now free) table region; its makespan must be `lower`.

}  // namespace
}  // namespace wsp

extern "C" wsp_status wsp_exact_workspace_size(const wsp_problem *problem, uint64_t states, size_t *size,
                                               wsp_diag *diag) {
    if (size == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const wsp_status st = wsp::check_problem(problem, diag);
    if (st != WSP_OK) return st;
    return wsp::report_size(wsp::exact_layout(*problem).for_states(states), size, diag);
}

extern "C" wsp_status wsp_exact_solve(const wsp_problem *problem, const wsp_exact_options *options,
                                      void *workspace, size_t workspace_size, uint32_t *witness,
                                      size_t witness_length, wsp_exact_result *result,
                                      wsp_diag *diag) {
    return wsp::exact_solve(problem, options, workspace, workspace_size, witness, witness_length, result, diag,
                            wsp::run_search);
}
