// Per-cycle occupancy of a schedule under construction: how many instructions of each unit type and in
// total issue in each cycle 1..horizon, and the earliest cycle with room for one more of a type.
#ifndef WSP_SCHEDULE_OCCUPANCY_HPP
#define WSP_SCHEDULE_OCCUPANCY_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"
#include "util/platform.hpp"

namespace wsp {

class Occupancy {
public:
    static constexpr uint32_t kSlots = WSP_UNIT_COUNT + 1;  // four types and the total

    // uint32_t words of storage for cycles 0..horizon+1 (in 64 bits: a caller's layout checks it).
    static uint64_t words(uint64_t horizon) { return kSlots * (horizon + 2); }

    // `storage` holds words(horizon); it is zeroed here.
    Occupancy(uint32_t *storage, uint64_t horizon, const uint32_t *sigma, uint32_t schedulers)
        : count_(storage), horizon_(horizon), sigma_(sigma), schedulers_(schedulers) {
        const size_t n = kSlots * static_cast<size_t>(horizon + 2);
        for (size_t k = 0; k < n; ++k) count_[k] = 0;
    }

    bool has_room(uint32_t t, uint8_t unit) const {
        const uint32_t *c = count_ + static_cast<size_t>(t) * kSlots;
        return c[unit] < sigma_[unit] && (schedulers_ == 0 || c[WSP_UNIT_COUNT] < schedulers_);
    }

    // Earliest cycle >= from with room for a `unit` instruction, or 0 when none within the horizon.
    //
    // Skip pointers (issue 18: a linear scan made decoding O(W I T), seconds at W = 65536): a cycle t
    // without room for `unit` stays so (counts only grow), and its count for `unit` is then never
    // needed again, so it holds sigma[unit] + d, meaning "cycles t .. t+d-1 have no room for unit"
    // (d = 0 counts as 1). The scan follows these and then points every cycle it passed at the one it
    // found (path compression). Any value >= sigma still reads as "no room", and sigma + d stays below
    // 2^32 (sigma <= WSP_MAX_UNITS, d <= WSP_MAX_CELLS).
    uint32_t earliest(uint32_t from, uint8_t unit) {
        uint64_t t = from;
        while (t <= horizon_ && !has_room(static_cast<uint32_t>(t), unit)) t += blocked_for(static_cast<uint32_t>(t), unit);
        if (t > horizon_) return 0;
        for (uint64_t s = from; s < t;) {
            uint32_t &c = count_[static_cast<size_t>(s) * kSlots + unit];
            const uint32_t d = blocked_for(static_cast<uint32_t>(s), unit);
            c = sigma_[unit] + static_cast<uint32_t>(t - s);
            s += d;
        }
        return static_cast<uint32_t>(t);
    }

    void take(uint32_t t, uint8_t unit) {
        WSP_ASSERT(t >= 1 && t <= horizon_ && has_room(t, unit));
        uint32_t *c = count_ + static_cast<size_t>(t) * kSlots;
        ++c[unit];
        ++c[WSP_UNIT_COUNT];
    }

private:
    // Cycles known to have no room for `unit` from t on (t has none): at least 1.
    uint32_t blocked_for(uint32_t t, uint8_t unit) const {
        const uint32_t c = count_[static_cast<size_t>(t) * kSlots + unit];
        return c > sigma_[unit] ? c - sigma_[unit] : 1u;
    }

    uint32_t *count_;
    uint64_t horizon_;
    const uint32_t *sigma_;
    uint32_t schedulers_;
};

}  // namespace wsp

#endif
