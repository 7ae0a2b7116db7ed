/* Group sizes: every WSP_*_WORKSPACE_SIZE macro is at least what its size query says, on a table of
 * edge cases (the horizon at its W*I maximum, one warp, one instruction, fractional sigma, scheduler
 * limits, the largest W*I) and on random problems (seed printed on failure, WSP_TEST_SEED reruns),
 * and the _WORDS macros round it up to uint64_t words. The proofs are next to the layouts
 * (util/workspace.hpp, problem.hpp, decoder.cpp, anneal.cpp, exact.cpp, cfg.cpp); this checks them. */
#include "test_util.h"

/* The state counts the exact workspace is asked for. */
static const uint64_t kStates[] = {0, 1, 15, 16, 17, 100, 1000, 65535, 65536, 1000000, 123456789};

/* The widest beams the lower-bound workspace is asked for (0: the default). */
static const uint32_t kBeams[] = {0, 1, 2, 7, 64, 1024, 4096};

/* The exact tables the bracket workspace is asked for (0: the default), with each of those beams. */
static const uint64_t kBracketStates[] = {0, 1, 17, 16384, 65536, 1000000};

static size_t problem_query(const char *kernel, uint32_t warps, const wsp_sm_config *sm, uint32_t seed) {
    size_t size = 0;
    wsp_diag d;
    wsp_status st = wsp_problem_workspace_size(kernel, warps, sm, &size, &d);
    CHECK_SEEDED(st == WSP_OK, seed, "%s W=%u: %s", kernel, (unsigned)warps, d.message);
    return size;
}

/* Sets up the problem (on the heap: the largest cases have long kernels), checks every core macro
 * against its query. Returns the number of comparisons. */
static int check_problem(const char *kernel, uint32_t warps, const wsp_sm_config *sm, uint32_t seed) {
    const size_t need = problem_query(kernel, warps, sm, seed);
    uint64_t *ws = malloc(need);
    wsp_problem *p = NULL;
    wsp_diag d;
    size_t size = 0;
    int checks = 0;
    assert_non_null(ws);
    CHECK_SEEDED(wsp_problem_init(kernel, warps, sm, ws, need, &p, &d) == WSP_OK, seed, "%s", d.message);
    const uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
    /* Every query costs time in I: under the sanitizers a kernel of more than 65536 normalised
     * instructions (the copies row: 4 Mi) is asked with the first state count and beam only. */
    const int sliced = WSP_TEST_SANITIZED && I > 65536;
    CHECK_SEEDED(need <= WSP_PROBLEM_WORKSPACE_SIZE(I), seed, "%s W=%u I=%u: problem %zu > macro %zu", kernel,
                 W, I, need, (size_t)WSP_PROBLEM_WORKSPACE_SIZE(I));
    CHECK_SEEDED(8 * WSP_PROBLEM_WORKSPACE_WORDS(I) >= WSP_PROBLEM_WORKSPACE_SIZE(I), seed, "words");
    assert_int_equal(wsp_schedule_workspace_size(p, &size, &d), WSP_OK);
    CHECK_SEEDED(size <= WSP_SCHEDULE_WORKSPACE_SIZE(W, I), seed, "%s W=%u I=%u: schedule %zu > macro %zu",
                 kernel, W, I, size, (size_t)WSP_SCHEDULE_WORKSPACE_SIZE(W, I));
    CHECK_SEEDED(8 * WSP_SCHEDULE_WORKSPACE_WORDS(W, I) >= WSP_SCHEDULE_WORKSPACE_SIZE(W, I), seed, "words");
    assert_int_equal(wsp_anneal_workspace_size(p, &size, &d), WSP_OK);
    CHECK_SEEDED(size <= WSP_ANNEAL_WORKSPACE_SIZE(W, I), seed, "%s W=%u I=%u: anneal %zu > macro %zu", kernel,
                 W, I, size, (size_t)WSP_ANNEAL_WORKSPACE_SIZE(W, I));
    CHECK_SEEDED(8 * WSP_ANNEAL_WORKSPACE_WORDS(W, I) >= WSP_ANNEAL_WORKSPACE_SIZE(W, I), seed, "words");
    checks += 3;
    for (size_t k = 0; k < (sliced ? 1 : sizeof kStates / sizeof kStates[0]); ++k) {
        const uint64_t states = kStates[k];
        assert_int_equal(wsp_exact_workspace_size(p, states, &size, &d), WSP_OK);
        CHECK_SEEDED(size <= WSP_EXACT_WORKSPACE_SIZE(W, I, states), seed,
                     "%s W=%u I=%u states=%llu: exact %zu > macro %zu", kernel, W, I, (unsigned long long)states,
                     size, (size_t)WSP_EXACT_WORKSPACE_SIZE(W, I, states));
        CHECK_SEEDED(8 * WSP_EXACT_WORKSPACE_WORDS(W, I, states) >= WSP_EXACT_WORKSPACE_SIZE(W, I, states), seed,
                     "words");
        ++checks;
    }
    for (size_t k = 0; k < (sliced ? 1 : sizeof kBeams / sizeof kBeams[0]); ++k) {
        wsp_lower_options o;
        memset(&o, 0, sizeof o);
        o.max_beam = kBeams[k];
        const uint32_t beam = kBeams[k] != 0 ? kBeams[k] : WSP_LOWER_DEFAULT_BEAM;
        const wsp_status st = wsp_lower_workspace_size(p, &o, &size, &d);
        /* the largest problems with wide beams need more than size_t holds on a 32-bit target only */
        CHECK_SEEDED(st == WSP_OK || (st == WSP_ERR_OVERFLOW && sizeof(size_t) < 8), seed, "%s W=%u: %s", kernel, W,
                     d.message);
        CHECK_SEEDED(size <= WSP_LOWER_WORKSPACE_SIZE(W, I, beam), seed,
                     "%s W=%u I=%u beam=%u: lower %zu > macro %zu", kernel, W, I, beam, size,
                     (size_t)WSP_LOWER_WORKSPACE_SIZE(W, I, beam));
        CHECK_SEEDED(8 * WSP_LOWER_WORKSPACE_WORDS(W, I, beam) >= WSP_LOWER_WORKSPACE_SIZE(W, I, beam), seed,
                     "words");
        ++checks;
    }
    for (size_t k = 0; k < (sliced ? 1 : sizeof kBeams / sizeof kBeams[0]); ++k) {
        for (size_t j = 0; j < (sliced ? 1 : sizeof kBracketStates / sizeof kBracketStates[0]); ++j) {
            wsp_bracket_options o;
            memset(&o, 0, sizeof o);
            o.max_beam = kBeams[k];
            o.states = kBracketStates[j];
            const uint32_t beam = kBeams[k] != 0 ? kBeams[k] : WSP_LOWER_DEFAULT_BEAM;
            const uint64_t states = o.states != 0 ? o.states : WSP_BRACKET_DEFAULT_STATES;
            const wsp_status st = wsp_bracket_workspace_size(p, &o, &size, &d);
            CHECK_SEEDED(st == WSP_OK || (st == WSP_ERR_OVERFLOW && sizeof(size_t) < 8), seed, "%s W=%u: %s",
                         kernel, W, d.message);
            CHECK_SEEDED(size <= WSP_BRACKET_WORKSPACE_SIZE(W, I, beam, states), seed,
                         "%s W=%u I=%u beam=%u states=%llu: bracket %zu > macro %zu", kernel, W, I, beam,
                         (unsigned long long)states, size, (size_t)WSP_BRACKET_WORKSPACE_SIZE(W, I, beam, states));
            CHECK_SEEDED(8 * WSP_BRACKET_WORKSPACE_WORDS(W, I, beam, states) >=
                             WSP_BRACKET_WORKSPACE_SIZE(W, I, beam, states),
                         seed, "words");
            ++checks;
        }
    }
    free(ws);
    return checks;
}

