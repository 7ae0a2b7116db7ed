// Group pws_split (issue 21): the optimal split points against brute force over every split set on
// every graph with at most 14 marked branches (random structured CFGs, some with loops, Fig. 8), in
// both context modes, with random hardware and costs; Eq. 2 with contexts counted; every error path.
#include <stdint.h>
#include <string.h>

#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "host/pws/analysis.hpp"
#include "host/pws/generate.hpp"
#include "host/pws/graph.hpp"
#include "pws/pws.hpp"
#include "pws/split.hpp"

namespace {

using namespace wsp::host;
using wsp::pws::kNoNode;

// A wsp_pws_cfg over vectors, and the bytes wsp_pws_analyse needs for it.
wsp_pws_cfg cfg_of(const std::vector<wsp_pws_node> &nodes, const std::vector<wsp_pws_edge> &edges) {
    wsp_pws_cfg c{};
    c.nodes = nodes.data();
    c.node_count = static_cast<uint32_t>(nodes.size());
    c.edges = edges.data();
    c.edge_count = static_cast<uint32_t>(edges.size());
    return c;
}

size_t analyse_bytes(const wsp_pws_cfg &cfg) {
    size_t size = 0;
    wsp_diag d{};
    if (wsp_pws_workspace_size(&cfg, &size, &d) != WSP_OK) fail_msg("wsp_pws_workspace_size: %s", d.message);
    return size;
}

// A split set's numbers from the core's Select + Prune (marks = the set, S large enough that Select
// takes all of it): pruned, contexts; splits counted with multiplicity.
struct SetValue {
    uint64_t pruned, splits;
    uint32_t contexts;
};

struct Weighted {
    Normalised g;
    std::vector<wsp_pws_node> nodes;  // WCETs times multiplicity
    wsp_pws_cfg cfg() const {
        wsp_pws_cfg c{};
        c.nodes = nodes.data();
        c.node_count = static_cast<uint32_t>(nodes.size());
        c.edges = g.edges.data();
        c.edge_count = static_cast<uint32_t>(g.edges.size());
        return c;
    }
};

Weighted weigh(const SourceGraph &src) {
    Weighted w;
    wsp_diag d{};
    if (normalise_graph(src, w.g, &d) != WSP_OK) {
        std::ostringstream out;
        write_graph_text(src, out);
        fail_msg("normalise: %s\n%s", d.message, out.str().c_str());
    }
    w.nodes = w.g.nodes;
    for (size_t v = 0; v < w.nodes.size(); ++v) {
        w.nodes[v].wcet *= w.g.multiplicity[v];
        // Every real branch is a candidate.
        w.nodes[v].split = w.nodes[v].kind == WSP_PWS_BRANCH && w.g.made[v] == wsp::pws::kMadeSource;
    }
    return w;
}

std::vector<SetValue> brute_force(const Weighted &w, std::vector<uint32_t> &candidates, uint64_t *full) {
    candidates.clear();
    for (uint32_t v = 0; v < w.nodes.size(); ++v)
        if (w.nodes[v].split) candidates.push_back(v);
    std::vector<wsp_pws_node> nodes = w.nodes;
    const wsp_pws_cfg cfg = cfg_of(nodes, w.g.edges);
    std::vector<uint64_t> ws(analyse_bytes(cfg) / 8 + 1);
    std::vector<SetValue> out(size_t{1} << candidates.size());
    for (uint32_t mask = 0; mask < out.size(); ++mask) {
        uint64_t splits = 0;
        for (size_t i = 0; i < candidates.size(); ++i) {
            nodes[candidates[i]].split = (mask >> i) & 1u;
            if ((mask >> i) & 1u) splits += w.g.multiplicity[candidates[i]];
        }
        wsp_pws_paths p{};
        wsp_diag d{};
        if (wsp_pws_analyse(&cfg, 64, ws.data(), ws.size() * 8, nullptr, nullptr, nullptr, &p, &d) != WSP_OK)
            fail_msg("analyse: %s", d.message);
        if (p.selected != static_cast<uint32_t>(__builtin_popcount(mask))) fail_msg("Select did not take the whole set");
        out[mask] = SetValue{p.pruned, splits, p.contexts};
        *full = p.full;
    }
    return out;
}

uint64_t kernel_of(const wsp_pws_params &p, uint8_t mode, uint64_t full, uint64_t branches, const SetValue &s,
                   wsp_pws_wcet *k) {
    const wsp::pws::Wavefront w{s.pruned, full, s.splits, s.contexts, p.spsimds > 0 ? branches : 0};
    if (wsp::pws::kernel_times(&p, w, mode, k, nullptr) != WSP_OK) return UINT64_MAX;
    return k->kernel_pws;
}

wsp_status optimal(const Weighted &w, const wsp_pws_params &p, uint8_t mode, std::vector<uint8_t> &selected,
                   wsp::pws::SplitChoice *choice, wsp_diag *d) {
    const wsp_pws_cfg cfg = w.cfg();
    const wsp::pws::SplitProblem problem{&cfg, w.g.multiplicity.data(), &p, mode};
    std::vector<uint64_t> scratch(wsp::pws::split_scratch(cfg.node_count, cfg.edge_count) / 8 + 1);
    uint64_t bytes = 0;
    wsp_status st = wsp::pws::split_workspace(problem, scratch.data(), scratch.size() * 8, &bytes, d);
    if (st != WSP_OK) return st;
    std::vector<uint64_t> tables(bytes / 8 + 1);
    selected.assign(cfg.node_count, 0);
    return wsp::pws::split_optimal(problem, scratch.data(), scratch.size() * 8, tables.data(), tables.size() * 8,
                                   selected.data(), choice, d);
}

wsp_pws_params random_params(Rng &rng, uint32_t S) {
    wsp_pws_params p{};
    p.cus = rng.below(5);
    p.simds = rng.below(5);
    p.wf_contexts = 1 + rng.below(4);
    p.wf_size = 1 + rng.below(64);
    p.wg_size = 1 + rng.below(p.wf_size * p.wf_contexts);
    p.workgroups = 1 + rng.below(300);
    p.init_delay = rng.below(10);
    p.split_cost = rng.below(3) == 0 ? 0 : rng.below(6);
    p.merge_cost = rng.below(4);
    p.spsimds = S;
    return p;
}

void test_brute_force(void **state) {
    (void)state;
    const uint32_t seed = test_seed();
    uint32_t graphs = 0, comparisons = 0, max_branches = 0, better = 0, weighted = 0;
    uint64_t subsets = 0;
    for (uint32_t t = 0; t < 250; ++t) {
        Rng rng{seed + 7919u * t + 1u};
        const uint32_t case_seed = rng.state;
        StrictOptions o;
        o.max_depth = 1 + rng.below(4);
        o.max_items = 2 + rng.below(3);
        o.branch_percent = 40 + rng.below(30);
        o.loop_percent = t % 4 == 0 ? 40 : 0;
        o.max_nodes = t % 3 == 0 ? 90 : 60;
        SourceGraph src = random_strict(rng, o);
        if (rng.below(2)) src = perturb(rng, src, nullptr);
        const Weighted w = weigh(src);
        std::vector<uint32_t> cand;
        uint32_t marked = 0;
        for (const wsp_pws_node &n : w.nodes) marked += n.split;
        if (marked > 14) continue;
        ++graphs;
        max_branches = marked > max_branches ? marked : max_branches;
        uint64_t full = 0, branches = 0;
        for (size_t v = 0; v < w.nodes.size(); ++v)
            if (w.nodes[v].kind == WSP_PWS_BRANCH) branches += w.g.multiplicity[v];
        weighted += w.g.counts.loops > 0;
        const std::vector<SetValue> sets = brute_force(w, cand, &full);
        subsets += sets.size();
        for (uint32_t S = 0; S <= 3; ++S)
            for (uint8_t mode = 0; mode < 2; ++mode)
                for (uint32_t q = 0; q < 2; ++q) {
                    const wsp_pws_params p = random_params(rng, S);
                    uint64_t best = UINT64_MAX;
                    wsp_pws_wcet k{};
                    for (const SetValue &s : sets)
                        if (s.contexts <= S) {
                            const uint64_t v = kernel_of(p, mode, full, branches, s, &k);
                            best = v < best ? v : best;
                        }
                    std::vector<uint8_t> selected;
                    wsp::pws::SplitChoice choice{};
                    wsp_diag d{};
                    const wsp_status st = optimal(w, p, mode, selected, &choice, &d);
                    if (best == UINT64_MAX) {  // no set evaluable: the parameters fail, the call says so
                        CHECK_SEEDED(st != WSP_OK, case_seed, "S %u: optimal without an evaluable set", S);
                        continue;
                    }
                    CHECK_SEEDED(st == WSP_OK, case_seed, "S %u mode %u: %s", S, mode, d.message);
                    CHECK_SEEDED(choice.kernel.kernel_pws == best, case_seed,
                                 "S %u mode %u: optimal %llu, brute force %llu", S, mode,
                                 (unsigned long long)choice.kernel.kernel_pws, (unsigned long long)best);
                    // The chosen set gives what the call says.
                    uint32_t mask = 0;
                    for (size_t i = 0; i < cand.size(); ++i) mask |= selected[cand[i]] ? 1u << i : 0u;
                    for (size_t v = 0; v < selected.size(); ++v)
                        CHECK_SEEDED(!selected[v] || w.nodes[v].split, case_seed, "a split point that is not marked");
                    const SetValue &s = sets[mask];
                    CHECK_SEEDED(s.contexts <= S && s.pruned == choice.pruned && s.splits == choice.splits &&
                                     s.contexts == choice.contexts && choice.full == full,
                                 case_seed, "S %u: the chosen set gives %llu/%llu/%u, the call says %llu/%llu/%u", S,
                                 (unsigned long long)s.pruned, (unsigned long long)s.splits, s.contexts,
                                 (unsigned long long)choice.pruned, (unsigned long long)choice.splits, choice.contexts);
                    CHECK_SEEDED(kernel_of(p, mode, full, branches, s, &k) == best, case_seed, "re-evaluated");
                    ++comparisons;
                }
        // Select's choice (all marked) is never better than the optimum.
        PwsResult r;
        PwsError e;
        PwsRequest rq;
        rq.params = random_params(rng, 1 + rng.below(3));
        rq.split = SplitChoice::kAll;
        CHECK_SEEDED(analyse_graph(src, rq, r, e), case_seed, "%s", e.message.c_str());
        CHECK_SEEDED(r.optimal.kernel.kernel_pws <= r.select.kernel.kernel_pws, case_seed, "optimal above Select");
        better += r.optimal.kernel.kernel_pws < r.select.kernel.kernel_pws;
    }
    print_message("brute force: %u graphs (up to %u branches, %u with loops), %llu split sets, %u comparisons; "
                  "optimal below Select on %u\n",
                  graphs, max_branches, weighted, (unsigned long long)subsets, comparisons, better);
    assert_true(graphs >= 150 && max_branches >= 10 && weighted >= 20 && better > 10);
}

// Fig. 8 (examples/fig8.pws), Table 2's parameters: Select's sets and the optimum.
void test_fig8(void **state) {
    (void)state;
    SourceGraph g;
    std::string error;
    assert_true(read_graph_file(std::string(WSP_SOURCE_DIR) + "/examples/fig8.pws", "", 0, g, error));
    const uint64_t select_kernel[4] = {60, 52, 49, 51};
    for (uint32_t S = 0; S <= 3; ++S) {
        PwsRequest rq;
        rq.params.spsimds = S;
        rq.params.wf_contexts = 1;
        rq.params.wf_size = 64;
        rq.params.wg_size = 64;
        rq.params.workgroups = 1;
        rq.params.init_delay = rq.params.split_cost = rq.params.merge_cost = 1;
        rq.split = SplitChoice::kFile;
        PwsResult r;
        PwsError e;
        assert_true(analyse_graph(g, rq, r, e));
        assert_int_equal(r.select.kernel.kernel_pws, select_kernel[S]);
        // S = 3: Select adds 13 (|SB| = 4, E_WF 50); the optimum keeps {1, 2, 7} (E_WF 48, 49).
        if (S == 3) {
            assert_int_equal(r.optimal.kernel.kernel_pws, 49);
            assert_int_equal(r.optimal.count, 3);
        }
        assert_true(r.optimal.kernel.kernel_pws <= r.select.kernel.kernel_pws);
    }
}

// Eq. 2 counting contexts: two split points in sequence hold one context, so with S = 3 the
// re-provisioning gives 4 + floor(2 * 4 / 2) = 8 SIMDs where the paper's |SB| = 2 gives 5.
void test_count_contexts(void **state) {
    (void)state;
    wsp_pws_params p{};
    p.spsimds = 3;
    p.wf_contexts = 1;
    p.wf_size = 64;
    p.wg_size = 64;
    p.workgroups = 32;
    const wsp::pws::Wavefront w{10, 20, 2, 1, 2};
    wsp_pws_wcet paper{}, count{};
    assert_int_equal(wsp::pws::kernel_times(&p, w, wsp::pws::kContextsPaper, &paper, nullptr), WSP_OK);
    assert_int_equal(wsp::pws::kernel_times(&p, w, wsp::pws::kContextsCount, &count, nullptr), WSP_OK);
    assert_int_equal(paper.simds_total, 5);
    assert_int_equal(count.simds_total, 8);
    /* Def. 5.2: 4 CUs * SIMDs * 1 * 64 / 64; DS = ceil(32 / 20) = 2 and ceil(32 / 32) = 1. */
    assert_int_equal(paper.dispatches_pws, 2);
    assert_int_equal(count.dispatches_pws, 1);
    assert_int_equal(paper.kernel_pws, 2 * 10);
    assert_int_equal(count.kernel_pws, 10);
    // The public call is the paper's mode.
    wsp_pws_paths paths{};
    paths.spsimds = 3;
    paths.branches = paths.marked = paths.selected = 2;
    paths.contexts = 1;
    paths.pruned = 10;
    paths.full = 20;
    wsp_pws_wcet pub{};
    assert_int_equal(wsp_pws_wcet_compute(&p, &paths, &pub, nullptr), WSP_OK);
    assert_int_equal(pub.kernel_pws, paper.kernel_pws);
    assert_int_equal(pub.simds_total, paper.simds_total);
    // kernel_times' own errors: the field of each, and no partial result after an overflow.
    wsp_diag d{};
    assert_int_equal(wsp::pws::kernel_times(nullptr, w, wsp::pws::kContextsPaper, &paper, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PWS_PARAMS);
    assert_int_equal(wsp::pws::kernel_times(&p, w, wsp::pws::kContextsPaper, nullptr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    wsp_pws_params huge = p;
    huge.workgroups = UINT64_MAX;  // DS (d + E_WF) overflows after E_WF and the dispatches were written
    assert_int_equal(wsp::pws::kernel_times(&huge, w, wsp::pws::kContextsPaper, &paper, &d), WSP_ERR_OVERFLOW);
    assert_int_equal(d.field, WSP_FIELD_PWS_WORKGROUPS);
    assert_int_equal(paper.wf_pws, 0);
    assert_int_equal(paper.dispatches, 0);
    assert_int_equal(wsp::pws::kernel_times(&p, w, wsp::pws::kContextsPaper, &paper, &d), WSP_OK);
    assert_int_equal(d.status, WSP_OK);
    assert_int_equal(d.field, WSP_FIELD_NONE);
}

void test_errors(void **state) {
    (void)state;
    Rng rng{12345};
    StrictOptions o;
    const Weighted w = weigh(random_strict(rng, o));
    const wsp_pws_cfg cfg = w.cfg();
    wsp_pws_params p{};
    p.spsimds = 2;
    p.wf_contexts = 1;
    p.wf_size = 64;
    p.wg_size = 64;
    p.workgroups = 1;
    const wsp::pws::SplitProblem problem{&cfg, w.g.multiplicity.data(), &p, 0};
    std::vector<uint64_t> scratch(wsp::pws::split_scratch(cfg.node_count, cfg.edge_count) / 8 + 1);
    const size_t ssize = wsp::pws::split_scratch(cfg.node_count, cfg.edge_count);
    uint64_t bytes = 0;
    wsp_diag d{};
    assert_int_equal(wsp::pws::split_workspace(problem, scratch.data(), ssize, &bytes, &d), WSP_OK);
    assert_int_equal(wsp::pws::split_workspace(problem, scratch.data(), ssize - 1, &bytes, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::split_workspace(problem, scratch.data(), ssize, nullptr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    std::vector<uint64_t> tables(bytes / 8 + 1);
    std::vector<uint8_t> selected(cfg.node_count);
    wsp::pws::SplitChoice c{};
    assert_int_equal(wsp::pws::split_optimal(problem, scratch.data(), ssize, tables.data(), bytes, selected.data(), &c, &d),
                     WSP_OK);
    assert_int_equal(wsp::pws::split_optimal(problem, scratch.data(), ssize, tables.data(), bytes - 8, selected.data(),
                                             &c, &d),
                     WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::split_optimal(problem, scratch.data(), ssize, reinterpret_cast<char *>(tables.data()) + 1,
                                             bytes, selected.data(), &c, &d),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::split_optimal(problem, scratch.data(), ssize, tables.data(), bytes, nullptr, &c, &d),
                     WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    wsp::pws::SplitProblem bad = problem;
    bad.params = nullptr;
    assert_int_equal(wsp::pws::split_workspace(bad, scratch.data(), ssize, &bytes, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PWS_PARAMS);
    // A parameter the kernel lemmas refuse is refused, with their message.
    wsp_pws_params zero = p;
    zero.wf_contexts = 0;
    bad = problem;
    bad.params = &zero;
    assert_int_equal(wsp::pws::split_optimal(bad, scratch.data(), ssize, tables.data(), bytes, selected.data(), &c, &d),
                     WSP_ERR_RANGE);
    assert_non_null(strstr(d.message, "N_WFC"));
    assert_int_equal(d.field, WSP_FIELD_PWS_WF_CONTEXTS);
    // A multiplicity of 0 is not a run count.
    std::vector<uint64_t> mult(w.g.multiplicity);
    for (size_t v = 0; v < mult.size(); ++v)
        if (w.nodes[v].kind == WSP_PWS_BRANCH) mult[v] = 0;
    bad = problem;
    bad.multiplicity = mult.data();
    uint32_t first_branch = 0;  // 1-based, 0 for none
    for (size_t v = w.nodes.size(); v-- > 0;)
        if (w.nodes[v].kind == WSP_PWS_BRANCH) first_branch = static_cast<uint32_t>(v) + 1;
    if (first_branch != 0) {
        assert_int_equal(wsp::pws::split_workspace(bad, scratch.data(), ssize, &bytes, &d), WSP_ERR_RANGE);
        assert_int_equal(d.field, WSP_FIELD_CFG_NODE);
        assert_int_equal(d.index, first_branch);
    }
    // An unstructured CFG is the strict checks' error.
    std::vector<wsp_pws_node> nodes(w.nodes);
    nodes[0].kind = WSP_PWS_BSB;
    wsp_pws_cfg broken = cfg;
    broken.nodes = nodes.data();
    bad = problem;
    bad.cfg = &broken;
    assert_int_equal(wsp::pws::split_workspace(bad, scratch.data(), ssize, &bytes, &d), WSP_ERR_CFG_STRUCTURE);
    assert_int_equal(d.field, WSP_FIELD_CFG_NODE);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force), cmocka_unit_test(test_fig8),
        cmocka_unit_test(test_count_contexts), cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests_name("pws_split", tests, NULL, NULL);
}
