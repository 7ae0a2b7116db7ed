// The exact worst-case makespan T(W) (new; the papers could only reach it through an ILP).
//
// T(W) is the longest path from "all warps at 0" to "all finished" in the acyclic graph of states and
// work-conserving transitions (exact/frame.hpp): every cycle is one transition. The search answers
// "is T(W) >= x?" for x descending from the safe bound (a probe). A probe is a depth-first search
// that enters a state at depth d only if its proven bound on the remaining cycles is at least x - d;
// when it refutes a state it stores the improved bound 1 + max over the children's bounds, which is
// proven for every later probe too. A refuted probe at x proves T(W) <= (its root bound) < x, so the
// upper end of the bracket only falls; a probe that reaches depth x holds a path of makespan >= x,
// which the witness records. Since x starts at a proven bound and each refutation proves the next,
// the first path found has makespan exactly the current upper bound: that is T(W).
//
// Workspace: suffix counts for the state bound, the search stack (one frame per depth up to the safe
// bound, plus two for completing a path), a key buffer, warp positions for the witness, and the
// state table, which takes the rest. When the search ends the table's memory is reused to decode and
// validate the witness.
#include "exact/path_witness.hpp"
#include "exact/state_bound.hpp"
#include "exact/state_table.hpp"
#include "model/problem.hpp"
#include "schedule/witness_check.hpp"
#include "schedule/workspace_sizes.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

constexpr uint64_t kMinEntries = 16;
constexpr uint64_t kDefaultProgressInterval = 65536;


struct ExactLayout {
    uint32_t horizon;     // safe bound on T(W): the deepest a path goes
    uint32_t max_groups;  // min(W, I)
    KeyFormat key;
    uint64_t frame_bytes;
    uint64_t frames;      // horizon + 3
    uint64_t suffix_at, frames_at, key_at, position_at, region_at;
    uint64_t decode_bytes;  // the decoder's part of the witness check (also decodes `initial`)
    uint64_t region_min;  // the region must hold the witness check and kMinEntries states

    uint64_t bytes_for(uint64_t states) const {
        const uint64_t table = StateTable::bytes_for(key, states);
        return region_at + (table > region_min ? table : region_min);
    }
};

ExactLayout exact_layout(const wsp_problem &p) {
    ExactLayout l;
    wsp_bounds b;
    wsp_bounds_compute(&p, &b);
    const uint64_t W = p.warps;
    l.horizon = static_cast<uint32_t>(b.upper);
    l.max_groups = p.warps < p.length ? p.warps : p.length;
    l.key = KeyFormat::for_problem(p.warps, p.length);
    l.frame_bytes = align_workspace(Frame::bytes(l.max_groups));
    l.frames = uint64_t{l.horizon} + 3u;
    l.suffix_at = 0;
    l.frames_at = l.suffix_at + align_workspace(StateBound::bytes(p.length));
    l.key_at = l.frames_at + l.frames * l.frame_bytes;
    l.position_at = l.key_at + align_workspace(4u * uint64_t{l.key.words});
    l.region_at = l.position_at + align_workspace(4u * W);
    l.decode_bytes = align_workspace(decoder_bytes(p));
    const uint64_t check = witness_check_bytes(p);
    const uint64_t table = StateTable::bytes_for(l.key, kMinEntries);
    l.region_min = check > table ? check : table;
    return l;
}

enum class Probe { kFail, kFound, kBudget, kMemory, kCancelled };

