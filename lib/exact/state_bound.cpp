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
    const uint32_t I = p_->length;
    const uint32_t behind = f.position(0);  // groups are sorted: group 0 has the most left
    const uint32_t longest = I - behind;

    Workload all;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) all.of_type[u] = h.work[u];
    all.total = h.work_total;
    uint64_t ub = saturation_cycles(*p_, all, longest);
    if (h.work_total < ub) ub = h.work_total;  // Fact A: at least one instruction issues per cycle

    // Last-warp bound for a warp of group 0; by the Lipschitz argument above no other group gives
    // more. Every count is at most W*I < 2^31, so 32 bits are exact.
    const uint32_t *mine = suffix_ + 4u * static_cast<size_t>(behind);
    uint32_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = h.work[u] - mine[u];
    const uint32_t last = longest + waiting_cycles<uint32_t>(*p_, others, h.work_total - longest);
    if (last < ub) ub = last;
    return static_cast<uint32_t>(ub);
}

}  // namespace wsp
