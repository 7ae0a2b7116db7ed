// The host's PWS pipeline (analysis.hpp).
//
// Loops. The normal form keeps each loop as a run of items of one sequence whose body runs
// multiplicity times per kernel run. Multiplying every node's WCET by its multiplicity and counting
// each split point that often gives exactly the unrolled graph's numbers: the unrolled body is
// bound + 1 copies in sequence, a sequence's worst time is the sum of its items' (the copies choose
// independently, and identically in the worst case), the copies' split points share one Parent, so
// they need no more contexts than one copy, and Lemma 5.1 counts every copy. IPET over the normal
// form with the loop bounds gives the same worst paths (it is exact on such loops); --ipet checks
// both, and the tests check against the unrolled graph.
#include "host/pws/analysis.hpp"

#include <cstdio>
#include <string>

#include "pws/split.hpp"
#include "util/checked.hpp"
#include "warpspan_host.h"

namespace wsp {
namespace host {
namespace {

using pws::kNoNode;

std::string message_of(wsp_status st, const wsp_diag &d) { return d.message[0] ? d.message : wsp_strerror(st); }

// `source` is the graph the diag's node and edge indices refer to (NULL: none, after normalisation):
// the node the error is about, or the node an edge leaves from.
bool input_error(PwsError &error, wsp_status st, const wsp_diag &d, const SourceGraph *source) {
    error.kind = st == WSP_ERR_INTERNAL ? PwsError::kInternal : PwsError::kInput;
    error.message = message_of(st, d);
    error.node = kNoNode;
    if (source == nullptr || d.index == 0) return false;
    if (d.field == WSP_FIELD_CFG_NODE && d.index <= source->nodes.size()) error.node = d.index - 1;
    if (d.field == WSP_FIELD_CFG_EDGE && d.index <= source->edges.size() &&
        source->edges[d.index - 1].from < source->nodes.size())
        error.node = source->edges[d.index - 1].from;
    return false;
}

wsp_pws_cfg cfg_of(const std::vector<wsp_pws_node> &nodes, const std::vector<wsp_pws_edge> &edges) {
    wsp_pws_cfg c{};
    c.nodes = nodes.data();
    c.node_count = static_cast<uint32_t>(nodes.size());
    c.edges = edges.data();
    c.edge_count = static_cast<uint32_t>(edges.size());
    return c;
}

bool internal_error(PwsError &error, const std::string &what) {
    error.kind = PwsError::kInternal;
    error.message = what;
    error.node = kNoNode;
    return false;
}

// IPET over the nodes that lie on some path from `entry` to `exit` using the edges not flagged in
// `skip` (Prune's removed edges), with the loops' back edges and bounds.
bool ipet_value(const Normalised &g, const std::vector<uint8_t> &skip, uint32_t entry, uint32_t exit, uint64_t *value,
                PwsError &error) {
    const uint32_t n = static_cast<uint32_t>(g.nodes.size());
    std::vector<wsp_pws_edge> kept;
    for (size_t e = 0; e < g.edges.size(); ++e)
        if (!skip[e]) kept.push_back(g.edges[e]);
    for (const wsp_pws_edge &e : g.back_edges) kept.push_back(e);
    std::vector<uint8_t> fwd(n, 0), bwd(n, 0);
    fwd[entry] = bwd[exit] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (const wsp_pws_edge &e : kept) {
            if (fwd[e.from] && !fwd[e.to]) fwd[e.to] = 1, changed = true;
            if (bwd[e.to] && !bwd[e.from]) bwd[e.from] = 1, changed = true;
        }
    }
    std::vector<uint32_t> index(n, kNoNode), labels;
    std::vector<uint64_t> wcet;
    for (uint32_t v = 0; v < n; ++v)
        if (fwd[v] && bwd[v]) {
            index[v] = static_cast<uint32_t>(wcet.size());
            wcet.push_back(g.nodes[v].wcet);
            labels.push_back(v);
        }
    std::vector<wsp_pws_edge> sub;
    for (const wsp_pws_edge &e : kept)
        if (index[e.from] != kNoNode && index[e.to] != kNoNode) sub.push_back(wsp_pws_edge{index[e.from], index[e.to]});
    std::vector<wsp_host_ipet_loop> loops;
    for (size_t k = 0; k < g.back_edges.size(); ++k)
        if (index[g.back_edges[k].to] != kNoNode)
            loops.push_back(wsp_host_ipet_loop{index[g.back_edges[k].to], 0, g.back_bound[k]});
    wsp_host_ipet_graph ig{};
    ig.wcet = wcet.data();
    ig.node_count = static_cast<uint32_t>(wcet.size());
    ig.edges = sub.data();
    ig.edge_count = static_cast<uint32_t>(sub.size());
    ig.entry = index[entry];
    ig.exit = index[exit];
    ig.loops = loops.data();
    ig.loop_count = static_cast<uint32_t>(loops.size());
    ig.labels = labels.data();
    wsp_host_ipet_result r{};
    wsp_diag d{};
    const wsp_status st = wsp_host_ipet_solve(&ig, nullptr, nullptr, &r, &d);
    if (st == WSP_ERR_UNAVAILABLE) {
        error.kind = PwsError::kUnavailable;
        error.message = "--ipet is not available in this build: warpspan was built without lp_solve";
        return false;
    }
    if (st != WSP_OK || r.stop != WSP_STOP_FINISHED) {
        error.kind = PwsError::kInput;
        error.message = "--ipet: " + (st != WSP_OK ? message_of(st, d) : std::string("no optimal solution"));
        return false;
    }
    *value = r.wcet;
    return true;
}

uint64_t weight_of(const Normalised &g, const std::vector<uint8_t> &selected) {
    uint64_t k = 0;
    for (size_t v = 0; v < selected.size(); ++v)
        if (selected[v]) k += g.multiplicity[v];
    return k;
}

}  // namespace

bool analyse_graph(const SourceGraph &source, const PwsRequest &request, PwsResult &result, PwsError &error) {
    result = PwsResult{};
    wsp_diag d{};
    double t0 = wsp_host_seconds();
    wsp_status st = normalise_graph(source, result.g, &d);
    if (st != WSP_OK) return input_error(error, st, d, &source);
    result.seconds_normalise = wsp_host_seconds() - t0;
    Normalised &g = result.g;
    const uint32_t n = static_cast<uint32_t>(g.nodes.size());

    // The set P of marked branches.
    const bool all = request.split == SplitChoice::kAll || request.split == SplitChoice::kOptimal ||
                     (request.split == SplitChoice::kFile && source.mark_all);
    for (uint32_t v = 0; v < n; ++v) {
        const bool branch = g.nodes[v].kind == WSP_PWS_BRANCH && g.made[v] == pws::kMadeSource;
        if (all) g.nodes[v].split = branch;
        else if (request.split != SplitChoice::kFile) g.nodes[v].split = 0;
    }
    if (request.split == SplitChoice::kList)
        for (uint32_t label : request.split_labels) {
            const uint32_t v = source.find(label);
            if (v == kNoNode) return error = {PwsError::kInput, "--split: no node " + std::to_string(label), kNoNode}, false;
            if (g.nodes[v].kind != WSP_PWS_BRANCH || g.made[v] != pws::kMadeSource)
                return error = {PwsError::kInput, "--split: node " + std::to_string(label) + " is not a branch", v}, false;
            g.nodes[v].split = 1;
        }
    result.primary_optimal = request.split == SplitChoice::kOptimal;

    // Each node's WCET as often as it runs.
    std::vector<wsp_pws_node> weighted(g.nodes);
    for (uint32_t v = 0; v < n; ++v)
        if (!checked_mul(g.nodes[v].wcet, g.multiplicity[v], &weighted[v].wcet))
            return error = {PwsError::kInput, "node " + g.name(v) + ": its WCET times its loops' bounds exceeds 2^64 - 1",
                            g.owner[v] < source.nodes.size() ? g.owner[v] : kNoNode}, false;
    const wsp_pws_cfg wcfg = cfg_of(weighted, g.edges);
    const uint32_t S = request.params.spsimds;
    std::vector<uint64_t> ws(wsp::pws::split_scratch(n, wcfg.edge_count) / 8 + 1);
    const size_t ws_size = ws.size() * 8;
    uint64_t branches = 0;
    for (uint32_t v = 0; v < n; ++v)
        if (g.nodes[v].kind == WSP_PWS_BRANCH) branches += g.multiplicity[v];

    // Select (Alg. 1) and Prune (Alg. 2).
    t0 = wsp_host_seconds();
    PwsColumn &sel = result.select;
    sel.selected.assign(n, 0);
    sel.removed.assign(wcfg.edge_count + 1, 0);
    st = pws::analyse(&wcfg, S, ws.data(), ws_size, sel.selected.data(), sel.removed.data(), nullptr, &result.paths, &d);
    if (st != WSP_OK) {
        // The normal form must pass the strict checks; a failure here is ours, unless it is an overflow.
        if (st == WSP_ERR_OVERFLOW) return input_error(error, st, d, nullptr);
        return internal_error(error, "the normal form fails the strict checks: " + message_of(st, d));
    }
    sel.removed.resize(wcfg.edge_count);
    result.full = result.paths.full;
    sel.pruned = result.paths.pruned;
    sel.count = result.paths.selected;
    sel.contexts = result.paths.contexts;
    sel.splits = weight_of(g, sel.selected);
    pws::Wavefront w{sel.pruned, result.full, sel.splits, sel.contexts, S > 0 ? branches : 0};
    if ((st = pws::kernel_times(&request.params, w, request.contexts_mode, &sel.kernel, &d)) != WSP_OK)
        return input_error(error, st, d, nullptr), error.message = "pws: " + error.message, false;
    sel.seconds = wsp_host_seconds() - t0;

    // The optimal split points, then Prune on them for the removed edges (and as a check).
    if (request.optimal || result.primary_optimal) {
        t0 = wsp_host_seconds();
        PwsColumn &opt = result.optimal;
        const pws::SplitProblem problem{&wcfg, g.multiplicity.data(), &request.params, request.contexts_mode};
        uint64_t bytes = 0;
        if ((st = pws::split_workspace(problem, ws.data(), ws_size, &bytes, &d)) != WSP_OK)
            return input_error(error, st, d, nullptr);
        std::vector<uint64_t> tables(bytes / 8 + 1);
        opt.selected.assign(n, 0);
        pws::SplitChoice choice{};
        st = pws::split_optimal(problem, ws.data(), ws_size, tables.data(), tables.size() * 8, opt.selected.data(),
                                &choice, &d);
        if (st != WSP_OK) return input_error(error, st, d, nullptr), error.message = "pws: " + error.message, false;
        opt.pruned = choice.pruned;
        opt.splits = choice.splits;
        opt.count = choice.selected;
        opt.contexts = choice.contexts;
        opt.kernel = choice.kernel;
        std::vector<wsp_pws_node> marked(weighted);
        for (uint32_t v = 0; v < n; ++v) marked[v].split = opt.selected[v];
        const wsp_pws_cfg mcfg = cfg_of(marked, g.edges);
        std::vector<uint8_t> again(n, 0);
        opt.removed.assign(wcfg.edge_count + 1, 0);
        wsp_pws_paths p2{};
        st = pws::analyse(&mcfg, S, ws.data(), ws_size, again.data(), opt.removed.data(), nullptr, &p2, &d);
        opt.removed.resize(wcfg.edge_count);
        if (st != WSP_OK || p2.pruned != opt.pruned || again != opt.selected || p2.contexts != opt.contexts)
            return internal_error(error, "the optimal split points do not give the worst SWF path the optimum claims");
        opt.seconds = wsp_host_seconds() - t0;
        result.has_optimal = true;
    }

    // IPET over the normal form with its loops (lp_solve): the serialised path and the answer's
    // worst SWF path again.
    if (request.ipet) {
        std::vector<uint8_t> has_in(n, 0), has_out(n, 0), none(g.edges.size(), 0);
        for (const wsp_pws_edge &e : g.edges) has_in[e.to] = has_out[e.from] = 1;
        uint32_t entry = 0, exit = 0;
        for (uint32_t v = 0; v < n; ++v) {
            if (!has_in[v]) entry = v;
            if (!has_out[v]) exit = v;
        }
        if (!ipet_value(g, none, entry, exit, &result.ipet_full, error) ||
            !ipet_value(g, result.primary().removed, entry, exit, &result.ipet_pruned, error))
            return false;
        result.ipet_done = true;
        if (result.ipet_full != result.full || result.ipet_pruned != result.primary().pruned)
            return internal_error(error, "IPET (" + std::to_string(result.ipet_pruned) + ", " +
                                             std::to_string(result.ipet_full) + ") disagrees with the longest paths (" +
                                             std::to_string(result.primary().pruned) + ", " +
                                             std::to_string(result.full) + ")");
    }
    return true;
}

void unroll(const Normalised &g, std::vector<wsp_pws_node> &nodes, std::vector<wsp_pws_edge> &edges,
            std::vector<uint32_t> &origin) {
    nodes = g.nodes;
    edges = g.edges;
    origin.resize(nodes.size());
    for (uint32_t v = 0; v < nodes.size(); ++v) origin[v] = v;
    struct Loop {
        uint32_t header, latch, bound;
        size_t size;
    };
    std::vector<Loop> loops;
    auto body = [&](uint32_t h, uint32_t t) {
        const size_t n = nodes.size();
        std::vector<uint8_t> fwd(n, 0), bwd(n, 0), in(n, 0);
        fwd[h] = bwd[t] = 1;
        for (bool changed = true; changed;) {
            changed = false;
            for (const wsp_pws_edge &e : edges) {
                if (fwd[e.from] && !fwd[e.to] && e.from != t) fwd[e.to] = 1, changed = true;
                if (bwd[e.to] && !bwd[e.from] && e.to != h) bwd[e.from] = 1, changed = true;
            }
        }
        for (size_t v = 0; v < n; ++v) in[v] = fwd[v] && bwd[v];
        return in;
    };
    for (size_t k = 0; k < g.back_edges.size(); ++k) {
        const std::vector<uint8_t> in = body(g.back_edges[k].to, g.back_edges[k].from);
        size_t size = 0;
        for (uint8_t b : in) size += b;
        loops.push_back({g.back_edges[k].to, g.back_edges[k].from, g.back_bound[k], size});
    }
    // Innermost first: an inner loop's body lies inside the outer one's and is smaller.
    for (size_t i = 0; i < loops.size(); ++i)
        for (size_t j = i + 1; j < loops.size(); ++j)
            if (loops[j].size < loops[i].size) std::swap(loops[i], loops[j]);
    for (const Loop &l : loops) {
        const std::vector<uint8_t> in = body(l.header, l.latch);
        uint32_t exit_edge = kNoNode;
        for (uint32_t e = 0; e < edges.size(); ++e)
            if (edges[e].from == l.latch && !in[edges[e].to]) exit_edge = e;
        const size_t n = nodes.size(), m = edges.size();
        uint32_t prev_latch = l.latch;
        const uint32_t exit_to = exit_edge != kNoNode ? edges[exit_edge].to : kNoNode;
        for (uint32_t c = 1; c <= l.bound; ++c) {
            std::vector<uint32_t> copy(n, kNoNode);
            for (uint32_t v = 0; v < n; ++v)
                if (in[v]) {
                    copy[v] = static_cast<uint32_t>(nodes.size());
                    nodes.push_back(nodes[v]);
                    origin.push_back(origin[v]);
                }
            for (uint32_t e = 0; e < m; ++e) {
                const wsp_pws_edge ed = edges[e];  // the exit edge already leads to the first copy (>= n)
                if (ed.to < n && in[ed.from] && in[ed.to]) edges.push_back(wsp_pws_edge{copy[ed.from], copy[ed.to]});
            }
            // The previous copy's latch leads into this copy's header.
            if (prev_latch == l.latch && exit_edge != kNoNode) edges[exit_edge].to = copy[l.header];
            else edges.push_back(wsp_pws_edge{prev_latch, copy[l.header]});
            prev_latch = copy[l.latch];
        }
        if (l.bound > 0 && exit_to != kNoNode) edges.push_back(wsp_pws_edge{prev_latch, exit_to});
    }
}

}  // namespace host
}  // namespace wsp
