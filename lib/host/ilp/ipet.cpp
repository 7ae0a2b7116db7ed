// IPET (implicit path enumeration) for a CFG with loop bounds, through the same ILP interface and
// lp_solve glue as paper 004's model. Paper 001 (section 5) computes a wavefront's WCET "using IPET";
// on the pruned acyclic CFG that is the longest path (the core's), here it is the general ILP.
//
// Columns: x_e >= 0 integer, how often edge e is taken. With in(v) = sum of x over v's in-edges
// (+1 for the entry) and out(v) likewise (+1 for the exit):
//   flow_v   in(v) - out(v) = 0          every execution enters and leaves each node once
//   loop_h   sum over back edges into h of x_e <= bound_h * sum over the other edges into h of x_e
//            (+ bound_h when h is the entry): the back edges are taken at most bound_h times per entry
//   maximise sum_v e_bb(v) * in(v)
// Why this bounds every execution: an execution from the entry to the exit that respects the loop
// bounds gives edge counts satisfying every row, and its time is the objective at those counts; so
// the maximum is at least the longest such execution (a relaxation: it may be larger, never smaller).
// The rows need every loop bounded: a cycle in a reducible CFG contains a back edge whose header
// dominates it, so bounding all back edges per entry bounds every cycle's flow by the flow entering
// its header from outside, which is finite; an irreducible loop (entered other than through its
// header) escapes that argument, so such graphs are refused.
#include <math.h>

#include <vector>

#include <cmath>

#include "host/ilp/lpsolve_system.hpp"
#include "host/ilp/solve.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "warpspan_host.h"

namespace {

using wsp::ilp::failf;

constexpr uint64_t kMaxWcet = uint64_t{1} << 32;
constexpr double kMaxObjective = 9007199254740992.0 / 1024;  // 2^43: integers exact with room for 1e-6

struct Analysis {
    std::vector<std::vector<uint32_t>> in, out;  // edge indices per node
    std::vector<bool> back;                     // per edge
    std::vector<int64_t> bound;                 // per node, -1 = none given
    uint32_t back_edges = 0;
    std::vector<uint32_t> postorder;            // of the depth-first search from the entry
};

void reaches(const wsp_host_ipet_graph &g, const Analysis &a, bool forward, std::vector<bool> &seen) {
    const uint32_t start = forward ? g.entry : g.exit;
    seen.assign(g.node_count, false);
    std::vector<uint32_t> stack{start};
    seen[start] = true;
    while (!stack.empty()) {
        const uint32_t v = stack.back();
        stack.pop_back();
        for (uint32_t e : forward ? a.out[v] : a.in[v]) {
            const uint32_t w = forward ? g.edges[e].to : g.edges[e].from;
            if (!seen[w]) {
                seen[w] = true;
                stack.push_back(w);
            }
        }
    }
}

// One iterative depth-first search from the entry: the back edges (an edge to a node on the stack)
// and the post-order the dominator computation walks in reverse.
void depth_first(const wsp_host_ipet_graph &g, Analysis &a) {
    enum : uint8_t { kNew, kOnStack, kDone };
    std::vector<uint8_t> state(g.node_count, kNew);
    std::vector<std::pair<uint32_t, size_t>> stack{{g.entry, 0}};
    state[g.entry] = kOnStack;
    a.back.assign(g.edge_count, false);
    a.postorder.clear();
    while (!stack.empty()) {
        auto &[v, next] = stack.back();
        if (next == a.out[v].size()) {
            state[v] = kDone;
            a.postorder.push_back(v);
            stack.pop_back();
            continue;
        }
        const uint32_t e = a.out[v][next++];
        const uint32_t w = g.edges[e].to;
        if (state[w] == kOnStack) {
            a.back[e] = true;
            ++a.back_edges;
        } else if (state[w] == kNew) {
            state[w] = kOnStack;
            stack.emplace_back(w, 0);
        }
    }
}

// Immediate dominators by the iterative algorithm over the reverse post-order of the search.
std::vector<uint32_t> dominators(const wsp_host_ipet_graph &g, const Analysis &a) {
    std::vector<uint32_t> rpo_index(g.node_count, 0);
    const std::vector<uint32_t> rpo(a.postorder.rbegin(), a.postorder.rend());
    for (uint32_t k = 0; k < rpo.size(); ++k) rpo_index[rpo[k]] = k;
    const uint32_t none = UINT32_MAX;
    std::vector<uint32_t> idom(g.node_count, none);
    idom[g.entry] = g.entry;
    auto intersect = [&](uint32_t x, uint32_t y) {
        while (x != y) {
            while (rpo_index[x] > rpo_index[y]) x = idom[x];
            while (rpo_index[y] > rpo_index[x]) y = idom[y];
        }
        return x;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t v : rpo) {
            if (v == g.entry) continue;
            uint32_t d = none;
            for (uint32_t e : a.in[v]) {
                const uint32_t u = g.edges[e].from;
                if (idom[u] == none) continue;
                d = d == none ? u : intersect(u, d);
            }
            if (d != idom[v]) {
                idom[v] = d;
                changed = true;
            }
        }
    }
    return idom;
}

