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
// `S` is the scheduler limit to count with: p.schedulers, or the effective limit below.
inline uint64_t saturation_cycles(const wsp_problem &p, uint32_t S, const Workload &all, uint64_t longest) {
    uint64_t t = longest;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) t += all.of_type[u] / p.sigma[u];
    if (S > 0) t += all.total / S;
    return t;  // <= 3*R + longest < 2^35 for R <= 2^31: no overflow
}

inline uint64_t saturation_cycles(const wsp_problem &p, const Workload &all, uint64_t longest) {
    return saturation_cycles(p, p.schedulers, all, longest);
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
inline N waiting_cycles(const wsp_problem &p, uint32_t schedulers, const N others[WSP_UNIT_COUNT],
                        N others_total) {
    const N S = schedulers;
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

template <typename N>
inline N waiting_cycles(const wsp_problem &p, const N others[WSP_UNIT_COUNT], N others_total) {
    return waiting_cycles<N>(p, p.schedulers, others, others_total);
}

// The scheduler limit that can bind: 0 (no limit) when S >= the unfinished warps (at most that many
// issue, and if all of them do nobody waits) or S >= the sum of sigma_U over the types with work left
// (then a full scheduler means every such type is saturated, so a waiting warp's own type is). In both
// cases the schedules allowed with S are exactly those allowed without a limit, so every bound proven
// for S = 0 holds. `work` is the remaining work per type of all warps (only whether it is 0 matters).
template <typename N>
inline uint32_t effective_schedulers(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t schedulers,
                                     const N work[WSP_UNIT_COUNT], uint64_t unfinished) {
    if (schedulers == 0 || schedulers >= unfinished) return 0;
    uint64_t capacity = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (work[u] != 0) capacity += sigma[u];
    return schedulers >= capacity ? 0 : schedulers;
}

// Waiting cycles of one warp, blocked only by the other warps' work (the last-warp count of
// waiting_cycles, refined by the distinct-issuer caps and without assuming the per-type work fits
// the total; docs/bounds.md, sections 3 and 5). `total` is the others' work N, `sched_cap` caps the
// cycles in which S distinct other warps issue, and of(u, &work, &cap) gives the others' work N_U of
// type U and the cap on the cycles in which sigma_U distinct other warps issue U (0: never).
// Proof. A waiting cycle of the warp is of kind (a_U): its type U is saturated and, when S > 0,
// sigma_U < S, so sigma_U distinct other warps issue U in it; or of kind (b): the scheduler is full
// with S distinct other warps (S > 0). With a_U and b such cycles: a_U <= cap_U, a_U <= N_U / sigma_U,
// b <= sched_cap, and the issues are distinct, so sum_U sigma_U a_U + S b <= N. The waits a + b are at
// most the largest number of items, of weight sigma_U (at most min(cap_U, N_U / sigma_U) of each U) or
// S (at most sched_cap), that fit in N. As every sigma_U counted is below S, taking the lightest items
// first is optimal (a heavier item in a solution can be traded for a lighter unused one without
// exceeding N). No arrays: the call stays within the stack of wsp_bounds_compute (make stack).
template <typename N, typename Of>
inline N capped_waiting_cycles(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, N total, N sched_cap, Of of) {
    N waits = 0;
    N left = total;
    uint32_t done = 0;
    for (;;) {
        int u = -1;
        for (int v = 0; v < WSP_UNIT_COUNT; ++v) {
            if (((done >> v) & 1u) || (S > 0 && sigma[v] >= S)) continue;
            if (u < 0 || sigma[v] < sigma[u]) u = v;
        }
        if (u < 0) break;
        done |= 1u << u;
        N work = 0, cap = 0;
        of(u, &work, &cap);
        N a = work / sigma[u];
        if (cap < a) a = cap;
        if (left / sigma[u] < a) a = left / sigma[u];
        waits += a;
        left -= a * sigma[u];
    }
    if (S > 0) {
        const N b = left / S;
        waits += b < sched_cap ? b : sched_cap;
    }
    return waits;
}

// The same with the others' work and caps in arrays (the tests, different strings).
template <typename N>
struct OthersWork {
    N of_type[WSP_UNIT_COUNT];
    N total;
    N cap[WSP_UNIT_COUNT];
    N sched_cap;
};

template <typename N>
inline N capped_waiting_cycles(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, const OthersWork<N> &o) {
    return capped_waiting_cycles<N>(sigma, S, o.total, o.sched_cap, [&o](int u, N *work, N *cap) {
        *work = o.of_type[u];
        *cap = o.cap[u];
    });
}

// Cycles in which `sigma` distinct warps out of `warps`, each with at most `each` instructions of
// the kind counted, can all issue one: 0 when warps < sigma, else floor(warps * each / sigma). Proof:
// in c such cycles every warp takes part in at most min(each, c), so sigma c <= warps min(each, c);
// with warps < sigma that forces c = 0, otherwise c <= warps each / sigma.
template <typename N>
inline N distinct_issue_cycles(N warps, N each, uint32_t sigma) {
    return warps < sigma ? 0 : warps * each / sigma;
}

}  // namespace wsp

#endif
