// The exact search's probe (exact.cpp explains the method), written once for two tables: the core's
// single-threaded StateTable (exact.cpp) and the host's shared table that several threads search at
// once (host/exact). `Hooks` says in which order a frame's transitions are taken and when to stop:
// the core takes them in the frame's lexicographic order; the host's helper threads rotate that
// order so that they refute other parts of the graph than the main thread, and stop when it moves
// on. A probe's answer does not depend on the order: a refutation holds for every child, and a
// probe that finds a path finds the first one in lexicographic order of the cycles, since bounds
// only prune subtrees without a path long enough (see probe()).
#ifndef WSP_EXACT_SEARCH_HPP
#define WSP_EXACT_SEARCH_HPP

#include "bounds/upper.hpp"
#include "exact/path_witness.hpp"
#include "exact/state_bound.hpp"
#include "exact/state_table.hpp"
#include "model/problem.hpp"
#include "schedule/witness_check.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "util/workspace.hpp"

namespace wsp {

constexpr uint64_t kMinEntries = 16;

// WSP_EXACT_WORKSPACE_SIZE(W, I, states) bounds the layout below (util/workspace.hpp: a part of b
// bytes takes at most b + 7, exactly b when 8 divides b). With h <= W I the horizon (the proven upper
// bound), g = min(W, I) and k = ceil(W b / 4) <= W key words (b <= 4 bytes a position), the parts
// take: suffix counts 16 (I + 1); h + 3 frames of align8(Frame::bytes(g)) <= 104 + 16 g bytes each
// (the static_asserts pin this); the key at most 4 W + 4 and the positions at most 4 W + 4; the
// region max(table(states), table(16), check), with table(s) <= 4 (k + 1) (s + s/7 + 2) + 4 and the
// witness check at most 28 W I + 12 W + 64 (anneal.cpp). So max(table(states), table(16)) <=
// 4 (W + 1) (states + states/7 + 20) + 4, and with max(x, c) <= x + c the total is at most
// (W I + 3)(104 + 16 g) + 28 W I + 16 I + 20 W + 4 (W + 1)(states + states/7 + 20) + 92.
static_assert(sizeof(FrameHeader) + 4u <= 104u && (sizeof(FrameHeader) + 7u) / 8u * 8u <= 104u,
              "a frame outgrew WSP_EXACT_WORKSPACE_SIZE");
static_assert(sizeof(FrameHeader) % 4u == 0, "frame arrays must stay 32-bit aligned");

struct ExactLayout {
    uint32_t horizon;     // safe bound on T(W): the deepest a path goes
    uint32_t max_groups;  // min(W, I)
    KeyFormat key;
    uint64_t frame_bytes;
    uint64_t frames;      // horizon + 3
    size_t suffix_at, frames_at, key_at, position_at, region_at;
    WorkspaceLayout stack;       // the parts before the region: one searcher's own memory
    WorkspaceLayout region_min;  // the region holds the witness check (whose decoder part decodes
                                 // `initial` first) and kMinEntries states

