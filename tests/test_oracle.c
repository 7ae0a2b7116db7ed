/* Group: the two exhaustive oracles agree (max over every pseudo-precedence string == max over every
 * work-conserving schedule), which is what makes the decoder a complete search space, and both
 * reproduce T(W) of the facts in docs/model.md. */
#include "test_util.h"

static void test_design_rows_by_oracle(void **state) {
    const uint32_t sigma_lll[4] = {2, 1, 1, 1};
    const uint32_t voronoi[4] = {1, 4, 1, 1};
    test_problem tp;
    (void)state;
    tp_init(&tp, "LLC", 4, NULL, 0);
    assert_int_equal(oracle_schedules(tp.p), 9);
    assert_int_equal(oracle_strings(tp.p), 9);
    tp_init(&tp, "LCL", 2, NULL, 0);
    assert_int_equal(oracle_schedules(tp.p), 4);
    assert_int_equal(oracle_strings(tp.p), 4);
    tp_init(&tp, "LCL", 4, NULL, 0);
    assert_int_equal(oracle_schedules(tp.p), 9);
    assert_int_equal(oracle_strings(tp.p), 9);
    tp_init(&tp, "LLL", 4, sigma_lll, 0);
    assert_int_equal(oracle_schedules(tp.p), 7);
    assert_int_equal(oracle_strings(tp.p), 7);
    tp_init(&tp, "L5 C9 L2 C9", 1, voronoi, 4);
    assert_int_equal(oracle_schedules(tp.p), 25);
    tp_init(&tp, "L5 C9 L2 C9", 2, voronoi, 4);
    assert_int_equal(oracle_schedules(tp.p), 31);
}

/* Under the sanitizers every 6th instance (every instance is still drawn: the same ones as in the
 * Release build). */
static void test_oracles_agree(void **state) {
    uint32_t seed = test_seed() ^ 0x04ac1eu;
    uint32_t rng = seed;
    const int step = WSP_TEST_SANITIZED ? 6 : 1;
    unsigned long checked = 0;
    (void)state;
    for (int n = 0; n < 300; ++n) {
        char kernel[8];
        uint32_t sigma[4];
        uint32_t I = 1 + rng_below(&rng, 4);
        uint32_t W = 1 + rng_below(&rng, I <= 2 ? 4 : 3);
        uint32_t S = rng_below(&rng, 5);
        for (uint32_t i = 0; i < I; ++i) kernel[i] = "LCSD"[rng_below(&rng, 4)];
        kernel[I] = '\0';
        for (int u = 0; u < 4; ++u) sigma[u] = 1 + rng_below(&rng, 4);
        if (n % step != 0) continue;
        ++checked;
        test_problem tp;
        tp_init(&tp, kernel, W, sigma, S);
        uint32_t a = oracle_schedules(tp.p), b = oracle_strings(tp.p);
        CHECK_SEEDED(a == b, seed, "instance %d: %s W=%u S=%u sigma=%u,%u,%u,%u: schedules %u strings %u",
                     n, kernel, W, S, sigma[0], sigma[1], sigma[2], sigma[3], a, b);
    }
    note_slice("oracles agree", checked, 300);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_rows_by_oracle),
        cmocka_unit_test(test_oracles_agree),
    };
    return cmocka_run_group_tests_name("oracle", tests, NULL, NULL);
}
