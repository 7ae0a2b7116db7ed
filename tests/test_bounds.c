/* Group: the paper bound (flagged when unsafe) and the proven bounds, on every fact of
 * docs/model.md and against the exhaustive schedule oracle on random small instances. Every bound by
 * id, over a whole space of small instances and per state, is the group bounds_oracle. */
#include "test_util.h"

static uint64_t paper_formula(const wsp_problem *p) {
    uint64_t t = 0, W = wsp_problem_warps(p);
    for (int u = 0; u < 4; ++u) {
        uint64_t s = wsp_problem_sigma(p, (uint32_t)u);
        t += (W + s - 1) / s * wsp_problem_count(p, (uint32_t)u);
    }
    return t;
}

/* upper is the least bound and upper_id the smallest id giving it, over every bound this library
 * computes (every id of the header, WSP_BOUND_COUNT of them: 5 in 1.1, 6 in 1.2, 8 since 1.3; UINT64_MAX where one does
 * not apply, never 0); the other slots are 0. */
static void check_components(const wsp_bounds *b) {
    uint64_t m = b->bound[0];
    uint32_t id = 0;
    for (uint32_t k = 1; k < WSP_BOUND_COUNT; ++k)
        if (b->bound[k] < m) m = b->bound[k], id = k;
    assert_int_equal(b->upper, m);
    assert_int_equal(b->upper_id, id);
    for (uint32_t k = WSP_BOUND_COUNT; k < WSP_BOUND_SLOTS; ++k) assert_int_equal(b->bound[k], 0);
    for (size_t k = 0; k < sizeof b->reserved / sizeof b->reserved[0]; ++k) assert_int_equal(b->reserved[k], 0);
}

static void test_design_rows(void **state) {
    (void)state;
    for (size_t k = 0; k < design_row_count; ++k) {
        test_problem tp;
        wsp_bounds b;
        tp_init(&tp, design_rows[k].kernel, design_rows[k].warps, design_rows[k].sigma, design_rows[k].schedulers);
        assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
        check_components(&b);
        if (b.upper < design_rows[k].T) print_error("row %zu: upper %llu < T %u\n", k,
                                             (unsigned long long)b.upper, design_rows[k].T);
        assert_true(b.upper >= design_rows[k].T);
        assert_true(b.bound[WSP_BOUND_SATURATION] >= design_rows[k].T);
        assert_true(b.bound[WSP_BOUND_LAST_WARP] >= design_rows[k].T);
        assert_int_equal(b.paper, paper_formula(tp.p));
        int any_sigma_above_one = 0;
        for (int u = 0; u < 4; ++u)
            if (wsp_problem_count(tp.p, (uint32_t)u) && wsp_problem_sigma(tp.p, (uint32_t)u) > 1)
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
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.paper, 6);
    assert_int_equal(b.paper_safe, 0);
    assert_int_equal(oracle_schedules(tp.p), 7);
    assert_int_equal(b.bound[WSP_BOUND_LAST_WARP], 7); /* tight here */
    assert_int_equal(b.upper, 7);
    assert_int_equal(b.bound[WSP_BOUND_TRIVIAL], 12);
    assert_int_equal(b.bound[WSP_BOUND_SATURATION], 9); /* floor(12/2) + 3 */
}

