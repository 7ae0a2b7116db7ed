/* The C API under abuse (issue 18): NULL for every pointer, short and misaligned workspaces, structs
 * filled with 0xFF, out-of-range values in every enumerated field, SIZE_MAX lengths and state counts,
 * and random bytes in every input struct. Every call must return an error (never crash, never read an
 * invalid enum: the fields are uint32_t and range-checked as integers), fill `diag` with that status,
 * and zero its result struct. Built into make check (a short slice) and, under ASan and UBSan, into
 * make stress, where WSP_ABUSE_ROUNDS sets the random rounds (default 200; seed: WSP_TEST_SEED). */
#define WSP_EXPERIMENTAL
#include "test_util.h"
#include "warpspan_host.h"

#include <stdint.h>

/* A small problem every call can use. */
typedef struct fixture {
    test_problem tp;
    uint32_t W, I;
    size_t cells;
} fixture;

static void fixture_init(fixture *f) {
    const uint32_t sigma[4] = {1, 1, 1, 1};
    tp_init(&f->tp, "LLC", 3, sigma, 0);
    f->W = wsp_problem_warps(f->tp.p);
    f->I = wsp_problem_length(f->tp.p);
    f->cells = (size_t)f->W * f->I;
}

/* A result struct is all zero. */
static int all_zero(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t k = 0; k < n; ++k)
        if (b[k] != 0) return 0;
    return 1;
}

/* The status is an error, diag says the same, and the message is not empty. */
#define EXPECT_ERROR(call, d)                                                                           \
    do {                                                                                                \
        const wsp_status st_ = (call);                                                                  \
        if (st_ == WSP_OK || st_ > WSP_STATUS_LAST || (d).status != st_ || (d).message[0] == '\0') {     \
            print_error("%s:%d: %s -> %s (diag %s: '%s')\n", __FILE__, __LINE__, #call,                 \
                        wsp_status_name(st_), wsp_status_name((d).status), (d).message);                \
            fail();                                                                                     \
        }                                                                                               \
    } while (0)

