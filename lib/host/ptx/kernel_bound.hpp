// Upper bounds on the makespan of W warps that may run DIFFERENT instruction strings (issue 17): the
// warps of one kernel take different paths, and a diverged warp runs both sides of a branch. The
// exact T(W) and the witnesses assume identical strings, and T is not monotone in the string, so the
// bound of one "worst path" proves nothing for the kernel. What is safe are bounds whose proofs use
// only per-type instruction counts and lengths, applied with per-type maxima over every warp and
// every execution. This file is the one place such bounds are combined: each entry of kBounds in
// kernel_bound.cpp is a bound proven for heterogeneous warps from counts alone (the proofs are in
// docs/ptx.md and lib/bounds/bound_terms.hpp); a sharper one is added there as one more entry, if it
// does not depend on the order of the instructions, which ptxas chooses (docs/ptx.md, "Order inside a
// block is the compiler's": the run-exit bound, safe for different strings as issued, is not).
#ifndef WSP_HOST_PTX_KERNEL_BOUND_HPP
#define WSP_HOST_PTX_KERNEL_BOUND_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "warpspan.h"

namespace wsp {
namespace ptx {

// W warps, each issuing at most max_count[U] instructions of type U (before normalisation).
struct WarpFamily {
    uint32_t warps = 0;
    uint64_t max_count[WSP_UNIT_COUNT] = {0, 0, 0, 0};
};

struct BoundTerm {
    std::string name;   // "W*I", "saturation", "last warp"
    uint64_t value = 0;
};

struct KernelBound {
    uint64_t upper = 0;            // the least of the terms
    std::vector<BoundTerm> terms;  // every count-only bound, in kBounds order
};

// The bound for `family` on `sm` (units, latencies, warp size, schedulers as wsp_sm_config). False
// with `error` when the SM is invalid (the core's message) or a count overflows.
bool kernel_upper_bound(const wsp_sm_config &sm, const WarpFamily &family, KernelBound &out, std::string &error);

}  // namespace ptx
}  // namespace wsp

#endif
