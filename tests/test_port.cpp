// Group: the port hooks. Under UNIT_TESTING, WSP_ASSERT reaches cmocka's mock_assert, so a contract
// violation inside the core is a testable failure, not a trap. The occupancy table is header-only,
// so this test compiles it with UNIT_TESTING itself.
#define UNIT_TESTING 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>  // declares mock_assert without C linkage when read as C++
}

#include "schedule/occupancy.hpp"

static void test_take_within_horizon(void **) {
    uint32_t storage[5 * 6];
    const uint32_t sigma[4] = {1, 2, 1, 1};
    wsp::Occupancy occ(storage, 4, sigma, 0);
    occ.take(1, WSP_UNIT_C);
    occ.take(1, WSP_UNIT_C);
    assert_int_equal(occ.earliest(1, WSP_UNIT_C), 2);
    assert_int_equal(occ.earliest(1, WSP_UNIT_L), 1);
}

static void test_take_past_horizon_asserts(void **) {
    uint32_t storage[5 * 6];
    const uint32_t sigma[4] = {1, 1, 1, 1};
    wsp::Occupancy occ(storage, 4, sigma, 0);
    expect_assert_failure(occ.take(5, WSP_UNIT_L));
    occ.take(2, WSP_UNIT_L);
    expect_assert_failure(occ.take(2, WSP_UNIT_L));  // no room left in cycle 2
}

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_take_within_horizon),
        cmocka_unit_test(test_take_past_horizon_asserts),
    };
    return cmocka_run_group_tests_name("port", tests, nullptr, nullptr);
}