    WorkspaceLayout for_states(uint64_t states) const {
        WorkspaceLayout region = StateTable::layout_for(key, states);
        region.cover(region_min);
        WorkspaceLayout l = stack;
        l.add(region);
        return l;
    }
};

inline ExactLayout exact_layout(const wsp_problem &p) {
    ExactLayout l;
    l.horizon = static_cast<uint32_t>(proven_upper(p));
    l.max_groups = p.warps < p.length ? p.warps : p.length;
    l.key = KeyFormat::for_problem(p.warps, p.length);
    l.frame_bytes = align_workspace(Frame::bytes(l.max_groups));
    l.frames = uint64_t{l.horizon} + 3u;
    l.suffix_at = l.stack.add<uint32_t>(StateBound::words(p.length));
    l.frames_at = l.stack.place(static_cast<uint32_t>(l.frame_bytes), l.frames);
    l.key_at = l.stack.add<uint32_t>(l.key.words);
    l.position_at = l.stack.add<uint32_t>(p.warps);
    l.region_at = l.stack.bytes();
    l.region_min = witness_check_layout(p);
    l.region_min.cover(StateTable::layout_for(l.key, kMinEntries));
    return l;
}

enum class Probe { kFail, kFound, kBudget, kMemory, kStopped };

// The core's hooks: transitions in the frame's own order, nothing else to stop for, no other
// searcher. next() moves a frame to its next transition (false when none is left); stop() is asked
// at every expansion; probing(theta) is told when the driver starts a probe; refuted_elsewhere() is
// asked after a probe the hooks stopped: true when another searcher refuted it (the root's bound in
// the table is then below theta).
struct NaturalOrder {
    bool next(Frame &f, uint32_t /*depth*/) const { return f.next_transition(); }
    bool stop() const { return false; }
    void probing(uint32_t /*theta*/) const {}
    bool refuted_elsewhere() const { return false; }
};

// One searcher: its own stack of frames in `ws` (laid out by `l`), the table it shares or owns.
// Table: find(key, &found), insert(slot, key, ub) (may move `slot` when it takes a reference),
// bound(slot), lower_bound_to(slot, ub), full(), grow(), used(), capacity().
template <class Table, class Hooks>
class Search {
public:
    Search(const wsp_problem &p, const ExactLayout &l, uint8_t *ws, Table &table, const wsp_exact_options &o,
           uint32_t *witness, Hooks &hooks)
        : p_(p), l_(l), ws_(ws), o_(o), witness_(witness),
          bound_(p, reinterpret_cast<uint32_t *>(ws + l.suffix_at)),
          key_(reinterpret_cast<uint32_t *>(ws + l.key_at)),
          table_(table), hooks_(hooks),
          interval_(progress_interval(o.control)) {}

    Frame frame(uint64_t depth) const {
        return Frame(ws_ + l_.frames_at + depth * l_.frame_bytes, l_.max_groups);
    }

    // Follows the first transition out of every state from `start` (at depth `depth`) to the end,
    // appending each cycle to `path`; returns the makespan. It works in the two spare frames at the
    // top of the stack.
    uint32_t complete(Frame start, uint32_t depth, PathWitness &path) const {
        Frame a = frame(l_.frames - 2u), b = frame(l_.frames - 1u);
        a.copy_state(start);
        while (a.groups() > 0) {
            a.prepare(p_);
            a.next_transition();
            path.step(a);
            a.make_child(b, p_.length);
            Frame t = a;
            a = b;
            b = t;
            ++depth;
        }
        return depth;
    }

    // The path through frames 0..top's current transitions, then the first transitions to the end.
    uint32_t record(uint32_t top, Frame child) const {
        PathWitness path(witness_, reinterpret_cast<uint32_t *>(ws_ + l_.position_at), p_.warps);
        for (uint32_t d = 0; d <= top; ++d) path.step(frame(d));
        return complete(child, top + 1u, path);
    }

    uint32_t dive() const {
        Frame root = frame(0);
        root.set_initial(p_);
        PathWitness path(witness_, reinterpret_cast<uint32_t *>(ws_ + l_.position_at), p_.warps);
        return complete(root, 0, path);
    }

    bool insert_root(uint32_t *slot) {
        Frame root = frame(0);
        root.set_initial(p_);
        l_.key.encode(root, p_.warps, p_.length, key_);
        bool found = false;
        *slot = table_.find(key_, &found);
        return found || table_.insert(*slot, key_, l_.horizon);
    }

    Probe probe(uint32_t theta, uint32_t *root_slot, uint32_t *root_bound, uint32_t *found_makespan);

    // Grows the full table and re-finds (or, if it was emptied, re-inserts with the bound they
    // were entered with) the states of frames 0..top, whose slots moved. False when it cannot grow
    // or the stack alone does not fit.
    bool grow(uint32_t top) {
        const StateTable::Grown g = table_.grow();
        if (g == StateTable::Grown::kNo) return false;
        for (uint32_t d = 0; d <= top; ++d) {
            Frame f = frame(d);
            l_.key.encode(f, p_.warps, p_.length, key_);
            bool found = false;
            uint32_t slot = table_.find(key_, &found);
            if (!found && (g == StateTable::Grown::kRehashed || !table_.insert(slot, key_, f.header().ub)))
                return false;
            f.header().slot = slot;
        }
        return true;
    }

