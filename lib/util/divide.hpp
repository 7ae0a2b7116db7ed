// Divisions of 64-bit values with 32-bit divisions only. A Cortex-M4 divides 32 bits by 32 in one
// instruction but needs libgcc's __aeabi_uldivmod (about 0.8 KiB of code) for 64 bits; the code the
// firmware links (bounds, decoder, annealer, messages) uses these instead, so that it links none.
#ifndef WSP_UTIL_DIVIDE_HPP
#define WSP_UTIL_DIVIDE_HPP

#include <stdint.h>

namespace wsp {

// x / d rounded down (`up`: rounded up), for any x and 1 <= d <= 2^16: long division in 16-bit
// digits, each step dividing a value below 2^32 (the rest, below d, shifted by 16, plus a digit).
uint64_t divide_small(uint64_t x, uint32_t d, bool up = false);

// floor(num 2^32 / den) for num < den (a value below 2^32): the two-digit long division of Hacker's
// Delight (Warren, 2nd ed., section 9-4, divlu) with the low word 0, in base 2^16 after normalising den.
uint32_t divide_q32(uint32_t num, uint32_t den);

}  // namespace wsp

#endif
