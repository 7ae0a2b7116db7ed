/* Group jobs: the host's job runners (wsp_host_exact_run, wsp_host_anneal_run) with
 * wsp_host_run_options: results independent of the thread count and equal to the core's own calls,
 * the monitor, per-job errors in the job (the call succeeds), the deadline of the call (running jobs
 * stop with TIME and their best, jobs not started are skipped with TIME), a job's own time budget, a
 * caller's progress callback forwarded with its stop reason, and the job's reserved words. No test
 * depends on how fast the machine is: the time budgets are far shorter than the jobs they stop. */
#include "test_util.h"

#include "warpspan_host.h"

static test_problem lcl2, lcl3, lcl4, voronoi12;
static uint32_t witness[3][64 * 25];

static int setup(void **state) {
    const uint32_t voronoi_sigma[4] = {1, 4, 1, 1};
    (void)state;
    tp_init(&lcl2, "LCL", 2, NULL, 0);
    tp_init(&lcl3, "LCL", 3, NULL, 0);
    tp_init(&lcl4, "LCL", 4, NULL, 0);
    tp_init(&voronoi12, "L5 C9 L2 C9", 12, voronoi_sigma, 4); /* minutes for the exact solver */
    return 0;
}

static wsp_host_exact_job exact_job(const wsp_problem *p, uint32_t *w) {
    wsp_host_exact_job j;
    memset(&j, 0, sizeof j);
    j.problem = p;
    j.memory = 4u << 20;
    j.witness = w;
    j.witness_length = (uint64_t)wsp_problem_warps(p) * wsp_problem_length(p);
    return j;
}

typedef struct monitor_log {
    int calls;
    wsp_host_monitor_status last;
} monitor_log;

static void monitor(void *context, const wsp_host_monitor_status *s) {
    monitor_log *log = (monitor_log *)context;
    ++log->calls;
    log->last = *s;
}

static void test_exact_jobs(void **state) {
    const wsp_problem *problems[3];
    static const uint32_t T[3] = {4, 7, 9}; /* LCL, sigma 1: docs/model.md and the oracle */
    (void)state;
    problems[0] = lcl2.p;
    problems[1] = lcl3.p;
    problems[2] = lcl4.p;
    for (uint32_t threads = 1; threads <= 3; threads += 2) {
        wsp_host_exact_job jobs[3];
        wsp_host_run_options o;
        monitor_log log;
        wsp_diag d;
        uint64_t work = 0;
        memset(&o, 0, sizeof o);
        memset(&log, 0, sizeof log);
        o.threads = threads;
        o.monitor = monitor;
        o.context = &log;
        for (int k = 0; k < 3; ++k) jobs[k] = exact_job(problems[k], witness[k]);
        assert_int_equal(wsp_host_exact_run(jobs, 3, &o, &d), WSP_OK);
        assert_int_equal(d.status, WSP_OK);
        for (int k = 0; k < 3; ++k) {
            assert_int_equal(jobs[k].status, WSP_OK);
            assert_int_equal(jobs[k].diag.status, WSP_OK);
            assert_int_equal(jobs[k].result.stop, WSP_STOP_FINISHED);
            assert_int_equal(jobs[k].result.lower, T[k]);
            assert_int_equal(jobs[k].result.upper, T[k]);
            assert_int_equal(decode_or_fail(problems[k], witness[k], NULL, NULL), T[k]);
            work += jobs[k].result.expanded;
        }
        /* The monitor's last call sums every job. */
        assert_true(log.calls >= 1);
        assert_int_equal(log.last.count, 3);
        assert_int_equal(log.last.finished, 3);
        assert_int_equal(log.last.lower, 9);
        assert_int_equal(log.last.work, work);
    }
}