bool dominates(const std::vector<uint32_t> &idom, uint32_t h, uint32_t v, uint32_t entry) {
    for (;;) {
        if (v == h) return true;
        if (v == entry) return false;
        v = idom[v];
    }
}

// The caller's name of node v, for messages.
unsigned name(const wsp_host_ipet_graph &g, uint32_t v) { return g.labels != nullptr ? g.labels[v] : v; }

// Errors name the node (field WSP_FIELD_IPET_GRAPH, diag.index its 1-based index; 0 for the graph as
// a whole), the edge (WSP_FIELD_CFG_EDGE) or the loop (WSP_FIELD_IPET_LOOP).
wsp_status check(const wsp_host_ipet_graph &g, Analysis &a, wsp_diag *diag) {
    const uint32_t kGraph = WSP_FIELD_IPET_GRAPH;
    wsp_status st = wsp::check_reserved(g.reserved, 1, "the IPET graph", diag);
    if (st != WSP_OK) return st;
    if (g.node_count == 0) return failf(diag, WSP_ERR_RANGE, kGraph, 0, "the CFG has no node");
    if (g.entry >= g.node_count || g.exit >= g.node_count)
        return failf(diag, WSP_ERR_CFG_EDGE, kGraph, 0, "the entry %u or exit %u is not a node (there are %u)",
                     g.entry, g.exit, g.node_count);
    if (g.wcet == nullptr) return failf(diag, WSP_ERR_NULL_ARGUMENT, kGraph, 0, "the CFG's WCETs are NULL");
    if (g.edge_count > 0 && g.edges == nullptr)
        return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_EDGE, 0, "the CFG's edges are NULL");
    if (g.loop_count > 0 && g.loops == nullptr)
        return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_IPET_LOOP, 0, "the CFG's loops are NULL");
    for (uint32_t v = 0; v < g.node_count; ++v)
        if (g.wcet[v] > kMaxWcet)
            return failf(diag, WSP_ERR_OVERFLOW, kGraph, v + 1, "node %u: WCET %llu exceeds the maximum 2^32",
                         name(g, v), static_cast<unsigned long long>(g.wcet[v]));
    for (uint32_t k = 0; k < g.loop_count; ++k)
        if (g.loops[k].reserved0 != 0)
            return failf(diag, WSP_ERR_RESERVED, WSP_FIELD_IPET_LOOP, k + 1,
                         "loop bound %u has a reserved word that is not 0", k);
    a.in.assign(g.node_count, {});
    a.out.assign(g.node_count, {});
    for (uint32_t e = 0; e < g.edge_count; ++e) {
        if (g.edges[e].from >= g.node_count || g.edges[e].to >= g.node_count)
            return failf(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, e + 1,
                         "edge %u (index %u -> %u) names a node that does not exist", e, g.edges[e].from,
                         g.edges[e].to);
        a.out[g.edges[e].from].push_back(e);
        a.in[g.edges[e].to].push_back(e);
    }
    std::vector<bool> from_entry, to_exit;
    reaches(g, a, true, from_entry);
    reaches(g, a, false, to_exit);
    for (uint32_t v = 0; v < g.node_count; ++v) {
        if (!from_entry[v])
            return failf(diag, WSP_ERR_CFG_STRUCTURE, kGraph, v + 1, "node %u is not reachable from the entry %u",
                         name(g, v), name(g, g.entry));
        if (!to_exit[v])
            return failf(diag, WSP_ERR_CFG_STRUCTURE, kGraph, v + 1, "node %u cannot reach the exit %u", name(g, v),
                         name(g, g.exit));
    }
    depth_first(g, a);
    const std::vector<uint32_t> idom = dominators(g, a);
    a.bound.assign(g.node_count, -1);
    for (uint32_t k = 0; k < g.loop_count; ++k) {
        const uint32_t h = g.loops[k].header;
        if (h >= g.node_count)
            return failf(diag, WSP_ERR_RANGE, WSP_FIELD_IPET_LOOP, k + 1,
                         "loop bound %u names node index %u, which does not exist", k, h);
        if (a.bound[h] >= 0)
            return failf(diag, WSP_ERR_RANGE, WSP_FIELD_IPET_LOOP, k + 1, "node %u has two loop bounds", name(g, h));
        if (g.loops[k].bound > kMaxWcet)
            return failf(diag, WSP_ERR_OVERFLOW, WSP_FIELD_IPET_LOOP, k + 1, "node %u: loop bound exceeds 2^32",
                         name(g, h));
        a.bound[h] = static_cast<int64_t>(g.loops[k].bound);
    }
    std::vector<bool> header(g.node_count, false);
    for (uint32_t e = 0; e < g.edge_count; ++e) {
        if (!a.back[e]) continue;
        const uint32_t u = g.edges[e].from, h = g.edges[e].to;
        if (!dominates(idom, h, u, g.entry))
            return failf(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_EDGE, e + 1,
                         "irreducible loop: the cycle through edge %u -> %u can be entered other than at %u",
                         name(g, u), name(g, h), name(g, h));
        if (a.bound[h] < 0)
            return failf(diag, WSP_ERR_RANGE, kGraph, h + 1, "the loop at node %u has no bound", name(g, h));
        header[h] = true;
    }
    for (uint32_t k = 0; k < g.loop_count; ++k)
        if (!header[g.loops[k].header])
            return failf(diag, WSP_ERR_RANGE, WSP_FIELD_IPET_LOOP, k + 1,
                         "node %u has a loop bound but no back edge enters it", name(g, g.loops[k].header));
    return WSP_OK;
}

