// Optimal split points by dynamic programming over the branch tree (split.hpp; docs/pws.md has the
// argument in full).
//
// Why it is exact. Fix a split set SB. The worst SWF path is the recurrence of cfg.cpp: a sequence
// takes the sum of its items; a branch item u takes e_u + e_BSB + (max of its two paths if u is in
// SB, their sum otherwise) and is followed by its join. Lemma 5.1 adds |SB| (e_s + e_m) and Eq. 2
// depends on |SB| (or, counting contexts, on the number c of sequences that hold a split point:
// Select gives each such Parent one context and refuses a set with c > S). So the kernel WCET of SB
// is F(pruned(SB), |SB|, c(SB)), non-decreasing in pruned for fixed |SB| and c. Hence it suffices to
// know, for every (k, c), the least pruned(SB) over the sets with |SB| = k and c(SB) = c; and that
// least value decomposes: the sets of different items of a sequence are independent, so a sequence's
// table is the (min, +) combination of its items' tables over k and c, and a branch's table is the
// (min, +) [not split] or (min, max) [split, k + 1] combination of its paths' tables. A sequence
// counts one context when any of its own branch items splits (the flag f). Evaluating F at every
// (k, c) of the entry's table, with c <= S, gives the optimum; the argmin is rebuilt by walking the
// tables back down.
//
// k is counted with multiplicity (a split point in a loop counts once per run) and capped where the
// objective stops depending on it: without split costs, Eq. 2 only distinguishes k < S (or ignores k
// when counting contexts), so every k >= cap shares one entry.
#include "pws/split.hpp"

#include "pws/carve.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"

namespace wsp {
namespace pws {
namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;
constexpr uint64_t kInf = UINT64_MAX;

struct Target {
    uint64_t k, value;
    uint32_t node, c, f;
};

struct Layout {
    uint64_t tab, add, btab, kw, full, kd, cd, bkd, bcd, cnt, stack, mark, cells, total;  // offsets
};

Layout layout(uint64_t n, uint64_t cells) {
    Carver c;
    Layout l{};
    l.tab = c.take(n, 8);
    l.add = c.take(n, 8);
    l.btab = c.take(n, 8);
    l.kw = c.take(n, 8);
    l.full = c.take(n, 8);
    l.kd = c.take(n, 8);
    l.cd = c.take(n, 4);
    l.bkd = c.take(n, 8);
    l.bcd = c.take(n, 4);
    l.cnt = c.take(n, 4);
    l.stack = c.take(n + 1, sizeof(Target));
    l.mark = c.take(n + 1, 1);
    l.cells = c.take(cells, 8);
    l.total = c.at;
    return l;
}

struct Dp {
    const SplitProblem *p;
    const wsp_pws_cfg *cfg;
    Structure s;
    uint32_t n, S;
    uint64_t kcap, cost, weighted_branches;
    uint64_t *tab, *add, *btab, *kw, *full, *kd, *bkd, *cells;
    uint32_t *cd, *bcd, *cnt;
    Target *stack;
    uint8_t *mark;

    uint8_t kind(uint32_t v) const { return cfg->nodes[v].kind; }
    uint64_t weight(uint32_t v) const { return p->multiplicity != nullptr ? p->multiplicity[v] : 1u; }
    bool candidate(uint32_t v) const { return kind(v) == WSP_PWS_BRANCH && cfg->nodes[v].split != 0; }
    uint64_t cap(uint64_t k) const { return k < kcap ? k : kcap; }

