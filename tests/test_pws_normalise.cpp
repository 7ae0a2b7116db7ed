// Group pws_normalise (issue 21): normalisation of compiler CFGs into paper 001's strict form, through
// the internal headers. Neutrality: the serialised WCET (no splitting) before and after is equal on
// every fixture (hand-computed values in the files), on random strict CFGs rewritten into compiler
// shapes, and never below the longest path on random DAGs; the branch tree survives (the optimal
// split's kernel WCET is the same); loops: multiplicities against the unrolled graph, IPET over the
// looped normal form; unstructured input and every error path.
#include <stdint.h>
#include <string.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "host/pws/analysis.hpp"
#include "host/pws/generate.hpp"
#include "host/pws/graph.hpp"
#include "pws/normalise.hpp"
#include "pws/pws.hpp"
#include "warpspan_host.h"

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

std::string fixture(const std::string &name) { return std::string(WSP_SOURCE_DIR) + "/tests/fixtures/pws/" + name; }

// The number after "# KEY:" in a fixture, or -1.
long long header_value(const std::string &path, const std::string &key) {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const std::string tag = "# " + key + ":";
        if (line.compare(0, tag.size(), tag) == 0) return std::stoll(line.substr(tag.size()));
    }
    return -1;
}

std::string header_text(const std::string &path, const std::string &key) {
    std::ifstream in(path);
    std::string line;
    const std::string tag = "# " + key + ": ";
    while (std::getline(in, line))
        if (line.compare(0, tag.size(), tag) == 0) return line.substr(tag.size());
    return "";
}

PwsRequest request_for(uint32_t S, uint8_t mode, SplitChoice split) {
    PwsRequest r;
    r.params.spsimds = S;
    r.params.wf_contexts = 2;
    r.params.wf_size = 64;
    r.params.wg_size = 64;
    r.params.workgroups = 40;
    r.params.init_delay = 3;
    r.params.split_cost = 1;
    r.params.merge_cost = 1;
    r.contexts_mode = mode;
    r.split = split;
    return r;
}

bool run(const SourceGraph &g, const PwsRequest &rq, PwsResult &r, std::string *message = nullptr) {
    PwsError e;
    const bool ok = analyse_graph(g, rq, r, e);
    if (!ok && message != nullptr) *message = e.message;
    if (!ok && message == nullptr) print_error("analyse_graph: %s\n", e.message.c_str());
    return ok;
}

SourceGraph read_fixture(const std::string &name) {
    SourceGraph g;
    std::string error;
    const unsigned base = name.find("base1") != std::string::npos ? 1 : 0;
    if (!read_graph_file(fixture(name), "", base, g, error)) {
        print_error("%s\n", error.c_str());
        fail();
    }
    return g;
}

struct FixtureCase {
    const char *name;
    uint32_t bsb_if, bsb_serial, reconv, exits, lone, loops;
};

// Counts worked out by hand from each file (docs/pws.md, "Normalisation" says which rule adds what).
const FixtureCase kFixtures[] = {
    {"if_no_else", 2, 0, 1, 0, 0, 0},     {"shared_join", 2, 0, 2, 0, 0, 0},
    {"reconv_branch", 0, 0, 1, 0, 0, 0},  {"early_exit", 1, 1, 0, 1, 0, 0},
    {"diamond", 1, 1, 1, 0, 0, 0},        {"lone_bsb", 1, 1, 0, 1, 1, 0},
    {"loop_simple", 0, 0, 0, 0, 0, 1},    {"loop_nested", 1, 0, 0, 0, 0, 2},
    {"loop_join_header", 1, 0, 1, 0, 0, 1}, {"mixed", 2, 1, 1, 1, 0, 1},
};