/* The same result as wsp_exact_solve with the same memory, on one thread. */
static void test_exact_job_equals_core(void **state) {
    static uint64_t ws[(4u << 20) / 8];
    wsp_host_exact_job job = exact_job(lcl4.p, witness[0]);
    wsp_host_run_options o;
    wsp_exact_result r;
    uint32_t w[12];
    (void)state;
    memset(&o, 0, sizeof o);
    o.threads = 1;
    assert_int_equal(wsp_host_exact_run(&job, 1, &o, NULL), WSP_OK);
    assert_int_equal(wsp_exact_solve(lcl4.p, NULL, ws, sizeof ws, w, 12, &r, NULL), WSP_OK);
    assert_int_equal(job.result.lower, r.lower);
    assert_int_equal(job.result.expanded, r.expanded);
    assert_int_equal(job.result.probes, r.probes);
    assert_memory_equal(witness[0], w, sizeof w);
}

/* One job on several threads (host/exact/parallel_exact.cpp: helpers that share the table): T(W),
 * the stop reason and the witness equal the core's for every thread count, with the table growing by
 * rehashing (64 MiB) and, at its last growth, by emptying itself (3 MiB). The instances store about
 * 150,000 and 370,000 states (the first table holds 57,344; their C-runs of two lengths, or a
 * scheduler limit below sigma_C, keep the run-entry bound out). A work budget runs single-threaded. */
static void test_exact_job_threads(void **state) {
    static const struct {
        const char *kernel;
        uint32_t warps, schedulers;
        uint64_t memory;
    } cases[] = {
        {"LCL", 4, 0, 4u << 20},
#ifdef WSP_SANITIZED_BUILD
        {"L3 C5 L2 C4", 6, 4, 64u << 20},
        {"L3 C5 L2 C4", 6, 4, 3u << 20},
#else
        {"L4 C6 L2 C5", 7, 4, 64u << 20},
        {"L4 C6 L2 C5", 7, 4, 3u << 20},
        {"L5 C9 L2 C9", 6, 3, 64u << 20},
#endif
    };
    const uint32_t sigma[4] = {1, 4, 1, 1};
    static uint32_t core_witness[7 * 25], job_witness[7 * 25];
    (void)state;
    if (WSP_TEST_SANITIZED)
        print_message("exact job threads: a slice under the sanitizers, smaller instances (L3 C5 L2 C4, W = 6) than "
                      "the Release build's\n");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        test_problem tp;
        tp_init(&tp, cases[c].kernel, cases[c].warps, sigma, cases[c].schedulers);
        const uint64_t cells = (uint64_t)wsp_problem_warps(tp.p) * wsp_problem_length(tp.p);
        void *ws = calloc(1, (size_t)cases[c].memory);
        wsp_exact_result core;
        assert_non_null(ws);
        assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, (size_t)cases[c].memory, core_witness, (size_t)cells, &core,
                                         NULL),
                         WSP_OK);
        free(ws);
        for (uint32_t threads = 1; threads <= 3; ++threads) {
            wsp_host_exact_job job = exact_job(tp.p, job_witness);
            wsp_host_run_options o;
            memset(&o, 0, sizeof o);
            o.threads = threads;
            job.memory = cases[c].memory;
            assert_int_equal(wsp_host_exact_run(&job, 1, &o, NULL), WSP_OK);
            if (job.result.stop != core.stop || job.result.lower != core.lower || job.result.upper != core.upper)
                fail_msg("%s W=%u memory %llu threads %u: stop %u [%u, %u], core stop %u [%u, %u]", cases[c].kernel,
                         cases[c].warps, (unsigned long long)cases[c].memory, threads, job.result.stop,
                         job.result.lower, job.result.upper, core.stop, core.lower, core.upper);
            assert_memory_equal(job_witness, core_witness, (size_t)cells * sizeof(uint32_t));
            if (threads == 1) assert_int_equal(job.result.expanded, core.expanded);
            /* With a work budget the expansions are the core's, whatever the thread count. */
            job = exact_job(tp.p, job_witness);
            job.memory = cases[c].memory;
            job.options.control.budget = 1000;
            assert_int_equal(wsp_host_exact_run(&job, 1, &o, NULL), WSP_OK);
            assert_int_equal(job.result.expanded, core.expanded < 1000 ? core.expanded : 1000);
        }
    }
}

