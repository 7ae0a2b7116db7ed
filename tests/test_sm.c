/* Group: SM configuration: defaults, sigma as integer or 1/n, latency, normalisation (paper 003,
 * III-E), and every rejected value. */
#include "test_util.h"

typedef struct norm_case {
    const char *kernel;
    uint32_t units[4], latency[4], warp_size, schedulers;
    const char *normalised;
    uint32_t sigma[4];
    uint32_t copies[4];
} norm_case;

static const norm_case norms[] = {
    /* LC with 16 load/store units, 32 cores, warp 32 -> LLC (sigma_L = 1/2 becomes two L). */
    {"LC", {16, 32, 0, 0}, {0}, 32, 0, "LLC", {1, 1, 1, 1}, {2, 1, 1, 1}},
    /* 16 units of 32 with latency 4 -> every instruction becomes 8 (paper 003, III-E). */
    {"S", {0, 0, 16, 0}, {0, 0, 4, 0}, 32, 0, "SSSSSSSS", {1, 1, 1, 1}, {1, 1, 8, 1}},
    /* Voronoi: 32 L, 128 C, warp 32 -> sigma_L = 1, sigma_C = 4. */
    {"L5 C9 L2 C9", {32, 128, 0, 0}, {0}, 32, 4, "LLLLLCCCCCCCCCLLCCCCCCCCC", {1, 4, 1, 1},
     {1, 1, 1, 1}},
    /* Latency only: D with latency 2 and sigma 2. */
    {"DL", {0, 0, 0, 64}, {0, 0, 0, 2}, 32, 0, "DDL", {1, 1, 1, 2}, {1, 1, 1, 2}},
    /* All defaults: warp 32, units = warp size, sigma 1. */
    {"lcsd", {0}, {0}, 0, 0, "LCSD", {1, 1, 1, 1}, {1, 1, 1, 1}},
    /* Warp size 1: units are sigma directly. */
    {"LC", {3, 5, 0, 0}, {0}, 1, 0, "LC", {3, 5, 1, 1}, {1, 1, 1, 1}},
    /* sigma 1/4 with latency 3 -> 12 copies. */
    {"C", {0, 8, 0, 0}, {0, 3, 0, 0}, 32, 0, "CCCCCCCCCCCC", {1, 1, 1, 1}, {1, 12, 1, 1}},
};

static void test_normalisation(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof norms / sizeof norms[0]; ++k) {
        const norm_case *c = &norms[k];
        wsp_sm_config sm;
        uint64_t ws[64];
        wsp_problem *p;
        wsp_diag diag;
        memset(&sm, 0, sizeof sm);
        memcpy(sm.units, c->units, sizeof sm.units);
        memcpy(sm.latency, c->latency, sizeof sm.latency);
        sm.warp_size = c->warp_size;
        sm.schedulers = c->schedulers;
        wsp_status st = wsp_problem_init(c->kernel, 3, &sm, ws, sizeof ws, &p, &diag);
        if (st != WSP_OK) print_error("case %zu: %s\n", k, diag.message);
        assert_int_equal(st, WSP_OK);
        assert_string_equal(wsp_problem_kernel(p), c->normalised);
        assert_int_equal(wsp_problem_schedulers(p), c->schedulers);
        assert_int_equal(wsp_problem_warps(p), 3);
        uint32_t total = 0;
        for (int u = 0; u < 4; ++u) {
            assert_int_equal(wsp_problem_sigma(p, (uint32_t)u), c->sigma[u]);
            assert_int_equal(wsp_problem_copies(p, (uint32_t)u), c->copies[u]);
            total += wsp_problem_count(p, (uint32_t)u);
        }
        assert_int_equal(total, wsp_problem_length(p));
    }
}

static void test_sigma_fraction(void **state) {
    wsp_sm_config sm;
    uint64_t ws[64];
    wsp_problem *p;
    (void)state;
    memset(&sm, 0, sizeof sm);
    sm.units[WSP_UNIT_L] = 8;
    sm.units[WSP_UNIT_C] = 96;
    assert_int_equal(wsp_problem_init("LC", 1, &sm, ws, sizeof ws, &p, NULL), WSP_OK);
    assert_int_equal(wsp_problem_sigma_numerator(p, WSP_UNIT_L), 1);
    assert_int_equal(wsp_problem_sigma_denominator(p, WSP_UNIT_L), 4);
    assert_int_equal(wsp_problem_sigma_numerator(p, WSP_UNIT_C), 3);
    assert_int_equal(wsp_problem_sigma_denominator(p, WSP_UNIT_C), 1);
    /* A unit outside 0..3 and an invalid handle give 0. */
    assert_int_equal(wsp_problem_sigma_numerator(p, WSP_UNIT_COUNT), 0);
    assert_int_equal(wsp_problem_sigma_denominator(NULL, WSP_UNIT_L), 0);
    assert_int_equal(wsp_problem_unit_at(p, 0), WSP_UNIT_L);
    assert_int_equal(wsp_problem_unit_at(p, 4), WSP_UNIT_C);
}