void test_fixtures(void **state) {
    (void)state;
    for (const FixtureCase &fc : kFixtures) {
        const std::string text = std::string(fc.name) + ".pws";
        const long long serialised = header_value(fixture(text), "serialised");
        const long long drawn = header_value(fixture(text), "longest path");
        assert_true(serialised > 0);
        std::vector<std::string> files = {text, std::string(fc.name) + ".csv"};
        if (std::ifstream(fixture(std::string(fc.name) + "_base1.csv"))) files.push_back(std::string(fc.name) + "_base1.csv");
        for (uint32_t S = 0; S <= 3; ++S)
            for (uint8_t mode = 0; mode < 2; ++mode) {
                PwsResult first;
                for (size_t f = 0; f < files.size(); ++f) {
                    const SourceGraph g = read_fixture(files[f]);
                    PwsResult r;
                    assert_true(run(g, request_for(S, mode, SplitChoice::kAll), r));
                    if (r.full != static_cast<uint64_t>(serialised))
                        fail_msg("%s: serialised %llu, the file says %lld", files[f].c_str(),
                                 (unsigned long long)r.full, serialised);
                    // Before normalisation: the longest path as drawn (no loops), equal unless the file
                    // says a two-sided branch without BSB gets its serialised path added.
                    if (fc.loops == 0) {
                        const uint64_t lp = longest_path(g);
                        const uint64_t expect = drawn >= 0 ? static_cast<uint64_t>(drawn) : r.full;
                        if (lp != expect) fail_msg("%s: longest path %llu, expected %llu", files[f].c_str(),
                                                   (unsigned long long)lp, (unsigned long long)expect);
                        assert_true(lp <= r.full);
                    }
                    const wsp::pws::NormalCounts &c = r.g.counts;
                    if (c.bsb_if != fc.bsb_if || c.bsb_serial != fc.bsb_serial || c.reconv != fc.reconv ||
                        c.exits != fc.exits || c.lone_bsbs != fc.lone || c.loops != fc.loops)
                        fail_msg("%s: added %u/%u BSBs, %u reconv, %u exit, %u lone, %u loops", files[f].c_str(),
                                 c.bsb_if, c.bsb_serial, c.reconv, c.exits, c.lone_bsbs, c.loops);
                    assert_true(r.optimal.kernel.kernel_pws <= r.select.kernel.kernel_pws);
                    assert_true(r.optimal.kernel.kernel_pws <= r.select.kernel.kernel_none);
                    if (f == 0) {
                        first = r;
                    } else {  // both formats, both numberings: the same analysis
                        assert_int_equal(r.select.kernel.kernel_pws, first.select.kernel.kernel_pws);
                        assert_int_equal(r.optimal.kernel.kernel_pws, first.optimal.kernel.kernel_pws);
                        assert_int_equal(r.select.pruned, first.select.pruned);
                        assert_int_equal(r.g.nodes.size(), first.g.nodes.size());
                    }
                    // --explain's output read back: already strict, nothing added, the same numbers.
                    std::ostringstream out;
                    write_normal_form(g, r.g, out);
                    std::istringstream in(out.str());
                    SourceGraph again;
                    std::string error;
                    if (!read_graph_text("explain", in, again, error)) fail_msg("%s: %s", files[f].c_str(), error.c_str());
                    PwsResult r2;
                    assert_true(run(again, request_for(S, mode, SplitChoice::kAll), r2));
                    const wsp::pws::NormalCounts &c2 = r2.g.counts;
                    assert_int_equal(c2.bsb_if + c2.bsb_serial + c2.reconv + c2.exits, 0);
                    assert_int_equal(r2.full, r.full);
                    assert_int_equal(r2.select.kernel.kernel_pws, r.select.kernel.kernel_pws);
                    assert_int_equal(r2.optimal.kernel.kernel_pws, r.optimal.kernel.kernel_pws);
                }
            }
    }
}