/* An error of one job is that job's: the call succeeds, the others run. */
static void test_job_errors(void **state) {
    wsp_host_exact_job jobs[2];
    wsp_host_anneal_job a[2];
    wsp_diag d;
    (void)state;
    jobs[0] = exact_job(NULL, witness[0]);
    jobs[1] = exact_job(lcl3.p, witness[1]);
    jobs[1].witness_length = 5;
    assert_int_equal(wsp_host_exact_run(jobs, 2, NULL, &d), WSP_OK);
    assert_int_equal(jobs[0].status, WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(jobs[0].diag.field, WSP_FIELD_PROBLEM);
    assert_int_equal(jobs[1].status, WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(jobs[1].diag.field, WSP_FIELD_WITNESS);
    memset(a, 0, sizeof a);
    a[0].problem = lcl2.p;
    a[0].witness = witness[0];
    a[0].witness_length = 6;
    a[0].options.policy = 77;
    a[1].problem = lcl2.p;
    a[1].witness = witness[1];
    a[1].witness_length = 6;
    a[1].options.iterations = 100;
    assert_int_equal(wsp_host_anneal_run(a, 2, NULL, &d), WSP_OK);
    assert_int_equal(a[0].status, WSP_ERR_RANGE);
    assert_int_equal(a[0].diag.field, WSP_FIELD_POLICY);
    assert_int_equal(a[1].status, WSP_OK);
    assert_int_equal(a[1].result.lower, 4);
    /* No jobs at all is fine. */
    assert_int_equal(wsp_host_exact_run(NULL, 0, NULL, &d), WSP_OK);
    assert_int_equal(wsp_host_anneal_run(NULL, 0, NULL, &d), WSP_OK);
}

/* A job's reserved words follow its options' twelve: 13..20 in the job's diag; the call names the
 * job and runs nothing. */
static void test_job_reserved(void **state) {
    (void)state;
    for (uint32_t k = 0; k < 8; ++k) {
        wsp_host_exact_job jobs[2];
        wsp_diag d;
        jobs[0] = exact_job(lcl2.p, witness[0]);
        jobs[1] = exact_job(lcl2.p, witness[1]);
        jobs[0].result.lower = 0xDEAD;
        jobs[1].reserved[k] = 1;
        assert_int_equal(wsp_host_exact_run(jobs, 2, NULL, &d), WSP_ERR_RESERVED);
        assert_int_equal(d.field, WSP_FIELD_JOB);
        assert_int_equal(d.index, 2);
        assert_int_equal(jobs[1].status, WSP_ERR_RESERVED);
        assert_int_equal(jobs[1].diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(jobs[1].diag.index, 13 + k);
        assert_int_equal(jobs[0].result.lower, 0xDEAD); /* nothing ran */
    }
    /* The options' reserved words are the core's: 1..12, in the job's diag. */
    {
        wsp_host_exact_job job = exact_job(lcl2.p, witness[0]);
        job.options.reserved[7] = 1;
        assert_int_equal(wsp_host_exact_run(&job, 1, NULL, NULL), WSP_OK);
        assert_int_equal(job.status, WSP_ERR_RESERVED);
        assert_int_equal(job.diag.index, 12);
    }
    /* The run options': reserved0 is 1, reserved[k] is k + 2. */
    for (uint32_t k = 0; k < 9; ++k) {
        wsp_host_exact_job job = exact_job(lcl2.p, witness[0]);
        wsp_host_run_options o;
        wsp_diag d;
        memset(&o, 0, sizeof o);
        if (k == 0)
            o.reserved0 = 1;
        else
            o.reserved[k - 1] = 1;
        assert_int_equal(wsp_host_exact_run(&job, 1, &o, &d), WSP_ERR_RESERVED);
        assert_int_equal(d.field, WSP_FIELD_RESERVED);
        assert_int_equal(d.index, k + 1);
        assert_int_equal(wsp_host_anneal_run(NULL, 0, &o, &d), WSP_ERR_RESERVED);
        assert_int_equal(d.index, k + 1);
    }
}

/* The call's time budget: the running job stops with TIME and its best bracket; the jobs not started
 * are skipped (status OK, stop TIME, nothing done). A job's own budget works alike. */
static void test_deadlines(void **state) {
    wsp_host_exact_job jobs[3];
    wsp_host_run_options o;
    (void)state;
    memset(&o, 0, sizeof o);
    o.threads = 1;
    o.seconds = 0.05;
    for (int k = 0; k < 3; ++k) {
        jobs[k] = exact_job(voronoi12.p, witness[k]);
        jobs[k].memory = 0; /* 64 MiB: the time runs out, not the memory */
    }
    assert_int_equal(wsp_host_exact_run(jobs, 3, &o, NULL), WSP_OK);
    assert_int_equal(jobs[0].status, WSP_OK);
    assert_int_equal(jobs[0].result.stop, WSP_STOP_TIME);
    assert_true(jobs[0].result.lower > 0 && jobs[0].result.lower <= jobs[0].result.upper);
    assert_int_equal(decode_or_fail(voronoi12.p, witness[0], NULL, NULL), jobs[0].result.lower);
    for (int k = 1; k < 3; ++k) {
        assert_int_equal(jobs[k].status, WSP_OK);
        assert_int_equal(jobs[k].result.stop, WSP_STOP_TIME);
        assert_int_equal(jobs[k].result.expanded, 0);
        assert_int_equal(jobs[k].result.lower, 0);
    }
    jobs[0] = exact_job(voronoi12.p, witness[0]);
    jobs[0].memory = 0;
    jobs[0].seconds = 0.05;
    assert_int_equal(wsp_host_exact_run(jobs, 1, NULL, NULL), WSP_OK);
    assert_int_equal(jobs[0].result.stop, WSP_STOP_TIME);
    {
        wsp_host_anneal_job a[3];
        memset(a, 0, sizeof a);
        for (int k = 0; k < 3; ++k) {
            a[k].problem = voronoi12.p;
            a[k].witness = witness[k];
            a[k].witness_length = 12 * 25;
            a[k].options.iterations = 1000000000; /* hours */
            a[k].options.policy = WSP_POLICY_RANDOM;
        }
        assert_int_equal(wsp_host_anneal_run(a, 3, &o, NULL), WSP_OK);
        assert_int_equal(a[0].status, WSP_OK);
        assert_int_equal(a[0].result.stop, WSP_STOP_TIME);
        assert_true(a[0].result.iterations > 0 && a[0].result.lower > 0);
        for (int k = 1; k < 3; ++k) {
            assert_int_equal(a[k].status, WSP_OK);
            assert_int_equal(a[k].result.stop, WSP_STOP_TIME);
            assert_int_equal(a[k].result.iterations, 0);
            assert_int_equal(a[k].result.lower, 0);
        }
    }
}

/* A caller's progress callback runs on the worker thread at its own interval; its answer stops the
 * job with the reason it gives. */
typedef struct counter {
    int calls;
    uint32_t answer;
} counter;

static uint32_t count_calls(void *context, const wsp_progress *p) {
    counter *c = (counter *)context;
    (void)p;
    return ++c->calls == 2 ? c->answer : 0;
}

static void test_progress_forwarded(void **state) {
    static const uint32_t answers[][2] = {{WSP_STOP_TIME, WSP_STOP_TIME}, {5, WSP_STOP_CANCELLED}};
    (void)state;
    for (size_t k = 0; k < 2; ++k) {
        counter c = {0, answers[k][0]};
        wsp_host_exact_job job = exact_job(voronoi12.p, witness[0]);
        wsp_host_anneal_job a;
        job.options.control.progress = count_calls;
        job.options.control.context = &c;
        job.options.control.interval = 1000;
        assert_int_equal(wsp_host_exact_run(&job, 1, NULL, NULL), WSP_OK);
        assert_int_equal(job.status, WSP_OK);
        assert_int_equal(c.calls, 2);
        assert_int_equal(job.result.stop, answers[k][1]);
        assert_int_equal(job.result.expanded, 2000);
        c.calls = 0;
        memset(&a, 0, sizeof a);
        a.problem = voronoi12.p;
        a.witness = witness[0];
        a.witness_length = 12 * 25;
        a.options.iterations = 1000000000;
        a.options.control.progress = count_calls;
        a.options.control.context = &c;
        assert_int_equal(wsp_host_anneal_run(&a, 1, NULL, NULL), WSP_OK);
        assert_int_equal(a.status, WSP_OK);
        assert_int_equal(a.result.stop, answers[k][1]);
    }
}

/* Annealing jobs give what wsp_anneal_run gives with the same options, whatever the thread count;
 * on_best reports every improvement and then, last, the initial solution (iteration 0). */
typedef struct best_log {
    int calls;
    uint64_t last_iteration;
    uint32_t last_best;
} best_log;

static void on_best(void *context, uint64_t iteration, double seconds, uint32_t best) {
    best_log *log = (best_log *)context;
    (void)seconds;
    ++log->calls;
    log->last_iteration = iteration;
    log->last_best = best;
}

static void test_anneal_jobs(void **state) {
    static uint64_t ws[1 << 15];
    const test_problem *tp = &voronoi12;
    (void)state;
    for (uint32_t threads = 1; threads <= 3; threads += 2) {
        wsp_host_anneal_job jobs[3];
        best_log logs[3];
        wsp_host_run_options o;
        monitor_log mlog;
        memset(&o, 0, sizeof o);
        memset(&mlog, 0, sizeof mlog);
        memset(logs, 0, sizeof logs);
        o.threads = threads;
        o.monitor = monitor;
        o.context = &mlog;
        memset(jobs, 0, sizeof jobs);
        for (int k = 0; k < 3; ++k) {
            jobs[k].problem = tp->p;
            jobs[k].witness = witness[k];
            jobs[k].witness_length = 12 * 25;
            jobs[k].options.iterations = 5000;
            jobs[k].options.seed = 10 + (uint64_t)k;
            jobs[k].options.policy = (uint32_t)k;
            jobs[k].on_best = on_best;
            jobs[k].on_best_context = &logs[k];
        }
        assert_int_equal(wsp_host_anneal_run(jobs, 3, &o, NULL), WSP_OK);
        assert_int_equal(mlog.last.finished, 3);
        for (int k = 0; k < 3; ++k) {
            wsp_anneal_result r;
            uint32_t w[12 * 25];
            size_t size = anneal_size(tp->p);
            assert_true(size <= sizeof ws);
            assert_int_equal(jobs[k].status, WSP_OK);
            assert_int_equal(wsp_anneal_run(tp->p, &jobs[k].options, ws, size, w, 12 * 25, &r, NULL), WSP_OK);
            assert_int_equal(jobs[k].result.lower, r.lower);
            assert_int_equal(jobs[k].result.accepted, r.accepted);
            assert_memory_equal(witness[k], w, sizeof w);
            assert_true(logs[k].calls >= 1);
            assert_int_equal(logs[k].last_iteration, 0);
            assert_int_equal(logs[k].last_best, r.initial);
            assert_true(mlog.last.lower >= r.lower);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_jobs),
        cmocka_unit_test(test_exact_job_equals_core),
        cmocka_unit_test(test_exact_job_threads),
        cmocka_unit_test(test_job_errors),
        cmocka_unit_test(test_job_reserved),
        cmocka_unit_test(test_deadlines),
        cmocka_unit_test(test_progress_forwarded),
        cmocka_unit_test(test_anneal_jobs),
    };
    return cmocka_run_group_tests_name("jobs", tests, setup, NULL);
}
