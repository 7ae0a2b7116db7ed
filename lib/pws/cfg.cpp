// Paper 001 (PWS): the CFG model, Select (Alg. 1), Prune (Alg. 2) and the longest paths, in the
// caller's workspace.
//
// Why Select + Prune + longest path is the worst path of a split wavefront (SWF). In a structured CFG
// a branch u, its path 1, BSB(u), its path 2 and Reconv(u) form one item of a sequence. A wavefront
// that does not split at u serialises: it may run path 1, path 2 or both, never neither, so its worst
// time through the item is e_u + e_BSB + len(path 1) + len(path 2). At a split point every SWF runs
// exactly one side (its work-items all take it, Fig. 7d/e), so the worst SWF through the item takes
// e_u + e_BSB + max(len(path 1), len(path 2)). Both lengths are themselves worst SWF times of the
// nested sequences, and a sequence's worst time is the sum of its items' (the choices inside one
// item do not constrain another), so the recurrence H below, evaluated innermost first, is the worst
// SWF path from the entry. Pruning the edge into the shorter side of every split point leaves a graph
// whose paths through u's item take one side only (into path 1 and out of the BSB to Reconv(u), or
// past path 1 into the BSB and path 2), while unsplit items keep their serialised path; its longest
// path is therefore H(entry) too, which the code checks.
#include <stdint.h>

#include "pws/carve.hpp"
#include "pws/pws.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "util/workspace.hpp"

namespace wsp {
namespace pws {
namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;

const char *kind_name(uint8_t kind) {
    switch (kind) {
        case WSP_PWS_BLOCK: return "block";
        case WSP_PWS_BRANCH: return "branch";
        case WSP_PWS_BSB: return "BSB";
        default: return "reconvergence node";
    }
}

// The workspace, carved in one place so the size query and the call agree. WSP_PWS_WORKSPACE_SIZE(N, E)
// = 80 N + 9 E + 256 bounds it (util/workspace.hpp: a part of b bytes takes at most b + 7): 3 parts of
// 8 N, 2 of 4 (N + 1) (at most 4 N + 8 each), 2 of 4 E (4 E + 4), 11 of 4 N (4 N + 4), 2 of N and one
// of N + 1 (at most N + 8 each) and one of E (E + 7) sum to at most 79 N + 9 E + 97.
// The parts, in the order they are placed: each holds N, N + 1 or E elements of its size.
enum Part {
    kH, kH0, kF, kOutOff, kOutEdge, kInOff, kInEdge, kOrder, kStack, kWalk, kNext, kP1, kP2, kBsb, kRec,
    kCtx, kEdgeP1, kEdgeP2, kVisited, kPhase, kCtxUsed, kPrunedEdge, kParts
};
enum Quantity : uint8_t { kNodes, kNodesPlusOne, kEdges };
const PartSpec kPartSpecs[kParts] = {
    {kNodes, 8},        {kNodes, 8}, {kNodes, 8}, {kNodesPlusOne, 4}, {kEdges, 4}, {kNodesPlusOne, 4},
    {kEdges, 4},        {kNodes, 4}, {kNodes, 4}, {kNodes, 4},        {kNodes, 4}, {kNodes, 4},
    {kNodes, 4},        {kNodes, 4}, {kNodes, 4}, {kNodes, 4},        {kNodes, 4}, {kNodes, 4},
    {kNodes, 1},        {kNodes, 1}, {kNodesPlusOne, 1},             {kEdges, 1}};

struct Layout {
    size_t at[kParts];
    WorkspaceLayout total;
};

Layout layout(uint64_t n, uint64_t m) {
    Layout l;
    const uint64_t quantities[] = {n, n + 1, m};
    l.total.place_all(kPartSpecs, kParts, quantities, l.at);
    return l;
}

template <typename T>
T *at(void *ws, size_t offset) {
    return carve<T>(ws, offset);
}

struct Analysis {
    const wsp_pws_cfg *cfg;
    wsp_diag *diag;
    uint32_t n, m;
    uint32_t *out_off, *out_edge, *in_off, *in_edge, *order, *stack, *walk, *next, *p1, *p2, *bsb,
        *rec, *ctx, *edge_p1, *edge_p2;
    uint8_t *visited, *phase, *ctx_used, *pruned_edge;
    uint64_t *h, *h0, *f;

