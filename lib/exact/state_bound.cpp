#include "exact/state_bound.hpp"

namespace wsp {

StateBound::StateBound(const wsp_problem &p, uint32_t *suffix) : p_(&p), suffix_(suffix) {
    const uint32_t I = p.length;
    const uint8_t *units = p.units();
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) suffix[4u * static_cast<size_t>(I) + u] = 0;
    for (uint32_t i = I; i-- > 0;) {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) suffix[4u * static_cast<size_t>(i) + u] =
            suffix[4u * (static_cast<size_t>(i) + 1u) + u] + (units[i] == u ? 1u : 0u);
    }
    no_limit_ = 0;
    for (uint32_t mask = 0; mask < 16; ++mask) {
        uint64_t capacity = 0;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if ((mask >> u) & 1u) capacity += p.sigma[u];
        if (p.schedulers >= capacity) no_limit_ |= 1u << mask;
    }
    below_ = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (p.sigma[u] < p.schedulers) below_ |= 1u << u;
    entry_ = entry_kernel(p);
}

// The run-entry bound (bounds/entry_bound.hpp) for a warp of group 0 as the last warp; each group's
// entries left from its C instructions left (entries_left).
uint32_t StateBound::entry_bound(const Frame &f, uint32_t ub) const {
    const uint32_t G = f.groups();
    const uint32_t c = static_cast<uint32_t>(entry_.c_type);
    const uint8_t *units = p_->units();
    uint64_t entries = 0;
    uint32_t mine = 0;
    for (uint32_t g = 0; g < G; ++g) {
        const uint32_t pos = f.position(g);
        const uint32_t e = entries_left(entry_, suffix_[4u * static_cast<size_t>(pos) + c], units[pos] == c);
        entries += uint64_t{e} * f.count(g);
        if (g == 0) mine = e;
    }
    const FrameHeader &h = f.header();
    const uint64_t b = entry_state_bound(entry_, h.work[entry_.l_type], h.work[c],
                                         suffix_[4u * static_cast<size_t>(f.position(0)) + c], entries - mine);
    return b < ub ? static_cast<uint32_t>(b) : ub;
}

namespace {

// min(remaining work, saturation, last-warp bound for the warp furthest behind) with limit S.
uint32_t counting_bound(const wsp_problem &p, uint32_t S, const FrameHeader &h, const uint32_t *mine,
                        uint32_t longest) {
    Workload all;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) all.of_type[u] = h.work[u];
    all.total = h.work_total;
    uint64_t ub = saturation_cycles(p, S, all, longest);
    if (h.work_total < ub) ub = h.work_total;  // Fact A: at least one instruction issues per cycle
    // Last-warp bound for a warp of group 0; by the Lipschitz argument in the header no other group
    // gives more. Every count is at most W*I < 2^31, so 32 bits are exact.
    uint32_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = h.work[u] - mine[u];
    const uint32_t last = longest + waiting_cycles<uint32_t>(p, S, others, h.work_total - longest);
    return last < ub ? last : static_cast<uint32_t>(ub);
}

}  // namespace

uint32_t StateBound::quick(const Frame &f) const {
    if (f.groups() == 0) return 0;
    const uint32_t behind = f.position(0);  // groups are sorted: group 0 has the most left
    const uint32_t ub = counting_bound(*p_, p_->schedulers, f.header(), suffix_ + 4u * static_cast<size_t>(behind),
                                       p_->length - behind);
    return entry_.active ? entry_bound(f, ub) : ub;
}

uint32_t StateBound::refine(const Frame &f, uint32_t ub) const {
    const uint32_t G = f.groups();
    if (G == 0) return 0;
    const FrameHeader &h = f.header();
    const wsp_problem &p = *p_;
    const uint32_t I = p.length;
    const uint32_t behind = f.position(0);
    const uint32_t longest = I - behind;
    const uint32_t *mine = suffix_ + 4u * static_cast<size_t>(behind);

    // The effective scheduler limit needs the unfinished warps, and the distinct-issuer caps the
    // warps that still hold work of each type; both are counted over the groups only when lower
    // estimates (the groups, ceil(work / longest), ceil(work_U / I_U): no warp holds more than the
    // one furthest behind, nor more than I_U of type U) leave the answer open.
    const uint32_t *work = h.work;
    const uint32_t with_work = (work[0] != 0 ? 1u : 0u) | (work[1] != 0 ? 2u : 0u) | (work[2] != 0 ? 4u : 0u) |
                               (work[3] != 0 ? 8u : 0u);  // bit U: work of type U left
    uint32_t S = ((no_limit_ >> with_work) & 1u) ? 0 : p.schedulers;  // S below the capacity left
    uint32_t unfinished = 0;
    // unfinished >= the groups and >= ceil(work / longest): count only when both allow S >= it
    if (S > 0 && G <= S && h.work_total <= uint64_t{S} * longest) {
        for (uint32_t g = 0; g < G; ++g) unfinished += f.count(g);
        if (S >= unfinished) S = 0;
    }
    if (S != p.schedulers) {
        const uint32_t effective = counting_bound(p, S, h, mine, longest);
        if (effective < ub) ub = effective;
    }
    // A cap may bind for a type that keeps a warp waiting on its own (S = 0 or sigma_U < S) when
    // ceil(work_U / I_U) <= sigma_U, i.e. work_U <= sigma_U I_U; then the holders are counted.
    bool binds = false;
    for (uint32_t kinds = with_work & (S == 0 ? 0xFu : below_); kinds != 0 && !binds; kinds &= kinds - 1u) {
        const int u = __builtin_ctz(kinds);
        binds = work[u] <= uint64_t{p.sigma[u]} * p.count[u];
    }
    if (!binds) return ub;
    uint32_t holders[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    unfinished = 0;
    for (uint32_t g = 0; g < G; ++g) {
        const uint32_t n = f.count(g);
        const uint32_t *rest = suffix_ + 4u * static_cast<size_t>(f.position(g));
        unfinished += n;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (rest[u] != 0) holders[u] += n;
    }
    binds = false;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (work[u] != 0 && holders[u] - 1u < p.sigma[u] && (S == 0 || p.sigma[u] < S)) binds = true;
    if (!binds) return ub;

    // The last warp blocked only by distinct issuers: its caps can jump when one warp more holds
    // work of a type, so no group dominates; the largest over the groups is taken. When no cap binds
    // (every type that can keep a warp waiting on its own has sigma_U other holders whichever warp is
    // last; S > 0 implies unfinished - 1 >= S, as S is effective) capped_waiting_cycles equals
    // waiting_cycles and the bound is the last-warp bound: then it was skipped above.
    uint32_t distinct = 0;
    for (uint32_t g = 0; g < G && distinct < ub; ++g) {
        const uint32_t pos = f.position(g);
        const uint32_t *rest = suffix_ + 4u * static_cast<size_t>(pos);
        const uint32_t total = h.work_total - (I - pos);
        const uint32_t sched_cap = S == 0 || unfinished - 1u < S ? 0 : total / S;
        const uint32_t b = (I - pos) + capped_waiting_cycles<uint32_t>(
                                           p.sigma, S, total, sched_cap, [&](int u, uint32_t *w, uint32_t *cap) {
                                               *w = work[u] - rest[u];
                                               const uint32_t holding = holders[u] - (rest[u] != 0 ? 1u : 0u);
                                               *cap = holding < p.sigma[u] ? 0 : *w / p.sigma[u];
                                           });
        if (b > distinct) distinct = b;
    }
    return distinct < ub ? distinct : ub;
}

}  // namespace wsp
