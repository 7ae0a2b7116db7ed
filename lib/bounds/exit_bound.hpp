// The run-exit bound (ours, since 1.3; docs/bounds.md section 5b): the last-warp bound, sharpened by
// what the other warps must issue while the last warp waits. It needs every warp to run the problem's
// kernel (it counts where runs of one type end) and no scheduler limit that can bind.
//
// Notation as in bounds.cpp; S the effective scheduler limit (bound_terms.hpp). A type U "blocks" when
// I_U > 0 and sigma_U <= W - 1. An *exit* of U is a position p < I - 1 with u_p = U != u_{p+1}; x_U
// of them. For a blocking U let
//   full_U = (W-1) I_U / sigma_U,    d_U = max(0, (W-1) x_U / sigma_U - I_U),
// and F = sum over the types that do not block of (W-1) I_U. The bound is I + sum_U full_U - s, where
// s is the least sum_U s_U with 0 <= s_U <= full_U and
//   sum_U max(0, d_U - s_U) <= F + sum_U sigma_U s_U,
// rounded down safely; and never above the distinct-issuer bound (the minimum of the two is returned).
// With S > 0 it is the distinct-issuer bound.
//
// Proof sketch. Let w* issue in cycle T; T = I + sum_U a_U, a_U its cycles waiting with next type U.
// With S = 0 such a cycle saturates U with sigma_U other warps, so a_U = 0 unless U blocks. Split the
// others' passages of U: sigma_U a_U in w*'s U-waits, the rest ("waste") elsewhere. A U-wait cycle is
// *impure* when some other warp stands at a type V != U: V then issues (it is saturated, or all of its
// warps issue), a passage of V that is not in a V-wait of w*. So sum_U i_U <= sum_V waste_V, with i_U
// the impure U-waits, and waste_V <= (W-1) I_V - sigma_V a_V. An exit of U issued in a U-wait that is
// not the last of its stretch (consecutive U-waits) makes the next cycle impure; each cycle holds at
// most sigma_U passages of U, and each stretch ends before one of w*'s I_U instructions of U; so
// sigma_U a_U <= (W-1)(I_U - x_U) + sigma_U (i_U + I_U). With s_U = full_U - a_U these give the
// inequality above; the least s over it is a continuous knapsack, solved greedily by rate.
#ifndef WSP_BOUNDS_EXIT_BOUND_HPP
#define WSP_BOUNDS_EXIT_BOUND_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

// The run-exit bound from the initial state; `S` is the effective scheduler limit and `distinct` the
// distinct-issuer bound (returned when S > 0, and whenever it is smaller). O(I) time, O(1) memory,
// 32-bit divisions only.
uint64_t exit_bound(const wsp_problem &p, uint32_t S, uint64_t distinct);

}  // namespace wsp

#endif
