// The run-exit bound: exit_bound.hpp has the statement and the proof sketch, docs/bounds.md section 5b
// the proof.
#include "bounds/exit_bound.hpp"

namespace wsp {

namespace {

// Fixed point with 15 fractional bits: every count is at most (W-1) I < 2^31 (WSP_MAX_CELLS), so the
// values stay below 2^46 and every division is a 32-bit one (no 64-bit division helper on Cortex-M4).
constexpr uint32_t kBits = 15;

// num / den in units of 2^-15, rounded up or down (den <= 2^16: rest << 15 < 2^31).
uint64_t fixed(uint32_t num, uint32_t den, bool up) {
    const uint32_t scaled = (num % den) << kBits;
    return (uint64_t{num / den} << kBits) + scaled / den + (up && scaled % den != 0 ? 1u : 0u);
}

// g / r rounded down, g in units of 2^-15 below 2^46, 1 <= r <= 2^16 + 1: a < 2^31 and
// (a % r) << 15 <= 2^31, so both divisions are 32-bit.
uint64_t fixed_over(uint64_t g, uint32_t r) {
    const uint32_t a = static_cast<uint32_t>(g >> kBits);
    const uint32_t low = ((a % r) << kBits) + static_cast<uint32_t>(g & ((1u << kBits) - 1u));
    return (uint64_t{a / r} << kBits) + low / r;
}

}  // namespace

uint64_t exit_bound(const wsp_problem &p, uint32_t S, uint64_t distinct) {
    if (S > 0 || p.warps < 2) return distinct;
    const uint32_t others = p.warps - 1u;
    uint32_t exits[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i + 1 < p.length; ++i)
        if (units[i] != units[i + 1]) ++exits[units[i]];

    // Rounded so that the result can only grow: full_U up; d_U and the least s down (a smaller d_U
    // and a larger full_U only loosen the constraint on s).
    uint64_t full[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    uint64_t deficit[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    uint64_t total = uint64_t{p.length} << kBits;  // I + sum_U full_U
    uint64_t need = 0;                              // sum_U d_U
    uint64_t waste = 0;                             // F: the passages of types that never block
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (p.count[u] == 0) continue;
        if (p.sigma[u] > others) {
            waste += uint64_t{others * p.count[u]} << kBits;
            continue;
        }
        full[u] = fixed(others * p.count[u], p.sigma[u], true);
        const uint64_t over = fixed(others * exits[u], p.sigma[u], false);
        const uint64_t own = uint64_t{p.count[u]} << kBits;
        deficit[u] = over > own ? over - own : 0;
        total += full[u];
        need += deficit[u];
    }
    // The least s: take s_U first where it pays most, sigma_U + 1 per unit while s_U < d_U (it
    // lowers the left side and raises the right), then sigma_U.
    uint64_t gap = need > waste ? need - waste : 0;
    uint64_t s = 0;
    uint32_t used = 0;  // bit 2u + stage: that segment is taken
    while (gap > 0) {
        int best = -1;
        uint32_t best_rate = 0;
        for (int k = 0; k < 2 * WSP_UNIT_COUNT; ++k) {
            const int u = k >> 1;
            if (full[u] == 0 || ((used >> k) & 1u)) continue;
            const uint32_t rate = p.sigma[u] + ((k & 1) == 0 ? 1u : 0u);
            if (rate > best_rate) best = k, best_rate = rate;
        }
        if (best < 0) break;  // unreachable: all of full covers the need
        used |= 1u << best;
        const int u = best >> 1;
        const uint64_t length = (best & 1) == 0 ? deficit[u] : full[u] - deficit[u];
        const uint64_t take = fixed_over(gap, best_rate);
        if (take < length) {
            s += take;
            break;
        }
        s += length;
        gap -= length * best_rate;
    }
    const uint64_t bound = (total - s) >> kBits;
    return bound < distinct ? bound : distinct;
}

}  // namespace wsp
