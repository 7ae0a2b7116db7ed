// Group entry_bound: the run-entry bound of the exact solver's state bound (bounds/entry_bound.hpp,
// docs/bounds.md 5c).
//  - the certificates: for every (q, l) that entry_rate() accepts, the game of section 5c is built
//    here from its rules (no library code), its least potential is computed by a longest-path
//    iteration, and every move is checked in exact integer arithmetic against the rate; the
//    potential must be 0 on the empty multiset and at most 0 everywhere (so the larger multisets may
//    share the value 0);
//  - every state of every kernel of 1..10 instructions over two types (sigma 1 and sigma = S = q for
//    q = 2, 3, 4; also with the C latency 2 and sigma_L 1/2, which lengthen the runs) with up to 5
//    warps, and every state of up to 6 Voronoi warps: the state bound >= the longest remaining
//    schedule (the exhaustive oracle of bounds_oracle.hpp), and the run-entry bound must be strictly
//    below the other bounds on some states (so that the check exercises it);
//  - 300 random longer kernels of the shape (up to 34 instructions, W up to 7), every state;
//  - which kernels have the shape, and hand-computed values (Voronoi).
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <map>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "bounds/entry_bound.hpp"
#include "bounds_oracle.hpp"
#include "state_frame.hpp"
#include "exact/frame.hpp"
#include "exact/state_bound.hpp"
#include "model/problem.hpp"

namespace {

// ---- the certificate of section 5c ---------------------------------------------------------------

// The game on multisets of the other warps' remaining C counts (1..l), in units of 1/q cycle:
//  - m >= q: q of them issue, loss 0 (a cycle that keeps the last warp waiting), no entry; or
//  - any m: the cycle is not of that kind: if m < q all m issue with loss m, or (m = q - 1) q - 2
//    issue with loss 2 (q - 1); if m >= q, q - 1 issue with loss q - 1 or q - 2 issue with loss
//    2 (q - 1); and one entry may join (a new count l, after the issues).
// A potential psi (multisets of at most q counts; all larger ones share the value H) proves
// loss >= c * entries over every play when loss >= c e + psi(after) - psi(before) for every move,
// psi(empty) = 0 and H = max psi = 0 (moves from larger multisets satisfy it as H >= psi and a move
// with an entry loses at least q - 1 >= c). num/den = c.
struct Certificate {
    uint32_t q, l;
    int64_t num, den;
    std::vector<std::vector<uint32_t>> states;  // sorted counts; states[0] is the empty multiset
    std::map<std::vector<uint32_t>, int> index;
    struct Move {
        int from, to;  // to = -1: a multiset of more than q counts
        int64_t w;     // num * entry - den * loss
    };
    std::vector<Move> moves;
    std::vector<int64_t> psi;
    int64_t H = 0;

    int id(std::vector<uint32_t> v) {
        v.erase(std::remove(v.begin(), v.end(), 0u), v.end());
        if (v.size() > q) return -1;
        std::sort(v.begin(), v.end());
        return index.at(v);
    }

    void enumerate(std::vector<uint32_t> &cur, uint32_t from) {
        index[cur] = static_cast<int>(states.size());
        states.push_back(cur);
        if (cur.size() == q) return;
        for (uint32_t v = from; v <= l; ++v) {
            cur.push_back(v);
            enumerate(cur, v);
            cur.pop_back();
        }
    }

    void issue(int s, uint32_t k, int64_t loss, bool entry) {
        const std::vector<uint32_t> &M = states[s];
        const uint32_t m = static_cast<uint32_t>(M.size());
        for (uint32_t mask = 0; mask < (1u << m); ++mask) {
            if (static_cast<uint32_t>(__builtin_popcount(mask)) != k) continue;
            std::vector<uint32_t> after(M);
            for (uint32_t j = 0; j < m; ++j)
                if ((mask >> j) & 1u) --after[j];
            for (int e = 0; e <= (entry ? 1 : 0); ++e) {
                std::vector<uint32_t> b(after);
                if (e) b.push_back(l);
                moves.push_back({s, id(b), num * e - den * loss});
            }
        }
    }