// The CFGs of real kernels compiled by nvcc (tests/fixtures/pws/ptx, written by warpspan ptx
// --write-cfg through tools/pws_fixtures/make.py): every one parses in both formats, normalises, and
// gives the same numbers from both; the normal form read back (--explain) keeps every number; the
// optimal split is never worse than Select or no splitting; without loops the drawn longest path is
// at most the serialised one.
void test_compiler_fixtures(void **state) {
    (void)state;
    std::ifstream index(fixture("ptx/INDEX"));
    std::string name;
    size_t count = 0, with_loops = 0, with_branches = 0;
    while (std::getline(index, name)) {
        ++count;
        const SourceGraph text = read_fixture("ptx/" + name + ".pws"), csv = read_fixture("ptx/" + name + ".csv");
        assert_int_equal(text.nodes.size(), csv.nodes.size());
        assert_int_equal(text.loops.size(), csv.loops.size());
        with_loops += text.loops.empty() ? 0 : 1;
        for (uint32_t S = 1; S <= 4; S *= 2) {
            PwsResult a, b;
            if (!run(text, request_for(S, 0, SplitChoice::kAll), a)) fail_msg("%s.pws", name.c_str());
            if (!run(csv, request_for(S, 0, SplitChoice::kAll), b)) fail_msg("%s.csv", name.c_str());
            assert_int_equal(a.full, b.full);
            assert_int_equal(a.select.kernel.kernel_pws, b.select.kernel.kernel_pws);
            assert_int_equal(a.optimal.kernel.kernel_pws, b.optimal.kernel.kernel_pws);
            assert_true(a.optimal.kernel.kernel_pws <= a.select.kernel.kernel_pws);
            assert_true(a.optimal.kernel.kernel_pws <= a.select.kernel.kernel_none);
            if (S == 1) with_branches += a.g.counts.bsb_if + a.g.counts.reconv > 0 ? 1 : 0;
            if (text.loops.empty()) assert_true(longest_path(text) <= a.full);
            std::ostringstream out;
            write_normal_form(text, a.g, out);
            std::istringstream in(out.str());
            SourceGraph again;
            std::string error;
            if (!read_graph_text("explain", in, again, error)) fail_msg("%s: %s", name.c_str(), error.c_str());
            PwsResult r2;
            assert_true(run(again, request_for(S, 0, SplitChoice::kAll), r2));
            assert_int_equal(r2.full, a.full);
            assert_int_equal(r2.optimal.kernel.kernel_pws, a.optimal.kernel.kernel_pws);
        }
    }
    print_message("%zu compiler CFGs: %zu with loops, %zu with branches\n", count, with_loops, with_branches);
    assert_true(count >= 10);
    assert_true(with_loops >= 5);
    assert_true(with_branches >= 10);
}

void test_unstructured_fixtures(void **state) {
    (void)state;
    const char *bad[] = {"bad_crossing.pws", "bad_irreducible.pws", "bad_break.pws", "bad_while.pws",
                         "bad_unbounded.pws", "bad_switch.csv", "bad_bsb_join.csv"};
    for (const char *name : bad) {
        const SourceGraph g = read_fixture(name);
        const std::string expect = header_text(fixture(name), "error");
        assert_false(expect.empty());
        PwsResult r;
        std::string message;
        if (run(g, request_for(1, 0, SplitChoice::kFile), r, &message))
            fail_msg("%s: accepted, expected an error", name);
        print_message("%-22s %s\n", name, message.c_str());
        if (message.find(expect) == std::string::npos) fail_msg("%s: '%s' lacks '%s'", name, message.c_str(), expect.c_str());
    }
}

// The strict graph's own numbers, straight from the core without normalisation.
wsp_pws_paths strict_paths(const SourceGraph &g, uint32_t S) {
    std::vector<wsp_pws_node> nodes;
    for (const wsp::pws::SourceNode &s : g.nodes) {
        uint8_t kind = WSP_PWS_BLOCK;
        if (s.flags & wsp::pws::kSourceBranch) kind = WSP_PWS_BRANCH;
        if (s.flags & wsp::pws::kSourceBsb) kind = WSP_PWS_BSB;
        if (s.flags & wsp::pws::kSourceReconv) kind = WSP_PWS_RECONV;
        nodes.push_back(wsp_pws_node{s.wcet, s.label, kind, s.split, {0, 0}});
    }
    const wsp_pws_cfg cfg = cfg_of(nodes, g.edges);
    std::vector<uint64_t> ws(analyse_bytes(cfg) / 8 + 1);
    wsp_pws_paths p{};
    wsp_diag d{};
    if (wsp_pws_analyse(&cfg, S, ws.data(), ws.size() * 8, nullptr, nullptr, nullptr, &p, &d) != WSP_OK)
        fail_msg("strict graph: %s", d.message);
    return p;
}

