// Group bracket: the anytime bracket (wsp_bracket_run, bracket/bracket.hpp) and its host form
// (wsp_host_bracket_run, host/jobs/bracket_jobs.hpp), through the public calls. On every instance
// small enough for the exhaustive schedule oracle, and
// for budgets from a handful of units to the default, the bracket contains T(W): lower <= T(W) <= upper,
// the witness decodes to `lower` and the independent validator accepts it, `upper` is at most the
// closed-form bound, and a closed bracket (FINISHED) is T(W) itself. Runs are deterministic for a seed
// and whatever the workspace held; the host gives the same bracket for 1 and 2 threads with a work
// budget and keeps to a time budget; the progress callback can stop every phase; every error path is
// checked. Seeds are printed on failure (WSP_TEST_SEED repeats a run).
#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

#include "bounds/upper.hpp"
#include "bracket/bracket.hpp"
#include "host/jobs/bracket_jobs.hpp"
#include "host/bounds/slot_bound.hpp"
#include "model/problem.hpp"
#include "witness_helpers.hpp"

namespace {

using witness_helpers::random_instance;
using witness_helpers::validated;

uint64_t workspace[1 << 19];  // 4 MiB
uint32_t witness[4096], witness2[4096];

size_t size_for(const wsp_problem *p, const wsp_bracket_options *o) {
    size_t size = 0;
    assert_int_equal(wsp_bracket_workspace_size(p, o, &size, NULL), WSP_OK);
    assert_true(size <= sizeof workspace);
    return size;
}

// What every bracket must satisfy against the oracle's T(W).
void check_bracket(const wsp_problem *p, const wsp_bracket_result &r, const uint32_t *string, uint32_t T,
                   uint32_t seed, const char *what, int instance) {
    const uint32_t bound = static_cast<uint32_t>(wsp::proven_upper(*p));
    CHECK_SEEDED(r.lower <= T && T <= r.upper, seed, "%s, instance %d: T = %u outside [%u, %u]", what, instance, T,
                 r.lower, r.upper);
    CHECK_SEEDED(r.upper <= bound && r.bound == bound, seed, "%s, instance %d: upper %u, bound %u of %u", what,
                 instance, r.upper, r.bound, bound);
    CHECK_SEEDED(validated(p, string, seed, what) == r.lower, seed, "%s, instance %d: the witness is not %u", what,
                 instance, r.lower);
    CHECK_SEEDED((r.stop == WSP_STOP_FINISHED) == (r.lower == r.upper), seed, "%s, instance %d: stop %u for [%u, %u]",
                 what, instance, r.stop, r.lower, r.upper);
    // the host's bracket may start from the slot bound (wsp_host_bracket_run only): then it is that value
    const bool slot_ok = r.upper_by == WSP_BRACKET_UPPER_SLOT && r.upper < bound &&
                         wsp::host_slot_bound(*p).bound == r.upper;
    CHECK_SEEDED(r.upper_by == wsp::kBracketUpperExact || slot_ok || r.upper == bound, seed,
                 "%s, instance %d: upper %u by %u, the bound %u", what, instance, r.upper, r.upper_by, bound);
}

// Every tiny instance, budgets from 1 unit to the default: the bracket holds T(W) (exhaustive oracle),
// and the default budget closes it on nearly all of them.
void test_bracket_contains_T(void **) {
    const uint32_t seed = test_seed() ^ 0xb7ac4u;
    uint32_t rng = seed;
    int closed = 0, count = 0;
    const uint64_t budgets[] = {1, 40, 400, 4000, 0};
    for (int instance = 0; instance < 120; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, true);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        const uint32_t T = oracle_schedules(p);
        for (uint64_t budget : budgets) {
            wsp_bracket_options o = {};
            o.control.budget = budget;
            o.seed = rng_next(&rng);
            o.states = rng_below(&rng, 2) ? 0 : 16 + rng_below(&rng, 200);
            const size_t size = size_for(p, &o);
            wsp_bracket_result r;
            wsp_diag d;
            const wsp_status st = wsp_bracket_run(p, &o, workspace, size, witness, n, &r, &d);
            CHECK_SEEDED(st == WSP_OK, seed, "instance %d (%s W=%u): %s", instance, kernel, p->warps, d.message);
            check_bracket(p, r, witness, T, seed, "bracket", instance);
            if (budget != 0)
                CHECK_SEEDED(r.work <= budget + wsp::kStateUnits, seed, "instance %d: %llu units of %llu", instance,
                             (unsigned long long)r.work, (unsigned long long)budget);
            if (budget == 0) {
                ++count;
                closed += r.lower == r.upper;
            }
        }
    }
    print_message("bracket: the default budget closed %d of %d tiny brackets\n", closed, count);
    assert_true(closed * 10 >= count * 9);
}

