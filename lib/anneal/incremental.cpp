#include "anneal/incremental.hpp"

namespace wsp {

namespace {

// The workspace, carved in this order by the constructor (util/workspace.hpp): each part holds n =
// W*I, n + W, 4 cells, cells or W elements, or the bit sets' words.
enum Part {
    kString, kInstr, kCycle, kPrefixMax, kCycles, kCandInstr, kCandCycle, kCount, kDelta, kDeltaStamp, kTotal,
    kLast, kLastStamp, kDiffers, kDiffersStamp, kUnit, kBlocked, kParts
};
enum Quantity : uint8_t { kN, kNPlusW, kCells4, kCells, kW, kBitWords };
const PartSpec kPartSpecs[kParts] = {
    {kN, 4},      {kN, 4},      {kN, 4},     {kN, 4}, {kNPlusW, 4}, {kN, 4},
    {kN, 4},      {kCells4, 4}, {kCells4, 4}, {kCells4, 4}, {kCells, 4}, {kW, 4},
    {kW, 4},      {kW, 4},      {kW, 4},     {kN, 1}, {kBitWords, 8}};

struct Parts {
    size_t at[kParts];
    uint64_t cells;  // cycles 1..horizon and a sentinel that stays free
    uint64_t words;  // 64-bit words of one bit set over the cells
    WorkspaceLayout layout;
};

Parts parts(const wsp_problem &p, uint32_t horizon) {
    Parts s;
    const uint64_t n = uint64_t{p.warps} * p.length;
    s.cells = uint64_t{horizon} + 2u;
    s.words = (s.cells + 63u) / 64u;
    const uint64_t quantities[] = {n, n + p.warps, WSP_UNIT_COUNT * s.cells, s.cells, p.warps,
                                   (WSP_UNIT_COUNT + 1u) * s.words};
    s.layout.place_all(kPartSpecs, kParts, quantities, s.at);
    return s;
}

}  // namespace

// The occupancy table as local values: the hot loops copy it out of the object so that the compiler
// keeps the pointers in registers instead of reloading them after every store (the stores could
// otherwise alias the object's members).
struct IncrementalDecoder::Table {
    uint32_t *__restrict count;    // count[t * 4 + u]
    uint32_t *__restrict total;    // total[t]
    // Bit sets over cycles, `words` 64-bit words each: one per unit type (its count is sigma) and
    // one for the scheduler limit (reached). Type u cannot issue in t when either bit is set.
    uint64_t *__restrict blocked;
    uint32_t words;
    uint32_t schedulers;  // 0: no limit (the scheduler set stays empty)
    uint32_t sigma[WSP_UNIT_COUNT];

    // Branch-free: which bits change depends on the data, and mispredicted branches dominated here.
    void take(uint32_t t, uint32_t u) {
        const uint32_t c = ++count[t * WSP_UNIT_COUNT + u];
        const uint32_t m = ++total[t];
        const uint32_t w = t >> 6, bit = t & 63u;
        blocked[u * words + w] |= uint64_t{c == sigma[u]} << bit;
        blocked[WSP_UNIT_COUNT * words + w] |= uint64_t{m == schedulers} << bit;
    }

    // After one instruction leaves cycle t, neither its type nor the scheduler limit is full there.
    void untake(uint32_t t, uint32_t u) {
        --count[t * WSP_UNIT_COUNT + u];
        --total[t];
        const uint32_t w = t >> 6;
        const uint64_t keep = ~(uint64_t{1} << (t & 63u));
        blocked[u * words + w] &= keep;
        blocked[WSP_UNIT_COUNT * words + w] &= keep;
    }

    // The earliest cycle >= t with room for a `u` instruction. Cycle horizon + 1 is never blocked
    // (no placement reaches it), so the scan stops there at the latest.
    uint32_t earliest(uint32_t t, uint32_t u) const {
        const uint64_t *unit = blocked + u * words;
        const uint64_t *limit = blocked + WSP_UNIT_COUNT * words;
        uint32_t w = t >> 6;
        uint64_t free = ~(unit[w] | limit[w]) & (~uint64_t{0} << (t & 63u));
        while (free == 0) {
            ++w;
            free = ~(unit[w] | limit[w]);
        }
        return (w << 6) + static_cast<uint32_t>(__builtin_ctzll(free));
    }
};

IncrementalDecoder::Table IncrementalDecoder::table() const {
    Table tab;
    tab.count = count_;
    tab.total = total_;
    tab.blocked = blocked_;
    tab.words = words_;
    tab.schedulers = schedulers_;
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) tab.sigma[u] = sigma_[u];
    return tab;
}

