// The run-exit bound: exit_bound.hpp has the statement and the proof sketch, docs/bounds.md section 5b
// the proof.
#include "bounds/exit_bound.hpp"

#include "util/checked.hpp"
#include "util/divide.hpp"

namespace wsp {

namespace {

// The pieces in fixed point with 15 fractional bits.
constexpr uint32_t kBits = 15;

// D_U (cheap) and full_U - D_U (needy) of each type, in fixed point and rounded up (larger pieces
// only raise the dual's value); both 0 for a type that is not saturable, which then adds nothing. With
// them what the dual needs besides: N = (W - 1) I and sigma_U.
struct Pieces {
    uint64_t cheap[WSP_UNIT_COUNT];
    uint64_t needy[WSP_UNIT_COUNT];
    uint64_t others_work;  // N
    const uint32_t *sigma;
};

// The dual's value at alpha = a / den and the largest beta the region allows, min(alpha, S alpha - 1)
// (alpha when S = 0), rounded down to whole cycles; UINT64_MAX when alpha < 1/S. Needs den <= 2^16:
// the pieces add up to less than (W - 1) (sum of the counts) 2^15 + 8 < 2^47 (both callers keep that
// product below 2^31), so the sum stays below 2^63.
__attribute__((noinline)) uint64_t dual_at(const Pieces &w, uint32_t S, uint32_t a, uint32_t den) {
    if (den == 0 || den > 0x10000u || (S > 0 && S * a < den)) return UINT64_MAX;
    const uint32_t b = S > 0 && S * a - den < a ? S * a - den : a;
    uint64_t total = (w.others_work * a) << kBits;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t used = w.sigma[u] * a;  // <= 2^17: no overflow
        const uint32_t k1 = den > used ? den - used : 0;
        const uint32_t k2 = k1 > b ? k1 - b : 0;
        total += w.cheap[u] * k1 + w.needy[u] * k2;
    }
    return divide_small(total, den) >> kBits;
}

// I plus the program's optimum, rounded down, for W - 1 = others other warps, the length I and the
// counts I_U (w*'s stretches); on entry w.cheap[u] holds the non-exit U instructions of one warp
// (I_U - x_U) and w.sigma sigma_U. Each caller inlines its own copy, so the deepest stack stays that of
// exit_bound (the Cortex-M4 firmware's 1 KiB limit).
__attribute__((always_inline)) inline uint64_t solve(Pieces &w, const uint32_t *count, uint32_t others,
                                                     uint32_t length, uint32_t S) {
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t sigma = w.sigma[u], nonexit = static_cast<uint32_t>(w.cheap[u]);
        w.cheap[u] = w.needy[u] = 0;
        if (count[u] == 0 || sigma > others || (S > 0 && sigma >= S)) continue;
        // sigma_U full_U, and sigma_U D_U = min(that, (W-1)(I_U - x_U) + sigma_U I_U); all below 2^32,
        // as sigma_U <= W - 1 and (W-1) I_U < 2^31.
        const uint32_t full = sigma * ((others * count[u]) / sigma);
        const uint32_t runs = others * nonexit + sigma * count[u];
        const uint32_t below = runs < full ? runs : full;
        w.cheap[u] = divide_small(uint64_t{below} << kBits, sigma, true);
        w.needy[u] = divide_small(uint64_t{full - below} << kBits, sigma, true);
    }
    // Along beta = min(alpha, S alpha - 1) the dual is convex and piecewise linear in alpha >= 1/S
    // (>= 0 when S = 0) and bends only at 1/sigma_U, 1/(sigma_U + 1), 2/(sigma_U + S) and 1/(S - 1).
    // Candidate k: for k < 3, the start (1/S, or 0 when S = 0) and the turn 1/(S - 1); then three per
    // saturable type. Every point the region allows gives a valid bound, so 2/sigma_U when S = 0 is
    // evaluated too: it costs time, never soundness.
    w.others_work = uint64_t{others} * length;
    uint64_t best = w.others_work;  // Fact A: T <= W I
    for (int k = 0; k < 3 * WSP_UNIT_COUNT + 3; ++k) {
        const int u = k / 3 - 1;  // -1: the start and the turn
        uint32_t a = 1, den;
        if (u < 0) {
            den = k == 0 ? S : k == 1 ? S - 1u : 1u;  // 1/S, 1/(S - 1), 0 (a = 0)
            if (k == 2) a = 0;
        } else {
            if (w.cheap[u] == 0 && w.needy[u] == 0) continue;
            const uint32_t sigma = w.sigma[u];
            den = k % 3 == 0 ? sigma : k % 3 == 1 ? sigma + 1u : sigma + S;
            if (k % 3 == 2) a = 2;
        }
        best = min_u64(best, dual_at(w, S, a, den));
    }
    return length + best;
}

}  // namespace

uint64_t exit_bound(const wsp_problem &p, uint32_t S) {
    if (p.warps < 2) return p.length;
    // The exits x_U, counted in w.cheap and turned into I_U - x_U (no array of their own: the stack of
    // the deepest calls).
    Pieces w;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) w.cheap[u] = 0;
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i + 1 < p.length; ++i)
        if (units[i] != units[i + 1]) ++w.cheap[units[i]];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) w.cheap[u] = p.count[u] - w.cheap[u];
    w.sigma = p.sigma;
    return solve(w, p.count, p.warps - 1u, p.length, S);
}

uint64_t exit_bound_counts(const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, uint32_t warps, uint32_t length,
                           const uint32_t count[WSP_UNIT_COUNT], const uint32_t nonexit[WSP_UNIT_COUNT]) {
    if (warps < 2) return length;
    // The 32-bit terms, and the pieces' sum in dual_at: maxima from different warps need not add up
    // to the length, so (W - 1) times their sum is held below 2^31 too.
    uint64_t all = 0;
    Pieces w;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (count[u] > length || nonexit[u] > count[u] || sigma[u] == 0 || sigma[u] > 0x10000u) return UINT64_MAX;
        all += count[u];
        w.cheap[u] = nonexit[u];
    }
    if (uint64_t{warps - 1u} * (all > length ? all : length) >= (uint64_t{1} << 31)) return UINT64_MAX;
    w.sigma = sigma;
    return solve(w, count, warps - 1u, length, S);
}

}  // namespace wsp
