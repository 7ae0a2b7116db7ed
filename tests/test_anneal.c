/* Group anneal: the simulated annealing estimator (paper 003) through the public API. Soundness
 * against the exhaustive schedule oracle on hundreds of random instances (never above T(W), the
 * witness decodes to the result), quality with default settings (at least 95% of small random
 * instances reach T(W)), the paper's initial solutions against its figures, determinism, progress and
 * cancellation, and every error path. */
#include "test_util.h"

static uint64_t ws[1 << 16];
static uint32_t witness[4096];

typedef struct run {
    wsp_status status;
    wsp_anneal_result r;
    wsp_diag diag;
} run;

static run anneal(const wsp_problem *p, const wsp_anneal_options *o) {
    run x;
    size_t size = anneal_size(p);
    assert_true(size <= sizeof ws);
    size_t n = (size_t)wsp_problem_warps(p) * wsp_problem_length(p);
    x.status = wsp_anneal_run(p, o, ws, size, witness, n, &x.r, &x.diag);
    return x;
}

/* A random instance the schedule oracle can enumerate (as in test_exact). */
static void random_instance(uint32_t *rng, test_problem *tp, char *kernel, uint32_t *W, wsp_sm_config *sm) {
    for (;;) {
        uint32_t len = 1 + rng_below(rng, 4), I;
        uint64_t vectors = 1;
        random_sm(rng, sm);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
        kernel[len] = '\0';
        *W = 2 + rng_below(rng, 5);
        tp_init_sm(tp, kernel, *W, sm);
        I = wsp_problem_length(tp->p);
        for (uint32_t w = 0; w < *W; ++w) vectors *= I + 1;
        if (I <= 10 && vectors <= (1u << 20)) return;
    }
}

/* Never above T(W); the witness decodes to the result and is a permutation with I of each warp. Under
 * the sanitizers every 6th instance (all are drawn: the same ones as in the Release build). */
static void test_sound_against_oracle(void **state) {
    (void)state;
    uint32_t seed = test_seed() ^ 0xa11ea1u, rng = seed;
    const int step = WSP_TEST_SANITIZED ? 6 : 1;
    unsigned long checked = 0;
    for (int k = 0; k < 300; ++k) {
        test_problem tp;
        char kernel[8];
        uint32_t W;
        wsp_sm_config sm;
        random_instance(&rng, &tp, kernel, &W, &sm);
        wsp_anneal_options o;
        memset(&o, 0, sizeof o);
        o.iterations = 1 + rng_below(&rng, 20000);
        o.seed = rng_next(&rng);
        o.policy = (uint32_t)rng_below(&rng, WSP_POLICY_COUNT);
        o.moves = (uint32_t)rng_below(&rng, 2);
        o.window = rng_below(&rng, 4);
        o.t0 = rng_below(&rng, 3) == 0 ? WSP_ANNEAL_T0_ZERO : rng_below(&rng, 200000);
        if (k % step != 0) continue;
        ++checked;
        uint32_t T = oracle_schedules(tp.p);
        run x = anneal(tp.p, &o);
        CHECK_SEEDED(x.status == WSP_OK, seed, "instance %d: %s", k, x.diag.message);
        CHECK_SEEDED(x.r.lower <= T, seed, "instance %d: %s W=%u: anneal %u above T(W) = %u", k, kernel,
                     W, x.r.lower, T);
        CHECK_SEEDED(x.r.initial <= x.r.lower && x.r.lower <= x.r.upper, seed, "instance %d: order", k);
        CHECK_SEEDED(decode_or_fail(tp.p, witness, NULL, NULL) == x.r.lower, seed,
                     "instance %d: the witness does not decode to the result", k);
        /* No budget, no callback: it ran all its iterations, or stopped early at the proven bound. */
        CHECK_SEEDED(x.r.stop == WSP_STOP_FINISHED, seed, "instance %d: stop %u", k, x.r.stop);
        CHECK_SEEDED(x.r.iterations == o.iterations || (x.r.lower == x.r.upper && x.r.lower == T) || W < 2,
                     seed, "instance %d: stopped after %llu of %llu iterations below the bound", k,
                     (unsigned long long)x.r.iterations, (unsigned long long)o.iterations);
    }
    note_slice("anneal sound against the oracle", checked, 300);
}