typedef struct bad_case {
    uint32_t units[4], latency[4], warp_size, schedulers;
    wsp_status status;
    uint32_t field;
    int unit;
    const char *in_message;
} bad_case;

static const bad_case bads[] = {
    {{48, 0, 0, 0}, {0}, 32, 0, WSP_ERR_SIGMA, WSP_FIELD_UNITS, WSP_UNIT_L, "48 load/store units (L) / warp size 32"},
    {{0, 24, 0, 0}, {0}, 32, 0, WSP_ERR_SIGMA, WSP_FIELD_UNITS, WSP_UNIT_C, "neither an integer nor 1/n"},
    {{0, 0, 3, 0}, {0}, 32, 0, WSP_ERR_SIGMA, WSP_FIELD_UNITS, WSP_UNIT_S, "sigma of S"},
    {{0, 0, 0, 12}, {0}, 8, 0, WSP_ERR_SIGMA, WSP_FIELD_UNITS, WSP_UNIT_D, "sigma of D"},
    {{0, 0, 0, 0}, {0}, 2000, 0, WSP_ERR_RANGE, WSP_FIELD_WARP_SIZE, -1, "warp size = 2000 exceeds the maximum 1024"},
    {{0, 0, 0, 0}, {0}, 32, 5000, WSP_ERR_RANGE, WSP_FIELD_SCHEDULERS, -1, "schedulers = 5000"},
    {{70000 * 32u, 0, 0, 0}, {0}, 32, 0, WSP_ERR_RANGE, WSP_FIELD_UNITS, WSP_UNIT_L, "units of L = 2240000 exceeds the maximum 65536"},
    {{0, 0, 0, 0}, {0, 0, 2048, 0}, 32, 0, WSP_ERR_RANGE, WSP_FIELD_LATENCY, WSP_UNIT_S, "latency of S = 2048"},
    {{0xFFFFFFFFu, 0, 0, 0}, {0}, 32, 0, WSP_ERR_RANGE, WSP_FIELD_UNITS, WSP_UNIT_L, "exceeds the maximum"},
};

static void test_rejected_configs(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; ++k) {
        const bad_case *c = &bads[k];
        wsp_sm_config sm;
        uint64_t ws[64];
        wsp_problem *p;
        wsp_diag diag;
        size_t size = 7;
        memset(&sm, 0, sizeof sm);
        memcpy(sm.units, c->units, sizeof sm.units);
        memcpy(sm.latency, c->latency, sizeof sm.latency);
        sm.warp_size = c->warp_size;
        sm.schedulers = c->schedulers;
        wsp_status st = wsp_problem_init("LCSD", 2, &sm, ws, sizeof ws, &p, &diag);
        if (st != c->status || strstr(diag.message, c->in_message) == NULL)
            print_error("case %zu: status %d, message '%s'\n", k, st, diag.message);
        assert_int_equal(st, c->status);
        assert_int_equal(diag.field, c->field);
        assert_int_equal(diag.unit, c->unit);
        assert_non_null(strstr(diag.message, c->in_message));
        assert_int_equal(wsp_problem_workspace_size("LCSD", 2, &sm, &size, NULL), c->status);
        assert_int_equal(size, 0);
    }
}

/* Every reserved word of wsp_sm_config, one at a time: WSP_ERR_RESERVED naming its 1-based index. */
static void test_reserved_words(void **state) {
    (void)state;
    for (uint32_t k = 0; k < sizeof ((wsp_sm_config *)0)->reserved / sizeof(uint32_t); ++k) {
        wsp_sm_config sm;
        uint64_t ws[64];
        wsp_problem *p = (wsp_problem *)ws;
        wsp_diag diag;
        size_t size = 7;
        memset(&sm, 0, sizeof sm);
        sm.reserved[k] = 1u << k;
        assert_int_equal(wsp_problem_init("LC", 2, &sm, ws, sizeof ws, &p, &diag), WSP_ERR_RESERVED);
        assert_null(p);
        assert_int_equal(diag.status, WSP_ERR_RESERVED);
        assert_int_equal(diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(diag.index, k + 1);
        assert_int_equal(wsp_problem_workspace_size("LC", 2, &sm, &size, &diag), WSP_ERR_RESERVED);
        assert_int_equal(size, 0);
        assert_int_equal(diag.index, k + 1);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalisation),
        cmocka_unit_test(test_sigma_fraction),
        cmocka_unit_test(test_rejected_configs),
        cmocka_unit_test(test_reserved_words),
    };
    return cmocka_run_group_tests_name("sm", tests, NULL, NULL);
}
