#include "anneal/checkpoint_decoder.hpp"

namespace wsp {

namespace {

constexpr uint32_t kSlots = WSP_UNIT_COUNT + 1;  // counts per cycle: four types and the total
constexpr uint32_t kLimit = WSP_UNIT_COUNT;      // the scheduler limit's count and bit set

struct Parts {
    uint64_t n, cells, words, checkpoints;
    uint64_t words_n, bytes_n, blocks, table, bits, warps, slot;
    uint64_t slot_header, slot_table;
    uint64_t total() const {
        // string, instr, cycle, cand_instr, cand_cycle; unit; block_max, suffix_max; the work table,
        // its bit sets, next and last; two slots per checkpoint and the current-slot bytes.
        return 5u * words_n + bytes_n + 2u * blocks + table + bits + 2u * warps +
               2u * checkpoints * slot + align_workspace(checkpoints);
    }
};

Parts parts(const wsp_problem &p, uint32_t horizon, uint32_t spacing) {
    Parts s;
    s.n = uint64_t{p.warps} * p.length;
    s.cells = uint64_t{horizon} + 2u;  // cycles 1..horizon and a sentinel that stays free
    s.words = (s.cells + 63u) / 64u;
    s.checkpoints = (s.n + spacing - 1u) / spacing;  // at positions 0, K, 2K, .. below n
    if (s.checkpoints == 0) s.checkpoints = 1;
    s.words_n = align_workspace(4u * s.n);
    s.bytes_n = align_workspace(s.n);
    s.blocks = align_workspace(4u * (s.checkpoints + 1u));
    s.table = align_workspace(2u * kSlots * s.cells);
    s.bits = 8u * kSlots * s.words;
    s.warps = align_workspace(4u * uint64_t{p.warps});
    s.slot_header = align_workspace(8u + 8u * uint64_t{p.warps});
    s.slot_table = s.table;
    s.slot = s.slot_header + s.slot_table + s.bits;
    return s;
}

template <typename T>
T *carve(uint8_t *&at, uint64_t bytes) {
    T *p = reinterpret_cast<T *>(at);
    at += bytes;
    return p;
}

void copy_bytes(void *to, const void *from, size_t n) { __builtin_memcpy(to, from, n); }
void zero_bytes(void *to, size_t n) { __builtin_memset(to, 0, n); }

uint32_t xorshift(uint32_t &x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

// Noise in the counts of cycles lo..hi and in their bits.
void fill_noise(uint16_t *count, uint64_t *blocked, uint32_t words, size_t lo, size_t hi, uint32_t &x) {
    for (size_t c = lo * kSlots; c < (hi + 1u) * kSlots; ++c) count[c] = static_cast<uint16_t>(xorshift(x));
    for (size_t t = lo; t <= hi; ++t)
        for (uint32_t u = 0; u < kSlots; ++u) {
            const uint64_t bit = uint64_t{1} << (t & 63u);
            uint64_t &word = blocked[u * size_t{words} + (t >> 6)];
            word = (xorshift(x) & 1u) ? word | bit : word & ~bit;
        }
}


}  // namespace

// The work table as local values, so that the hot loop keeps its pointers in registers.
struct CheckpointDecoder::Table {
    uint16_t *__restrict count;   // count[t * 5 + u], u = 4: the total
    uint64_t *__restrict blocked;  // blocked[u * words + t / 64], u = 4: the scheduler limit
    uint32_t words;
    uint32_t cap[kSlots];

    // A bit word is written only when a cell fills: the next placement reads these words, and an
    // unconditional read-modify-write would chain every placement to the one before (measured
    // 15% slower on Voronoi W = 16, although the branches mispredict now and then).
    void take(uint32_t t, uint32_t u) {
        const uint32_t c = ++count[t * kSlots + u];
        const uint32_t m = ++count[t * kSlots + kLimit];
        const uint32_t w = t >> 6;
        const uint64_t bit = uint64_t{1} << (t & 63u);
        if (c == cap[u]) blocked[u * words + w] |= bit;
        if (m == cap[kLimit]) blocked[kLimit * words + w] |= bit;
    }