/* Default settings, one run each: T(W) on at least 95% of small random instances. */
static void test_quality_with_defaults(void **state) {
    (void)state;
#ifdef WSP_SANITIZED_BUILD
    const int count = 6; /* 2e6 iterations per run are slow under the sanitizers; the release build runs 100 */
#else
    const int count = 100;
#endif
    uint32_t seed = test_seed() ^ 0x95u, rng = seed;
    int hits = 0;
    for (int k = 0; k < count; ++k) {
        test_problem tp;
        char kernel[8];
        uint32_t W;
        wsp_sm_config sm;
        random_instance(&rng, &tp, kernel, &W, &sm);
        uint32_t T = oracle_schedules(tp.p);
        run x = anneal(tp.p, NULL);
        assert_int_equal(x.status, WSP_OK);
        assert_true(x.r.lower <= T);
        if (x.r.lower == T)
            ++hits;
        else
            print_message("seed %u instance %d: %s W=%u S=%u: anneal %u, T(W) %u\n", seed, k, kernel, W,
                          sm.schedulers, x.r.lower, T);
    }
    note_slice("anneal quality with defaults", (unsigned long)count, 100);
    print_message("anneal with defaults reached T(W) on %d of %d instances\n", hits, count);
    CHECK_SEEDED(hits * 100 >= count * 95, seed, "only %d of %d reached T(W)", hits, count);
}

static void test_design_rows(void **state) {
    (void)state;
    for (size_t k = 0; k < design_row_count; ++k) {
        const design_row *d = &design_rows[k];
        test_problem tp;
        wsp_anneal_options o;
        uint32_t best = 0;
        memset(&o, 0, sizeof o);
        o.iterations = 300000;
        tp_init(&tp, d->kernel, d->warps, d->sigma, d->schedulers);
        /* A multi-start over the initial solutions, as paper 003 recommends: the best of them. */
        for (int init = 0; init < WSP_POLICY_COUNT && best < d->T; ++init) {
            o.policy = (uint32_t)init;
            run x = anneal(tp.p, &o);
            assert_int_equal(x.status, WSP_OK);
            assert_true(x.r.lower <= d->T);
            if (x.r.lower > best) best = x.r.lower;
        }
        if (best != d->T) {
            print_error("row %zu %s W=%u: anneal %u, T(W) %u\n", k, d->kernel, (unsigned)d->warps,
                        (unsigned)best, (unsigned)d->T);
            fail();
        }
    }
}

/* Paper 003 Fig. 6 (fixed priority) and Fig. 7 (most pending warp first): kernel LCCL, three warps,
 * sigma_L = sigma_C = 1. Rows: warps; entries: the cycle of each instruction. */
static void test_paper_initial_solutions(void **state) {
    (void)state;
    static const struct {
        uint32_t init;
        uint32_t cycles[12];
        uint32_t makespan;
    } rows[] = {
        {WSP_POLICY_FIXED_PRIORITY, {1, 2, 3, 4, 2, 4, 5, 6, 3, 6, 7, 8}, 8},
        {WSP_POLICY_MOST_PENDING, {1, 2, 4, 5, 2, 3, 6, 7, 3, 5, 7, 8}, 8},
        {WSP_POLICY_ROUND_ROBIN, {1, 2, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}, 0},
    };
    test_problem tp;
    tp_init(&tp, "LCCL", 3, NULL, 0);
    size_t size = schedule_size(tp.p);
    for (size_t r = 0; r < 2; ++r) {
        uint32_t got[12];
        assert_int_equal(wsp_schedule_dispatch(tp.p, rows[r].init, 0, ws, size, witness, 12, NULL), WSP_OK);
        assert_int_equal(decode_or_fail(tp.p, witness, NULL, got), rows[r].makespan);
        for (int k = 0; k < 12; ++k)
            if (got[k] != rows[r].cycles[k]) {
                print_error("init %d: warp %d instruction %d at cycle %u, the paper's figure says %u\n",
                            (int)rows[r].init, k / 4 + 1, k % 4 + 1, got[k], rows[r].cycles[k]);
                fail();
            }
    }
    /* The string patterns of section VI-A and VI-B. */
    assert_int_equal(wsp_schedule_dispatch(tp.p, WSP_POLICY_ROUND_ROBIN, 0, ws, size, witness, 12, NULL), WSP_OK);
    for (int k = 0; k < 12; ++k) assert_int_equal(witness[k], k % 3 + 1);
    assert_int_equal(wsp_schedule_dispatch(tp.p, WSP_POLICY_FIXED_PRIORITY, 0, ws, size, witness, 12, NULL), WSP_OK);
    for (int k = 0; k < 12; ++k) assert_int_equal(witness[k], k / 4 + 1);
}