    // G_x(k, c, f): the least worst time from item x to the end of its sequence with k split points
    // (capped), c contexts below this sequence and f = 1 when one of its own items splits.
    uint64_t G(uint32_t x, uint64_t k, uint32_t c, uint32_t f) const {
        if (x == kNone) return k == 0 && c == 0 && f == 0 ? 0 : kInf;
        if (k >= kd[x] || c >= cd[x]) return kInf;
        const uint64_t v = cells[tab[x] + (k * cd[x] + c) * 2 + f];
        return v == kInf ? kInf : v + add[x];
    }
    // A whole path (a sequence): its own context counted in c.
    uint64_t T(uint32_t x, uint64_t k, uint32_t c) const {
        const uint64_t a = G(x, k, c, 0), b = c > 0 ? G(x, k, c - 1, 1) : kInf;
        return a < b ? a : b;
    }
    uint64_t kdim(uint32_t x) const { return x == kNone ? 1 : kd[x]; }
    uint32_t cdim(uint32_t x) const { return x == kNone ? 1 : cd[x]; }
    uint64_t &B(uint32_t u, uint32_t split, uint64_t k, uint32_t c) const {
        return cells[btab[u] + split * bkd[u] * bcd[u] + k * bcd[u] + c];
    }

    WSP_PWS_NOINLINE wsp_status plan(uint64_t *cell_count, wsp_diag *diag);
    WSP_PWS_NOINLINE void forward();
    WSP_PWS_NOINLINE wsp_status rebuild(const Target &root, uint8_t *selected, wsp_diag *diag);
};

// Dimensions of every table, the serialised path (overflow-checked: every value the tables hold is at
// most it) and the offsets of the tables in the cell array.
wsp_status Dp::plan(uint64_t *cell_count, wsp_diag *diag) {
    uint64_t cells_at = 2;  // cells 0, 1: the table of an empty suffix (f = 0, f = 1)
    for (uint32_t k = n; k-- > 0;) {
        const uint32_t x = s.walk[k];
        if (kind(x) == WSP_PWS_BSB) continue;
        const uint64_t e = cfg->nodes[x].wcet;
        bool ok = true;
        if (kind(x) != WSP_PWS_BRANCH) {
            const uint32_t nx = s.next[x];
            if (nx == kNone) {
                tab[x] = 0;
                add[x] = e;
                kw[x] = 0;
                cnt[x] = 0;
                full[x] = e;
                kd[x] = 1;
                cd[x] = 1;
            } else {
                tab[x] = tab[nx];
                kw[x] = kw[nx];
                cnt[x] = cnt[nx];
                kd[x] = kd[nx];
                cd[x] = cd[nx];
                ok = checked_add(add[nx], e, &add[x]) && checked_add(full[nx], e, &full[x]);
            }
        } else {
            const uint32_t a = s.p1[x], b = s.p2[x], r = s.rec[x];
            const bool cand = candidate(x);
            const uint64_t ksub = (cand ? weight(x) : 0) + (a != kNone ? kw[a] : 0) + (b != kNone ? kw[b] : 0);
            const uint32_t csub = (cand ? 1u : 0u) + (a != kNone ? cnt[a] : 0) + (b != kNone ? cnt[b] : 0);
            kw[x] = ksub + kw[r];
            cnt[x] = csub + cnt[r];
            uint64_t f = 0;
            ok = checked_add(e, cfg->nodes[s.bsb[x]].wcet, &f) && checked_add(f, a != kNone ? full[a] : 0, &f) &&
                 checked_add(f, b != kNone ? full[b] : 0, &f) && checked_add(f, full[r], &full[x]);
            bkd[x] = (ksub < kcap ? ksub : kcap) + 1;
            bcd[x] = (csub < S ? csub : S) + 1;
            kd[x] = (kw[x] < kcap ? kw[x] : kcap) + 1;
            cd[x] = (cnt[x] < S ? cnt[x] : S) + 1;
            add[x] = 0;
            uint64_t size_b = 0, size_g = 0;
            ok = ok && checked_mul(bkd[x], 2ull * bcd[x], &size_b) && checked_mul(kd[x], 2ull * cd[x], &size_g);
            btab[x] = cells_at;
            ok = ok && checked_add(cells_at, size_b, &cells_at);
            tab[x] = cells_at;
            ok = ok && checked_add(cells_at, size_g, &cells_at) && cells_at < (uint64_t{1} << 58);
        }
        if (!ok) {
            DiagScope scope(diag, WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE);
            scope.index(x + 1);
            scope.message.text("node ").number(cfg->nodes[x].label)
                .text(": the worst path from it, or the tables of the optimal split choice, exceed 2^64");
            return WSP_ERR_OVERFLOW;
        }
    }
    *cell_count = cells_at;
    return WSP_OK;
}

void Dp::forward() {
    cells[0] = 0;
    cells[1] = kInf;
    for (uint32_t i = n; i-- > 0;) {
        const uint32_t u = s.walk[i];
        if (kind(u) != WSP_PWS_BRANCH) continue;
        const uint32_t a = s.p1[u], b = s.p2[u], r = s.rec[u];
        const bool cand = candidate(u);
        const uint64_t w = weight(u), base = cfg->nodes[u].wcet + cfg->nodes[s.bsb[u]].wcet;
        for (uint64_t j = 0; j < 2 * bkd[u] * bcd[u]; ++j) cells[btab[u] + j] = kInf;
        for (uint64_t j = 0; j < 2 * kd[u] * cd[u]; ++j) cells[tab[u] + j] = kInf;
        // The branch item alone: not split (sum of the paths) or split (their max, one more split).
        for (uint64_t k1 = 0; k1 < kdim(a); ++k1)
            for (uint32_t c1 = 0; c1 < cdim(a); ++c1) {
                const uint64_t t1 = a != kNone ? T(a, k1, c1) : (k1 == 0 && c1 == 0 ? 0 : kInf);
                if (t1 == kInf) continue;
                for (uint64_t k2 = 0; k2 < kdim(b); ++k2)
                    for (uint32_t c2 = 0; c2 < cdim(b); ++c2) {
                        const uint64_t t2 = b != kNone ? T(b, k2, c2) : (k2 == 0 && c2 == 0 ? 0 : kInf);
                        if (t2 == kInf || c1 + c2 >= bcd[u]) continue;
                        uint64_t &ns = B(u, 0, cap(k1 + k2), c1 + c2);
                        if (base + t1 + t2 < ns) ns = base + t1 + t2;
                        if (!cand) continue;
                        uint64_t &sp = B(u, 1, cap(k1 + k2 + w), c1 + c2);
                        const uint64_t v = base + (t1 > t2 ? t1 : t2);
                        if (v < sp) sp = v;
                    }
            }
        // The branch item followed by the rest of its sequence (from its join).
        for (uint32_t split = 0; split < 2; ++split)
            for (uint64_t ku = 0; ku < bkd[u]; ++ku)
                for (uint32_t cu = 0; cu < bcd[u]; ++cu) {
                    const uint64_t bv = B(u, split, ku, cu);
                    if (bv == kInf) continue;
                    for (uint64_t kr = 0; kr < kd[r]; ++kr)
                        for (uint32_t cr = 0; cr < cd[r]; ++cr)
                            for (uint32_t fr = 0; fr < 2; ++fr) {
                                const uint64_t g = G(r, kr, cr, fr);
                                const uint32_t c = cu + cr, f = split | fr;
                                if (g == kInf || c + f > S) continue;
                                uint64_t &cell = cells[tab[u] + (cap(ku + kr) * cd[u] + c) * 2 + f];
                                if (bv + g < cell) cell = bv + g;
                            }
                }
    }
}

// Walks the tables back down from the chosen entry of the entry's table, marking the split points.
wsp_status Dp::rebuild(const Target &root, uint8_t *selected, wsp_diag *diag) {
    for (uint32_t v = 0; v < n; ++v) selected[v] = 0;
    uint32_t sp = 0;
    stack[sp++] = root;
    while (sp > 0) {
        Target t = stack[--sp];
        uint32_t x = t.node;
        while (x != kNone) {
            if (kind(x) != WSP_PWS_BRANCH) {
                t.value -= cfg->nodes[x].wcet;
                x = s.next[x];
                continue;
            }
            const uint32_t u = x, a = s.p1[u], b = s.p2[u], r = s.rec[u];
            bool found = false;
            Target rest{}, path1{}, path2{};
            uint32_t split = 0, cu = 0;
            uint64_t ku = 0, bv = 0;
            for (uint32_t sp_ = 0; sp_ < 2 && !found; ++sp_)
                for (uint64_t k_ = 0; k_ < bkd[u] && !found; ++k_)
                    for (uint32_t c_ = 0; c_ < bcd[u] && !found; ++c_) {
                        const uint64_t b_ = B(u, sp_, k_, c_);
                        if (b_ == kInf) continue;
                        for (uint64_t kr = 0; kr < kd[r] && !found; ++kr)
                            for (uint32_t cr = 0; cr < cd[r] && !found; ++cr)
                                for (uint32_t fr = 0; fr < 2 && !found; ++fr) {
                                    const uint64_t g = G(r, kr, cr, fr);
                                    if (g == kInf || cap(k_ + kr) != t.k || c_ + cr != t.c || (sp_ | fr) != t.f ||
                                        b_ + g != t.value)
                                        continue;
                                    found = true;
                                    split = sp_;
                                    ku = k_;
                                    cu = c_;
                                    bv = b_ - cfg->nodes[u].wcet - cfg->nodes[s.bsb[u]].wcet;
                                    rest = Target{kr, g, r, cr, fr};
                                }
                    }
            if (!found) return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "optimal split: a table entry has no origin");
            selected[u] = static_cast<uint8_t>(split);
            // The paths: (k1, c1) and (k2, c2) that give B(u, split, ku, cu), then each path's own flag.
            found = false;
            for (uint64_t k1 = 0; k1 < kdim(a) && !found; ++k1)
                for (uint32_t c1 = 0; c1 < cdim(a) && !found; ++c1) {
                    const uint64_t t1 = a != kNone ? T(a, k1, c1) : (k1 == 0 && c1 == 0 ? 0 : kInf);
                    if (t1 == kInf) continue;
                    for (uint64_t k2 = 0; k2 < kdim(b) && !found; ++k2)
                        for (uint32_t c2 = 0; c2 < cdim(b) && !found; ++c2) {
                            const uint64_t t2 = b != kNone ? T(b, k2, c2) : (k2 == 0 && c2 == 0 ? 0 : kInf);
                            if (t2 == kInf || c1 + c2 != cu) continue;
                            const uint64_t kk = cap(k1 + k2 + (split ? weight(u) : 0));
                            const uint64_t v = split ? (t1 > t2 ? t1 : t2) : t1 + t2;
                            if (kk != ku || v != bv) continue;
                            found = true;
                            path1 = Target{k1, t1, a, c1, 0};
                            path2 = Target{k2, t2, b, c2, 0};
                        }
                }
            if (!found) return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "optimal split: a branch's paths have no origin");
            Target *paths[2] = {&path1, &path2};
            for (Target *q : paths) {
                if (q->node == kNone) continue;
                // T = min(G(c, 0), G(c - 1, 1)): take the one that gives the value.
                if (G(q->node, q->k, q->c, 0) != q->value) {
                    q->c -= 1;
                    q->f = 1;
                }
                stack[sp++] = *q;
            }
            t = rest;
            x = r;
        }
    }
    return WSP_OK;
}

