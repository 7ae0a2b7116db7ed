/* Group: the independent validator: it accepts the paper's schedules and rejects hand-made schedules
 * that break each rule, saying which rule, where and for which warp. */
#include "test_util.h"

typedef struct sched_case {
    const char *name;
    const char *kernel;
    uint32_t warps, sigma_l, schedulers;
    uint32_t cycles[12]; /* row-major: warp w, instruction i */
    wsp_status status;
    uint32_t warp, cycle; /* where the validator must point (0 = not checked) */
} sched_case;

static const sched_case cases[] = {
    /* Paper 003 Fig. 2 and Fig. 5 (LCL, sigma 1, W = 4). */
    {"fig2", "LCL", 4, 1, 0, {1, 2, 5, 2, 3, 6, 3, 4, 7, 4, 5, 8}, WSP_OK, 0, 0},
    {"fig5", "LCL", 4, 1, 0, {1, 2, 4, 2, 3, 5, 3, 4, 6, 7, 8, 9}, WSP_OK, 0, 0},
    /* Paper 003 Fig. 3: warp 1's last L moved to cycle 9 leaves cycle 5 idle while warps 1-3 wait. */
    {"fig3", "LCL", 4, 1, 0, {1, 2, 9, 2, 3, 6, 3, 4, 7, 4, 5, 8}, WSP_ERR_SCHEDULE_WORK_CONSERVATION, 1, 5},
    {"cycle0", "LCL", 2, 1, 0, {0, 2, 3, 1, 3, 4}, WSP_ERR_SCHEDULE_CYCLE, 1, 0},
    {"precedence-equal", "LCL", 2, 1, 0, {1, 1, 3, 2, 3, 4}, WSP_ERR_SCHEDULE_PRECEDENCE, 1, 1},
    {"precedence-back", "LCL", 2, 1, 0, {1, 3, 2, 2, 4, 5}, WSP_ERR_SCHEDULE_PRECEDENCE, 1, 2},
    {"capacity", "LCL", 2, 1, 0, {1, 2, 3, 1, 3, 4}, WSP_ERR_SCHEDULE_CAPACITY, 0, 1},
    {"capacity-sigma2", "LL", 3, 2, 0, {1, 2, 1, 2, 1, 2}, WSP_ERR_SCHEDULE_CAPACITY, 0, 1},
    {"schedulers", "LC", 2, 2, 1, {1, 2, 1, 3}, WSP_ERR_SCHEDULE_SCHEDULERS, 0, 1},
    /* sigma_L = 2 but only one L issues in cycle 1 while warp 2 waits. */
    {"work-conservation", "LL", 2, 2, 0, {1, 2, 2, 3}, WSP_ERR_SCHEDULE_WORK_CONSERVATION, 2, 1},
    /* An idle cycle in the middle (cycle 2). */
    {"idle", "LC", 1, 1, 0, {1, 3}, WSP_ERR_SCHEDULE_WORK_CONSERVATION, 1, 2},
    /* Starting late is an idle cycle 1. */
    {"late-start", "L", 1, 1, 0, {2}, WSP_ERR_SCHEDULE_WORK_CONSERVATION, 1, 1},
    /* With a scheduler limit reached, waiting beside spare unit capacity is allowed. */
    {"limit-reached", "LL", 2, 2, 1, {1, 2, 3, 4}, WSP_OK, 0, 0},
};

static void test_cases(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const sched_case *c = &cases[k];
        uint32_t sigma[4] = {c->sigma_l, 1, 1, 1};
        uint64_t ws[128];
        test_problem tp;
        wsp_diag diag;
        uint32_t makespan = 0;
        tp_init(&tp, c->kernel, c->warps, sigma, c->schedulers);
        size_t n = (size_t)c->warps * wsp_problem_length(tp.p);
        wsp_status st = wsp_schedule_validate(tp.p, c->cycles, n, ws, sizeof ws, &makespan, &diag);
        if (st != c->status) print_error("case %s: got %d: %s\n", c->name, st, diag.message);
        assert_int_equal(st, c->status);
        assert_int_equal(diag.status, c->status);
        assert_int_equal(diag.field, st == WSP_OK ? WSP_FIELD_NONE : WSP_FIELD_SCHEDULE);
        if (c->warp) assert_int_equal(diag.warp, c->warp);
        if (c->cycle) assert_int_equal(diag.cycle, c->cycle);
        if (st != WSP_OK) assert_true(strlen(diag.message) > 10);
        if (st != WSP_OK) assert_int_equal(makespan, 0);
    }
}

static void test_makespan_and_errors(void **state) {
    const uint32_t fig5[12] = {1, 2, 4, 2, 3, 5, 3, 4, 6, 7, 8, 9};
    uint64_t ws[256];
    test_problem tp;
    uint32_t m = 0;
    wsp_diag diag;
    (void)state;
    tp_init(&tp, "LCL", 4, NULL, 0);
    size_t need = schedule_size(tp.p);
    assert_true(need <= sizeof ws && need <= WSP_SCHEDULE_WORKSPACE_SIZE(4, 3));
    assert_int_equal(wsp_schedule_validate(tp.p, fig5, 12, ws, need, &m, &diag), WSP_OK);
    assert_int_equal(m, 9);
    assert_int_equal(wsp_schedule_validate(tp.p, fig5, 12, ws, need - 1, &m, &diag), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(m, 0);
    assert_int_equal(wsp_schedule_validate(tp.p, fig5, 11, ws, need, &m, &diag), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(diag.field, WSP_FIELD_SCHEDULE);
    assert_int_equal(wsp_schedule_validate(tp.p, NULL, 12, ws, need, &m, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_SCHEDULE);
    assert_int_equal(wsp_schedule_validate(tp.p, fig5, 12, (char *)ws + 2, need, &m, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_makespan_and_errors),
    };
    return cmocka_run_group_tests_name("validator", tests, NULL, NULL);
}
