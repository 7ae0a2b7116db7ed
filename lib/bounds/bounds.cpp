// Upper bounds on T(W) and the paper's pessimistic formula.
//
// Notation: W warps, normalised kernel of I instructions, I_U of type U, sigma_U >= 1 after
// normalisation, S = schedulers (0 = no limit). A schedule is work-conserving (DESIGN.md section 1);
// T is its makespan.
//
// Fact A (no idle cycle). In a work-conserving schedule every cycle t <= T issues an instruction:
// if none issued, every type has spare capacity and the scheduler limit is not reached, so every
// unfinished warp (there is one: the warp issuing at T) would have to issue. Hence T <= W*I.
#include "model/problem.hpp"
#include "util/checked.hpp"

namespace wsp {

namespace {

// Saturation bound, DESIGN.md section 3, made scheduler-aware.
// Proof. Classify each cycle t <= T: (a) some type U issues sigma_U instructions; (b) otherwise the
// scheduler limit is reached (S instructions issue); (c) otherwise no type is saturated and the
// limit is not reached, so by work conservation every unfinished warp issues in t. There are at most
// floor(W*I_U/sigma_U) cycles of kind (a) per type, floor(W*I/S) of kind (b), and at most I of kind
// (c), since the warp finishing last is unfinished and issues in each of them and it issues I times.
// T <= sum_U floor(W*I_U/sigma_U) + [S > 0] floor(W*I/S) + I.
uint64_t saturation_bound(const wsp_problem &p) {
    const uint64_t W = p.warps;
    uint64_t t = p.length;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) t += W * p.count[u] / p.sigma[u];
    if (p.schedulers > 0) t += W * p.length / p.schedulers;
    return t;  // <= 3*W*I + I < 2^35: no overflow for W*I <= 2^31
}

// Last-warp bound (ours; tighter than the saturation bound, tested against the exhaustive oracle).
// Proof. Let w* be a warp that issues in cycle T. It issues in exactly I cycles, so T = I + q where q
// counts the cycles t < T in which w* waits. In such a cycle w*'s next instruction has some type U
// and w* is ready (its previous instruction issued before t), so by work conservation either
//   (a) type U is saturated: sigma_U instructions of type U issue, all from the other W-1 warps, or
//   (b) the scheduler limit is reached: S instructions issue, all from other warps.
// Assign each waiting cycle to (a) if it qualifies, else (b). With N_U = (W-1)*I_U and N = (W-1)*I
// the other warps' instructions, a_U waiting cycles of kind (a) for U and b of kind (b):
//   sigma_U a_U <= N_U for every U, and sum_U sigma_U a_U + S b <= N  (cycles are disjoint).
// If S = 0 then b = 0 and q <= sum_U floor(N_U/sigma_U). If S > 0, a cycle of kind (a) with
// sigma_U >= S is also of kind (b), so count it there: only types with sigma_U < S have a_U > 0.
// Then q = sum a_U + b <= sum a_U + (N - sum sigma_U a_U)/S = N/S + sum a_U (1 - sigma_U/S), which
// grows with every a_U, so q <= sum A_U + (N - sum sigma_U A_U)/S with A_U = floor(N_U/sigma_U);
// q is an integer, so q <= sum A_U + floor((N - sum sigma_U A_U)/S).
// For W = 1, q = 0 and the bound is I, which is exact.
uint64_t last_warp_bound(const wsp_problem &p) {
    const uint64_t others = p.warps - 1u;
    const uint64_t S = p.schedulers;
    uint64_t q = 0;
    uint64_t used = 0;  // sum sigma_U A_U over the types counted as (a)
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (S > 0 && p.sigma[u] >= S) continue;
        const uint64_t a = others * p.count[u] / p.sigma[u];
        q += a;
        used += a * p.sigma[u];
    }
    if (S > 0) q += (others * p.length - used) / S;
    return p.length + q;
}

// Paper 004, Eq. 5-7, generalised to four types: sum_U ceil(W/sigma_U) * I_U. It assumes every warp
// competes with all others for each instruction's unit, which fails when sigma_U > 1: for LLL with
// sigma_L = 2 and W = 4 it gives 6 but a work-conserving schedule takes 7 (DESIGN.md section 3).
// When every type the kernel uses has sigma_U = 1 it equals W*I, which Fact A proves.
uint64_t paper_bound(const wsp_problem &p, bool *safe) {
    uint64_t t = 0;
    *safe = true;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (p.count[u] == 0) continue;
        t += ceil_div(p.warps, p.sigma[u]) * p.count[u];
        if (p.sigma[u] > 1) *safe = false;
    }
    return t;
}

}  // namespace
}  // namespace wsp

extern "C" wsp_status wsp_bounds_compute(const wsp_problem *p, wsp_bounds *out) {
    if (out == nullptr) return WSP_ERR_NULL_ARGUMENT;
    if (p == nullptr) return WSP_ERR_NULL_ARGUMENT;
    if (!wsp::valid(p)) return WSP_ERR_INVALID_HANDLE;
    out->trivial = static_cast<uint64_t>(p->warps) * p->length;
    out->saturation = wsp::saturation_bound(*p);
    out->last_warp = wsp::last_warp_bound(*p);
    out->upper = wsp::min_u64(out->trivial, wsp::min_u64(out->saturation, out->last_warp));
    bool safe = false;
    out->paper = wsp::paper_bound(*p, &safe);
    out->paper_safe = safe ? 1 : 0;
    return WSP_OK;
}
