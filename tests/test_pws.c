/* Paper 001 (PWS): the CFG model, Select, Prune and the longest path against a brute-force oracle
 * over split-wavefront paths; the worked example of Fig. 8 / Table 2; the lemmas' invariants; every
 * error path. */
#include "test_util.h"

#define MAX_NODES 64
#define MAX_EDGES 96

static uint64_t ws_storage[(WSP_PWS_WORKSPACE_SIZE(MAX_NODES, MAX_EDGES) + 7) / 8];

/* A CFG built in creation order (which is the structural walk order), with what the generator knows
 * about every branch; `perm` maps creation order to the node indices handed to the library. */
typedef struct gen_cfg {
    wsp_pws_node nodes[MAX_NODES];
    wsp_pws_edge edges[MAX_EDGES];
    uint32_t n, m;
    uint32_t p1[MAX_NODES], p2[MAX_NODES], bsb[MAX_NODES], rec[MAX_NODES]; /* creation ids; p = none: n/a */
    uint32_t parent[MAX_NODES];  /* Def. 4.1 context: 0 top level, else 1 + creation id */
    uint32_t next[MAX_NODES];    /* sequence successor (creation id) for blocks and reconv nodes */
    uint32_t perm[MAX_NODES];
} gen_cfg;

#define NONE 0xFFFFFFFFu

static uint32_t add_node(gen_cfg *g, uint8_t kind, uint64_t wcet, uint32_t parent) {
    uint32_t id = g->n++;
    g->nodes[id].kind = kind;
    g->nodes[id].wcet = wcet;
    g->nodes[id].label = id + 1;
    g->nodes[id].split = 0;
    g->parent[id] = parent;
    g->p1[id] = g->p2[id] = g->bsb[id] = g->rec[id] = g->next[id] = NONE;
    return id;
}

static void add_edge(gen_cfg *g, uint32_t from, uint32_t to) {
    g->edges[g->m].from = from;
    g->edges[g->m].to = to;
    g->m++;
}

/* A sequence of 1..3 items (0..3 when may_be_empty); returns first/last creation ids or NONE. */
static void gen_seq(gen_cfg *g, uint32_t *rng, int depth, uint32_t parent, int may_be_empty,
                    uint32_t *first, uint32_t *last) {
    uint32_t items = may_be_empty ? rng_below(rng, 4) : 1 + rng_below(rng, 3);
    uint32_t prev_last = NONE;
    *first = *last = NONE;
    for (uint32_t i = 0; i < items && g->n < 40; ++i) {
        uint32_t f, l;
        if (depth < 3 && g->n < 24 && rng_below(rng, 100) < 45) {
            uint32_t b = add_node(g, WSP_PWS_BRANCH, rng_below(rng, 6), parent), f1, l1, f2, l2, s, r;
            g->nodes[b].split = rng_below(rng, 100) < 70;
            gen_seq(g, rng, depth + 1, b + 1, rng_below(rng, 100) < 25, &f1, &l1);
            s = add_node(g, WSP_PWS_BSB, rng_below(rng, 4), parent);
            gen_seq(g, rng, depth + 1, s + 1, rng_below(rng, 100) < 25, &f2, &l2);
            r = add_node(g, WSP_PWS_RECONV, rng_below(rng, 6), parent);
            add_edge(g, b, f1 != NONE ? f1 : s);
            if (f1 != NONE) add_edge(g, b, s);
            if (l1 != NONE) add_edge(g, l1, s);
            add_edge(g, s, f2 != NONE ? f2 : r);
            if (f2 != NONE) add_edge(g, s, r);
            if (l2 != NONE) add_edge(g, l2, r);
            g->p1[b] = f1;
            g->p2[b] = f2;
            g->bsb[b] = s;
            g->rec[b] = r;
            f = b;
            l = r;
        } else {
            f = l = add_node(g, WSP_PWS_BLOCK, rng_below(rng, 20), parent);
        }
        if (prev_last != NONE) {
            add_edge(g, prev_last, f);
            g->next[prev_last] = f;
        }
        if (*first == NONE) *first = f;
        prev_last = *last = l;
    }
}

/* Shuffles node indices and edge order: the library must not rely on them. */
static void gen_random(gen_cfg *g, uint32_t *rng) {
    uint32_t first, last;
    wsp_pws_node shuffled[MAX_NODES];
    memset(g, 0, sizeof *g);
    gen_seq(g, rng, 0, 0, 0, &first, &last);
    for (uint32_t i = 0; i < g->n; ++i) g->perm[i] = i;
    for (uint32_t i = g->n; i > 1; --i) {
        uint32_t j = rng_below(rng, i), t = g->perm[i - 1];
        g->perm[i - 1] = g->perm[j];
        g->perm[j] = t;
    }
    for (uint32_t i = 0; i < g->n; ++i) shuffled[g->perm[i]] = g->nodes[i];
    for (uint32_t e = 0; e < g->m; ++e) {
        g->edges[e].from = g->perm[g->edges[e].from];
        g->edges[e].to = g->perm[g->edges[e].to];
    }
    for (uint32_t e = g->m; e > 1; --e) {
        uint32_t j = rng_below(rng, e);
        wsp_pws_edge t = g->edges[e - 1];
        g->edges[e - 1] = g->edges[j];
        g->edges[j] = t;
    }
    memcpy(g->nodes, shuffled, sizeof shuffled);
}