WSP_PWS_NOINLINE wsp_status setup(const SplitProblem &problem, void *scratch, size_t scratch_size, Dp &dp,
                                   wsp_diag *diag) {
    if (problem.cfg == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "no CFG");
    if (problem.params == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PARAMS, "no parameters");
    wsp_status st = structure(problem.cfg, scratch, scratch_size, &dp.s, diag);
    if (st != WSP_OK) return st;
    dp.p = &problem;
    dp.cfg = problem.cfg;
    dp.n = problem.cfg->node_count;
    dp.S = problem.params->spsimds;
    if (!checked_add(problem.params->split_cost, problem.params->merge_cost, &dp.cost))
        return fail(diag, WSP_ERR_OVERFLOW, WSP_FIELD_PWS_COSTS, "e_s + e_m exceeds 2^64 - 1");
    uint64_t total = 0;
    dp.weighted_branches = 0;
    for (uint32_t v = 0; v < dp.n; ++v) {
        if (dp.kind(v) != WSP_PWS_BRANCH) continue;
        if (problem.multiplicity != nullptr && problem.multiplicity[v] == 0) {
            DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE);
            scope.index(v + 1);
            scope.message.text("node ").number(dp.cfg->nodes[v].label).text(" has a multiplicity of 0");
            return WSP_ERR_RANGE;
        }
        dp.weighted_branches += dp.weight(v);
        if (dp.candidate(v)) total += dp.weight(v);
    }
    // Without split costs the objective sees k only through Eq. 2: k < S with |SB|, not at all when
    // counting contexts.
    const uint64_t cap = dp.cost > 0 ? total : problem.contexts_mode == kContextsCount ? 0 : dp.S;
    dp.kcap = cap < total ? cap : total;
    return WSP_OK;
}

