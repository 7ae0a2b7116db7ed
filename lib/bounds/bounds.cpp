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
#include "bounds/entry_bound.hpp"
#include "bounds/exit_bound.hpp"
#include "bounds/pipeline_bound.hpp"
#include "bounds/upper.hpp"
#include "bounds/upper_bounds.hpp"
#include "model/problem.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

// Every count below is at most W*I <= 2^31 (WSP_MAX_CELLS), so the divisions are 32-bit: one
// instruction on Cortex-M4, and no 64-bit division helper on the stack of wsp_bounds_compute. Each
// bound is a function of its own (noinline), so that upper_bound is a dispatcher whose frame does not
// add to the deepest one's (make stack).

// Saturation bound (bound_terms.hpp) from the initial state: R_U = W*I_U, every warp has I left.
__attribute__((noinline)) uint64_t saturation_bound(const wsp_problem &p) {
    uint64_t t = p.length;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) t += (p.warps * p.count[u]) / p.sigma[u];
    if (p.schedulers > 0) t += (p.warps * p.length) / p.schedulers;
    return t;
}

// Last-warp bound (bound_terms.hpp) from the initial state: the last warp issues I times and waits
// for the other W-1 warps' (W-1)*I_U instructions. For W = 1 it gives I, which is exact.
__attribute__((noinline)) uint64_t last_warp_bound(const wsp_problem &p) {
    uint32_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = (p.warps - 1u) * p.count[u];
    return p.length + uint64_t{waiting_cycles<uint32_t>(p, others, (p.warps - 1u) * p.length)};
}

// The effective scheduler limit of the initial state (bound_terms.hpp).
uint32_t initial_schedulers(const wsp_problem &p) {
    return effective_schedulers<uint32_t>(p.sigma, p.schedulers, p.count, p.warps);
}

// The last warp blocked only by distinct issuers, identical warps (docs/bounds.md, section 5): the
// other W - 1 hold (W-1) I_U of type U and need sigma_U of them (S of them) in one cycle.
__attribute__((noinline)) uint64_t distinct_bound(const wsp_problem &p, uint32_t S) {
    const uint32_t others = p.warps - 1u;
    const uint32_t total = others * p.length;
    const uint32_t sched_cap = S > 0 ? distinct_issue_cycles<uint32_t>(others, p.length, S) : 0;
    return p.length + uint64_t{capped_waiting_cycles<uint32_t>(p.sigma, S, total, sched_cap,
                                                               [&p, others](int u, uint32_t *work, uint32_t *cap) {
                                                                   *work = others * p.count[u];
                                                                   *cap = distinct_issue_cycles<uint32_t>(
                                                                       others, p.count[u], p.sigma[u]);
                                                               })};
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
        t += uint64_t{(p.warps + p.sigma[u] - 1u) / p.sigma[u]} * p.count[u];  // 32-bit: W, sigma <= 2^16
        if (p.sigma[u] > 1) *safe = false;
    }
    return t;
}

}  // namespace

const char *bound_name(uint32_t id) { return wsp_bound_name(id); }

bool heterogeneous_safe(uint32_t id) {
    return id != kBoundPipeline && id != kBoundDrain && id != kBoundEntry && id < kBoundCount;
}

namespace {

// The last warp, blocked only by distinct issuers, for W warps with at most max_count[U]
// instructions of type U and max_length in all: the last warp issues at most max_length times; the
// other W - 1 hold at most (W-1) max_count[U] of U and (W-1) max_length in all, and sigma_U of them
// (S of them) must issue in one cycle. Every quantity grows with the counts, so the bound holds for
// any strings within the maxima.
uint64_t distinct_bound(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, const WarpWork &w) {
    const uint64_t others = w.warps - 1u;
    const uint64_t sched_cap = S > 0 ? distinct_issue_cycles<uint64_t>(others, w.max_length, S) : 0;
    return w.max_length +
           capped_waiting_cycles<uint64_t>(sigma, S, others * w.max_length, sched_cap,
                                           [&w, others, sigma](int u, uint64_t *work, uint64_t *cap) {
                                               *work = others * w.max_count[u];
                                               *cap = distinct_issue_cycles<uint64_t>(others, w.max_count[u],
                                                                                      sigma[u]);
                                           });
}

}  // namespace

