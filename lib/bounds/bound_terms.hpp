// The two counting arguments behind every proven upper bound in warpspan. They hold from any state at
// the start of a cycle, not only from "all warps at instruction 0": after normalisation every
// unfinished warp is ready at the start of every cycle, so the rest of a work-conserving schedule is
// itself a work-conserving schedule of warps that start at their current positions. bounds.cpp
// applies them to the initial state; the exact solver applies them to every state it visits.
//
// Notation: sigma_U >= 1 after normalisation, S = schedulers (0 = no limit). A Workload counts
// instructions still to issue, per type and in total.
#ifndef WSP_BOUNDS_BOUND_TERMS_HPP
#define WSP_BOUNDS_BOUND_TERMS_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

struct Workload {
    uint64_t of_type[WSP_UNIT_COUNT];
    uint64_t total;
};

// Saturation bound (docs/bounds.md), made scheduler-aware. `all` is the remaining work of all
// warps and `longest` the most instructions any one warp has left.
// Proof. Classify each remaining cycle t: (a) some type U issues sigma_U instructions; (b) otherwise
// the scheduler limit is reached (S instructions issue); (c) otherwise no type is saturated and the
// limit is not reached, so by work conservation every unfinished warp issues in t. There are at most
// floor(R_U/sigma_U) cycles of kind (a) per type, floor(R/S) of kind (b), and at most `longest` of
// kind (c), since the warp finishing last is unfinished and issues in each of them.
// Remaining cycles <= sum_U floor(R_U/sigma_U) + [S > 0] floor(R/S) + longest.
inline uint64_t saturation_cycles(const wsp_problem &p, const Workload &all, uint64_t longest) {
    uint64_t t = longest;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) t += all.of_type[u] / p.sigma[u];
    if (p.schedulers > 0) t += all.total / p.schedulers;
    return t;  // <= 3*R + longest < 2^35 for R <= 2^31: no overflow
}

// Waiting cycles of the warp that finishes last (ours, the "last-warp bound"). `others` is the
// remaining work of every other warp.
// Proof. Let w* issue in the last cycle. In every remaining cycle w* either issues (as many cycles
// as it has instructions left) or waits. When it waits its next instruction has some type U and it
// is ready, so by work conservation either
//   (a) U is saturated: sigma_U instructions of type U issue, all from other warps, or
//   (b) the scheduler limit is reached: S instructions issue, all from other warps.
// Assign each waiting cycle to (a) if it qualifies, else to (b). With a_U cycles of kind (a) for U
// and b of kind (b), the cycles are disjoint and consume other warps' instructions, so
//   sigma_U a_U <= N_U for every U, and sum_U sigma_U a_U + S b <= N.
// If S = 0 then b = 0 and the waits are at most sum_U floor(N_U/sigma_U). If S > 0, a cycle of kind
// (a) with sigma_U >= S is also of kind (b), so count it there: only types with sigma_U < S have
// a_U > 0. Then waits = sum a_U + b <= N/S + sum a_U (1 - sigma_U/S), which grows with every a_U, so
// waits <= sum A_U + (N - sum sigma_U A_U)/S with A_U = floor(N_U/sigma_U); waits is an integer, so
// waits <= sum A_U + floor((N - sum sigma_U A_U)/S).
// Any unsigned N that holds the others' total work will do (the exact solver uses 32 bits, as the
// total is below 2^31); types without remaining work cost no division.
template <typename N>
inline N waiting_cycles(const wsp_problem &p, const N others[WSP_UNIT_COUNT], N others_total) {
    const N S = p.schedulers;
    N waits = 0;
    N used = 0;  // sum sigma_U A_U over the types counted as (a)
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (others[u] == 0 || (S > 0 && p.sigma[u] >= S)) continue;
        const N a = others[u] / p.sigma[u];
        waits += a;
        used += a * p.sigma[u];
    }
    if (S > 0) waits += (others_total - used) / S;
    return waits;
}

}  // namespace wsp

#endif
