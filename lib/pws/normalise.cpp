// Normalisation into the strict form (see normalise.hpp; the proof of neutrality is in docs/pws.md).
//
// How. Back edges are the retreating edges of a depth-first search; the flow is reducible when each
// one's target dominates its source (then the search's choice does not matter). Without them the graph
// is acyclic; several sinks get a zero-cost exit X. Every two-way node u then has an immediate
// post-dominator p = ipdom(u), where its two sides meet. A parse from the entry walks sequences of
// items; a branch item is u, its path 1, its BSB, its path 2 and its reconvergence node:
//   - own BSB: a successor b of u is flagged BSB and b = p (and b does not close an enclosing path):
//     path 1 runs to b, path 2 from b to r = ipdom(b);
//   - `if` without `else`: p is a successor of u: path 1 runs to p, a zero-cost BSB is put where it
//     ends and where u skips it, path 2 is empty;
//   - two sides without a BSB: both run to p; a zero-cost BSB takes the end of path 1 and u's edge to
//     path 2 (this adds the serialised path, which a diverging wavefront takes);
// and the join r becomes the reconvergence node when it does nothing else; when it also closes an
// enclosing path, starts a branch or a loop, or is a BSB, a zero-cost reconvergence node is put on
// the item's edges into it. Every edge of the source is then one edge of the result, its target
// possibly moved to a zero-cost node that leads on to the old target; every source node keeps its
// index and WCET. A node entered twice (an edge into the middle of another branch's path) is not
// structured and is an error, as is a loop whose latch is not in the sequence its header starts.
#include "pws/normalise.hpp"

#include "pws/carve.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"

namespace wsp {
namespace pws {
namespace {

constexpr uint32_t kNone = kNoNode;
constexpr uint64_t kMaxMultiplicity = uint64_t{1} << 32;

struct Frame {
    uint64_t mult;   // runs per kernel run of what this frame visits
    uint32_t node;   // sequence: the current item's first node; branch: the branch node u
    uint32_t end;    // the node that ends this sequence / the branch's enclosing sequence
    uint32_t via;    // sequence: the edge into `node`
    uint32_t bsb, join, edge_r, tail2, s2, in2;  // branch: its parts and edges
    uint32_t loops;  // sequence: loop-stack height when it started
    uint8_t kind, phase, shape;
};

enum : uint8_t { kSeq = 0, kBranch = 1 };
enum : uint8_t { kOwn = 0, kIf = 1, kDiamond = 2 };

struct Layout {
    uint64_t aout_off, aout, in_deg, state, stack_node, stack_pos, is_back, dout_off, dout, din_off, din,
        orig_to, topo, idom, depth, ipdom, pdepth, loop_of_header, loop_of_latch, back_of_header, visited,
        via, frames, loop_stack, total;
};

Layout layout(uint64_t n, uint64_t m) {
    const uint64_t N = n + 1, E = m + n;
    Carver c;
    Layout l{};
    l.aout_off = c.take(n + 1, 4);
    l.aout = c.take(m, 4);
    l.in_deg = c.take(n, 4);
    l.state = c.take(n, 1);
    l.stack_node = c.take(n, 4);
    l.stack_pos = c.take(n, 4);
    l.is_back = c.take(m, 1);
    l.dout_off = c.take(N + 1, 4);
    l.dout = c.take(E, 4);
    l.din_off = c.take(N + 1, 4);
    l.din = c.take(E, 4);
    l.orig_to = c.take(E, 4);
    l.topo = c.take(N, 4);
    l.idom = c.take(N, 4);
    l.depth = c.take(N, 4);
    l.ipdom = c.take(N, 4);
    l.pdepth = c.take(N, 4);
    l.loop_of_header = c.take(n, 4);
    l.loop_of_latch = c.take(n, 4);
    l.back_of_header = c.take(n, 4);
    l.visited = c.take(N, 1);
    l.via = c.take(N, 4);
    l.frames = c.take(2 * N + 2, sizeof(Frame));
    l.loop_stack = c.take(n + 1, 4);
    l.total = c.at;
    return l;
}

struct Normaliser {
    const SourceCfg *src;
    NormalForm *out;
    wsp_diag *diag;
    uint32_t n, m, N, E, X, entry, exit;
    uint32_t *aout_off, *aout, *in_deg, *stack_node, *stack_pos, *dout_off, *dout, *din_off, *din, *orig_to,
        *topo, *idom, *depth, *ipdom, *pdepth, *loop_of_header, *loop_of_latch, *back_of_header, *via,
        *loop_stack;
    uint8_t *state, *is_back, *visited;
    Frame *frames;