/* Every initial solution is a valid string (each warp I times) that decodes, on random instances. */
static void test_initial_solutions_valid(void **state) {
    (void)state;
    uint32_t seed = test_seed() ^ 0x1417u, rng = seed;
    for (int k = 0; k < 200; ++k) {
        test_problem tp;
        wsp_sm_config sm;
        char kernel[12];
        uint32_t len = 1 + rng_below(&rng, 8), W = 1 + rng_below(&rng, 12), count[16] = {0};
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(&rng, 4)];
        kernel[len] = '\0';
        random_sm(&rng, &sm);
        tp_init_sm(&tp, kernel, W, &sm);
        uint32_t I = wsp_problem_length(tp.p);
        size_t size = anneal_size(tp.p), n = (size_t)W * I;
        assert_true(size <= sizeof ws && n <= 4096);
        for (int init = 0; init < WSP_POLICY_COUNT; ++init) {
            memset(count, 0, sizeof count);
            assert_int_equal(wsp_schedule_dispatch(tp.p, (uint32_t)init, rng, ws, size, witness, n, NULL), WSP_OK);
            for (size_t j = 0; j < n; ++j) {
                CHECK_SEEDED(witness[j] >= 1 && witness[j] <= W, seed, "instance %d init %d", k, init);
                ++count[witness[j] - 1];
            }
            for (uint32_t w = 0; w < W; ++w)
                CHECK_SEEDED(count[w] == I, seed, "instance %d init %d: warp %u occurs %u times", k, init, w + 1, count[w]);
            (void)decode_or_fail(tp.p, witness, NULL, NULL);
        }
        /* The compile-time size is an upper bound of the size query. */
        CHECK_SEEDED(size <= WSP_ANNEAL_WORKSPACE_SIZE(W, I), seed, "instance %d: size %zu > macro %zu", k,
                     size, (size_t)WSP_ANNEAL_WORKSPACE_SIZE(W, I));
    }
}

static void test_deterministic(void **state) {
    (void)state;
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    static uint32_t first[4096];
    tp_init(&tp, "L5 C9 L2 C9", 6, sigma, 4);
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    o.iterations = 30000;
    o.seed = 7;
    o.policy = WSP_POLICY_RANDOM;
    run a = anneal(tp.p, &o);
    memcpy(first, witness, 150 * sizeof *witness);
    run b = anneal(tp.p, &o);
    assert_int_equal(a.status, WSP_OK);
    assert_int_equal(a.r.lower, b.r.lower);
    assert_int_equal(a.r.accepted, b.r.accepted);
    assert_int_equal(a.r.best_iteration, b.r.best_iteration);
    assert_memory_equal(first, witness, 150 * sizeof *witness);
    o.seed = 8;
    run c = anneal(tp.p, &o);
    assert_true(c.r.accepted != a.r.accepted || memcmp(first, witness, 150 * sizeof *witness) != 0);
}

typedef struct watch {
    int calls, improvements, stop_after;
    uint32_t answer; /* returned from the stop_after-th call on */
    uint32_t best, current_min;
    uint64_t last_iteration;
    int current_fell;
} watch;

static uint32_t on_progress(void *context, const wsp_progress *p) {
    watch *w = (watch *)context;
    ++w->calls;
    if (p->improved) {
        assert_int_equal(p->improved, 1);
        assert_true(p->lower > w->best);
        assert_int_equal(p->lower, p->current);
        ++w->improvements;
    } else {
        assert_true(p->lower >= w->best);
    }
    assert_true(p->lower <= p->upper);
    assert_int_equal(p->stored, 0); /* exact-only fields */
    assert_int_equal(p->capacity, 0);
    if (w->calls > 1 && p->current < w->current_min) w->current_fell = 1;
    w->current_min = p->current;
    assert_true(p->work >= w->last_iteration);
    w->last_iteration = p->work;
    w->best = p->lower;
    return w->stop_after != 0 && w->calls >= w->stop_after ? w->answer : 0;
}