    uint8_t kind(uint32_t v) const { return cfg->nodes[v].kind; }
    uint32_t degree(uint32_t v) const { return out_off[v + 1] - out_off[v]; }
    uint32_t succ(uint32_t v, uint32_t k) const { return cfg->edges[out_edge[out_off[v] + k]].to; }
    uint32_t succ_edge(uint32_t v, uint32_t k) const { return out_edge[out_off[v] + k]; }

    // An error about node v: field WSP_FIELD_CFG_NODE, diag.index its 1-based index; the message
    // names its label.
    MessageWriter &node_error(DiagScope &scope, uint32_t v, const char *what) {
        scope.index(v + 1);
        return scope.message.text(kind_name(kind(v))).text(" ").number(cfg->nodes[v].label).text(what);
    }
    wsp_status structure(uint32_t v, const char *what, uint32_t other = kNone, const char *tail = "") {
        DiagScope scope(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE);
        node_error(scope, v, what);
        if (other != kNone) scope.message.text(kind_name(kind(other))).text(" ").number(cfg->nodes[other].label);
        scope.message.text(tail);
        return WSP_ERR_CFG_STRUCTURE;
    }

    wsp_status build();
    wsp_status topological();
    wsp_status walk_structure(uint32_t entry, uint32_t *count);
};

wsp_status Analysis::build() {
    for (uint32_t v = 0; v <= n; ++v) out_off[v] = in_off[v] = 0;
    for (uint32_t v = 0; v < n; ++v) {
        const wsp_pws_node &node = cfg->nodes[v];
        if (node.reserved[0] != 0 || node.reserved[1] != 0) {
            DiagScope scope(diag, WSP_ERR_RESERVED, WSP_FIELD_CFG_NODE);
            scope.index(v + 1);
            scope.message.text("node ").number(node.label).text(" has reserved byte ")
                .number(node.reserved[0] != 0 ? 1 : 2).text(" set: the program expects a newer library");
            return WSP_ERR_RESERVED;
        }
        if (node.kind > WSP_PWS_RECONV) {
            DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);
            scope.index(v + 1);
            scope.message.text("node ").number(node.label).text(" has kind ")
                .number(node.kind).text(", not block, branch, BSB or reconvergence node");
            return WSP_ERR_RANGE;
        }
    }
    for (uint32_t e = 0; e < m; ++e) {
        const wsp_pws_edge &edge = cfg->edges[e];
        if (edge.from >= n || edge.to >= n) {
            DiagScope scope(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE);
            scope.index(e + 1);
            scope.message.text("edge ").number(e + 1u).text(" dangles: it goes from node index ")
                .number(edge.from).text(" to node index ").number(edge.to).text(" but the CFG has ")
                .number(n).text(" nodes");
            return WSP_ERR_CFG_EDGE;
        }
        if (edge.from == edge.to) {
            DiagScope scope(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE);
            node_error(scope, edge.from, " has an edge to itself (a loop: unroll it first)");
            scope.index(e + 1);
            return WSP_ERR_CFG_EDGE;
        }
        ++out_off[edge.from + 1];
        ++in_off[edge.to + 1];
    }
    for (uint32_t v = 0; v < n; ++v) {
        out_off[v + 1] += out_off[v];
        in_off[v + 1] += in_off[v];
    }
    // Counting sort of the edges by source and by target (order[] and stack[] as cursors).
    for (uint32_t v = 0; v < n; ++v) {
        order[v] = out_off[v];
        stack[v] = in_off[v];
    }
    for (uint32_t e = 0; e < m; ++e) {
        out_edge[order[cfg->edges[e].from]++] = e;
        in_edge[stack[cfg->edges[e].to]++] = e;
    }
    for (uint32_t v = 0; v < n; ++v) {
        if (degree(v) > 2) return structure(v, " has more than two successors; only branch nodes and BSBs have two");
        if (degree(v) == 2 && succ(v, 0) == succ(v, 1)) {
            DiagScope scope(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE);
            node_error(scope, v, " has two edges to the same node ").number(cfg->nodes[succ(v, 0)].label);
            scope.index(succ_edge(v, 1) + 1);
            return WSP_ERR_CFG_EDGE;
        }
    }
    return WSP_OK;
}

// Kahn's algorithm; order[] receives a topological order. On a cycle, names a node on it: every node
// left over has a left-over predecessor, so walking predecessors n times ends on a cycle.
wsp_status Analysis::topological() {
    uint32_t *left = stack;  // remaining in-degree
    uint32_t head = 0, tail = 0;
    for (uint32_t v = 0; v < n; ++v) {
        left[v] = in_off[v + 1] - in_off[v];
        if (left[v] == 0) order[tail++] = v;
    }
    while (head < tail) {
        const uint32_t v = order[head++];
        for (uint32_t k = 0; k < degree(v); ++k) {
            const uint32_t w = succ(v, k);
            if (--left[w] == 0) order[tail++] = w;
        }
    }
    if (tail == n) return WSP_OK;
    uint32_t v = 0;
    while (left[v] == 0) ++v;
    for (uint32_t step = 0; step < n; ++step) {
        for (uint32_t k = in_off[v]; k < in_off[v + 1]; ++k) {
            const uint32_t u = cfg->edges[in_edge[k]].from;
            if (left[u] != 0) {
                v = u;
                break;
            }
        }
    }
    DiagScope scope(diag, WSP_ERR_CFG_CYCLE, WSP_FIELD_CFG_NODE);
    node_error(scope, v, " lies on a cycle (unroll loops first)");
    return WSP_ERR_CFG_CYCLE;
}

// Follows the structure from the entry: a sequence of items (blocks, reconvergence nodes, branches);
// a branch opens a frame whose path 1 ends at its BSB and whose path 2 ends at its reconvergence
// node. Records, per item, the next item of its sequence and, per branch, its parts and its Parent
// (paper 001 Def. 4.1: the innermost enclosing branch for path 1, its BSB for path 2, 0 at top level).
wsp_status Analysis::walk_structure(uint32_t entry, uint32_t *count) {
    uint32_t cur = entry, sp = 0, k = 0;
    for (uint32_t v = 0; v < n; ++v) {
        visited[v] = 0;
        phase[v] = 0;
        next[v] = p1[v] = p2[v] = bsb[v] = rec[v] = edge_p1[v] = edge_p2[v] = kNone;
        ctx[v] = 0;
    }
    for (;;) {
        bool closed = false;
        while (sp > 0) {
            const uint32_t b = stack[sp - 1];
            if (phase[b] == 1 && cur == bsb[b]) {
                if (visited[cur]) return structure(cur, " is reached twice: the CFG is not structured");
                visited[cur] = 1;
                walk[k++] = cur;
                ctx[cur] = ctx[b];
                for (uint32_t j = 0; j < degree(cur); ++j) {
                    const uint32_t s = succ(cur, j);
                    if (kind(s) == WSP_PWS_RECONV) {
                        if (rec[b] != kNone) return structure(cur, " has two reconvergence successors");
                        rec[b] = s;
                    } else {
                        p2[b] = s;
                        edge_p2[b] = succ_edge(cur, j);
                    }
                }
                if (rec[b] == kNone)
                    return structure(cur, " has no edge to a reconvergence node (of branch ", b, ")");
                phase[b] = 2;
                if (p2[b] != kNone) {
                    cur = p2[b];
                    break;
                }
                cur = rec[b];
                continue;
            }
            if (phase[b] == 2 && cur == rec[b]) {
                if (visited[cur]) return structure(cur, " is reached twice: the CFG is not structured");
                --sp;
                closed = true;
            }
            break;
        }
        if (visited[cur]) return structure(cur, " is reached twice: the CFG is not structured");
        const uint32_t top = sp > 0 ? stack[sp - 1] : kNone;
        const uint32_t end = top == kNone ? kNone : (phase[top] == 1 ? bsb[top] : rec[top]);
        visited[cur] = 1;
        walk[k++] = cur;
        ctx[cur] = top == kNone ? 0 : (phase[top] == 1 ? top : bsb[top]) + 1;
        switch (kind(cur)) {
            case WSP_PWS_BSB:
                if (top == kNone) return structure(cur, " is outside every branch: a BSB without its branch");
                return structure(cur, " is not the BSB of the innermost open branch: a BSB without its branch (inside ",
                                 top, ")");
            case WSP_PWS_RECONV:
                if (!closed)
                    return structure(cur, " does not close the innermost open branch (a reconvergence node without its branch)");
                [[fallthrough]];  // it is an item of the enclosing sequence
            case WSP_PWS_BLOCK:
                if (degree(cur) == 0) {
                    if (top != kNone)
                        return structure(cur, " ends the CFG inside the paths of ", top, " (before its BSB or reconvergence node)");
                    *count = k;
                    return WSP_OK;
                }
                if (degree(cur) == 2)
                    return structure(cur, " has two successors; only branch nodes and BSBs have two");
                next[cur] = succ(cur, 0) == end ? kNone : succ(cur, 0);
                cur = succ(cur, 0);
                break;
            default: {  // WSP_PWS_BRANCH
                const uint32_t b = cur;
                for (uint32_t j = 0; j < degree(b); ++j) {
                    const uint32_t s = succ(b, j);
                    if (kind(s) == WSP_PWS_BSB) {
                        if (bsb[b] != kNone) return structure(b, " has two BSB successors");
                        bsb[b] = s;
                    } else {
                        p1[b] = s;
                        edge_p1[b] = succ_edge(b, j);
                    }
                }
                if (bsb[b] == kNone) return structure(b, " has no edge to a BSB (a branch without its BSB)");
                phase[b] = 1;
                stack[sp++] = b;
                cur = p1[b] != kNone ? p1[b] : bsb[b];
                break;
            }
        }
    }
}

// The CFG's own checks, shared by the size query and the analysis: NULL, reserved words, counts.
wsp_status check_cfg(const wsp_pws_cfg *cfg, wsp_diag *diag) {
    if (cfg == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "no CFG");
    const wsp_status st = check_reserved(cfg->reserved, 1, "the CFG", diag);
    if (st != WSP_OK) return st;
    if (cfg->node_count == 0) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, "the CFG has no node");
    if (cfg->node_count > WSP_PWS_MAX_NODES)
        return fail(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, "the CFG has too many nodes");
    if (cfg->edge_count > WSP_PWS_MAX_EDGES)
        return fail(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_EDGE, "the CFG has too many edges");
    return WSP_OK;
}

