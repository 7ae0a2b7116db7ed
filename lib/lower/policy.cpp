#include "lower/policy.hpp"

namespace wsp {

uint64_t PolicySearch::bytes(const wsp_problem &p) {
    const uint64_t W = p.warps;
    return align_workspace(4u * W) * 2u + align_workspace(8u * W) +
           align_workspace(4u * W * p.length);
}

PolicySearch::PolicySearch(const wsp_problem &p, void *storage)
    : p_(p), warps_(p.warps), length_(p.length) {
    uint8_t *at = static_cast<uint8_t *>(storage);
    const uint64_t W = p.warps;
    next_ = reinterpret_cast<uint32_t *>(at);
    at += align_workspace(4u * W);
    order_ = reinterpret_cast<uint32_t *>(at);
    at += align_workspace(4u * W);
    key_ = reinterpret_cast<uint64_t *>(at);
    at += align_workspace(8u * W);
    candidate_ = reinterpret_cast<uint32_t *>(at);
    // Unit types by load W*I_U/sigma_U, least loaded first (compared as I_U*sigma_V).
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) by_load_[u] = static_cast<uint8_t>(u);
    for (uint32_t i = 1; i < WSP_UNIT_COUNT; ++i)
        for (uint32_t j = i; j > 0; --j) {
            const uint32_t x = by_load_[j], y = by_load_[j - 1];
            if (uint64_t{p.count[x]} * p.sigma[y] >= uint64_t{p.count[y]} * p.sigma[x]) break;
            by_load_[j] = static_cast<uint8_t>(y);
            by_load_[j - 1] = static_cast<uint8_t>(x);
        }
}

uint32_t PolicySearch::simulate(const Policy &q, Budget &budget, uint32_t *out) {
    const uint8_t *units = p_.units();
    uint32_t alive = warps_;
    for (uint32_t w = 0; w < warps_; ++w) {
        next_[w] = 0;
        order_[w] = w;
    }
    uint64_t k = 0;
    uint32_t cycle = 0;
    while (alive > 0) {
        if (!budget.spend()) return 0;
        ++cycle;
        const bool starving = cycle < q.release;
        for (uint32_t r = 0; r < alive; ++r) {
            const uint32_t w = order_[r];
            const uint64_t tier = w < q.held ? (starving ? 2u : (q.released_first ? 0u : 1u)) : 1u;
            const uint64_t progress = q.progress == Policy::kLeast ? next_[w]
                                      : q.progress == Policy::kMost ? length_ - next_[w]
                                                                    : 0u;
            key_[w] = (tier << 62) | (uint64_t{q.type_rank[units[next_[w]]]} << 56) | (progress << 24) | w;
        }
        // Insertion sort: the order changes little from one cycle to the next.
        for (uint32_t r = 1; r < alive; ++r) {
            const uint32_t w = order_[r];
            uint32_t j = r;
            for (; j > 0 && key_[order_[j - 1]] > key_[w]; --j) order_[j] = order_[j - 1];
            order_[j] = w;
        }
        uint32_t count[WSP_UNIT_COUNT] = {0, 0, 0, 0}, total = 0;
        for (uint32_t r = 0; r < alive; ++r) {
            const uint32_t w = order_[r], u = units[next_[w]];
            if (count[u] >= p_.sigma[u] || (p_.schedulers != 0 && total >= p_.schedulers)) continue;
            ++count[u];
            ++total;
            out[k++] = w + 1u;
            ++next_[w];
        }
        uint32_t kept = 0;
        for (uint32_t r = 0; r < alive; ++r)
            if (next_[order_[r]] < length_) order_[kept++] = order_[r];
        alive = kept;
    }
    return cycle;
}

void PolicySearch::base(uint32_t k, Policy &q) const {
    const uint32_t order = k / 3u;
    for (uint32_t r = 0; r < WSP_UNIT_COUNT; ++r) {
        const uint32_t u = by_load_[r];
        q.type_rank[u] = static_cast<uint8_t>(order == 0 ? 0u : order == 1 ? r : WSP_UNIT_COUNT - 1u - r);
    }
    q.progress = static_cast<uint8_t>(k % 3u);
    q.released_first = 1;
    q.held = 0;
    q.release = 0;
}

void PolicySearch::mutate(Policy &q, Rng &rng, uint32_t makespan) const {
    const uint32_t span = makespan > 1u ? makespan : 2u;
    switch (rng.below(5)) {
        case 0:  // a new starvation set and release point
            q.held = rng.below(warps_);
            q.release = 1u + rng.below(span);
            break;
        case 1: {  // move the release point
            const uint32_t step = 1u + rng.below(span / 8u + 1u);
            q.release = rng.below(2) ? q.release + step : (q.release > step ? q.release - step : 0u);
            break;
        }
        case 2:  // one warp more or fewer starved
            if (rng.below(2))
                q.held = q.held + 1u < warps_ ? q.held + 1u : q.held;
            else
                q.held = q.held > 0 ? q.held - 1u : 0u;
            break;
        case 3:
            q.progress = static_cast<uint8_t>(rng.below(3));
            q.released_first = static_cast<uint8_t>(rng.below(2));
            break;
        default:  // new type ranks: a random order, or none
            if (rng.below(4) == 0) {
                for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) q.type_rank[u] = 0;
            } else {
                uint8_t perm[WSP_UNIT_COUNT] = {0, 1, 2, 3};
                for (uint32_t i = WSP_UNIT_COUNT - 1u; i > 0; --i) {
                    const uint32_t j = rng.below(i + 1u);
                    const uint8_t t = perm[i];
                    perm[i] = perm[j];
                    perm[j] = t;
                }
                for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) q.type_rank[u] = perm[u];
            }
            break;
    }
}

uint32_t PolicySearch::run(uint64_t seed, uint32_t best, uint32_t stop_at, Budget &budget,
                           uint32_t *out) {
    const uint64_t n = uint64_t{warps_} * length_;
    Rng rng(seed);
    Policy current = {};
    uint32_t current_makespan = 0, found = 0;
    auto consider = [&](const Policy &q, uint32_t m) {
        if (m >= current_makespan) {
            current = q;
            current_makespan = m;
        }
        if (m > best) {
            best = found = m;
            for (uint64_t k = 0; k < n; ++k) out[k] = candidate_[k];
            budget.improved(best);
        }
    };
    for (uint32_t k = 0; k < 9u; ++k) {
        Policy q = {};
        base(k, q);
        const uint32_t m = simulate(q, budget, candidate_);
        if (m == 0) return found;
        consider(q, m);
        if (best >= stop_at) return found;
    }
    for (;;) {
        Policy q = current;
        const uint32_t changes = 1u + rng.below(2);
        for (uint32_t c = 0; c < changes; ++c) mutate(q, rng, current_makespan);
        const uint32_t m = simulate(q, budget, candidate_);
        if (m == 0) return found;
        consider(q, m);
        if (best >= stop_at) return found;
    }
}

}  // namespace wsp
