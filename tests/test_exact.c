/* Group exact: the exact solver equals both exhaustive oracles and every fact of docs/model.md;
 * the safe bound is never below the T(W) it finds; budgets, memory limits and cancellation give
 * honest brackets with valid witnesses; every error path reports, never crashes. */
#include "test_util.h"

typedef struct solved {
    wsp_status status;
    wsp_exact_result r;
    uint32_t witness[4096];
} solved;

/* Solves with a table for `states` states (0 = the minimal workspace); checks the witness
 * independently of the solver: it must decode to r.lower and pass the validator. */
static void solve(const wsp_problem *p, const wsp_exact_options *o, uint64_t states, solved *out) {
    size_t n = exact_size(p, states);
    size_t cells = (size_t)wsp_problem_warps(p) * wsp_problem_length(p);
    void *ws;
    wsp_diag diag;
    assert_true(n > 0);
    assert_true(cells <= 4096);
    ws = malloc(n); /* malloc aligns for any scalar type: at least WSP_WORKSPACE_ALIGN */
    assert_non_null(ws);
    out->status = wsp_exact_solve(p, o, ws, n, out->witness, cells, &out->r, &diag);
    free(ws);
    if (out->status != WSP_OK) return;
    {
        static uint32_t cycles[4096];
        static uint64_t vws[1 << 12];
        uint32_t m = decode_or_fail(p, out->witness, NULL, cycles), vm = 0;
        assert_int_equal(m, out->r.lower);
        assert_true(schedule_size(p) <= sizeof vws);
        assert_int_equal(wsp_schedule_validate(p, cycles, cells, vws, sizeof vws, &vm, NULL), WSP_OK);
        assert_int_equal(vm, m);
    }
    assert_true(out->r.lower <= out->r.upper);
}