typedef struct size_case {
    const char *what;
    const char *kernel;
    uint32_t warps;
    uint32_t units[4], latency[4], warp_size, schedulers;
} size_case;

/* The bound's worst cases: the horizon W*I (sigma 1, one type, no scheduler limit makes every proven
 * bound W*I), min(W, I) groups per frame from both sides, fractional sigma and latency (longer
 * normalised kernels), and the largest W*I the model takes. */
static const size_case cases[] = {
    {"one warp, one instruction", "L", 1, {0}, {0}, 0, 0},
    {"horizon W*I, W > I", "LLL", 64, {0}, {0}, 0, 0},
    {"horizon W*I, I > W", "C200", 3, {0}, {0}, 0, 0},
    {"horizon W*I, W = I", "S17", 17, {0}, {0}, 0, 0},
    {"Voronoi W=16", "L5 C9 L2 C9", 16, {32, 128, 0, 0}, {0}, 32, 4},
    {"fractional sigma and latency", "LCSD", 5, {8, 16, 4, 2}, {3, 2, 4, 1}, 32, 0},
    {"one scheduler", "L2 C2 S2 D2", 9, {64, 64, 64, 64}, {0}, 32, 1},
    {"many warps", "LC", 65536, {0}, {0}, 0, 0},
    {"long kernel", "L30000 C30000", 2, {0}, {0}, 0, 0},
    {"largest W*I", "L32767", 65536, {0}, {0}, 0, 0},
    {"copies at their maximum", "D4", 3, {0, 0, 0, 1}, {0, 0, 0, 1024}, 1024, 0},
};

