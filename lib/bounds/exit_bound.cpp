// The run-exit bound: exit_bound.hpp has the statement and the proof sketch, docs/bounds.md section 5b
// the proof.
#include "bounds/exit_bound.hpp"

namespace wsp {

namespace {

// x / d rounded down (up), for any x and 1 <= d <= 2^16, by long division in 16-bit digits: each
// step divides a value below 2^32 (the rest, below d, shifted by 16 bits, plus a digit), so Cortex-M4
// needs no 64-bit division helper.
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

// Fixed point for the pieces: 15 fractional bits.
constexpr uint32_t kBits = 15;

// The largest denominator of a dual point evaluated: the pieces add up to at most N + 8 < 2^32
// cycles, 2^47 in fixed point, so the dual's value times den stays below 2^59 + N den 2^15 < 2^64.
// Points with a larger denominator are skipped, which can only loosen the bound.
constexpr int64_t kMaxDen = int64_t{1} << 12;

struct Pieces {
    uint32_t S;
    uint64_t N;                    // (W-1) I
    uint32_t sigma[WSP_UNIT_COUNT];  // 0: the type is not saturable
    uint64_t cheap[WSP_UNIT_COUNT];  // D_U in fixed point, rounded up
    uint64_t needy[WSP_UNIT_COUNT];  // full_U - D_U in fixed point, rounded up
};

// The dual's value at (alpha, beta) = (a, b) / den, rounded down to whole cycles. The pieces were
// rounded up, which can only raise it.
uint64_t dual_value(const Pieces &w, uint64_t a, uint64_t b, uint32_t den) {
    uint64_t total = (w.N * a) << kBits;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (w.sigma[u] == 0) continue;
        const uint64_t used = uint64_t{w.sigma[u]} * a;
        const uint64_t k1 = den > used ? den - used : 0;
        const uint64_t k2 = k1 > b ? k1 - b : 0;
        total += w.cheap[u] * k1 + w.needy[u] * k2;
    }
    return divide(total, den, false) >> kBits;
}

// Line k of the dual's arrangement, p alpha + q beta = r: beta = 0, beta = alpha, S alpha - beta = 1
// (S > 0), and where the pieces of a saturable U bend: sigma_U alpha = 1 (cheap), sigma_U alpha +
// beta = 1 (needy). False when the line is absent.
bool line(const Pieces &w, int k, int64_t *p, int64_t *q, int64_t *r) {
    switch (k) {
    case 0: *p = 0, *q = 1, *r = 0; return true;
    case 1: *p = 1, *q = -1, *r = 0; return true;
    case 2: *p = w.S, *q = -1, *r = 1; return w.S > 0;
    default: {
        const int u = (k - 3) >> 1;
        const bool needy = ((k - 3) & 1) != 0;
        *p = w.sigma[u], *q = needy ? 1 : 0, *r = 1;
        return w.sigma[u] != 0 && (needy ? w.needy[u] : w.cheap[u]) != 0;
    }
    }
}

constexpr int kLines = 3 + 2 * WSP_UNIT_COUNT;

}  // namespace

uint64_t exit_bound(const wsp_problem &p, uint32_t S) {
    if (p.warps < 2) return p.length;
    const uint32_t others = p.warps - 1u;
    uint32_t exits[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i + 1 < p.length; ++i)
        if (units[i] != units[i + 1]) ++exits[units[i]];

    Pieces w;
    w.S = S;
    w.N = uint64_t{others} * p.length;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t sigma = p.sigma[u];
        w.sigma[u] = w.cheap[u] = w.needy[u] = 0;
        if (p.count[u] == 0 || sigma > others || (S > 0 && sigma >= S)) continue;
        const uint64_t full = uint64_t{sigma} * ((others * p.count[u]) / sigma);  // sigma_U full_U
        const uint64_t runs = uint64_t{others} * (p.count[u] - exits[u]) + uint64_t{sigma} * p.count[u];
        const uint64_t cheap = runs < full ? runs : full;
        w.sigma[u] = sigma;
        w.cheap[u] = divide(cheap << kBits, sigma, true);
        w.needy[u] = divide((full - cheap) << kBits, sigma, true);
    }
    // Every feasible vertex of the arrangement: 0 <= beta <= alpha and, when S > 0, S alpha - beta >= 1.
    // (0, 0) (S = 0) and (1/S, 0) (S > 0) are always among them; the latter gives the distinct bound.
    uint64_t best = w.N;  // Fact A: T <= W I
    for (int i = 0; i < kLines; ++i) {
        int64_t p1, q1, r1;
        if (!line(w, i, &p1, &q1, &r1)) continue;
        for (int j = i + 1; j < kLines; ++j) {
            int64_t p2, q2, r2;
            if (!line(w, j, &p2, &q2, &r2)) continue;
            int64_t den = p1 * q2 - p2 * q1, a = r1 * q2 - r2 * q1, b = p1 * r2 - p2 * r1;
            if (den < 0) den = -den, a = -a, b = -b;
            if (den == 0 || den > kMaxDen || b < 0 || b > a) continue;
            if (S > 0 && int64_t{S} * a - b < den) continue;
            const uint64_t v = dual_value(w, static_cast<uint64_t>(a), static_cast<uint64_t>(b),
                                          static_cast<uint32_t>(den));
            if (v < best) best = v;
        }
    }
    return p.length + best;
}

}  // namespace wsp
