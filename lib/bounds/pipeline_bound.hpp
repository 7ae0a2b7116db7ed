// The pipeline bound (ours): an upper bound on T(W) from the cycles in which the k-th warp passes
// each instruction, for W warps that run the SAME kernel from "all at instruction 0" (it uses the
// positions of the instructions, so it is not valid for warps running different strings).
//
// Notation as in bounds.cpp; S is the effective scheduler limit (bound_terms.hpp, 0 = cannot bind).
// For a type U with r_U >= 2 instructions let
//   w_U = 1/sigma_U                 when S = 0 and sigma_U < W,
//   w_U = 1/sigma_U - 1/S           when S > 0 and sigma_U < S,
//   w_U = 0                         otherwise (U can only delay through the scheduler, or never).
// Instruction i "lies in a gap of V" when V != u_i has an instruction before i and one after i. A
// position i is free when S = 0 and its type U occurs once or has sigma_U >= W; then m_i = sigma_U,
// else m_i = 1. The bound is the largest of
//   none:  I + sum_U w_U (W-1)(r_U - 1)                        + [S > 0] (W-1) I / S
//   at i:  I + (W-1)/m_i + sum_U w_U (W-1)(r_U - 1 - [i in a gap of U]) + [S > 0] (W-1)(I-1) / S
// rounded down (the sum is rounded safely: never below its floor, see safe_floor_sum).
//
// Proof sketch (docs/bounds.md, "pipeline bound"). Let tau_i(k) be the cycle in which the k-th warp
// passes instruction i (tau_{-1} = 0, tau_i(k) = 0 for k <= 0), so T(W) = tau_{I-1}(W). For every i
// and k, with s = max(tau_{i-1}(k), tau_i(k - m_i)), each cycle strictly between s and tau_i(k) has a
// warp ready at i that does not issue, so u_i is saturated or the scheduler full, and at most m_i - 1
// of its issues are passages of i; so tau_i(k) <= s + 1 + (cycles blocked by issues elsewhere).
// Unrolling from (I-1, W) gives a path through the (i, k) grid: I + v nodes, v vertical steps of
// sum m_i v_i <= W - 1, whose blocked cycles are disjoint. The issues of instruction j that fall in
// them number at most W - 1 - (how far the path descends at j), and for two consecutive instructions
// of U at most W - 1 - (descent strictly between them): passages of j after tau_j(k) are at most W - k,
// passages before tau_i(k) for i < j at most k - 1. Free positions get no blocked cycles (no other
// instruction of their type, no scheduler). Counting blocked cycles as in the last-warp bound (U
// saturated: sigma_U issues of U; full: S issues) bounds the path by a linear function of the descents,
// largest at a vertex: no descent, or all W - 1 at one position.
#ifndef WSP_BOUNDS_PIPELINE_BOUND_HPP
#define WSP_BOUNDS_PIPELINE_BOUND_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

// floor(whole + sum_k num[k] / den[k]) or one more: each fraction's remainder is rounded up to
// 1/2^32 before the remainders are added. num[k] >= 0, 1 <= den[k] < 2^32, at most 8 terms.
uint64_t safe_floor_sum(uint64_t whole, const uint64_t *num, const uint32_t *den, uint32_t terms);

// The pipeline bound for the problem's W warps from the initial state, with effective scheduler
// limit `S` (0 = none). O(I) time, O(1) memory.
uint64_t pipeline_bound(const wsp_problem &p, uint32_t S);

}  // namespace wsp

#endif
