// Tests: a host-only bound (the slot bound, the passage bound) against the exhaustive symmetric oracle
// (tests/bounds_oracle.hpp, which knows nothing of the bounds), in the two sets their groups share:
// every kernel of 1..3 instructions over the four types (types renamed in order of first appearance;
// every `stride`-th), sigma in {1/2, 1, 2, 4}, schedulers 0..4, W = 1..6; and random larger instances
// (tests/oracle_cases.hpp: latency 2, sigma 3, W up to 8; the seed printed on failure). The bound
// must never be below T(W).
#ifndef WSP_TESTS_HOST_BOUND_ORACLE_HPP
#define WSP_TESTS_HOST_BOUND_ORACLE_HPP

#include <stdint.h>

#include "bounds/upper_bounds.hpp"
#include "bounds_oracle.hpp"
#include "model/problem.hpp"
#include "oracle_cases.hpp"

namespace host_bound_oracle {

// What a bound gives for a problem, given the least closed-form bound.
struct Value {
    bool computed;
    uint64_t bound;
};

struct Tally {
    uint64_t instances = 0, tight = 0, below = 0;  // checked, equal to T(W), below every closed form
};

// One kernel and SM for W = 1..max_warps; `bound(problem, least)` returns a Value. When must_compute,
// a bound that is not computed fails the test; else such instances are skipped.
template <class Bound>
void check_kernel(const char *name, const char *kernel, const wsp_sm_config &sm, uint32_t max_warps, uint32_t seed,
                  bool must_compute, Bound bound, Tally &t) {
    static test_problem tp[oracle::SymmetricOracle::kMaxWarps + 1];
    for (uint32_t W = 1; W <= max_warps; ++W) tp_init_sm(&tp[W], kernel, W, &sm);
    const wsp_problem &top = *tp[max_warps].p;
    oracle::SymmetricOracle o(top.units(), top.length, top.sigma, top.schedulers, max_warps);
    uint32_t start[oracle::SymmetricOracle::kMaxWarps] = {0};
    for (uint32_t W = 1; W <= max_warps; ++W) {
        const uint32_t T = o.value(start, W);
        uint64_t others[wsp::kBoundCount];
        const uint64_t least = wsp::upper_bounds(*tp[W].p, others);
        const Value b = bound(*tp[W].p, least);
        CHECK_SEEDED(b.computed || !must_compute, seed, "%s (normalised %s) W=%u: %s bound not computed", kernel,
                     top.letters(), W, name);
        if (!b.computed) continue;
        CHECK_SEEDED(b.bound >= T, seed, "%s (normalised %s) sigma %u,%u,%u,%u S=%u W=%u: %s bound %llu < T = %u",
                     kernel, top.letters(), top.sigma[0], top.sigma[1], top.sigma[2], top.sigma[3], top.schedulers, W,
                     name, (unsigned long long)b.bound, T);
        ++t.instances;
        t.tight += b.bound == T;
        t.below += b.bound < least;
    }
}

// The space of kernels of 1..3 instructions (every stride-th), S = 0..4, W = 1..6.
template <class Bound>
Tally check_space(const char *name, uint32_t stride, bool must_compute, Bound bound) {
    const uint32_t units[4] = {16, 32, 64, 128};
    Tally t;
    uint64_t index = 0;
    oracle::each_canonical_kernel(3, units, 4, [&](const char *kernel, const uint32_t *u) {
        if (index++ % stride != 0) return;
        for (uint32_t S = 0; S <= 4; ++S) check_kernel(name, kernel, sm_of(u, nullptr, S), 6, 0, must_compute, bound, t);
    });
    print_message("%s space: %llu instances, == T(W) on %llu, below every closed-form bound on %llu\n", name,
                  (unsigned long long)t.instances, (unsigned long long)t.tight, (unsigned long long)t.below);
    return t;
}

// `cases` random kernels of 2..7 instructions (normalised length <= 14) with random SMs and W.
template <class Bound>
Tally check_random(const char *name, int cases, bool must_compute, Bound bound) {
    const uint32_t base = test_seed();
    Tally t;
    for (int n = 0; n < cases; ++n) {
        const uint32_t seed = case_seed(base, n);
        uint32_t rng = seed;
        char kernel[10];
        const wsp_sm_config sm = random_case(&rng, 2, 6, kernel);
        test_problem tp;
        tp_init_sm(&tp, kernel, 1, &sm);
        const uint32_t I = wsp_problem_length(tp.p);
        if (I > 14) continue;
        check_kernel(name, kernel, sm, random_small_warps(&rng, I), seed, must_compute, bound, t);
    }
    print_message("%s random: %llu instances, == T(W) on %llu, below every closed-form bound on %llu\n", name,
                  (unsigned long long)t.instances, (unsigned long long)t.tight, (unsigned long long)t.below);
    return t;
}

}  // namespace host_bound_oracle

#endif