void place_arrays(Dp &dp, void *tables, const Layout &l) {
    dp.tab = place<uint64_t>(tables, l.tab);
    dp.add = place<uint64_t>(tables, l.add);
    dp.btab = place<uint64_t>(tables, l.btab);
    dp.kw = place<uint64_t>(tables, l.kw);
    dp.full = place<uint64_t>(tables, l.full);
    dp.kd = place<uint64_t>(tables, l.kd);
    dp.cd = place<uint32_t>(tables, l.cd);
    dp.bkd = place<uint64_t>(tables, l.bkd);
    dp.bcd = place<uint32_t>(tables, l.bcd);
    dp.cnt = place<uint32_t>(tables, l.cnt);
    dp.stack = place<Target>(tables, l.stack);
    dp.mark = place<uint8_t>(tables, l.mark);
    dp.cells = place<uint64_t>(tables, l.cells);
}

// The tables: the per-node arrays first (their offsets do not depend on the cell count), planned,
// then the whole size checked and the cells placed after them.
WSP_PWS_NOINLINE wsp_status place_tables(Dp &dp, void *tables, size_t tables_size, wsp_diag *diag) {
    const Layout per_node = layout(dp.n, 0);
    wsp_status st = check_workspace(tables, tables_size, bytes_layout(per_node.total), diag);
    if (st != WSP_OK) return st;
    place_arrays(dp, tables, per_node);
    uint64_t cells = 0;
    if ((st = dp.plan(&cells, diag)) != WSP_OK) return st;
    const Layout l = layout(dp.n, cells);
    if ((st = check_workspace(tables, tables_size, bytes_layout(l.total), diag)) != WSP_OK) return st;
    dp.cells = place<uint64_t>(tables, l.cells);
    return WSP_OK;
}

