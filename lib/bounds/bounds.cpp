// Upper bounds on T(W) and the paper's pessimistic formula.
//
// Notation: W warps, normalised kernel of I instructions, I_U of type U, sigma_U >= 1 after
// normalisation, S = schedulers (0 = no limit). A schedule is work-conserving (docs/model.md);
// T is its makespan.
//
// Fact A (no idle cycle). In a work-conserving schedule every cycle t <= T issues an instruction:
// if none issued, every type has spare capacity and the scheduler limit is not reached, so every
// unfinished warp (there is one: the warp issuing at T) would have to issue. Hence T <= W*I.
#include "bounds/bound_terms.hpp"
#include "bounds/upper.hpp"
#include "model/problem.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

// Saturation bound (bound_terms.hpp) from the initial state: R_U = W*I_U, every warp has I left.
uint64_t saturation_bound(const wsp_problem &p) {
    Workload all;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) all.of_type[u] = uint64_t{p.warps} * p.count[u];
    all.total = uint64_t{p.warps} * p.length;
    return saturation_cycles(p, all, p.length);
}

// Last-warp bound (bound_terms.hpp) from the initial state: the last warp issues I times and waits
// for the other W-1 warps' (W-1)*I_U instructions. For W = 1 it gives I, which is exact.
uint64_t last_warp_bound(const wsp_problem &p) {
    uint64_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = uint64_t{p.warps - 1u} * p.count[u];
    return p.length + waiting_cycles<uint64_t>(p, others, uint64_t{p.warps - 1u} * p.length);
}

// Paper 004, Eq. 5-7, generalised to four types: sum_U ceil(W/sigma_U) * I_U. It assumes every warp
// competes with all others for each instruction's unit, which fails when sigma_U > 1: for LLL with
// sigma_L = 2 and W = 4 it gives 6 but a work-conserving schedule takes 7 (docs/errata.md).
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

uint32_t proven_bounds(const wsp_problem &p, uint64_t bound[WSP_BOUND_COUNT]) {
    bound[WSP_BOUND_TRIVIAL] = static_cast<uint64_t>(p.warps) * p.length;
    bound[WSP_BOUND_SATURATION] = saturation_bound(p);
    bound[WSP_BOUND_LAST_WARP] = last_warp_bound(p);
    uint32_t least = WSP_BOUND_TRIVIAL;
    for (uint32_t id = 1; id < WSP_BOUND_COUNT; ++id)
        if (bound[id] < bound[least]) least = id;
    return least;
}

}  // namespace wsp

extern "C" wsp_status wsp_bounds_compute(const wsp_problem *problem, wsp_bounds *bounds,
                                         wsp_diag *diag) {
    wsp::zero(bounds);
    const wsp_status st = wsp::check_problem(problem, diag);
    if (st != WSP_OK) return st;
    if (bounds == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the bounds");
    bounds->upper_id = wsp::proven_bounds(*problem, bounds->bound);
    bounds->upper = bounds->bound[bounds->upper_id];
    bool safe = false;
    bounds->paper = wsp::paper_bound(*problem, &safe);
    bounds->paper_safe = safe ? 1 : 0;
    return wsp::ok(diag);
}

extern "C" const char *wsp_bound_name(uint32_t id) {
    switch (id) {
        case WSP_BOUND_TRIVIAL: return "trivial";
        case WSP_BOUND_SATURATION: return "saturation";
        case WSP_BOUND_LAST_WARP: return "last_warp";
        default: return "unknown";
    }
}