static void test_table(void **state) {
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const size_case *c = &cases[k];
        wsp_sm_config sm;
        memset(&sm, 0, sizeof sm);
        memcpy(sm.units, c->units, sizeof sm.units);
        memcpy(sm.latency, c->latency, sizeof sm.latency);
        sm.warp_size = c->warp_size;
        sm.schedulers = c->schedulers;
        const int all = 3 + (int)(sizeof kStates / sizeof kStates[0]) +
                        (int)(sizeof kBeams / sizeof kBeams[0]) * (1 + (int)(sizeof kBracketStates / sizeof kBracketStates[0]));
        const int checks = check_problem(c->kernel, c->warps, &sm, (uint32_t)k);
        note_slice(c->what, (unsigned long)checks, (unsigned long)all);
        print_message("  %-30s %d sizes checked\n", c->what, checks);
    }
}

/* Under the sanitizers every 10th problem is checked (the same problems as in the Release build: every
 * problem is still drawn). */
static void test_random_problems(void **state) {
    const uint32_t seed = test_seed() ^ 0x512e5u;
    const int step = WSP_TEST_SANITIZED ? 10 : 1;
    uint32_t rng = seed;
    int checks = 0, checked = 0;
    (void)state;
    for (int n = 0; n < 1500; ++n) {
        char kernel[64];
        size_t at = 0;
        wsp_sm_config sm;
        const uint32_t letters = 1 + rng_below(&rng, 6);
        for (uint32_t i = 0; i < letters; ++i)
            at += (size_t)snprintf(kernel + at, sizeof kernel - at, "%c%u ", "LCSD"[rng_below(&rng, 4)],
                                   1 + rng_below(&rng, rng_below(&rng, 4) == 0 ? 300 : 9));
        random_sm(&rng, &sm);
        const uint32_t W = 1 + rng_below(&rng, rng_below(&rng, 4) == 0 ? 3000 : 40);
        if (n % step != 0) continue;
        checks += check_problem(kernel, W, &sm, seed);
        ++checked;
    }
    note_slice("sizes of random problems", (unsigned long)checked, 1500);
    print_message("  %d sizes of %d random problems checked (seed %u)\n", checks, checked, (unsigned)seed);
}

/* PWS: the size depends on the node and edge counts only. */
static void test_pws(void **state) {
    const uint32_t seed = test_seed() ^ 0x9e5u;
    uint32_t rng = seed;
    static const uint32_t fixed[][2] = {{1, 0}, {1, 1}, {2, 1}, {7, 0}, {8, 9}, {1000, 1500}, {65536, 0},
                                        {WSP_PWS_MAX_NODES, WSP_PWS_MAX_EDGES}};
    (void)state;
    for (int n = 0; n < 2000; ++n) {
        wsp_pws_cfg cfg;
        wsp_diag d;
        size_t size = 0;
        memset(&cfg, 0, sizeof cfg);
        if (n < (int)(sizeof fixed / sizeof fixed[0])) {
            cfg.node_count = fixed[n][0];
            cfg.edge_count = fixed[n][1];
        } else {
            cfg.node_count = 1 + rng_below(&rng, n % 2 ? 100 : 100000);
            cfg.edge_count = rng_below(&rng, 2 * cfg.node_count + 1);
        }
        assert_int_equal(wsp_pws_workspace_size(&cfg, &size, &d), WSP_OK);
        CHECK_SEEDED(size <= WSP_PWS_WORKSPACE_SIZE(cfg.node_count, cfg.edge_count), seed,
                     "N=%u E=%u: %zu > macro %zu", cfg.node_count, cfg.edge_count, size,
                     (size_t)WSP_PWS_WORKSPACE_SIZE(cfg.node_count, cfg.edge_count));
        CHECK_SEEDED(8 * WSP_PWS_WORKSPACE_WORDS(cfg.node_count, cfg.edge_count) >=
                         WSP_PWS_WORKSPACE_SIZE(cfg.node_count, cfg.edge_count),
                     seed, "words");
    }
}

/* The macros are constant expressions: static buffers can be declared with them. */
static uint64_t static_problem[WSP_PROBLEM_WORKSPACE_WORDS(25)];
static uint64_t static_exact[WSP_EXACT_WORKSPACE_WORDS(4, 3, 100)];

static void test_static_buffers(void **state) {
    wsp_problem *p = NULL;
    wsp_exact_result r;
    wsp_exact_options o;
    uint32_t witness[12];
    wsp_diag d;
    (void)state;
    assert_int_equal(wsp_problem_init("LCL", 4, NULL, static_problem, sizeof static_problem, &p, &d), WSP_OK);
    memset(&o, 0, sizeof o);
    assert_int_equal(wsp_exact_solve(p, &o, static_exact, sizeof static_exact, witness, 12, &r, &d), WSP_OK);
    assert_int_equal(r.stop, WSP_STOP_FINISHED);
    assert_int_equal(r.lower, 9);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_random_problems),
        cmocka_unit_test(test_pws),
        cmocka_unit_test(test_static_buffers),
    };
    return cmocka_run_group_tests_name("sizes", tests, NULL, NULL);
}
