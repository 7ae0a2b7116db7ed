// The run-exit bound: exit_bound.hpp has the statement and the proof sketch, docs/bounds.md section 5b
// the proof.
#include "bounds/exit_bound.hpp"

namespace wsp {

namespace {

// x / d rounded down, for any x and 1 <= d <= 2^16 (up: rounded up), by long division in 16-bit
// digits: each step divides a value below 2^32 (the rest, below d, shifted by 16 bits, plus a digit),
// so Cortex-M4 needs no 64-bit division helper.
uint64_t divide(uint64_t x, uint32_t d, bool up) {
    uint64_t q = 0;
    uint32_t rest = 0;
    for (int shift = 48; shift >= 0; shift -= 16) {
        const uint32_t part = (rest << 16) | static_cast<uint32_t>((x >> shift) & 0xFFFFu);
        q = (q << 16) | (part / d);
        rest = part % d;
    }
    return q + (up && rest != 0 ? 1u : 0u);
}

// The pieces in fixed point with 15 fractional bits.
constexpr uint32_t kBits = 15;

// The candidates for alpha = a / den: three per saturable type (1 / sigma_U, 1 / (sigma_U + 1),
// 2 / (sigma_U + S)), then 1 / S, 1 / (S - 1) and 0.
constexpr int kCandidates = 3 * WSP_UNIT_COUNT + 3;

}  // namespace

uint64_t exit_bound(const wsp_problem &p, uint32_t S) {
    if (p.warps < 2) return p.length;
    const uint32_t others = p.warps - 1u;
    uint32_t exits[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i + 1 < p.length; ++i)
        if (units[i] != units[i + 1]) ++exits[units[i]];

    // D_U (cheap) and full_U - D_U (needy) in fixed point, rounded up (larger pieces only raise the
    // dual's value); both 0 for a type that is not saturable, which then adds nothing.
    uint64_t cheap[WSP_UNIT_COUNT], needy[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t sigma = p.sigma[u];
        cheap[u] = needy[u] = 0;
        if (p.count[u] == 0 || sigma > others || (S > 0 && sigma >= S)) continue;
        const uint64_t full = uint64_t{sigma} * ((others * p.count[u]) / sigma);  // sigma_U full_U
        const uint64_t runs = uint64_t{others} * (p.count[u] - exits[u]) + uint64_t{sigma} * p.count[u];
        const uint64_t below = runs < full ? runs : full;  // sigma_U D_U
        cheap[u] = divide(below << kBits, sigma, true);
        needy[u] = divide((full - below) << kBits, sigma, true);
    }
    // The dual along beta = min(alpha, S alpha - 1) (beta = alpha when S = 0), the largest beta the
    // region allows, as the value never grows with beta; there it is convex and piecewise linear in
    // alpha, bending only at the candidates, and its least value over alpha >= 1/S (>= 0) is at one of
    // them. No overflow: the pieces add up to less than N 2^15 + 8 < 2^46, times den <= 2^16: < 2^62.
    const uint64_t N = uint64_t{others} * p.length;
    uint64_t best = N;  // Fact A: T <= W I
    for (int k = 0; k < kCandidates; ++k) {
        uint32_t a = 1, den = 0;
        if (k < 3 * WSP_UNIT_COUNT) {
            const int u = k / 3;
            if (cheap[u] == 0 && needy[u] == 0) continue;
            const uint32_t sigma = p.sigma[u];
            if (k % 3 == 0) den = sigma;
            if (k % 3 == 1) den = sigma + 1u;
            if (k % 3 == 2 && S > 0) a = 2, den = sigma + S;
        } else if (k == 3 * WSP_UNIT_COUNT) {
            den = S;
        } else if (k == 3 * WSP_UNIT_COUNT + 1) {
            den = S > 1 ? S - 1u : 0;
        } else if (S == 0) {
            a = 0, den = 1;
        }
        if (den == 0 || den > 0x10000u || (S > 0 && S * a < den)) continue;
        const uint32_t b = S > 0 && S * a - den < a ? S * a - den : a;
        uint64_t total = (N * a) << kBits;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            const uint32_t used = p.sigma[u] * a;  // <= 2^17: no overflow
            const uint32_t k1 = den > used ? den - used : 0;
            const uint32_t k2 = k1 > b ? k1 - b : 0;
            total += cheap[u] * k1 + needy[u] * k2;
        }
        const uint64_t v = divide(total, den, false) >> kBits;
        if (v < best) best = v;
    }
    return p.length + best;
}

}  // namespace wsp