/* ---- problems: NULLs, 0xFF configurations, every field out of range, short workspaces ---- */
static void test_problem_abuse(void **state) {
    (void)state;
    uint64_t ws[512];
    wsp_problem *p = NULL;
    wsp_diag d;
    size_t size = 0;
    wsp_sm_config sm;
    EXPECT_ERROR(wsp_problem_workspace_size(NULL, 4, NULL, &size, &d), d);
    EXPECT_ERROR(wsp_problem_workspace_size("LLC", 4, NULL, NULL, &d), d);
    EXPECT_ERROR(wsp_problem_init(NULL, 4, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, NULL, NULL, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, NULL, ws, sizeof ws, NULL, &d), d);
    EXPECT_ERROR(wsp_problem_init("LLC", 0, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("LLC", UINT32_MAX, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("LLC", WSP_MAX_WARPS + 1u, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("L4294967297", 4, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("L18446744073709551617", 4, NULL, ws, sizeof ws, &p, &d), d);
    EXPECT_ERROR(wsp_problem_init("L1000000 C1000000 L1000000", WSP_MAX_WARPS, NULL, ws, sizeof ws, &p, &d), d);
    /* short and misaligned workspaces */
    assert_int_equal(wsp_problem_workspace_size("LLC", 4, NULL, &size, &d), WSP_OK);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, NULL, ws, size - 1u, &p, &d), d);
    assert_int_equal(d.status, WSP_ERR_WORKSPACE_SIZE);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, NULL, (char *)ws + 1, size, &p, &d), d);
    assert_int_equal(d.status, WSP_ERR_WORKSPACE_ALIGN);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, NULL, ws, 0, &p, &d), d);
    /* a configuration of 0xFF bytes, and each field alone just out of range and at UINT32_MAX */
    memset(&sm, 0xFF, sizeof sm);
    EXPECT_ERROR(wsp_problem_init("LLC", 4, &sm, ws, sizeof ws, &p, &d), d);
    const uint32_t bad[] = {0, 1, UINT32_MAX};
    for (int b = 1; b < 3; ++b) {
        for (int u = 0; u < 4; ++u) {
            memset(&sm, 0, sizeof sm);
            sm.units[u] = b == 1 ? WSP_MAX_UNITS + 1u : bad[b];
            EXPECT_ERROR(wsp_problem_init("LCSD", 4, &sm, ws, sizeof ws, &p, &d), d);
            memset(&sm, 0, sizeof sm);
            sm.latency[u] = b == 1 ? WSP_MAX_LATENCY + 1u : bad[b];
            EXPECT_ERROR(wsp_problem_init("LCSD", 4, &sm, ws, sizeof ws, &p, &d), d);
        }
        memset(&sm, 0, sizeof sm);
        sm.warp_size = b == 1 ? WSP_MAX_WARP_SIZE + 1u : bad[b];
        EXPECT_ERROR(wsp_problem_init("LCSD", 4, &sm, ws, sizeof ws, &p, &d), d);
        memset(&sm, 0, sizeof sm);
        sm.schedulers = b == 1 ? WSP_MAX_SCHEDULERS + 1u : bad[b];
        EXPECT_ERROR(wsp_problem_init("LCSD", 4, &sm, ws, sizeof ws, &p, &d), d);
        for (int r = 0; r < 6; ++r) {
            memset(&sm, 0, sizeof sm);
            sm.reserved[r] = bad[b];
            EXPECT_ERROR(wsp_problem_init("LCSD", 4, &sm, ws, sizeof ws, &p, &d), d);
            assert_int_equal(d.status, WSP_ERR_RESERVED);
        }
    }
    /* accessors on NULL and out-of-range ids */
    assert_null(wsp_problem_kernel(NULL));
    assert_int_equal(wsp_problem_length(NULL), 0);
    assert_int_equal(wsp_problem_sigma(NULL, 0), 0);
    fixture f;
    fixture_init(&f);
    assert_int_equal(wsp_problem_sigma(f.tp.p, 4), 0);
    assert_int_equal(wsp_problem_sigma(f.tp.p, UINT32_MAX), 0);
    assert_int_equal(wsp_problem_unit_at(f.tp.p, f.I), 0);
    assert_int_equal(wsp_problem_unit_at(f.tp.p, UINT32_MAX), 0);
    /* strings for unknown values */
    assert_non_null(wsp_strerror((wsp_status)UINT32_MAX));
    assert_string_equal(wsp_status_name((wsp_status)(WSP_STATUS_LAST + 1)), "unknown");
    assert_string_equal(wsp_field_name(UINT32_MAX), "unknown");
    assert_string_equal(wsp_bound_name(UINT32_MAX), "unknown");
}

