// Graph generators for tests and the benchmark (generate.hpp).
#include "host/pws/generate.hpp"

#include <algorithm>

namespace wsp {
namespace host {
namespace {

using pws::kNoNode;

struct Builder {
    Rng &rng;
    const StrictOptions &o;
    SourceGraph g;

    uint32_t add(uint8_t flags, uint64_t wcet, uint8_t split) {
        const uint32_t v = static_cast<uint32_t>(g.nodes.size());
        g.nodes.push_back(pws::SourceNode{wcet, v + 1, flags, split});
        g.line.push_back(0);
        return v;
    }
    void edge(uint32_t a, uint32_t b) { g.edges.push_back(wsp_pws_edge{a, b}); }
    uint64_t wcet() { return rng.below(static_cast<uint32_t>(o.max_wcet) + 1); }
    uint64_t maybe_zero() { return rng.below(100) < o.zero_percent ? 0 : wcet(); }

    // A sequence of items (may_be_empty: 0 items allowed); first/last node, kNoNode when empty.
    void seq(uint32_t depth, bool may_be_empty, bool top, uint32_t *first, uint32_t *last) {
        const uint32_t items = may_be_empty ? rng.below(o.max_items + 1) : 1 + rng.below(o.max_items);
        std::vector<uint32_t> firsts, lasts;
        for (uint32_t i = 0; i < items && g.nodes.size() < o.max_nodes; ++i) {
            uint32_t f, l;
            if (depth < o.max_depth && rng.below(100) < o.branch_percent) {
                const uint32_t u = add(pws::kSourceBranch, wcet() / 4, rng.below(100) < o.mark_percent);
                uint32_t f1, l1, f2, l2;
                seq(depth + 1, rng.below(100) < o.empty_percent, false, &f1, &l1);
                const uint32_t b = add(pws::kSourceBsb, maybe_zero(), 0);
                seq(depth + 1, rng.below(100) < o.empty_percent, false, &f2, &l2);
                const uint32_t r = add(pws::kSourceReconv, maybe_zero(), 0);
                edge(u, f1 != kNoNode ? f1 : b);
                if (f1 != kNoNode) edge(u, b);
                if (l1 != kNoNode) edge(l1, b);
                edge(b, f2 != kNoNode ? f2 : r);
                if (f2 != kNoNode) edge(b, r);
                if (l2 != kNoNode) edge(l2, r);
                f = u;
                l = r;
            } else {
                f = l = add(0, wcet(), 0);
            }
            if (!lasts.empty()) edge(lasts.back(), f);
            firsts.push_back(f);
            lasts.push_back(l);
        }
        *first = firsts.empty() ? kNoNode : firsts.front();
        *last = lasts.empty() ? kNoNode : lasts.back();
        // A loop over items i..j: its latch must lead on (not the kernel's last node).
        if (!firsts.empty() && rng.below(100) < o.loop_percent) {
            const uint32_t n = static_cast<uint32_t>(firsts.size());
            const uint32_t i = rng.below(n), j = i + rng.below(n - i);
            if (!(top && j == n - 1)) {
                edge(lasts[j], firsts[i]);
                g.loops.push_back(pws::SourceLoop{firsts[i], rng.below(o.max_bound + 1)});
            }
        }
    }
};

// A mutable graph for the rewrites: successor lists (back edges included), kinds, alive flags.
struct Work {
    std::vector<pws::SourceNode> node;
    std::vector<uint8_t> kind, alive;  // kind: the strict kind (WSP_PWS_*)
    std::vector<std::vector<uint32_t>> succ;

