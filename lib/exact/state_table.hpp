// The exact search's memory: an open-addressing hash table of states in the caller's workspace. Each
// entry holds a state key (the sorted positions of all W warps, packed in 1, 2 or 4 bytes each) and a
// proven upper bound on the cycles that remain from that state. The table starts small, so that a
// small search touches little memory (it is read at random), and grows when it reaches 7/8 load:
// while the buffer has room for the larger table plus a compact copy of the entries it rehashes
// them; the last growth, to the whole buffer, has no such room and empties the table instead, which
// loses only cached bounds (each is re-derived when needed), never correctness. Either way slots
// move, and the solver re-finds the states on its stack. A full table at the largest size stops the
// solver with status WSP_EXACT_MEMORY.
#ifndef WSP_EXACT_STATE_TABLE_HPP
#define WSP_EXACT_STATE_TABLE_HPP

#include <stddef.h>
#include <stdint.h>

#include "exact/frame.hpp"

namespace wsp {

// The key of a state: positions of all W warps in increasing order (finished warps at I), each in
// `width` bytes, zero-padded to whole 32-bit words.
struct KeyFormat {
    uint32_t width;  // 1, 2 or 4 bytes per position
    uint32_t words;  // 32-bit words per key

    static KeyFormat for_problem(uint32_t warps, uint32_t length) {
        KeyFormat k;
        k.width = length <= 0xFFu ? 1u : (length <= 0xFFFFu ? 2u : 4u);
        k.words = static_cast<uint32_t>((static_cast<uint64_t>(warps) * k.width + 3u) / 4u);
        return k;
    }

    void encode(const Frame &f, uint32_t warps, uint32_t length, uint32_t *key) const;
};

// A multiply-rotate hash over the key words with a final avalanche, so that keys differing in one
// position spread over the table.
uint32_t hash_key(const uint32_t *key, uint32_t words);

class StateTable {
public:
    static constexpr uint32_t kNoSlot = 0xFFFFFFFFu;

    static uint32_t entry_bytes(const KeyFormat &k) { return 4u * (1u + k.words); }
    // Memory for a table that stores `states` entries below its load limit: states + states/7 + 2
    // entries (overflowed when that does not fit in 64 bits).
    static WorkspaceLayout layout_for(const KeyFormat &k, uint64_t states) {
        WorkspaceLayout l;
        const uint64_t extra = states / 7u + 2u;
        if (states > UINT64_MAX - extra)
            l.mark_overflow();
        else
            l.place(entry_bytes(k), states + extra);
        return l;
    }

    // Takes all of `bytes` (at most 2^32 - 2 entries) and starts with an empty table of at most
    // kFirstCapacity entries and kFirstBytes bytes.
    StateTable(void *storage, uint64_t bytes, const KeyFormat &k);

    static constexpr uint32_t kFirstCapacity = 1u << 16;
    static constexpr uint64_t kFirstBytes = uint64_t{1} << 22;

    uint64_t capacity() const { return capacity_; }
    uint64_t max_capacity() const { return max_capacity_; }
    uint64_t used() const { return used_; }
    bool full() const { return used_ >= limit_; }

    enum class Grown { kNo, kRehashed, kEmptied };
    // Doubles the table (or takes the whole buffer): kRehashed keeps every entry, kEmptied drops
    // them all, kNo when the table is already as large as the buffer allows.
    Grown grow();

    // The slot holding `key`, or the empty slot where it belongs; *found says which.
    uint32_t find(const uint32_t *key, bool *found) const;
    // Stores key with bound ub in the empty slot `slot` from find(); false at the load limit.
    bool insert(uint32_t slot, const uint32_t *key, uint32_t ub);
    uint32_t bound(uint32_t slot) const { return entry(slot)[0] - 1u; }
    void lower_bound_to(uint32_t slot, uint32_t ub) {
        if (ub + 1u < entry(slot)[0]) entry(slot)[0] = ub + 1u;
    }

private:
    friend class SharedTableAccess;  // the host's table shared by threads (host/exact) uses the layout

    // entry[0] = bound + 1 (0 marks an empty slot), entry[1 ..] = key
    uint32_t *entry(uint32_t slot) const { return base_ + static_cast<size_t>(slot) * stride_; }

    void clear(uint32_t capacity);
    void place(const uint32_t *e);  // re-inserts a whole entry (bound and key) during a rehash

    uint32_t *base_;
    uint32_t stride_;  // in words
    uint32_t words_;
    uint32_t max_capacity_;
    uint32_t capacity_;
    uint32_t limit_;
    uint32_t used_;
};

}  // namespace wsp

#endif
