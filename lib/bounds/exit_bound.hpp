// The run-exit bound (ours, since 1.3; docs/bounds.md section 5b): the last-warp bound, sharpened by
// what the other warps must issue while the last warp waits. It counts where runs of one type end: in
// the problem's kernel (exit_bound), or as maxima over warps that run different strings
// (exit_bound_counts); a scheduler limit may bind.
//
// Notation as in bounds.cpp; S the effective scheduler limit (bound_terms.hpp), N = (W-1) I and
// N_U = (W-1) I_U the other warps' work. A type U is *saturable* when I_U > 0, sigma_U <= W - 1 and
// (S = 0 or sigma_U < S). An *exit* of U is a position p < I - 1 with u_p = U != u_{p+1}; x_U of
// them. For a saturable U let
//   full_U = floor(N_U / sigma_U),   D_U = min(full_U, (W-1)(I_U - x_U) / sigma_U + I_U).
// The bound is I plus the optimum of the linear program (variables A_U, B >= 0)
//   maximise  sum_U A_U + B
//   (1)  sum_U sigma_U A_U + S B                                <= N
//   (2)  sum_U sigma_U A_U + sum_U max(0, A_U - D_U) + (S-1) B  <= N      (B = 0 when S = 0)
//   A_U <= full_U,
// rounded down (the pieces are rounded up in fixed point first, by less than 8 x 2^-15 cycles in all);
// it is never above the distinct-issuer bound (whose program is (1) alone).
//
// Proof sketch. Let w* issue in cycle T; T = I + its waiting cycles. A waiting cycle with next type U
// is of kind A_U when U is saturated and U is saturable (sigma_U other warps issue U), else of kind B
// (the scheduler is full: S other warps issue). A U-wait of kind A is *impure* when some other warp
// stands at a type V != U: V issues (it is saturated, or its warps issue) or the scheduler is full
// (S > sigma_U issues), so it holds sigma_U + 1 other issues. An exit of U issued in a U-wait that is
// not the last of its stretch leaves a warp at another type in the next U-wait, which is impure or
// of kind B; at most sigma_U exits issue per cycle, and at most sigma_U in the last cycle of each of
// w*'s at most I_U stretches; the other U issues in U-waits are not exits:
//   sigma_U A_U <= (W-1)(I_U - x_U) + sigma_U (i_U + B_U + I_U).
// So the impure cycles number at least sum_U max(0, A_U - D_U) - B, and counting the other warps'
// issues gives (1) and (2). The program is solved through its dual: every point of
//   0 <= beta <= alpha,  S alpha - beta >= 1 (when S > 0)
// gives N alpha + sum_U [D_U (1 - sigma_U alpha)^+ + (full_U - D_U)(1 - sigma_U alpha - beta)^+]
// >= the optimum (weak duality). It never grows with beta, so exit_bound takes the largest beta the
// region allows and evaluates it, rounded up, where it bends in alpha, and takes the least.
#ifndef WSP_BOUNDS_EXIT_BOUND_HPP
#define WSP_BOUNDS_EXIT_BOUND_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

// The run-exit bound from the initial state; `S` is the effective scheduler limit. O(I) time, O(1)
// memory, 32-bit divisions only.
uint64_t exit_bound(const wsp_problem &p, uint32_t S);

// The same program for W warps that may run different strings (docs/bounds.md 5b, "Different
// strings"), known by maxima over the warps: each warp has at most `length` instructions, count[U] of
// type U, and nonexit[U] of its U instructions are not exits (followed by another U, or its last).
// The proof counts only these, so the maxima bound every such family of strings; with the kernel's own
// counts (nonexit = I_U - x_U) it is exit_bound. `S` is the effective scheduler limit for the maxima.
// The exits are those of the strings as issued (for PTX the order is the compiler's, so warpspan ptx
// does not use this: docs/ptx.md). UINT64_MAX (no bound) when (W - 1) times the length or the counts'
// sum reaches 2^31, a nonexit exceeds its count or a count the length, or a sigma lies outside 1..2^16.
uint64_t exit_bound_counts(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, uint32_t warps, uint32_t length,
                           const uint32_t count[WSP_UNIT_COUNT], const uint32_t nonexit[WSP_UNIT_COUNT]);

}  // namespace wsp

#endif