    // The earliest cycle >= t with room for a `u` instruction. Cycle horizon + 1 is never blocked
    // (no placement reaches it), so the scan stops there at the latest.
    uint32_t earliest(uint32_t t, uint32_t u) const {
        const uint64_t *unit = blocked + u * words;
        const uint64_t *limit = blocked + kLimit * words;
        uint32_t w = t >> 6;
        uint64_t free = ~(unit[w] | limit[w]) & (~uint64_t{0} << (t & 63u));
        while (free == 0) {
            ++w;
            free = ~(unit[w] | limit[w]);
        }
        return (w << 6) + static_cast<uint32_t>(__builtin_ctzll(free));
    }
};

// A stored state: frontier F, hmax, last and next per warp, and the counts and bit-set words of
// cycles F+1 .. hmax at the same offsets as in the work table.
struct CheckpointDecoder::Slot {
    uint32_t *header;  // [0] = F, [1] = hmax
    uint32_t *last, *next;
    uint16_t *count;
    uint64_t *blocked;
};

CheckpointDecoder::Table CheckpointDecoder::table() const {
    Table tab;
    tab.count = count_;
    tab.blocked = blocked_;
    tab.words = words_;
    for (uint32_t u = 0; u < kSlots; ++u) tab.cap[u] = cap_[u];
    return tab;
}

CheckpointDecoder::Slot CheckpointDecoder::slot(uint32_t checkpoint, uint32_t which) const {
    uint8_t *at = slots_ + (uint64_t{checkpoint} * 2u + which) * slot_bytes_;
    Slot s;
    s.header = reinterpret_cast<uint32_t *>(at);
    s.last = s.header + 2;
    s.next = s.last + warps_;
    const uint64_t header = align_workspace(8u + 8u * uint64_t{warps_});
    s.count = reinterpret_cast<uint16_t *>(at + header);
    s.blocked = reinterpret_cast<uint64_t *>(
        at + header + align_workspace(2u * kSlots * (uint64_t{horizon_} + 2u)));
    return s;
}

// Measured on Voronoi W = 16 (n = W*I = 400), uniform moves: spacing 4, 8, 14, 24, 40, 64, 100 gave
// 0.51, 0.79, 0.93, 1.10, 1.14, 1.13, 1.15 x the rate at 14 (fewer snapshots, a little more replay);
// local moves were flat from 8 to 40 and 10% slower at 64. Hence 2 sqrt(n), at least 8.
uint32_t CheckpointDecoder::default_spacing(const wsp_problem &p, uint32_t horizon) {
    (void)horizon;
    const uint64_t n = uint64_t{p.warps} * p.length;
    uint32_t k = 1;
    while (uint64_t{k} * k < n) ++k;
    return 2u * k < 8u ? 8u : 2u * k;
}

uint64_t CheckpointDecoder::bytes(const wsp_problem &p, uint32_t horizon, uint32_t spacing) {
    return parts(p, horizon, spacing).total();
}

CheckpointDecoder::CheckpointDecoder(const wsp_problem &p, uint32_t horizon, uint32_t spacing,
                                     void *storage)
    : units_(p.units()), warps_(p.warps), length_(p.length), n_(p.warps * p.length),
      horizon_(horizon), spacing_(spacing), high_(0), dirty_(0), noise_(0), makespan_(0),
      candidate_makespan_(0), a_(0), b_(0), end_(0), decoded_(0) {
    // A cap of W or more never blocks: at most W warps issue in one cycle, each at most once.
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) cap_[u] = p.sigma[u] < p.warps ? p.sigma[u] : 0u;
    cap_[kLimit] = p.schedulers < p.warps ? p.schedulers : 0u;
    const Parts s = parts(p, horizon, spacing);
    checkpoints_ = static_cast<uint32_t>(s.checkpoints);
    words_ = static_cast<uint32_t>(s.words);
    slot_bytes_ = s.slot;
    uint8_t *at = static_cast<uint8_t *>(storage);
    string_ = carve<uint32_t>(at, s.words_n);
    instr_ = carve<uint32_t>(at, s.words_n);
    cycle_ = carve<uint32_t>(at, s.words_n);
    cand_instr_ = carve<uint32_t>(at, s.words_n);
    cand_cycle_ = carve<uint32_t>(at, s.words_n);
    unit_ = carve<uint8_t>(at, s.bytes_n);
    block_max_ = carve<uint32_t>(at, s.blocks);
    suffix_max_ = carve<uint32_t>(at, s.blocks);
    count_ = carve<uint16_t>(at, s.table);
    blocked_ = carve<uint64_t>(at, s.bits);
    next_ = carve<uint32_t>(at, s.warps);
    last_ = carve<uint32_t>(at, s.warps);
    slots_ = carve<uint8_t>(at, 2u * s.checkpoints * s.slot);
    current_ = carve<uint8_t>(at, align_workspace(s.checkpoints));
    zero_bytes(count_, static_cast<size_t>(s.table));
    zero_bytes(blocked_, static_cast<size_t>(s.bits));
}

// The smallest `last` over the warps with instructions left (high_ when all are done).
uint32_t CheckpointDecoder::frontier() const {
    uint32_t f = high_;
    for (uint32_t w = 0; w < warps_; ++w)
        if (next_[w] < length_ && last_[w] < f) f = last_[w];
    return f;
}

void CheckpointDecoder::snapshot(uint32_t checkpoint, uint32_t which) {
    const Slot s = slot(checkpoint, which);
    const uint32_t f = frontier();
    s.header[0] = f;
    s.header[1] = high_;
    copy_bytes(s.last, last_, 4u * size_t{warps_});
    copy_bytes(s.next, next_, 4u * size_t{warps_});
    if (high_ > f) {
        const size_t lo = size_t{f} + 1u, hi = high_;
        copy_bytes(s.count + lo * kSlots, count_ + lo * kSlots, 2u * kSlots * (hi - lo + 1u));
        const size_t w0 = lo >> 6, w1 = hi >> 6;
        for (uint32_t u = 0; u < kSlots; ++u)
            copy_bytes(s.blocked + u * size_t{words_} + w0, blocked_ + u * size_t{words_} + w0,
                       8u * (w1 - w0 + 1u));
    }
}

// The work state becomes checkpoint `checkpoint` of the current string. Cells at or below its
// frontier keep whatever they held: they are never read again (see the header).
uint32_t CheckpointDecoder::restore(uint32_t checkpoint) {
    const Slot s = slot(checkpoint, current_[checkpoint]);
    const uint32_t f = s.header[0], hmax = s.header[1];
    copy_bytes(last_, s.last, 4u * size_t{warps_});
    copy_bytes(next_, s.next, 4u * size_t{warps_});
    if (hmax > f) {
        const size_t lo = size_t{f} + 1u, hi = hmax;
        copy_bytes(count_ + lo * kSlots, s.count + lo * kSlots, 2u * kSlots * (hi - lo + 1u));
        const size_t w0 = lo >> 6, w1 = hi >> 6;
        for (uint32_t u = 0; u < kSlots; ++u)
            copy_bytes(blocked_ + u * size_t{words_} + w0, s.blocked + u * size_t{words_} + w0,
                       8u * (w1 - w0 + 1u));
    }
    if (dirty_ > hmax) {
        // Nothing above hmax may stay: the counts, the bits above hmax in its word (that word came
        // from the slot when the window is not empty, and then has none), and the words above.
        const size_t lo = size_t{hmax} + 1u, hi = dirty_;
        zero_bytes(count_ + lo * kSlots, 2u * kSlots * (hi - lo + 1u));
        const uint64_t below = (uint64_t{2} << (hmax & 63u)) - 1u;  // bits 0..hmax%64
        for (uint32_t u = 0; u < kSlots; ++u) {
            uint64_t *bits = blocked_ + u * size_t{words_};
            bits[hmax >> 6] &= below;
            for (size_t w = (hmax >> 6) + 1u; w <= (hi >> 6); ++w) bits[w] = 0;
        }
    }
    high_ = dirty_ = hmax;
    return f;
}

// Whether the work state (after position b) agrees with checkpoint `checkpoint` of the current
// string in everything the rest of the decoding reads.
bool CheckpointDecoder::same_as(uint32_t checkpoint) const {
    const Slot s = slot(checkpoint, current_[checkpoint]);
    for (uint32_t w = 0; w < warps_; ++w)
        if (next_[w] < length_ && last_[w] != s.last[w]) return false;
    const uint32_t f = s.header[0], hmax = s.header[1];  // F agrees: same last of unfinished warps
    if (high_ < hmax) return false;  // the stored state has a placement above every one of ours
    const size_t lo = size_t{f} + 1u;
    // A loop, not memcmp: the firmware's C library need not have it, and it is rarely long.
    for (size_t c = lo * kSlots; hmax > f && c < (size_t{hmax} + 1u) * kSlots; ++c)
        if (count_[c] != s.count[c]) return false;
    for (size_t c = (size_t{hmax} + 1u) * kSlots; c < (size_t{high_} + 1u) * kSlots; ++c)
        if (count_[c] != 0) return false;
    return true;
}

// block_max and suffix_max for blocks from_block..to_block (inclusive), then suffix_max below.
void CheckpointDecoder::refresh_maxima(uint32_t from_block, uint32_t to_block) {
    for (uint32_t j = from_block; j <= to_block; ++j) {
        const uint32_t begin = j * spacing_;
        const uint32_t end = n_ - begin < spacing_ ? n_ : begin + spacing_;
        uint32_t m = 0;
        for (uint32_t k = begin; k < end; ++k) m = cycle_[k] > m ? cycle_[k] : m;
        block_max_[j] = m;
    }
    for (uint32_t j = to_block + 1u; j-- > 0;) {
        const uint32_t after = suffix_max_[j + 1u];
        suffix_max_[j] = block_max_[j] > after ? block_max_[j] : after;
    }
}

uint32_t CheckpointDecoder::reset(const uint32_t *string) {
    zero_bytes(count_, 2u * kSlots * (size_t{horizon_} + 2u));
    zero_bytes(blocked_, 8u * kSlots * size_t{words_});
    for (uint32_t w = 0; w < warps_; ++w) next_[w] = last_[w] = 0;
    high_ = dirty_ = 0;
    Table tab = table();
    for (uint32_t k = 0; k < n_; ++k) {
        if (k % spacing_ == 0) {
            current_[k / spacing_] = 0;
            snapshot(k / spacing_, 0);
        }
        const uint32_t w = string[k] - 1u;
        const uint32_t i = next_[w]++;
        const uint32_t u = units_[i];
        const uint32_t t = tab.earliest(last_[w] + 1u, u);
        if (t > horizon_) return 0;
        tab.take(t, u);
        last_[w] = t;
        string_[k] = w;
        instr_[k] = i;
        cycle_[k] = t;
        unit_[k] = static_cast<uint8_t>(u);
        if (t > high_) high_ = t;
    }
    dirty_ = high_;
    suffix_max_[checkpoints_] = 0;
    refresh_maxima(0, checkpoints_ - 1u);
    a_ = end_ = 0;
    makespan_ = high_;
    return high_;
}

uint32_t CheckpointDecoder::try_swap(uint32_t a, uint32_t b) {
    const uint32_t first = a / spacing_;
    const uint32_t frontier_at_restore = restore(first);
    if (noise_ != 0) {  // scramble(): the cells the restored state says are never read again
        fill_noise(count_, blocked_, words_, 0, frontier_at_restore, noise_);
        noise_ = 0;
    }
    Table tab = table();
    const uint32_t *__restrict string = string_;
    const uint32_t *__restrict instr = instr_;
    const uint32_t *__restrict cycle = cycle_;
    const uint8_t *__restrict unit = unit_;
    const uint8_t *__restrict units = units_;
    uint32_t *__restrict last = last_;
    uint32_t *__restrict next = next_;
    uint32_t *__restrict cand_cycle = cand_cycle_;
    uint32_t *__restrict cand_instr = cand_instr_;
    uint32_t high = high_;
    const uint32_t begin = first * spacing_;
    for (uint32_t k = begin; k < a; ++k) {  // replay: the cycles are known
        const uint32_t t = cycle[k];
        tab.take(t, unit[k]);
        last[string[k]] = t;
        ++next[string[k]];
        high = t > high ? t : high;
    }
    a_ = a;
    b_ = b;
    end_ = a;
    const uint32_t w1 = string[a], w2 = string[b], n = n_, horizon = horizon_;
    // Instruction indices in the candidate: in a+1..b-1 an occurrence of w1 has one instruction
    // fewer before it than in the current string, one of w2 one more; elsewhere they agree. w2 at a
    // issues the instruction its first occurrence after a issued; w1 at b the one after w1's last.
    uint32_t w1_between = 0;
    for (uint32_t k = a + 1u; k < b; ++k) w1_between += string[k] == w1;
    bool broken = false;
    uint32_t checkpoint = first + 1u, at = checkpoint * spacing_;  // the next checkpoint position
    const uint32_t i_w2 = next[w2];  // w2's instructions before a
    uint32_t k = a, converged = 0;
    for (;;) {
        const uint32_t stop = at < n ? at : n;
        // Positions a..b: the indices of w1 and w2 shift.
        for (; k < stop && k <= b; ++k) {
            uint32_t x = string[k];
            uint32_t i = instr[k] + (x == w2) - (x == w1);
            if (k == a) {
                x = w2;
                i = i_w2;
            } else if (k == b) {
                x = w1;
                i = instr[a] + w1_between;
            }
            cand_instr[k] = i;
            const uint32_t u = units[i];
            const uint32_t t = tab.earliest(last[x] + 1u, u);
            if (t > horizon) {  // never taken: the table stays consistent
                broken = true;
                break;
            }
            tab.take(t, u);
            last[x] = t;
            cand_cycle[k] = t;
            high = t > high ? t : high;
        }
        // After b: the current string's instructions and units.
        for (; k < stop && !broken; ++k) {
            const uint32_t x = string[k], u = unit[k];
            const uint32_t t = tab.earliest(last[x] + 1u, u);
            if (t > horizon) {
                broken = true;
                break;
            }
            tab.take(t, u);
            last[x] = t;
            cand_cycle[k] = t;
            high = t > high ? t : high;
        }
        if (broken) break;
        if (k == n) break;
        // The candidate's next per warp at this checkpoint: the current string's, with w1 one lower
        // and w2 one higher while the checkpoint lies in a+1..b.
        const Slot now = slot(checkpoint, current_[checkpoint]);
        copy_bytes(next_, now.next, 4u * size_t{warps_});
        high_ = high;
        if (k > b) {
            if (same_as(checkpoint)) {
                converged = 1;
                break;
            }
        } else {
            --next_[w1];
            ++next_[w2];
        }
        snapshot(checkpoint, current_[checkpoint] ^ 1u);
        ++checkpoint;
        at += spacing_;
    }
    high_ = high;
    if (high > dirty_) dirty_ = high;
    if (broken) return 0;
    end_ = k;
    decoded_ += k - begin;
    const uint32_t after = converged ? suffix_max_[k / spacing_] : 0u;
    candidate_makespan_ = high > after ? high : after;
    return candidate_makespan_;
}

void CheckpointDecoder::accept() {
    const uint32_t w1 = string_[a_];
    string_[a_] = string_[b_];
    string_[b_] = w1;
    for (uint32_t k = a_; k <= b_; ++k) {  // indices change in a..b only
        const uint32_t i = cand_instr_[k];
        instr_[k] = i;
        unit_[k] = units_[i];
    }
    for (uint32_t k = a_; k < end_; ++k) cycle_[k] = cand_cycle_[k];
    // The checkpoints strictly inside a..end-1 were written into their other slot.
    for (uint32_t j = a_ / spacing_ + 1u; j * spacing_ < end_; ++j) current_[j] ^= 1u;
    refresh_maxima(a_ / spacing_, (end_ - 1u) / spacing_);
    makespan_ = candidate_makespan_;
    end_ = a_;  // candidate_cycle() now reads the current string
}

void CheckpointDecoder::scramble(uint32_t noise) {
    noise_ = noise | 1u;
    fill_noise(count_, blocked_, words_, 0, size_t{horizon_} + 1u, noise_);
    dirty_ = horizon_ + 1u;  // everything above a restored window is cleared again
}

void CheckpointDecoder::copy_string(uint32_t *out) const {
    for (uint32_t k = 0; k < n_; ++k) out[k] = string_[k] + 1u;
}

}  // namespace wsp
