/* Group: the kernel-string parser, through wsp_problem_init with sigma 1 and latency 1. */
#include "test_util.h"

typedef struct accept_case {
    const char *input;
    const char *normalised;
} accept_case;

static const accept_case accepts[] = {
    {"L", "L"},
    {"lcl", "LCL"},
    {"LcSd", "LCSD"},
    {"L5 C9 L2 C9", "LLLLLCCCCCCCCCLLCCCCCCCCC"},
    {"  l2\tc \n s3\r d ", "LLCSSSD"},
    {"L1C1", "LC"},
    {"C10", "CCCCCCCCCC"},
    {"L007", "LLLLLLL"},
};

static void test_accepts(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof accepts / sizeof accepts[0]; ++k) {
        uint64_t ws[64];
        wsp_problem *p = NULL;
        wsp_diag diag;
        wsp_status st = wsp_problem_init(accepts[k].input, 1, NULL, ws, sizeof ws, &p, &diag);
        if (st != WSP_OK) print_error("case %zu '%s': %s\n", k, accepts[k].input, diag.message);
        assert_int_equal(st, WSP_OK);
        assert_int_equal(diag.status, WSP_OK);
        assert_string_equal(wsp_problem_kernel(p), accepts[k].normalised);
        assert_int_equal(wsp_problem_length(p), strlen(accepts[k].normalised));
    }
}

typedef struct reject_case {
    const char *input;
    wsp_status status;
    size_t position;   /* 1-based column, 0 when none */
    int character;     /* -1 when none */
    const char *in_message;
} reject_case;

static const reject_case rejects[] = {
    {"", WSP_ERR_KERNEL_EMPTY, 0, -1, "no instruction"},
    {"   \t", WSP_ERR_KERNEL_EMPTY, 0, -1, "no instruction"},
    {"LXC", WSP_ERR_KERNEL_CHARACTER, 2, 'X', "'X' at position 2"},
    {"LC-", WSP_ERR_KERNEL_CHARACTER, 3, '-', "'-' at position 3"},
    {"L,C", WSP_ERR_KERNEL_CHARACTER, 2, ',', "position 2"},
    {"L\xc3\xa9", WSP_ERR_KERNEL_CHARACTER, 2, 0xc3, "byte 0xc3 at position 2"},
    {"5L", WSP_ERR_KERNEL_COUNT, 1, '5', "not directly after an instruction letter"},
    {"L 5", WSP_ERR_KERNEL_COUNT, 3, '5', "write L5, not L 5"},
    {"L0", WSP_ERR_KERNEL_COUNT, 2, '0', "repeat count 0"},
    {"C000", WSP_ERR_KERNEL_COUNT, 2, '0', "repeat count 0"},
    {"L1000001", WSP_ERR_KERNEL_COUNT, 2, '1', "exceeds 1000000"},
    {"L99999999999999999999999", WSP_ERR_KERNEL_COUNT, 2, '9', "exceeds"},
    {"L-1", WSP_ERR_KERNEL_CHARACTER, 2, '-', "position 2"},
};

static void test_rejects(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof rejects / sizeof rejects[0]; ++k) {
        uint64_t ws[64];
        wsp_problem *p = (wsp_problem *)ws;
        wsp_diag diag;
        size_t size = 99;
        const reject_case *c = &rejects[k];
        wsp_status st = wsp_problem_init(c->input, 1, NULL, ws, sizeof ws, &p, &diag);
        if (st != c->status) print_error("case %zu '%s': got %d (%s)\n", k, c->input, st, diag.message);
        assert_int_equal(st, c->status);
        assert_null(p);
        assert_int_equal(diag.status, c->status);
        assert_int_equal(diag.field, WSP_FIELD_KERNEL);
        assert_int_equal(diag.column, c->position);
        assert_int_equal(diag.index, 0);
        assert_int_equal(diag.character, c->character);
        if (strstr(diag.message, c->in_message) == NULL)
            print_error("case %zu: message '%s' lacks '%s'\n", k, diag.message, c->in_message);
        assert_non_null(strstr(diag.message, c->in_message));
        /* The size query reports the same error and a zero size. */
        assert_int_equal(wsp_problem_workspace_size(c->input, 1, NULL, &size, NULL), c->status);
        assert_int_equal(size, 0);
    }
}

static void test_null_kernel(void **state) {
    uint64_t ws[16];
    wsp_problem *p;
    wsp_diag diag;
    (void)state;
    assert_int_equal(wsp_problem_init(NULL, 1, NULL, ws, sizeof ws, &p, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.status, WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_KERNEL);
}

static void test_normalised_length_overflow(void **state) {
    /* 1000000 copies of an instruction with latency 1024 and sigma 1/1024 -> 1e12 > INT32_MAX. */
    wsp_sm_config sm;
    size_t size = 1;
    wsp_diag diag;
    (void)state;
    memset(&sm, 0, sizeof sm);
    sm.warp_size = 1024;
    sm.units[WSP_UNIT_D] = 1;
    sm.latency[WSP_UNIT_D] = 1024;
    assert_int_equal(wsp_problem_workspace_size("L D1000000", 1, &sm, &size, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(size, 0);
    assert_int_equal(diag.field, WSP_FIELD_KERNEL);
    assert_int_equal(diag.column, 3);
    assert_non_null(strstr(diag.message, "exceeds"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepts),
        cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_null_kernel),
        cmocka_unit_test(test_normalised_length_overflow),
    };
    return cmocka_run_group_tests_name("kernel", tests, NULL, NULL);
}
