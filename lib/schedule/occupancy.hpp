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
    uint32_t earliest(uint32_t from, uint8_t unit) const {
        for (uint64_t t = from; t <= horizon_; ++t)
            if (has_room(static_cast<uint32_t>(t), unit)) return static_cast<uint32_t>(t);
        return 0;
    }

    void take(uint32_t t, uint8_t unit) {
        WSP_ASSERT(t >= 1 && t <= horizon_ && has_room(t, unit));
        uint32_t *c = count_ + static_cast<size_t>(t) * kSlots;
        ++c[unit];
        ++c[WSP_UNIT_COUNT];
    }

private:
    uint32_t *count_;
    uint64_t horizon_;
    const uint32_t *sigma_;
    uint32_t schedulers_;
};

}  // namespace wsp

#endif