    // ---- messages ------------------------------------------------------------------------------
    MessageWriter &name(MessageWriter &w, uint32_t v) const {
        if (v == X) return w.text("the added exit");
        if (v >= n)  // a node added for branch owner[v]
            return w.text(out->made[v] == kMadeReconv ? "the join added for node " : "the BSB added for node ")
                .number(src->nodes[out->owner[v]].label);
        return w.text("node ").number(src->nodes[v].label);
    }
    // An error about node v: field WSP_FIELD_CFG_NODE (the scope's), diag.index its 1-based index when
    // it is a source node (0 for an added one, which the message names by the node it was added for).
    MessageWriter &start(DiagScope &s, uint32_t v) const {
        if (v < n) s.index(v + 1);
        return name(s.message, v);
    }
    wsp_status structure(uint32_t v, const char *what) const {
        DiagScope s(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE);
        start(s, v).text(what);
        return WSP_ERR_CFG_STRUCTURE;
    }
    wsp_status structure2(uint32_t v, const char *what, uint32_t w, const char *tail) const {
        DiagScope s(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE);
        name(start(s, v).text(what), w).text(tail);
        return WSP_ERR_CFG_STRUCTURE;
    }
    wsp_status entered_twice(uint32_t v, uint32_t second) const {
        DiagScope s(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE);
        start(s, v).text(" is entered from ");
        if (via[v] != kNone) name(s.message, out->edges[via[v]].from).text(" and from ");
        name(s.message, out->edges[second].from)
            .text(": an edge into the middle of another branch's path (the CFG is not structured)");
        return WSP_ERR_CFG_STRUCTURE;
    }
    wsp_status internal(const char *what) const { return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, what); }

    // ---- the acyclic graph ---------------------------------------------------------------------
    uint32_t succ_count(uint32_t v) const { return dout_off[v + 1] - dout_off[v]; }
    uint32_t succ_edge(uint32_t v, uint32_t k) const { return dout[dout_off[v] + k]; }
    uint32_t succ(uint32_t v, uint32_t k) const { return orig_to[succ_edge(v, k)]; }
    bool bsb_flag(uint32_t v) const { return v < n && (src->nodes[v].flags & kSourceBsb) != 0; }
    bool header(uint32_t v) const { return v < n && loop_of_header[v] != kNone; }
    bool branch_like(uint32_t v, uint32_t end) const {
        const uint32_t k = succ_count(v);
        if (k == 2) return true;
        return k == 1 && v < n && (src->nodes[v].flags & kSourceBranch) != 0 && bsb_flag(succ(v, 0)) &&
               succ(v, 0) != end;
    }
    // A join that can be the reconvergence node itself: it does nothing else.
    bool plain(uint32_t v, uint32_t end) const { return !branch_like(v, end) && !bsb_flag(v) && !header(v); }

    WSP_PWS_NOINLINE wsp_status check_input();
    WSP_PWS_NOINLINE wsp_status find_loops();
    WSP_PWS_NOINLINE wsp_status build_dag();
    WSP_PWS_NOINLINE wsp_status dominators();
    WSP_PWS_NOINLINE wsp_status parse();
    wsp_status close_item(Frame &f, uint32_t last);
    wsp_status close_sequence(const Frame &f, uint32_t *sp, uint32_t loop_sp) const;