WSP_PWS_NOINLINE WorkspaceLayout layout_total(uint64_t n, uint64_t m) { return layout(n, m).total; }

// Points the analysis' arrays into the workspace (apart, so that the layout's offsets are not on the
// stack of the deepest calls).
WSP_PWS_NOINLINE void bind(Analysis &a, const wsp_pws_cfg *cfg, void *workspace, wsp_diag *diag) {
    const uint32_t n = cfg->node_count, m = cfg->edge_count;
    const Layout l = layout(n, m);
    a = Analysis{};
    a.cfg = cfg;
    a.diag = diag;
    a.n = n;
    a.m = m;
    a.out_off = at<uint32_t>(workspace, l.at[kOutOff]);
    a.out_edge = at<uint32_t>(workspace, l.at[kOutEdge]);
    a.in_off = at<uint32_t>(workspace, l.at[kInOff]);
    a.in_edge = at<uint32_t>(workspace, l.at[kInEdge]);
    a.order = at<uint32_t>(workspace, l.at[kOrder]);
    a.stack = at<uint32_t>(workspace, l.at[kStack]);
    a.walk = at<uint32_t>(workspace, l.at[kWalk]);
    a.next = at<uint32_t>(workspace, l.at[kNext]);
    a.p1 = at<uint32_t>(workspace, l.at[kP1]);
    a.p2 = at<uint32_t>(workspace, l.at[kP2]);
    a.bsb = at<uint32_t>(workspace, l.at[kBsb]);
    a.rec = at<uint32_t>(workspace, l.at[kRec]);
    a.ctx = at<uint32_t>(workspace, l.at[kCtx]);
    a.edge_p1 = at<uint32_t>(workspace, l.at[kEdgeP1]);
    a.edge_p2 = at<uint32_t>(workspace, l.at[kEdgeP2]);
    a.visited = at<uint8_t>(workspace, l.at[kVisited]);
    a.phase = at<uint8_t>(workspace, l.at[kPhase]);
    a.ctx_used = at<uint8_t>(workspace, l.at[kCtxUsed]);
    a.pruned_edge = at<uint8_t>(workspace, l.at[kPrunedEdge]);
    a.h = at<uint64_t>(workspace, l.at[kH]);
    a.h0 = at<uint64_t>(workspace, l.at[kH0]);
    a.f = at<uint64_t>(workspace, l.at[kF]);
}

