// Every proven upper bound on T(W) that warpspan computes in closed form, by id, for the public
// wsp_bounds_compute, the benchmark and the tests. The proofs are in docs/bounds.md and, as sketches,
// next to each bound's code.
#ifndef WSP_BOUNDS_UPPER_BOUNDS_HPP
#define WSP_BOUNDS_UPPER_BOUNDS_HPP

#include <stdint.h>

#include "warpspan.h"
#include "model/problem.hpp"

namespace wsp {

// The ids of wsp_bounds.bound[]: the header's (1.0: the first three, 1.1: five, 1.2: six, 1.3: all
// seven).
enum BoundId : uint32_t {
    kBoundTrivial = WSP_BOUND_TRIVIAL,        // W*I
    kBoundSaturation = WSP_BOUND_SATURATION,  // scheduler-aware saturation bound
    kBoundLastWarp = WSP_BOUND_LAST_WARP,     // waiting cycles of the last warp
    kBoundDistinct = WSP_BOUND_DISTINCT,      // the last warp, blocked only by distinct issuers
    kBoundPipeline = WSP_BOUND_PIPELINE,      // k-th passages of each instruction; same kernel only
    kBoundDrain = WSP_BOUND_DRAIN,            // the pipeline, queues draining sigma_U per cycle (1.2)
    kBoundExits = WSP_BOUND_EXITS,            // the last warp and the others' exits from runs (1.3)
    kBoundEntry = WSP_BOUND_ENTRY,            // the others' entries into runs, one kernel shape (1.3)
    kBoundCount = WSP_BOUND_COUNT
};
static_assert(kBoundCount <= WSP_BOUND_SLOTS, "wsp_bounds has a slot for every bound");

// wsp_bound_name: "trivial", "saturation", "last_warp", "distinct", "pipeline", "drain", "exits",
// "entry";
// "unknown" otherwise.
const char *bound_name(uint32_t id);

// Whether the bound stays valid when the W warps run different instruction strings whose per-type
// counts and lengths are at most given maxima ("heterogeneous-safe"; the run-exit bound also takes the
// exits of the strings as issued, WarpWork::exit_credit, and with none known it is the distinct
// program's).
bool heterogeneous_safe(uint32_t id);

// Every bound for identical warps (the problem's kernel), and their minimum as the return value.
uint64_t upper_bounds(const wsp_problem &p, uint64_t out[kBoundCount]);

// One bound by id (an unknown id: UINT64_MAX), computing only what it needs: what an admission
// controller calls when it affords one (tools/bounds-cost.sh measures each on Cortex-M4).
uint64_t upper_bound(const wsp_problem &p, uint32_t id);

// W warps that may run different strings (divergent paths of a kernel), known only by maxima: each
// warp has at most max_count[U] normalised instructions of type U and at most max_length in all, and
// at most max_count[U] - exit_credit[U] of its U instructions are not exits (a U instruction that
// the warp's string, as issued, follows with another type); exit_credit[U] = 0 always holds, and a
// credit above max_count[U] (impossible: a string's last instruction is no exit) gives no run-exit
// bound.
struct WarpWork {
    uint32_t warps;
    uint64_t max_count[WSP_UNIT_COUNT];                 // each < 2^32
    uint64_t max_length;                                // < 2^32
    uint64_t exit_credit[WSP_UNIT_COUNT] = {0, 0, 0, 0};  // 0 (the default): nothing known of the runs
};

// The heterogeneous-safe bounds for such warps (normalised sigma_U >= 1, S = schedulers, 0 = none):
// out[id] for every id with heterogeneous_safe(id), UINT64_MAX for the others; returns their
// minimum, a proven upper bound on the makespan of every work-conserving schedule of any such warps.
uint64_t heterogeneous_upper_bound(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t schedulers,
                                   const WarpWork &w, uint64_t out[kBoundCount]);

}  // namespace wsp

#endif