/* The generator's node data by creation id (nodes[] is permuted). */
static const wsp_pws_node *gnode(const gen_cfg *g, uint32_t id) { return &g->nodes[g->perm[id]]; }

/* Select (Alg. 1) written again from the paper, over creation order. */
static void oracle_select(const gen_cfg *g, uint32_t S, uint8_t *in_sb) {
    uint8_t used[MAX_NODES + 1] = {0};
    uint32_t count = 0;
    for (uint32_t u = 0; u < g->n; ++u) {
        in_sb[u] = 0;
        if (gnode(g, u)->kind != WSP_PWS_BRANCH || !gnode(g, u)->split) continue;
        if (used[g->parent[u]]) {
            in_sb[u] = 1;
        } else if (count < S) {
            in_sb[u] = 1;
            used[g->parent[u]] = 1;
            ++count;
        }
    }
}

/* Brute force: enumerates every path a split wavefront can take and returns the longest. At a split
 * point an SWF runs exactly one side; elsewhere the wavefront runs path 1, path 2 or both (never
 * neither). `frames` holds the open branches with the sides chosen. */
typedef struct oracle {
    const gen_cfg *g;
    const uint8_t *in_sb;
    uint32_t branch[MAX_NODES], sides[MAX_NODES];
    uint64_t best, paths;
} oracle;

static void walk_paths(oracle *o, uint32_t v, uint32_t depth, uint64_t length);

/* Continue after node v (already counted) at the end of an item: its sequence successor, or the end
 * of the enclosing path. */
static void after_item(oracle *o, uint32_t v, uint32_t depth, uint64_t length) {
    const gen_cfg *g = o->g;
    if (g->next[v] != NONE) {
        walk_paths(o, g->next[v], depth, length);
        return;
    }
    if (depth == 0) {
        if (length > o->best) o->best = length;
        ++o->paths;
        return;
    }
    {
        /* The frame is saved and restored around every call: a later sibling branch reuses its slot. */
        uint32_t b = o->branch[depth - 1], sides = o->sides[depth - 1];
        if (!(sides & 4u)) { /* end of path 1: through the BSB */
            uint64_t l = length + gnode(g, g->bsb[b])->wcet;
            o->sides[depth - 1] = sides | 4u;
            if ((sides & 2u) && g->p2[b] != NONE)
                walk_paths(o, g->p2[b], depth, l);
            else
                walk_paths(o, g->rec[b], depth - 1, l);
        } else { /* end of path 2 */
            walk_paths(o, g->rec[b], depth - 1, length);
        }
        o->branch[depth - 1] = b;
        o->sides[depth - 1] = sides;
    }
}

static void walk_paths(oracle *o, uint32_t v, uint32_t depth, uint64_t length) {
    const gen_cfg *g = o->g;
    length += gnode(g, v)->wcet;
    if (gnode(g, v)->kind != WSP_PWS_BRANCH) {
        after_item(o, v, depth, length);
        return;
    }
    for (uint32_t sides = 1; sides <= 3; ++sides) {
        if (o->in_sb[v] && sides == 3) continue;
        o->branch[depth] = v;
        o->sides[depth] = sides;
        if ((sides & 1u) && g->p1[v] != NONE) {
            walk_paths(o, g->p1[v], depth + 1, length);
        } else {
            /* straight to the BSB: path 1 skipped or empty */
            uint64_t l = length + gnode(g, g->bsb[v])->wcet;
            o->sides[depth] = sides | 4u;
            if ((sides & 2u) && g->p2[v] != NONE)
                walk_paths(o, g->p2[v], depth + 1, l);
            else
                walk_paths(o, g->rec[v], depth, l);
        }
    }
}

static uint64_t oracle_worst(const gen_cfg *g, const uint8_t *in_sb, uint64_t *paths) {
    oracle o;
    memset(&o, 0, sizeof o);
    o.g = g;
    o.in_sb = in_sb;
    walk_paths(&o, 0, 0, 0);
    *paths = o.paths;
    return o.best;
}

static wsp_pws_cfg cfg_of(const gen_cfg *g) {
    wsp_pws_cfg c;
    memset(&c, 0, sizeof c); /* reserved words 0 */
    c.nodes = g->nodes;
    c.node_count = g->n;
    c.edges = g->edges;
    c.edge_count = g->m;
    return c;
}

#ifdef WSP_TEST_IPET
#include "warpspan_host.h"

/* Marks the nodes reachable from `start` over the edges (forward) or against them. */
static void mark_reach(const wsp_pws_edge *edges, uint32_t m, uint32_t start, int forward, uint8_t *seen) {
    int changed = 1;
    uint32_t e;
    seen[start] = 1;
    while (changed) {
        changed = 0;
        for (e = 0; e < m; ++e) {
            const uint32_t a = forward ? edges[e].from : edges[e].to, b = forward ? edges[e].to : edges[e].from;
            if (seen[a] && !seen[b]) seen[b] = changed = 1;
        }
    }
}

/* Issue 6 item 3: IPET as an ILP (host, lp_solve) against the longest paths where both apply: on
 * C_out (the CFG without the edges Prune removed, and without the nodes that leaves off every path
 * from the entry to the exit) it must give paths.pruned, on the whole CFG paths.full. */
