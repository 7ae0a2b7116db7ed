/* Group: the paper 003 Fig. 4 decoder: the paper's figures, every error path, workspace sizes, and
 * the property that every decoded string is a schedule the independent validator accepts. */
#include "test_util.h"

static void test_fig2(void **state) {
    /* Paper 003 Fig. 2: LCL, sigma 1, W = 4, string 1 1 2 2 3 3 4 1 4 2 3 4. */
    const uint32_t s[12] = {1, 1, 2, 2, 3, 3, 4, 1, 4, 2, 3, 4};
    const uint32_t expected[12] = {1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8};
    uint32_t wc[12], cycles[12];
    test_problem tp;
    (void)state;
    tp_init(&tp, "LCL", 4, NULL, 0);
    assert_int_equal(decode_or_fail(tp.p, s, wc, cycles), 8);
    assert_memory_equal(wc, expected, sizeof expected);
    /* The matrix view: warp 1 runs L C . . L at cycles 1, 2, 5. */
    assert_int_equal(cycles[0], 1);
    assert_int_equal(cycles[1], 2);
    assert_int_equal(cycles[2], 5);
    assert_int_equal(cycles[3 * 3 + 2], 8);
}

static void test_fig5(void **state) {
    /* Paper 003 Fig. 5: warp 4 moved to the end: makespan 9. */
    const uint32_t s[12] = {1, 1, 2, 2, 3, 3, 1, 2, 3, 4, 4, 4};
    const uint32_t expected[12] = {1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9};
    uint32_t wc[12];
    test_problem tp;
    (void)state;
    tp_init(&tp, "LCL", 4, NULL, 0);
    assert_int_equal(decode_or_fail(tp.p, s, wc, NULL), 9);
    assert_memory_equal(wc, expected, sizeof expected);
    /* The paper notes 1 2 1 3 2 3 1 2 3 4 4 4 gives the same schedule. */
    const uint32_t same[12] = {1, 2, 1, 3, 2, 3, 1, 2, 3, 4, 4, 4};
    assert_int_equal(decode_or_fail(tp.p, same, NULL, NULL), 9);
}

static void test_scheduler_limit_and_sigma(void **state) {
    /* LL, sigma_L = 2, one scheduler: one instruction per cycle whatever the string. */
    const uint32_t s[4] = {1, 2, 1, 2};
    const uint32_t sigma[4] = {2, 1, 1, 1};
    uint32_t wc[4];
    test_problem tp;
    (void)state;
    tp_init(&tp, "LL", 2, sigma, 1);
    assert_int_equal(decode_or_fail(tp.p, s, wc, NULL), 4);
    tp_init(&tp, "LL", 2, sigma, 0);
    assert_int_equal(decode_or_fail(tp.p, s, wc, NULL), 2);
}

typedef struct bad_string {
    uint32_t s[8];
    size_t length;
    wsp_status status;
    size_t position;
} bad_string;

static const bad_string bads[] = {
    {{1, 1, 2, 2}, 4, WSP_ERR_WITNESS_LENGTH, 0},
    {{1, 1, 2, 2, 3, 3, 4}, 7, WSP_ERR_WITNESS_LENGTH, 0},
    {{1, 1, 2, 0, 3, 3}, 6, WSP_ERR_WITNESS_WARP, 4},
    {{1, 1, 2, 2, 3, 4}, 6, WSP_ERR_WITNESS_WARP, 6},
    {{1, 1, 1, 2, 2, 3}, 6, WSP_ERR_WITNESS_COUNT, 3},
    {{3, 2, 3, 1, 3, 2}, 6, WSP_ERR_WITNESS_COUNT, 5},
};

static void test_bad_strings(void **state) {
    test_problem tp;
    uint64_t ws[256];
    (void)state;
    tp_init(&tp, "LC", 3, NULL, 0);
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; ++k) {
        wsp_diag diag;
        uint32_t m = 77;
        wsp_status st = wsp_schedule_decode(tp.p, bads[k].s, bads[k].length, ws, sizeof ws, NULL, NULL, &m, &diag);
        if (st != bads[k].status) print_error("case %zu: %d %s\n", k, st, diag.message);
        assert_int_equal(st, bads[k].status);
        assert_int_equal(diag.field, WSP_FIELD_PSEUDO_PRECEDENCE);
        assert_int_equal(diag.index, bads[k].position);
        assert_int_equal(m, 0); /* outputs are zeroed on error */
    }
}

