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
}

uint32_t StateBound::operator()(const Frame &f) const {
    const uint32_t G = f.groups();
    if (G == 0) return 0;
    const FrameHeader &h = f.header();
    const wsp_problem &p = *p_;
    const uint32_t I = p.length;
    const uint32_t behind = f.position(0);  // groups are sorted: group 0 has the most left
    const uint32_t longest = I - behind;

    // The effective scheduler limit needs the unfinished warps, and the distinct-issuer caps the
    // warps that still hold work of each type; both are counted over the groups only when lower
    // estimates (the groups, ceil(work / longest), ceil(work_U / I_U): no warp holds more than the
    // one furthest behind, nor more than I_U of type U) leave the answer open.
    uint32_t with_work = 0;  // bit U: work of type U left
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) with_work |= (h.work[u] != 0 ? 1u : 0u) << u;
    uint32_t S = p.schedulers;
    if (S > 0) {  // 0 when S reaches the capacity of the types left
        uint32_t capacity = 0;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) capacity += ((with_work >> u) & 1u) ? p.sigma[u] : 0u;
        if (S >= capacity) S = 0;
    }
    uint32_t unfinished = 0;
    // unfinished >= the groups and >= ceil(work / longest): count only when both allow S >= it
    if (S > 0 && G <= S && h.work_total <= uint64_t{S} * longest) {
        for (uint32_t g = 0; g < G; ++g) unfinished += f.count(g);
        if (S >= unfinished) S = 0;
    }
    // A cap may bind for a type that keeps a warp waiting on its own (S = 0 or sigma_U < S) when
    // ceil(work_U / I_U) <= sigma_U; then the holders are counted.
    bool binds = false;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)  // work_U <= sigma_U I_U (< 2^32: work <= W*I <= 2^31)
        if (((with_work >> u) & 1u) && (S == 0 || p.sigma[u] < S) && h.work[u] <= uint64_t{p.sigma[u]} * p.count[u])
            binds = true;
    uint32_t holders[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    if (binds) {
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
            if (h.work[u] != 0 && holders[u] - 1u < p.sigma[u] && (S == 0 || p.sigma[u] < S)) binds = true;
    }

    Workload all;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) all.of_type[u] = h.work[u];
    all.total = h.work_total;
    uint64_t ub = saturation_cycles(p, S, all, longest);
    if (h.work_total < ub) ub = h.work_total;  // Fact A: at least one instruction issues per cycle

    // Last-warp bound for a warp of group 0; by the Lipschitz argument above no other group gives
    // more. Every count is at most W*I < 2^31, so 32 bits are exact.
    const uint32_t *mine = suffix_ + 4u * static_cast<size_t>(behind);
    uint32_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = h.work[u] - mine[u];
    const uint32_t last = longest + waiting_cycles<uint32_t>(p, S, others, h.work_total - longest);
    if (last < ub) ub = last;

    // The last warp blocked only by distinct issuers: its caps can jump when one warp more holds
    // work of a type, so no group dominates; the largest over the groups is taken. When no cap binds
    // (every type that can keep a warp waiting on its own has sigma_U other holders whichever warp is
    // last; S > 0 implies unfinished - 1 >= S, as S is effective) capped_waiting_cycles equals
    // waiting_cycles and the bound is the last-warp bound: then it is skipped.
    uint64_t distinct = binds ? 0 : ub;
    for (uint32_t g = 0; binds && g < G && distinct < ub; ++g) {
        const uint32_t pos = f.position(g);
        const uint32_t *rest = suffix_ + 4u * static_cast<size_t>(pos);
        OthersWork<uint32_t> o;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            o.of_type[u] = h.work[u] - rest[u];
            const uint32_t holding = holders[u] - (rest[u] != 0 ? 1u : 0u);
            o.cap[u] = holding < p.sigma[u] ? 0 : o.of_type[u] / p.sigma[u];
        }
        o.total = h.work_total - (I - pos);
        o.sched_cap = S == 0 || unfinished - 1u < S ? 0 : o.total / S;
        const uint64_t b = (I - pos) + capped_waiting_cycles<uint32_t>(p.sigma, S, o);
        if (b > distinct) distinct = b;
    }
    if (distinct < ub) ub = distinct;
    return static_cast<uint32_t>(ub);
}

}  // namespace wsp
