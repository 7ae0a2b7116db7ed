// The kernel-scope analysis and the walks. See paths.hpp.
//
// Execution model (docs/ptx.md, "Whole kernel"). Each thread follows a path of the CFG from the entry
// to ret/exit on which every loop's header runs at most its bound per entry into the loop. A warp
// issues an instruction for the threads at it; when a conditional branch splits the warp, it runs
// the taken side's threads until they reach the branch's immediate post-dominator q, then the other
// side's, then continues with both from q (stack-based SIMT reconvergence at the immediate
// post-dominator, as paper 001 and the pre-Volta hardware do; on sm_70 and later the compiler places
// convergence barriers for the same points; code where it does not is outside this model).
//
// Unrolling. A node is (block, iteration of each loop containing it); a back edge of loop L moves to
// the next iteration of L and is dropped past L's bound; entering L starts at iteration 1. Nodes
// from which no path reaches the exit are pruned: no execution within the bounds runs them. The
// result is a DAG whose entry-to-exit paths are exactly the threads' bounded paths.
//
// Reconvergence copies. The hardware reconverges at the PC of q, the first time a side's threads
// reach it. build_reconvergence checks, per conditional branch d with q = ipdom(d), that within one
// iteration of L* (the innermost loop containing both, or the whole kernel) every path from d reaches
// q before it takes a back edge of L*, leaves L* or ends; when q is L*'s header it is reached exactly
// through L*'s back edge (the next iteration). So in the DAG every path from a copy of d meets the
// same copy of q first, and that copy is where the stack model reconverges. A branch that fails the
// check is refused as unstructured control flow (never guessed).
//
// Claim (the serialised warp). For every warp, every execution and every unit U, the number of U
// instructions the warp issues is at most S_U(entry, exit), where S(x, p), for a DAG node x and a
// reconvergence point p that post-dominates x, is 0 if x = p, and otherwise
//   content(x) + S(s, p)                                      if x has one live successor s,
//   content(x) + S(s1, q) + S(s2, q) + S(q, p)                if x branches to s1, s2 with copy q of its ipdom.
// Proof, by induction on the DAG from the exit backwards. A sub-warp that starts at x and runs until
// its threads reach p issues x's instructions once, then: with one successor it continues as a
// sub-warp from s; at a branch, if all its threads take one side it runs that side to q and
// continues from q (at most S(si, q) + S(q, p) by induction); if they split, the stack model runs the
// taken side's threads from s1 to q, then the others from s2 to q, then all from q to p. Every term
// is a non-negative count, so the sum of both sides bounds either case, for every unit at once.
// Threads that exit early only remove instructions. Applied to (entry, exit) this bounds every
// warp's count of each unit, and their sum bounds its length.
#include "host/ptx/paths.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace wsp {
namespace ptx {

namespace {

typedef std::vector<uint32_t> Iter;  // iteration index per loop on the block's loop chain (outermost first)

std::vector<int> loop_chain(const Graph &g, uint32_t b) {
    std::vector<int> chain;
    for (int l = g.innermost[b]; l >= 0; l = g.loops[l].parent) chain.push_back(l);
    std::reverse(chain.begin(), chain.end());
    return chain;
}

struct Dag {
    std::vector<uint32_t> block;           // node -> block (kExit for the exit node)
    std::vector<Iter> iter;
    std::vector<std::vector<uint32_t>> succ;
    std::vector<bool> alive;
    uint32_t exit_node = 0;
    std::map<std::pair<uint32_t, Iter>, uint32_t> index;
};

// The indices of `to`'s loops when moving along u -> to from a node with indices `from` (u's chain).
// Returns false when the move passes a loop's bound.
bool move(const Graph &g, uint32_t u, const Iter &from, uint32_t to, Iter &out) {
    const std::vector<int> cu = loop_chain(g, u), cv = loop_chain(g, to);
    out.assign(cv.size(), 1);
    for (size_t k = 0; k < cv.size(); ++k) {
        for (size_t j = 0; j < cu.size(); ++j)
            if (cu[j] == cv[k]) out[k] = from[j];
        if (g.loops[cv[k]].header == to) {
            // a back edge of this loop when u lies in it: the next iteration
            bool inside = false;
            for (int l : cu) inside = inside || l == cv[k];
            if (inside) {
                out[k] += 1;
                if (out[k] > g.loops[cv[k]].bound) return false;
            }
        }
    }
    return true;
}

bool unroll(const Graph &g, const Options &options, Dag &d, Failure &fail) {
    d.block.push_back(kExit);
    d.iter.push_back({});
    d.succ.push_back({});
    d.exit_node = 0;
    auto node = [&](uint32_t b, const Iter &it) -> uint32_t {
        auto key = std::make_pair(b, it);
        auto at = d.index.find(key);
        if (at != d.index.end()) return at->second;
        const uint32_t id = static_cast<uint32_t>(d.block.size());
        d.index[key] = id;
        d.block.push_back(b);
        d.iter.push_back(it);
        d.succ.push_back({});
        return id;
    };
    node(0, Iter(loop_chain(g, 0).size(), 1));
    for (uint32_t x = 1; x < d.block.size(); ++x) {
        if (d.block.size() > options.max_unrolled_blocks) {
            fail = {WSP_ERR_RANGE, 0, "the loops unrolled to their bounds make more than " +
                                          std::to_string(options.max_unrolled_blocks) +
                                          " blocks; give smaller loop bounds or analyse a path (--path)"};
            return false;
        }
        const uint32_t b = d.block[x];
        for (uint32_t s : g.blocks[b].succ) {
            if (s == kExit) {
                d.succ[x].push_back(d.exit_node);
                continue;
            }
            Iter it;
            const Iter from = d.iter[x];
            if (!move(g, b, from, s, it)) continue;
            const uint32_t y = node(s, it);
            d.succ[x].push_back(y);
        }
    }
    // Prune: alive = reaches the exit.
    const size_t n = d.block.size();
    std::vector<std::vector<uint32_t>> pred(n);
    for (uint32_t x = 0; x < n; ++x)
        for (uint32_t y : d.succ[x]) pred[y].push_back(x);
    d.alive.assign(n, false);
    std::vector<uint32_t> work{d.exit_node};
    d.alive[d.exit_node] = true;
    while (!work.empty()) {
        const uint32_t y = work.back();
        work.pop_back();
        for (uint32_t x : pred[y])
            if (!d.alive[x]) {
                d.alive[x] = true;
                work.push_back(x);
            }
    }
    if (!d.alive[1]) {
        fail = {WSP_ERR_PTX, g.blocks[0].first_line, "no path reaches ret or exit within the loop bounds"};
        return false;
    }
    for (uint32_t x = 0; x < n; ++x) {
        std::vector<uint32_t> keep;
        for (uint32_t y : d.succ[x])
            if (d.alive[y] && std::find(keep.begin(), keep.end(), y) == keep.end()) keep.push_back(y);
        d.succ[x] = keep;
    }
    return true;
}

// The check of the file comment ("Reconvergence copies") for every conditional block.
bool check_reconvergence(const Graph &g, Failure &fail) {
    for (const Block &b : g.blocks) {
        if (!b.conditional || b.ipdom == kExit) continue;
        const uint32_t q = b.ipdom;
        int lstar = -1;
        for (int l = g.innermost[b.id]; l >= 0 && lstar < 0; l = g.loops[l].parent)
            if (loop_contains(g, l, q)) lstar = l;
        const bool q_is_header = lstar >= 0 && g.loops[lstar].header == q;
        std::vector<bool> seen(g.blocks.size(), false);
        std::vector<uint32_t> work(b.succ.begin(), b.succ.end());
        std::vector<uint32_t> from(work.size(), b.id);
        while (!work.empty()) {
            const uint32_t v = work.back(), u = from.back();
            work.pop_back();
            from.pop_back();
            bool bad = false;
            if (v == kExit) {
                bad = true;
            } else if (lstar >= 0 && !loop_contains(g, lstar, v)) {
                bad = true;  // left L* before reaching q
            } else if (lstar >= 0 && v == g.loops[lstar].header) {
                bad = !q_is_header;  // took L*'s back edge: fine only when that is q
                (void)u;
                if (!bad) continue;
            } else if (v == q) {
                continue;
            }
            if (bad)
                return fail = {WSP_ERR_PTX, b.last_line,
                               "unstructured control flow: the branch at line " + std::to_string(b.last_line) +
                                   " reconverges at line " + std::to_string(g.blocks[q].first_line) +
                                   ", but some path from it does not reach that point first"},
                       false;
            if (seen[v]) continue;
            seen[v] = true;
            for (uint32_t s : g.blocks[v].succ) {
                work.push_back(s);
                from.push_back(v);
            }
        }
    }
    return true;
}

struct Counts {
    uint64_t u[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    void add(const Counts &o) {
        for (int k = 0; k < WSP_UNIT_COUNT; ++k) u[k] += o.u[k];
    }
};

struct Serialiser {
    const Graph &g;
    const Dag &d;
    std::vector<Counts> content;
    std::map<std::pair<uint32_t, uint32_t>, Counts> memo;
    size_t depth = 0;
    Failure &fail;

