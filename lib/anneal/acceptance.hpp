// The acceptance rule of paper 003, Eq. 3, with the linear cooling T = T0 (1 - iter / iter_max), in
// integer arithmetic so that a seed gives the same run on every target (a Cortex-M4 has no double
// precision unit, and float rounding differs between compilers and flags).
//
// T0 is given in units of 2^-16 cycle. A worse candidate (m' = m - d, d >= 1) is accepted with
// probability min(1, T / d): draw r uniformly from [0, 2^32) and accept iff r * d < T * 2^32, where
// T * 2^32 = (t0 * frac) / 2^16, t0 = T0 * 2^16 and frac = floor(2^32 (iter_max - iter) / iter_max).
// No product overflows: t0 < 2^32 and frac <= 2^32 give t0 * frac < 2^64, and r, d < 2^32.
#ifndef WSP_ANNEAL_ACCEPTANCE_HPP
#define WSP_ANNEAL_ACCEPTANCE_HPP

#include <stdint.h>

#include "util/divide.hpp"

namespace wsp {

// floor(2^32 * (iter_max - iter) / iter_max) for iter < iter_max, computed without overflow; for
// iter_max >= 2^32 both terms lose their low bits first (a relative error below 2^-31).
inline uint64_t cooling_fraction(uint64_t iter, uint64_t iter_max) {
    uint64_t left = iter_max - iter, total = iter_max;
    while (total >> 32) {
        left >>= 1;
        total >>= 1;
    }
    if (total == 0) return 0;
    if (left >= total) return uint64_t{1} << 32;  // iter = 0
    return divide_q32(static_cast<uint32_t>(left), static_cast<uint32_t>(total));  // no 64-bit division
}

// T * 2^32 at iteration iter (t0 in units of 2^-16 cycle).
inline uint64_t temperature_q32(uint32_t t0, uint64_t iter, uint64_t iter_max) {
    return (uint64_t{t0} * cooling_fraction(iter, iter_max)) >> 16;
}

// Eq. 3 for a worse candidate: `worse_by` = m - m' >= 1, `r` uniform in [0, 2^32).
inline bool accept_worse(uint32_t r, uint32_t worse_by, uint64_t temperature) {
    return uint64_t{r} * worse_by < temperature;
}

}  // namespace wsp

#endif