void test_random_perturbed(void **state) {
    (void)state;
    const uint32_t seed = test_seed();
    PerturbCounts total{};
    uint32_t graphs = 0;
    for (uint32_t t = 0; t < 300; ++t) {
        Rng rng{seed + 7919u * t + 1u};
        const uint32_t case_seed = rng.state;
        StrictOptions o;
        o.max_depth = 1 + rng.below(4);
        o.zero_percent = 60;
        o.empty_percent = 35;
        const SourceGraph strict = random_strict(rng, o);
        const uint32_t S = rng.below(4);
        const uint8_t mode = static_cast<uint8_t>(rng.below(2));
        const wsp_pws_paths sp = strict_paths(strict, S);
        PwsRequest rq = request_for(S, mode, SplitChoice::kFile);
        rq.params.split_cost = rng.below(3);
        rq.params.merge_cost = rng.below(2);
        rq.params.workgroups = 1 + rng.below(200);
        // A strict graph is its own normal form: nothing added, the core's numbers unchanged.
        PwsResult r0;
        CHECK_SEEDED(run(strict, rq, r0), case_seed, "strict graph rejected");
        const wsp::pws::NormalCounts &c0 = r0.g.counts;
        CHECK_SEEDED(c0.bsb_if + c0.bsb_serial + c0.reconv + c0.exits + c0.lone_bsbs + c0.dropped_marks == 0 &&
                         r0.g.nodes.size() == strict.nodes.size(),
                     case_seed, "normalisation changed a strict graph");
        CHECK_SEEDED(r0.full == sp.full && r0.paths.pruned == sp.pruned && r0.paths.selected == sp.selected &&
                         r0.paths.contexts == sp.contexts,
                     case_seed, "strict graph: %llu/%llu vs core %llu/%llu", (unsigned long long)r0.full,
                     (unsigned long long)r0.paths.pruned, (unsigned long long)sp.full, (unsigned long long)sp.pruned);
        for (uint32_t k = 0; k < 3; ++k) {
            PerturbCounts pc{};
            const SourceGraph g = perturb(rng, strict, &pc);
            total.if_without_else += pc.if_without_else;
            total.two_sided += pc.two_sided;
            total.shared_joins += pc.shared_joins;
            total.merged += pc.merged;
            total.exits += pc.exits;
            ++graphs;
            PwsResult r;
            std::string message;
            CHECK_SEEDED(run(g, rq, r, &message), case_seed, "perturbed graph %u rejected: %s", k, message.c_str());
            CHECK_SEEDED(r.full == sp.full, case_seed, "perturbed %u: serialised %llu, strict %llu", k,
                         (unsigned long long)r.full, (unsigned long long)sp.full);
            const uint64_t lp = longest_path(g);
            CHECK_SEEDED(pc.two_sided > 0 ? lp <= sp.full : lp == sp.full, case_seed, "perturbed %u: longest path %llu",
                         k, (unsigned long long)lp);
            // The same branch tree: the optimal kernel WCET over the same marked branches is the same.
            CHECK_SEEDED(r.optimal.kernel.kernel_pws == r0.optimal.kernel.kernel_pws &&
                             r.optimal.kernel.wf_pws == r0.optimal.kernel.wf_pws,
                         case_seed, "perturbed %u: optimal %llu, strict %llu", k,
                         (unsigned long long)r.optimal.kernel.kernel_pws, (unsigned long long)r0.optimal.kernel.kernel_pws);
        }
    }
    print_message("perturbed: %u graphs; removed %u BSBs (if without else), %u BSBs (two-sided), %u joins moved, "
                  "%u merges, %u exits split\n",
                  graphs, total.if_without_else, total.two_sided, total.shared_joins, total.merged, total.exits);
    assert_true(total.if_without_else > 50 && total.two_sided > 50 && total.shared_joins > 50 && total.merged > 50 &&
                total.exits > 10);
}

// Random DAGs, structured or not: normalisation refuses them with a structure or edge error, or its
// normal form passes the strict checks and keeps every path (serialised >= longest path, equal when
// no two-sided branch got a BSB).
void test_random_dags(void **state) {
    (void)state;
    const uint32_t seed = test_seed() ^ 0x2545f491u;
    uint32_t accepted = 0, refused = 0, serialised = 0;
    for (uint32_t t = 0; t < 3000; ++t) {
        Rng rng{seed + 104729u * t + 1u};
        const uint32_t case_seed = rng.state;
        SourceGraph g;
        const uint32_t n = 2 + rng.below(10);
        for (uint32_t v = 0; v < n; ++v) {
            g.nodes.push_back(wsp::pws::SourceNode{rng.below(10), v, static_cast<uint8_t>(rng.below(5) == 0 ? 1 : 0), 1});
            g.line.push_back(0);
        }
        for (uint32_t v = 0; v + 1 < n; ++v) {
            const uint32_t a = v + 1 + rng.below(n - v - 1);
            g.edges.push_back(wsp_pws_edge{v, a});
            if (rng.below(2) && a + 1 < n) {
                const uint32_t b = a + 1 + rng.below(n - a - 1);
                g.edges.push_back(wsp_pws_edge{v, b});
            }
        }
        PwsResult r;
        PwsError e;
        if (!analyse_graph(g, request_for(1, 0, SplitChoice::kAll), r, e)) {
            CHECK_SEEDED(e.kind == PwsError::kInput, case_seed, "internal: %s", e.message.c_str());
            ++refused;
            continue;
        }
        ++accepted;
        const uint64_t lp = longest_path(g);
        serialised += r.g.counts.bsb_serial > 0;
        CHECK_SEEDED(r.full >= lp, case_seed, "normal form %llu < longest path %llu", (unsigned long long)r.full,
                     (unsigned long long)lp);
        CHECK_SEEDED(r.g.counts.bsb_serial > 0 || r.full == lp, case_seed, "normal form %llu != longest path %llu",
                     (unsigned long long)r.full, (unsigned long long)lp);
    }
    print_message("random DAGs: %u accepted (%u with serialised two-sided branches), %u refused\n", accepted,
                  serialised, refused);
    assert_true(accepted > 300 && refused > 300);
}

