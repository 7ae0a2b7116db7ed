// Group checkpoint_decoder: the checkpointed decoder (anneal/checkpoint_decoder.hpp) through the
// internal header. On every move it must give exactly the schedule the reference decoder (wsp_decode,
// paper 003 Fig. 4) gives for the swapped string: the cycle of every position, hence the makespan,
// through long random sequences of accepted and rejected swaps (uniform and local pairs), on random
// instances (all four types, fractional sigma, latencies, scheduler limits) and every spacing from
// 1 up; and the annealer must take identical decisions with it and with a plain full re-decode.
#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

#include "anneal/anneal.hpp"
#include "anneal/checkpoint_decoder.hpp"
#include "model/problem.hpp"

namespace {

uint64_t decoder_storage[1 << 18];
uint32_t string_now[4096], swapped[4096], want_cycle[4096];

// A random instance with W*I <= 4096 (normalised) and an SM drawn by random_sm; the spacing from
// 1 .. 40 or the default.
void random_instance(uint32_t *rng, test_problem *tp, char *kernel, uint32_t *spacing, uint32_t *horizon) {
    for (;;) {
        const uint32_t len = 1 + rng_below(rng, 12);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
        kernel[len] = '\0';
        wsp_sm_config sm;
        random_sm(rng, &sm);
        const uint32_t W = 2 + rng_below(rng, 20);
        tp_init_sm(tp, kernel, W, &sm);
        wsp_bounds b;
        wsp_bounds_compute(tp->p, &b, NULL);
        *horizon = static_cast<uint32_t>(b.upper);
        *spacing = rng_below(rng, 3) == 0 ? wsp::CheckpointDecoder::default_spacing(*tp->p, *horizon)
                                          : 1 + rng_below(rng, 40);
        const uint64_t n = uint64_t{W} * wsp_problem_length(tp->p);
        if (n <= 4096 && wsp::CheckpointDecoder::bytes(*tp->p, *horizon, *spacing) <= sizeof decoder_storage)
            return;
    }
}

void shuffle(uint32_t *rng, uint32_t *s, uint32_t n, uint32_t W) {
    for (uint32_t k = 0; k < n; ++k) s[k] = k % W + 1;
    for (uint32_t k = n - 1; k > 0; --k) {
        const uint32_t j = rng_below(rng, k + 1), t = s[k];
        s[k] = s[j];
        s[j] = t;
    }
}

// Every candidate's schedule equals the reference decoder's, position by position.
void test_every_move_equals_full_decode(void **) {
    const uint32_t seed = test_seed() ^ 0xc4ec9u;
    uint32_t rng = seed;
    uint64_t moves = 0;
    for (int instance = 0; instance < 600; ++instance) {
        test_problem tp;
        char kernel[16];
        uint32_t spacing = 0, horizon = 0;
        random_instance(&rng, &tp, kernel, &spacing, &horizon);
        const wsp_problem &p = *tp.p;
        const uint32_t W = p.warps, n = W * p.length;
        wsp::CheckpointDecoder dec(p, horizon, spacing, decoder_storage);
        shuffle(&rng, string_now, n, W);
        uint32_t m = dec.reset(string_now);
        CHECK_SEEDED(m == decode_or_fail(tp.p, string_now, want_cycle, NULL), seed, "reset, instance %d", instance);
        for (uint32_t k = 0; k < n; ++k)
            CHECK_SEEDED(dec.current_cycle(k) == want_cycle[k], seed, "instance %d reset position %u", instance, k);
        const int steps = 40 + rng_below(&rng, 200);
        for (int step = 0; step < steps; ++step) {
            uint32_t a, c;
            do {
                a = rng_below(&rng, n);
                c = rng_below(&rng, 2) ? rng_below(&rng, n) : a + 1 + rng_below(&rng, W);
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
            if (rng_below(&rng, 2)) dec.scramble(rng_next(&rng) | 1u);
            const uint32_t got = dec.try_swap(a, c);
            const uint32_t want = decode_or_fail(tp.p, swapped, want_cycle, NULL);
            ++moves;
            CHECK_SEEDED(got == want, seed,
                         "instance %d (%s W=%u spacing %u) step %d swap %u,%u: makespan %u, full decode %u",
                         instance, kernel, W, spacing, step, a, c, got, want);
            for (uint32_t k = 0; k < n; ++k)
                CHECK_SEEDED(dec.candidate_cycle(k) == want_cycle[k], seed,
                             "instance %d (%s W=%u spacing %u) step %d swap %u,%u: position %u cycle %u, "
                             "full decode %u",
                             instance, kernel, W, spacing, step, a, c, k, dec.candidate_cycle(k), want_cycle[k]);
            if (rng_below(&rng, 3) != 0) {
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
        // The stored state is still right: a fresh decode of the current string agrees everywhere.
        decode_or_fail(tp.p, string_now, want_cycle, NULL);
        for (uint32_t k = 0; k < n; ++k)
            CHECK_SEEDED(dec.current_cycle(k) == want_cycle[k], seed, "instance %d final position %u",
                         instance, k);
    }
    print_message("checkpoint decoder: %llu moves, each equal to the full decode\n",
                  static_cast<unsigned long long>(moves));
    assert_true(moves >= 20000);
}

// The annealer takes the same decisions with checkpointed decoding as with a plain full re-decode,
// so it ends with the same result and witness, for both neighbourhoods.
void test_checkpoint_run_equals_full_run(void **) {
    const uint32_t seed = test_seed() ^ 0xf00du;
    uint32_t rng = seed;
    static uint32_t w1[4096], w2[4096];
    for (int instance = 0; instance < 30; ++instance) {
        test_problem tp;
        char kernel[16];
        uint32_t spacing = 0, horizon = 0;
        random_instance(&rng, &tp, kernel, &spacing, &horizon);
        const size_t n = size_t{tp.p->warps} * tp.p->length;
        wsp_anneal_options o;
        memset(&o, 0, sizeof o);
        o.iterations = 3000;
        o.seed = rng_next(&rng);
        o.policy = rng_below(&rng, WSP_POLICY_COUNT);
        o.moves = rng_below(&rng, 2);
        wsp_anneal_result r1, r2;
        const uint64_t size = wsp::anneal_bytes(tp.p, wsp::Decoding::kCheckpoint);
        const uint64_t full = wsp::anneal_bytes(tp.p, wsp::Decoding::kFull);
        assert_true(size <= sizeof decoder_storage && full <= sizeof decoder_storage);
        assert_int_equal(wsp::anneal(tp.p, &o, decoder_storage, size, w1, n, &r1, NULL,
                                     wsp::Decoding::kCheckpoint), WSP_OK);
        assert_int_equal(wsp::anneal(tp.p, &o, decoder_storage, full, w2, n, &r2, NULL,
                                     wsp::Decoding::kFull), WSP_OK);
        CHECK_SEEDED(r1.lower == r2.lower && r1.accepted == r2.accepted && r1.iterations == r2.iterations &&
                         memcmp(w1, w2, n * sizeof *w1) == 0,
                     seed, "instance %d (%s W=%u): checkpoint %u, full %u", instance, kernel,
                     (unsigned)tp.p->warps, r1.lower, r2.lower);
        // Too small a workspace for the checkpoints is refused, never overrun.
        wsp_diag d;
        CHECK_SEEDED(wsp::anneal(tp.p, &o, decoder_storage, size - 8, w1, n, &r1, &d,
                                 wsp::Decoding::kCheckpoint) == WSP_ERR_WORKSPACE_SIZE,
                     seed, "instance %d: a short workspace was accepted", instance);
    }
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_move_equals_full_decode),
        cmocka_unit_test(test_checkpoint_run_equals_full_run),
    };
    return cmocka_run_group_tests_name("checkpoint_decoder", tests, NULL, NULL);
}
