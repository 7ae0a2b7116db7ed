#include "anneal/initial.hpp"

#include "schedule/schedule.hpp"

namespace wsp {

namespace {

// Cycle-by-cycle dispatch; `order` is the visiting order, re-ranked after each cycle by the policy.
class Dispatcher {
public:
    // The scratch: four arrays of W warps.
    struct Parts {
        size_t next, order, spare, issued;
        WorkspaceLayout layout;
    };
    static Parts parts(const wsp_problem &p) {
        Parts s;
        s.next = s.layout.add<uint32_t>(p.warps);
        s.order = s.layout.add<uint32_t>(p.warps);
        s.spare = s.layout.add<uint32_t>(p.warps);
        s.issued = s.layout.add<uint32_t>(p.warps);
        return s;
    }

    Dispatcher(const wsp_problem &p, void *scratch)
        : p_(p), units_(p.units()), W_(p.warps), I_(p.length) {
        const Parts s = parts(p);
        next_ = carve<uint32_t>(scratch, s.next);
        order_ = carve<uint32_t>(scratch, s.order);
        spare_ = carve<uint32_t>(scratch, s.spare);
        issued_ = carve<uint32_t>(scratch, s.issued);
        for (uint32_t w = 0; w < W_; ++w) {
            next_[w] = 0;
            order_[w] = w;
        }
        // Unit types by load W*I_U/sigma_U, least loaded first (compared as I_U*sigma_V).
        for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) by_load_[u] = u;
        for (uint32_t i = 1; i < WSP_UNIT_COUNT; ++i)
            for (uint32_t j = i; j > 0 && load_less(by_load_[j], by_load_[j - 1]); --j) {
                const uint32_t t = by_load_[j];
                by_load_[j] = by_load_[j - 1];
                by_load_[j - 1] = t;
            }
    }

    void run(uint32_t policy, uint32_t *out, const InitialPoll *poll) {
        uint64_t k = 0;
        uint64_t visits = 0;  // warps visited or moved since the last poll
        const uint64_t n = uint64_t{W_} * I_;
        uint32_t alive = W_;  // order_[0..alive) are the unfinished warps
        // waiting[u]: unfinished warps whose next instruction is a u one. A cycle's scan ends as soon
        // as no warp left in it can issue (each type saturated or without a waiting warp, or the
        // scheduler limit reached): the same string, but a cycle costs the warps it reaches, not all
        // W (issue 18: most-pending took 30 s at W = 65536 before an annealer's time budget began).
        uint32_t waiting[WSP_UNIT_COUNT] = {0, 0, 0, 0};
        if (I_ > 0) waiting[units_[0]] = W_;
        while (k < n) {
            if (poll != nullptr && visits >= kPollVisits) {
                visits = 0;
                if (poll->stop(poll->context)) {
                    finish_in_warp_order(k, out);
                    return;
                }
            }
            visits += alive;
            uint32_t count[WSP_UNIT_COUNT] = {0, 0, 0, 0};
            uint32_t total = 0, issued = 0;
            uint32_t avail[WSP_UNIT_COUNT];  // warps of each next type not yet issued this cycle
            for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) avail[u] = waiting[u];
            auto open = [&](uint32_t u) { return avail[u] > 0 && count[u] < p_.sigma[u]; };
            // A warp that issued this cycle is not ready again until the next one: each pass below
            // skips warps already issued (marked by next_ having moved, tracked in issued_).
            const uint32_t passes = policy == WSP_POLICY_STARVE ? WSP_UNIT_COUNT : 1u;
            for (uint32_t pass = 0; pass < passes; ++pass) {
                for (uint32_t r = 0; r < alive; ++r) {
                    if (p_.schedulers != 0 && total >= p_.schedulers) break;
                    if (policy == WSP_POLICY_STARVE ? !open(by_load_[pass])
                                                    : !(open(0) || open(1) || open(2) || open(3)))
                        break;
                    const uint32_t w = order_[r];
                    if (w == kIssued) continue;
                    const uint32_t u = units_[next_[w]];
                    if (policy == WSP_POLICY_STARVE && u != by_load_[pass]) continue;
                    if (count[u] >= p_.sigma[u] || (p_.schedulers != 0 && total >= p_.schedulers))
                        continue;
                    ++count[u];
                    ++total;
                    out[k++] = w + 1u;
                    --avail[u];
                    --waiting[u];
                    if (++next_[w] < I_) ++waiting[units_[next_[w]]];  // ready from the next cycle on
                    issued_[issued++] = w;
                    order_[r] = kIssued;
                }
            }
            // New order: the warps that did not issue, in order, then those that did, in the order
            // they issued (Fig. 8); least progress and starve then restore "fewest issued first" by
            // a stable merge of the two runs (each is sorted by progress already).
            uint32_t kept = 0;
            for (uint32_t r = 0; r < alive; ++r)
                if (order_[r] != kIssued) order_[kept++] = order_[r];
            if (policy == WSP_POLICY_MOST_PENDING) {
                for (uint32_t q = 0; q < issued; ++q)
                    if (next_[issued_[q]] < I_) order_[kept++] = issued_[q];
            } else {
                uint32_t *merged = spare_;
                uint32_t x = 0, y = 0, m = 0;
                sort_by_progress(issued_, issued);
                while (x < kept || y < issued) {
                    const bool take_kept =
                        y == issued || (x < kept && next_[order_[x]] <= next_[issued_[y]]);
                    const uint32_t w = take_kept ? order_[x++] : issued_[y++];
                    if (next_[w] < I_) merged[m++] = w;
                }
                for (uint32_t r = 0; r < m; ++r) order_[r] = merged[r];
                kept = m;
            }
            alive = kept;
        }
    }

private:
    static constexpr uint32_t kIssued = 0xFFFFFFFFu;
    static constexpr uint64_t kPollVisits = uint64_t{1} << 20;

