// Group passage_bound: the host-only passage bound (candidate, lib/host/bounds/passage_bound.cpp; proof
// in the item-1 study, research/gate and its report)
//  - known values: the gated kernels where every other bound is loose (sigma 1 before a wider unit);
//  - against the exhaustive symmetric oracle (tests/bounds_oracle.hpp, which knows nothing of the
//    bounds): every kernel of 1..3 instructions over the four types (types renamed in order of first
//    appearance), sigma in {1/2, 1, 2, 4}, schedulers 0..4, W = 1..6, and random larger instances
//    (latency 2, sigma 3, W up to 8; seed printed on failure). The bound must never be below T(W).
//    The full space of kernels of up to 5 instructions with latencies 1 and 2 (1.16 million instances)
//    was checked once outside the suite against the exact solver; it takes about half an hour.
#include <stdint.h>
#include <string.h>

#include <vector>

extern "C" {
#include "test_util.h"
}

#include "bounds/upper_bounds.hpp"
#include "bounds_oracle.hpp"
#include "host/bounds/passage_bound.hpp"
#include "model/problem.hpp"
#include "oracle_cases.hpp"

namespace {

#ifdef WSP_SANITIZED_BUILD
constexpr int kRandomCases = 40;
constexpr uint32_t kSpaceStride = 7;
#else
constexpr int kRandomCases = 300;
constexpr uint32_t kSpaceStride = 1;
#endif

struct Known {
    const char *kernel;  // normalised
    uint32_t units[4];   // L C S D (sigma * 32)
    uint32_t S, W;
    uint64_t T, passage;  // T(W) (exact solver) and the passage bound
};

// Gated kernels of bounds_bench (seeds 1, 3, 5): a sigma-1 unit first, a wider one after it.
void test_known_values(void **) {
    const Known known[] = {
        {"CDD", {32, 32, 32, 64}, 3, 7, 9, 9},    {"CDD", {32, 32, 32, 64}, 4, 7, 9, 9},
        {"LSS", {32, 32, 128, 32}, 3, 8, 10, 10}, {"CLL", {64, 32, 32, 32}, 3, 7, 9, 9},
        {"DLDLD", {32, 32, 32, 32}, 0, 2, 6, 6},
    };
    for (const Known &k : known) {
        const wsp_sm_config sm = sm_of(k.units, nullptr, k.S);
        test_problem tp;
        tp_init_sm(&tp, k.kernel, k.W, &sm);
        uint64_t others[wsp::kBoundCount];
        const uint64_t least = wsp::upper_bounds(*tp.p, others);
        const wsp::PassageBound b = wsp::passage_bound(*tp.p, least);
        assert_true(b.computed);
        if (b.bound != k.passage) print_error("%s W=%u: passage bound %llu, expected %llu\n", k.kernel, k.W,
                                               (unsigned long long)b.bound, (unsigned long long)k.passage);
        assert_true(b.bound == k.passage);
        assert_true(b.bound >= k.T);
        assert_true(b.bound < least);
    }
}

uint64_t g_instances = 0, g_tight = 0, g_below = 0;

void check_kernel(const char *kernel, const wsp_sm_config &sm, uint32_t max_warps, uint32_t seed) {
    static test_problem tp[oracle::SymmetricOracle::kMaxWarps + 1];
    for (uint32_t W = 1; W <= max_warps; ++W) tp_init_sm(&tp[W], kernel, W, &sm);
    const wsp_problem &top = *tp[max_warps].p;
    oracle::SymmetricOracle o(top.units(), top.length, top.sigma, top.schedulers, max_warps);
    uint32_t start[oracle::SymmetricOracle::kMaxWarps] = {0};
    for (uint32_t W = 1; W <= max_warps; ++W) {
        const uint32_t T = o.value(start, W);
        uint64_t others[wsp::kBoundCount];
        const uint64_t least = wsp::upper_bounds(*tp[W].p, others);
        const wsp::PassageBound b = wsp::passage_bound(*tp[W].p, least);
        if (!b.computed) continue;
        CHECK_SEEDED(b.bound >= T, seed, "%s (normalised %s) sigma %u,%u,%u,%u S=%u W=%u: passage bound %llu < T = %u",
                     kernel, top.letters(), top.sigma[0], top.sigma[1], top.sigma[2], top.sigma[3], top.schedulers, W,
                     (unsigned long long)b.bound, T);
        ++g_instances;
        g_tight += b.bound == T;
        g_below += b.bound < least;
    }
}

void test_space(void **) {
    const uint32_t units[4] = {16, 32, 64, 128};
    g_instances = g_tight = g_below = 0;
    uint64_t index = 0;
    oracle::each_canonical_kernel(3, units, 4, [&](const char *kernel, const uint32_t *u) {
        if (index++ % kSpaceStride != 0) return;
        for (uint32_t S = 0; S <= 4; ++S) check_kernel(kernel, sm_of(u, nullptr, S), 6, 0);
    });
    print_message("passage_bound space: %llu instances, bound == T(W) on %llu, below every other bound on %llu\n",
                  (unsigned long long)g_instances, (unsigned long long)g_tight, (unsigned long long)g_below);
    assert_true(g_below > 0);
}

void test_random(void **) {
    const uint32_t base = test_seed();
    g_instances = g_tight = g_below = 0;
    for (int n = 0; n < kRandomCases; ++n) {
        const uint32_t seed = case_seed(base, n);
        uint32_t rng = seed;
        char kernel[10];
        const wsp_sm_config sm = random_case(&rng, 2, 6, kernel);
        test_problem tp;
        tp_init_sm(&tp, kernel, 1, &sm);
        const uint32_t I = wsp_problem_length(tp.p);
        if (I > 14) continue;
        check_kernel(kernel, sm, random_small_warps(&rng, I), seed);
    }
    print_message("passage_bound random: %llu instances, bound == T(W) on %llu, below every other bound on %llu\n",
                  (unsigned long long)g_instances, (unsigned long long)g_tight, (unsigned long long)g_below);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_space),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests_name("passage_bound", tests, nullptr, nullptr);
}
