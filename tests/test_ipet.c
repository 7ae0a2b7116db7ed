/* Group ipet: the host IPET ILP (wsp_host_ipet_solve, lp_solve) for CFGs with loop bounds. On random
 * acyclic CFGs it equals the longest path; on random CFGs with bounded reducible loops it is never
 * below the longest execution found by enumerating every path that respects the bounds (and the
 * test reports how often it is equal); a worked loop; every error path. */
#include "test_util.h"
#include "warpspan_host.h"

#define N_MAX 8
#define E_MAX 40

typedef struct rand_cfg {
    uint64_t wcet[N_MAX];
    wsp_pws_edge edges[E_MAX];
    uint8_t back[E_MAX];
    wsp_host_ipet_loop loops[N_MAX];
    uint32_t n, m, loop_count;
    uint64_t bound[N_MAX]; /* per header */
} rand_cfg;

static int has_edge(const rand_cfg *c, uint32_t a, uint32_t b) {
    uint32_t e;
    for (e = 0; e < c->m; ++e)
        if (c->edges[e].from == a && c->edges[e].to == b) return 1;
    return 0;
}

static void add(rand_cfg *c, uint32_t a, uint32_t b, int back) {
    c->edges[c->m].from = a;
    c->edges[c->m].to = b;
    c->back[c->m++] = (uint8_t)back;
}

/* u dominates v (v reachable from 0 only through u), by removing u and searching from node 0. */
static int dominates(const rand_cfg *c, uint32_t u, uint32_t v) {
    uint8_t seen[N_MAX] = {0};
    int changed = 1;
    uint32_t e;
    if (u == v || u == 0) return 1;
    seen[0] = 1;
    while (changed) {
        changed = 0;
        for (e = 0; e < c->m; ++e)
            if (seen[c->edges[e].from] && !seen[c->edges[e].to] && c->edges[e].to != u)
                seen[c->edges[e].to] = changed = 1;
    }
    return !seen[v];
}

/* A chain 0 -> 1 -> ... -> n-1 with random forward edges, and (when loops) up to two back edges
 * v -> u with u dominating v, so every loop is reducible; random WCETs and bounds. */
static void random_cfg(uint32_t *rng, rand_cfg *c, int loops) {
    uint32_t k, v;
    memset(c, 0, sizeof *c);
    c->n = 2 + rng_below(rng, N_MAX - 1);
    for (v = 0; v < c->n; ++v) c->wcet[v] = rng_below(rng, 20);
    for (v = 0; v + 1 < c->n; ++v) add(c, v, v + 1, 0);
    for (k = rng_below(rng, 2 * c->n); k > 0; --k) {
        const uint32_t a = rng_below(rng, c->n), b = rng_below(rng, c->n);
        if (a < b && !has_edge(c, a, b)) add(c, a, b, 0);
    }
    if (!loops) return;
    for (k = 1 + rng_below(rng, 2); k > 0; --k) {
        const uint32_t a = rng_below(rng, c->n), b = rng_below(rng, c->n);
        if (b <= a && !has_edge(c, a, b) && dominates(c, b, a)) {
            add(c, a, b, 1);
            if (c->bound[b] == 0) {
                c->bound[b] = 1 + rng_below(rng, 3);
                c->loops[c->loop_count].header = b;
                c->loops[c->loop_count++].bound = c->bound[b];
            }
        }
    }
}

/* A graph by its fields (the struct's order is not the order people think in); reserved words 0. */
static wsp_host_ipet_graph make_graph(const uint64_t *wcet, uint32_t node_count, const wsp_pws_edge *edges,
                                      uint32_t edge_count, uint32_t entry, uint32_t exit,
                                      const wsp_host_ipet_loop *loops, uint32_t loop_count, const uint32_t *labels) {
    wsp_host_ipet_graph g;
    memset(&g, 0, sizeof g);
    g.wcet = wcet;
    g.node_count = node_count;
    g.edges = edges;
    g.edge_count = edge_count;
    g.entry = entry;
    g.exit = exit;
    g.loops = loops;
    g.loop_count = loop_count;
    g.labels = labels;
    return g;
}