static void check_ipet(const wsp_pws_cfg *c, const uint8_t *removed, const wsp_pws_paths *paths,
                       uint32_t case_seed) {
    uint64_t wcet[MAX_NODES];
    wsp_pws_edge kept[MAX_EDGES], sub[MAX_EDGES];
    uint8_t has_in[MAX_NODES] = {0}, has_out[MAX_NODES] = {0};
    uint32_t v, e, m, n, index[MAX_NODES], entry = 0, exit = 0;
    int pass;
    wsp_host_ipet_graph g;
    wsp_host_ipet_result r;
    wsp_diag d;
    for (e = 0; e < c->edge_count; ++e) has_in[c->edges[e].to] = has_out[c->edges[e].from] = 1;
    for (v = 0; v < c->node_count; ++v) {
        if (!has_in[v]) entry = v;
        if (!has_out[v]) exit = v;
    }
    for (pass = 0; pass < 2; ++pass) {
        uint8_t fwd[MAX_NODES] = {0}, bwd[MAX_NODES] = {0};
        m = 0;
        for (e = 0; e < c->edge_count; ++e)
            if (pass == 1 || !removed[e]) kept[m++] = c->edges[e];
        mark_reach(kept, m, entry, 1, fwd);
        mark_reach(kept, m, exit, 0, bwd);
        for (n = 0, v = 0; v < c->node_count; ++v)
            if (fwd[v] && bwd[v]) {
                index[v] = n;
                wcet[n++] = c->nodes[v].wcet;
            }
        memset(&g, 0, sizeof g);
        g.wcet = wcet;
        g.node_count = n;
        g.entry = index[entry];
        g.exit = index[exit];
        g.edges = sub;
        for (e = 0; e < m; ++e)
            if (fwd[kept[e].from] && bwd[kept[e].from] && fwd[kept[e].to] && bwd[kept[e].to]) {
                sub[g.edge_count].from = index[kept[e].from];
                sub[g.edge_count++].to = index[kept[e].to];
            }
        CHECK_SEEDED(wsp_host_ipet_solve(&g, 0, NULL, &r, &d) == WSP_OK, case_seed, "IPET: %s", d.message);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED && r.wcet == (pass ? paths->full : paths->pruned), case_seed,
                     "IPET on %s: %llu, longest path %llu", pass ? "the CFG" : "C_out", (unsigned long long)r.wcet,
                     (unsigned long long)(pass ? paths->full : paths->pruned));
    }
}
#endif

static void test_oracle(void **state) {
    uint32_t seed = test_seed(), cfgs = 0, compared = 0;
    uint64_t total_paths = 0;
    (void)state;
    for (uint32_t t = 0; t < 300; ++t) {
        uint32_t rng = seed + 7919u * t + 1u, case_seed = rng;
        gen_cfg g;
        gen_random(&g, &rng);
        ++cfgs;
        for (uint32_t S = 0; S <= 3; ++S) {
            wsp_pws_cfg c = cfg_of(&g);
            wsp_pws_paths paths;
            wsp_diag diag;
            uint8_t selected[MAX_NODES], removed[MAX_EDGES], in_sb[MAX_NODES], none[MAX_NODES] = {0};
            uint64_t worst_from[MAX_NODES], n_paths = 0, n_all = 0, expect, expect_full;
            uint32_t n_sb = 0, n_removed = 0;
            wsp_status st = wsp_pws_analyse(&c, S, ws_storage, sizeof ws_storage, selected, removed,
                                            worst_from, &paths, &diag);
            CHECK_SEEDED(st == WSP_OK, case_seed, "S = %u: %s", S, diag.message);
            oracle_select(&g, S, in_sb);
            for (uint32_t u = 0; u < g.n; ++u) {
                CHECK_SEEDED(selected[g.perm[u]] == in_sb[u], case_seed, "S = %u: node %u selection", S, u + 1);
                n_sb += in_sb[u];
            }
            for (uint32_t e = 0; e < g.m; ++e) n_removed += removed[e];
            CHECK_SEEDED(paths.selected == n_sb && paths.removed == n_removed && paths.contexts <= S,
                         case_seed, "S = %u: counts", S);
            expect = oracle_worst(&g, in_sb, &n_paths);
            expect_full = oracle_worst(&g, none, &n_all);
            total_paths += n_paths;
            CHECK_SEEDED(paths.pruned == expect, case_seed, "S = %u: pruned %llu, oracle %llu", S,
                         (unsigned long long)paths.pruned, (unsigned long long)expect);
            CHECK_SEEDED(paths.full == expect_full, case_seed, "S = %u: full %llu, oracle %llu", S,
                         (unsigned long long)paths.full, (unsigned long long)expect_full);
            CHECK_SEEDED(worst_from[g.perm[0]] == expect, case_seed, "entry's worst_from");
#ifdef WSP_TEST_IPET
            if (t < 100) check_ipet(&c, removed, &paths, case_seed);
#endif
            ++compared;
        }
    }
    print_message("oracle: %u random CFGs, %u comparisons (S = 0..3), %llu SWF paths enumerated\n",
                  cfgs, compared, (unsigned long long)total_paths);
    assert_true(cfgs >= 200);
}

/* Paper 001 Fig. 8, reconstructed (docs/pws-analysis.md, "Table 2"): nodes 1..18; e_bb of 5 and 8-18 from the
 * figure's table, e1 + e2 + e4 = 14, e6 + e7 = 6 and e3 = 3 solved from Table 2 and F[5] = 37 (the
 * split inside those sums is not in the extracted text and changes no result). */