// The same options give the same bracket whatever the workspace held; larger instances too.
void test_deterministic(void **) {
    const uint32_t seed = test_seed() ^ 0xde7b4u;
    uint32_t rng = seed;
    for (int instance = 0; instance < 20; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, false);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        wsp_bracket_options o = {};
        o.seed = rng_next(&rng);
        o.control.budget = 20000 + rng_below(&rng, 100000);
        o.max_beam = 1 + rng_below(&rng, 64);
        const size_t size = size_for(p, &o);
        wsp_bracket_result r1, r2;
        assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness, n, &r1, NULL), WSP_OK);
        memset(workspace, 0xA5, size);
        assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness2, n, &r2, NULL), WSP_OK);
        CHECK_SEEDED(r1.lower == r2.lower && r1.upper == r2.upper && r1.work == r2.work &&
                         memcmp(witness, witness2, n * 4) == 0,
                     seed, "instance %d (%s W=%u): [%u, %u] then [%u, %u]", instance, kernel, p->warps, r1.lower,
                     r1.upper, r2.lower, r2.upper);
        CHECK_SEEDED(validated(p, witness, seed, "bracket") == r1.lower, seed, "instance %d", instance);
        CHECK_SEEDED(r1.lower <= r1.upper && r1.upper <= r1.bound, seed, "instance %d", instance);
        CHECK_SEEDED(r1.work <= o.control.budget, seed, "instance %d: %llu units of %llu", instance,
                     (unsigned long long)r1.work, (unsigned long long)o.control.budget);
    }
}

// The progress callback: work in bracket units that never goes back within a phase's report and
// stays within the budget, the bracket so far; stopping it in any phase keeps a valid bracket.
struct Watch {
    int calls, stop_at;
    uint32_t answer;
    uint64_t budget;
    bool bad;
};

uint32_t watch(void *context, const wsp_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    ++w->calls;
    if (pr->work > w->budget || pr->lower > pr->upper) w->bad = true;
    return w->calls >= w->stop_at ? w->answer : 0u;
}

void test_progress_stops(void **) {
    const uint32_t seed = test_seed() ^ 0x57095u;
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&tp, "L5 C9 L2 C9", 6, sigma, 4);
    const wsp_problem *p = tp.p;
    const size_t n = size_t{p->warps} * p->length;
    const uint32_t answers[] = {WSP_STOP_TIME, WSP_STOP_CANCELLED, 7u};
    for (uint32_t answer : answers) {
        for (int stop_at = 1; stop_at <= 60; stop_at += 7) {
            Watch w = {0, stop_at, answer, 400000, false};
            wsp_bracket_options o = {};
            o.control.budget = w.budget;
            o.control.progress = watch;
            o.control.context = &w;
            o.control.interval = 1000;
            o.states = 1u << 12;
            const size_t size = size_for(p, &o);
            wsp_bracket_result r;
            assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness, n, &r, NULL), WSP_OK);
            CHECK_SEEDED(!w.bad, seed, "stop at call %d: a report outside the budget or the bracket", stop_at);
            CHECK_SEEDED(validated(p, witness, seed, "stopped") == r.lower && r.lower <= r.upper, seed,
                         "stop at call %d", stop_at);
            if (w.calls >= stop_at && r.lower < r.upper) {
                const uint32_t want = answer == WSP_STOP_TIME ? uint32_t{WSP_STOP_TIME} : uint32_t{WSP_STOP_CANCELLED};
                CHECK_SEEDED(r.stop == want, seed, "stop at call %d: stop %u, not %u", stop_at, r.stop, want);
            }
        }
    }
}