static wsp_host_ipet_graph graph_of(const rand_cfg *c) {
    wsp_host_ipet_graph g;
    memset(&g, 0, sizeof g);
    g.wcet = c->wcet;
    g.node_count = c->n;
    g.edges = c->edges;
    g.edge_count = c->m;
    g.entry = 0;
    g.exit = c->n - 1;
    g.loops = c->loops;
    g.loop_count = c->loop_count;
    return g;
}

/* The longest execution from node v to the exit in which each loop's back edges are taken at most
 * `bound` times per entry into the loop (counter reset when the header is entered by a forward
 * edge); execution may end at the exit or go on through its out-edges. */
static uint64_t longest(const rand_cfg *c, uint32_t v, uint64_t *count, int *found) {
    uint64_t best = 0;
    uint32_t e;
    int any = 0;
    if (v == c->n - 1) any = 1;
    for (e = 0; e < c->m; ++e) {
        const uint32_t w = c->edges[e].to;
        uint64_t saved = count[w], len;
        int ok = 0;
        if (c->edges[e].from != v) continue;
        if (c->back[e]) {
            if (count[w] >= c->bound[w]) continue;
            ++count[w];
        } else if (c->bound[w] > 0) {
            count[w] = 0;
        }
        len = longest(c, w, count, &ok);
        count[w] = saved;
        if (ok && (!any || len > best)) best = len;
        any = any || ok;
    }
    *found = any;
    return c->wcet[v] + best;
}

static void test_worked_loop(void **state) {
    /* entry 0 -> header 1 -> body 2 -> header 1 (back), header 1 -> exit 3; body at most 10 times
     * per entry: 1 + 11 * 2 + 10 * 3 + 4 = 57. */
    uint64_t w[4] = {1, 2, 3, 4}, counts[4];
    wsp_pws_edge e[4] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}};
    wsp_host_ipet_loop l = {1, 0, 10};
    wsp_host_ipet_graph g = make_graph(w, 4, e, 4, 0, 3, &l, 1, NULL);
    wsp_host_ipet_result r;
    wsp_diag d;
    (void)state;
    assert_int_equal(wsp_host_ipet_solve(&g, NULL, counts, &r, &d), WSP_OK);
    assert_int_equal(r.stop, WSP_STOP_FINISHED);
    assert_int_equal(r.wcet, 57);
    assert_int_equal(r.back_edges, 1);
    assert_int_equal(counts[0], 1);
    assert_int_equal(counts[1], 11);
    assert_int_equal(counts[2], 10);
    assert_int_equal(counts[3], 1);
    /* The same loop entered at the entry itself: header 0 -> body 1 -> 0, 0 -> exit 2. */
    {
        uint64_t w2[3] = {2, 3, 4};
        wsp_pws_edge e2[3] = {{0, 1}, {1, 0}, {0, 2}};
        wsp_host_ipet_loop l2 = {0, 0, 5};
        wsp_host_ipet_graph g2 = make_graph(w2, 3, e2, 3, 0, 2, &l2, 1, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g2, NULL, NULL, &r, &d), WSP_OK);
        assert_int_equal(r.wcet, 6 * 2 + 5 * 3 + 4);
    }
    /* A self-loop with bound 3 on a single middle node. */
    {
        uint64_t w3[3] = {1, 7, 1};
        wsp_pws_edge e3[3] = {{0, 1}, {1, 1}, {1, 2}};
        wsp_host_ipet_loop l3 = {1, 0, 3};
        wsp_host_ipet_graph g3 = make_graph(w3, 3, e3, 3, 0, 2, &l3, 1, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g3, NULL, NULL, &r, &d), WSP_OK);
        assert_int_equal(r.wcet, 1 + 4 * 7 + 1);
    }
}

static void test_acyclic_equals_longest_path(void **state) {
    const uint32_t seed = test_seed();
    uint32_t t;
    (void)state;
    for (t = 0; t < 200; ++t) {
        uint32_t rng = seed + 104729u * t + 3u, case_seed = rng;
        rand_cfg c;
        uint64_t count[N_MAX] = {0}, expect;
        int found;
        wsp_host_ipet_graph g;
        wsp_host_ipet_result r;
        wsp_diag d;
        random_cfg(&rng, &c, 0);
        g = graph_of(&c);
        expect = longest(&c, 0, count, &found);
        CHECK_SEEDED(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d) == WSP_OK, case_seed, "%s", d.message);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED && r.wcet == expect && r.back_edges == 0, case_seed,
                     "IPET %llu, longest path %llu", (unsigned long long)r.wcet, (unsigned long long)expect);
    }
}