    // The copy of the ipdom of node x's block.
    uint32_t reconvergence(uint32_t x) const {
        const uint32_t b = d.block[x], q = g.blocks[b].ipdom;
        if (q == kExit) return d.exit_node;
        Iter it;
        if (!move(g, b, d.iter[x], q, it)) return kExit;
        auto at = d.index.find(std::make_pair(q, it));
        return at == d.index.end() || !d.alive[at->second] ? kExit : at->second;
    }

    bool run(uint32_t x, uint32_t p, Counts &out) {
        auto key = std::make_pair(x, p);
        auto hit = memo.find(key);
        if (hit != memo.end()) {
            out = hit->second;
            return true;
        }
        if (++depth > 100000) return fail = {WSP_ERR_RANGE, 0, "branches nested too deeply to serialise"}, false;
        Counts acc;
        const uint32_t start = x;
        while (x != p) {
            if (x == d.exit_node || d.succ[x].empty())
                return fail = {WSP_ERR_INTERNAL, 0, "serialisation: a sub-warp missed its reconvergence point"}, false;
            acc.add(content[x]);
            if (d.succ[x].size() == 1) {
                x = d.succ[x][0];
                continue;
            }
            const uint32_t q = reconvergence(x);
            if (q == kExit)
                return fail = {WSP_ERR_INTERNAL, 0, "serialisation: no reconvergence copy"}, false;
            const uint32_t s1 = d.succ[x][0], s2 = d.succ[x][1];
            if (q == p) {  // tail: both sides end at p
                Counts a;
                if (!run(s1, q, a)) return false;
                acc.add(a);
                x = s2;
                continue;
            }
            Counts a, c;
            if (!run(s1, q, a) || !run(s2, q, c)) return false;
            acc.add(a);
            acc.add(c);
            x = q;
        }
        --depth;
        memo[std::make_pair(start, p)] = acc;
        out = acc;
        return true;
    }
};

}  // namespace

bool analyse_kernel(const Graph &g, const Options &options, Result &result, Failure &failure) {
    if (!check_reconvergence(g, failure)) return false;
    Dag d;
    if (!unroll(g, options, d, failure)) return false;
    const size_t n = d.block.size();
    Serialiser s{g, d, std::vector<Counts>(n), {}, 0, failure};
    std::vector<uint64_t> length(n, 0);
    for (uint32_t x = 1; x < n; ++x) {
        uint64_t mix[WSP_UNIT_COUNT];
        letters_mix(g.blocks[d.block[x]].letters, mix);
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) s.content[x].u[u] = mix[u];
        length[x] = letters_length(g.blocks[d.block[x]].letters);
    }
    Counts total;
    if (!s.run(1, d.exit_node, total)) return false;
    result.serialised_length = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        result.serialised_mix[u] = total.u[u];
        result.serialised_length += total.u[u];
    }
    // The longest single path: longest[x] over the DAG in reverse topological order.
    std::vector<uint32_t> order;
    {
        std::vector<int> state(n, 0);
        std::vector<std::pair<uint32_t, size_t>> st{{1, 0}};
        state[1] = 1;
        while (!st.empty()) {
            auto &top = st.back();
            if (top.second < d.succ[top.first].size()) {
                const uint32_t y = d.succ[top.first][top.second++];
                if (state[y] == 0) {
                    state[y] = 1;
                    st.push_back({y, 0});
                }
            } else {
                order.push_back(top.first);
                st.pop_back();
            }
        }
    }
    std::vector<uint64_t> best(n, 0);
    std::vector<uint32_t> next(n, kExit);
    for (uint32_t x : order) {  // postorder: successors first
        if (x == d.exit_node) continue;
        uint64_t b = 0;
        bool any = false;
        for (uint32_t y : d.succ[x]) {
            const uint64_t v = y == d.exit_node ? 0 : best[y];
            if (!any || v > b) {
                b = v;
                next[x] = y;
                any = true;
            }
        }
        best[x] = length[x] + b;
    }
    if (best[1] > options.max_instructions)
        return failure = {WSP_ERR_RANGE, g.blocks[0].first_line,
                          "the longest path has " + std::to_string(best[1]) + " instructions, more than " +
                              std::to_string(options.max_instructions)},
               false;
    result.path.clear();
    result.path_blocks.clear();
    result.path_ptx_instructions = 0;
    for (uint32_t x = 1; x != d.exit_node && x != kExit; x = next[x]) {
        const Block &b = g.blocks[d.block[x]];
        append(result.path, b.letters);
        result.path_blocks.push_back(b.id);
        result.path_ptx_instructions += b.ptx_instructions;
        const BlockCode &c = g.code[b.id];
        if (c.ends_in_branch && c.end > c.begin && !c.function->code[c.end - 1].guard.empty())
            ++result.conditional_branches;
    }
    return true;
}