static const uint64_t fig8_wcet[18] = {5, 4, 3, 5, 6, 3, 3, 5, 1, 4, 3, 3, 1, 1, 1, 2, 5, 4};
static const uint8_t fig8_kind[18] = {1, 1, 0, 2, 0, 3, 1, 0, 2, 0, 3, 2, 1, 0, 2, 0, 3, 3};
static const uint32_t fig8_edges[][2] = {{1, 2}, {1, 12}, {2, 3}, {2, 4}, {3, 4}, {4, 5}, {4, 6},
                                         {5, 6}, {6, 7}, {7, 8}, {7, 9}, {8, 9}, {9, 10}, {9, 11},
                                         {10, 11}, {11, 12}, {12, 13}, {12, 18}, {13, 14}, {13, 15},
                                         {14, 15}, {15, 16}, {15, 17}, {16, 17}, {17, 18}};
#define FIG8_EDGES (sizeof fig8_edges / sizeof fig8_edges[0])

static void fig8(wsp_pws_node *nodes, wsp_pws_edge *edges, wsp_pws_cfg *c) {
    memset(nodes, 0, 18 * sizeof *nodes);
    memset(c, 0, sizeof *c);
    for (uint32_t i = 0; i < 18; ++i) {
        nodes[i].wcet = fig8_wcet[i];
        nodes[i].kind = fig8_kind[i];
        nodes[i].label = i + 1;
        nodes[i].split = fig8_kind[i] == WSP_PWS_BRANCH; /* P = {1, 2, 7, 13} */
    }
    for (uint32_t e = 0; e < FIG8_EDGES; ++e) {
        edges[e].from = fig8_edges[e][0] - 1;
        edges[e].to = fig8_edges[e][1] - 1;
    }
    c->nodes = nodes;
    c->node_count = 18;
    c->edges = edges;
    c->edge_count = (uint32_t)FIG8_EDGES;
}

static void test_table2(void **state) {
    /* Table 2 (S = 1, 2, 3): no splitting 60, DWS 127 192 245, PWS 52 49 47. */
    static const struct {
        uint32_t S;
        uint64_t pruned, wf_pws, pws, dws, none;
        uint32_t sb;
        const char *sb_nodes;
    } rows[] = {
        {1, 49, 51, 52, 135, 60, 1, "1"},          /* paper: PWS 52 (reproduced), DWS 127 (not) */
        {2, 42, 48, 49, 202, 60, 3, "1 2 7"},      /* paper: PWS 49, E_WF 48 (reproduced), DWS 192 (not) */
        {3, 42, 50, 51, 269, 60, 4, "1 2 7 13"},   /* paper: PWS 47 (not), DWS 245 (not) */
    };
    wsp_pws_node nodes[18];
    wsp_pws_edge edges[FIG8_EDGES];
    wsp_pws_cfg c;
    (void)state;
    fig8(nodes, edges, &c);
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r) {
        wsp_pws_paths paths;
        wsp_pws_wcet k;
        wsp_pws_params p;
        wsp_diag diag;
        uint8_t selected[18], removed[FIG8_EDGES];
        char sb[64] = "";
        memset(&p, 0, sizeof p);
        p.wf_contexts = 1;
        p.wf_size = 64;
        p.wg_size = 64;
        p.workgroups = 1; /* DS = 1 */
        p.init_delay = p.split_cost = p.merge_cost = 1;
        p.spsimds = rows[r].S;
        assert_int_equal(wsp_pws_analyse(&c, rows[r].S, ws_storage, sizeof ws_storage, selected, removed,
                                         NULL, &paths, &diag), WSP_OK);
        for (uint32_t i = 0; i < 18; ++i)
            if (selected[i]) snprintf(sb + strlen(sb), sizeof sb - strlen(sb), "%s%u", sb[0] ? " " : "", i + 1);
        assert_string_equal(sb, rows[r].sb_nodes);
        assert_int_equal(paths.selected, rows[r].sb);
        assert_int_equal(paths.full, 59);
        assert_int_equal(paths.pruned, rows[r].pruned);
        assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_OK);
        assert_int_equal(k.dispatches_pws, 1);
        assert_int_equal(k.dispatches, 1);
        assert_int_equal(k.wf_pws, rows[r].wf_pws);
        assert_int_equal(k.kernel_pws, rows[r].pws);
        assert_int_equal(k.kernel_dws, rows[r].dws);
        assert_int_equal(k.kernel_none, rows[r].none);
        if (rows[r].S == 2) {
            /* Prune removes 2 -> 3 (the paper's e2: F[3] < F[5]), 9 -> 10 and 12 -> 13. */
            char er[64] = "";
            for (uint32_t e = 0; e < FIG8_EDGES; ++e)
                if (removed[e])
                    snprintf(er + strlen(er), sizeof er - strlen(er), "%s%u->%u", er[0] ? " " : "",
                             fig8_edges[e][0], fig8_edges[e][1]);
            assert_string_equal(er, "2->3 9->10 12->13");
        }
    }
    {
        /* Fig. 8's table says F[13] = 16; the serialised worst path from 13 is
         * 1 + 1 + 1 + 2 + 5 + 4 = 14 (what Alg. 2's own line 9 gives too). */
        wsp_pws_paths paths;
        uint64_t worst_from[18];
        assert_int_equal(wsp_pws_analyse(&c, 0, ws_storage, sizeof ws_storage, NULL, NULL, worst_from,
                                         &paths, NULL), WSP_OK);
        assert_int_equal(worst_from[12], 14);
        assert_int_equal(worst_from[0], 59);
    }
}