static void test_loops_never_below_executions(void **state) {
    const uint32_t seed = test_seed();
    uint32_t t, with_loops = 0, equal = 0;
    (void)state;
    for (t = 0; t < 300; ++t) {
        uint32_t rng = seed + 15485863u * t + 5u, case_seed = rng;
        rand_cfg c;
        uint64_t count[N_MAX] = {0}, expect;
        int found;
        wsp_host_ipet_graph g;
        wsp_host_ipet_result r;
        wsp_diag d;
        random_cfg(&rng, &c, 1);
        if (c.loop_count == 0) continue;
        ++with_loops;
        g = graph_of(&c);
        expect = longest(&c, 0, count, &found);
        CHECK_SEEDED(found, case_seed, "the generator made a CFG without a path to the exit");
        CHECK_SEEDED(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d) == WSP_OK, case_seed, "%s", d.message);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED && r.wcet >= expect, case_seed,
                     "IPET %llu below an execution of %llu", (unsigned long long)r.wcet, (unsigned long long)expect);
        equal += r.wcet == expect;
    }
    print_message("  %u CFGs with loops: IPET equals the longest bounded execution on %u\n", with_loops, equal);
    assert_true(with_loops >= 100);
}

static void test_errors(void **state) {
    uint64_t w[4] = {1, 2, 3, 4}, huge[2] = {1, (uint64_t)1 << 40};
    wsp_pws_edge loop_edges[4] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}};
    wsp_pws_edge irreducible[5] = {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}};
    wsp_pws_edge dead[3] = {{0, 1}, {0, 2}, {0, 3}};
    wsp_pws_edge chain[3] = {{0, 1}, {1, 2}, {2, 3}};
    wsp_pws_edge bad_edge[1] = {{0, 7}};
    wsp_host_ipet_loop l = {1, 0, 10}, l_wrong = {2, 0, 10}, twice[2] = {{1, 0, 1}, {1, 0, 2}};
    wsp_host_ipet_result r;
    wsp_host_ipet_options negative;
    wsp_diag d;
    (void)state;
    memset(&negative, 0, sizeof negative);
    negative.seconds = -1;
    {
        wsp_host_ipet_graph g = make_graph(w, 4, loop_edges, 4, 0, 3, NULL, 0, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_RANGE);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH);
        assert_int_equal(d.index, 2);
        assert_non_null(strstr(d.message, "no bound"));
        g.loops = &l_wrong;
        g.loop_count = 1;
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_RANGE);
        g.loops = twice;
        g.loop_count = 2;
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_RANGE);
        assert_int_equal(d.field, WSP_FIELD_IPET_LOOP);
        assert_int_equal(d.index, 2);
        assert_non_null(strstr(d.message, "two loop bounds"));
        g.loops = &l;
        g.loop_count = 1;
        assert_int_equal(wsp_host_ipet_solve(&g, &negative, NULL, &r, &d), WSP_ERR_RANGE);
        assert_int_equal(d.field, WSP_FIELD_SECONDS);
        assert_int_equal(wsp_host_ipet_solve(NULL, NULL, NULL, &r, &d), WSP_ERR_NULL_ARGUMENT);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH);
        assert_int_equal(d.index, 0);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, NULL, &d), WSP_ERR_NULL_ARGUMENT);
        assert_int_equal(d.field, WSP_FIELD_OUTPUT);
        g.exit = 9;
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_CFG_EDGE);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH);
        assert_int_equal(d.index, 0);
    }
    {
        /* A misplaced bound names the loop. */
        wsp_host_ipet_graph g = make_graph(w, 4, loop_edges, 4, 0, 3, &l_wrong, 1, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_RANGE);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH); /* node 2 (index 1) is the header without a bound */
        assert_int_equal(d.index, 2);
    }
    {
        /* The cycle 1 <-> 2 is entered at 1 and at 2: no header dominates it. */
        wsp_host_ipet_loop both[2] = {{1, 0, 3}, {2, 0, 3}};
        wsp_host_ipet_graph g = make_graph(w, 4, irreducible, 5, 0, 3, both, 2, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_CFG_STRUCTURE);
        assert_int_equal(d.field, WSP_FIELD_CFG_EDGE);
        assert_non_null(strstr(d.message, "irreducible"));
    }
    {
        wsp_host_ipet_graph g = make_graph(w, 4, dead, 3, 0, 3, NULL, 0, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_CFG_STRUCTURE);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH);
        assert_int_equal(d.index, 2);
        assert_non_null(strstr(d.message, "cannot reach the exit"));
        g.edges = chain;
        g.edge_count = 2; /* node 3 unreachable */
        g.exit = 2;
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_CFG_STRUCTURE);
        assert_non_null(strstr(d.message, "not reachable"));
        g.edges = bad_edge;
        g.edge_count = 1;
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_CFG_EDGE);
        assert_int_equal(d.field, WSP_FIELD_CFG_EDGE);
        assert_int_equal(d.index, 1);
    }
    {
        wsp_host_ipet_graph g = make_graph(huge, 2, chain, 1, 0, 1, NULL, 0, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_OVERFLOW);
        assert_int_equal(d.field, WSP_FIELD_IPET_GRAPH);
        assert_int_equal(d.index, 2);
    }
    {
        /* Messages name nodes by the caller's labels. */
        static const uint32_t labels[4] = {10, 20, 30, 40};
        wsp_host_ipet_graph g = make_graph(w, 4, loop_edges, 4, 0, 3, NULL, 0, labels);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_ERR_RANGE);
        assert_string_equal(d.message, "the loop at node 20 has no bound");
    }
    {
        /* One node: entry and exit, no edge. */
        wsp_host_ipet_graph g = make_graph(w, 1, NULL, 0, 0, 0, NULL, 0, NULL);
        assert_int_equal(wsp_host_ipet_solve(&g, NULL, NULL, &r, &d), WSP_OK);
        assert_int_equal(r.wcet, 1);
        assert_int_equal(d.status, WSP_OK);
        assert_int_equal(d.field, WSP_FIELD_NONE);
    }
}