bool walk(const Graph &g, const Options &options, Result &result, Failure &failure) {
    size_t used = 0;
    std::map<uint32_t, uint32_t> taken;  // loop walk: backward branch block -> times taken in this run
    const uint32_t k = options.default_loop_bound == 0 ? 1 : options.default_loop_bound;
    uint32_t b = 0;
    result.path.clear();
    result.path_blocks.clear();
    while (b != kExit) {
        const Block &blk = g.blocks[b];
        append(result.path, blk.letters);
        result.path_blocks.push_back(b);
        result.path_ptx_instructions += blk.ptx_instructions;
        if (letters_length(result.path) > options.max_instructions)
            return failure = {WSP_ERR_RANGE, blk.last_line,
                              "the kernel passed " + std::to_string(options.max_instructions) +
                                  " instructions (max_instructions): an endless loop?"},
                   false;
        const BlockCode &c = g.code[b];
        const bool guarded = c.ends_in_branch && c.end > c.begin && !c.function->code[c.end - 1].guard.empty();
        if (!guarded) {
            if (c.ends_in_branch && options.scope == Scope::kPrefix) break;
            b = blk.succ[0];
            continue;
        }
        ++result.conditional_branches;  // a guarded bra, ret or exit (both sides may coincide)
        if (options.scope == Scope::kPrefix) break;
        bool take = false;
        if (options.scope == Scope::kPath) {
            if (used == options.path.size()) break;
            take = options.path[used++];
        } else if (options.scope == Scope::kLoopWalk && c.loop_walk_backward) {
            uint32_t &t = taken[b];
            take = t + 1 < k;
            t = take ? t + 1 : 0;
        }
        b = take || blk.succ.size() == 1 ? blk.succ[0] : blk.succ[1];
    }
    if (options.scope == Scope::kPath && used < options.path.size())
        return failure = {WSP_ERR_RANGE, 0, "path: " + std::to_string(options.path.size()) +
                                                " choices given, but the walk met only " + std::to_string(used) +
                                                " conditional branches before it ended"},
               false;
    return true;
}

}  // namespace ptx
}  // namespace wsp