/* ---- schedules ---- */
static void test_schedule_abuse(void **state) {
    (void)state;
    fixture f;
    fixture_init(&f);
    wsp_diag d;
    size_t size = 0;
    uint64_t ws[1024];
    uint32_t string[64], cycles[64], makespan = 0;
    EXPECT_ERROR(wsp_schedule_workspace_size(NULL, &size, &d), d);
    assert_int_equal(size, 0); /* zeroed on error */
    EXPECT_ERROR(wsp_schedule_workspace_size(f.tp.p, NULL, &d), d);
    assert_int_equal(wsp_schedule_workspace_size(f.tp.p, &size, &d), WSP_OK);
    assert_true(size <= sizeof ws);
    assert_int_equal(wsp_schedule_dispatch(f.tp.p, WSP_POLICY_ROUND_ROBIN, 1, ws, size, string, f.cells, &d),
                     WSP_OK);
    const uint32_t policies[] = {WSP_POLICY_COUNT, 255, UINT32_MAX};
    for (size_t k = 0; k < 3; ++k)
        EXPECT_ERROR(wsp_schedule_dispatch(f.tp.p, policies[k], 1, ws, size, string, f.cells, &d), d);
    EXPECT_ERROR(wsp_schedule_dispatch(f.tp.p, 0, 1, ws, size - 1u, string, f.cells, &d), d);
    EXPECT_ERROR(wsp_schedule_dispatch(f.tp.p, 0, 1, (char *)ws + 4, size, string, f.cells, &d), d);
    EXPECT_ERROR(wsp_schedule_dispatch(f.tp.p, 0, 1, ws, size, string, SIZE_MAX, &d), d);
    EXPECT_ERROR(wsp_schedule_dispatch(f.tp.p, 0, 1, ws, size, NULL, f.cells, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, string, SIZE_MAX, ws, size, NULL, cycles, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, string, f.cells - 1u, ws, size, NULL, cycles, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, NULL, f.cells, ws, size, NULL, cycles, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(NULL, string, f.cells, ws, size, NULL, cycles, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, string, f.cells, NULL, size, NULL, cycles, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, string, f.cells, ws, 0, NULL, cycles, &makespan, &d), d);
    /* warp ids 0, W + 1 and UINT32_MAX, and a string of 0xFF bytes */
    const uint32_t ids[] = {0, f.W + 1u, UINT32_MAX};
    for (size_t k = 0; k < 3; ++k) {
        uint32_t s[64];
        memcpy(s, string, f.cells * sizeof s[0]);
        s[f.cells - 1u] = ids[k];
        EXPECT_ERROR(wsp_schedule_decode(f.tp.p, s, f.cells, ws, size, NULL, cycles, &makespan, &d), d);
    }
    memset(cycles, 0xFF, sizeof cycles);
    EXPECT_ERROR(wsp_schedule_decode(f.tp.p, cycles, f.cells, ws, size, NULL, NULL, NULL, &d), d);
    EXPECT_ERROR(wsp_schedule_validate(f.tp.p, cycles, f.cells, ws, size, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_validate(f.tp.p, cycles, SIZE_MAX, ws, size, &makespan, &d), d);
    EXPECT_ERROR(wsp_schedule_validate(f.tp.p, NULL, f.cells, ws, size, &makespan, &d), d);
    memset(cycles, 0, sizeof cycles);
    EXPECT_ERROR(wsp_schedule_validate(f.tp.p, cycles, f.cells, ws, size, &makespan, &d), d);
    /* a handle that is not a problem: bytes of 0xFF */
    uint64_t junk[64];
    memset(junk, 0xFF, sizeof junk);
    EXPECT_ERROR(wsp_schedule_workspace_size((const wsp_problem *)junk, &size, &d), d);
    assert_int_equal(d.status, WSP_ERR_INVALID_HANDLE);
    memset(junk, 0, sizeof junk);
    EXPECT_ERROR(wsp_schedule_workspace_size((const wsp_problem *)junk, &size, &d), d);
}

/* ---- sizes that do not fit: 0 and WSP_ERR_OVERFLOW, never a wrapped-around size ---- */
static void test_size_overflow(void **state) {
    (void)state;
    static uint64_t storage[1 << 13];
    wsp_problem *p = NULL;
    wsp_diag d;
    assert_int_equal(wsp_problem_init("L5 C9 L2 C9", 16, NULL, storage, sizeof storage, &p, &d), WSP_OK);
    const uint64_t huge[] = {807045053224792896ull, UINT64_MAX, UINT64_MAX / 2u, (uint64_t)SIZE_MAX / 4u,
                             (uint64_t)SIZE_MAX / 68u + 1u};
    size_t minimum = 0, size = 1;
    assert_int_equal(wsp_exact_workspace_size(p, 0, &minimum, &d), WSP_OK);
    for (size_t k = 0; k < sizeof huge / sizeof huge[0]; ++k) {
        size = 12345;
        const wsp_status st = wsp_exact_workspace_size(p, huge[k], &size, &d);
        if (st == WSP_OK) {
            /* fits: then it must be at least 4 bytes a state, never the minimum from a wrap-around */
            assert_true(size > minimum);
            assert_true(size / 4u >= huge[k]);
        } else {
            assert_int_equal(st, WSP_ERR_OVERFLOW);
            assert_int_equal(size, 0);
            assert_int_equal(d.status, WSP_ERR_OVERFLOW);
        }
    }
    /* the largest problem: W*I at WSP_MAX_CELLS; with many states it overflows on 32-bit and 64-bit alike */
    size = 12345;
    const wsp_status st = wsp_exact_workspace_size(p, UINT64_MAX, &size, &d);
    assert_int_equal(st, WSP_ERR_OVERFLOW);
    assert_int_equal(size, 0);
}

/* ---- exact and anneal: results zeroed on every error, 0xFF options, SIZE_MAX lengths ---- */
static void test_solver_abuse(void **state) {
    (void)state;
    fixture f;
    fixture_init(&f);
    wsp_diag d;
    size_t size = 0;
    static uint64_t ws[1 << 14];
    uint32_t witness[64];
    wsp_exact_options eo;
    wsp_exact_result er;
    assert_int_equal(wsp_exact_workspace_size(f.tp.p, 100, &size, &d), WSP_OK);
    assert_true(size <= sizeof ws);
#define EXACT_FAILS(opt, w, wsize, wit, len)                                                  \
    do {                                                                                      \
        memset(&er, 0xFF, sizeof er);                                                         \
        EXPECT_ERROR(wsp_exact_solve(f.tp.p, opt, w, wsize, wit, len, &er, &d), d);          \
        assert_true(all_zero(&er, sizeof er));                                                \
    } while (0)
    EXACT_FAILS(NULL, ws, size, witness, SIZE_MAX);
    EXACT_FAILS(NULL, ws, size, witness, f.cells + 1u);
    EXACT_FAILS(NULL, ws, size, NULL, f.cells);
    EXACT_FAILS(NULL, NULL, size, witness, f.cells);
    EXACT_FAILS(NULL, ws, 0, witness, f.cells);
    EXACT_FAILS(NULL, (char *)ws + 8 - 1, size, witness, f.cells);
    memset(&eo, 0xFF, sizeof eo);
    EXACT_FAILS(&eo, ws, size, witness, f.cells);
    memset(&eo, 0, sizeof eo);
    eo.initial = witness;
    eo.initial_length = UINT64_MAX;
    EXACT_FAILS(&eo, ws, size, witness, f.cells);
    memset(witness, 0xFF, sizeof witness);
    eo.initial_length = f.cells;
    EXACT_FAILS(&eo, ws, size, witness, f.cells);
    for (int r = 0; r < 8; ++r) {
        memset(&eo, 0, sizeof eo);
        eo.reserved[r] = 1;
        EXACT_FAILS(&eo, ws, size, witness, f.cells);
    }
    for (int r = 0; r < 4; ++r) {
        memset(&eo, 0, sizeof eo);
        eo.control.reserved[r] = UINT32_MAX;
        EXACT_FAILS(&eo, ws, size, witness, f.cells);
    }
    memset(&er, 0xFF, sizeof er);
    EXPECT_ERROR(wsp_exact_solve(NULL, NULL, ws, size, witness, f.cells, &er, &d), d);
    assert_true(all_zero(&er, sizeof er));
    EXPECT_ERROR(wsp_exact_solve(f.tp.p, NULL, ws, size, witness, f.cells, NULL, &d), d);

    wsp_anneal_options ao;
    wsp_anneal_result ar;
    assert_int_equal(wsp_anneal_workspace_size(f.tp.p, &size, &d), WSP_OK);
    assert_true(size <= sizeof ws);
#define ANNEAL_FAILS(opt, w, wsize, wit, len)                                                 \
    do {                                                                                      \
        memset(&ar, 0xFF, sizeof ar);                                                         \
        EXPECT_ERROR(wsp_anneal_run(f.tp.p, opt, w, wsize, wit, len, &ar, &d), d);           \
        assert_true(all_zero(&ar, sizeof ar));                                                \
    } while (0)
    ANNEAL_FAILS(NULL, ws, size, witness, SIZE_MAX);
    ANNEAL_FAILS(NULL, ws, size, NULL, f.cells);
    ANNEAL_FAILS(NULL, ws, size - 1u, witness, f.cells);
    ANNEAL_FAILS(NULL, (char *)ws + 2, size, witness, f.cells);
    memset(&ao, 0xFF, sizeof ao);
    ANNEAL_FAILS(&ao, ws, size, witness, f.cells);
    const uint32_t enums[] = {6, 255, 0x80000000u, UINT32_MAX};
    for (size_t k = 0; k < 4; ++k) {
        memset(&ao, 0, sizeof ao);
        ao.policy = enums[k];
        ANNEAL_FAILS(&ao, ws, size, witness, f.cells);
        memset(&ao, 0, sizeof ao);
        ao.moves = enums[k] == 6 ? 2u : enums[k];
        ANNEAL_FAILS(&ao, ws, size, witness, f.cells);
    }
    memset(&ao, 0, sizeof ao);
    ao.initial = witness;
    ao.initial_length = UINT64_MAX;
    ANNEAL_FAILS(&ao, ws, size, witness, f.cells);
    for (int r = 0; r < 8; ++r) {
        memset(&ao, 0, sizeof ao);
        ao.reserved[r] = 1;
        ANNEAL_FAILS(&ao, ws, size, witness, f.cells);
    }
}

/* ---- estimate and PWS ---- */
static void test_estimate_pws_abuse(void **state) {
    (void)state;
    wsp_diag d;
    uint64_t value = 0;
    uint32_t y = 0;
    const uint32_t t[4] = {3, 5, UINT32_MAX, UINT32_MAX};
    EXPECT_ERROR(wsp_estimate_compute(4, NULL, 2, &value, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(4, t, 2, NULL, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(4, t, 0, &value, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(0, t, 2, &value, &y, &d), d);
    /* t holds 4 values: every call below must fail before it reads past them */
    EXPECT_ERROR(wsp_estimate_compute(UINT32_MAX, t, 4, &value, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(WSP_MAX_WARPS + 1u, t, 4, &value, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(4, t, UINT32_MAX, &value, &y, &d), d);
    EXPECT_ERROR(wsp_estimate_compute(4, t, 5, &value, &y, &d), d);
    size_t size = 0;
    wsp_pws_cfg cfg;
    EXPECT_ERROR(wsp_pws_workspace_size(NULL, &size, &d), d);
    memset(&cfg, 0xFF, sizeof cfg);
    cfg.nodes = NULL;
    cfg.edges = NULL;
    EXPECT_ERROR(wsp_pws_workspace_size(&cfg, &size, &d), d);
    wsp_pws_params params;
    wsp_pws_paths paths;
    wsp_pws_wcet wcet;
    memset(&params, 0xFF, sizeof params);
    memset(&paths, 0xFF, sizeof paths);
    memset(&wcet, 0xFF, sizeof wcet);
    EXPECT_ERROR(wsp_pws_wcet_compute(&params, &paths, &wcet, &d), d);
    memset(&params, 0, sizeof params);
    EXPECT_ERROR(wsp_pws_wcet_compute(&params, &paths, &wcet, &d), d);
    EXPECT_ERROR(wsp_pws_wcet_compute(&params, NULL, &wcet, &d), d);
    EXPECT_ERROR(wsp_pws_wcet_compute(&params, &paths, NULL, &d), d);
}

/* ---- the host layer: run options of 0xFF, jobs asking for SIZE_MAX bytes, PTX options ---- */
static void test_host_abuse(void **state) {
    (void)state;
    fixture f;
    fixture_init(&f);
    wsp_diag d;
    uint32_t witness[64];
    wsp_host_run_options ro;
    wsp_host_exact_job job;
    memset(&job, 0, sizeof job);
    job.problem = f.tp.p;
    job.witness = witness;
    job.witness_length = f.cells;
    memset(&ro, 0xFF, sizeof ro);
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    memset(&ro, 0, sizeof ro);
    ro.threads = 4097;
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    ro.threads = UINT32_MAX;
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    memset(&ro, 0, sizeof ro);
    ro.seconds = -1.0;
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    ro.seconds = 1.0 / 0.0;
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    ro.seconds = 0.0 / 0.0;
    EXPECT_ERROR(wsp_host_exact_run(&job, 1, &ro, &d), d);
    EXPECT_ERROR(wsp_host_exact_run(NULL, 1, NULL, &d), d);
    /* a memory budget that cannot be allocated: WSP_ERR_ALLOCATION with its own message, result zero */
    const uint64_t memories[] = {UINT64_MAX, (uint64_t)SIZE_MAX, (uint64_t)SIZE_MAX / 2u + 1u};
    for (size_t k = 0; k < 3; ++k) {
        memset(&job, 0, sizeof job);
        job.problem = f.tp.p;
        job.witness = witness;
        job.witness_length = f.cells;
        job.memory = memories[k];
        memset(&job.result, 0xFF, sizeof job.result);
        assert_int_equal(wsp_host_exact_run(&job, 1, NULL, &d), WSP_OK);
        if (job.status != WSP_ERR_ALLOCATION || job.diag.status != WSP_ERR_ALLOCATION ||
            strstr(job.diag.message, "allocat") == NULL) {
            print_error("memory %llu: %s '%s'\n", (unsigned long long)memories[k], wsp_status_name(job.status),
                        job.diag.message);
            fail();
        }
        assert_true(all_zero(&job.result, sizeof job.result));
    }
    /* anneal jobs: 0xFF options */
    wsp_host_anneal_job aj;
    memset(&aj, 0, sizeof aj);
    aj.problem = f.tp.p;
    aj.witness = witness;
    aj.witness_length = f.cells;
    memset(&aj.options, 0xFF, sizeof aj.options);
    aj.options.control.progress = NULL;
    aj.options.initial = NULL;
    (void)wsp_host_anneal_run(&aj, 1, NULL, &d);
    assert_int_not_equal(aj.status, WSP_OK);
    assert_true(all_zero(&aj.result, sizeof aj.result));

    /* PTX: every flow value outside the enumeration (a uint32_t: no invalid enum is ever loaded) */
    static const char ptx[] = ".version 7.0\n.target sm_70\n.address_size 64\n"
                              ".visible .entry k()\n{\n\tret;\n}\n";
    wsp_host_ptx_options po;
    wsp_host_ptx_report report;
    char kernel[64];
    const uint32_t flows[] = {4, 9, 255, 0x80000000u, UINT32_MAX};
    for (size_t k = 0; k < sizeof flows / sizeof flows[0]; ++k) {
        memset(&po, 0, sizeof po);
        po.flow = flows[k];
        EXPECT_ERROR(wsp_host_ptx_read(ptx, sizeof ptx - 1u, &po, kernel, sizeof kernel, &report, &d), d);
        assert_int_equal(d.status, WSP_ERR_RANGE);
    }
    memset(&po, 0xFF, sizeof po);
    po.entry = NULL;
    po.path = NULL;
    EXPECT_ERROR(wsp_host_ptx_read(ptx, sizeof ptx - 1u, &po, kernel, sizeof kernel, &report, &d), d);
    EXPECT_ERROR(wsp_host_ptx_read(NULL, 10, NULL, kernel, sizeof kernel, &report, &d), d);
    EXPECT_ERROR(wsp_host_ptx_read(ptx, sizeof ptx - 1u, NULL, NULL, 10, &report, &d), d);
}

/* ---- random bytes in every input struct: never a crash, an error or a checked answer ---- */
static void test_random_structs(void **state) {
    (void)state;
    const char *rounds_env = getenv("WSP_ABUSE_ROUNDS");
    const long rounds = rounds_env != NULL ? atol(rounds_env) : 200;
    const uint32_t seed = test_seed();
    uint32_t rng = seed != 0 ? seed : 1u;
    fixture f;
    fixture_init(&f);
    static uint64_t ws[1 << 14];
    uint32_t witness[64];
    for (long r = 0; r < rounds; ++r) {
        wsp_diag d;
        wsp_sm_config sm;
        unsigned char *b = (unsigned char *)&sm;
        /* mostly-zero structs with a few random bytes: nearer the valid ones, so deeper paths run */
        memset(&sm, 0, sizeof sm);
        for (int k = 0; k < 3; ++k) b[rng_below(&rng, sizeof sm)] = (unsigned char)rng_next(&rng);
        wsp_problem *p = NULL;
        uint64_t pws[512];
        const wsp_status st = wsp_problem_init("LCSD", 1u + rng_below(&rng, 8), &sm, pws, sizeof pws, &p, &d);
        CHECK_SEEDED(st <= WSP_STATUS_LAST && d.status == st, seed, "round %ld: problem %s", r, d.message);
        wsp_anneal_options ao;
        memset(&ao, 0, sizeof ao);
        b = (unsigned char *)&ao;
        for (int k = 0; k < 2; ++k) {
            const size_t at = rng_below(&rng, sizeof ao);
            if (at >= offsetof(wsp_anneal_options, initial) && at < offsetof(wsp_anneal_options, initial_length))
                continue; /* a random pointer is not a test of the library */
            if (at >= offsetof(wsp_anneal_options, control) + offsetof(wsp_control, progress) &&
                at < offsetof(wsp_anneal_options, control) + offsetof(wsp_control, interval))
                continue;
            b[at] = (unsigned char)rng_next(&rng);
        }
        if (ao.iterations > 2000) ao.iterations = 2000;
        if (ao.control.interval == 0 || ao.control.interval > 1000000) ao.control.interval = 0;
        wsp_anneal_result ar;
        size_t size = 0;
        assert_int_equal(wsp_anneal_workspace_size(f.tp.p, &size, &d), WSP_OK);
        memset(&ar, 0xFF, sizeof ar);
        const wsp_status as = wsp_anneal_run(f.tp.p, &ao, ws, size, witness, f.cells, &ar, &d);
        CHECK_SEEDED(as <= WSP_STATUS_LAST && d.status == as, seed, "round %ld: anneal", r);
        if (as != WSP_OK) CHECK_SEEDED(all_zero(&ar, sizeof ar), seed, "round %ld: anneal result not zeroed", r);
        else CHECK_SEEDED(decode_or_fail(f.tp.p, witness, NULL, NULL) == ar.lower, seed, "round %ld: witness", r);
        wsp_exact_options eo;
        memset(&eo, 0, sizeof eo);
        b = (unsigned char *)&eo;
        const size_t at = rng_below(&rng, sizeof eo);
        if (!(at >= offsetof(wsp_exact_options, control) + offsetof(wsp_control, progress) &&
              at < offsetof(wsp_exact_options, control) + offsetof(wsp_control, interval)) &&
            !(at >= offsetof(wsp_exact_options, initial) && at < offsetof(wsp_exact_options, initial_length)))
            b[at] = (unsigned char)rng_next(&rng);
        wsp_exact_result er;
        assert_int_equal(wsp_exact_workspace_size(f.tp.p, 64, &size, &d), WSP_OK);
        memset(&er, 0xFF, sizeof er);
        const wsp_status es = wsp_exact_solve(f.tp.p, &eo, ws, size, witness, f.cells, &er, &d);
        CHECK_SEEDED(es <= WSP_STATUS_LAST && d.status == es, seed, "round %ld: exact", r);
        if (es != WSP_OK) CHECK_SEEDED(all_zero(&er, sizeof er), seed, "round %ld: exact result not zeroed", r);
        else CHECK_SEEDED(decode_or_fail(f.tp.p, witness, NULL, NULL) == er.lower && er.lower <= er.upper, seed,
                          "round %ld: exact witness", r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_problem_abuse),      cmocka_unit_test(test_schedule_abuse),
        cmocka_unit_test(test_size_overflow),      cmocka_unit_test(test_solver_abuse),
        cmocka_unit_test(test_estimate_pws_abuse), cmocka_unit_test(test_host_abuse),
        cmocka_unit_test(test_random_structs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