WorkspaceLayout IncrementalDecoder::layout(const wsp_problem &p, uint32_t horizon) {
    return parts(p, horizon).layout;
}

IncrementalDecoder::IncrementalDecoder(const wsp_problem &p, uint32_t horizon, void *storage,
                                       bool incremental)
    : units_(p.units()), schedulers_(p.schedulers), warps_(p.warps), length_(p.length),
      n_(p.warps * p.length), horizon_(horizon), incremental_(incremental), prefix_(0), stamp_(0),
      makespan_(0), candidate_makespan_(0), a_(0), b_(0), from_(0), end_(0),
      decoded_(0) {
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) sigma_[u] = p.sigma[u];
    const Parts s = parts(p, horizon);
    string_ = carve<uint32_t>(storage, s.at[kString]);
    instr_ = carve<uint32_t>(storage, s.at[kInstr]);
    cycle_ = carve<uint32_t>(storage, s.at[kCycle]);
    prefix_max_ = carve<uint32_t>(storage, s.at[kPrefixMax]);
    cycles_ = carve<uint32_t>(storage, s.at[kCycles]);
    cand_instr_ = carve<uint32_t>(storage, s.at[kCandInstr]);
    cand_cycle_ = carve<uint32_t>(storage, s.at[kCandCycle]);
    count_ = carve<uint32_t>(storage, s.at[kCount]);
    delta_ = carve<int32_t>(storage, s.at[kDelta]);
    delta_stamp_ = carve<uint32_t>(storage, s.at[kDeltaStamp]);
    total_ = carve<uint32_t>(storage, s.at[kTotal]);
    last_ = carve<uint32_t>(storage, s.at[kLast]);
    last_stamp_ = carve<uint32_t>(storage, s.at[kLastStamp]);
    differs_ = carve<uint32_t>(storage, s.at[kDiffers]);
    differs_stamp_ = carve<uint32_t>(storage, s.at[kDiffersStamp]);
    unit_ = carve<uint8_t>(storage, s.at[kUnit]);
    words_ = static_cast<uint32_t>(s.words);
    blocked_ = carve<uint64_t>(storage, s.at[kBlocked]);
    for (uint64_t c = 0; c < WSP_UNIT_COUNT * s.cells; ++c) delta_stamp_[c] = 0;
    for (uint32_t w = 0; w < warps_; ++w) last_stamp_[w] = differs_stamp_[w] = 0;
}

void IncrementalDecoder::next_stamp() {
    if (++stamp_ != 0) return;
    // After 2^32 candidates the stamps wrap: forget them all once.
    for (uint64_t c = 0; c < WSP_UNIT_COUNT * (uint64_t{horizon_} + 2u); ++c) delta_stamp_[c] = 0;
    for (uint32_t w = 0; w < warps_; ++w) last_stamp_[w] = differs_stamp_[w] = 0;
    stamp_ = 1;
}

void IncrementalDecoder::clear_table() {
    const uint64_t cells = uint64_t{horizon_} + 2u;
    for (uint64_t c = 0; c < WSP_UNIT_COUNT * cells; ++c) count_[c] = 0;
    for (uint64_t t = 0; t < cells; ++t) total_[t] = 0;
    for (uint64_t w = 0; w < (WSP_UNIT_COUNT + 1u) * uint64_t{words_}; ++w) blocked_[w] = 0;
    prefix_ = 0;
}

// The table holds positions 0..to-1 afterwards.
void IncrementalDecoder::move_prefix(uint32_t to) {
    Table tab = table();
    for (; prefix_ < to; ++prefix_) tab.take(cycle_[prefix_], unit_[prefix_]);
    for (; prefix_ > to; --prefix_) tab.untake(cycle_[prefix_ - 1u], unit_[prefix_ - 1u]);
}

