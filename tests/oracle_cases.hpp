// Tests: the SMs and the random small cases that the oracle tests of the bounds share
// (test_bounds_oracle, test_slot_bound): an SM from units per type, and a random kernel with a random
// SM, drawn in a fixed order from a test_util.h generator so that a printed seed reproduces a case.
#ifndef WSP_TESTS_ORACLE_CASES_HPP
#define WSP_TESTS_ORACLE_CASES_HPP

#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

// Warps of 32, the given units and latencies (NULL: 1) per type L, C, S, D, and the scheduler limit.
inline wsp_sm_config sm_of(const uint32_t units[4], const uint32_t latency[4], uint32_t schedulers) {
    wsp_sm_config sm;
    memset(&sm, 0, sizeof sm);
    sm.warp_size = 32;
    for (int u = 0; u < 4; ++u) {
        sm.units[u] = units[u];
        sm.latency[u] = latency ? latency[u] : 1;
    }
    sm.schedulers = schedulers;
    return sm;
}

// A kernel of min_len .. min_len + spread - 1 instructions over the four types (spread <= 10 -
// min_len), units per type 16..128 (sigma 1/2 to 4), latency 1 or 2, 0..4 schedulers.
inline wsp_sm_config random_case(uint32_t *rng, uint32_t min_len, uint32_t spread, char kernel[10]) {
    const uint32_t len = min_len + rng_below(rng, spread);
    for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
    kernel[len] = '\0';
    const uint32_t units_choice[5] = {16, 32, 64, 96, 128};
    uint32_t units[4], latency[4];
    for (int u = 0; u < 4; ++u) {
        units[u] = units_choice[rng_below(rng, 5)];
        latency[u] = 1 + rng_below(rng, 2);
    }
    return sm_of(units, latency, rng_below(rng, 5));
}

// W drawn from 1..8, then lowered until the C(I + W, W) multisets of positions the oracle visits number
// at most 60,000 (W = 1 at least).
inline uint32_t random_small_warps(uint32_t *rng, uint32_t I) {
    uint32_t W = 1 + rng_below(rng, 8);
    for (;;) {
        double states = 1;
        for (uint32_t k = 1; k <= W; ++k) states = states * (I + k) / k;
        if (states <= 60000 || W == 1) return W;
        --W;
    }
}

#endif