// Voronoi W = 6 (paper 003; T(6) = 77 from the exact search): the default budget settles it.
void test_voronoi_settles(void **) {
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&tp, "L5 C9 L2 C9", 6, sigma, 4);
    const wsp_problem *p = tp.p;
    const size_t n = size_t{p->warps} * p->length;
    wsp_bracket_options o = {};
    o.states = 1u << 14;
    wsp_bracket_result r;
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size_for(p, &o), witness, n, &r, NULL), WSP_OK);
    assert_int_equal(r.stop, WSP_STOP_FINISHED);
    assert_int_equal(r.lower, r.upper);
    assert_int_equal(validated(p, witness, 0, "voronoi"), r.lower);
}

// The host: the same bracket for 1 and 2 threads with a work budget (and the jobs' seeds); a time
// budget is kept (a generous margin for a loaded machine) and the bracket holds on the oracle's cases.
void test_host(void **) {
    const uint32_t seed = test_seed() ^ 0x4057u;
    uint32_t rng = seed;
    for (int instance = 0; instance < 12; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, instance < 6);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        wsp_host_bracket_options h = {};
        h.bracket.seed = rng_next(&rng);
        h.bracket.control.budget = 20000 + rng_below(&rng, 100000);
        h.jobs = 1 + rng_below(&rng, 4);
        h.memory = uint64_t{8} << 20;
        wsp_host_run_options one = {}, two = {};
        one.threads = 1;
        two.threads = 2;
        wsp_host_bracket_result r1, r2;
        wsp_diag d;
        assert_int_equal(wsp_host_bracket_run(p, &h, &one, witness, n, &r1, &d), WSP_OK);
        assert_int_equal(wsp_host_bracket_run(p, &h, &two, witness2, n, &r2, &d), WSP_OK);
        // The work is compared only for an open bracket: when a witness search job closes it, the
        // jobs after it are stopped wherever they stand (lower_jobs.hpp), and their units count.
        CHECK_SEEDED(r1.bracket.lower == r2.bracket.lower && r1.bracket.upper == r2.bracket.upper &&
                         (r1.bracket.lower == r1.bracket.upper || r1.bracket.work == r2.bracket.work) &&
                         memcmp(witness, witness2, n * 4) == 0,
                     seed, "instance %d (%s W=%u): [%u, %u] (%llu units, witness %s) with 1 thread, [%u, %u] (%llu) with 2",
                     instance, kernel, p->warps, r1.bracket.lower, r1.bracket.upper,
                     (unsigned long long)r1.bracket.work, memcmp(witness, witness2, n * 4) == 0 ? "same" : "differs",
                     r2.bracket.lower, r2.bracket.upper, (unsigned long long)r2.bracket.work);
        CHECK_SEEDED(validated(p, witness, seed, "host") == r1.bracket.lower, seed, "instance %d", instance);
        if (instance < 6) check_bracket(p, r1.bracket, witness, oracle_schedules(p), seed, "host", instance);
    }
    // A time budget on an instance the work would take long on.
    test_problem tp;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&tp, "L5 C9 L2 C9", 24, sigma, 4);
    const wsp_problem *p = tp.p;
    const size_t n = size_t{p->warps} * p->length;
    wsp_host_bracket_options h = {};
    h.memory = uint64_t{16} << 20;
    wsp_host_run_options run = {};
    run.seconds = 0.3;
    wsp_host_bracket_result r;
    const double t0 = wsp_host_seconds();
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, n, &r, NULL), WSP_OK);
    const double took = wsp_host_seconds() - t0;
    CHECK_SEEDED(took < 0.3 + 1.0, seed, "a 0.3 s budget took %.3f s", took);
    CHECK_SEEDED(r.bracket.stop == WSP_STOP_TIME || r.bracket.stop == WSP_STOP_FINISHED, seed, "stop %u",
                 r.bracket.stop);
    assert_int_equal(validated(p, witness, seed, "timed"), r.bracket.lower);
    assert_true(r.bracket.lower > 0 && r.bracket.lower <= r.bracket.upper);
}