    uint32_t node_count = 0, edge_total = 0, loop_sp = 0;
    uint32_t add_node(uint8_t kind, uint8_t made, uint32_t owner, uint64_t mult) {
        const uint32_t v = node_count++;
        out->nodes[v] = wsp_pws_node{0, owner == kNone ? 0u : src->nodes[owner].label, kind, 0, {0, 0}};
        out->made[v] = made;
        out->owner[v] = owner;
        out->multiplicity[v] = mult;
        return v;
    }
    uint32_t add_edge(uint32_t from, uint32_t to, uint32_t origin) {
        const uint32_t e = edge_total++;
        out->edges[e] = wsp_pws_edge{from, to};
        out->edge_origin[e] = origin;
        return e;
    }
    void retarget(uint32_t e, uint32_t to) {
        out->edges[e].to = to;
        out->edge_origin[e] = kNone;
    }
    wsp_status visit(uint32_t v, uint32_t by, uint64_t mult) {
        if (visited[v]) return entered_twice(v, by);
        visited[v] = 1;
        via[v] = by;
        out->multiplicity[v] = mult;
        return WSP_OK;
    }
};

wsp_status Normaliser::check_input() {
    for (uint32_t v = 0; v <= n; ++v) aout_off[v] = 0;
    for (uint32_t v = 0; v < n; ++v) in_deg[v] = 0;
    for (uint32_t e = 0; e < m; ++e) {
        const wsp_pws_edge &ed = src->edges[e];
        if (ed.from >= n || ed.to >= n) {
            DiagScope s(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE);
            s.index(e + 1);
            s.message.text("edge ").number(e + 1u).text(" dangles: it goes from node index ").number(ed.from)
                .text(" to node index ").number(ed.to).text(" but the CFG has ").number(n).text(" nodes");
            return WSP_ERR_CFG_EDGE;
        }
        ++aout_off[ed.from + 1];
        ++in_deg[ed.to];
    }
    for (uint32_t v = 0; v < n; ++v) aout_off[v + 1] += aout_off[v];
    for (uint32_t v = 0; v < n; ++v) stack_pos[v] = aout_off[v];
    for (uint32_t e = 0; e < m; ++e) aout[stack_pos[src->edges[e].from]++] = e;
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t deg = aout_off[v + 1] - aout_off[v];
        if (deg > 2) {
            DiagScope s(diag, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE);
            start(s, v).text(" has ").number(deg).text(" successors; a branch has two (a switch is not supported)");
            return WSP_ERR_CFG_STRUCTURE;
        }
        if (deg == 2 && src->edges[aout[aout_off[v]]].to == src->edges[aout[aout_off[v] + 1]].to) {
            DiagScope s(diag, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE);
            name(start(s, v).text(" has two edges to "), src->edges[aout[aout_off[v]]].to);
            s.index(aout[aout_off[v] + 1] + 1);  // the second edge, as wsp_pws_analyse names it
            return WSP_ERR_CFG_EDGE;
        }
    }
    // The entry: the one node without predecessors; node 0 when every node has one (a loop at the top).
    entry = kNone;
    for (uint32_t v = 0; v < n; ++v) {
        if (in_deg[v] != 0) continue;
        if (entry != kNone) return structure2(v, " has no predecessor, like ", entry, ": the CFG has two entries");
        entry = v;
    }
    if (entry == kNone) entry = 0;
    for (uint32_t v = 0; v < n; ++v) loop_of_header[v] = loop_of_latch[v] = back_of_header[v] = kNone;
    for (uint32_t k = 0; k < src->loop_count; ++k) {
        const uint32_t h = src->loops[k].header;
        if (h >= n) {
            DiagScope s(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);  // no such node; index 0
            s.message.text("loop bound ").number(k + 1u).text(" names node index ").number(h)
                .text(", which does not exist");
            return WSP_ERR_RANGE;
        }
        if (loop_of_header[h] != kNone) {
            DiagScope s(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);
            start(s, h).text(" has two loop bounds");
            return WSP_ERR_RANGE;
        }
        loop_of_header[h] = k;
    }
    return WSP_OK;
}

// Depth-first search from the entry: its retreating edges are the back edges (checked to be real
// loops' in dominators()); every node must be reached.
wsp_status Normaliser::find_loops() {
    for (uint32_t v = 0; v < n; ++v) state[v] = 0;
    for (uint32_t e = 0; e < m; ++e) is_back[e] = 0;
    uint32_t sp = 0;
    stack_node[sp] = entry;
    stack_pos[sp++] = aout_off[entry];
    state[entry] = 1;
    while (sp > 0) {
        const uint32_t v = stack_node[sp - 1];
        if (stack_pos[sp - 1] == aout_off[v + 1]) {
            state[v] = 2;
            --sp;
            continue;
        }
        const uint32_t e = aout[stack_pos[sp - 1]++], w = src->edges[e].to;
        if (state[w] == 1) {
            is_back[e] = 1;
        } else if (state[w] == 0) {
            state[w] = 1;
            stack_node[sp] = w;
            stack_pos[sp++] = aout_off[w];
        }
    }
    for (uint32_t v = 0; v < n; ++v)
        if (state[v] == 0) return structure2(v, " is not reachable from the entry, ", entry, "");
    for (uint32_t e = 0; e < m; ++e) {
        if (!is_back[e]) continue;
        const uint32_t t = src->edges[e].from, h = src->edges[e].to;
        uint32_t forward = 0;
        for (uint32_t k = aout_off[t]; k < aout_off[t + 1]; ++k) forward += !is_back[aout[k]];
        if (forward == 0)
            return structure2(t, " leaves only by its edge back to ", h,
                              ": the loop must test at its end, as compilers emit it");
        if (back_of_header[h] != kNone)
            return structure2(h, " is entered by two back edges, one from ", src->edges[back_of_header[h]].from,
                              ": one latch per loop");
        back_of_header[h] = e;
        if (loop_of_header[h] == kNone) {
            DiagScope s(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);
            name(start(s, h).text(" heads a loop (back edge from "), t)
                .text(") with no bound: annotate it (loop HEADER BOUND)");
            return WSP_ERR_RANGE;
        }
        loop_of_latch[t] = loop_of_header[h];
    }
    for (uint32_t k = 0; k < src->loop_count; ++k) {
        const uint32_t h = src->loops[k].header;
        if (back_of_header[h] == kNone) {
            DiagScope s(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);
            start(s, h).text(" has a loop bound but no back edge enters it");
            return WSP_ERR_RANGE;
        }
    }
    return WSP_OK;
}

// The acyclic graph over the output's edge numbers (source edges, then the edges into X), its
// adjacency both ways and a topological order (Kahn).
wsp_status Normaliser::build_dag() {
    edge_total = m;
    for (uint32_t e = 0; e < m; ++e) {
        out->edges[e] = src->edges[e];
        out->edge_origin[e] = e;
    }
    uint32_t sinks = 0, last_sink = kNone;
    for (uint32_t v = 0; v < n; ++v) {
        uint32_t forward = 0;
        for (uint32_t k = aout_off[v]; k < aout_off[v + 1]; ++k) forward += !is_back[aout[k]];
        if (forward == 0) ++sinks, last_sink = v;
    }
    X = kNone;
    N = n;
    if (sinks > 1) {
        X = n;
        N = n + 1;
        for (uint32_t v = 0; v < n; ++v) {
            uint32_t forward = 0;
            for (uint32_t k = aout_off[v]; k < aout_off[v + 1]; ++k) forward += !is_back[aout[k]];
            if (forward == 0) add_edge(v, X, kNone);
        }
    }
    exit = X != kNone ? X : last_sink;
    E = edge_total;
    for (uint32_t v = 0; v <= N; ++v) dout_off[v] = din_off[v] = 0;
    for (uint32_t e = 0; e < E; ++e) {
        orig_to[e] = out->edges[e].to;
        if (e < m && is_back[e]) continue;
        ++dout_off[out->edges[e].from + 1];
        ++din_off[out->edges[e].to + 1];
    }
    for (uint32_t v = 0; v < N; ++v) {
        dout_off[v + 1] += dout_off[v];
        din_off[v + 1] += din_off[v];
    }
    for (uint32_t v = 0; v < N; ++v) {
        topo[v] = dout_off[v];
        depth[v] = din_off[v];
    }
    for (uint32_t e = 0; e < E; ++e) {
        if (e < m && is_back[e]) continue;
        dout[topo[out->edges[e].from]++] = e;
        din[depth[out->edges[e].to]++] = e;
    }
    uint32_t head = 0, tail = 0;
    for (uint32_t v = 0; v < N; ++v) {
        depth[v] = din_off[v + 1] - din_off[v];  // remaining in-degree
        if (depth[v] == 0) topo[tail++] = v;
    }
    while (head < tail) {
        const uint32_t v = topo[head++];
        for (uint32_t k = 0; k < succ_count(v); ++k)
            if (--depth[succ(v, k)] == 0) topo[tail++] = succ(v, k);
    }
    // Only the search's root lacks a forward in-edge (any other node was first reached by one), and
    // without the retreating edges the graph is acyclic.
    if (tail != N || topo[0] != entry) return internal("normalisation: the graph without back edges is not ordered");
    return WSP_OK;
}

// Immediate dominators (over the topological order, each the nearest common ancestor of the
// predecessors) and post-dominators (the same backwards from the one sink); reducibility.
wsp_status Normaliser::dominators() {
    auto lca = [](const uint32_t *up, const uint32_t *d, uint32_t a, uint32_t b) {
        while (d[a] > d[b]) a = up[a];
        while (d[b] > d[a]) b = up[b];
        while (a != b) a = up[a], b = up[b];
        return a;
    };
    idom[entry] = entry;
    depth[entry] = 0;
    for (uint32_t k = 1; k < N; ++k) {
        const uint32_t v = topo[k];
        uint32_t d = kNone;
        for (uint32_t j = din_off[v]; j < din_off[v + 1]; ++j) {
            const uint32_t u = out->edges[din[j]].from;
            d = d == kNone ? u : lca(idom, depth, d, u);
        }
        idom[v] = d;
        depth[v] = depth[d] + 1;
    }
    if (topo[N - 1] != exit) return internal("normalisation: the exit is not last");
    ipdom[exit] = exit;
    pdepth[exit] = 0;
    for (uint32_t k = N - 1; k-- > 0;) {
        const uint32_t v = topo[k];
        uint32_t d = kNone;
        for (uint32_t j = 0; j < succ_count(v); ++j) d = d == kNone ? succ(v, j) : lca(ipdom, pdepth, d, succ(v, j));
        ipdom[v] = d;
        pdepth[v] = pdepth[d] + 1;
    }
    // A retreating edge t -> h whose target does not dominate its source closes a cycle that can be
    // entered other than through h: irreducible flow, which no structure describes.
    for (uint32_t e = 0; e < m; ++e) {
        if (!is_back[e]) continue;
        const uint32_t t = src->edges[e].from, h = src->edges[e].to;
        uint32_t x = t;
        while (depth[x] > depth[h]) x = idom[x];
        if (x != h)
            return structure2(t, "'s edge back to ", h,
                              " closes a cycle entered elsewhere too: irreducible flow (not structured)");
    }
    return WSP_OK;
}

// After an item whose last node is `last`: a loop's latch closes the innermost open loop of this
// sequence; anything else is a loop that is not one region of this sequence.
wsp_status Normaliser::close_item(Frame &f, uint32_t last) {
    if (last >= n || loop_of_latch[last] == kNone) return WSP_OK;
    const uint32_t l = loop_of_latch[last];
    if (loop_sp <= f.loops || loop_stack[loop_sp - 1] != l)
        return structure2(src->loops[l].header, " heads a loop whose latch ", last,
                          " lies in another branch's path (a jump into or out of the loop)");
    --loop_sp;
    f.mult /= static_cast<uint64_t>(src->loops[l].bound) + 1u;
    return WSP_OK;
}

wsp_status Normaliser::close_sequence(const Frame &f, uint32_t *sp, uint32_t open) const {
    if (open > f.loops) {
        const uint32_t l = loop_stack[open - 1];
        return structure2(src->loops[l].header, " heads a loop that is left before its latch ",
                          src->edges[back_of_header[src->loops[l].header]].from, " (a break or an early exit)");
    }
    --*sp;
    return WSP_OK;
}

wsp_status Normaliser::parse() {
    node_count = N;
    for (uint32_t v = 0; v < N; ++v) {
        visited[v] = 0;
        via[v] = kNone;
        if (v == X) {
            out->nodes[v] = wsp_pws_node{0, 0, WSP_PWS_BLOCK, 0, {0, 0}};
            out->made[v] = kMadeExit;
            out->owner[v] = kNone;
        } else {
            out->nodes[v] = wsp_pws_node{src->nodes[v].wcet, src->nodes[v].label, WSP_PWS_BLOCK, 0, {0, 0}};
            out->made[v] = kMadeSource;
            out->owner[v] = v;
        }
        out->multiplicity[v] = 1;
    }
    uint32_t sp = 0, ret = kNone, ret_last = kNone;
    loop_sp = 0;
    frames[sp++] = Frame{1, entry, kNone, kNone, 0, 0, 0, 0, 0, 0, 0, kSeq, 0, 0};
    wsp_status st = WSP_OK;
    while (sp > 0) {
        Frame &f = frames[sp - 1];
        if (f.kind == kSeq) {
            if (f.phase == 1) {  // a branch item ended: ret is its last edge, ret_last its last node
                f.phase = 0;
                if ((st = close_item(f, ret_last)) != WSP_OK) return st;
                if (ret == kNone) {
                    if (f.end != kNone) return internal("normalisation: a path ends inside a region");
                    if ((st = close_sequence(f, &sp, loop_sp)) != WSP_OK) return st;
                    continue;
                }
                const uint32_t y = out->edges[ret].to;
                if (y == f.end) {
                    if ((st = close_sequence(f, &sp, loop_sp)) != WSP_OK) return st;
                    continue;
                }
                if (visited[y]) return entered_twice(y, ret);
                f.node = y;
                f.via = ret;
            }
            const uint32_t x = f.node;
            if (x == f.end) {  // an empty path: its only edge is the one into it
                ret = f.via;
                --sp;
                continue;
            }
            if (header(x)) {
                const SourceLoop &lp = src->loops[loop_of_header[x]];
                uint64_t mult = 0;
                if (!checked_mul(f.mult, static_cast<uint64_t>(lp.bound) + 1u, &mult) || mult > kMaxMultiplicity) {
                    DiagScope s(diag, WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE);
                    start(s, x).text(": the bounds of the loops around it multiply beyond 2^32");
                    return WSP_ERR_OVERFLOW;
                }
                f.mult = mult;
                loop_stack[loop_sp++] = loop_of_header[x];
            }
            if ((st = visit(x, f.via, f.mult)) != WSP_OK) return st;
            if (branch_like(x, f.end)) {
                f.phase = 1;
                frames[sp++] = Frame{f.mult, x, f.end, kNone, kNone, kNone, kNone, kNone, kNone, kNone, 0, kBranch, 0, 0};
                continue;
            }
            if ((st = close_item(f, x)) != WSP_OK) return st;
            if (succ_count(x) == 0) {
                if (f.end != kNone) return internal("normalisation: a sink inside a region");
                ret = kNone;
                if ((st = close_sequence(f, &sp, loop_sp)) != WSP_OK) return st;
                continue;
            }
            const uint32_t e = succ_edge(x, 0), y = out->edges[e].to;
            if (y == f.end) {
                ret = e;
                if ((st = close_sequence(f, &sp, loop_sp)) != WSP_OK) return st;
                continue;
            }
            if (visited[y]) return entered_twice(y, e);
            f.node = y;
            f.via = e;
            continue;
        }
        // A branch item: u, path 1, the BSB, path 2, the join.
        const uint32_t u = f.node;
        if (f.phase == 0) {
            const uint32_t p = ipdom[u], k = succ_count(u);
            uint32_t own = kNone;
            for (uint32_t j = 0; j < k; ++j)
                if (succ(u, j) == p && bsb_flag(p) && p != f.end) own = j;
            const bool lone = bsb_flag(u);
            out->nodes[u].kind = WSP_PWS_BRANCH;
            out->nodes[u].split = lone ? 0 : src->nodes[u].split;
            if (lone) {
                out->made[u] = kMadeLoneBsb;
                ++out->counts.lone_bsbs;
            }
            uint32_t s1 = kNone, e1 = kNone, end1 = p;
            if (own != kNone) {
                f.shape = kOwn;
                f.bsb = p;
                const uint32_t e_skip = succ_edge(u, own);
                if (k == 2) {
                    s1 = succ(u, 1 - own);
                    e1 = succ_edge(u, 1 - own);
                } else {
                    s1 = p;  // path 1 is empty
                    e1 = e_skip;
                }
            } else {
                const uint32_t skip = succ(u, 0) == p ? 0u : succ(u, 1) == p ? 1u : kNone;
                f.shape = skip != kNone ? kIf : kDiamond;
                const uint32_t b = add_node(WSP_PWS_BSB, skip != kNone ? kMadeBsbIf : kMadeBsbSerial, u, f.mult);
                f.bsb = b;
                f.join = p;
                const uint32_t one = skip != kNone ? 1u - skip : 0u;
                s1 = succ(u, one);
                e1 = succ_edge(u, one);
                if (skip != kNone) {
                    ++out->counts.bsb_if;
                    retarget(succ_edge(u, skip), b);
                } else {
                    ++out->counts.bsb_serial;
                    const uint32_t e2 = succ_edge(u, 1);
                    f.s2 = succ(u, 1);
                    retarget(e2, b);
                    f.in2 = add_edge(b, f.s2, e2);
                    if (visited[f.s2]) return entered_twice(f.s2, e2);
                }
            }
            if (s1 != end1 && visited[s1]) return entered_twice(s1, e1);
            f.phase = 1;
            frames[sp++] = Frame{f.mult, s1, end1, e1, 0, 0, 0, 0, 0, 0, loop_sp, kSeq, 0, 0};
            continue;
        }
        if (f.phase == 1) {  // ret: the edge that ends path 1
            if (f.shape == kOwn) {
                const uint32_t b = f.bsb;
                if ((st = visit(b, ret, f.mult)) != WSP_OK) return st;
                if (header(b) || loop_of_latch[b] != kNone)
                    return structure2(b, " is the BSB of ", u, " and also a loop's header or latch (unsupported)");
                out->nodes[b].kind = WSP_PWS_BSB;
                const uint32_t r = ipdom[b];
                uint32_t at = kNone;
                for (uint32_t j = 0; j < succ_count(b); ++j)
                    if (succ(b, j) == r) at = j;
                if (at == kNone)
                    return structure2(b, ", the BSB of ", u, ", has no edge to where its paths meet");
                f.join = r;
                f.edge_r = succ_edge(b, at);
                if (succ_count(b) == 2) {
                    const uint32_t s2 = succ(b, 1 - at), e2 = succ_edge(b, 1 - at);
                    if (visited[s2]) return entered_twice(s2, e2);
                    f.phase = 2;
                    frames[sp++] = Frame{f.mult, s2, r, e2, 0, 0, 0, 0, 0, 0, loop_sp, kSeq, 0, 0};
                    continue;
                }
                f.tail2 = f.edge_r;
                f.phase = 3;
            } else {
                retarget(ret, f.bsb);
                f.edge_r = add_edge(f.bsb, f.join, kNone);
                if (f.shape == kDiamond) {
                    f.phase = 2;
                    frames[sp++] = Frame{f.mult, f.s2, f.join, f.in2, 0, 0, 0, 0, 0, 0, loop_sp, kSeq, 0, 0};
                    continue;
                }
                f.tail2 = f.edge_r;
                f.phase = 3;
            }
        } else if (f.phase == 2) {  // ret: the edge that ends path 2
            f.tail2 = ret;
            f.phase = 3;
        }
        // The join.
        const uint32_t r = f.join;
        if (r != f.end && plain(r, f.end)) {
            if ((st = visit(r, f.edge_r, f.mult)) != WSP_OK) return st;
            out->nodes[r].kind = WSP_PWS_RECONV;
            ret = succ_count(r) != 0 ? succ_edge(r, 0) : kNone;
            ret_last = r;
        } else {
            const uint32_t z = add_node(WSP_PWS_RECONV, kMadeReconv, u, f.mult);
            ++out->counts.reconv;
            retarget(f.edge_r, z);
            if (f.tail2 != f.edge_r) retarget(f.tail2, z);
            ret = add_edge(z, r, kNone);
            ret_last = z;
        }
        --sp;
    }
    for (uint32_t v = 0; v < N; ++v)
        if (!visited[v]) return internal("normalisation: a node was not reached");
    return WSP_OK;
}

// Points the arrays into the workspace (apart, so that the layout's offsets are not on the stack of
// the deepest calls).
WSP_PWS_NOINLINE void bind(Normaliser &z, void *workspace) {
    const Layout l = layout(z.n, z.m);
    z.aout_off = place<uint32_t>(workspace, l.aout_off);
    z.aout = place<uint32_t>(workspace, l.aout);
    z.in_deg = place<uint32_t>(workspace, l.in_deg);
    z.state = place<uint8_t>(workspace, l.state);
    z.stack_node = place<uint32_t>(workspace, l.stack_node);
    z.stack_pos = place<uint32_t>(workspace, l.stack_pos);
    z.is_back = place<uint8_t>(workspace, l.is_back);
    z.dout_off = place<uint32_t>(workspace, l.dout_off);
    z.dout = place<uint32_t>(workspace, l.dout);
    z.din_off = place<uint32_t>(workspace, l.din_off);
    z.din = place<uint32_t>(workspace, l.din);
    z.orig_to = place<uint32_t>(workspace, l.orig_to);
    z.topo = place<uint32_t>(workspace, l.topo);
    z.idom = place<uint32_t>(workspace, l.idom);
    z.depth = place<uint32_t>(workspace, l.depth);
    z.ipdom = place<uint32_t>(workspace, l.ipdom);
    z.pdepth = place<uint32_t>(workspace, l.pdepth);
    z.loop_of_header = place<uint32_t>(workspace, l.loop_of_header);
    z.loop_of_latch = place<uint32_t>(workspace, l.loop_of_latch);
    z.back_of_header = place<uint32_t>(workspace, l.back_of_header);
    z.visited = place<uint8_t>(workspace, l.visited);
    z.via = place<uint32_t>(workspace, l.via);
    z.frames = place<Frame>(workspace, l.frames);
    z.loop_stack = place<uint32_t>(workspace, l.loop_stack);
}

}  // namespace

