// Group anneal_parts: the annealer's pieces through the internal headers. The incremental decoder
// must give every candidate exactly the makespan a full decode of the swapped string gives, through
// long random sequences of accepted and rejected swaps (both neighbourhoods' kinds of pairs, random
// SMs with fractional sigma, latencies and scheduler limits); the integer acceptance rule must match
// Eq. 3; the generator must be the same on every target (known answers).
#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

#include "anneal/acceptance.hpp"
#include "anneal/anneal.hpp"
#include "anneal/incremental.hpp"
#include "anneal/rng.hpp"
#include "model/problem.hpp"

namespace {

uint64_t decoder_storage[1 << 16];
uint32_t string_now[4096], swapped[4096];

// A random instance with W*I <= 4096 (normalised) and an SM drawn by random_sm.
void random_instance(uint32_t *rng, test_problem *tp, char *kernel) {
    for (;;) {
        const uint32_t len = 1 + rng_below(rng, 12);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
        kernel[len] = '\0';
        wsp_sm_config sm;
        random_sm(rng, &sm);
        const uint32_t W = 2 + rng_below(rng, 20);
        tp_init_sm(tp, kernel, W, &sm);
        wsp_bounds b;
        wsp_bounds_compute(tp->p, &b, nullptr);
        const uint64_t n = uint64_t{W} * wsp_problem_length(tp->p);
        if (n <= 4096 && wsp::IncrementalDecoder::bytes(*tp->p, static_cast<uint32_t>(b.upper)) <=
                             sizeof decoder_storage)
            return;
    }
}

void test_incremental_equals_full_decode(void **) {
    const uint32_t seed = test_seed() ^ 0x1ec0deu;
    uint32_t rng = seed;
    for (int instance = 0; instance < 150; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel);
        const wsp_problem &p = *tp.p;
        const uint32_t W = p.warps, n = W * p.length;
        wsp_bounds b;
        wsp_bounds_compute(tp.p, &b, nullptr);
        for (int incremental = 0; incremental < 2; ++incremental) {
            wsp::IncrementalDecoder dec(p, static_cast<uint32_t>(b.upper), decoder_storage, incremental);
            for (uint32_t k = 0; k < n; ++k) string_now[k] = k % W + 1;
            for (uint32_t k = n - 1; k > 0; --k) {  // a random start
                const uint32_t j = rng_below(&rng, k + 1), t = string_now[k];
                string_now[k] = string_now[j];
                string_now[j] = t;
            }
            uint32_t m = dec.reset(string_now);
            CHECK_SEEDED(m == decode_or_fail(tp.p, string_now, NULL, NULL), seed, "reset, instance %d", instance);
            for (int step = 0; step < 300; ++step) {
                uint32_t a, c;
                do {
                    a = rng_below(&rng, n);
                    c = rng_below(&rng, 3) ? a + 1 + rng_below(&rng, W) : rng_below(&rng, n);
                    if (c >= n) c = n - 1;
                } while (string_now[a] == string_now[c]);
                if (a > c) {
                    const uint32_t t = a;
                    a = c;
                    c = t;
                }
                memcpy(swapped, string_now, n * sizeof *swapped);
                swapped[a] = string_now[c];
                swapped[c] = string_now[a];
                const uint32_t got = dec.try_swap(a, c);
                const uint32_t want = decode_or_fail(tp.p, swapped, NULL, NULL);
                CHECK_SEEDED(got == want, seed,
                             "instance %d (%s W=%u) step %d swap %u,%u incremental %d: %u, full decode %u",
                             instance, kernel, W, step, a, c, incremental, got, want);
                if (rng_below(&rng, 2)) {
                    dec.accept();
                    memcpy(string_now, swapped, n * sizeof *swapped);
                    m = got;
                } else {
                    dec.reject();
                }
                CHECK_SEEDED(dec.makespan() == m, seed, "instance %d step %d: makespan %u want %u", instance,
                             step, dec.makespan(), m);
            }
            dec.copy_string(swapped);
            CHECK_SEEDED(memcmp(swapped, string_now, n * sizeof *swapped) == 0, seed,
                         "instance %d: the decoder's string drifted", instance);
        }
    }
}