static void random_params(uint32_t *rng, uint32_t S, wsp_pws_params *p) {
    memset(p, 0, sizeof *p);
    p->cus = rng_below(rng, 5);
    p->simds = rng_below(rng, 5);
    p->wf_contexts = 1 + rng_below(rng, 4);
    p->wf_size = 1 + rng_below(rng, 64);
    p->wg_size = 1 + rng_below(rng, p->wf_size * p->wf_contexts);
    p->workgroups = 1 + rng_below(rng, 200);
    p->init_delay = rng_below(rng, 10);
    p->split_cost = rng_below(rng, 6);
    p->merge_cost = rng_below(rng, 6);
    p->spsimds = S;
}

static void test_invariants(void **state) {
    uint32_t seed = test_seed() ^ 0x5a5a5a5au;
    (void)state;
    for (uint32_t t = 0; t < 400; ++t) {
        uint32_t rng = seed + 104729u * t + 1u, case_seed = rng, S;
        gen_cfg g;
        wsp_pws_cfg c;
        wsp_pws_paths paths;
        wsp_pws_params p;
        wsp_pws_wcet k;
        wsp_diag diag;
        gen_random(&g, &rng);
        c = cfg_of(&g);
        S = rng_below(&rng, 5);
        random_params(&rng, S, &p);
        assert_int_equal(wsp_pws_analyse(&c, S, ws_storage, sizeof ws_storage, NULL, NULL, NULL, &paths,
                                         &diag), WSP_OK);
        CHECK_SEEDED(wsp_pws_wcet_compute(&p, &paths, &k, &diag) == WSP_OK, case_seed, "%s", diag.message);
        CHECK_SEEDED(k.kernel_pws <= k.kernel_dws, case_seed, "Lemma 5.8: PWS %llu > DWS %llu",
                     (unsigned long long)k.kernel_pws, (unsigned long long)k.kernel_dws);
        CHECK_SEEDED(k.wf_pws <= k.wf_dws, case_seed, "Lemma 5.6");
        CHECK_SEEDED(k.dispatches_pws <= k.dispatches && k.simds_total >= (p.simds ? p.simds : 4u),
                     case_seed, "re-provisioning never loses SIMDs");
        if (S == 0)
            CHECK_SEEDED(k.kernel_dws == k.kernel_none && k.kernel_pws == k.kernel_none, case_seed,
                         "S = 0 is no splitting");
        p.split_cost = p.merge_cost = 0;
        CHECK_SEEDED(wsp_pws_wcet_compute(&p, &paths, &k, &diag) == WSP_OK, case_seed, "%s", diag.message);
        CHECK_SEEDED(k.kernel_pws <= k.kernel_none, case_seed, "free splitting: PWS %llu > none %llu",
                     (unsigned long long)k.kernel_pws, (unsigned long long)k.kernel_none);
    }
}

static void test_lemmas(void **state) {
    /* Eq. 2, the paper's example: 4 SIMDs, S = 3, |SB| = 1 -> 4 + floor(2 * 4 / 2) = 8. */
    wsp_pws_paths paths;
    wsp_pws_params p;
    wsp_pws_wcet k;
    (void)state;
    memset(&paths, 0, sizeof paths);
    memset(&p, 0, sizeof p);
    paths.spsimds = 3;
    paths.selected = paths.contexts = 1;
    paths.branches = paths.marked = 2;
    paths.pruned = 10;
    paths.full = 15;
    p.spsimds = 3;
    p.wf_contexts = 2;
    p.wf_size = 64;
    p.wg_size = 256;
    p.workgroups = 100;
    p.init_delay = 5;
    p.split_cost = 2;
    p.merge_cost = 1;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, NULL), WSP_OK);
    assert_int_equal(k.simds_total, 8);
    /* Def. 5.2: 4 CUs * 8 SIMDs * 2 contexts * 64 / 256 = 16; DS = ceil(100 / 16) = 7. */
    assert_int_equal(k.parallel_pws, 16);
    assert_int_equal(k.dispatches_pws, 7);
    assert_int_equal(k.parallel, 8);
    assert_int_equal(k.dispatches, 13);
    /* Lemma 5.1: 10 + 1 * 3; Lemma 5.5: 7 * (5 + 13). DWS: 15 + 2 * 3 = 21; Lemma 5.7: 13 * (5 + 4 * 21). */
    assert_int_equal(k.wf_pws, 13);
    assert_int_equal(k.kernel_pws, 7 * 18);
    assert_int_equal(k.wf_dws, 21);
    assert_int_equal(k.kernel_dws, 13 * (5 + 4 * 21));
    assert_int_equal(k.kernel_none, 13 * 20);
}

/* One malformed graph: nodes as (kind, wcet), edges as 1-based pairs; expected status, the input it
 * is about (a node or an edge) and where (1-based, 0 for the graph as a whole). */