    uint64_t expanded() const { return expanded_; }
    uint32_t stop() const { return stop_; }  // the callback's stop reason after Probe::kStopped
    bool stopped_by_hooks() const { return by_hooks_; }  // after Probe::kStopped: the hooks, not the callback
    const Table &table() const { return table_; }
    uint32_t known_lower = 0;  // witnessed, for progress reports

private:
    // Counts one expansion; false (with *why) when the budget, the hooks or the callback say stop.
    bool charge(uint32_t theta, Probe *why) {
        ++expanded_;
        if (o_.control.budget != 0 && expanded_ >= o_.control.budget) {
            *why = Probe::kBudget;
            return false;
        }
        if (hooks_.stop()) {
            stop_ = WSP_STOP_CANCELLED;
            by_hooks_ = true;
            *why = Probe::kStopped;
            return false;
        }
        if (o_.control.progress != nullptr && expanded_ % interval_ == 0) {
            wsp_progress pr = {};
            pr.work = expanded_;
            pr.budget = o_.control.budget;
            pr.stored = table_.used();
            pr.capacity = table_.capacity();
            pr.lower = known_lower;
            pr.upper = theta;  // refuted probes proved T(W) <= theta
            pr.current = theta;
            stop_ = stop_of(o_.control.progress(o_.control.context, &pr));
            if (stop_ != WSP_STOP_FINISHED) {
                by_hooks_ = false;
                *why = Probe::kStopped;
                return false;
            }
        }
        return true;
    }

    const wsp_problem &p_;
    const ExactLayout &l_;
    uint8_t *ws_;
    const wsp_exact_options &o_;
    uint32_t *witness_;
    StateBound bound_;
    uint32_t *key_;
    Table &table_;
    Hooks &hooks_;
    uint64_t interval_;
    uint64_t expanded_ = 0;
    uint32_t stop_ = WSP_STOP_FINISHED;
    bool by_hooks_ = false;
};

// One probe: is there a path of makespan >= theta? A frame at depth d has need = theta - d, the
// cycles a path through it must still take. A child (need - 1) whose bound is below need - 1 is
// refuted unseen; a child through which every path is long enough (need - 1 <= 1 when it has work
// left, <= 0 when it is finished) ends the probe with a witness; any other child is entered. Hence
// every entered frame has need >= 2 and a bound >= need, and depth <= theta - 2.
//
// With the transitions in lexicographic order the path found is the first, in that order, whose
// prefix reaches the depth that ends the probe: bounds are proven, so they prune no subtree that
// holds such a prefix, and every earlier prefix lacks one. So it does not depend on which bounds the
// table has learnt, nor on who learnt them.
template <class Table, class Hooks>
Probe Search<Table, Hooks>::probe(uint32_t theta, uint32_t *root_slot, uint32_t *root_bound,
                                  uint32_t *found_makespan) {
    Frame root = frame(0);
    root.set_initial(p_);
    root.header().slot = *root_slot;
    root.header().ub = table_.bound(*root_slot);
    root.header().best = 0;
    root.prepare(p_);
    uint32_t sp = 0;
    Probe why = Probe::kFail;
    if (!charge(theta, &why)) return why;
    for (;;) {
        Frame f = frame(sp);
        FrameHeader &h = f.header();
        const uint32_t need = theta - sp;
        if (!hooks_.next(f, sp)) {
            // Every child refuted: the state has at most 1 + the largest child bound left.
            const uint32_t ub = h.best < h.ub ? h.best : h.ub;
            table_.lower_bound_to(h.slot, ub);
            if (sp == 0) {
                *root_slot = h.slot;  // growth may have moved it
                *root_bound = table_.bound(h.slot);  // at most ub; another searcher may know less
                return Probe::kFail;
            }
            --sp;
            FrameHeader &parent = frame(sp).header();
            if (ub + 1u > parent.best) parent.best = ub + 1u;
            continue;
        }
        Frame child = frame(sp + 1u);
        const uint32_t unfinished = f.make_child(child, p_.length);
        // A finished child ends a path of sp+1 cycles; an unfinished one has at least one more.
        if (need <= (unfinished == 0 ? 1u : 2u)) {
            *found_makespan = record(sp, child);
            return Probe::kFound;
        }
        if (unfinished == 0) {
            if (h.best < 1u) h.best = 1u;
            continue;
        }
        uint32_t ub = bound_.quick(child);
        bool found = false;
        uint32_t slot = StateTable::kNoSlot;
        if (ub + 1u >= need) {
            l_.key.encode(child, p_.warps, p_.length, key_);
            slot = table_.find(key_, &found);
            if (found && table_.bound(slot) < ub) ub = table_.bound(slot);
        }
        // The refinements only for a state the quick bound and the table leave open: they cost more,
        // and a refuted child needs none (its bound still lowers the parent's `best`, less tightly).
        if (ub + 1u >= need) ub = bound_.refine(child, ub);
        if (ub + 1u < need) {
            if (ub + 1u > h.best) h.best = ub + 1u;
            continue;
        }
        // A shared table may fill between full() and insert() (other searchers insert too): then it
        // grows and the insert is tried again, as the core's would have grown before it.
        if (!found && table_.full()) {
            if (!grow(sp)) return Probe::kMemory;
            l_.key.encode(child, p_.warps, p_.length, key_);  // the stack's keys used the buffer
            slot = table_.find(key_, &found);
        }
        while (!found && !table_.insert(slot, key_, ub)) {
            if (!grow(sp)) return Probe::kMemory;
            l_.key.encode(child, p_.warps, p_.length, key_);
            slot = table_.find(key_, &found);
        }
        if (!charge(theta, &why)) return why;
        FrameHeader &ch = child.header();
        ch.slot = slot;
        ch.ub = ub;
        ch.best = 0;
        child.prepare(p_);
        ++sp;
    }
}

// The driver: probes from the proven bound down until a probe finds a path (whose makespan is then
// the upper end: T(W)) or a budget stops it with a bracket. The starting lower bound is the caller's
// schedule (`initial`, its makespan; it may be the witness buffer itself), else the path that takes
// the first transition out of every state. Writes the result and *lower_out (the witness's makespan).
template <class Table, class Hooks>
wsp_status run_probes(Search<Table, Hooks> &search, Hooks &hooks, const wsp_problem &p, const ExactLayout &l,
                      const wsp_exact_options &o, uint32_t *witness, uint32_t initial, uint32_t *lower_out,
                      wsp_exact_result *result, wsp_diag *diag) {
    const uint64_t cells = wsp::cells(p);
    uint32_t lower = initial;
    if (o.initial != nullptr) {
        if (o.initial != witness)
            for (size_t k = 0; k < cells; ++k) witness[k] = o.initial[k];
    } else {
        lower = search.dive();
    }
    uint32_t upper = l.horizon;
    wsp_exact_result &r = *result;
    auto broken = [&](const char *what) {  // a proven invariant failed: nothing of the result holds
        zero(result);
        return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, what);
    };
    if (lower > upper) return broken("a schedule is longer than the proven bound");
    search.known_lower = lower;

