/* Group: the paper bound (flagged when unsafe) and the proven bounds, on every fact of
 * docs/model.md and against the exhaustive schedule oracle on random small instances. */
#include "test_util.h"

static uint64_t paper_formula(const wsp_problem *p) {
    uint64_t t = 0, W = wsp_problem_warps(p);
    for (int u = 0; u < 4; ++u) {
        uint64_t s = wsp_problem_sigma(p, (wsp_unit)u);
        t += (W + s - 1) / s * wsp_problem_count(p, (wsp_unit)u);
    }
    return t;
}

static void check_components(const wsp_bounds *b) {
    uint64_t m = b->trivial;
    if (b->saturation < m) m = b->saturation;
    if (b->last_warp < m) m = b->last_warp;
    assert_int_equal(b->upper, m);
}

static void test_design_rows(void **state) {
    (void)state;
    for (size_t k = 0; k < design_row_count; ++k) {
        test_problem tp;
        wsp_bounds b;
        tp_init(&tp, design_rows[k].kernel, design_rows[k].warps, design_rows[k].sigma, design_rows[k].schedulers);
        assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
        check_components(&b);
        if (b.upper < design_rows[k].T) print_error("row %zu: upper %llu < T %u\n", k,
                                             (unsigned long long)b.upper, design_rows[k].T);
        assert_true(b.upper >= design_rows[k].T);
        assert_true(b.saturation >= design_rows[k].T);
        assert_true(b.last_warp >= design_rows[k].T);
        assert_int_equal(b.paper, paper_formula(tp.p));
        int any_sigma_above_one = 0;
        for (int u = 0; u < 4; ++u)
            if (wsp_problem_count(tp.p, (wsp_unit)u) && wsp_problem_sigma(tp.p, (wsp_unit)u) > 1)
                any_sigma_above_one = 1;
        assert_int_equal(b.paper_safe, !any_sigma_above_one);
    }
}

/* The counterexample: LLL, sigma_L = 2, W = 4: the paper says 6, T(4) = 7. */
static void test_paper_bound_unsafe(void **state) {
    test_problem tp;
    wsp_bounds b;
    const uint32_t sigma[4] = {2, 1, 1, 1};
    (void)state;
    tp_init(&tp, "LLL", 4, sigma, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
    assert_int_equal(b.paper, 6);
    assert_int_equal(b.paper_safe, 0);
    assert_int_equal(oracle_schedules(tp.p), 7);
    assert_int_equal(b.last_warp, 7); /* tight here */
    assert_int_equal(b.upper, 7);
    assert_int_equal(b.trivial, 12);
    assert_int_equal(b.saturation, 9); /* floor(12/2) + 3 */
}

/* Hand-computed values of each bound, so a change to a formula cannot pass unnoticed. */
static void test_formulas_by_hand(void **state) {
    test_problem tp;
    wsp_bounds b;
    const uint32_t voronoi[4] = {1, 4, 1, 1};
    (void)state;
    tp_init(&tp, "L5 C9 L2 C9", 16, voronoi, 4);
    assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
    assert_int_equal(b.trivial, 400);
    /* 16*7/1 + 16*18/4 + 16*25/4 + 25 */
    assert_int_equal(b.saturation, 112 + 72 + 100 + 25);
    /* 25 + 15*7 + floor((15*25 - 15*7) / 4): C has sigma 4 >= S = 4, so it counts as scheduler-full */
    assert_int_equal(b.last_warp, 25 + 105 + (375 - 105) / 4);
    assert_int_equal(b.paper, 16 * 7 + 4 * 18);
    assert_int_equal(b.paper_safe, 0);

    tp_init(&tp, "LCL", 4, NULL, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
    assert_int_equal(b.paper, 12);
    assert_int_equal(b.paper_safe, 1);
    assert_int_equal(b.last_warp, 3 + 6 + 3);

    tp_init(&tp, "LCSD", 1, NULL, 2);
    assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
    assert_int_equal(b.upper, 4); /* one warp: I exactly */
    assert_int_equal(b.last_warp, 4);
}

/* Every bound is >= T(W) from the exhaustive oracle, on random small instances. */
static void test_bounds_against_oracle(void **state) {
    uint32_t seed = test_seed();
    uint32_t rng = seed;
    int tight = 0;
    (void)state;
    for (int n = 0; n < 400; ++n) {
        char kernel[8];
        uint32_t sigma[4];
        uint32_t I = 1 + rng_below(&rng, 4);
        uint32_t W = 1 + rng_below(&rng, I <= 2 ? 4 : 3);
        uint32_t S = rng_below(&rng, 4);
        for (uint32_t i = 0; i < I; ++i) kernel[i] = "LCSD"[rng_below(&rng, 4)];
        kernel[I] = '\0';
        for (int u = 0; u < 4; ++u) sigma[u] = 1 + rng_below(&rng, 3);
        test_problem tp;
        wsp_bounds b;
        tp_init(&tp, kernel, W, sigma, S);
        assert_int_equal(wsp_bounds_compute(tp.p, &b), WSP_OK);
        check_components(&b);
        uint32_t T = oracle_schedules(tp.p);
        CHECK_SEEDED(b.last_warp >= T && b.saturation >= T && b.trivial >= T, seed,
                     "instance %d: %s W=%u S=%u sigma=%u,%u,%u,%u T=%u bounds %llu/%llu/%llu", n,
                     kernel, W, S, sigma[0], sigma[1], sigma[2], sigma[3], T,
                     (unsigned long long)b.trivial, (unsigned long long)b.saturation,
                     (unsigned long long)b.last_warp);
        tight += b.upper == T;
    }
    print_message("bounds: upper == T(W) on %d of 400 random instances\n", tight);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_rows),
        cmocka_unit_test(test_paper_bound_unsafe),
        cmocka_unit_test(test_formulas_by_hand),
        cmocka_unit_test(test_bounds_against_oracle),
    };
    return cmocka_run_group_tests_name("bounds", tests, NULL, NULL);
}