uint32_t IncrementalDecoder::reset(const uint32_t *string) {
    clear_table();
    Table tab = table();
    // last_ counts each warp's instructions so far while the string is read.
    for (uint32_t w = 0; w < warps_; ++w) {
        last_[w] = 0;
        cycles_[w * (length_ + 1u)] = 0;  // "instruction -1" issues in cycle 0
    }
    uint32_t end = 0;
    for (uint32_t k = 0; k < n_; ++k) {
        const uint32_t w = string[k] - 1u;
        const uint32_t i = last_[w]++;
        const uint32_t u = units_[i];
        const uint32_t t = tab.earliest(cycles_[w * (length_ + 1u) + i] + 1u, u);
        if (t > horizon_) return 0;
        tab.take(t, u);
        string_[k] = w;
        instr_[k] = i;
        cycle_[k] = t;
        unit_[k] = static_cast<uint8_t>(u);
        cycles_[w * (length_ + 1u) + i + 1u] = t;
        if (t > end) end = t;
        prefix_max_[k] = end;
        prefix_ = k + 1u;
    }
    next_stamp();  // last_ holds counts, not cycles: no stamp may vouch for it
    makespan_ = end;
    return end;
}

uint32_t IncrementalDecoder::try_swap(uint32_t a, uint32_t b) {
    next_stamp();
    const uint32_t from = incremental_ ? a : 0u;
    if (incremental_)
        move_prefix(a);
    else
        clear_table();
    Table tab = table();
    const uint32_t stamp = stamp_, n = n_, stride = length_ + 1u;
    const uint32_t *__restrict string = string_;
    const uint32_t *__restrict instr = instr_;
    const uint32_t *__restrict cycle = cycle_;
    const uint8_t *__restrict unit = unit_;
    const uint32_t *__restrict cycles = cycles_;
    const uint8_t *__restrict units = units_;
    uint32_t *__restrict cand_cycle = cand_cycle_;
    uint32_t *__restrict cand_instr = cand_instr_;
    uint32_t *__restrict last = last_;
    uint32_t *__restrict last_stamp = last_stamp_;
    int32_t *__restrict delta = delta_;
    uint32_t *__restrict delta_stamp = delta_stamp_;
    uint32_t *__restrict differs = differs_;
    uint32_t *__restrict differs_stamp = differs_stamp_;
    const uint32_t horizon = horizon_;
    const uint32_t w1 = string[a], w2 = string[b];
    a_ = a;
    b_ = b;
    from_ = from;
    uint32_t high = 0, nonzero = 0, differing = 0;
    // A cycle past the proven bound is a broken invariant: undo positions from..k-1 and report 0.
    auto abandon = [&](uint32_t k) -> uint32_t {
        end_ = k;
        remove_candidate();
        return 0;
    };

    // Places instruction i of warp x at position k of the candidate; returns its cycle.
    auto place = [&](uint32_t k, uint32_t x, uint32_t i) -> uint32_t {
        const uint32_t u = units[i];
        const uint32_t previous = last_stamp[x] == stamp ? last[x] : cycles[x * stride + i];
        const uint32_t t = tab.earliest(previous + 1u, u);
        if (t > horizon) return t;  // never taken: the caller abandons the candidate
        tab.take(t, u);
        cand_cycle[k] = t;
        cand_instr[k] = i;
        last[x] = t;
        last_stamp[x] = stamp;
        high = t > high ? t : high;
        return t;
    };
    // Counts the cells (cycle, unit) where the candidate's table and the current string's differ.
    auto bump = [&](uint32_t cell, int32_t by) {
        const int32_t before = delta_stamp[cell] == stamp ? delta[cell] : 0;
        const int32_t after = before + by;
        delta_stamp[cell] = stamp;
        delta[cell] = after;
        nonzero = nonzero + (after != 0) - (before != 0);
    };
    // Counts the warps whose last cycle differs between the candidate and the current string.
    auto set_differs = [&](uint32_t warp, uint32_t d) {
        const uint32_t before = differs_stamp[warp] == stamp ? differs[warp] : 0u;
        differs_stamp[warp] = stamp;
        differs[warp] = d;
        differing = differing + d - before;
    };
    // Both tables gain one instruction at position k: the candidate's (t, u), the current's.
    auto compare = [&](uint32_t k, uint32_t t, uint32_t u) {
        bump(t * WSP_UNIT_COUNT + u, 1);
        bump(cycle[k] * WSP_UNIT_COUNT + unit[k], -1);
    };

    uint32_t k = from;
    for (; k < a; ++k)  // the plain method only
        if (place(k, string[k], instr[k]) > horizon) return abandon(k);
    // Instruction indices in the candidate: w1's next occurrence after a takes the index w1 had at
    // a; w2 at a takes the index of its first occurrence after a in the current string.
    uint32_t next1 = instr[a], next2 = instr[b];
    for (uint32_t j = a + 1u; j < b; ++j) next2 -= (string[j] == w2);
    // Position a: w2 placed one more instruction, w1 one fewer, so both differ until b.
    uint32_t t = place(a, w2, next2++);
    if (t > horizon) return abandon(a);
    uint32_t old_last1 = cycle[a], new_last2 = t;
    if (incremental_) {
        compare(a, t, units[cand_instr[a]]);
        set_differs(w1, 1);
        set_differs(w2, 1);
    }
    for (k = a + 1u; k < b; ++k) {
        const uint32_t x = string[k];
        const uint32_t i = x == w1 ? next1++ : x == w2 ? next2++ : instr[k];
        t = place(k, x, i);
        if (t > horizon) return abandon(k);
        if (!incremental_) continue;
        compare(k, t, units[i]);
        set_differs(x, t != cycle[k]);
        old_last1 = x == w1 ? cycle[k] : old_last1;
        new_last2 = x == w2 ? t : new_last2;
    }
    t = place(b, w1, next1);
    if (t > horizon) return abandon(b);
    if (incremental_) {
        compare(b, t, units[next1]);
        set_differs(w1, t != old_last1);
        set_differs(w2, new_last2 != cycle[b]);
    }
    // From b on the warps' instruction counts agree: stop as soon as the rest does too.
    bool converged = incremental_ && nonzero == 0 && differing == 0;
    for (k = b + 1u; k < n && !converged; ++k) {
        const uint32_t x = string[k], i = instr[k];
        t = place(k, x, i);
        if (t > horizon) return abandon(k);
        if (!incremental_) continue;
        compare(k, t, units[i]);
        set_differs(x, t != cycle[k]);
        converged = nonzero == 0 && differing == 0;
    }
    end_ = converged ? k : n;
    decoded_ += end_ - from;
    if (converged) {
        candidate_makespan_ = makespan_;
    } else {
        const uint32_t before = from == 0 ? 0u : prefix_max_[from - 1u];
        candidate_makespan_ = high > before ? high : before;
    }
    return candidate_makespan_;
}