typedef struct bad_case {
    const char *name;
    uint32_t n;
    uint8_t kind[6];
    uint64_t wcet[6];
    uint32_t m;
    uint32_t edge[8][2];
    wsp_status status;
    uint32_t field;
    uint32_t index;
    const char *words;
} bad_case;

/* Eq. 2 takes |SB| as the paper does, also when Select reused a context (contexts < |SB|), and
 * re-provisions nothing when |SB| >= S; inconsistent paths are refused, never turned into a WCET. */
static void test_eq2_and_path_checks(void **state) {
    static const struct {
        uint32_t S, selected, contexts, simds_total;
    } eq2[] = {
        {3, 1, 1, 8}, /* the paper's example: 4 + floor(2 * 4 / 2) */
        {3, 2, 1, 5}, /* reuse: 4 + floor(1 * 4 / 3) with |SB| = 2, not the 8 that contexts = 1 gives */
        {2, 2, 2, 4}, /* |SB| = S: nothing idle */
        {2, 3, 2, 4}, /* |SB| > S (Fig. 8, S = 2): nothing idle, N_unused is not negative */
        {1, 0, 0, 8}, /* no split point: 4 + floor(1 * 4 / 1) */
    };
    static const struct {
        uint32_t S, branches, marked, selected, contexts;
        uint64_t pruned, full;
        const char *why;
    } bad[] = {
        {1, 1, 2, 0, 0, 5, 9, "|P| > |B|"},
        {3, 2, 1, 2, 1, 5, 9, "|SB| > |P|"},
        {1, 3, 3, 3, 2, 5, 9, "more SWF contexts"},
        {3, 3, 3, 1, 2, 5, 9, "more SWF contexts"},
        {3, 3, 3, 2, 0, 5, 9, "without an SWF context"},
        {1, 1, 1, 1, 1, 10, 9, "exceeds the serialised path"},
    };
    wsp_pws_paths paths;
    wsp_pws_params p;
    wsp_pws_wcet k;
    wsp_diag d;
    size_t r;
    (void)state;
    memset(&p, 0, sizeof p);
    p.wf_contexts = 1;
    p.wf_size = 64;
    p.wg_size = 64;
    p.workgroups = 10;
    for (r = 0; r < sizeof eq2 / sizeof eq2[0]; ++r) {
        memset(&paths, 0, sizeof paths);
        paths.spsimds = p.spsimds = eq2[r].S;
        paths.branches = paths.marked = 4;
        paths.selected = eq2[r].selected;
        paths.contexts = eq2[r].contexts;
        paths.pruned = 5;
        paths.full = 9;
        assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &d), WSP_OK);
        if (k.simds_total != eq2[r].simds_total)
            fail_msg("row %u: N_SIMD total %llu, expected %u", (unsigned)r, (unsigned long long)k.simds_total,
                     eq2[r].simds_total);
    }
    for (r = 0; r < sizeof bad / sizeof bad[0]; ++r) {
        memset(&paths, 0, sizeof paths);
        paths.spsimds = p.spsimds = bad[r].S;
        paths.branches = bad[r].branches;
        paths.marked = bad[r].marked;
        paths.selected = bad[r].selected;
        paths.contexts = bad[r].contexts;
        paths.pruned = bad[r].pruned;
        paths.full = bad[r].full;
        assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &d), WSP_ERR_RANGE);
        if (strstr(d.message, bad[r].why) == NULL) fail_msg("row %u: message '%s'", (unsigned)r, d.message);
    }
}