// Loops: each node's multiplicity is its number of copies in the unrolled graph, and the weighted
// analysis is the unrolled graph's (serialised path, worst SWF path of Select's split points copied,
// |SB| with multiplicity); IPET over the looped normal form agrees.
void test_loops(void **state) {
    (void)state;
    const uint32_t seed = test_seed() ^ 0x9e3779b9u;
    uint32_t graphs = 0, loops = 0;
    for (uint32_t t = 0; t < 150; ++t) {
        Rng rng{seed + 15485863u * t + 1u};
        const uint32_t case_seed = rng.state;
        StrictOptions o;
        o.max_depth = 1 + rng.below(3);
        o.loop_percent = 40;
        o.max_bound = 3;
        o.max_nodes = 30;
        SourceGraph g = random_strict(rng, o);
        if (rng.below(2)) g = perturb(rng, g, nullptr);
        const uint32_t S = rng.below(3);
        PwsRequest rq = request_for(S, 0, SplitChoice::kAll);
#ifdef WSP_TEST_IPET
        rq.ipet = t < 60;  // IPET over the looped normal form, checked inside against the weighted paths
#endif
        PwsResult r;
        std::string message;
        CHECK_SEEDED(run(g, rq, r, &message), case_seed, "rejected: %s", message.c_str());
        ++graphs;
        loops += r.g.counts.loops;
        std::vector<wsp_pws_node> nodes;
        std::vector<wsp_pws_edge> edges;
        std::vector<uint32_t> origin;
        unroll(r.g, nodes, edges, origin);
        std::vector<uint64_t> copies(r.g.nodes.size(), 0);
        for (uint32_t v : origin) ++copies[v];
        for (size_t v = 0; v < copies.size(); ++v)
            CHECK_SEEDED(copies[v] == r.g.multiplicity[v], case_seed, "node %s: %llu copies, multiplicity %llu",
                         r.g.name(static_cast<uint32_t>(v)).c_str(), (unsigned long long)copies[v],
                         (unsigned long long)r.g.multiplicity[v]);
        for (size_t v = 0; v < nodes.size(); ++v) nodes[v].split = r.select.selected[origin[v]];
        const wsp_pws_cfg cfg = cfg_of(nodes, edges);
        std::vector<uint64_t> ws(analyse_bytes(cfg) / 8 + 1);
        wsp_pws_paths p{};
        wsp_diag d{};
        // S large enough that Select takes every copy: its Parent rule counts copies inside different
        // copies of an enclosing branch as different contexts, though they never run at once.
        CHECK_SEEDED(wsp_pws_analyse(&cfg, 1u << 20, ws.data(), ws.size() * 8, nullptr, nullptr, nullptr, &p, &d) ==
                         WSP_OK,
                     case_seed, "unrolled graph: %s", d.message);
        CHECK_SEEDED(p.full == r.full && p.pruned == r.select.pruned && p.selected == r.select.splits, case_seed,
                     "unrolled %llu/%llu/%u, weighted %llu/%llu/%llu", (unsigned long long)p.full,
                     (unsigned long long)p.pruned, p.selected, (unsigned long long)r.full,
                     (unsigned long long)r.select.pruned, (unsigned long long)r.select.splits);
        CHECK_SEEDED(p.contexts >= r.select.contexts, case_seed, "contexts %u vs %u", p.contexts, r.select.contexts);
    }
    print_message("loops: %u graphs, %u loops\n", graphs, loops);
    assert_true(loops > 100);
}

// ---- errors of the core call -------------------------------------------------------------------

