// Helpers shared by the C++ test groups of the witness searches (lower, bracket): every witness is
// checked again by the independent validator, and random instances come in two sizes.
#ifndef WSP_TESTS_WITNESS_HELPERS_HPP
#define WSP_TESTS_WITNESS_HELPERS_HPP

#include <stdint.h>

extern "C" {
#include "test_util.h"
}

#include "model/problem.hpp"

namespace witness_helpers {

// The makespan of `string` by the decoder, after the independent validator accepted its schedule.
inline uint32_t validated(const wsp_problem *p, const uint32_t *string, uint32_t seed, const char *who) {
    static uint32_t cycles[4096];
    static uint64_t ws[1 << 14];
    const uint32_t m = decode_or_fail(p, string, NULL, cycles);
    uint32_t v = 0;
    wsp_diag d;
    const size_t n = size_t{p->warps} * p->length;
    size_t size = 0;
    assert_int_equal(wsp_schedule_workspace_size(p, &size, NULL), WSP_OK);
    assert_true(size <= sizeof ws);
    const wsp_status st = wsp_schedule_validate(p, cycles, n, ws, sizeof ws, &v, &d);
    CHECK_SEEDED(st == WSP_OK && v == m, seed, "%s: the validator rejects the witness (%s)", who, d.message);
    return m;
}

// A random instance: tiny enough for the oracle when `tiny`, else up to W = 20 and 12 letters.
inline void random_instance(uint32_t *rng, test_problem *tp, char *kernel, bool tiny) {
    for (;;) {
        const uint32_t len = 1 + rng_below(rng, tiny ? 4 : 12);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
        kernel[len] = '\0';
        wsp_sm_config sm;
        random_sm(rng, &sm);
        const uint32_t W = (tiny ? 2 : 1) + rng_below(rng, tiny ? 4 : 20);
        tp_init_sm(tp, kernel, W, &sm);
        const uint64_t n = uint64_t{W} * tp->p->length;
        uint64_t cells = 1;
        for (uint32_t w = 0; w < W && cells <= (1u << 21); ++w) cells *= tp->p->length + 1u;
        if (tiny ? cells <= (1u << 18) && n <= 40 : n <= 600) return;
    }
}

}  // namespace witness_helpers

#endif
