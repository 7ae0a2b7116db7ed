// The passage bound (host only; issue 19 item 1): upper and lower bounds on tau_i(k), the
// cycle in which the k-th warp issues position i, for every work-conserving schedule, refined by a
// fixed-point iteration over the grid of positions and passages. Where a narrow unit meters the warps
// (a sigma-1 position passes at most one warp per cycle), the lower bounds space the warps' passages
// out in time, so the warps ahead have finished what could block a warp behind: the gating effect
// that no other bound sees (CDD, CLL, LSS with sigma 1 before a wider unit: T(W) exactly).
// Proof: docs/bounds.md, section 6d (a sketch next to the code). Identical warps (one kernel) only;
// not per state; initial state only. Not one of the wsp_bounds ids: the host analysis (the command line)
// reports it; bounds_bench measures it.
#ifndef WSP_HOST_BOUNDS_PASSAGE_BOUND_HPP
#define WSP_HOST_BOUNDS_PASSAGE_BOUND_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

struct PassageBound {
    bool computed = false;  // false: the instance is too large for the grid (no bound)
    uint64_t bound = UINT64_MAX;
    uint32_t sweeps = 0;    // sweeps until the fixed point (or the cap)
};

// The passage bound of the normalised kernel of p; `proven_upper` must be a proven upper bound on
// T(W) (the library's least bound): the grid starts from it, and the result is never above it.
// Computed when I <= 24 and W <= 16 (O(sweeps I^2 W^3 D) time, D the spread of the candidate start
// cycles; milliseconds at these sizes), else computed = false.
PassageBound passage_bound(const wsp_problem &p, uint64_t proven_upper);

}  // namespace wsp

#endif
