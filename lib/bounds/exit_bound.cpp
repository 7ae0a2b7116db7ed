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
// only raise the dual's value); both 0 for a type that is not saturable, which then adds nothing.
struct Pieces {
    uint64_t cheap[WSP_UNIT_COUNT];
    uint64_t needy[WSP_UNIT_COUNT];
};

// What the program reads besides the pieces, W - 1 other warps, the length I, sigma_U and the counts
// I_U (w*'s stretches), from either source: the problem itself, so that exit_bound compiles to what
// it was before the counts form (the Cortex-M4 firmware's code size and 1 KiB stack), or the maxima.
inline uint32_t others_of(const wsp_problem &p) { return p.warps - 1u; }
inline uint32_t length_of(const wsp_problem &p) { return p.length; }
inline const uint32_t *sigma_of(const wsp_problem &p) { return p.sigma; }
inline const uint32_t *count_of(const wsp_problem &p) { return p.count; }

struct Maxima {
    uint32_t others, length;
    const uint32_t *sigma, *count;
};
inline uint32_t others_of(const Maxima &m) { return m.others; }
inline uint32_t length_of(const Maxima &m) { return m.length; }
inline const uint32_t *sigma_of(const Maxima &m) { return m.sigma; }
inline const uint32_t *count_of(const Maxima &m) { return m.count; }

// The dual's value at alpha = a / den and the largest beta the region allows, min(alpha, S alpha - 1)
// (alpha when S = 0), rounded down to whole cycles; UINT64_MAX when alpha < 1/S. Needs den <= 2^16:
// the pieces add up to less than (W - 1) (sum of the counts) 2^15 + 8 < 2^47 (both callers keep that
// product below 2^31), so the sum stays below 2^63.
template <typename Shape>
__attribute__((noinline)) uint64_t dual_at(const Shape &p, const Pieces &w, uint32_t S, uint32_t a, uint32_t den) {
    if (den == 0 || den > 0x10000u || (S > 0 && S * a < den)) return UINT64_MAX;
    const uint32_t b = S > 0 && S * a - den < a ? S * a - den : a;
    uint64_t total = (uint64_t{others_of(p)} * length_of(p) * a) << kBits;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t used = sigma_of(p)[u] * a;  // <= 2^17: no overflow
        const uint32_t k1 = den > used ? den - used : 0;
        const uint32_t k2 = k1 > b ? k1 - b : 0;
        total += w.cheap[u] * k1 + w.needy[u] * k2;
    }
    return divide_small(total, den) >> kBits;
}

// I plus the program's optimum, rounded down; on entry w.cheap[u] holds x_U, I_U less the non-exit U
// instructions of one warp.
template <typename Shape>
__attribute__((always_inline)) inline uint64_t solve(const Shape &p, Pieces &w, uint32_t S) {
    const uint32_t others = others_of(p);
    const uint32_t *count = count_of(p);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t sigma = sigma_of(p)[u], exits = static_cast<uint32_t>(w.cheap[u]);
        w.cheap[u] = w.needy[u] = 0;
        if (count[u] == 0 || sigma > others || (S > 0 && sigma >= S)) continue;
        // sigma_U full_U, and sigma_U D_U = min(that, (W-1)(I_U - x_U) + sigma_U I_U); all below 2^32,
        // as sigma_U <= W - 1 and (W-1) I_U < 2^31.
        const uint32_t full = sigma * ((others * count[u]) / sigma);
        const uint32_t runs = others * (count[u] - exits) + sigma * count[u];
        const uint32_t below = runs < full ? runs : full;
        w.cheap[u] = divide_small(uint64_t{below} << kBits, sigma, true);
        w.needy[u] = divide_small(uint64_t{full - below} << kBits, sigma, true);
    }
    // Along beta = min(alpha, S alpha - 1) the dual is convex and piecewise linear in alpha >= 1/S
    // (>= 0 when S = 0) and bends only at 1/sigma_U, 1/(sigma_U + 1), 2/(sigma_U + S) and 1/(S - 1).
    // Candidate k: for k < 3, the start (1/S, or 0 when S = 0) and the turn 1/(S - 1); then three per
    // saturable type. Every point the region allows gives a valid bound, so 2/sigma_U when S = 0 is
    // evaluated too: it costs time, never soundness.
    uint64_t best = uint64_t{others} * length_of(p);  // Fact A: T <= W I
    for (int k = 0; k < 3 * WSP_UNIT_COUNT + 3; ++k) {
        const int u = k / 3 - 1;  // -1: the start and the turn
        uint32_t a = 1, den;
        if (u < 0) {
            den = k == 0 ? S : k == 1 ? S - 1u : 1u;  // 1/S, 1/(S - 1), 0 (a = 0)
            if (k == 2) a = 0;
        } else {
            if (w.cheap[u] == 0 && w.needy[u] == 0) continue;
            const uint32_t sigma = sigma_of(p)[u];
            den = k % 3 == 0 ? sigma : k % 3 == 1 ? sigma + 1u : sigma + S;
            if (k % 3 == 2) a = 2;
        }
        best = min_u64(best, dual_at(p, w, S, a, den));
    }
    return length_of(p) + best;
}

}  // namespace

uint64_t exit_bound(const wsp_problem &p, uint32_t S) {
    if (p.warps < 2) return p.length;
    // The exits x_U, counted in w.cheap (no array of their own: the stack of the deepest calls).
    Pieces w;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) w.cheap[u] = 0;
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i + 1 < p.length; ++i)
        if (units[i] != units[i + 1]) ++w.cheap[units[i]];
    return solve(p, w, S);
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
        w.cheap[u] = count[u] - nonexit[u];  // the exits solve reads
    }
    if (uint64_t{warps - 1u} * (all > length ? all : length) >= (uint64_t{1} << 31)) return UINT64_MAX;
    const Maxima m = {warps - 1u, length, sigma, count};
    return solve(m, w, S);
}

}  // namespace wsp
