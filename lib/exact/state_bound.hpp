// A proven upper bound on the cycles that remain from a search state: the minimum of the trivial,
// saturation, last-warp and distinct-issuer bounds (bounds/bound_terms.hpp, docs/bounds.md) evaluated
// on the warps' remaining work, with the effective scheduler limit of the state (the limit cannot
// bind once it reaches the unfinished warps or the capacity of the types with work left), and, for
// kernels of its shape, the run-entry bound (below). Warps at different positions run different
// remaining strings, so the counting bounds used here are those that hold for different strings
// (the pipeline bound does not); the run-entry bound uses that every warp runs the kernel's runs. At
// the initial state it may be above or below wsp_bounds.upper (which takes the pipeline, drain and
// run-exit bounds as well); nothing relies on either order.
//
// Which warp to take as the last one: the last-warp bound for a warp at position p is
// B(p) = (I - p) + waits(others), waits from bound_terms.hpp. It is largest for the warp furthest
// behind, so one evaluation suffices. Proof: moving the warp from p to p' > p removes
// d = d_L + d_C + d_S + d_D instructions from its own share (I - p falls by d) and adds d_U to the
// others' work of each type U; waits grows by at most d. With S = 0, each floor(N_U/sigma_U) grows
// by at most ceil(d_U/sigma_U) <= d_U. With S > 0, write waits = sum_{U counted} k_U +
// floor(X/S), where X = (work of uncounted types) + sum_{U counted} (N_U mod sigma_U). A counted U
// gains k'_U = floor((N_U+d_U)/sigma_U) - floor(N_U/sigma_U) and changes X by
// y_U = d_U - sigma_U k'_U <= d_U - k'_U; an uncounted U changes X by y_U = d_U. As
// floor(X + sum y) - floor(X) <= sum ceil(max(y_U, 0)/S) and ceil(y/S) <= y for integers y >= 0,
// waits grows by at most sum (k'_U + (d_U - k'_U)) = d. Hence B(p') <= B(p).
//
// For kernels of two types, one with sigma 1 and one with sigma = S, whose entered C-runs have one
// length (bounds/entry_bound.hpp, docs/bounds.md 5c), quick() also takes the run-entry bound for the
// warp furthest behind: its value for a warp at p is const + (q-1) C(p) + c ent(p) (in units of
// 1/(q den)), where C(p), the C instructions at p..I-1, and ent(p), the C-runs entered after p, both
// fall as p grows; so the warp furthest behind gives the largest value. It costs one pass over the
// groups (the other warps' entries).
#ifndef WSP_EXACT_STATE_BOUND_HPP
#define WSP_EXACT_STATE_BOUND_HPP

#include <stdint.h>

#include "bounds/bound_terms.hpp"
#include "bounds/entry_bound.hpp"
#include "exact/frame.hpp"

namespace wsp {

class StateBound {
public:
    // `suffix` holds (I+1)*4 words: suffix[4p + U] = instructions of type U at positions p .. I-1.
    static uint64_t words(uint32_t length) { return 4u * (uint64_t{length} + 1u); }

    StateBound(const wsp_problem &p, uint32_t *suffix);

    // The bound, in two steps that the search takes apart (exact.cpp): quick() is the minimum of the
    // counting bounds with the problem's scheduler limit; refine(f, ub) lowers a bound ub of the
    // same state with the refinements (the effective scheduler limit, distinct issuers), which the
    // search computes only for states it is about to enter.
    uint32_t quick(const Frame &f) const;
    uint32_t refine(const Frame &f, uint32_t ub) const;
    uint32_t operator()(const Frame &f) const { return refine(f, quick(f)); }

private:
    const wsp_problem *p_;
    const uint32_t *suffix_;
    uint32_t no_limit_;  // bit m: the scheduler limit cannot bind when the types of mask m have work
    uint32_t below_;     // bit U: sigma_U < S (U keeps a warp waiting on its own)
    EntryKernel entry_;  // the run-entry bound's kernel shape (inactive for other kernels)

    uint32_t entry_bound(const Frame &f, uint32_t ub) const;
};

}  // namespace wsp

#endif
