// Every proven upper bound on T(W) that warpspan computes in closed form, by id, for the public
// wsp_bounds_compute, the benchmark and the tests. The proofs are in docs/bounds.md and, as sketches,
// next to each bound's code.
#ifndef WSP_BOUNDS_UPPER_BOUNDS_HPP
#define WSP_BOUNDS_UPPER_BOUNDS_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

enum BoundId : uint32_t {
    kBoundTrivial = 0,   // W*I
    kBoundSaturation,    // DESIGN.md section 3, scheduler-aware
    kBoundLastWarp,      // waiting cycles of the last warp
    kBoundCount
};

// A short name for reports ("trivial", "saturation", ...).
const char *bound_name(uint32_t id);

// Every bound for identical warps (the problem's kernel), and their minimum as the return value.
uint64_t upper_bounds(const wsp_problem &p, uint64_t out[kBoundCount]);

}  // namespace wsp

#endif