static void test_malformed(void **state) {
    static const bad_case cases[] = {
        {"cycle", 3, {0, 0, 0}, {1, 1, 1}, 3, {{1, 2}, {2, 3}, {3, 2}}, WSP_ERR_CFG_CYCLE, WSP_FIELD_CFG_NODE, 3, "cycle"},
        {"cycle without entry", 2, {0, 0}, {1, 1}, 2, {{1, 2}, {2, 1}}, WSP_ERR_CFG_CYCLE, WSP_FIELD_CFG_NODE, 1, "cycle"},
        {"dangling edge", 2, {0, 0}, {1, 1}, 2, {{1, 2}, {2, 9}}, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 2, "dangles"},
        {"self-loop", 2, {0, 0}, {1, 1}, 2, {{1, 2}, {2, 2}}, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 2, "itself"},
        {"BSB without its branch", 3, {0, 2, 3}, {1, 1, 1}, 2, {{1, 2}, {2, 3}}, WSP_ERR_CFG_STRUCTURE,
         WSP_FIELD_CFG_NODE, 2, "BSB without its branch"},
        {"branch without its BSB", 4, {1, 0, 0, 3}, {1, 1, 1, 1}, 4, {{1, 2}, {1, 3}, {2, 4}, {3, 4}},
         WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 1, "without its BSB"},
        {"reconvergence without branch", 2, {0, 3}, {1, 1}, 1, {{1, 2}}, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE,
         2, "without its branch"},
        {"BSB without reconvergence", 4, {1, 0, 2, 0}, {1, 1, 1, 1}, 4, {{1, 2}, {1, 3}, {2, 3}, {3, 4}},
         WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 3, "reconvergence"},
        {"two exits", 3, {0, 0, 0}, {1, 1, 1}, 2, {{1, 2}, {1, 3}}, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 3,
         "two exits"},
        {"two entries", 3, {0, 0, 0}, {1, 1, 1}, 2, {{1, 3}, {2, 3}}, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 2,
         "two entries"},
        {"block with two successors", 4, {0, 0, 0, 0}, {1, 1, 1, 1}, 4, {{1, 2}, {1, 3}, {2, 4}, {3, 4}},
         WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 1, "two successors"},
        {"jump out of a path", 6, {1, 0, 2, 0, 3, 0}, {1, 1, 1, 1, 1, 1}, 7,
         {{1, 2}, {1, 3}, {2, 6}, {3, 4}, {3, 5}, {4, 5}, {5, 6}}, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 6,
         "inside the paths of branch 1"},
        {"duplicate edge", 2, {1, 2}, {1, 1}, 2, {{1, 2}, {1, 2}}, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 2,
         "two edges"},
        {"unknown kind", 2, {0, 9}, {1, 1}, 1, {{1, 2}}, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 2, "kind"},
        {"huge WCETs", 3, {0, 0, 0}, {1, 0x8000000000000000ull, 0x8000000000000000ull}, 2, {{1, 2}, {2, 3}},
         WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE, 2, "exceeds"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const bad_case *bc = &cases[i];
        wsp_pws_node nodes[6];
        wsp_pws_edge edges[8];
        wsp_pws_cfg c;
        wsp_pws_paths paths;
        wsp_diag diag;
        wsp_status st;
        memset(nodes, 0, sizeof nodes);
        memset(&c, 0, sizeof c);
        for (uint32_t v = 0; v < bc->n; ++v) {
            nodes[v].kind = bc->kind[v];
            nodes[v].wcet = bc->wcet[v];
            nodes[v].label = v + 1;
            nodes[v].split = 1;
        }
        for (uint32_t e = 0; e < bc->m; ++e) {
            edges[e].from = bc->edge[e][0] - 1;
            edges[e].to = bc->edge[e][1] - 1;
        }
        c.nodes = nodes;
        c.node_count = bc->n;
        c.edges = edges;
        c.edge_count = bc->m;
        st = wsp_pws_analyse(&c, 1, ws_storage, sizeof ws_storage, NULL, NULL, NULL, &paths, &diag);
        print_message("%-30s %s\n", bc->name, diag.message);
        if (st != bc->status || diag.field != bc->field || diag.index != bc->index ||
            strstr(diag.message, bc->words) == NULL) {
            print_error("%s: status %d field %s index %u message '%s'\n", bc->name, (int)st,
                        wsp_field_name(diag.field), (unsigned)diag.index, diag.message);
            fail();
        }
        assert_int_equal(diag.status, bc->status);
    }
}

static void test_workspace_and_params(void **state) {
    wsp_pws_node nodes[18];
    wsp_pws_edge edges[FIG8_EDGES];
    wsp_pws_cfg c;
    wsp_pws_paths paths;
    wsp_pws_params p;
    wsp_pws_wcet k;
    wsp_diag diag;
    size_t need = 0, large = 0;
    wsp_pws_cfg big;
    (void)state;
    fig8(nodes, edges, &c);
    assert_int_equal(wsp_pws_workspace_size(&c, &need, &diag), WSP_OK);
    assert_true(need > 0 && need <= WSP_PWS_WORKSPACE_SIZE(18, FIG8_EDGES));
    memset(&big, 0, sizeof big);
    big.node_count = MAX_NODES;
    big.edge_count = MAX_EDGES;
    assert_int_equal(wsp_pws_workspace_size(&big, &large, &diag), WSP_OK);
    assert_true(large <= sizeof ws_storage);
    assert_int_equal(wsp_pws_workspace_size(NULL, &large, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(large, 0);
    assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
    assert_int_equal(wsp_pws_workspace_size(&c, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need - 1, NULL, NULL, NULL, &paths, &diag),
                     WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_pws_analyse(&c, 2, (char *)ws_storage + 1, need, NULL, NULL, NULL, &paths, &diag),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(wsp_pws_analyse(&c, 2, NULL, need, NULL, NULL, NULL, &paths, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_pws_analyse(NULL, 2, ws_storage, need, NULL, NULL, NULL, &paths, &diag),
                     WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
    assert_int_equal(diag.index, 0);
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need, NULL, NULL, NULL, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_OUTPUT);
    c.node_count = 0;
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need, NULL, NULL, NULL, &paths, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
    c.node_count = WSP_PWS_MAX_NODES + 1;
    assert_int_equal(wsp_pws_workspace_size(&c, &large, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
    c.node_count = 18;
    c.edge_count = WSP_PWS_MAX_EDGES + 1;
    assert_int_equal(wsp_pws_workspace_size(&c, &large, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_CFG_EDGE);
    c.edge_count = (uint32_t)FIG8_EDGES;
    c.edges = NULL;
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need, NULL, NULL, NULL, &paths, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_CFG_EDGE);
    c.edges = edges;
    c.nodes = NULL;
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need, NULL, NULL, NULL, &paths, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
    c.nodes = nodes;
    assert_int_equal(wsp_pws_analyse(&c, 2, ws_storage, need, NULL, NULL, NULL, &paths, &diag), WSP_OK);
    assert_int_equal(diag.status, WSP_OK);
    assert_int_equal(diag.field, WSP_FIELD_NONE);

    memset(&p, 0, sizeof p);
    p.wf_contexts = 1;
    p.wf_size = 64;
    p.wg_size = 64;
    p.workgroups = 1;
    p.spsimds = 2;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_OK);
    p.wf_contexts = 0;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WF_CONTEXTS);
    assert_non_null(strstr(diag.message, "N_WFC"));
    p.wf_contexts = 1;
    p.wf_size = 0;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WF_SIZE);
    p.wf_size = 64;
    p.wg_size = 0;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WG_SIZE);
    p.wg_size = 64;
    p.workgroups = 0;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WORKGROUPS);
    p.workgroups = 1;
    p.spsimds = 3;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_SPSIMDS);
    p.spsimds = 2;
    p.wg_size = 4u * 4u * 64u + 1u; /* more work-items than the GPU has slots (no re-provisioning: S used) */
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RANGE);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WG_SIZE);
    assert_non_null(strstr(diag.message, "does not fit"));
    p.wg_size = 64;
    p.init_delay = UINT64_MAX;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_PWS_COSTS);
    p.init_delay = 0;
    p.split_cost = UINT64_MAX;
    p.merge_cost = 1;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_PWS_COSTS);
    p.split_cost = UINT64_MAX / 4;
    p.merge_cost = 0;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_PWS_COSTS);
    p.split_cost = 0;
    p.workgroups = UINT64_MAX;
    p.init_delay = UINT64_MAX / 2; /* d + E_WF fits; DS (d + E_WF) does not */
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_PWS_WORKGROUPS);
    p.init_delay = 0;
    p.cus = 0xFFFFFFFFu;
    p.simds = 0xFFFFFFFFu;
    p.wf_contexts = 0xFFFFFFFFu;
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_OVERFLOW);
    assert_int_equal(diag.field, WSP_FIELD_PWS_CUS);
    {
        wsp_pws_wcet zero;
        memset(&zero, 0, sizeof zero);
        assert_memory_equal(&k, &zero, sizeof k); /* zeroed on error */
    }
    assert_int_equal(wsp_pws_wcet_compute(NULL, &paths, &k, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_PWS_PARAMS);
    assert_int_equal(wsp_pws_wcet_compute(&p, NULL, &k, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_PWS_PATHS);
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, NULL, &diag), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(diag.field, WSP_FIELD_OUTPUT);
}