    std::vector<uint32_t> preds(uint32_t v) const {
        std::vector<uint32_t> p;
        for (uint32_t u = 0; u < node.size(); ++u)
            if (alive[u])
                for (uint32_t s : succ[u])
                    if (s == v) p.push_back(u);
        return p;
    }
    void redirect(uint32_t from, uint32_t to) {  // every edge into `from` goes to `to`
        for (uint32_t u = 0; u < node.size(); ++u)
            if (alive[u])
                for (uint32_t &s : succ[u])
                    if (s == from) s = to;
    }
};

uint8_t strict_kind(uint8_t flags, size_t succs) {
    if (flags & pws::kSourceBsb) return WSP_PWS_BSB;
    if (flags & pws::kSourceReconv) return WSP_PWS_RECONV;
    if ((flags & pws::kSourceBranch) || succs == 2) return WSP_PWS_BRANCH;
    return WSP_PWS_BLOCK;
}

}  // namespace

uint32_t Rng::next() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

uint32_t Rng::below(uint32_t n) { return n == 0 ? 0 : next() % n; }

SourceGraph random_strict(Rng &rng, const StrictOptions &options) {
    Builder b{rng, options, SourceGraph{}};
    uint32_t first = 0, last = 0;
    b.seq(0, false, true, &first, &last);
    return b.g;
}

SourceGraph perturb(Rng &rng, const SourceGraph &strict, PerturbCounts *counts) {
    PerturbCounts c{};
    Work w;
    const uint32_t n = static_cast<uint32_t>(strict.nodes.size());
    w.node = strict.nodes;
    w.alive.assign(n, 1);
    w.succ.assign(n, {});
    for (const wsp_pws_edge &e : strict.edges) w.succ[e.from].push_back(e.to);
    for (uint32_t v = 0; v < n; ++v) w.kind.push_back(strict_kind(w.node[v].flags, w.succ[v].size()));
    std::vector<uint8_t> header(n, 0);
    for (const pws::SourceLoop &l : strict.loops) header[l.header] = 1;

    // 1. Zero-cost BSBs of branches with a non-empty path 1.
    for (uint32_t b = 0; b < n; ++b) {
        if (w.kind[b] != WSP_PWS_BSB || w.node[b].wcet != 0 || rng.below(100) >= 50) continue;
        uint32_t u = kNoNode;
        for (uint32_t p : w.preds(b))
            if (w.kind[p] == WSP_PWS_BRANCH) u = p;
        if (u == kNoNode || w.succ[u].size() != 2) continue;
        uint32_t r = kNoNode, p2 = kNoNode;
        for (uint32_t s : w.succ[b]) (w.kind[s] == WSP_PWS_RECONV ? r : p2) = s;
        if (r == kNoNode) continue;
        if (p2 == kNoNode) {
            w.redirect(b, r);
            ++c.if_without_else;
        } else {
            for (uint32_t &s : w.succ[u])
                if (s == b) s = p2;
            w.redirect(b, r);
            ++c.two_sided;
        }
        w.alive[b] = 0;
    }
    // 2. Zero-cost reconvergence nodes with one successor: their join moves to it.
    for (uint32_t r = 0; r < n; ++r) {
        if (!w.alive[r] || w.kind[r] != WSP_PWS_RECONV || w.node[r].wcet != 0 || w.succ[r].size() != 1 ||
            header[r] || rng.below(100) >= 50)
            continue;
        const uint32_t y = w.succ[r][0];
        w.redirect(r, y);
        // A node that now reaches y twice would hold a duplicate edge: undo.
        bool dup = false;
        for (uint32_t u = 0; u < n; ++u)
            if (w.alive[u] && u != r && w.succ[u].size() == 2 && w.succ[u][0] == w.succ[u][1]) dup = true;
        if (dup) {  // cannot happen in the strict form's shapes; kept as a guard
            for (uint32_t u = 0; u < n; ++u)
                if (w.alive[u] && u != r)
                    for (uint32_t &s : w.succ[u])
                        if (s == y) s = r;
            continue;
        }
        w.alive[r] = 0;
        ++c.shared_joins;
    }
    // 3. Merge a node into its only predecessor when that has it as its only successor.
    for (uint32_t x = 0; x < n; ++x) {
        if (!w.alive[x] || w.succ[x].size() != 1 || w.kind[x] == WSP_PWS_BSB || rng.below(100) >= 40) continue;
        const uint32_t y = w.succ[x][0];
        if (!w.alive[y] || y == x || w.kind[y] == WSP_PWS_BSB || header[y] || w.preds(y).size() != 1) continue;
        w.node[x].wcet += w.node[y].wcet;
        w.succ[x] = w.succ[y];
        if (w.kind[y] == WSP_PWS_BRANCH) {
            w.kind[x] = WSP_PWS_BRANCH;
            w.node[x].split = w.node[y].split;
        }
        w.alive[y] = 0;
        ++c.merged;
    }
    // 4. A zero-cost exit with several edges into it: one sink per edge. Not where a BSB skips to it:
    // a compiler's BSB skips to the join its else-part ends in (a BSB whose two edges lead to
    // different exits is not a shape normalisation accepts).
    for (uint32_t z = 0; z < n; ++z) {
        if (!w.alive[z] || !w.succ[z].empty() || w.node[z].wcet != 0 || header[z] || rng.below(100) >= 60) continue;
        const std::vector<uint32_t> p = w.preds(z);
        bool from_bsb = false;
        for (uint32_t u : p) from_bsb |= w.kind[u] == WSP_PWS_BSB;
        if (p.size() < 2 || from_bsb) continue;
        for (size_t k = 1; k < p.size(); ++k) {
            const uint32_t copy = static_cast<uint32_t>(w.node.size());
            w.node.push_back(w.node[z]);
            w.node.back().label = 0;  // named below
            w.kind.push_back(w.kind[z]);
            w.alive.push_back(1);
            w.succ.push_back({});
            header.push_back(0);
            for (uint32_t &s : w.succ[p[k]])
                if (s == z) s = copy;
        }
        ++c.exits;
    }
    // Flags as a compiler's extractor knows them, and a shuffled order.
    uint32_t next_label = 0;
    for (const pws::SourceNode &s : w.node) next_label = std::max(next_label, s.label + 1);
    std::vector<uint32_t> order;
    for (uint32_t v = 0; v < w.node.size(); ++v)
        if (w.alive[v]) order.push_back(v);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<uint32_t>(i))]);
    // Keep the entry first: a CSV's row 0 is the entry when every node has a predecessor.
    for (size_t i = 0; i < order.size(); ++i)
        if (order[i] == 0) std::swap(order[0], order[i]);
    std::vector<uint32_t> index(w.node.size(), kNoNode);
    for (uint32_t i = 0; i < order.size(); ++i) index[order[i]] = i;
    SourceGraph out;
    for (uint32_t v : order) {
        pws::SourceNode s = w.node[v];
        if (s.label == 0) s.label = next_label++;
        uint8_t flags = 0;
        if (w.kind[v] == WSP_PWS_BSB) flags = pws::kSourceBsb;
        if (w.kind[v] == WSP_PWS_RECONV && rng.below(2)) flags = pws::kSourceReconv;
        if (w.kind[v] == WSP_PWS_BRANCH && rng.below(3) == 0) flags = pws::kSourceBranch;
        s.flags = flags;
        if (w.kind[v] != WSP_PWS_BRANCH) s.split = 0;
        out.nodes.push_back(s);
        out.line.push_back(0);
    }
    for (uint32_t v : order)
        for (uint32_t s : w.succ[v]) out.edges.push_back(wsp_pws_edge{index[v], index[s]});
    for (size_t i = out.edges.size(); i > 1; --i)
        std::swap(out.edges[i - 1], out.edges[rng.below(static_cast<uint32_t>(i))]);
    for (const pws::SourceLoop &l : strict.loops) out.loops.push_back(pws::SourceLoop{index[l.header], l.bound});
    if (counts != nullptr) *counts = c;
    return out;
}