class Search {
public:
    Search(const wsp_problem &p, const ExactLayout &l, uint8_t *ws, uint64_t table_bytes,
           const wsp_exact_options &o, uint32_t *witness)
        : p_(p), l_(l), ws_(ws), o_(o), witness_(witness),
          bound_(p, reinterpret_cast<uint32_t *>(ws + l.suffix_at)),
          key_(reinterpret_cast<uint32_t *>(ws + l.key_at)),
          table_(ws + l.region_at, table_bytes, l.key),
          interval_(o.progress_interval != 0 ? o.progress_interval : kDefaultProgressInterval) {}

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
        return table_.insert(*slot, key_, l_.horizon);
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
            const uint32_t slot = table_.find(key_, &found);
            if (!found && (g == StateTable::Grown::kRehashed || !table_.insert(slot, key_, f.header().ub)))
                return false;
            f.header().slot = slot;
        }
        return true;
    }

    wsp_exact_progress progress(uint32_t lower, uint32_t upper) const {
        wsp_exact_progress pr;
        pr.lower = lower;
        pr.upper = upper;
        pr.expanded = expanded_;
        pr.stored = table_.used();
        pr.capacity = table_.capacity();
        return pr;
    }

    uint64_t expanded() const { return expanded_; }
    const StateTable &table() const { return table_; }
    uint32_t known_lower = 0;  // witnessed, for progress reports