static void test_workspace(void **state) {
    test_problem tp;
    static uint64_t ws[256];
    const uint32_t s[6] = {1, 2, 3, 1, 2, 3};
    wsp_diag diag;
    uint32_t m;
    (void)state;
    tp_init(&tp, "LC", 3, NULL, 0);
    size_t need = schedule_size(tp.p);
    assert_true(need <= WSP_SCHEDULE_WORKSPACE_SIZE(3, 2));
    assert_int_equal(wsp_schedule_decode(tp.p, s, 6, ws, need - 1, NULL, NULL, &m, &diag), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_schedule_decode(tp.p, s, 6, (char *)ws + 1, need, NULL, NULL, &m, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_schedule_decode(tp.p, s, 6, NULL, need, NULL, NULL, &m, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_schedule_decode(tp.p, NULL, 6, ws, need, NULL, NULL, &m, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_PSEUDO_PRECEDENCE);
    assert_int_equal(wsp_schedule_decode(NULL, s, 6, ws, need, NULL, NULL, &m, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_schedule_decode(tp.p, s, 6, ws, need, NULL, NULL, &m, &diag), WSP_OK);
    assert_int_equal(m, 4);
    assert_int_equal(diag.status, WSP_OK);
    assert_int_equal(diag.field, WSP_FIELD_NONE);
    assert_string_equal(diag.message, "");
}

/* Random strings over random instances: the validator accepts every decoded schedule, it reports the
 * same makespan, and the makespan respects the proven upper bound. */
static void test_property_random_strings(void **state) {
    static uint64_t vws[1 << 14];
    static uint32_t s[4096], cycles[4096];
    uint32_t seed = test_seed() ^ 0x5eedu;
    uint32_t rng = seed;
    (void)state;
    for (int n = 0; n < 500; ++n) {
        char kernel[40];
        uint32_t sigma[4];
        uint32_t I = 1 + rng_below(&rng, 30);
        uint32_t W = 1 + rng_below(&rng, 12);
        uint32_t S = rng_below(&rng, 5);
        for (uint32_t i = 0; i < I; ++i) kernel[i] = "LCSD"[rng_below(&rng, 4)];
        kernel[I] = '\0';
        for (int u = 0; u < 4; ++u) sigma[u] = 1 + rng_below(&rng, 4);
        test_problem tp;
        tp_init(&tp, kernel, W, sigma, S);
        size_t len = (size_t)W * I;
        for (uint32_t w = 0; w < W; ++w)
            for (uint32_t i = 0; i < I; ++i) s[w * I + i] = w + 1;
        for (size_t k = len; k > 1; --k) { /* Fisher-Yates */
            size_t j = rng_below(&rng, (uint32_t)k);
            uint32_t t = s[k - 1];
            s[k - 1] = s[j];
            s[j] = t;
        }
        uint32_t m = decode_or_fail(tp.p, s, NULL, cycles), vm = 0;
        wsp_diag diag;
        wsp_bounds b;
        wsp_status st = wsp_schedule_validate(tp.p, cycles, len, vws, sizeof vws, &vm, &diag);
        CHECK_SEEDED(st == WSP_OK, seed, "instance %d (%s W=%u S=%u): %s", n, kernel, W, S, diag.message);
        CHECK_SEEDED(vm == m, seed, "instance %d: validator makespan %u, decoder %u", n, vm, m);
        assert_int_equal(wsp_bounds_compute(tp.p, &b, NULL), WSP_OK);
        CHECK_SEEDED(m <= b.upper, seed, "instance %d: makespan %u above the upper bound", n, m);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig2),
        cmocka_unit_test(test_fig5),
        cmocka_unit_test(test_scheduler_limit_and_sigma),
        cmocka_unit_test(test_bad_strings),
        cmocka_unit_test(test_workspace),
        cmocka_unit_test(test_property_random_strings),
    };
    return cmocka_run_group_tests_name("decoder", tests, NULL, NULL);
}
