/* Group: problem set-up: the size query, caller memory (one byte short, misaligned, NULL), the warp
 * count range, W*I overflow and the accessors on a bad handle. */
#include "test_util.h"

static void test_size_query_matches_macro(void **state) {
    size_t size = 0;
    (void)state;
    assert_int_equal(wsp_problem_workspace_size("L5 C9 L2 C9", 16, NULL, &size, NULL), WSP_OK);
    assert_true(size <= WSP_PROBLEM_WORKSPACE_SIZE(25));
    assert_true(size + 8 > WSP_PROBLEM_WORKSPACE_SIZE(25)); /* the macro is tight within a word */
}

static void test_workspace_exact_and_one_byte_short(void **state) {
    static uint64_t ws[64];
    size_t size = 0;
    wsp_problem *p = (wsp_problem *)ws;
    wsp_diag diag;
    (void)state;
    assert_int_equal(wsp_problem_workspace_size("LCL", 4, NULL, &size, NULL), WSP_OK);
    assert_true(size <= sizeof ws);
    assert_int_equal(wsp_problem_init("LCL", 4, NULL, ws, size - 1, &p, &diag), WSP_ERR_WORKSPACE_SIZE);
    assert_null(p);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_non_null(strstr(diag.message, "are needed"));
    assert_int_equal(wsp_problem_init("LCL", 4, NULL, ws, size, &p, &diag), WSP_OK);
    assert_string_equal(wsp_problem_kernel(p), "LCL");
}

static void test_workspace_misaligned_or_null(void **state) {
    static uint64_t ws[64];
    wsp_problem *p;
    wsp_diag diag;
    (void)state;
    assert_int_equal(wsp_problem_init("L", 1, NULL, (char *)ws + 4, sizeof ws - 4, &p, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_problem_init("L", 1, NULL, NULL, 1024, &p, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_problem_init("L", 1, NULL, ws, sizeof ws, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_problem_workspace_size("L", 1, NULL, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_OUTPUT);
    /* A NULL diag is allowed everywhere. */
    assert_int_equal(wsp_problem_init("L", 1, NULL, ws, 3, &p, NULL), WSP_ERR_WORKSPACE_SIZE);
}

static void test_warp_range_and_overflow(void **state) {
    static uint64_t ws[64];
    wsp_problem *p;
    wsp_diag diag;
    size_t size;
    (void)state;
    assert_int_equal(wsp_problem_init("L", 0, NULL, ws, sizeof ws, &p, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_WARPS);
    assert_non_null(strstr(diag.message, "warp count 0"));
    assert_int_equal(wsp_problem_init("L", WSP_MAX_WARPS + 1, NULL, ws, sizeof ws, &p, &diag),
                     WSP_ERR_RANGE);
    assert_int_equal(wsp_problem_init("L", WSP_MAX_WARPS, NULL, ws, sizeof ws, &p, &diag), WSP_OK);
    /* W*I = 65536 * 40000 > 2^31 - 1. */
    assert_int_equal(wsp_problem_workspace_size("L40000", WSP_MAX_WARPS, NULL, &size, &diag),
                     WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_WARPS);
    assert_non_null(strstr(diag.message, "W*I"));
}

static void test_bad_handle(void **state) {
    uint64_t junk[32];
    const wsp_problem *p = (const wsp_problem *)junk;
    wsp_bounds b;
    wsp_diag diag;
    size_t size = 5;
    (void)state;
    memset(junk, 0, sizeof junk);
    assert_int_equal(wsp_problem_length(p), 0);
    assert_int_equal(wsp_problem_warps(NULL), 0);
    assert_null(wsp_problem_kernel(p));
    assert_int_equal(wsp_problem_sigma(p, WSP_UNIT_L), 0);
    assert_int_equal(wsp_problem_unit_at(p, 0), 0);
    assert_int_equal(wsp_bounds_compute(p, &b, &diag), WSP_ERR_INVALID_HANDLE);
    assert_int_equal(diag.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_bounds_compute(NULL, &b, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_schedule_workspace_size(p, &size, &diag), WSP_ERR_INVALID_HANDLE);
    assert_int_equal(size, 0);
    assert_int_equal(diag.field, WSP_FIELD_PROBLEM);
}

static void test_workspace_is_relocatable(void **state) {
    static uint64_t a[64], b[64];
    wsp_problem *p;
    (void)state;
    assert_int_equal(wsp_problem_init("L2C", 2, NULL, a, sizeof a, &p, NULL), WSP_OK);
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
