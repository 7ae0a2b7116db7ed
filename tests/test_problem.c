/* Group: problem set-up: the size query, caller memory (one byte short, misaligned, NULL), the warp
 * count range, W*I overflow and the accessors on a bad handle. */
#include "test_util.h"

static void test_size_query_matches_macro(void **state) {
    size_t size = 0;
    (void)state;
    assert_int_equal(wsp_problem_workspace_size("L5 C9 L2 C9", 16, NULL, &size, NULL), WSP_OK);
    assert_int_equal(size, WSP_PROBLEM_WORKSPACE_SIZE(25));
}

static void test_workspace_exact_and_one_byte_short(void **state) {
    static uint64_t ws[64];
    size_t size = 0;
    wsp_problem *p = (wsp_problem *)ws;
    wsp_diag diag;
    (void)state;
    assert_int_equal(wsp_problem_workspace_size("LCL", 4, NULL, &size, NULL), WSP_OK);
    assert_true(size <= sizeof ws);
    assert_int_equal(wsp_problem_init(ws, size - 1, "LCL", 4, NULL, &p, &diag), WSP_ERR_WORKSPACE_SIZE);
    assert_null(p);
    assert_non_null(strstr(diag.message, "are needed"));
    assert_int_equal(wsp_problem_init(ws, size, "LCL", 4, NULL, &p, &diag), WSP_OK);
    assert_string_equal(wsp_problem_kernel(p), "LCL");
}

static void test_workspace_misaligned_or_null(void **state) {
    static uint64_t ws[64];
    wsp_problem *p;
    wsp_diag diag;
    (void)state;
    assert_int_equal(wsp_problem_init((char *)ws + 4, sizeof ws - 4, "L", 1, NULL, &p, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(wsp_problem_init(NULL, 1024, "L", 1, NULL, &p, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_problem_init(ws, sizeof ws, "L", 1, NULL, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_problem_workspace_size("L", 1, NULL, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    /* A NULL diag is allowed everywhere. */
    assert_int_equal(wsp_problem_init(ws, 3, "L", 1, NULL, &p, NULL), WSP_ERR_WORKSPACE_SIZE);
}

static void test_warp_range_and_overflow(void **state) {
    static uint64_t ws[64];
    wsp_problem *p;
    wsp_diag diag;
    size_t size;
    (void)state;
    assert_int_equal(wsp_problem_init(ws, sizeof ws, "L", 0, NULL, &p, &diag), WSP_ERR_RANGE);
    assert_non_null(strstr(diag.message, "warp count 0"));
    assert_int_equal(wsp_problem_init(ws, sizeof ws, "L", WSP_MAX_WARPS + 1, NULL, &p, &diag),
                     WSP_ERR_RANGE);
    assert_int_equal(wsp_problem_init(ws, sizeof ws, "L", WSP_MAX_WARPS, NULL, &p, &diag), WSP_OK);
    /* W*I = 65536 * 40000 > 2^31 - 1. */
    assert_int_equal(wsp_problem_workspace_size("L40000", WSP_MAX_WARPS, NULL, &size, &diag),
                     WSP_ERR_OVERFLOW);
    assert_non_null(strstr(diag.message, "W*I"));
}

static void test_bad_handle(void **state) {
    uint64_t junk[32];
    const wsp_problem *p = (const wsp_problem *)junk;
    wsp_bounds b;
    (void)state;
    memset(junk, 0, sizeof junk);
    assert_int_equal(wsp_problem_length(p), 0);
    assert_int_equal(wsp_problem_warps(NULL), 0);
    assert_string_equal(wsp_problem_kernel(p), "");
    assert_int_equal(wsp_problem_sigma(p, WSP_UNIT_L), 0);
    assert_int_equal(wsp_bounds_compute(p, &b), WSP_ERR_INVALID_HANDLE);
    assert_int_equal(wsp_bounds_compute(NULL, &b), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_decode_workspace_size(p), 0);
    assert_int_equal(wsp_validate_workspace_size(NULL), 0);
}

static void test_workspace_is_relocatable(void **state) {
    static uint64_t a[64], b[64];
    wsp_problem *p;
    (void)state;
    assert_int_equal(wsp_problem_init(a, sizeof a, "L2C", 2, NULL, &p, NULL), WSP_OK);
    memcpy(b, a, sizeof a);
    memset(a, 0, sizeof a);
    p = (wsp_problem *)b;
    assert_string_equal(wsp_problem_kernel(p), "LLC");
    assert_int_equal(wsp_problem_warps(p), 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_query_matches_macro),
        cmocka_unit_test(test_workspace_exact_and_one_byte_short),
        cmocka_unit_test(test_workspace_misaligned_or_null),
        cmocka_unit_test(test_warp_range_and_overflow),
        cmocka_unit_test(test_bad_handle),
        cmocka_unit_test(test_workspace_is_relocatable),
    };
    return cmocka_run_group_tests_name("problem", tests, NULL, NULL);
}