struct Raw {
    std::vector<wsp::pws::SourceNode> nodes;
    std::vector<wsp_pws_edge> edges;
    std::vector<wsp::pws::SourceLoop> loops;
};

struct Output {
    std::vector<wsp_pws_node> nodes;
    std::vector<uint8_t> made;
    std::vector<uint32_t> owner, origin, bound;
    std::vector<uint64_t> mult;
    std::vector<wsp_pws_edge> edges, back;
    wsp::pws::NormalForm f{};
    explicit Output(uint32_t n, uint32_t m, uint32_t loops) {
        uint32_t cn = 0, ce = 0;
        wsp::pws::normal_form_capacity(n, m, &cn, &ce);
        nodes.resize(cn);
        made.resize(cn);
        owner.resize(cn);
        mult.resize(cn);
        edges.resize(ce);
        origin.resize(ce);
        back.resize(loops + 1);
        bound.resize(loops + 1);
        f.nodes = nodes.data();
        f.made = made.data();
        f.owner = owner.data();
        f.multiplicity = mult.data();
        f.node_capacity = cn;
        f.edges = edges.data();
        f.edge_origin = origin.data();
        f.edge_capacity = ce;
        f.back_edges = back.data();
        f.back_bound = bound.data();
        f.back_capacity = loops + 1;
    }
};

wsp_status normalise_raw(const Raw &g, wsp_diag *d) {
    const wsp::pws::SourceCfg src{g.nodes.data(), static_cast<uint32_t>(g.nodes.size()), g.edges.data(),
                                  static_cast<uint32_t>(g.edges.size()), g.loops.data(),
                                  static_cast<uint32_t>(g.loops.size())};
    Output out(src.node_count, src.edge_count, src.loop_count);
    std::vector<uint64_t> ws(wsp::pws::normalise_workspace(src.node_count, src.edge_count) / 8 + 1);
    return wsp::pws::normalise(&src, ws.data(), ws.size() * 8, &out.f, d);
}

Raw chain(uint32_t n) {
    Raw g;
    for (uint32_t v = 0; v < n; ++v) g.nodes.push_back(wsp::pws::SourceNode{1, 10 + v, 0, 0});
    for (uint32_t v = 0; v + 1 < n; ++v) g.edges.push_back(wsp_pws_edge{v, v + 1});
    return g;
}

