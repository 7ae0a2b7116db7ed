// Overflow-checked arithmetic on unsigned 64-bit values: every product or sum the core forms from
// user input (W*I, cycle counts, bounds) goes through these, and an overflow becomes an error status.
#ifndef WSP_UTIL_CHECKED_HPP
#define WSP_UTIL_CHECKED_HPP

#include <stdint.h>

namespace wsp {

// Returns false (and leaves *out alone) when a*b does not fit in 64 bits.
inline bool checked_mul(uint64_t a, uint64_t b, uint64_t *out) {
    if (a != 0 && b > UINT64_MAX / a) return false;
    *out = a * b;
    return true;
}

inline bool checked_add(uint64_t a, uint64_t b, uint64_t *out) {
    if (b > UINT64_MAX - a) return false;
    *out = a + b;
    return true;
}

inline uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
inline uint64_t ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

}  // namespace wsp

#endif