// The whole annealer with incremental decoding and with the plain full re-decode takes the same
// decisions, so it must end with the same result and witness.
void test_incremental_run_equals_full_run(void **) {
    const uint32_t seed = test_seed() ^ 0xf011u;
    uint32_t rng = seed;
    static uint64_t ws[1 << 16];
    static uint32_t w1[4096], w2[4096];
    for (int instance = 0; instance < 30; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel);
        const size_t n = size_t{tp.p->warps} * tp.p->length;
        wsp_anneal_options o;
        memset(&o, 0, sizeof o);
        o.iterations = 3000;
        o.seed = rng_next(&rng);
        o.policy = static_cast<uint32_t>(rng_below(&rng, WSP_POLICY_COUNT));
        o.moves = static_cast<uint32_t>(rng_below(&rng, 2));
        wsp_anneal_result r1, r2;
        const size_t size = anneal_size(tp.p);
        assert_true(size <= sizeof ws);
        assert_int_equal(wsp::anneal(tp.p, &o, ws, size, w1, n, &r1, NULL, wsp::Decoding::kIncremental), WSP_OK);
        assert_int_equal(wsp::anneal(tp.p, &o, ws, size, w2, n, &r2, NULL, wsp::Decoding::kFull), WSP_OK);
        CHECK_SEEDED(r1.lower == r2.lower && r1.accepted == r2.accepted &&
                         memcmp(w1, w2, n * sizeof *w1) == 0,
                     seed, "instance %d (%s W=%u): incremental %u, full %u", instance, kernel,
                     (unsigned)tp.p->warps, r1.lower, r2.lower);
        CHECK_SEEDED(r1.decoded <= r2.decoded, seed, "instance %d: incremental decoded more", instance);
    }
}

void test_cooling_and_acceptance(void **) {
    // frac = floor(2^32 (iter_max - iter) / iter_max), also for iter_max beyond 2^32.
    assert_true(wsp::cooling_fraction(0, 10) == (uint64_t{1} << 32));
    assert_true(wsp::cooling_fraction(5, 10) == (uint64_t{1} << 31));
    assert_true(wsp::cooling_fraction(9, 10) == (uint64_t{1} << 32) / 10);
    assert_true(wsp::cooling_fraction(0, uint64_t{1} << 40) == (uint64_t{1} << 32));
    assert_true(wsp::cooling_fraction(uint64_t{1} << 39, uint64_t{1} << 40) == (uint64_t{1} << 31));
    assert_true(wsp::cooling_fraction(UINT64_MAX - 1, UINT64_MAX) < 2);
    // T0 = 0.3 (19661/65536) at iteration 0: T * 2^32 = 19661 * 2^16.
    const uint64_t t = wsp::temperature_q32(WSP_ANNEAL_DEFAULT_T0, 0, 100);
    assert_true(t == uint64_t{WSP_ANNEAL_DEFAULT_T0} << 16);
    // P = min(1, T/d): with T = 0.3 a candidate worse by 1 passes for r < 0.3 * 2^32, by 2 for r < 0.15 * 2^32.
    assert_true(wsp::accept_worse(0, 1, t));
    assert_true(wsp::accept_worse(static_cast<uint32_t>(t - 1), 1, t));
    assert_false(wsp::accept_worse(static_cast<uint32_t>(t), 1, t));
    assert_true(wsp::accept_worse(static_cast<uint32_t>(t / 2 - 1), 2, t));
    assert_false(wsp::accept_worse(static_cast<uint32_t>(t / 2), 2, t));
    // T >= d: always (the min with 1); T = 0: never.
    const uint64_t big = wsp::temperature_q32(5u << 16, 0, 1);
    assert_true(wsp::accept_worse(UINT32_MAX, 4, big));
    assert_false(wsp::accept_worse(0, 1, wsp::temperature_q32(0, 0, 1)));
    // At the last iteration the temperature is T0 / iter_max.
    assert_true(wsp::temperature_q32(65536, 99, 100) == ((uint64_t{65536} * ((uint64_t{1} << 32) / 100)) >> 16));
}

void test_rng_known_answers(void **) {
    // Fixed forever: the firmware and the host must draw the same numbers for a seed.
    wsp::Rng a(0), b(0), c(1);
    uint32_t first[4];
    for (int k = 0; k < 4; ++k) first[k] = a.next();
    for (int k = 0; k < 4; ++k) assert_int_equal(b.next(), first[k]);
    assert_true(c.next() != first[0]);
    print_message("rng(0): %08x %08x %08x %08x\n", first[0], first[1], first[2], first[3]);
    const uint32_t expected[4] = {0xdec9045du, 0x9a089d75u, 0xab77d362u, 0xc3e16405u};
    for (int k = 0; k < 4; ++k) assert_int_equal(first[k], expected[k]);
    wsp::Rng d(42);
    for (int k = 0; k < 10000; ++k) assert_true(d.below(7) < 7);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_equals_full_decode),
        cmocka_unit_test(test_incremental_run_equals_full_run),
        cmocka_unit_test(test_cooling_and_acceptance),
        cmocka_unit_test(test_rng_known_answers),
    };
    return cmocka_run_group_tests_name("anneal_parts", tests, NULL, NULL);
}