/* Reserved words: the CFG's (1..4); a node's reserved bytes (field CFG_NODE, the node); the
 * parameters' (1..8) and the paths' (9..12) in wsp_pws_wcet_compute. */
static void test_reserved_words(void **state) {
    wsp_pws_node nodes[18];
    wsp_pws_edge edges[FIG8_EDGES];
    wsp_pws_cfg c;
    wsp_pws_paths paths, zero_paths;
    wsp_pws_params p;
    wsp_pws_wcet k;
    wsp_diag diag;
    size_t size = 3;
    (void)state;
    fig8(nodes, edges, &c);
    for (uint32_t r = 0; r < 4; ++r) {
        c.reserved[r] = 1;
        assert_int_equal(wsp_pws_workspace_size(&c, &size, &diag), WSP_ERR_RESERVED);
        assert_int_equal(size, 0);
        assert_int_equal(diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(diag.index, r + 1);
        memset(&paths, 0xCD, sizeof paths);
        assert_int_equal(wsp_pws_analyse(&c, 1, ws_storage, sizeof ws_storage, NULL, NULL, NULL, &paths, &diag),
                         WSP_ERR_RESERVED);
        assert_int_equal(diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(diag.index, r + 1);
        memset(&zero_paths, 0, sizeof zero_paths);
        assert_memory_equal(&paths, &zero_paths, sizeof paths);
        c.reserved[r] = 0;
    }
    for (uint32_t b = 0; b < 2; ++b) {
        nodes[6].reserved[b] = 0x80;
        assert_int_equal(wsp_pws_analyse(&c, 1, ws_storage, sizeof ws_storage, NULL, NULL, NULL, &paths, &diag),
                         WSP_ERR_RESERVED);
        assert_int_equal(diag.field, WSP_FIELD_CFG_NODE);
        assert_int_equal(diag.index, 7);
        nodes[6].reserved[b] = 0;
    }
    assert_int_equal(wsp_pws_analyse(&c, 1, ws_storage, sizeof ws_storage, NULL, NULL, NULL, &paths, &diag), WSP_OK);
    memset(&p, 0, sizeof p);
    p.wf_contexts = 1;
    p.wf_size = 64;
    p.wg_size = 64;
    p.workgroups = 1;
    p.spsimds = 1;
    for (uint32_t r = 0; r < 8 + 4; ++r) {
        if (r < 8)
            p.reserved[r] = 1;
        else
            paths.reserved[r - 8] = 1;
        assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_ERR_RESERVED);
        assert_int_equal(diag.field, WSP_FIELD_RESERVED);
        assert_int_equal(diag.index, r + 1);
        if (r < 8)
            p.reserved[r] = 0;
        else
            paths.reserved[r - 8] = 0;
    }
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &k, &diag), WSP_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table2),
        cmocka_unit_test(test_oracle),
        cmocka_unit_test(test_invariants),
        cmocka_unit_test(test_lemmas),
        cmocka_unit_test(test_eq2_and_path_checks),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_workspace_and_params),
        cmocka_unit_test(test_reserved_words),
    };
    return cmocka_run_group_tests_name("pws", tests, NULL, NULL);
}
