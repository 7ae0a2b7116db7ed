// The annealer's random numbers: xoshiro128** (Blackman and Vigna), 32-bit operations only so it is as
// fast on a Cortex-M as on the host, and bit-identical on both. The state is a plain value owned by
// the caller of the generator (the annealer keeps it on its stack frame); seeded from 64 bits with
// splitmix64, so every seed, 0 included, gives a non-zero state.
#ifndef WSP_ANNEAL_RNG_HPP
#define WSP_ANNEAL_RNG_HPP

#include <stdint.h>

namespace wsp {

class Rng {
public:
    explicit Rng(uint64_t seed) {
        for (uint32_t k = 0; k < 4; k += 2) {
            seed += 0x9E3779B97F4A7C15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            s_[k] = static_cast<uint32_t>(z);
            s_[k + 1] = static_cast<uint32_t>(z >> 32);
        }
        if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // unreachable for splitmix64, kept cheap
    }

    uint32_t next() {
        const uint32_t result = rotl(s_[1] * 5u, 7) * 9u;
        const uint32_t t = s_[1] << 9;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 11);
        return result;
    }

    // Uniform enough in [0, n) for n >= 1 (multiply-shift; the bias is below n / 2^32).
    uint32_t below(uint32_t n) { return static_cast<uint32_t>((uint64_t{next()} * n) >> 32); }

private:
    static uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
    uint32_t s_[4];
};

}  // namespace wsp

#endif