static uint32_t exact_value(const wsp_problem *p) {
    static solved s;
    wsp_bounds b;
    solve(p, NULL, 100000, &s);
    assert_int_equal(s.status, WSP_OK);
    assert_int_equal(s.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(s.r.lower, s.r.upper);
    /* the proof of the safe bound, checked on every instance the tests solve */
    assert_int_equal(wsp_bounds_compute(p, &b, NULL), WSP_OK);
    assert_true(b.upper >= s.r.lower);
    return s.r.lower;
}

static void test_design_rows(void **state) {
    (void)state;
    for (size_t k = 0; k < design_row_count; ++k) {
        const design_row *r = &design_rows[k];
        test_problem tp;
        tp_init(&tp, r->kernel, r->warps, r->sigma, r->schedulers);
        uint32_t t = exact_value(tp.p);
        if (t != r->T) {
            print_error("row %zu: %s W=%u: exact %u, docs/model.md says %u\n", k, r->kernel,
                        (unsigned)r->warps, (unsigned)t, (unsigned)r->T);
            fail();
        }
    }
}

/* A random instance whose normalised kernel has at most max_length instructions and W*I at most
 * max_cells: random sigma (fractional too), latencies and scheduler limits. */
static void random_instance(uint32_t *rng, uint32_t max_length, uint32_t max_warps, uint32_t max_cells,
                            test_problem *tp, char *kernel, uint32_t *W, wsp_sm_config *sm) {
    for (;;) {
        uint32_t len = 1 + rng_below(rng, 3);
        random_sm(rng, sm);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
        kernel[len] = '\0';
        *W = 1 + rng_below(rng, max_warps);
        tp_init_sm(tp, kernel, *W, sm);
        uint32_t I = wsp_problem_length(tp->p);
        uint64_t vectors = 1; /* the schedule oracle's memo: (I+1)^W */
        for (uint32_t w = 0; w < *W; ++w) vectors *= I + 1;
        if (I <= max_length && *W * I <= max_cells && vectors <= (1u << 21)) return;
    }
}

/* `count` random instances within the limits; the exact solver must equal `oracle` on each. */
static void agree_with(uint32_t (*oracle)(const wsp_problem *), const char *name, uint32_t salt,
                       int count, uint32_t max_length, uint32_t max_warps, uint32_t max_cells) {
    uint32_t seed = test_seed() ^ salt;
    uint32_t rng = seed;
    for (int n = 0; n < count; ++n) {
        test_problem tp;
        char kernel[8];
        uint32_t W;
        wsp_sm_config sm;
        random_instance(&rng, max_length, max_warps, max_cells, &tp, kernel, &W, &sm);
        uint32_t expected = oracle(tp.p), exact = exact_value(tp.p);
        CHECK_SEEDED(expected == exact, seed,
                     "instance %d: %s W=%u units=%u,%u,%u,%u latency=%u,%u,%u,%u S=%u: %s %u exact %u",
                     n, kernel, W, sm.units[0], sm.units[1], sm.units[2], sm.units[3], sm.latency[0],
                     sm.latency[1], sm.latency[2], sm.latency[3], sm.schedulers, name, expected, exact);
    }
}

/* Under the sanitizers the oracle loops take the first instances: a quarter against the schedule
 * oracle, a sixteenth against the (slower) string oracle (the Release build runs them all; the
 * sanitizers look for memory and UB errors, which the first instances already exercise). */
#ifdef WSP_SANITIZED_BUILD
#define ORACLE_INSTANCES(n, part) ((n) / (part))
#else
#define ORACLE_INSTANCES(n, part) (n)
#endif

static void test_agrees_with_string_oracle(void **state) {
    (void)state;
    agree_with(oracle_strings, "strings", 0xe8ac7u, ORACLE_INSTANCES(320, 16), 4, 4, 12);
    note_slice("exact against the string oracle", ORACLE_INSTANCES(320, 16), 320);
}

static void test_agrees_with_schedule_oracle(void **state) {
    (void)state;
    agree_with(oracle_schedules, "schedules", 0x5c4edu, ORACLE_INSTANCES(300, 4), 8, 6, 40);
    note_slice("exact against the schedule oracle", ORACLE_INSTANCES(300, 4), 300);
}

static void voronoi(test_problem *tp, uint32_t W) {
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(tp, "L5 C9 L2 C9", W, sigma, 4);
}

static void test_expansion_budget(void **state) {
    static solved s;
    test_problem tp;
    wsp_exact_options o;
    (void)state;
    voronoi(&tp, 7); /* T(7) = 87; W = 6 settles within 10000 states since the run-entry bound */
    for (uint64_t budget = 1; budget <= 10000; budget *= 10) {
        memset(&o, 0, sizeof o);
        o.control.budget = budget;
        solve(tp.p, &o, 1000000, &s);
        assert_int_equal(s.status, WSP_OK);
        assert_int_equal(s.r.stop, WSP_STOP_BUDGET);
        assert_true(s.r.lower <= 87 && s.r.upper >= 87);
        assert_true(s.r.expanded <= budget);
    }
}

static void test_memory_limit(void **state) {
    static solved s;
    test_problem tp;
    (void)state;
    voronoi(&tp, 6);
    solve(tp.p, NULL, 0, &s); /* the minimal workspace: a handful of states */
    assert_int_equal(s.status, WSP_OK);
    assert_int_equal(s.r.stop, WSP_STOP_MEMORY);
    assert_true(s.r.lower <= 78 && s.r.upper >= 78);
    assert_true(s.r.stored <= s.r.capacity);
}

typedef struct progress_log {
    int calls;
    int stop_after;
    uint32_t answer; /* returned from the stop_after-th call on */
    int bad;
} progress_log;

static uint32_t on_progress(void *context, const wsp_progress *pr) {
    progress_log *log = (progress_log *)context;
    ++log->calls;
    if (pr->lower > pr->upper || pr->stored > pr->capacity || pr->work == 0 || pr->current != pr->upper ||
        pr->improved != 0 || pr->budget != 0 || pr->work % 100 != 0)
        log->bad = 1;
    for (int k = 0; k < 4; ++k)
        if (pr->reserved[k] != 0) log->bad = 1;
    return log->calls >= log->stop_after ? log->answer : 0;
}

static void test_progress_and_cancel(void **state) {
    static solved s;
    test_problem tp;
    wsp_exact_options o;
    progress_log log = {0, 3, 1, 0};
    /* The callback's answer and the stop it gives: TIME as TIME, any other non-zero as CANCELLED. */
    static const uint32_t answers[][2] = {{1, WSP_STOP_CANCELLED},
                                          {WSP_STOP_TIME, WSP_STOP_TIME},
                                          {WSP_STOP_MEMORY, WSP_STOP_CANCELLED},
                                          {WSP_STOP_CANCELLED, WSP_STOP_CANCELLED},
                                          {0xFFFFFFFFu, WSP_STOP_CANCELLED}};
    (void)state;
    voronoi(&tp, 6);
    memset(&o, 0, sizeof o);
    o.control.progress = on_progress;
    o.control.context = &log;
    o.control.interval = 100;
    for (size_t k = 0; k < sizeof answers / sizeof answers[0]; ++k) {
        log.calls = 0;
        log.answer = answers[k][0];
        solve(tp.p, &o, 1000000, &s);
        assert_int_equal(s.status, WSP_OK);
        assert_int_equal(s.r.stop, answers[k][1]);
        assert_int_equal(log.calls, 3);
        assert_int_equal(log.bad, 0);
        assert_int_equal(s.r.expanded, 300);
        assert_true(s.r.lower <= 78 && s.r.upper >= 78);
    }

    log.calls = 0;
    log.stop_after = 1 << 30; /* never stops: the solver must still finish */
    solve(tp.p, &o, 1000000, &s);
    assert_int_equal(s.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(s.r.lower, 78);
    assert_true(log.calls > 0);
    assert_int_equal(log.bad, 0);
}

static void test_initial_schedule(void **state) {
    static solved first, second;
    test_problem tp;
    wsp_exact_options o;
    (void)state;
    voronoi(&tp, 5);
    solve(tp.p, NULL, 100000, &first);
    assert_int_equal(first.r.lower, 65);
    /* Starting from T(W) the solver only has to prove it: the answer and witness are the same. */
    memset(&o, 0, sizeof o);
    o.initial = first.witness;
    o.initial_length = 5 * 25;
    solve(tp.p, &o, 100000, &second);
    assert_int_equal(second.status, WSP_OK);
    assert_int_equal(second.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(second.r.lower, 65);
    assert_true(second.r.expanded <= first.r.expanded);
    /* and a budget of one expansion still returns the caller's lower bound, witnessed */
    o.control.budget = 1;
    solve(tp.p, &o, 100000, &second);
    assert_int_equal(second.r.stop, WSP_STOP_BUDGET);
    assert_int_equal(second.r.lower, 65);
    assert_memory_equal(second.witness, first.witness, 5 * 25 * sizeof(uint32_t));
}

/* The table starts at 2^16 entries and grows into the buffer. Voronoi W = 7 (T = 87) stores more
 * than that within 300000 expansions: with room for a million states it rehashes and keeps every
 * entry; with room for 100000 the growth cannot rehash, empties the table and goes on (the lost
 * bounds are re-derived). Either way the bracket must hold T and the witness must be valid (solve()
 * checks it). The benchmark shows the answers stay exact through growth (W = 7 and 8). */
static void test_table_growth(void **state) {
    static solved s;
    test_problem tp;
    wsp_exact_options o;
    (void)state;
    voronoi(&tp, 7);
    memset(&o, 0, sizeof o);
    o.control.budget = 300000;
    solve(tp.p, &o, 1000000, &s);
    assert_int_equal(s.status, WSP_OK);
    assert_int_equal(s.r.stop, WSP_STOP_BUDGET);
    assert_true(s.r.capacity > 65536 && s.r.stored > 57344);
    assert_true(s.r.lower <= 87 && s.r.upper >= 87);
    solve(tp.p, &o, 100000, &s);
    assert_int_equal(s.status, WSP_OK);
    assert_true(s.r.stop == WSP_STOP_BUDGET || s.r.stop == WSP_STOP_MEMORY);
    assert_true(s.r.capacity > 65536);
    assert_true(s.r.lower <= 87 && s.r.upper >= 87);
}

static void test_deterministic(void **state) {
    static solved a, b;
    test_problem tp;
    (void)state;
    voronoi(&tp, 5);
    solve(tp.p, NULL, 100000, &a);
    solve(tp.p, NULL, 100000, &b);
    assert_memory_equal(&a.r, &b.r, sizeof a.r);
    assert_memory_equal(a.witness, b.witness, 5 * 25 * sizeof(uint32_t));
}

static void test_errors(void **state) {
    static uint64_t ws[1 << 16];
    static uint32_t witness[64], bad[64];
    test_problem tp;
    wsp_exact_result r;
    wsp_exact_options o;
    wsp_diag diag;
    const uint32_t sigma[4] = {1, 1, 1, 1};
    (void)state;
    tp_init(&tp, "LCL", 4, sigma, 0);
    size_t need = exact_size(tp.p, 0), size = 5;
    assert_true(need <= sizeof ws);
    assert_int_equal(wsp_exact_workspace_size(NULL, 0, &size, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(size, 0);
    assert_int_equal(diag.field, WSP_FIELD_PROBLEM);
    /* a table that cannot exist: the size does not fit, and the size is 0 */
    size = 5;
    assert_int_equal(wsp_exact_workspace_size(tp.p, UINT64_MAX, &size, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(size, 0);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    size = 5;
    assert_int_equal(wsp_exact_workspace_size(tp.p, UINT64_MAX / 8, &size, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(size, 0);

    assert_int_equal(wsp_exact_solve(NULL, NULL, ws, sizeof ws, witness, 12, &r, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, sizeof ws, NULL, 12, &r, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, sizeof ws, witness, 12, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_exact_solve(tp.p, NULL, NULL, sizeof ws, witness, 12, &r, &diag), WSP_ERR_NULL_ARGUMENT);
    {
        uint64_t junk[32];
        memset(junk, 0, sizeof junk);
        assert_int_equal(wsp_exact_solve((const wsp_problem *)junk, NULL, ws, sizeof ws, witness, 12, &r, &diag),
                         WSP_ERR_INVALID_HANDLE);
    }
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, sizeof ws, witness, 11, &r, &diag), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(diag.field, WSP_FIELD_WITNESS);
    assert_non_null(strstr(diag.message, "W*I = 12"));
    /* one byte short of the minimum, and misaligned */
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, need - 1, witness, 12, &r, &diag), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(wsp_exact_solve(tp.p, NULL, (char *)ws + 4, need, witness, 12, &r, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    /* exactly the minimum works */
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, need, witness, 12, &r, &diag), WSP_OK);
    assert_int_equal(diag.status, WSP_OK);

    /* a caller's schedule that is not a pseudo-precedence string of this problem */
    memset(&o, 0, sizeof o);
    o.initial = bad;
    o.initial_length = 11;
    assert_int_equal(wsp_exact_solve(tp.p, &o, ws, sizeof ws, witness, 12, &r, &diag), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(diag.field, WSP_FIELD_INITIAL);
    o.initial_length = 12;
    for (int k = 0; k < 12; ++k) bad[k] = 1 + (uint32_t)k % 4;
    bad[5] = 9;
    assert_int_equal(wsp_exact_solve(tp.p, &o, ws, sizeof ws, witness, 12, &r, &diag), WSP_ERR_WITNESS_WARP);
    assert_int_equal(diag.field, WSP_FIELD_INITIAL);
    assert_int_equal(diag.index, 6);
    assert_int_equal(diag.warp, 9);
    bad[5] = 1; /* warp 1 now four times: its fourth is position 9 */
    assert_int_equal(wsp_exact_solve(tp.p, &o, ws, sizeof ws, witness, 12, &r, &diag), WSP_ERR_WITNESS_COUNT);
    assert_int_equal(diag.field, WSP_FIELD_INITIAL);
    assert_int_equal(diag.index, 9);
}

/* Every reserved word of the options, control's included (1..4), then the options' own (5..12). */
static void test_reserved_words(void **state) {
    static uint64_t ws[1 << 12];
    static uint32_t witness[64];
    test_problem tp;
    wsp_exact_result r;
    wsp_exact_options o;
    wsp_diag diag;
    const uint32_t n_control = sizeof o.control.reserved / sizeof o.control.reserved[0];
    const uint32_t n_own = sizeof o.reserved / sizeof o.reserved[0];
    (void)state;
    assert_int_equal(n_control, 4);
    assert_int_equal(n_own, 8);
    tp_init(&tp, "LCL", 4, NULL, 0);
    for (uint32_t k = 0; k < n_control + n_own; ++k) {
        memset(&o, 0, sizeof o);
        if (k < n_control)
            o.control.reserved[k] = 1;
        else
            o.reserved[k - n_control] = 0x80000000u;
        memset(&r, 0xAB, sizeof r);
        assert_int_equal(wsp_exact_solve(tp.p, &o, ws, sizeof ws, witness, 12, &r, &diag), WSP_ERR_RESERVED);
        assert_int_equal(diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(diag.index, k + 1);
        {
            wsp_exact_result zero;
            memset(&zero, 0, sizeof zero);
            assert_memory_equal(&r, &zero, sizeof r);
        }
    }
}

int main(void) {
    const char *only = getenv("WSP_TEST_FILTER"); /* e.g. WSP_TEST_FILTER=test_errors */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_rows),
        cmocka_unit_test(test_agrees_with_string_oracle),
        cmocka_unit_test(test_agrees_with_schedule_oracle),
        cmocka_unit_test(test_expansion_budget),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_progress_and_cancel),
        cmocka_unit_test(test_initial_schedule),
        cmocka_unit_test(test_table_growth),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_reserved_words),
    };
    if (only != NULL) cmocka_set_test_filter(only);
    return cmocka_run_group_tests_name("exact", tests, NULL, NULL);
}