struct Deadline {
    double at;
};

bool stop_at(void *context, double, uint64_t) {
    const Deadline *d = static_cast<const Deadline *>(context);
    return d->at > 0 && wsp_host_seconds() >= d->at;
}

}  // namespace

extern "C" wsp_status wsp_host_ipet_solve(const wsp_host_ipet_graph *graph, const wsp_host_ipet_options *options,
                                          uint64_t *counts, wsp_host_ipet_result *result, wsp_diag *diag) {
    const double start = wsp_host_seconds();
    wsp::zero(result);
    if (graph == nullptr) return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_IPET_GRAPH, 0, "the graph is NULL");
    const wsp_host_ipet_graph &g = *graph;
    Analysis a;
    wsp_status s = check(g, a, diag);
    if (s != WSP_OK) return s;
    double seconds = 0;
    if (options != nullptr) {
        // The options' reserved words follow the graph's 7: 8..15.
        s = wsp::check_reserved(options->reserved, 8, "the IPET options", diag);
        if (s != WSP_OK) return s;
        seconds = options->seconds;
        if (!std::isfinite(seconds) || seconds < 0)
            return failf(diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, 0, "seconds must be a finite number >= 0");
    }
    if (result == nullptr) return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, 0, "the result is NULL");

    if (g.edge_count == 0) {  // one node, entry and exit (check() made sure): nothing to solve
        wsp_host_ipet_result r{};
        r.stop = WSP_STOP_FINISHED;
        r.wcet = g.wcet[g.entry];
        if (counts != nullptr) counts[g.entry] = 1;
        r.seconds = wsp_host_seconds() - start;
        *result = r;
        return wsp::ok(diag);
    }
    wsp::ilp::LpSolve lp(static_cast<int>(g.edge_count), false);
    if (!lp.ok())
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve could not create a model of %u columns",
                     g.edge_count);
    for (uint32_t e = 0; e < g.edge_count; ++e)
        if (!lp.add_integer(nullptr)) return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused a column");
    std::vector<int> cols;
    std::vector<double> vals;
    // Objective: sum_v e_bb(v) * in(v); the entry's constant e_bb(entry) is added afterwards.
    for (uint32_t e = 0; e < g.edge_count; ++e)
        if (g.wcet[g.edges[e].to] != 0) {
            cols.push_back(static_cast<int>(e));
            vals.push_back(static_cast<double>(g.wcet[g.edges[e].to]));
        }
    if (!lp.maximise(cols.data(), vals.data(), cols.size()))
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused the objective");
    uint64_t rows = 0;
    for (uint32_t v = 0; v < g.node_count; ++v) {
        cols.clear();
        vals.clear();
        for (uint32_t e : a.in[v]) cols.push_back(static_cast<int>(e)), vals.push_back(1.0);
        for (uint32_t e : a.out[v]) {
            // A self-loop is both: it cancels out of the flow row.
            bool merged = false;
            for (size_t k = 0; k < cols.size(); ++k)
                if (cols[k] == static_cast<int>(e)) vals[k] -= 1.0, merged = true;
            if (!merged) cols.push_back(static_cast<int>(e)), vals.push_back(-1.0);
        }
        const double rhs = (v == g.exit ? 1.0 : 0.0) - (v == g.entry ? 1.0 : 0.0);
        if (!lp.add_row(cols.data(), vals.data(), cols.size(), wsp::ilp::Sense::eq, rhs, nullptr))
            return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused a row");
        ++rows;
    }
    for (uint32_t h = 0; h < g.node_count; ++h) {
        if (a.bound[h] < 0) continue;
        cols.clear();
        vals.clear();
        const double k = static_cast<double>(a.bound[h]);
        for (uint32_t e : a.in[h]) cols.push_back(static_cast<int>(e)), vals.push_back(a.back[e] ? 1.0 : -k);
        if (!lp.add_row(cols.data(), vals.data(), cols.size(), wsp::ilp::Sense::le, h == g.entry ? k : 0.0, nullptr))
            return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused a row");
        ++rows;
    }
    Deadline deadline{seconds > 0 ? start + seconds : 0};
    wsp::ilp::LpSolve::Outcome o = lp.solve(stop_at, &deadline);
    wsp_host_ipet_result r{};
    r.back_edges = a.back_edges;
    r.columns = g.edge_count;
    r.rows = rows;
    if (o.optimal) {
        double total = static_cast<double>(g.wcet[g.entry]);
        for (uint32_t e = 0; e < g.edge_count; ++e) {
            const double x = o.solution[e];
            if (fabs(x - floor(x + 0.5)) > 1e-6)
                return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0,
                             "lp_solve returned %.9g for the count of edge %u (not integral)", x, e);
        }
        total += o.objective;
        if (fabs(o.objective - floor(o.objective + 0.5)) > 1e-6 || total > kMaxObjective)
            return failf(diag, o.objective > kMaxObjective ? WSP_ERR_OVERFLOW : WSP_ERR_SOLVER,
                         o.objective > kMaxObjective ? WSP_FIELD_IPET_GRAPH : WSP_FIELD_NONE, 0,
                         "the IPET maximum %.17g is not an integer the solver represents exactly", total);
        // Recompute the WCET in integers from the counts, independently of lp_solve's objective.
        uint64_t wcet = g.wcet[g.entry];
        std::vector<uint64_t> count(g.node_count, 0);
        count[g.entry] = 1;
        for (uint32_t e = 0; e < g.edge_count; ++e) {
            const uint64_t x = static_cast<uint64_t>(floor(o.solution[e] + 0.5));
            count[g.edges[e].to] += x;
            wcet += x * g.wcet[g.edges[e].to];
        }
        if (static_cast<double>(wcet) != floor(total + 0.5))
            return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve's objective %.17g disagrees with its counts (%llu)", total,
                         static_cast<unsigned long long>(wcet));
        r.stop = WSP_STOP_FINISHED;
        r.wcet = wcet;
        if (counts != nullptr)
            for (uint32_t v = 0; v < g.node_count; ++v) counts[v] = count[v];
    } else if (o.stopped) {
        r.stop = WSP_STOP_TIME;
    } else {
        return failf(diag, o.infeasible ? WSP_ERR_INTERNAL : WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve ended with %s (%d)",
                     wsp::ilp::LpSolve::code_name(o.code), o.code);
    }
    r.seconds = wsp_host_seconds() - start;
    *result = r;
    return wsp::ok(diag);
}