private:
    // Counts one expansion; false (with *why) when the budget or the callback says stop.
    bool charge(uint32_t theta, Probe *why) {
        ++expanded_;
        if (o_.max_expansions != 0 && expanded_ >= o_.max_expansions) {
            *why = Probe::kBudget;
            return false;
        }
        if (o_.progress != nullptr && expanded_ % interval_ == 0) {
            const wsp_exact_progress pr = progress(known_lower, theta);
            if (o_.progress(o_.context, &pr) != 0) {
                *why = Probe::kCancelled;
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
    StateTable table_;
    uint64_t interval_;
    uint64_t expanded_ = 0;
};

// One probe: is there a path of makespan >= theta? A frame at depth d has need = theta - d, the
// cycles a path through it must still take. A child (need - 1) whose bound is below need - 1 is
// refuted unseen; a child through which every path is long enough (need - 1 <= 1 when it has work
// left, <= 0 when it is finished) ends the probe with a witness; any other child is entered. Hence
// every entered frame has need >= 2 and a bound >= need, and depth <= theta - 2.
Probe Search::probe(uint32_t theta, uint32_t *root_slot, uint32_t *root_bound,
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
        if (!f.next_transition()) {
            // Every child refuted: the state has at most 1 + the largest child bound left.
            const uint32_t ub = h.best < h.ub ? h.best : h.ub;
            table_.lower_bound_to(h.slot, ub);
            if (sp == 0) {
                *root_slot = h.slot;  // growth may have moved it
                *root_bound = ub;
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
        uint32_t ub = bound_(child);
        bool found = false;
        uint32_t slot = StateTable::kNoSlot;
        if (ub + 1u >= need) {
            l_.key.encode(child, p_.warps, p_.length, key_);
            slot = table_.find(key_, &found);
            if (found && table_.bound(slot) < ub) ub = table_.bound(slot);
        }
        if (ub + 1u < need) {
            if (ub + 1u > h.best) h.best = ub + 1u;
            continue;
        }
        if (!found && table_.full()) {
            if (!grow(sp)) return Probe::kMemory;
            l_.key.encode(child, p_.warps, p_.length, key_);  // the stack's keys used the buffer
            slot = table_.find(key_, &found);
        }
        if (!found && !table_.insert(slot, key_, ub)) return Probe::kMemory;
        if (!charge(theta, &why)) return why;
        FrameHeader &ch = child.header();
        ch.slot = slot;
        ch.ub = ub;
        ch.best = 0;
        child.prepare(p_);
        ++sp;
    }
}

wsp_status internal(wsp_diag *diag, const char *what) { return fail(diag, WSP_ERR_INTERNAL, what); }

// Decode and validate the witness in the (now free) table region; its makespan must be `lower`.

}  // namespace
}  // namespace wsp

extern "C" size_t wsp_exact_workspace_size(const wsp_problem *p, uint64_t states) {
    if (!wsp::valid(p)) return 0;
    return wsp::workspace_bytes(wsp::exact_layout(*p).bytes_for(states));
}

extern "C" wsp_status wsp_exact_solve(const wsp_problem *p, const wsp_exact_options *options,
                                      void *workspace, size_t workspace_size, uint32_t *witness,
                                      size_t witness_length, wsp_exact_result *result,
                                      wsp_diag *diag) {
    using namespace wsp;
    if (p == nullptr || witness == nullptr || result == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem, witness buffer or result");
    if (!valid(p)) return fail(diag, WSP_ERR_INVALID_HANDLE, "the problem handle is not valid");
    const wsp_exact_options none = {0, nullptr, 0, nullptr, nullptr, 0};
    const wsp_exact_options &o = options != nullptr ? *options : none;
    const uint64_t cells = uint64_t{p->warps} * p->length;
    if (witness_length != cells) {
        DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
        scope.message.text("the witness buffer holds ").number(witness_length)
            .text(" warp ids but W*I = ").number(cells);
        return WSP_ERR_WITNESS_LENGTH;
    }
    const ExactLayout l = exact_layout(*p);
    wsp_status st = check_workspace(workspace, workspace_size, l.bytes_for(0), diag);
    if (st != WSP_OK) return st;
    uint8_t *ws = static_cast<uint8_t *>(workspace);
    const uint64_t region = workspace_size - l.region_at;

    // A caller's schedule is checked before the table takes its memory.
    uint32_t initial = 0;
    if (o.initial != nullptr) {
        if (o.initial_length != cells) {
            DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
            scope.message.text("the initial schedule holds ").number(o.initial_length)
                .text(" warp ids but W*I = ").number(cells);
            return WSP_ERR_WITNESS_LENGTH;
        }
        st = wsp_decode(p, o.initial, o.initial_length, ws + l.region_at,
                        static_cast<size_t>(l.decode_bytes), nullptr, nullptr, &initial, diag);
        if (st != WSP_OK) return st;
    }

    // The starting lower bound: the caller's schedule (which may be the witness buffer itself),
    // else the path that takes the first transition out of every state.
    Search search(*p, l, ws, region, o, witness);
    uint32_t lower = initial;
    if (o.initial != nullptr) {
        if (o.initial != witness)
            for (size_t k = 0; k < cells; ++k) witness[k] = o.initial[k];
    } else {
        lower = search.dive();
    }
    uint32_t upper = l.horizon;
    if (lower > upper) return internal(diag, "a schedule is longer than the proven bound");
    search.known_lower = lower;

    result->status = WSP_EXACT_OPTIMAL;
    result->probes = 0;
    uint32_t root_slot = 0;
    if (lower < upper && !search.insert_root(&root_slot)) result->status = WSP_EXACT_MEMORY;
    while (result->status == WSP_EXACT_OPTIMAL && lower < upper) {
        ++result->probes;
        uint32_t bound = 0, makespan = 0;
        switch (search.probe(upper, &root_slot, &bound, &makespan)) {
        case Probe::kFail:
            if (bound >= upper) return internal(diag, "a refuted probe did not lower the bound");
            upper = bound;
            break;
        case Probe::kFound:
            if (makespan != upper)
                return internal(diag, "a probe found a schedule off its proven bound");
            lower = makespan;
            search.known_lower = lower;
            break;
        case Probe::kBudget: result->status = WSP_EXACT_BUDGET; break;
        case Probe::kMemory: result->status = WSP_EXACT_MEMORY; break;
        case Probe::kCancelled: result->status = WSP_EXACT_CANCELLED; break;
        }
    }
    if (lower > upper) return internal(diag, "the witness is longer than the proven bound");
    result->lower = lower;
    result->upper = upper;
    result->expanded = search.expanded();
    result->stored = search.table().used();
    result->capacity = search.table().capacity();
    st = check_witness(*p, ws + l.region_at, witness, static_cast<size_t>(cells), lower, "exact solver",
                       diag);
    if (st != WSP_OK) return st;
    clear(diag);
    return WSP_OK;
}