static void test_progress_and_cancel(void **state) {
    (void)state;
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&tp, "L5 C9 L2 C9", 8, sigma, 4);
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    watch w;
    memset(&w, 0, sizeof w);
    o.iterations = 50000;
    o.policy = WSP_POLICY_FIXED_PRIORITY; /* far from the worst: improvements are certain */
    o.control.progress = on_progress;
    o.control.context = &w;
    o.control.interval = 1000;
    run x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_OK);
    assert_int_equal(x.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(x.r.iterations, 50000);
    assert_true(w.improvements >= 1);
    assert_int_equal(w.best, x.r.lower);
    assert_true(w.calls >= 50);
    /* Stop at the third call: a valid witness of what was found so far; the callback's answer says
       why (TIME as TIME, any other non-zero value as CANCELLED). */
    {
        static const uint32_t answers[][2] = {{1, WSP_STOP_CANCELLED},
                                              {WSP_STOP_TIME, WSP_STOP_TIME},
                                              {WSP_STOP_BUDGET, WSP_STOP_CANCELLED},
                                              {WSP_STOP_CANCELLED, WSP_STOP_CANCELLED},
                                              {12345, WSP_STOP_CANCELLED}};
        for (size_t k = 0; k < sizeof answers / sizeof answers[0]; ++k) {
            memset(&w, 0, sizeof w);
            w.stop_after = 3;
            w.answer = answers[k][0];
            x = anneal(tp.p, &o);
            assert_int_equal(x.status, WSP_OK);
            assert_int_equal(x.r.stop, answers[k][1]);
            assert_true(x.r.iterations < 50000);
            assert_int_equal(decode_or_fail(tp.p, witness, NULL, NULL), x.r.lower);
        }
    }
}

/* A simulated dispatch (most pending, least progress, starve) costs O(W) per cycle: with many warps
 * the callback is asked during it too (issue 18: a time budget at W = 65536). Stopped there, the
 * string is completed warp by warp and still decodes; without a stop, the string is the policy's. */
static void test_initial_solution_stops(void **state) {
    (void)state;
    test_problem tp;
    const uint32_t sigma[4] = {1, 1, 1, 1};
    const uint32_t W = 2048; /* about 2 M warp visits in all: the dispatch asks at least once */
    tp_init(&tp, "LL", W, sigma, 0);
    static const uint32_t policies[] = {WSP_POLICY_MOST_PENDING, WSP_POLICY_LEAST_PROGRESS, WSP_POLICY_STARVE};
    for (size_t k = 0; k < sizeof policies / sizeof policies[0]; ++k) {
        wsp_anneal_options o;
        memset(&o, 0, sizeof o);
        watch w;
        memset(&w, 0, sizeof w);
        o.iterations = 100;
        o.policy = policies[k];
        o.control.progress = on_progress;
        o.control.context = &w;
        w.stop_after = 1;
        w.answer = WSP_STOP_TIME;
        run x = anneal(tp.p, &o);
        assert_int_equal(x.status, WSP_OK);
        /* TIME, or FINISHED where the completed string already meets the proven bound (here every
           work-conserving schedule takes 2W cycles) */
        assert_true(x.r.stop == WSP_STOP_TIME || (x.r.stop == WSP_STOP_FINISHED && x.r.lower == x.r.upper));
        assert_int_equal(x.r.iterations, 0);
        assert_true(w.calls >= 1); /* the dispatch asked */
        assert_int_equal(decode_or_fail(tp.p, witness, NULL, NULL), x.r.lower);
        static uint32_t stopped[2 * 2048];
        memcpy(stopped, witness, sizeof stopped);
        /* Not stopped: the same string as wsp_schedule_dispatch writes for the policy. */
        static uint32_t dispatched[2 * 2048];
        size_t size = 0;
        assert_int_equal(wsp_schedule_workspace_size(tp.p, &size, NULL), WSP_OK);
        assert_true(size <= sizeof ws);
        assert_int_equal(wsp_schedule_dispatch(tp.p, policies[k], 0, ws, size, dispatched, 2 * W, NULL), WSP_OK);
        /* the stopped string is not the policy's: the stop completed it warp by warp */
        assert_true(memcmp(stopped, dispatched, sizeof dispatched) != 0);
        memset(&w, 0, sizeof w);
        o.iterations = 1;
        x = anneal(tp.p, &o);
        assert_int_equal(x.status, WSP_OK);
        assert_int_equal(x.r.initial, decode_or_fail(tp.p, dispatched, NULL, NULL));
        assert_true(w.calls >= 1);
    }
}

