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
// rounded down (the sum is rounded safely: never below its floor, see SafeSum).
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

// A sum of an integer and fractions num / den (den <= 2^16), rounded down safely: the integer
// parts exactly, each remainder rounded up to a multiple of 2^-16 before the remainders are added. The
// result is the floor of the sum, or one more when the sum lies within (terms) 2^-16 below an
// integer: never below the floor. Integer arithmetic only, the same on every target.
struct SafeSum {
    uint64_t whole = 0;
    uint32_t fraction = 0;  // in units of 2^-16; < 8 * 2^16 for at most 8 terms

    __attribute__((always_inline)) void add(uint32_t num, uint32_t den) {
        whole += num / den;
        const uint32_t rest = num % den;  // < den <= 2^16 (sigma and S are at most 65536), so
        fraction += ((rest << 16) + den - 1u) / den;  // rest * 2^16 < 2^32: rounded up to 2^-16
    }
    uint64_t floor() const { return whole + (fraction >> 16); }
};

// The pipeline bound for the problem's W warps from the initial state, with effective scheduler
// limit `S` (0 = none). O(I) time, O(1) memory.
uint64_t pipeline_bound(const wsp_problem &p, uint32_t S);

// The drain bound (ours, since 1.2; docs/bounds.md section 6b): the pipeline bound with unit steps at
// every position, where the cycles a run of descents at position i takes are counted with the
// blocked cycles instead of one cycle per step. With
//   w_U = 1/sigma_U when S = 0 and sigma_U < W,  1/sigma_U - 1/S when S > 0 and sigma_U < S,  else 0
// (now for every type with an instruction) it is the largest over the positions i of
//   I + sum_U w_U (W-1)(r_U - 1 - [i in a gap of U] + [u_i = U]) + [S > 0] (W-1) I / S,
// rounded down safely; it is never above the pipeline bound.
// Proof sketch. Follow the pipeline path with m_i = 1 everywhere. Where it descends at i from
// (i, k0) to (i, k1), every cycle of [tau_i(k0), tau_i(k1)) has a warp at i that does not issue (a
// cycle in which all of them issue ends the descent), so it is blocked: u_i saturated or the
// scheduler full; and at most k1 - k0 passages of i fall in it (they are numbered k0 .. k1 - 1).
// So T = sum over the positions of [1 + the blocked cycles of the horizontal window + the blocked
// cycles of the run], and the passages that fill the blocked cycles are those of Lemma 4 (other
// positions) plus the run's own, at most e_i at position i. Per position j the own ones and those in
// other windows number at most W - 1, so the scheduler's budget is (W-1) I; per type U the budget is
// X_U + E_U (E_U: descents at U positions). The knapsack of section 3 with these budgets is linear in
// the descents, largest with all W - 1 of them at one position.
uint64_t drain_bound(const wsp_problem &p, uint32_t S);

}  // namespace wsp

#endif
