// The pipeline bound; the formula and its proof sketch are in pipeline_bound.hpp, the proof in
// docs/bounds.md.
#include "bounds/pipeline_bound.hpp"

namespace wsp {

namespace {

// What the vertices of both bounds read; flags are bit masks over the four types.
struct Vertices {
    Vertices(const wsp_problem &problem, uint32_t schedulers)
        : p(&problem), S(schedulers), w1(problem.warps - 1u), weighted(0) {}
    const wsp_problem *p;
    uint32_t S;
    uint32_t w1;        // W - 1
    uint32_t weighted;  // w_U > 0
};

// The largest of vertex(k) over the kinds k (type * 16 + gap set) that `seen` holds.
template <typename Vertex>
uint64_t largest_vertex(uint64_t seen, Vertex vertex) {
    uint64_t best = 0;
    for (int k = 0; k < 64; ++k) {
        if (!((seen >> k) & 1u)) continue;
        const uint64_t v = vertex(k / 16, static_cast<uint32_t>(k % 16));
        if (v > best) best = v;
    }
    return best;
}

// The vertices of the pipeline bound (pipeline_bound.hpp). Every numerator is at most (W-1) * I < 2^31.
struct Pipeline : Vertices {
    using Vertices::Vertices;
    uint32_t free = 0;  // positions of this type are free

    // no descent (descent = false), or all W - 1 at a position of type `own` around which the types
    // in `gaps` have instructions on both sides. The terms, one per k: the four types' w_U (W-1)(r_U
    // - 1 - gap) over sigma_U, the descent (W-1)/m over sigma_own when the position is free (else it
    // is whole), and the scheduler's (W-1)(I - [descent]) / S less the 1/S of the weighted terms.
    uint64_t vertex(bool descent, int own, uint32_t gaps) const {
        SafeSum sum;
        sum.whole = p->length;
        if (descent && !((free >> own) & 1u)) sum.whole += w1;
        uint32_t counted = 0;  // sum over weighted U of (r_U - 1 - gap)
        for (int k = 0; k < WSP_UNIT_COUNT + 2; ++k) {
            uint32_t num, den;
            if (k < WSP_UNIT_COUNT) {
                if (!((weighted >> k) & 1u)) continue;
                const uint32_t r = p->count[k] - 1u - ((gaps >> k) & 1u);
                counted += r;
                num = w1 * r;
                den = p->sigma[k];
            } else if (k == WSP_UNIT_COUNT) {
                if (!descent || !((free >> own) & 1u)) continue;
                num = w1;
                den = p->sigma[own];
            } else {
                if (S == 0) continue;
                num = w1 * (p->length - (descent ? 1u : 0u) - counted);
                den = S;
            }
            sum.add(num, den);
        }
        return sum.floor();
    }
};

}  // namespace

namespace {

// Which (type, gap set) pairs occur: 4 types x 16 sets, one bit each (apart from the vertices, so
// that its counters are off the stack when they are evaluated).
__attribute__((noinline)) uint64_t vertex_kinds(const wsp_problem &p, uint32_t weighted) {
    uint64_t seen = 0;
    uint32_t left[WSP_UNIT_COUNT];  // instructions of each type from i on (four stores: no memcpy)
    left[0] = p.count[0];
    left[1] = p.count[1];
    left[2] = p.count[2];
    left[3] = p.count[3];
    const uint8_t *units = p.units();
    for (uint32_t i = 0; i < p.length; ++i) {
        const int own = units[i];
        uint32_t gaps = 0;  // a type lies around i when some of it is before i and some after
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (u != own && ((weighted >> u) & 1u) && left[u] > 0 && left[u] < p.count[u]) gaps |= 1u << u;
        seen |= uint64_t{1} << (own * 16 + static_cast<int>(gaps));
        --left[own];
    }
    return seen;
}

}  // namespace

uint64_t pipeline_bound(const wsp_problem &p, uint32_t S) {
    Pipeline b(p, S);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const bool blocks = !(S == 0 && p.sigma[u] >= p.warps);  // sigma_U >= W: never saturated
        if (p.count[u] >= 2 && blocks && (S == 0 || p.sigma[u] < S)) b.weighted |= 1u << u;
        if (S == 0 && (p.count[u] == 1 || !blocks)) b.free |= 1u << u;
    }
    const uint64_t none = b.vertex(false, 0, 0);  // no descent
    const uint64_t best = largest_vertex(vertex_kinds(p, b.weighted),
                                         [&b](int own, uint32_t gaps) { return b.vertex(true, own, gaps); });
    return best > none ? best : none;
}

namespace {

// The drain bound's vertices (pipeline_bound.hpp): every type with w_U > 0 is weighted (its own
// passages count, so one instruction suffices), descents cost no cycle of their own, and the
// scheduler term is the whole (W-1) I / S. Every numerator is at most (W-1) * I < 2^31.
struct Drain : Vertices {
    using Vertices::Vertices;
    // all W - 1 of the descent at a position of type `own` around which the types in `gaps` have
    // instructions on both sides. Terms: per weighted U, (W-1)(r_U - 1 - gap + [U = own]) over
    // sigma_U; the scheduler's (W-1)(I - the weighted counts) / S.
    uint64_t vertex(int own, uint32_t gaps) const {
        SafeSum sum;
        sum.whole = p->length;
        uint32_t counted = 0;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (!((weighted >> u) & 1u)) continue;
            const uint32_t r = p->count[u] - 1u - ((gaps >> u) & 1u) + (u == own ? 1u : 0u);
            counted += r;
            sum.add(w1 * r, p->sigma[u]);
        }
        if (S > 0) sum.add(w1 * (p->length - counted), S);
        return sum.floor();
    }
};

}  // namespace

uint64_t drain_bound(const wsp_problem &p, uint32_t S) {
    Drain b(p, S);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const bool blocks = S == 0 ? p.sigma[u] < p.warps : p.sigma[u] < S;
        if (p.count[u] >= 1 && blocks) b.weighted |= 1u << u;
    }
    // a type with one instruction has no gap, so the gaps of vertex_kinds are those of the drain
    return largest_vertex(vertex_kinds(p, b.weighted), [&b](int own, uint32_t gaps) { return b.vertex(own, gaps); });
}

}  // namespace wsp