// The size query: the per-node arrays planned in the scratch's spare part.
WSP_PWS_NOINLINE wsp_status plan_size(Dp &dp, void *spare, uint64_t *bytes, wsp_diag *diag) {
    place_arrays(dp, spare, layout(dp.n, 0));
    uint64_t cells = 0;
    const wsp_status st = dp.plan(&cells, diag);
    if (st == WSP_OK) *bytes = layout(dp.n, cells).total;
    return st;
}

// The objective at every entry of the entry's table: the least kernel WCET (then the least E_WF).
WSP_PWS_NOINLINE bool choose(const Dp &dp, const SplitProblem &problem, Target *best, wsp_pws_wcet *best_k) {
    const uint32_t x = dp.s.entry;
    bool have = false;
    for (uint64_t k = 0; k < dp.kd[x]; ++k)
        for (uint32_t c = 0; c < dp.cd[x]; ++c)
            for (uint32_t f = 0; f < 2; ++f) {
                const uint64_t v = dp.G(x, k, c, f);
                if (v == kInf || c + f > dp.S) continue;
                const Wavefront w{v, dp.full[x], k, c + f, dp.S > 0 ? dp.weighted_branches : 0};
                wsp_pws_wcet kern{};
                if (kernel_times(problem.params, w, problem.contexts_mode, &kern, nullptr) != WSP_OK) continue;
                if (!have || kern.kernel_pws < best_k->kernel_pws ||
                    (kern.kernel_pws == best_k->kernel_pws && kern.wf_pws < best_k->wf_pws)) {
                    have = true;
                    *best = Target{k, v, x, c, f};
                    *best_k = kern;
                }
            }
    return have;
}