    void build() {
        std::vector<uint32_t> cur;
        enumerate(cur, 1);
        for (int s = 0; s < static_cast<int>(states.size()); ++s) {
            const uint32_t m = static_cast<uint32_t>(states[s].size());
            if (m == 0) {
                moves.push_back({s, id({l}), num});
            } else if (m < q) {
                issue(s, m, m, true);
                if (m == q - 1) issue(s, q - 2, 2 * (q - 1), true);
            } else {
                issue(s, q, 0, false);
                issue(s, q - 1, q - 1, true);
                issue(s, q - 2, 2 * (q - 1), true);
            }
        }
    }

    // The least potential: psi(s) = the most a play from s can gain (num * entries - den * loss)
    // before it ends empty, from below; false if it does not settle (a gaining cycle).
    bool solve() {
        const int64_t none = INT64_MIN / 4;
        psi.assign(states.size(), none);
        psi[0] = 0;
        H = 0;
        for (size_t round = 0; round < 4 * states.size() + 8; ++round) {
            bool changed = false;
            for (const Move &mv : moves) {
                const int64_t t = mv.to < 0 ? H : psi[mv.to];
                if (t == none) continue;
                if (t + mv.w > psi[mv.from]) {
                    psi[mv.from] = t + mv.w;
                    changed = true;
                }
            }
            for (int64_t v : psi)
                if (v > H) {
                    H = v;
                    changed = true;
                }
            if (!changed) return true;
        }
        return false;
    }

