// Group divide: the 64-bit divisions with 32-bit divisions only (lib/util/divide.hpp), which the
// firmware's code uses instead of libgcc's 64-bit division. Both must equal the compiler's own
// division exactly: a table of edge cases (largest values, powers of two, divisors at the limits,
// quotient digits that need the correction steps), then random values on many scales.
#include <stdint.h>

extern "C" {
#include "test_util.h"
}

#include "util/divide.hpp"

namespace {

struct SmallCase {
    uint64_t x;
    uint32_t d;
};

const SmallCase kSmall[] = {
    {0, 1},          {1, 1},          {UINT64_MAX, 1},     {UINT64_MAX, 2},      {UINT64_MAX, 10},
    {UINT64_MAX, 0xFFFFu}, {UINT64_MAX, 0x10000u}, {0xFFFFu, 0x10000u}, {0x10000u, 0x10000u},
    {uint64_t{1} << 63, 3}, {(uint64_t{1} << 47) - 1, 7}, {999999999999ull, 10}, {18446744073709551610ull, 10},
};

void check_small(uint64_t x, uint32_t d, uint32_t seed) {
    const uint64_t down = wsp::divide_small(x, d), up = wsp::divide_small(x, d, true);
    const uint64_t expected = x / d, expected_up = expected + (x % d != 0);
    CHECK_SEEDED(down == expected && up == expected_up, seed,
                 "divide_small(%llu, %u) = %llu (up %llu), expected %llu (up %llu)", (unsigned long long)x, d,
                 (unsigned long long)down, (unsigned long long)up, (unsigned long long)expected,
                 (unsigned long long)expected_up);
}

void check_q32(uint32_t num, uint32_t den, uint32_t seed) {
    const uint64_t expected = (uint64_t{num} << 32) / den;
    const uint32_t q = wsp::divide_q32(num, den);
    CHECK_SEEDED(q == expected, seed, "divide_q32(%u, %u) = %u, expected %llu", num, den, q,
                 (unsigned long long)expected);
}

uint64_t draw64(uint32_t *rng) {
    const uint64_t v = (uint64_t{rng_below(rng, 0xFFFFFFFFu)} << 32) | rng_below(rng, 0xFFFFFFFFu);
    return v >> rng_below(rng, 64);  // every scale
}

void test_divide_small(void **) {
    for (const SmallCase &c : kSmall) check_small(c.x, c.d, 0);
    const uint32_t base = test_seed() ^ 0xd1du;
    for (int n = 0; n < 200000; ++n) {
        const uint32_t seed = case_seed(base, n);
        uint32_t rng = seed;
        const uint32_t d = 1 + rng_below(&rng, 1u << (1 + rng_below(&rng, 16)));  // 1 .. 2^16
        check_small(draw64(&rng), d, seed);
    }
}

void test_divide_q32(void **) {
    const uint32_t table[][2] = {
        {0, 1},           {0, UINT32_MAX},  {1, 2},          {1, 3},          {UINT32_MAX - 1, UINT32_MAX},
        {0x7FFFFFFFu, 0x80000000u},         {0x80000000u, 0x80000001u},       {1, UINT32_MAX},
        {0xFFFFu, 0x10000u}, {0x12345u, 0x12346u}, {5, 10},      {9, 10},         {0x8000u, 0x8001u},
    };
    for (const auto &c : table) check_q32(c[0], c[1], 0);
    const uint32_t base = test_seed() ^ 0xd1e;
    for (int n = 0; n < 200000; ++n) {
        const uint32_t seed = case_seed(base, n);
        uint32_t rng = seed;
        const uint32_t den = 2 + rng_below(&rng, (UINT32_MAX >> rng_below(&rng, 31)) - 1u);  // 2 .. 2^32 - 1
        const uint32_t num = rng_below(&rng, 2) ? den - 1u - rng_below(&rng, den < 64 ? den : 64)
                                                : rng_below(&rng, den);
        check_q32(num, den, seed);
    }
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_divide_small),
        cmocka_unit_test(test_divide_q32),
    };
    return cmocka_run_group_tests_name("divide", tests, NULL, NULL);
}
