// The exact search's state table shared by several threads (parallel_exact.cpp). It is the core's
// StateTable (exact/state_table.hpp) with its entries (bound + 1, then the key; 0 marks an empty
// slot) read and written by atomic operations:
//  - entries are only added and bounds only fall, so a lock-free protocol suffices: a thread claims
//    an empty slot by swapping its first word from 0 to kBusy, writes the key, then publishes the
//    bound with a release store; readers that meet kBusy wait for it; a bound is lowered by a
//    compare-and-swap loop (every stored bound is proven, so the smaller of two is too);
//  - growth, as in the core (the table starts small so that a small search touches little memory),
//    stops the world: the thread that grows (the main thread) raises `pausing`, waits until every
//    helper has parked, grows the core's way, and bumps the generation, after which helpers start
//    their probe again (their slots moved).
#ifndef WSP_HOST_EXACT_SHARED_TABLE_HPP
#define WSP_HOST_EXACT_SHARED_TABLE_HPP

#include <atomic>
#include <thread>
#include <stdint.h>

#include "exact/state_table.hpp"

namespace wsp {

// The parts of StateTable the shared table works on (a friend of StateTable).
class SharedTableAccess {
public:
    static uint32_t *entry(const StateTable &t, uint32_t slot) { return t.entry(slot); }
    static uint32_t capacity(const StateTable &t) { return t.capacity_; }
    static uint32_t limit(const StateTable &t) { return t.limit_; }
    static uint32_t words(const StateTable &t) { return t.words_; }
    static void set_used(StateTable &t, uint32_t n) { t.used_ = n; }
};

namespace host {

class SharedTable {
public:
    SharedTable(void *storage, uint64_t bytes, const KeyFormat &k);

    uint64_t capacity() const { return capacity_; }
    uint64_t used() const { return used_.load(std::memory_order_relaxed); }
    bool full() const { return used() >= limit_; }

    uint32_t find(const uint32_t *key, bool *found) const;
    // Stores `key` with bound `ub` at `slot` (from find()) or, when another thread took that slot
    // first, where the key now is: at that thread's entry (its bound lowered to ub) or at a later
    // empty slot; `slot` says where. False when the table is full.
    bool insert(uint32_t &slot, const uint32_t *key, uint32_t ub);
    uint32_t bound(uint32_t slot) const { return settled(slot) - 1u; }
    void lower_bound_to(uint32_t slot, uint32_t ub);

    // When full: parks the helpers and grows. Only the thread that made the table grows it; for any
    // other thread (a helper) it answers kNo, and the helper's probe stops for memory.
    StateTable::Grown grow();

    // For helpers: a helper counts itself in before it first touches the table, stops its probe
    // when pausing() and then parks (returns when the growth is over).
    void join() { helpers_.fetch_add(1); }
    // Sequentially consistent: a helper that joins after grow() read the count sees `pausing`.
    bool pausing() const { return pausing_.load(); }
    void park();
    uint32_t generation() const { return generation_.load(std::memory_order_acquire); }

private:
    static constexpr uint32_t kBusy = 0xFFFFFFFFu;  // never a bound + 1: bounds are below 2^31

    uint32_t *entry(uint32_t slot) const { return SharedTableAccess::entry(table_, slot); }
    uint32_t settled(uint32_t slot) const;  // the first word once no thread is writing the entry
    bool same_key(uint32_t slot, const uint32_t *key) const;
    uint32_t next(uint32_t slot) const { return slot + 1u == capacity_ ? 0u : slot + 1u; }
    void refresh();  // capacity and limit from the core's table

    StateTable table_;
    uint32_t words_;
    uint32_t capacity_ = 0;
    uint32_t limit_ = 0;
    std::atomic<uint64_t> used_{0};
    std::atomic<bool> pausing_{false};
    std::atomic<uint32_t> helpers_{0};
    std::atomic<uint32_t> parked_{0};
    std::atomic<uint32_t> generation_{0};
    std::thread::id owner_;
};

}  // namespace host
}  // namespace wsp

#endif
