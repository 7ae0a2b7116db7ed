/* Helpers shared by the CMocka tests: problem set-up into aligned buffers, a seeded generator whose
 * seed is printed on failure, and the exhaustive oracles. */
#ifndef WSP_TEST_UTIL_H
#define WSP_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "warpspan.h"

/* A problem in a static-size aligned buffer (tests use small instances). */
typedef struct test_problem {
    uint64_t storage[2048];
    wsp_problem *p;
} test_problem;

/* Sets up `kernel` with W warps, sigma per type (integers >= 1, via units = sigma * 32, warp 32) and
 * a scheduler limit. Fails the test on error. */
void tp_init(test_problem *tp, const char *kernel, uint32_t warps, const uint32_t sigma[4],
             uint32_t schedulers);

/* The same with a full SM configuration (fractional sigma, latencies, warp size). */
void tp_init_sm(test_problem *tp, const char *kernel, uint32_t warps, const wsp_sm_config *sm);

/* A random SM for oracle tests: per type sigma 1..4 or 1/2, latency 1 or 2 (normalisation turns
 * both into more instructions), scheduler limit 0..4. */
void random_sm(uint32_t *rng, wsp_sm_config *sm);

/* The T(W) facts of docs/model.md (sigma as integers per type, scheduler limit 0 = none). */
typedef struct design_row {
    const char *kernel;
    uint32_t sigma[4];
    uint32_t schedulers, warps, T;
} design_row;
extern const design_row design_rows[];
extern const size_t design_row_count;

/* xorshift32; never seeded with 0. */
uint32_t rng_next(uint32_t *state);
uint32_t rng_below(uint32_t *state, uint32_t n);

/* The seed of random case n of a table drawn from `base` (never 0: xorshift would stay at 0); tests
 * print it on a failure. */
uint32_t case_seed(uint32_t base, int n);
/* The base seed: WSP_TEST_SEED from the environment, or a fixed default. */
uint32_t test_seed(void);

/* Under the sanitizers (make check's ASan+UBSan stage defines WSP_SANITIZED_BUILD) the largest tables
 * run a deterministic slice, every SLICE_STEP-th case or a shorter count, and say so with note_slice;
 * the Release build runs them in full. The sanitizers look for memory and undefined-behaviour errors,
 * which every code path of the slice exercises; the full tables are the oracle comparisons. */
#ifdef WSP_SANITIZED_BUILD
#define WSP_TEST_SANITIZED 1
#else
#define WSP_TEST_SANITIZED 0
#endif
/* Prints "WHAT: a slice under the sanitizers, RAN of OF cases (the Release build runs all)", or
 * nothing when ran == of. */
void note_slice(const char *what, unsigned long ran, unsigned long of);

/* Fails the current test, printing the seed and a description, when cond is false. */
#define CHECK_SEEDED(cond, seed, ...)                                                  \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            print_error("seed %u: ", (unsigned)(seed));                                \
            print_error(__VA_ARGS__);                                                  \
            print_error("\n  (%s)\n", #cond);                                          \
            fail();                                                                    \
        }                                                                              \
    } while (0)

/* Exhaustive oracle over schedules, independent of the decoder and of the exact solver: a longest
 * path over vectors of warp positions (no symmetry, no bounds) in which every work-conserving,
 * capacity- and scheduler-respecting choice of issuing warps is tried, memoised per vector.
 * Returns T(W), the largest makespan. Only for small instances: W <= 8, (I+1)^W <= 2^21. */
uint32_t oracle_schedules(const wsp_problem *p);

/* Exhaustive oracle over pseudo-precedence strings: decodes every distinct string and returns the
 * largest makespan; checks each decoded schedule with the validator. */
uint32_t oracle_strings(const wsp_problem *p);

/* The size queries, failing the test on error. */
size_t schedule_size(const wsp_problem *p);
size_t anneal_size(const wsp_problem *p);
size_t exact_size(const wsp_problem *p, uint64_t states);

/* Decode a string (fails the test on error); returns its makespan and fills cycles (W*I) if given. */
uint32_t decode_or_fail(const wsp_problem *p, const uint32_t *string, uint32_t *warp_cycle,
                        uint32_t *cycles);

#endif
