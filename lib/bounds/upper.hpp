// The proven upper bounds by id, for the core's own use: wsp_bounds_compute reports them, and every
// workspace layout sizes its tables by their minimum (the horizon: no work-conserving schedule is
// longer). Kept apart from the public struct, which is large for a deep call chain's stack.
#ifndef WSP_BOUNDS_UPPER_HPP
#define WSP_BOUNDS_UPPER_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Fills bound[id] for every id < WSP_BOUND_COUNT (every id of the header) and
// returns the id of the least (the smallest id on a tie). p must be valid.
uint32_t proven_bounds(const wsp_problem &p, uint64_t bound[WSP_BOUND_COUNT]);

// min over the proven bounds: T(W) <= it, and it is at most W*I.
uint64_t proven_upper(const wsp_problem &p);

}  // namespace wsp

#endif