// Checks the CFG (check_cfg, its arrays, the workspace, then that `output` is not NULL, in the order
// wsp_pws_analyse reports them) and walks its structure into the workspace (shared by analyse and
// structure).
wsp_status prepare(const wsp_pws_cfg *cfg, void *workspace, size_t workspace_size, const void *output,
                   Analysis &a, uint32_t *entry_out, wsp_diag *diag) {
    wsp_status st = check_cfg(cfg, diag);
    if (st != WSP_OK) return st;
    if (cfg->nodes == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "the CFG has no node array");
    if (cfg->edge_count > 0 && cfg->edges == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_EDGE, "the CFG has no edge array");
    const uint32_t n = cfg->node_count, m = cfg->edge_count;
    st = check_workspace(workspace, workspace_size, layout_total(n, m), diag);
    if (st != WSP_OK) return st;
    if (output == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    bind(a, cfg, workspace, diag);

    if ((st = a.build()) != WSP_OK) return st;
    if ((st = a.topological()) != WSP_OK) return st;
    uint32_t entry = kNone, exit = kNone;
    for (uint32_t v = 0; v < n; ++v) {
        if (a.in_off[v + 1] == a.in_off[v]) {
            if (entry != kNone) return a.structure(v, " has no predecessor, like ", entry, ": the CFG has two entries");
            entry = v;
        }
        if (a.degree(v) == 0) {
            if (exit != kNone) return a.structure(v, " has no successor, like ", exit, ": the CFG has two exits");
            exit = v;
        }
    }
    uint32_t count = 0;
    if ((st = a.walk_structure(entry, &count)) != WSP_OK) return st;
    if (count != n) {
        uint32_t v = 0;
        while (a.visited[v]) ++v;
        return a.structure(v, " is not reached from the entry");
    }
    *entry_out = entry;
    return WSP_OK;
}

}  // namespace