/* A budget in candidates stops the run before its iterations (BUDGET), after exactly the budget;
 * a budget of at least the iterations changes nothing. */
static void test_budget(void **state) {
    (void)state;
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    wsp_anneal_options o;
    tp_init(&tp, "L5 C9 L2 C9", 8, sigma, 4);
    memset(&o, 0, sizeof o);
    o.iterations = 20000;
    o.policy = WSP_POLICY_FIXED_PRIORITY;
    o.seed = 3;
    run full = anneal(tp.p, &o);
    assert_int_equal(full.status, WSP_OK);
    assert_int_equal(full.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(full.r.iterations, 20000);
    o.control.budget = 777;
    run part = anneal(tp.p, &o);
    assert_int_equal(part.status, WSP_OK);
    assert_int_equal(part.r.stop, WSP_STOP_BUDGET);
    assert_int_equal(part.r.iterations, 777);
    assert_true(part.r.lower <= full.r.lower);
    assert_int_equal(decode_or_fail(tp.p, witness, NULL, NULL), part.r.lower);
    o.control.budget = 20000;
    run same = anneal(tp.p, &o);
    assert_int_equal(same.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(same.r.lower, full.r.lower);
    assert_int_equal(same.r.accepted, full.r.accepted);
}

/* T0 = 0 (Eq. 3 with T = 0): a worse candidate is never accepted, so the current makespan never
 * falls between two progress calls made every iteration. */
static void test_zero_temperature_never_worsens(void **state) {
    (void)state;
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&tp, "L5 C9 L2 C9", 6, sigma, 4);
    wsp_anneal_options o;
    watch w;
    memset(&o, 0, sizeof o);
    memset(&w, 0, sizeof w);
    o.iterations = 5000;
    o.t0 = WSP_ANNEAL_T0_ZERO;
    o.policy = WSP_POLICY_RANDOM;
    o.control.progress = on_progress;
    o.control.context = &w;
    o.control.interval = 1;
    run x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_OK);
    assert_false(w.current_fell);
    /* With the default T0 = 0.3 the current makespan does fall at times. */
    memset(&w, 0, sizeof w);
    o.t0 = 0;
    x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_OK);
    assert_true(w.current_fell);
}

static void test_stops_at_proven_bound_and_single_warp(void **state) {
    (void)state;
    test_problem tp;
    tp_init(&tp, "LLL", 4, NULL, 0); /* sigma 1: every schedule is 12 cycles = the trivial bound */
    run x = anneal(tp.p, NULL);
    assert_int_equal(x.status, WSP_OK);
    assert_int_equal(x.r.stop, WSP_STOP_FINISHED);
    assert_int_equal(x.r.lower, 12);
    assert_int_equal(x.r.upper, 12);
    assert_int_equal(x.r.iterations, 0);
    tp_init(&tp, "LCSD", 1, NULL, 0); /* one warp: one string, nothing to swap */
    x = anneal(tp.p, NULL);
    assert_int_equal(x.status, WSP_OK);
    assert_int_equal(x.r.lower, 4);
    assert_int_equal(x.r.iterations, 0);
}

static void test_initial_string_option(void **state) {
    (void)state;
    test_problem tp;
    tp_init(&tp, "LCL", 2, NULL, 0);
    uint32_t good[6] = {1, 1, 1, 2, 2, 2}, bad_warp[6] = {1, 1, 1, 2, 2, 3}, bad_count[6] = {1, 1, 1, 1, 2, 2};
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    o.initial = good;
    o.initial_length = 6;
    o.iterations = 10;
    run x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_OK);
    assert_int_equal(x.r.initial, decode_or_fail(tp.p, good, NULL, NULL));
    o.initial = bad_warp;
    x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_ERR_WITNESS_WARP);
    assert_int_equal(x.diag.field, WSP_FIELD_INITIAL);
    assert_int_equal(x.diag.index, 6);
    assert_int_equal(x.diag.warp, 3);
    o.initial = bad_count;
    x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_ERR_WITNESS_COUNT);
    assert_int_equal(x.diag.field, WSP_FIELD_INITIAL);
    assert_int_equal(x.diag.index, 4);
    o.initial = good;
    o.initial_length = 5;
    x = anneal(tp.p, &o);
    assert_int_equal(x.status, WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(x.diag.field, WSP_FIELD_INITIAL);
}

