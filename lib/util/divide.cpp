// Divisions with 32-bit divisions only (divide.hpp).
#include "util/divide.hpp"

namespace wsp {

uint64_t divide_small(uint64_t x, uint32_t d, bool up) {
    uint64_t q = 0;
    uint32_t r = 0;
    for (int shift = 48; shift >= 0; shift -= 16) {
        const uint32_t part = (r << 16) | static_cast<uint32_t>((x >> shift) & 0xFFFFu);
        q = (q << 16) | (part / d);
        r = part % d;
    }
    return q + (up && r != 0 ? 1u : 0u);
}

uint32_t divide_q32(uint32_t num, uint32_t den) {
    // Normalise so that den's top bit is set; the dividend num 2^32 shifts with it (its low word
    // stays 0, so num's high bits move into the upper digit pair only). Each quotient digit q is
    // estimated from the top digits and corrected at most twice (Knuth's Algorithm D).
    constexpr uint32_t b = 0x10000u;
    const int s = __builtin_clz(den);
    const uint32_t v = den << s;
    const uint32_t v1 = v >> 16, v0 = v & 0xFFFFu;
    const uint32_t u32 = num << s;  // num < den, so nothing is lost
    uint32_t q1 = u32 / v1, rhat = u32 - q1 * v1;
    while (q1 >= b || q1 * v0 > b * rhat) {
        --q1;
        rhat += v1;
        if (rhat >= b) break;
    }
    const uint32_t u21 = u32 * b - q1 * v;  // modulo 2^32: the true value is below v
    uint32_t q0 = u21 / v1;
    rhat = u21 - q0 * v1;
    while (q0 >= b || q0 * v0 > b * rhat) {
        --q0;
        rhat += v1;
        if (rhat >= b) break;
    }
    return q1 * b + q0;
}

}  // namespace wsp