void test_errors(void **) {
    test_problem tp;
    const uint32_t sigma[4] = {1, 1, 1, 1};
    tp_init(&tp, "LCS", 3, sigma, 0);
    const wsp_problem *p = tp.p;
    wsp_diag d;
    wsp_bracket_result r;
    size_t size = 0;
    const uint64_t fake[8] = {0};
    assert_int_equal(wsp_bracket_workspace_size(p, NULL, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_bracket_workspace_size(NULL, NULL, &size, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(size, 0);
    assert_int_equal(wsp_bracket_workspace_size(reinterpret_cast<const wsp_problem *>(fake), NULL, &size, &d),
                     WSP_ERR_INVALID_HANDLE);
    // Reserved words: control.reserved are 1..4, the options' own 5..9.
    wsp_bracket_options o = {};
    o.control.reserved[1] = 1;
    assert_int_equal(wsp_bracket_workspace_size(p, &o, &size, &d), WSP_ERR_RESERVED);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 2);
    o = {};
    o.reserved[4] = 1;
    assert_int_equal(wsp_bracket_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 9);
    o = {};
    o.states = UINT64_MAX / 2;  // a table that cannot be sized
    assert_int_equal(wsp_bracket_workspace_size(p, &o, &size, &d), WSP_ERR_OVERFLOW);
    o = {};
    size = size_for(p, &o);
    assert_int_equal(wsp_bracket_run(NULL, &o, workspace, size, witness, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size, NULL, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness, 9, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness, 8, &r, &d), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size - 8, witness, 9, &r, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(wsp_bracket_run(p, &o, reinterpret_cast<uint8_t *>(workspace) + 4, size, witness, 9, &r, &d),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(wsp_bracket_run(p, &o, NULL, size, witness, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_bracket_run(p, NULL, workspace, size, witness, 9, &r, &d), WSP_OK);
    assert_int_equal(r.lower, validated(p, witness, 0, "defaults"));
    assert_int_equal(r.lower, r.upper);
    // The plan: an eighth, then a quarter in states.
    const wsp::BracketPlan plan = wsp::bracket_plan(800);
    assert_int_equal(plan.first_lower, 100);
    assert_int_equal(plan.exact_states, 200 / wsp::kStateUnits);
    assert_int_equal(wsp::bracket_plan(1).first_lower, 1);
    assert_int_equal(wsp::bracket_plan(1).exact_states, 0);
    // The host: NULL, a bad handle, the witness length, the run options, reserved words.
    wsp_host_bracket_options h = {};
    wsp_host_bracket_result hr;
    wsp_host_run_options run = {};
    assert_int_equal(wsp_host_bracket_run(NULL, &h, &run, witness, 9, &hr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, NULL, 9, &hr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_host_bracket_run(reinterpret_cast<const wsp_problem *>(fake), &h, &run, witness, 9, &hr, &d),
                     WSP_ERR_INVALID_HANDLE);
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 10, &hr, &d), WSP_ERR_WITNESS_LENGTH);
    run.seconds = -1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_SECONDS);
    run.seconds = 0;
    // Reserved words: the bracket options' 1..9, ours 10 and 11..18, the run options' 19 and 20..27.
    run.reserved0 = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 19);
    run.reserved0 = 0;
    run.reserved[7] = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 27);
    run.reserved[7] = 0;
    h.bracket.control.reserved[0] = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 1);
    h.bracket.control.reserved[0] = 0;
    h.bracket.reserved[0] = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 5);
    h.bracket.reserved[0] = 0;
    h.reserved0 = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 10);
    h.reserved0 = 0;
    h.reserved[7] = 1;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 18);
    h.reserved[7] = 0;
    h.bracket.max_beam = WSP_LOWER_MAX_BEAM + 1u;
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_BEAM_WIDTH);
    h.bracket.max_beam = 0;
    // Every error leaves the result zeroed.
    memset(&hr, 0xa5, sizeof hr);
    assert_int_equal(wsp_host_bracket_run(p, &h, &run, witness, 8, &hr, &d), WSP_ERR_WITNESS_LENGTH);
    const wsp_host_bracket_result zero_host = {};
    assert_int_equal(memcmp(&hr, &zero_host, sizeof hr), 0);
    assert_int_equal(wsp_host_bracket_run(p, &h, NULL, witness, 9, &hr, &d), WSP_OK);
    assert_int_equal(hr.bracket.lower, validated(p, witness, 0, "host defaults"));
    assert_int_equal(hr.bracket.lower, hr.bracket.upper);
    assert_int_equal(hr.jobs, WSP_HOST_LOWER_DEFAULT_JOBS);
    // NULL options: the defaults.
    assert_int_equal(wsp_host_bracket_run(p, NULL, NULL, witness, 9, &hr, &d), WSP_OK);
    assert_int_equal(hr.bracket.lower, validated(p, witness, 0, "host NULL options"));
}

