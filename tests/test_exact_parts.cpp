// Group exact_parts: the pieces of the exact solver against brute force, through the internal
// headers. The state bound takes the last-warp bound only for the warp furthest behind; a proof says
// no other warp gives more, and this checks it against the maximum over every group (and the
// distinct-issuer bound, taken over every group, against a count of its own; and the run-entry
// bound, also taken for the warp furthest behind, against the maximum over every group with its
// entries counted from the kernel). The transition
// enumeration must list every work-conserving issue vector exactly once.
#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

#include "bounds/bound_terms.hpp"
#include "bounds/entry_bound.hpp"
#include "exact/frame.hpp"
#include "exact/state_bound.hpp"
#include "model/problem.hpp"

namespace {

struct Instance {
    test_problem tp;
    uint32_t W, I;
};

// A kernel of runs over two types whose C-runs after an L have one length, sigma_L 1 and
// sigma_C = S: the shape of the run-entry bound (bounds/entry_bound.hpp), which random kernels
// over four types rarely have.
void random_entry_problem(uint32_t *rng, Instance *in) {
    char kernel[64];
    const uint32_t q = 2 + rng_below(rng, 3), run = q + rng_below(rng, 3);
    uint32_t len = 0;
    if (rng_below(rng, 3) == 0)
        for (uint32_t k = 1 + rng_below(rng, run); k > 0; --k) kernel[len++] = 'C';
    for (uint32_t runs = 1 + rng_below(rng, 3); runs > 0; --runs) {
        for (uint32_t k = 1 + rng_below(rng, 3); k > 0; --k) kernel[len++] = 'L';
        for (uint32_t k = run; k > 0; --k) kernel[len++] = 'C';
    }
    if (rng_below(rng, 2) == 0) kernel[len++] = 'L';
    kernel[len] = '\0';
    const uint32_t sigma[4] = {1, q, 1, 1};
    in->W = 1 + rng_below(rng, 12);
    tp_init(&in->tp, kernel, in->W, sigma, q);
    in->I = wsp_problem_length(in->tp.p);
}

void random_problem(uint32_t *rng, Instance *in) {
    if (rng_below(rng, 4) == 0) {
        random_entry_problem(rng, in);
        return;
    }
    char kernel[16];
    uint32_t len = 1 + rng_below(rng, 10);
    for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
    kernel[len] = '\0';
    uint32_t sigma[4];
    for (int u = 0; u < 4; ++u) sigma[u] = 1 + rng_below(rng, 5);
    in->W = 1 + rng_below(rng, 12);
    tp_init(&in->tp, kernel, in->W, sigma, rng_below(rng, 6));
    in->I = wsp_problem_length(in->tp.p);
}

// A random state: W warps at random positions 0..I (some finished), as sorted groups with the
// remaining work per type, built without the solver's own code.
void random_state(uint32_t *rng, const Instance &in, wsp::Frame &f) {
    uint32_t count[64] = {0};
    for (uint32_t w = 0; w < in.W; ++w) ++count[rng_below(rng, in.I + 1)];
    const wsp_problem &p = *in.tp.p;
    wsp::FrameHeader &h = f.header();
    uint32_t G = 0;
    for (int u = 0; u < 4; ++u) h.work[u] = 0;
    h.work_total = 0;
    for (uint32_t q = 0; q < in.I; ++q) {
        if (count[q] == 0) continue;
        f.set_group(G++, q, count[q]);
        for (uint32_t i = q; i < in.I; ++i) h.work[p.units()[i]] += count[q];
        h.work_total += count[q] * (in.I - q);
    }
    h.groups = G;
}

uint64_t brute_bound(const Instance &in, const wsp::Frame &f) {
    const wsp_problem &p = *in.tp.p;
    const uint32_t G = f.groups();
    if (G == 0) return 0;
    wsp::Workload all = {{0, 0, 0, 0}, 0};
    uint64_t unfinished = 0;
    uint64_t holders[4] = {0, 0, 0, 0};  // unfinished warps with work of each type left
    for (uint32_t g = 0; g < G; ++g) {
        bool has[4] = {false, false, false, false};
        for (uint32_t i = f.position(g); i < in.I; ++i) {
            all.of_type[p.units()[i]] += f.count(g);
            all.total += f.count(g);
            has[p.units()[i]] = true;
        }
        unfinished += f.count(g);
        for (int u = 0; u < 4; ++u) holders[u] += has[u] ? f.count(g) : 0;
    }
    // The scheduler limit binds only below the unfinished warps and the capacity of the types left.
    uint64_t capacity = 0;
    for (int u = 0; u < 4; ++u) capacity += all.of_type[u] ? p.sigma[u] : 0;
    const uint32_t S = p.schedulers >= unfinished || p.schedulers >= capacity ? 0 : p.schedulers;
    uint64_t best = all.total;
    const uint64_t sat = wsp::saturation_cycles(p, S, all, in.I - f.position(0));
    if (sat < best) best = sat;
    uint64_t last = 0, distinct = 0;
    for (uint32_t g = 0; g < G; ++g) {  // every group, not only the furthest behind
        uint64_t others[4];
        bool mine[4] = {false, false, false, false};
        uint64_t own = in.I - f.position(g);
        for (int u = 0; u < 4; ++u) others[u] = all.of_type[u];
        for (uint32_t i = f.position(g); i < in.I; ++i) {
            --others[p.units()[i]];
            mine[p.units()[i]] = true;
        }
        const uint64_t b = own + wsp::waiting_cycles<uint64_t>(p, S, others, all.total - own);
        if (b > last) last = b;
        wsp::OthersWork<uint64_t> o;
        for (int u = 0; u < 4; ++u) {
            o.of_type[u] = others[u];
            o.cap[u] = holders[u] - (mine[u] ? 1 : 0) >= p.sigma[u] ? others[u] / p.sigma[u] : 0;
        }
        o.total = all.total - own;
        o.sched_cap = S > 0 && unfinished - 1 >= S ? o.total / S : 0;
        const uint64_t d = own + wsp::capped_waiting_cycles(p.sigma, S, o);
        if (d > distinct) distinct = d;
    }
    if (last < best) best = last;
    if (distinct < best) best = distinct;
    // The run-entry bound for every group as the last warp, its exits counted position by position.
    const wsp::EntryKernel k = wsp::entry_kernel(p);
    if (k.active) {
        const uint8_t *u = p.units();
        auto exits_from = [&](uint32_t x) {
            uint64_t e = 0;
            for (uint32_t i = x; i + 1 < in.I; ++i) e += u[i] == k.l_type && u[i + 1] == k.c_type;
            return e;
        };
        uint64_t entries = 0;
        for (uint32_t g = 0; g < G; ++g) entries += f.count(g) * exits_from(f.position(g));
        uint64_t entry = 0;
        for (uint32_t g = 0; g < G; ++g) {
            uint64_t mine_c = 0;
            for (uint32_t i = f.position(g); i < in.I; ++i) mine_c += u[i] == k.c_type;
            const uint64_t b = wsp::entry_state_bound(k, all.of_type[k.l_type], all.of_type[k.c_type], mine_c,
                                                      entries - exits_from(f.position(g)));
            if (b > entry) entry = b;
        }
        if (entry < best) best = entry;
    }
    return best;
}

void test_state_bound_takes_the_worst_warp(void **) {
    const uint32_t seed = test_seed() ^ 0x57a7eu;
    uint32_t rng = seed;
    static uint64_t frame_storage[4096];
    static uint32_t suffix[4 * 64];
    for (int n = 0; n < 20000; ++n) {
        Instance in;
        random_problem(&rng, &in);
        wsp::Frame f(frame_storage, in.W < in.I ? in.W : in.I);
        random_state(&rng, in, f);
        wsp::StateBound bound(*in.tp.p, suffix);
        const uint64_t fast = bound(f), brute = brute_bound(in, f);
        CHECK_SEEDED(fast == brute, seed, "case %d (%s W=%u): state bound %u, over every group %u", n,
                     wsp_problem_kernel(in.tp.p), in.W, (unsigned)fast, (unsigned)brute);
    }
}

// Whether issuing a[g] warps from each group is a transition the model allows (docs/model.md).
bool allowed(const Instance &in, const wsp::Frame &f, const uint32_t *a) {
    const wsp_problem &p = *in.tp.p;
    uint32_t issued[4] = {0, 0, 0, 0}, ready[4] = {0, 0, 0, 0}, total = 0;
    for (uint32_t g = 0; g < f.groups(); ++g) {
        const uint8_t u = p.units()[f.position(g)];
        if (a[g] > f.count(g)) return false;
        issued[u] += a[g];
        ready[u] += f.count(g);
        total += a[g];
    }
    if (total == 0 || (p.schedulers != 0 && total > p.schedulers)) return false;
    for (int u = 0; u < 4; ++u) {
        if (issued[u] > p.sigma[u]) return false;
        const bool room = p.schedulers == 0 || total < p.schedulers;
        if (issued[u] < p.sigma[u] && issued[u] < ready[u] && room) return false;  // a ready warp waits
    }
    return true;
}

// Every vector 0 <= a_g <= n_g, counted by brute force.
uint32_t brute_transitions(const Instance &in, const wsp::Frame &f) {
    uint32_t a[64] = {0};
    uint32_t found = 0;
    for (;;) {
        if (allowed(in, f, a)) ++found;
        uint32_t g = 0;
        while (g < f.groups() && a[g] == f.count(g)) a[g++] = 0;
        if (g == f.groups()) return found;
        ++a[g];
    }
}

void test_transitions_are_every_choice_once(void **) {
    const uint32_t seed = test_seed() ^ 0x7a15u;
    uint32_t rng = seed;
    static uint64_t frame_storage[4096], child_storage[4096];
    static uint32_t seen[1 << 16][16];
    for (int n = 0; n < 3000; ++n) {
        Instance in;
        random_problem(&rng, &in);
        const uint32_t G = in.W < in.I ? in.W : in.I;
        wsp::Frame f(frame_storage, G), child(child_storage, G);
        random_state(&rng, in, f);
        if (f.groups() == 0) continue;
        f.prepare(*in.tp.p);
        uint32_t listed = 0;
        while (f.next_transition()) {
            uint32_t a[16] = {0};
            for (uint32_t g = 0; g < f.groups(); ++g) a[g] = f.advance(g);
            CHECK_SEEDED(allowed(in, f, a), seed, "case %d: transition %u is not allowed", n, listed);
            for (uint32_t k = 0; k < listed; ++k)
                CHECK_SEEDED(memcmp(seen[k], a, sizeof a) != 0, seed, "case %d: transition %u twice", n, k);
            assert_true(listed < (1u << 16));
            memcpy(seen[listed++], a, sizeof a);
            uint32_t moved = 0;
            for (uint32_t g = 0; g < f.groups(); ++g) moved += a[g];
            f.make_child(child, in.I);
            CHECK_SEEDED(child.header().work_total + moved == f.header().work_total, seed,
                         "case %d: the child's remaining work is off", n);
        }
        const uint32_t brute = brute_transitions(in, f);
        CHECK_SEEDED(listed == brute, seed, "case %d (%s W=%u S=%u): %u transitions listed, %u exist", n,
                     wsp_problem_kernel(in.tp.p), in.W, wsp_problem_schedulers(in.tp.p), listed, brute);
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_bound_takes_the_worst_warp),
        cmocka_unit_test(test_transitions_are_every_choice_once),
    };
    return cmocka_run_group_tests_name("exact_parts", tests, nullptr, nullptr);
}
