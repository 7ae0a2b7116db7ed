/* Group: status codes, their names, field names and the version. */
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

/* The stable identifiers: one per value, lower case, the enumerator's name; "unknown" outside. */
static void test_status_names(void **state) {
    static const char *const names[] = {
        "ok", "null_argument", "kernel_empty", "kernel_character", "kernel_count", "sigma", "range",
        "overflow", "workspace_size", "workspace_align", "witness_length", "witness_warp",
        "witness_count", "schedule_cycle", "schedule_precedence", "schedule_capacity",
        "schedule_schedulers", "schedule_work_conservation", "internal", "invalid_handle",
        "unavailable", "io", "solver", "cfg_edge", "cfg_cycle", "cfg_structure", "ptx", "allocation",
        "reserved"};
    (void)state;
    assert_int_equal(sizeof names / sizeof names[0], WSP_STATUS_LAST + 1);
    for (int s = WSP_OK; s <= WSP_STATUS_LAST; ++s) assert_string_equal(wsp_status_name(s), names[s]);
    assert_string_equal(wsp_status_name(WSP_ERR_ALLOCATION), "allocation");
    assert_string_equal(wsp_status_name(WSP_ERR_RESERVED), "reserved");
    assert_string_equal(wsp_status_name(WSP_STATUS_LAST + 1), "unknown");
    assert_string_equal(wsp_status_name(-1), "unknown");
    assert_string_equal(wsp_status_name(INT32_MAX), "unknown");
    assert_string_equal(wsp_status_name(INT32_MIN), "unknown");
}

typedef struct field_name {
    uint32_t field;
    const char *name;
} field_name;

static const field_name fields[] = {
    {WSP_FIELD_NONE, "none"},
    {WSP_FIELD_KERNEL, "kernel"},
    {WSP_FIELD_WARPS, "warps"},
    {WSP_FIELD_UNITS, "units"},
    {WSP_FIELD_LATENCY, "latency"},
    {WSP_FIELD_WARP_SIZE, "warp_size"},
    {WSP_FIELD_SCHEDULERS, "schedulers"},
    {WSP_FIELD_PROBLEM, "problem"},
    {WSP_FIELD_WORKSPACE, "workspace"},
    {WSP_FIELD_OUTPUT, "output"},
    {WSP_FIELD_RESERVED, "reserved"},
    {WSP_FIELD_PSEUDO_PRECEDENCE, "pseudo_precedence"},
    {WSP_FIELD_SCHEDULE, "schedule"},
    {WSP_FIELD_WITNESS, "witness"},
    {WSP_FIELD_BUDGET, "budget"},
    {WSP_FIELD_INITIAL, "initial"},
    {WSP_FIELD_POLICY, "policy"},
    {WSP_FIELD_MOVES, "moves"},
    {WSP_FIELD_WINDOW, "window"},
    {WSP_FIELD_TEMPERATURE, "temperature"},
    {WSP_FIELD_ITERATIONS, "iterations"},
    {WSP_FIELD_ESTIMATE_T, "estimate_t"},
    {WSP_FIELD_ESTIMATE_X, "estimate_x"},
    {WSP_FIELD_METHODS, "methods"},
    {WSP_FIELD_BEAM_WIDTH, "beam_width"},
    {WSP_FIELD_CFG_NODE, "cfg_node"},
    {WSP_FIELD_CFG_EDGE, "cfg_edge"},
    {WSP_FIELD_SPSIMDS, "spsimds"},
    {WSP_FIELD_PWS_CUS, "pws_cus"},
    {WSP_FIELD_PWS_SIMDS, "pws_simds"},
    {WSP_FIELD_PWS_WF_CONTEXTS, "pws_wf_contexts"},
    {WSP_FIELD_PWS_WF_SIZE, "pws_wf_size"},
    {WSP_FIELD_PWS_WORKGROUPS, "pws_workgroups"},
    {WSP_FIELD_PWS_WG_SIZE, "pws_wg_size"},
    {WSP_FIELD_PWS_COSTS, "pws_costs"},
    {WSP_FIELD_PWS_PATHS, "pws_paths"},
    {WSP_FIELD_PWS_PARAMS, "pws_params"},
    {WSP_FIELD_PATH, "path"},
    {WSP_FIELD_JOB, "job"},
    {WSP_FIELD_THREADS, "threads"},
    {WSP_FIELD_SECONDS, "seconds"},
    {WSP_FIELD_ILP_CONSTRAINTS, "ilp_constraints"},
    {WSP_FIELD_IPET_GRAPH, "ipet_graph"},
    {WSP_FIELD_IPET_LOOP, "ipet_loop"},
    {WSP_FIELD_PTX, "ptx"},
    {WSP_FIELD_PTX_OPTIONS, "ptx_options"},
};

/* Every code 0 .. WSP_FIELD_LAST (and beyond) is either one of the table's, with its name, or
 * "unknown"; the names are distinct. */
static void test_field_names(void **state) {
    const size_t n = sizeof fields / sizeof fields[0];
    (void)state;
    assert_int_equal(fields[n - 1].field, WSP_FIELD_LAST);
    for (uint32_t code = 0; code <= WSP_FIELD_LAST + 64u; ++code) {
        const char *expected = "unknown";
        for (size_t k = 0; k < n; ++k)
            if (fields[k].field == code) expected = fields[k].name;
        assert_string_equal(wsp_field_name(code), expected);
    }
    for (size_t k = 0; k < n; ++k)
        for (size_t j = 0; j < k; ++j) assert_string_not_equal(fields[k].name, fields[j].name);
    assert_string_equal(wsp_field_name(0xFFFFFFFFu), "unknown");
    assert_string_equal(wsp_field_name(0x100u + WSP_FIELD_KERNEL), "unknown");
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
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_field_names),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests_name("status", tests, NULL, NULL);
}