// Takes the candidate's placements (positions from_..end_-1) out of the table again.
void IncrementalDecoder::remove_candidate() {
    if (!incremental_) return;  // the plain method clears the whole table before each candidate
    Table tab = table();
    for (uint32_t k = from_; k < end_; ++k) tab.untake(cand_cycle_[k], units_[cand_instr_[k]]);
}

void IncrementalDecoder::accept() {
    remove_candidate();
    const uint32_t w1 = string_[a_];
    string_[a_] = string_[b_];
    string_[b_] = w1;
    uint32_t high = from_ == 0 ? 0u : prefix_max_[from_ - 1u];
    for (uint32_t k = from_; k < end_; ++k) {
        const uint32_t i = cand_instr_[k], t = cand_cycle_[k];
        instr_[k] = i;
        cycle_[k] = t;
        unit_[k] = units_[i];
        cycles_[string_[k] * (length_ + 1u) + i + 1u] = t;
        if (t > high) high = t;
        prefix_max_[k] = high;  // from end_ on unchanged: the same multiset of cycles precedes it
    }
    makespan_ = candidate_makespan_;
}

void IncrementalDecoder::reject() { remove_candidate(); }

void IncrementalDecoder::copy_string(uint32_t *out) const {
    for (uint32_t k = 0; k < n_; ++k) out[k] = string_[k] + 1u;
}

}  // namespace wsp
