// Group passage_bound: the host-only passage bound (lib/host/bounds/passage_bound.cpp; proof
// in docs/bounds.md 6d)
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
#include "host_bound_oracle.hpp"
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

// The bound as the oracle checks see it.
host_bound_oracle::Value value_of(const wsp_problem &p, uint64_t least) {
    const wsp::PassageBound b = wsp::passage_bound(p, least);
    return host_bound_oracle::Value{b.computed, b.bound};
}

void test_space(void **) {
    const host_bound_oracle::Tally t = host_bound_oracle::check_space("passage_bound", kSpaceStride, false, value_of);
    assert_true(t.below > 0);
}

void test_random(void **) { host_bound_oracle::check_random("passage_bound", kRandomCases, false, value_of); }

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_space),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests_name("passage_bound", tests, nullptr, nullptr);
}