bool normal_form_capacity(uint32_t n, uint32_t m, uint32_t *nodes, uint32_t *edges) {
    // Per two-way node at most a BSB and a reconvergence node and three edges; one exit with an edge
    // from each sink.
    const uint64_t cn = 3ull * n + 1u, ce = static_cast<uint64_t>(m) + 4ull * n;
    if (cn > WSP_PWS_MAX_NODES || ce > WSP_PWS_MAX_EDGES) return false;
    if (nodes != nullptr) *nodes = static_cast<uint32_t>(cn);
    if (edges != nullptr) *edges = static_cast<uint32_t>(ce);
    return true;
}

WSP_PWS_NOINLINE uint64_t normalise_workspace(uint32_t n, uint32_t m) { return layout(n, m).total; }

wsp_status normalise(const SourceCfg *source, void *workspace, size_t workspace_size, NormalForm *out,
                     wsp_diag *diag) {
    if (source == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "no CFG");
    if (out == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    if (source->node_count == 0) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, "the CFG has no node");
    if (source->nodes == nullptr || (source->loop_count > 0 && source->loops == nullptr))
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "the CFG has no node or loop array");
    if (source->edge_count > 0 && source->edges == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_EDGE, "the CFG has no edge array");
    uint32_t cap_nodes = 0, cap_edges = 0;
    if (!normal_form_capacity(source->node_count, source->edge_count, &cap_nodes, &cap_edges))
        return fail(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE,
                    "the CFG is too large to normalise (WSP_PWS_MAX_NODES/_EDGES)");
    if (out->nodes == nullptr || out->made == nullptr || out->owner == nullptr || out->multiplicity == nullptr ||
        out->edges == nullptr || out->edge_origin == nullptr ||
        (source->loop_count > 0 && (out->back_edges == nullptr || out->back_bound == nullptr)))
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "an output array of the normal form is NULL");
    if (out->node_capacity < cap_nodes || out->edge_capacity < cap_edges || out->back_capacity < source->loop_count)
        return fail(diag, WSP_ERR_RANGE, WSP_FIELD_OUTPUT,
                    "the normal form's arrays are smaller than normal_form_capacity says");
    const uint32_t n = source->node_count, m = source->edge_count;
    wsp_status st = check_workspace(workspace, workspace_size, bytes_layout(normalise_workspace(n, m)), diag);
    if (st != WSP_OK) return st;
    Normaliser z{};
    z.src = source;
    z.out = out;
    z.diag = diag;
    z.n = n;
    z.m = m;
    z.X = kNone;
    bind(z, workspace);
    out->counts = NormalCounts{};
    if ((st = z.check_input()) != WSP_OK) return st;
    if ((st = z.find_loops()) != WSP_OK) return st;
    if ((st = z.build_dag()) != WSP_OK) return st;
    if ((st = z.dominators()) != WSP_OK) return st;
    if ((st = z.parse()) != WSP_OK) return st;

    // The result: the acyclic edges in order, the back edges apart; the split marks that no longer
    // sit on a branch.
    uint32_t kept = 0, back = 0;
    for (uint32_t e = 0; e < z.edge_total; ++e) {
        if (e < m && z.is_back[e]) {
            out->back_edges[back] = out->edges[e];
            out->back_bound[back++] = source->loops[z.loop_of_header[out->edges[e].to]].bound;
            continue;
        }
        out->edges[kept] = out->edges[e];
        out->edge_origin[kept++] = out->edge_origin[e];
    }
    out->node_count = z.node_count;
    out->edge_count = kept;
    out->back_edge_count = back;
    out->counts.exits = z.X != kNone ? 1u : 0u;
    out->counts.loops = back;
    for (uint32_t v = 0; v < n; ++v)
        if (source->nodes[v].split && !(out->nodes[v].kind == WSP_PWS_BRANCH && out->made[v] == kMadeSource))
            ++out->counts.dropped_marks;
    return ok(diag);
}

}  // namespace pws
}  // namespace wsp