    // The proof: every inequality, exactly.
    bool check() const {
        if (psi[0] != 0 || H != 0 || num > den * static_cast<int64_t>(q - 1)) return false;
        for (int64_t v : psi)
            if (v > H) return false;
        for (const Move &mv : moves) {
            const int64_t t = mv.to < 0 ? H : psi[mv.to];
            if (psi[mv.from] < t + mv.w) return false;
        }
        return true;
    }
};

void test_certificates(void **) {
    uint32_t checked = 0;
    for (uint32_t q = 2; q <= 4; ++q) {
        for (uint32_t l = 1; l <= wsp::kEntryMaxRun[q] + 1; ++l) {
            uint32_t num = 0, den = 1;
            const bool rated = wsp::entry_rate(q, l, &num, &den);
            assert_int_equal(rated, l >= q && l <= wsp::kEntryMaxRun[q]);
            if (!rated) continue;
            Certificate c{q, l, num, den, {}, {}, {}, {}, 0};
            c.build();
            const bool solved = c.solve();
            if (!solved || !c.check()) {
                print_error("no certificate for q=%u l=%u at rate %u/%u (solved %d)\n", q, l, num, den, solved);
                fail();
            }
            ++checked;
        }
    }
    // The rate is the best one: a rate a little higher admits a gaining cycle (q = 4, l = 9: five
    // entries at 0, 1, 2, 3, 3 others at C lose 9 units together).
    Certificate more{4, 9, 9 * 1000 + 1, 5 * 1000, {}, {}, {}, {}, 0};
    more.build();
    assert_false(more.solve() && more.check());
    print_message("entry_bound: %u certificates checked (q = 2, 3, 4)\n", checked);
}

// ---- every state against the oracle -------------------------------------------------------------

struct Tally {
    uint64_t kernels = 0, states = 0, active = 0, below = 0;
};

// The run-entry bound from its formula, by brute force over the kernel (exits counted position by
// position) and over every warp as the last one; with `without_entries` its rate is taken as 0.
uint64_t entry_brute(const wsp_problem &p, const uint32_t *pos, uint32_t n, bool without_entries) {
    wsp::EntryKernel k = wsp::entry_kernel(p);
    if (without_entries) k.num = 0;
    if (!k.active) return UINT64_MAX;
    const uint8_t *u = p.units();
    const uint32_t I = p.length;
    auto exits_from = [&](uint32_t x) {
        uint32_t e = 0;
        for (uint32_t i = x; i + 1 < I; ++i) e += u[i] == k.l_type && u[i + 1] == k.c_type;
        return e;
    };
    auto c_from = [&](uint32_t x) {
        uint32_t c = 0;
        for (uint32_t i = x; i < I; ++i) c += u[i] == k.c_type;
        return c;
    };
    uint64_t wl = 0, wc = 0, entries = 0;
    for (uint32_t j = 0; j < n; ++j) {
        for (uint32_t i = pos[j]; i < I; ++i) (u[i] == k.l_type ? wl : wc) += 1;
        entries += exits_from(pos[j]);
    }
    uint64_t best = 0;
    for (uint32_t a = 0; a < n; ++a) {  // every warp as the last one
        const uint64_t b = wsp::entry_state_bound(k, wl, wc, c_from(pos[a]), entries - exits_from(pos[a]));
        if (b > best) best = b;
    }
    return best;
}

void check_states(const char *kernel, const wsp_sm_config &sm, uint32_t max_warps, Tally *tally) {
    static test_problem tp;
    tp_init_sm(&tp, kernel, max_warps, &sm);
    const wsp_problem &p = *tp.p;
    const uint32_t I = p.length;
    oracle::SymmetricOracle o(p.units(), I, p.sigma, p.schedulers, max_warps);
    static uint32_t suffix[4 * 512];
    static uint64_t frame_storage[2048];
    assert_true(wsp::StateBound::words(I) <= sizeof suffix / sizeof suffix[0]);
    wsp::StateBound bound(p, suffix);
    const uint32_t G = max_warps < I ? max_warps : I;
    assert_true(wsp::Frame::bytes(G) <= sizeof frame_storage);
    wsp::Frame f(frame_storage, G);
    const bool active = wsp::entry_kernel(p).active;
    ++tally->kernels;
    o.each_state([&](const uint32_t *pos, uint32_t n, uint32_t value) {
        load_state(f, p, pos, n);
        const uint32_t ub = bound(f);
        if (ub < value) {
            print_error("%s (normalised %s) sigma %u,%u,%u,%u S=%u: state bound %u < %u from", kernel, p.letters(),
                        p.sigma[0], p.sigma[1], p.sigma[2], p.sigma[3], p.schedulers, ub, value);
            for (uint32_t j = 0; j < n; ++j) print_error(" %u", pos[j]);
            print_error("\n");
            fail();
        }
        ++tally->states;
        if (active) {
            ++tally->active;
            // The run-entry bound alone, over every warp as the last one, from its formula: it must
            // hold by itself, and the solver's (taken for the warp furthest behind, then the least
            // of all its bounds) is at most it.
            const uint64_t e = entry_brute(p, pos, n, false);
            if (e < value) {
                print_error("%s (normalised %s) S=%u: run-entry bound %llu < %u from", kernel, p.letters(),
                            p.schedulers, (unsigned long long)e, value);
                for (uint32_t j = 0; j < n; ++j) print_error(" %u", pos[j]);
                print_error("\n");
                fail();
            }
            assert_true(ub <= e);
            if (e < entry_brute(p, pos, n, true)) ++tally->below;  // the entries lowered it
        }
    });
}

wsp_sm_config two_types(uint32_t q, uint32_t latency_c, bool half_l) {
    wsp_sm_config sm;
    memset(&sm, 0, sizeof sm);
    sm.warp_size = 32;
    for (int u = 0; u < 4; ++u) {
        sm.units[u] = 32;
        sm.latency[u] = 1;
    }
    sm.units[0] = half_l ? 16 : 32;  // L: sigma 1 after normalisation (1/2 becomes two copies)
    sm.units[1] = 32 * q;            // C: sigma q
    sm.latency[1] = latency_c;
    sm.schedulers = q;
    return sm;
}

void test_small_kernels(void **) {
    Tally t;
    const uint32_t max_len = WSP_TEST_SANITIZED ? 6 : 10;
    for (uint32_t q = 2; q <= 4; ++q) {
        for (int variant = 0; variant < 3; ++variant) {
            const uint32_t lat = variant == 1 ? 2 : 1;
            const bool half = variant == 2;
            const wsp_sm_config sm = two_types(q, lat, half);
            for (uint32_t len = 1; len <= max_len; ++len) {
                if (variant != 0 && len > 7) continue;
                for (uint32_t bits = 0; bits < (1u << len); ++bits) {
                    char kernel[16];
                    for (uint32_t i = 0; i < len; ++i) kernel[i] = ((bits >> i) & 1u) ? 'C' : 'L';
                    kernel[len] = '\0';
                    Tally one;
                    check_states(kernel, sm, 5, &one);
                    t.kernels += one.kernels;
                    t.states += one.states;
                    t.active += one.active;
                    t.below += one.below;
                }
            }
        }
    }
    print_message("entry_bound: %llu two-type kernels x SMs, %llu states, the bound active on %llu, lowered by "
                  "the entries on %llu\n",
                  (unsigned long long)t.kernels, (unsigned long long)t.states, (unsigned long long)t.active,
                  (unsigned long long)t.below);
    assert_true(t.below > 0);
}

// Random longer kernels of the shape: runs of 1..3 L and of l C (a leading C-run of at most l),
// q = 2..4, l = q..q+4, W as large as keeps the oracle's states below 60000 (at most 7).
void test_random_kernels(void **) {
    const uint32_t seed = test_seed() ^ 0xe47e5u;
    const int cases = WSP_TEST_SANITIZED ? 20 : 300;
    Tally t;
    for (int n = 0; n < cases; ++n) {
        uint32_t rng = case_seed(seed, n);
        const uint32_t q = 2 + rng_below(&rng, 3), run = q + rng_below(&rng, 5);
        char kernel[128];
        uint32_t len = 0;
        if (rng_below(&rng, 3) == 0)
            for (uint32_t k = 1 + rng_below(&rng, run); k > 0; --k) kernel[len++] = 'C';
        for (uint32_t runs = 1 + rng_below(&rng, 3); runs > 0; --runs) {
            for (uint32_t k = 1 + rng_below(&rng, 3); k > 0; --k) kernel[len++] = 'L';
            for (uint32_t k = run; k > 0; --k) kernel[len++] = 'C';
        }
        if (rng_below(&rng, 2) == 0) kernel[len++] = 'L';
        kernel[len] = '\0';
        uint32_t W = 2;
        for (;;) {  // C(len + W, W) multisets of W positions
            double states = 1;
            for (uint32_t k = 1; k <= W + 1; ++k) states = states * (len + k) / k;
            if (states > 60000 || W == 7) break;
            ++W;
        }
        const wsp_sm_config sm = two_types(q, 1, false);
        Tally one;
        check_states(kernel, sm, W, &one);
        t.kernels += one.kernels;
        t.states += one.states;
        t.active += one.active;
        t.below += one.below;
    }
    print_message("entry_bound random: %llu kernels, %llu states, lowered by the entries on %llu\n",
                  (unsigned long long)t.kernels, (unsigned long long)t.states, (unsigned long long)t.below);
    assert_true(t.active == t.states && t.below > 0);
}

// A kernel of 80 instructions (a long one: its entries counted from the C instructions left, as for
// every kernel, reach runs far from the warp).
void test_long_kernel(void **) {
    const wsp_sm_config sm = two_types(4, 1, false);
    Tally t;
    check_states("C5 L C9 L C9 L2 C9 L C9 L C9 L3 C9 L C9 L", sm, WSP_TEST_SANITIZED ? 2 : 3, &t);
    print_message("entry_bound: a kernel of 80 instructions, %llu states, lowered by the entries on %llu\n",
                  (unsigned long long)t.states, (unsigned long long)t.below);
    assert_true(t.active == t.states && t.below > 0);
}

void test_voronoi_states(void **) {
    wsp_sm_config sm = two_types(4, 1, false);
    Tally t;
    check_states("L5 C9 L2 C9", sm, WSP_TEST_SANITIZED ? 4 : 6, &t);
    print_message("entry_bound: Voronoi, %llu states of 1..6 warps, lowered by the entries on %llu\n",
                  (unsigned long long)t.states, (unsigned long long)t.below);
    assert_true(t.active == t.states && t.below > 0);
}

// ---- shapes and values ----------------------------------------------------------------------------

void test_shapes(void **) {
    struct Case {
        const char *kernel;
        uint32_t q, lat_c;
        bool half_l, active;
        uint32_t run;
    } cases[] = {
        {"L5 C9 L2 C9", 4, 1, false, true, 9},
        {"C4 L C9 L2 C9", 4, 1, false, true, 9},   // a leading run of 4 <= 9
        {"C9 L C4", 4, 1, false, false, 0},         // a leading run longer than the entered ones
        {"L C9 L C8", 4, 1, false, false, 0},       // runs of different lengths
        {"L C3 L C3", 4, 1, false, false, 0},       // l = 3 < q: no certificate
        {"L C3 L C3", 2, 1, false, true, 3},
        {"L C2", 2, 2, false, true, 4},             // latency 2: C2 becomes 4 copies
        {"L C9 S", 4, 1, false, false, 0},          // three types
        {"L C9", 4, 1, false, true, 9},
        {"C9 L", 4, 1, false, false, 0},            // no C-run is entered
    };
    for (const Case &c : cases) {
        wsp_sm_config sm = two_types(c.q, c.lat_c, c.half_l);
        test_problem tp;
        tp_init_sm(&tp, c.kernel, 4, &sm);
        const wsp::EntryKernel k = wsp::entry_kernel(*tp.p);
        const bool expect = c.active;
        if (k.active != expect || (expect && k.run != c.run)) {
            print_error("%s q=%u: active %d run %u, expected %d %u\n", c.kernel, c.q, k.active, k.run, expect, c.run);
            fail();
        }
    }
    // No scheduler limit, or sigma_C != S: not the shape.
    wsp_sm_config sm = two_types(4, 1, false);
    sm.schedulers = 0;
    test_problem tp;
    tp_init_sm(&tp, "L5 C9 L2 C9", 4, &sm);
    assert_false(wsp::entry_kernel(*tp.p).active);
    sm.schedulers = 2;
    tp_init_sm(&tp, "L5 C9 L2 C9", 4, &sm);
    assert_false(wsp::entry_kernel(*tp.p).active);
}

// Voronoi from the start: W I_L + W I_C / 4 + 3/4 * 18 - 9/20 * 2 (W - 1) = 11.5 W + 13.5 - 0.9 (W - 1),
// rounded down: 109 at W = 9 (= T(9)), 131 at W = 11 (= T(11)), 141 at W = 12, 184 at W = 16.
void test_voronoi_values(void **) {
    wsp_sm_config sm = two_types(4, 1, false);
    const uint32_t expect[17] = {0, 25, 35, 46, 56, 67, 78, 88, 99, 109, 120, 131, 141, 152, 162, 173, 184};
    for (uint32_t W = 1; W <= 16; ++W) {
        test_problem tp;
        tp_init_sm(&tp, "L5 C9 L2 C9", W, &sm);
        const wsp::EntryKernel k = wsp::entry_kernel(*tp.p);
        assert_true(k.active);
        const uint64_t b = wsp::entry_state_bound(k, 7u * W, 18u * W, 18u, 2u * (W - 1));
        if (b != expect[W]) {
            print_error("W=%u: %llu, expected %u\n", W, (unsigned long long)b, expect[W]);
            fail();
        }
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_certificates),
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_voronoi_values),
        cmocka_unit_test(test_small_kernels),
        cmocka_unit_test(test_random_kernels),
        cmocka_unit_test(test_long_kernel),
        cmocka_unit_test(test_voronoi_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