uint64_t heterogeneous_upper_bound(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t schedulers,
                                   const WarpWork &w, uint64_t out[kBoundCount]) {
    for (uint32_t k = 0; k < kBoundCount; ++k) out[k] = UINT64_MAX;
    if (w.warps == 0) {
        for (uint32_t k = 0; k < kBoundCount; ++k)
            if (heterogeneous_safe(k)) out[k] = 0;
        return 0;
    }
    const uint64_t W = w.warps;
    // Fact A: every cycle issues, and all warps hold at most W * max_length instructions.
    out[kBoundTrivial] = W * w.max_length;
    // Saturation: its counts R_U <= W max_count[U], R <= W max_length, longest <= max_length.
    uint64_t sat = w.max_length;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) sat += W * w.max_count[u] / sigma[u];
    if (schedulers > 0) sat += W * w.max_length / schedulers;
    out[kBoundSaturation] = sat;
    // Last warp: capped_waiting_cycles without caps is waiting_cycles when the counts add up to the
    // length, and stays valid (the greedy respects the total) when the maxima do not.
    const uint64_t others = W - 1u;
    out[kBoundLastWarp] =
        w.max_length + capped_waiting_cycles<uint64_t>(sigma, schedulers, others * w.max_length, UINT64_MAX,
                                                       [&w, others](int u, uint64_t *work, uint64_t *cap) {
                                                           *work = others * w.max_count[u];
                                                           *cap = UINT64_MAX;
                                                       });
    const uint32_t S = effective_schedulers<uint64_t>(sigma, schedulers, w.max_count, W);
    out[kBoundDistinct] = distinct_bound(sigma, S, w);
    // Run exits: the proof of docs/bounds.md 5b needs the other warps' work, their non-exit U
    // instructions and w*'s stretches (at most its U instructions), and the maxima bound each warp's
    // own numbers. A warp's count of a type is at most its length, so a count maximum above
    // max_length is taken as max_length; its non-exits are at most both that and max_count -
    // exit_credit. Left at UINT64_MAX for a credit above its count, or where the 32-bit arithmetic
    // does not reach.
    bool consistent = w.max_length < (uint64_t{1} << 31);
    uint32_t count[WSP_UNIT_COUNT], nonexit[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT && consistent; ++u) {
        consistent = w.exit_credit[u] <= w.max_count[u];
        const uint64_t c = min_u64(w.max_count[u], w.max_length);
        count[u] = static_cast<uint32_t>(c);
        nonexit[u] = consistent ? static_cast<uint32_t>(min_u64(w.max_count[u] - w.exit_credit[u], c)) : 0;
    }
    if (consistent)
        out[kBoundExits] = exit_bound_counts(sigma, S, w.warps, static_cast<uint32_t>(w.max_length), count, nonexit);
    uint64_t best = UINT64_MAX;
    for (uint32_t k = 0; k < kBoundCount; ++k) best = min_u64(best, out[k]);
    return best;
}

uint64_t upper_bound(const wsp_problem &p, uint32_t id) {
    switch (id) {
    case kBoundTrivial: return static_cast<uint64_t>(p.warps) * p.length;
    case kBoundSaturation: return saturation_bound(p);
    case kBoundLastWarp: return last_warp_bound(p);
    case kBoundDistinct: return distinct_bound(p, initial_schedulers(p));
    case kBoundPipeline: return pipeline_bound(p, initial_schedulers(p));
    case kBoundDrain: return drain_bound(p, initial_schedulers(p));
    case kBoundExits: return exit_bound(p, initial_schedulers(p));
    case kBoundEntry: return entry_initial_bound(p);
    default: return UINT64_MAX;
    }
}

uint64_t upper_bounds(const wsp_problem &p, uint64_t out[kBoundCount]) {
    return out[proven_bounds(p, out)];
}

uint32_t proven_bounds(const wsp_problem &p, uint64_t bound[kBoundCount]) {
    uint32_t least = 0;
    for (uint32_t id = 0; id < kBoundCount; ++id) {
        bound[id] = upper_bound(p, id);
        if (bound[id] < bound[least]) least = id;
    }
    return least;
}

// No array of bounds here: it runs deep in the layout chains of every workspace (make stack).
uint64_t proven_upper(const wsp_problem &p) {
    uint64_t upper = UINT64_MAX;
    for (uint32_t id = 0; id < kBoundCount; ++id) upper = min_u64(upper, upper_bound(p, id));
    return upper;
}

}  // namespace wsp

extern "C" wsp_status wsp_bounds_compute(const wsp_problem *problem, wsp_bounds *bounds,
                                         wsp_diag *diag) {
    wsp::zero(bounds);
    const wsp_status st = wsp::check_problem(problem, diag);
    if (st != WSP_OK) return st;
    if (bounds == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the bounds");
    // every proven bound by id, straight into the caller's struct; upper is the least (docs/bounds.md)
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
        case WSP_BOUND_DISTINCT: return "distinct";
        case WSP_BOUND_PIPELINE: return "pipeline";
        case WSP_BOUND_DRAIN: return "drain";
        case WSP_BOUND_EXITS: return "exits";
        case WSP_BOUND_ENTRY: return "entry";
        default: return "unknown";
    }
}