wsp_status workspace_size(const wsp_pws_cfg *cfg, size_t *size, wsp_diag *diag) {
    if (size == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const wsp_status st = check_cfg(cfg, diag);
    if (st != WSP_OK) return st;
    return report_size(layout_total(cfg->node_count, cfg->edge_count), size, diag);
}

uint64_t workspace_needed(uint32_t n, uint32_t m) { return layout_total(n, m).bytes(); }

wsp_status structure(const wsp_pws_cfg *cfg, void *workspace, size_t workspace_size, Structure *out,
                     wsp_diag *diag) {
    Analysis a;
    uint32_t entry = kNone;
    wsp_status st = prepare(cfg, workspace, workspace_size, out, a, &entry, diag);
    if (st != WSP_OK) return st;
    *out = Structure{a.n, entry, a.walk, a.next, a.p1, a.p2, a.bsb, a.rec, a.ctx};
    return ok(diag);
}

wsp_status analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace, size_t workspace_size,
                   uint8_t *selected, uint8_t *removed, uint64_t *worst_from, wsp_pws_paths *paths,
                   wsp_diag *diag) {
    zero(paths);
    Analysis a;
    uint32_t entry = kNone;
    wsp_status st = prepare(cfg, workspace, workspace_size, paths, a, &entry, diag);
    if (st != WSP_OK) return st;
    const uint32_t n = a.n, m = a.m;

    // Select (Alg. 1): split points in topological (walk) order; a branch whose Parent already has a
    // split child reuses that child's SWF context (they are in sequence), else it takes a new one.
    paths->spsimds = spsimds;
    paths->branches = paths->marked = paths->selected = paths->contexts = paths->removed = 0;
    for (uint32_t v = 0; v <= n; ++v) a.ctx_used[v] = 0;
    for (uint32_t v = 0; v < n; ++v) a.visited[v] = 0;  // now: 1 = in SB
    for (uint32_t k = 0; k < n; ++k) {
        const uint32_t u = a.walk[k];
        if (a.kind(u) != WSP_PWS_BRANCH) continue;
        ++paths->branches;
        if (!cfg->nodes[u].split) continue;
        ++paths->marked;
        if (a.ctx_used[a.ctx[u]]) {
            a.visited[u] = 1;
        } else if (paths->contexts < spsimds) {
            a.visited[u] = 1;
            a.ctx_used[a.ctx[u]] = 1;
            ++paths->contexts;
        }
        paths->selected += a.visited[u];
    }

    // Prune (Alg. 2) by meaning: h[x] is the worst SWF time from item x to the end of its sequence,
    // h0[x] the same with no split point (every branch serialised). At a split point the edge into
    // the shorter side is removed (ties remove the edge into path 2, as the paper does); an empty
    // side has no edge to remove and needs none.
    for (uint32_t e = 0; e < m; ++e) a.pruned_edge[e] = 0;
    for (uint32_t k = n; k-- > 0;) {
        const uint32_t x = a.walk[k];
        const uint64_t e_x = cfg->nodes[x].wcet;
        uint64_t v = 0, v0 = 0;
        bool ok = true;
        if (a.kind(x) == WSP_PWS_BSB) {
            a.h[x] = a.h0[x] = 0;
            continue;
        }
        if (a.kind(x) == WSP_PWS_BRANCH) {
            const uint64_t side1 = a.p1[x] != kNone ? a.h[a.p1[x]] : 0;
            const uint64_t side2 = a.p2[x] != kNone ? a.h[a.p2[x]] : 0;
            const uint64_t both0 = (a.p1[x] != kNone ? a.h0[a.p1[x]] : 0);
            ok = checked_add(both0, a.p2[x] != kNone ? a.h0[a.p2[x]] : 0, &v0) &&
                 checked_add(v0, e_x, &v0) && checked_add(v0, cfg->nodes[a.bsb[x]].wcet, &v0) &&
                 checked_add(v0, a.h0[a.rec[x]], &v0);
            if (ok && a.visited[x]) {
                v = side1 > side2 ? side1 : side2;
                if (side1 < side2) {
                    if (a.edge_p1[x] != kNone) a.pruned_edge[a.edge_p1[x]] = 1;
                } else if (a.edge_p2[x] != kNone) {
                    a.pruned_edge[a.edge_p2[x]] = 1;
                }
            } else if (ok) {
                ok = checked_add(side1, side2, &v);
            }
            ok = ok && checked_add(v, e_x, &v) && checked_add(v, cfg->nodes[a.bsb[x]].wcet, &v) &&
                 checked_add(v, a.h[a.rec[x]], &v);
        } else {
            const uint32_t nx = a.next[x];
            ok = checked_add(e_x, nx != kNone ? a.h0[nx] : 0, &v0) &&
                 checked_add(e_x, nx != kNone ? a.h[nx] : 0, &v);
        }
        if (!ok) {
            DiagScope scope(diag, WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE);
            a.node_error(scope, x, ": the worst path from it exceeds 2^64 - 1 cycles");
            return WSP_ERR_OVERFLOW;
        }
        a.h[x] = v;
        a.h0[x] = v0;
    }

    // Longest paths in reverse topological order: of the whole CFG, then of C_out; each must equal
    // the structural value (the argument at the top of this file).
    for (int pass = 0; pass < 2; ++pass) {
        for (uint32_t k = n; k-- > 0;) {
            const uint32_t x = a.order[k];
            uint64_t best = 0;
            for (uint32_t j = 0; j < a.degree(x); ++j) {
                if (pass == 1 && a.pruned_edge[a.succ_edge(x, j)]) continue;
                const uint64_t fs = a.f[a.succ(x, j)];
                if (fs > best) best = fs;
            }
            // Cannot overflow: every path's length is at most h0(entry), which fit.
            a.f[x] = best + cfg->nodes[x].wcet;
        }
        if (a.f[entry] != (pass == 0 ? a.h0[entry] : a.h[entry]))
            return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "the longest path differs from the structural worst path");
        if (pass == 0) paths->full = a.f[entry];
    }
    paths->pruned = a.f[entry];
    for (uint32_t e = 0; e < m; ++e) {
        paths->removed += a.pruned_edge[e];
        if (removed != nullptr) removed[e] = a.pruned_edge[e];
    }
    for (uint32_t v = 0; v < n; ++v) {
        if (selected != nullptr) selected[v] = a.visited[v];
        if (worst_from != nullptr) worst_from[v] = a.f[v];
    }
    return ok(diag);
}

}  // namespace pws
}  // namespace wsp

extern "C" wsp_status wsp_pws_workspace_size(const wsp_pws_cfg *cfg, size_t *size, wsp_diag *diag) {
    return wsp::pws::workspace_size(cfg, size, diag);
}

extern "C" wsp_status wsp_pws_analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace,
                                      size_t workspace_size, uint8_t *selected, uint8_t *removed,
                                      uint64_t *worst_from, wsp_pws_paths *paths, wsp_diag *diag) {
    return wsp::pws::analyse(cfg, spsimds, workspace, workspace_size, selected, removed, worst_from,
                             paths, diag);
}