    r.stop = WSP_STOP_FINISHED;
    uint32_t root_slot = 0;
    if (lower < upper && !search.insert_root(&root_slot)) r.stop = WSP_STOP_MEMORY;
    while (r.stop == WSP_STOP_FINISHED && lower < upper) {
        ++r.probes;
        uint32_t bound = 0, makespan = 0;
        hooks.probing(upper);
        Probe answer = search.probe(upper, &root_slot, &bound, &makespan);
        // A growth in the probe moved the root; its frame has the slot whichever way the probe ended
        // (a stopped probe does not write *root_slot, and a refutation elsewhere reads it below).
        root_slot = search.frame(0).header().slot;
        // Only a stop the hooks asked for: a callback's stop (cancelled, out of time) ends the
        // search even when another searcher refuted the probe meanwhile.
        if (answer == Probe::kStopped && search.stopped_by_hooks() && hooks.refuted_elsewhere()) {
            answer = Probe::kFail;
            bound = search.table().bound(root_slot);
        }
        switch (answer) {
        case Probe::kFail:
            if (bound >= upper) return broken("a refuted probe did not lower the bound");
            upper = bound;
            break;
        case Probe::kFound:
            if (makespan != upper)
                return broken("a probe found a schedule off its proven bound");
            lower = makespan;
            search.known_lower = lower;
            break;
        case Probe::kBudget: r.stop = WSP_STOP_BUDGET; break;
        case Probe::kMemory: r.stop = WSP_STOP_MEMORY; break;
        case Probe::kStopped: r.stop = search.stop(); break;
        }
    }
    r.lower = lower;
    r.upper = upper;
    r.expanded = search.expanded();
    r.stored = search.table().used();
    r.capacity = search.table().capacity();
    if (lower > upper) return broken("the witness is longer than the proven bound");
    *lower_out = lower;
    return WSP_OK;
}

}  // namespace wsp

#endif