/* Reserved words: the graph's (1..7), then the options' (8..15); a loop's reserved word names the
 * loop (field IPET_LOOP). The result is zeroed. */
static void test_reserved_words(void **state) {
    uint64_t w[4] = {1, 2, 3, 4};
    wsp_pws_edge e[4] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}};
    wsp_host_ipet_loop l[1] = {{1, 0, 10}};
    wsp_host_ipet_graph g = make_graph(w, 4, e, 4, 0, 3, l, 1, NULL);
    wsp_host_ipet_options o;
    wsp_host_ipet_result r;
    wsp_diag d;
    uint32_t k;
    (void)state;
    memset(&o, 0, sizeof o);
    for (k = 0; k < 7 + 8; ++k) {
        if (k < 7)
            g.reserved[k] = 1;
        else
            o.reserved[k - 7] = 1;
        r.wcet = 5;
        assert_int_equal(wsp_host_ipet_solve(&g, &o, NULL, &r, &d), WSP_ERR_RESERVED);
        assert_int_equal(d.field, WSP_FIELD_RESERVED);
        assert_int_equal(d.index, k + 1);
        assert_int_equal(r.wcet, 0);
        if (k < 7)
            g.reserved[k] = 0;
        else
            o.reserved[k - 7] = 0;
    }
    l[0].reserved0 = 1;
    assert_int_equal(wsp_host_ipet_solve(&g, &o, NULL, &r, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.field, WSP_FIELD_IPET_LOOP);
    assert_int_equal(d.index, 1);
    l[0].reserved0 = 0;
    assert_int_equal(wsp_host_ipet_solve(&g, &o, NULL, &r, &d), WSP_OK);
    assert_int_equal(r.wcet, 57);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_loop),
        cmocka_unit_test(test_acyclic_equals_longest_path),
        cmocka_unit_test(test_loops_never_below_executions),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_reserved_words),
    };
    return cmocka_run_group_tests_name("ipet", tests, NULL, NULL);
}