static void test_errors(void **state) {
    (void)state;
    test_problem tp;
    wsp_anneal_result r;
    wsp_diag d;
    wsp_anneal_options o;
    tp_init(&tp, "LCL", 2, NULL, 0);
    size_t size = anneal_size(tp.p), query = 9;
    uint64_t fake[32] = {0};
    memset(&o, 0, sizeof o);
    assert_int_equal(wsp_anneal_run(NULL, NULL, ws, size, witness, 6, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, ws, size, NULL, 6, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, ws, size, witness, 6, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, NULL, size, witness, 6, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_anneal_run((const wsp_problem *)fake, NULL, ws, size, witness, 6, &r, &d),
                     WSP_ERR_INVALID_HANDLE);
    assert_int_equal(d.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_anneal_workspace_size(NULL, &query, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(query, 0);
    query = 9;
    assert_int_equal(wsp_anneal_workspace_size((const wsp_problem *)fake, &query, &d), WSP_ERR_INVALID_HANDLE);
    assert_int_equal(query, 0);
    assert_int_equal(wsp_anneal_workspace_size(tp.p, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, ws, size, witness, 5, &r, &d), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, ws, size - 1, witness, 6, &r, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_anneal_run(tp.p, NULL, (char *)ws + 4, size, witness, 6, &r, &d), WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    o.policy = (uint32_t)WSP_POLICY_COUNT;
    assert_int_equal(wsp_anneal_run(tp.p, &o, ws, size, witness, 6, &r, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_POLICY);
    assert_non_null(strstr(d.message, "initial solution kind"));
    o.policy = WSP_POLICY_ROUND_ROBIN;
    o.moves = (uint32_t)2;
    assert_int_equal(wsp_anneal_run(tp.p, &o, ws, size, witness, 6, &r, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_MOVES);
    assert_non_null(strstr(d.message, "neighbourhood"));
    size = schedule_size(tp.p);
    assert_int_equal(wsp_schedule_dispatch(tp.p, (uint32_t)99, 0, ws, size, witness, 6, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_POLICY);
    assert_int_equal(wsp_schedule_dispatch(tp.p, WSP_POLICY_RANDOM, 0, ws, size, witness, 7, &d),
                     WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_schedule_dispatch(tp.p, WSP_POLICY_RANDOM, 0, ws, size, NULL, 6, &d),
                     WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_schedule_dispatch(tp.p, WSP_POLICY_RANDOM, 0, ws, size - 1, witness, 6, &d),
                     WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_schedule_dispatch(NULL, WSP_POLICY_RANDOM, 0, ws, size, witness, 6, &d),
                     WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PROBLEM);
}

/* Every reserved word of the options: control's (1..4), then the options' own (5..12). The result
 * is zeroed. */
static void test_reserved_words(void **state) {
    (void)state;
    test_problem tp;
    wsp_anneal_options o;
    const uint32_t n_control = sizeof o.control.reserved / sizeof o.control.reserved[0];
    const uint32_t n_own = sizeof o.reserved / sizeof o.reserved[0];
    tp_init(&tp, "LCL", 2, NULL, 0);
    for (uint32_t k = 0; k < n_control + n_own; ++k) {
        wsp_anneal_result zero;
        memset(&o, 0, sizeof o);
        if (k < n_control)
            o.control.reserved[k] = 2;
        else
            o.reserved[k - n_control] = 1;
        run x = anneal(tp.p, &o);
        assert_int_equal(x.status, WSP_ERR_RESERVED);
        assert_int_equal(x.diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(x.diag.index, k + 1);
        memset(&zero, 0, sizeof zero);
        assert_memory_equal(&x.r, &zero, sizeof zero);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sound_against_oracle),
        cmocka_unit_test(test_quality_with_defaults),
        cmocka_unit_test(test_design_rows),
        cmocka_unit_test(test_paper_initial_solutions),
        cmocka_unit_test(test_initial_solutions_valid),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_progress_and_cancel),
        cmocka_unit_test(test_zero_temperature_never_worsens),
        cmocka_unit_test(test_stops_at_proven_bound_and_single_warp),
        cmocka_unit_test(test_initial_string_option),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_initial_solution_stops),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_reserved_words),
    };
    return cmocka_run_group_tests_name("anneal", tests, NULL, NULL);
}