SourceGraph synthetic_nested(uint32_t depth, uint32_t width, uint32_t seed) {
    Rng rng{seed != 0 ? seed : 1u};
    SourceGraph g;
    // Divergent work in thousands of cycles (memory and arithmetic), small costs around it.
    // Recursive (the depth is small).
    struct Gen {
        Rng &rng;
        SourceGraph &g;
        uint32_t depth, width;
        std::vector<wsp_pws_edge> &edges;
        uint32_t add(uint8_t flags, uint64_t wcet, uint8_t split) {
            const uint32_t v = static_cast<uint32_t>(g.nodes.size());
            g.nodes.push_back(pws::SourceNode{wcet, v + 1, flags, split});
            g.line.push_back(0);
            return v;
        }
        void seq(uint32_t level, uint32_t *first, uint32_t *last) {
            const uint32_t nested = level < depth ? rng.below(width) : width;
            uint32_t prev = kNoNode;
            *first = kNoNode;
            for (uint32_t i = 0; i < width; ++i) {
                uint32_t f, l;
                if (i == nested) {
                    const uint32_t u = add(pws::kSourceBranch, 4 + rng.below(8), 1);
                    uint32_t f1, l1, f2, l2;
                    seq(level + 1, &f1, &l1);
                    const uint32_t b = add(pws::kSourceBsb, rng.below(3) == 0 ? 0 : 2 + rng.below(4), 0);
                    seq(level + 1, &f2, &l2);
                    const uint32_t r = add(pws::kSourceReconv, rng.below(2) == 0 ? 0 : 2 + rng.below(4), 0);
                    edges.push_back({u, f1});
                    edges.push_back({u, b});
                    edges.push_back({l1, b});
                    edges.push_back({b, f2});
                    edges.push_back({b, r});
                    edges.push_back({l2, r});
                    f = u;
                    l = r;
                } else {
                    f = l = add(0, 1000 * (1 + rng.below(60)), 0);
                }
                if (prev != kNoNode) edges.push_back({prev, f});
                if (*first == kNoNode) *first = f;
                prev = *last = l;
            }
        }
    };
    std::vector<wsp_pws_edge> edges;
    Gen gen{rng, g, depth, width == 0 ? 1 : width, edges};
    uint32_t first = 0, last = 0;
    gen.seq(0, &first, &last);
    g.edges = edges;
    return perturb(rng, g, nullptr);
}

uint64_t longest_path(const SourceGraph &g) {
    const size_t n = g.nodes.size();
    std::vector<std::vector<uint32_t>> succ(n);
    std::vector<uint32_t> indeg(n, 0), order;
    for (const wsp_pws_edge &e : g.edges) {
        succ[e.from].push_back(e.to);
        ++indeg[e.to];
    }
    for (uint32_t v = 0; v < n; ++v)
        if (indeg[v] == 0) order.push_back(v);
    for (size_t k = 0; k < order.size(); ++k)
        for (uint32_t s : succ[order[k]])
            if (--indeg[s] == 0) order.push_back(s);
    if (order.size() != n) return UINT64_MAX;  // a cycle
    std::vector<uint64_t> best(n, 0);
    uint64_t top = 0;
    for (size_t k = n; k-- > 0;) {
        const uint32_t v = order[k];
        uint64_t m = 0;
        for (uint32_t s : succ[v]) m = std::max(m, best[s]);
        best[v] = m + g.nodes[v].wcet;
    }
    for (uint32_t v = 0; v < n; ++v)
        if (std::count_if(g.edges.begin(), g.edges.end(), [v](const wsp_pws_edge &e) { return e.to == v; }) == 0)
            top = std::max(top, best[v]);
    return top;
}

}  // namespace host
}  // namespace wsp