void test_errors(void **state) {
    (void)state;
    struct Case {
        const char *name;
        Raw g;
        wsp_status status;
        uint32_t field, index;  // diag.field and diag.index (a 1-based source node or edge, 0 for none)
        const char *words;
    };
    std::vector<Case> cases;
    {
        Raw g = chain(3);
        g.edges.push_back(wsp_pws_edge{1, 7});
        cases.push_back({"dangling edge", g, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 3, "edge 3 dangles"});
    }
    {
        Raw g = chain(3);
        g.edges.push_back(wsp_pws_edge{0, 1});
        cases.push_back({"duplicate edge", g, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 3, "node 10 has two edges to node 11"});
    }
    {
        Raw g = chain(3);
        g.nodes.push_back(wsp::pws::SourceNode{1, 99, 0, 0});
        g.edges.push_back(wsp_pws_edge{3, 2});
        cases.push_back({"two entries", g, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 4, "the CFG has two entries"});
    }
    {
        Raw g = chain(3);
        g.nodes.push_back(wsp::pws::SourceNode{1, 99, 0, 0});
        g.nodes.push_back(wsp::pws::SourceNode{1, 98, 0, 0});
        g.edges.push_back(wsp_pws_edge{3, 4});
        g.edges.push_back(wsp_pws_edge{4, 3});
        cases.push_back({"unreachable cycle", g, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 4, "not reachable from the entry, node 10"});
    }
    {
        Raw g = chain(5);
        g.edges.push_back(wsp_pws_edge{0, 2});
        g.edges.push_back(wsp_pws_edge{0, 3});
        cases.push_back({"three successors", g, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 1, "node 10 has 3 successors"});
    }
    {
        Raw g = chain(3);
        g.loops.push_back(wsp::pws::SourceLoop{1, 2});
        cases.push_back({"bound without loop", g, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 2, "node 11 has a loop bound but no back edge"});
    }
    {
        Raw g = chain(3);
        g.loops.push_back(wsp::pws::SourceLoop{5, 2});
        cases.push_back({"bound on no node", g, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 0, "names node index 5"});
    }
    {
        Raw g = chain(4);
        g.edges.push_back(wsp_pws_edge{2, 1});
        g.loops.push_back(wsp::pws::SourceLoop{1, 2});
        g.loops.push_back(wsp::pws::SourceLoop{1, 3});
        cases.push_back({"two bounds", g, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 2, "node 11 has two loop bounds"});
    }
    {
        Raw g = chain(5);  // 1 -> 2 -> 3 -> 4 with back edges 2 -> 1 and 3 -> 1
        g.edges.push_back(wsp_pws_edge{2, 1});
        g.edges.push_back(wsp_pws_edge{3, 1});
        g.loops.push_back(wsp::pws::SourceLoop{1, 2});
        cases.push_back({"two latches", g, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, 2, "entered by two back edges"});
    }
    {
        // Nested self-loops whose bounds multiply beyond 2^32: 2^31 runs of an outer loop around a
        // loop of 4 runs.
        Raw g = chain(4);
        g.edges.push_back(wsp_pws_edge{2, 1});
        g.edges.push_back(wsp_pws_edge{1, 1});
        g.loops.push_back(wsp::pws::SourceLoop{1, 3});
        g.loops.push_back(wsp::pws::SourceLoop{1, 0});
        cases.push_back({"two bounds again", g, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 2, "two loop bounds"});
    }
    {
        Raw g = chain(5);  // loop 1..3 (bound 2^31 - 1) around a self-loop at 2 (bound 3)
        g.edges.push_back(wsp_pws_edge{3, 1});
        g.edges.push_back(wsp_pws_edge{2, 2});
        g.loops.push_back(wsp::pws::SourceLoop{1, 0x7FFFFFFFu});
        g.loops.push_back(wsp::pws::SourceLoop{2, 3});
        cases.push_back({"multiplicity overflow", g, WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE, 3, "multiply beyond 2^32"});
    }
    for (const Case &c : cases) {
        wsp_diag d{};
        const wsp_status st = normalise_raw(c.g, &d);
        print_message("%-22s %s\n", c.name, d.message);
        if (st != c.status || d.status != c.status || d.field != c.field || d.index != c.index ||
            strstr(d.message, c.words) == nullptr)
            fail_msg("%s: status %d field %s index %u '%s'", c.name, (int)st, wsp_field_name(d.field),
                     (unsigned)d.index, d.message);
    }

    // Arguments and memory.
    Raw g = chain(4);
    const wsp::pws::SourceCfg src{g.nodes.data(), 4, g.edges.data(), 3, nullptr, 0};
    Output out(4, 3, 0);
    std::vector<uint64_t> ws(wsp::pws::normalise_workspace(4, 3) / 8 + 2);
    const size_t need = wsp::pws::normalise_workspace(4, 3);
    wsp_diag d{};
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need, &out.f, &d), WSP_OK);
    assert_int_equal(out.f.node_count, 4);
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need - 1, &out.f, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::normalise(&src, reinterpret_cast<char *>(ws.data()) + 1, need, &out.f, &d),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::normalise(&src, nullptr, need, &out.f, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp::pws::normalise(nullptr, ws.data(), need, &out.f, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_CFG_NODE);
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need, nullptr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    wsp::pws::SourceCfg empty = src;
    empty.node_count = 0;
    assert_int_equal(wsp::pws::normalise(&empty, ws.data(), need, &out.f, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_CFG_NODE);
    wsp::pws::NormalForm small = out.f;
    small.node_capacity -= 1;
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need, &small, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    small = out.f;
    small.edges = nullptr;
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need, &small, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    wsp::pws::SourceCfg no_edges = src;
    no_edges.edges = nullptr;
    assert_int_equal(wsp::pws::normalise(&no_edges, ws.data(), need, &out.f, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_CFG_EDGE);
    uint32_t cn = 0, ce = 0;
    assert_false(wsp::pws::normal_form_capacity(WSP_PWS_MAX_NODES, 0, &cn, &ce));
    wsp::pws::SourceCfg huge = src;
    huge.node_count = WSP_PWS_MAX_NODES;
    assert_int_equal(wsp::pws::normalise(&huge, ws.data(), need, &out.f, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_CFG_NODE);
    assert_int_equal(wsp::pws::normalise(&src, ws.data(), need, &out.f, nullptr), WSP_OK);
}

// The host readers' errors name the file and line.
void test_readers(void **state) {
    (void)state;
    struct Case {
        bool csv;
        unsigned base;
        const char *text, *words;
    };
    const Case cases[] = {
        {false, 0, "1 blok 3\n", "x:1: kind 'blok' is not block"},
        {false, 0, "1 block 3\n1 block 4\n", "x:2: node 1 is defined twice"},
        {false, 0, "1 block 3 -> 2\n", "x:1: edge to node 2, which is not defined"},
        {false, 0, "1 bsb 3 split\n", "x:1: a BSB cannot be marked split"},
        {false, 0, "1 block x\n", "x:1: WCET 'x' is not a number"},
        {false, 0, "1 block 3 extra\n", "x:1: unexpected 'extra'"},
        {false, 0, "1 block 3\nloop 1\n", "x:2: expected 'loop ID BOUND'"},
        {false, 0, "1 block 3\nloop 2 4\n", "x:2: loop bound for node 2, which is not defined"},
        {false, 0, "1 branch+ 3\n", "x:1: kind 'branch+'"},
        {true, 0, "wcet,is_bsb,is_reconv,c\n1,0,0\n1,2\n", "x:3: expected 3 to 4 fields (the header on line 1 names 4), found 2"},
        {true, 0, "1,0\n", "x:1: expected 3 to 5 fields"},
        {true, 0, "wcet,a,b,c\n1,0,0\n", "x:1: the header has no column 'is_bsb'"},
        {true, 0, "wcet,is_bsb_node,is_reconv,wcet\n1,0,0,1\n", "x:1: the header names column 'wcet' twice"},
        {true, 0, "wcet,is_bsb,is_reconv,successors\n1,0,0,0,9\n", "x:2: expected 3 to 4 fields"},
        {true, 0, "1,yes,0,\n", "x:1: is_bsb 'yes' is not 0 or 1"},
        {true, 0, "1,0,0,5\n", "x:1: successor 5 is not a row"},
        {true, 1, "1,0,0,0\n", "x:1: successor '0' is not a row number"},
        {true, 0, "1,0,0,,x\n", "x:1: loop_bound 'x' is not a number"},
    };
    for (const Case &c : cases) {
        std::istringstream in(c.text);
        SourceGraph g;
        std::string error;
        const bool ok = c.csv ? read_graph_csv("x", in, c.base, g, error) : read_graph_text("x", in, g, error);
        if (ok || error.find(c.words) == std::string::npos) fail_msg("'%s': %s", c.text, error.c_str());
    }
    SourceGraph g;
    std::string error;
    assert_false(read_graph_file("/nonexistent/x.pws", "", 0, g, error));
    assert_non_null(strstr(error.c_str(), "cannot open"));
    assert_false(read_graph_file(fixture("mixed.pws"), "yaml", 0, g, error));
    // Columns found by name, in any order, others ignored (warpspan ptx --write-cfg's extra columns).
    {
        std::istringstream in2("label,successors,wcet,is_reconv_node,is_bsb_node,loop_bound\nA,1,4,0,0,\nB,1;2,5,0,0,3\nC,,1,1,0,\n");
        assert_true(read_graph_csv("x", in2, 0, g, error));
        assert_int_equal(g.nodes.size(), 3);
        assert_int_equal(g.nodes[1].wcet, 5);
        assert_int_equal(g.nodes[2].flags, wsp::pws::kSourceReconv);
        assert_int_equal(g.edges.size(), 3);
        assert_int_equal(g.loops.size(), 1);
        assert_int_equal(g.loops[0].header, 1);
        assert_int_equal(g.loops[0].bound, 3);
    }
    // CSV flags in every spelling the solver's pandas writes, and a quoted WCET refused.
    std::istringstream in("wcet,is_bsb_node,is_reconv_node,successors\n1,True,true,1\n2,0,False,\n");
    assert_true(read_graph_csv("x", in, 0, g, error));
    assert_int_equal(g.nodes[0].flags, wsp::pws::kSourceBsb | wsp::pws::kSourceReconv);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixtures),      cmocka_unit_test(test_compiler_fixtures),
        cmocka_unit_test(test_unstructured_fixtures),
        cmocka_unit_test(test_random_perturbed), cmocka_unit_test(test_random_dags),
        cmocka_unit_test(test_loops),         cmocka_unit_test(test_errors),
        cmocka_unit_test(test_readers),
    };
    return cmocka_run_group_tests_name("pws_normalise", tests, NULL, NULL);
}
