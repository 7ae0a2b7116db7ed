// The pipeline bound; the formula and its proof sketch are in pipeline_bound.hpp, the proof in
// docs/bounds.md.
#include "bounds/pipeline_bound.hpp"

namespace wsp {

uint64_t safe_floor_sum(uint64_t whole, const uint64_t *num, const uint32_t *den, uint32_t terms) {
    uint64_t fraction = 0;  // the remainders in units of 2^-32, each rounded up: < 8 * 2^32
    for (uint32_t k = 0; k < terms; ++k) {
        whole += num[k] / den[k];
        const uint64_t rest = num[k] % den[k];  // < 2^32, so rest * 2^32 < 2^64
        fraction += ((rest << 32) + den[k] - 1u) / den[k];
    }
    return whole + (fraction >> 32);
}

namespace {

// The value of the bound's vertex `descent` (false: no descent; true: all W - 1 at a position of
// type `own`, free or not) for the instructions of the types in `gaps` lying around it.
struct Pipeline {
    const wsp_problem *p;
    uint32_t S;
    uint64_t w1;                      // W - 1
    bool weighted[WSP_UNIT_COUNT];    // w_U > 0
    bool free_type[WSP_UNIT_COUNT];   // positions of this type are free

    uint64_t vertex(bool descent, int own, uint32_t gaps) const {
        uint64_t num[WSP_UNIT_COUNT + 2];
        uint32_t den[WSP_UNIT_COUNT + 2];
        uint32_t terms = 0;
        uint64_t whole = p->length;
        uint64_t counted = 0;  // sum over weighted U of (r_U - 1 - gap)
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (!weighted[u]) continue;
            const uint64_t r = p->count[u] - 1u - ((gaps >> u) & 1u);
            counted += r;
            num[terms] = w1 * r;
            den[terms++] = p->sigma[u];
        }
        if (descent) {
            if (free_type[own]) {
                num[terms] = w1;
                den[terms++] = p->sigma[own];
            } else {
                whole += w1;
            }
        }
        if (S > 0) {  // (W-1)(I - [descent]) / S, less the 1/S of every weighted term
            num[terms] = w1 * (p->length - (descent ? 1u : 0u) - counted);
            den[terms++] = S;
        }
        return safe_floor_sum(whole, num, den, terms);
    }
};

}  // namespace

uint64_t pipeline_bound(const wsp_problem &p, uint32_t S) {
    Pipeline b;
    b.p = &p;
    b.S = S;
    b.w1 = p.warps - 1u;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const bool blocks = !(S == 0 && p.sigma[u] >= p.warps);  // sigma_U >= W: never saturated
        b.weighted[u] = p.count[u] >= 2 && blocks && (S == 0 || p.sigma[u] < S);
        b.free_type[u] = S == 0 && (p.count[u] == 1 || !blocks);
    }
    // Which (type, gap set) pairs occur: 4 types x 16 sets, one bit each.
    uint64_t seen = 0;
    uint32_t before[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i < p.length; ++i) {
        const int own = units[i];
        uint32_t gaps = 0;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (u != own && b.weighted[u] && before[u] > 0 && before[u] < p.count[u]) gaps |= 1u << u;
        seen |= uint64_t{1} << (own * 16 + gaps);
        ++before[own];
    }
    uint64_t best = b.vertex(false, 0, 0);
    for (int k = 0; k < 64; ++k) {
        if (!((seen >> k) & 1u)) continue;
        const uint64_t v = b.vertex(true, k / 16, static_cast<uint32_t>(k % 16));
        if (v > best) best = v;
    }
    return best;
}

}  // namespace wsp