/* Hand-computed values of each bound, so a change to a formula cannot pass unnoticed. */
static void test_formulas_by_hand(void **state) {
    test_problem tp;
    wsp_bounds b;
    const uint32_t voronoi[4] = {1, 4, 1, 1};
    (void)state;
    tp_init(&tp, "L5 C9 L2 C9", 16, voronoi, 4);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.bound[WSP_BOUND_TRIVIAL], 400);
    /* 16*7/1 + 16*18/4 + 16*25/4 + 25 */
    assert_int_equal(b.bound[WSP_BOUND_SATURATION], 112 + 72 + 100 + 25);
    /* 25 + 15*7 + floor((15*25 - 15*7) / 4): C has sigma 4 >= S = 4, so it counts as scheduler-full */
    assert_int_equal(b.bound[WSP_BOUND_LAST_WARP], 25 + 105 + (375 - 105) / 4);
    assert_int_equal(b.paper, 16 * 7 + 4 * 18);
    assert_int_equal(b.paper_safe, 0);

    tp_init(&tp, "LCL", 4, NULL, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.paper, 12);
    assert_int_equal(b.paper_safe, 1);
    assert_int_equal(b.bound[WSP_BOUND_LAST_WARP], 3 + 6 + 3);

    tp_init(&tp, "LCSD", 1, NULL, 2);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.upper, 4); /* one warp: I exactly */
    assert_int_equal(b.bound[WSP_BOUND_LAST_WARP], 4);
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
        assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
        check_components(&b);
        uint32_t T = oracle_schedules(tp.p);
        CHECK_SEEDED(b.upper >= T && b.bound[WSP_BOUND_LAST_WARP] >= T && b.bound[WSP_BOUND_SATURATION] >= T &&
                         b.bound[WSP_BOUND_TRIVIAL] >= T && b.bound[WSP_BOUND_DISTINCT] >= T &&
                         b.bound[WSP_BOUND_PIPELINE] >= T,
                     seed,
                     "instance %d: %s W=%u S=%u sigma=%u,%u,%u,%u T=%u bounds %llu/%llu/%llu", n,
                     kernel, W, S, sigma[0], sigma[1], sigma[2], sigma[3], T,
                     (unsigned long long)b.bound[WSP_BOUND_TRIVIAL], (unsigned long long)b.bound[WSP_BOUND_SATURATION],
                     (unsigned long long)b.bound[WSP_BOUND_LAST_WARP]);
        tight += b.upper == T;
    }
    print_message("bounds: upper == T(W) on %d of 400 random instances\n", tight);
}

static void test_bound_names(void **state) {
    static const char *const names[WSP_BOUND_COUNT] = {"trivial", "saturation", "last_warp", "distinct",
                                                        "pipeline", "drain",      "exits",     "entry"};
    (void)state;
    for (uint32_t id = 0; id < WSP_BOUND_COUNT; ++id) assert_string_equal(wsp_bound_name(id), names[id]);
    assert_string_equal(wsp_bound_name(WSP_BOUND_COUNT), "unknown");
    assert_string_equal(wsp_bound_name(WSP_BOUND_SLOTS), "unknown");
    assert_string_equal(wsp_bound_name(0xFFFFFFFFu), "unknown");
}

/* The upper bound's id names the least bound: LLL, sigma_L = 2, W = 4 is last_warp's (7 < 9 < 12;
 * distinct ties at 7 with a larger id); one warp ties all at I, and the smallest id, trivial, is
 * named; CCDD is the pipeline bound's (drain ties, larger id); CSSLLLLD the drain bound's. */
static void test_upper_id(void **state) {
    test_problem tp;
    wsp_bounds b;
    const uint32_t sigma[4] = {2, 1, 1, 1};
    (void)state;
    tp_init(&tp, "LLL", 4, sigma, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.upper_id, WSP_BOUND_LAST_WARP);
    tp_init(&tp, "LCSD", 1, NULL, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.upper, 4);
    assert_int_equal(b.upper_id, WSP_BOUND_TRIVIAL);
    /* CCDD, sigma 1, W = 5: the pipeline bound 16 = T(5) below the last warp's 20 (docs/bounds.md) */
    tp_init(&tp, "CCDD", 5, NULL, 0);
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.upper, 16);
    assert_int_equal(b.upper_id, WSP_BOUND_PIPELINE);
    assert_int_equal(b.bound[WSP_BOUND_LAST_WARP], 20);
    assert_int_equal(b.bound[WSP_BOUND_DRAIN], 16);
    /* CSSLLLLD, sigma L 4, C 2, S 4, D 4, W = 8 (T = 15): drain 18 below the pipeline's 22 */
    {
        const uint32_t s2[4] = {4, 2, 4, 4};
        tp_init(&tp, "CSSLLLLD", 8, s2, 0);
    }
    assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
    assert_int_equal(b.upper, 18);
    assert_int_equal(b.upper_id, WSP_BOUND_DRAIN);
    assert_int_equal(b.bound[WSP_BOUND_PIPELINE], 22);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bound_names),
        cmocka_unit_test(test_upper_id),
        cmocka_unit_test(test_design_rows),
        cmocka_unit_test(test_paper_bound_unsafe),
        cmocka_unit_test(test_formulas_by_hand),
        cmocka_unit_test(test_bounds_against_oracle),
    };
    return cmocka_run_group_tests_name("bounds", tests, NULL, NULL);
}