// The chosen set's own numbers (|SB| with multiplicity, contexts), checked against the optimum.
WSP_PWS_NOINLINE wsp_status finish(Dp &dp, const SplitProblem &problem, const Target &best,
                                   const wsp_pws_wcet &best_k, const uint8_t *selected, SplitChoice *out,
                                   wsp_diag *diag) {
    SplitChoice r{};
    r.pruned = best.value;
    r.full = dp.full[dp.s.entry];
    for (uint32_t v = 0; v <= dp.n; ++v) dp.mark[v] = 0;
    for (uint32_t v = 0; v < dp.n; ++v) {
        if (!selected[v]) continue;
        ++r.selected;
        r.splits += dp.weight(v);
        if (!dp.mark[dp.s.ctx[v]]) {
            dp.mark[dp.s.ctx[v]] = 1;
            ++r.contexts;
        }
    }
    const Wavefront w{r.pruned, r.full, r.splits, r.contexts, dp.S > 0 ? dp.weighted_branches : 0};
    const wsp_status st = kernel_times(problem.params, w, problem.contexts_mode, &r.kernel, diag);
    if (st != WSP_OK) return st;
    if (r.kernel.kernel_pws != best_k.kernel_pws || r.contexts != best.c + best.f)
        return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE,
                    "optimal split: the rebuilt split set does not give the optimum");
    *out = r;
    return ok(diag);
}

// After the tables: the best entry, the split set behind it, its numbers.
WSP_PWS_NOINLINE wsp_status conclude(Dp &dp, const SplitProblem &problem, uint8_t *selected, SplitChoice *out,
                                     wsp_diag *diag) {
    Target best{};
    wsp_pws_wcet best_k{};
    if (!choose(dp, problem, &best, &best_k)) {  // no set is evaluable: the parameters are wrong
        const uint32_t x = dp.s.entry;
        const Wavefront w{dp.full[x], dp.full[x], 0, 0, dp.S > 0 ? dp.weighted_branches : 0};
        const wsp_status st = kernel_times(problem.params, w, problem.contexts_mode, &best_k, diag);
        return st != WSP_OK ? st : fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "optimal split: no split set is evaluable");
    }
    const wsp_status st = dp.rebuild(best, selected, diag);
    return st != WSP_OK ? st : finish(dp, problem, best, best_k, selected, out, diag);
}

}  // namespace

WSP_PWS_NOINLINE uint64_t split_scratch(uint32_t n, uint32_t m) {
    return workspace_needed(n, m) + layout(n, 0).total;
}

wsp_status split_workspace(const SplitProblem &problem, void *scratch, size_t scratch_size, uint64_t *bytes,
                           wsp_diag *diag) {
    if (bytes == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    if (problem.cfg == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE, "no CFG");
    const uint64_t structure_bytes = workspace_needed(problem.cfg->node_count, problem.cfg->edge_count);
    wsp_status st = check_workspace(
        scratch, scratch_size, bytes_layout(split_scratch(problem.cfg->node_count, problem.cfg->edge_count)), diag);
    if (st != WSP_OK) return st;
    Dp dp{};
    if ((st = setup(problem, scratch, structure_bytes, dp, diag)) != WSP_OK) return st;
    if ((st = plan_size(dp, static_cast<unsigned char *>(scratch) + structure_bytes, bytes, diag)) != WSP_OK)
        return st;
    return ok(diag);
}

wsp_status split_optimal(const SplitProblem &problem, void *scratch, size_t scratch_size, void *tables,
                         size_t tables_size, uint8_t *selected, SplitChoice *out, wsp_diag *diag) {
    if (selected == nullptr || out == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    Dp dp{};
    wsp_status st = setup(problem, scratch, scratch_size, dp, diag);
    if (st != WSP_OK) return st;
    if ((st = place_tables(dp, tables, tables_size, diag)) != WSP_OK) return st;
    dp.forward();

    return conclude(dp, problem, selected, out, diag);
}

}  // namespace pws
}  // namespace wsp