// The default budget and the core's range and zeroing paths.
void test_public_extras(void **) {
    test_problem tp;
    const uint32_t sigma[4] = {1, 1, 1, 1};
    tp_init(&tp, "LCS", 3, sigma, 0);
    const wsp_problem *p = tp.p;
    const uint64_t fake[8] = {0};
    assert_int_equal(wsp_bracket_default_work(p), 4u * wsp_lower_default_work(p));
    assert_int_equal(wsp_bracket_default_work(NULL), 0);
    assert_int_equal(wsp_bracket_default_work(reinterpret_cast<const wsp_problem *>(fake)), 0);
    wsp_diag d;
    size_t size = 0;
    wsp_bracket_options o = {};
    o.max_beam = WSP_LOWER_MAX_BEAM + 1u;
    assert_int_equal(wsp_bracket_workspace_size(p, &o, &size, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_BEAM_WIDTH);
    assert_int_equal(size, 0);
    wsp_bracket_result r;
    memset(&r, 0xa5, sizeof r);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RANGE);
    const wsp_bracket_result zero_result = {};
    assert_int_equal(memcmp(&r, &zero_result, sizeof r), 0);
    o = {};
    assert_int_equal(wsp_bracket_workspace_size(p, &o, &size, &d), WSP_OK);
    memset(&r, 0xa5, sizeof r);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size - 8, witness, 9, &r, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(memcmp(&r, &zero_result, sizeof r), 0);
    // The defaults: the same size for NULL and zeroed options, and the result's bookkeeping.
    size_t size_null = 0;
    assert_int_equal(wsp_bracket_workspace_size(p, NULL, &size_null, &d), WSP_OK);
    assert_int_equal(size_null, size);
    assert_int_equal(wsp_bracket_run(p, &o, workspace, size, witness, 9, &r, &d), WSP_OK);
    assert_int_equal(d.status, WSP_OK);
    assert_int_equal(r.stop, WSP_STOP_FINISHED);
    assert_true(r.upper <= r.bound);
    assert_true(r.upper_by == WSP_BRACKET_UPPER_BOUND || r.upper_by == WSP_BRACKET_UPPER_EXACT);
    assert_true(r.found_by <= WSP_BRACKET_FOUND_EXACT);
    assert_true(r.work_lower <= r.work && r.work <= wsp_bracket_default_work(p));
    for (size_t k = 0; k < sizeof r.reserved / sizeof r.reserved[0]; ++k) assert_int_equal(r.reserved[k], 0);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bracket_contains_T),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_progress_stops),
        cmocka_unit_test(test_voronoi_settles),
        cmocka_unit_test(test_host),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_public_extras),
    };
    return cmocka_run_group_tests_name("bracket", tests, NULL, NULL);
}
