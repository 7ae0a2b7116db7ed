/* Group: status codes and version. */
#include "test_util.h"

static void test_strerror_every_status(void **state) {
    (void)state;
    for (int s = WSP_OK; s <= WSP_STATUS_LAST; ++s) {
        const char *msg = wsp_strerror((wsp_status)s);
        assert_non_null(msg);
        assert_true(strlen(msg) > 5);
        assert_string_not_equal(msg, "unknown status");
        for (int t = WSP_OK; t < s; ++t) assert_string_not_equal(msg, wsp_strerror((wsp_status)t));
    }
    assert_string_equal(wsp_strerror((wsp_status)9999), "unknown status");
    assert_string_equal(wsp_strerror((wsp_status)-1), "unknown status");
}

static void test_version(void **state) {
    char expected[32];
    (void)state;
    assert_int_equal(wsp_version_number(), WSP_VERSION_NUMBER);
    snprintf(expected, sizeof expected, "%d.%d.%d", WSP_VERSION_MAJOR, WSP_VERSION_MINOR,
             WSP_VERSION_PATCH);
    assert_string_equal(wsp_version(), expected);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strerror_every_status),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests_name("status", tests, NULL, NULL);
}
