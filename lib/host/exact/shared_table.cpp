#include "host/exact/shared_table.hpp"

#include <thread>

namespace wsp {
namespace host {

SharedTable::SharedTable(void *storage, uint64_t bytes, const KeyFormat &k)
    : table_(storage, bytes, k), words_(k.words), owner_(std::this_thread::get_id()) {
    refresh();
}

void SharedTable::refresh() {
    capacity_ = SharedTableAccess::capacity(table_);
    limit_ = SharedTableAccess::limit(table_);
}

uint32_t SharedTable::settled(uint32_t slot) const {
    uint32_t w = __atomic_load_n(entry(slot), __ATOMIC_ACQUIRE);
    while (w == kBusy) {  // a key being written: a few stores away
        std::this_thread::yield();
        w = __atomic_load_n(entry(slot), __ATOMIC_ACQUIRE);
    }
    return w;
}

bool SharedTable::same_key(uint32_t slot, const uint32_t *key) const {
    const uint32_t *e = entry(slot) + 1;
    uint32_t j = 0;
    while (j < words_ && e[j] == key[j]) ++j;
    return j == words_;
}

uint32_t SharedTable::find(const uint32_t *key, bool *found) const {
    uint32_t slot = static_cast<uint32_t>((uint64_t{hash_key(key, words_)} * capacity_) >> 32);
    for (;; slot = next(slot)) {
        if (settled(slot) == 0) {
            *found = false;
            return slot;
        }
        if (same_key(slot, key)) {
            *found = true;
            return slot;
        }
    }
}

bool SharedTable::insert(uint32_t &slot, const uint32_t *key, uint32_t ub) {
    for (;; slot = next(slot)) {
        if (__atomic_load_n(entry(slot), __ATOMIC_ACQUIRE) == 0) {
            // The entry is counted before it is claimed, so that threads inserting at once never
            // take the table past its limit (a full table, with no empty slot, would make find()
            // loop for ever).
            if (used_.fetch_add(1, std::memory_order_relaxed) >= limit_) {
                used_.fetch_sub(1, std::memory_order_relaxed);
                return false;
            }
            uint32_t expected = 0;
            if (__atomic_compare_exchange_n(entry(slot), &expected, kBusy, false, __ATOMIC_ACQUIRE,
                                            __ATOMIC_ACQUIRE)) {
                uint32_t *e = entry(slot);
                for (uint32_t j = 0; j < words_; ++j) e[1 + j] = key[j];
                __atomic_store_n(e, ub + 1u, __ATOMIC_RELEASE);
                return true;
            }
            used_.fetch_sub(1, std::memory_order_relaxed);
        }
        // Taken (before or while we looked): ours if it holds the key, else probe on.
        if (settled(slot) != 0 && same_key(slot, key)) {
            lower_bound_to(slot, ub);
            return true;
        }
    }
}

void SharedTable::lower_bound_to(uint32_t slot, uint32_t ub) {
    uint32_t *e = entry(slot);
    uint32_t w = __atomic_load_n(e, __ATOMIC_RELAXED);
    while (ub + 1u < w && !__atomic_compare_exchange_n(e, &w, ub + 1u, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

// Sequentially consistent: a helper that counts itself in after the count was read sees `pausing`
// before it touches the table, and parks.
StateTable::Grown SharedTable::grow() {
    if (std::this_thread::get_id() != owner_) return StateTable::Grown::kNo;
    pausing_.store(true);
    while (parked_.load() < helpers_.load()) std::this_thread::yield();
    SharedTableAccess::set_used(table_, static_cast<uint32_t>(used_.load()));
    const StateTable::Grown g = table_.grow();
    used_.store(table_.used());
    refresh();
    generation_.fetch_add(1);
    pausing_.store(false);
    return g;
}

// Leaving: the count falls before `pausing` is read again (both sequentially consistent, as grow()'s
// store of `pausing` and its read of the count). So a growth that began after this helper saw
// `pausing` clear either sees it unparked and waits, or is seen here and the helper parks again;
// without the second look, a growth that read the count before the decrement ran while the helper,
// counted as parked, went on to the table.
void SharedTable::park() {
    for (;;) {
        parked_.fetch_add(1);
        while (pausing_.load()) std::this_thread::yield();
        parked_.fetch_sub(1);
        if (!pausing_.load()) return;
    }
}

}  // namespace host
}  // namespace wsp