    // Stopped: each warp's instructions not yet recorded, warp by warp (next_ counts the recorded).
    void finish_in_warp_order(uint64_t k, uint32_t *out) const {
        for (uint32_t w = 0; w < W_; ++w)
            for (uint32_t i = next_[w]; i < I_; ++i) out[k++] = w + 1u;
    }

    bool load_less(uint32_t u, uint32_t v) const {
        return uint64_t{p_.count[u]} * p_.sigma[v] < uint64_t{p_.count[v]} * p_.sigma[u];
    }

    // Insertion sort by issued instructions, stable; the runs are short and nearly sorted (the
    // starve policy's passes can interleave progress levels).
    void sort_by_progress(uint32_t *a, uint32_t n) const {
        for (uint32_t i = 1; i < n; ++i) {
            const uint32_t w = a[i];
            uint32_t j = i;
            for (; j > 0 && next_[a[j - 1]] > next_[w]; --j) a[j] = a[j - 1];
            a[j] = w;
        }
    }

    const wsp_problem &p_;
    const uint8_t *units_;
    uint32_t W_, I_;
    uint32_t *next_, *order_, *spare_, *issued_;
    uint32_t by_load_[WSP_UNIT_COUNT];
};

}  // namespace

Rng seeded_rng(uint64_t seed) { return Rng(seed); }

WorkspaceLayout dispatch_layout(const wsp_problem &p) { return Dispatcher::parts(p).layout; }

void make_initial(const wsp_problem &p, uint32_t init, Rng &rng, void *scratch, uint32_t *out,
                  const InitialPoll *poll) {
    const uint32_t W = p.warps, I = p.length;
    const uint32_t n = W * I;  // <= WSP_MAX_CELLS: 32-bit positions, and no 64-bit division
    switch (init) {
        case WSP_POLICY_ROUND_ROBIN:
            for (uint32_t k = 0; k < n; ++k) out[k] = k % W + 1u;
            return;
        case WSP_POLICY_FIXED_PRIORITY:
        case WSP_POLICY_RANDOM:
            for (uint32_t k = 0; k < n; ++k) out[k] = k / I + 1u;
            if (init == WSP_POLICY_RANDOM) {
                for (uint32_t k = n - 1; k > 0; --k) {  // Fisher-Yates
                    const uint32_t j = rng.below(k + 1);
                    const uint32_t t = out[k];
                    out[k] = out[j];
                    out[j] = t;
                }
            }
            return;
        default:
            Dispatcher(p, scratch).run(init, out, poll);
            return;
    }
}

}  // namespace wsp
