// Group lower: the lower-bound search (wsp_lower_run, wsp_host_lower_run; since 1.1) and its parts
// (through the internal headers).
// Every witness any part returns is decoded and checked here again by the independent validator;
// on instances small enough for the exhaustive schedule oracle none exceeds T(W), and the search
// reaches T(W) on nearly all. Runs are deterministic for a seed, respect their work budget, stop at
// the proven (or the caller's) upper bound and when the progress callback says so; the host's jobs
// give the same witness for 1 and 2 threads with a work budget. Every error path is checked.
#include <stdint.h>
#include <string.h>

extern "C" {
#include "test_util.h"
}

#include "warpspan_host.h"
#include "lower/beam.hpp"
#include "lower/lower.hpp"
#include "lower/policy.hpp"
#include "model/problem.hpp"
#include "witness_helpers.hpp"

namespace {

using witness_helpers::random_instance;
using witness_helpers::validated;

uint64_t workspace[1 << 19];  // 4 MiB
uint32_t witness[4096], witness2[4096];

size_t size_for(const wsp_problem *p, const wsp_lower_options *o) {
    size_t size = 0;
    assert_int_equal(wsp_lower_workspace_size(p, o, &size, NULL), WSP_OK);
    assert_true(size <= sizeof workspace);
    return size;
}

// Every part alone and all together: validated witnesses, never above T(W) (exhaustive oracle), and
// the default search reaches T(W) on nearly every instance.
void test_witnesses_valid_and_below_T(void **) {
    const uint32_t seed = test_seed() ^ 0x10e3u;
    uint32_t rng = seed;
    int reached = 0, count = 0;
    for (int instance = 0; instance < 150; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, true);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        const uint32_t T = oracle_schedules(p);
        const uint32_t methods[] = {0, wsp::kLowerPolicies, wsp::kLowerBeam, wsp::kLowerAnneal};
        for (uint32_t m : methods) {
            wsp_lower_options o = {};
            o.seed = rng_next(&rng);
            o.methods = m;
            wsp_lower_result r;
            wsp_diag d;
            const size_t size = size_for(p, &o);
            assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, n, &r, &d), WSP_OK);
            const uint32_t v = validated(p, witness, seed, "lower");
            CHECK_SEEDED(v == r.lower && r.lower <= T && r.upper >= T, seed,
                         "instance %d (%s W=%u) methods %u: lower %u (decodes to %u), T(W) %u, upper %u",
                         instance, kernel, p->warps, m, r.lower, v, T, r.upper);
            CHECK_SEEDED(r.stop == (r.lower >= r.upper ? uint32_t{WSP_STOP_FINISHED} : uint32_t{WSP_STOP_BUDGET}), seed,
                         "instance %d: stop %u with lower %u upper %u", instance, r.stop, r.lower, r.upper);
            if (m == 0) {
                ++count;
                reached += r.lower == T;
            }
        }
    }
    print_message("lower: T(W) reached on %d of %d tiny instances\n", reached, count);
    CHECK_SEEDED(reached * 100 >= count * 98, seed, "T(W) reached on %d of %d only", reached, count);
}

// The beam on its own: any width, both modes; its string decodes to what it says, never above T(W).
void test_beam_paths(void **) {
    const uint32_t seed = test_seed() ^ 0xbea3u;
    uint32_t rng = seed;
    for (int instance = 0; instance < 120; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, true);
        const wsp_problem *p = tp.p;
        wsp_bounds b;
        wsp_bounds_compute(p, &b, NULL);
        const uint32_t horizon = static_cast<uint32_t>(b.upper), T = oracle_schedules(p);
        const uint32_t width = 1 + rng_below(&rng, 40);
        assert_true(wsp::BeamSearch::bytes(*p, horizon, width) <= sizeof workspace);
        wsp::BeamSearch beam(*p, horizon, width, workspace);
        wsp::Budget budget(~uint64_t{0} / 2, nullptr, nullptr, 1);
        bool finished = false;
        const uint32_t m = beam.run(width, rng_below(&rng, wsp::BeamSearch::kModes), rng_next(&rng), 0,
                                    horizon, budget, witness, &finished);
        CHECK_SEEDED(m > 0, seed, "instance %d (%s W=%u): the beam found no schedule", instance, kernel, p->warps);
        const uint32_t v = validated(p, witness, seed, "beam");
        CHECK_SEEDED(v == m && m <= T, seed, "instance %d (%s W=%u) width %u: beam %u, decodes to %u, T(W) %u",
                     instance, kernel, p->warps, width, m, v, T);
        // Asked to beat T(W) itself, it finds nothing and ends early.
        wsp::BeamSearch again(*p, horizon, width, workspace);
        const uint32_t none = again.run(width, 0, 1, T, horizon, budget, witness, &finished);
        CHECK_SEEDED(none == 0 && finished, seed, "instance %d: beat T(W) = %u with %u", instance, T, none);
    }
}

// Every dispatch policy the search tries is work-conserving: its string decodes to the cycles the
// simulation counted, and the validator accepts it.
void test_policies_simulate_their_schedules(void **) {
    const uint32_t seed = test_seed() ^ 0x9011u;
    uint32_t rng = seed;
    for (int instance = 0; instance < 200; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, instance % 2 == 0);
        const wsp_problem *p = tp.p;
        assert_true(wsp::PolicySearch::bytes(*p) <= sizeof workspace);
        wsp::PolicySearch search(*p, workspace);
        wsp::Budget budget(~uint64_t{0} / 2, nullptr, nullptr, 1);
        for (int k = 0; k < 20; ++k) {
            wsp::Policy q = {};
            for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) q.type_rank[u] = static_cast<uint8_t>(rng_below(&rng, 4));
            q.progress = static_cast<uint8_t>(rng_below(&rng, 3));
            q.released_first = static_cast<uint8_t>(rng_below(&rng, 2));
            q.held = rng_below(&rng, p->warps + 1);
            q.release = rng_below(&rng, 3 * p->length + 2);
            const uint32_t m = search.simulate(q, budget, witness);
            const uint32_t v = validated(p, witness, seed, "policy");
            CHECK_SEEDED(v == m, seed, "instance %d (%s W=%u) policy %d: simulated %u, decodes to %u", instance,
                         kernel, p->warps, k, m, v);
        }
    }
}

// The same options give the same witness; larger instances too (not only the oracle's).
void test_deterministic(void **) {
    const uint32_t seed = test_seed() ^ 0xde7u;
    uint32_t rng = seed;
    for (int instance = 0; instance < 25; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, false);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        wsp_lower_options o = {};
        o.seed = rng_next(&rng);
        o.control.budget = 20000 + rng_below(&rng, 60000);
        o.max_beam = 1 + rng_below(&rng, 64);
        const size_t size = size_for(p, &o);
        wsp_lower_result r1, r2;
        assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, n, &r1, NULL), WSP_OK);
        memset(workspace, 0xA5, size);  // nothing may depend on what the memory held
        assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness2, n, &r2, NULL), WSP_OK);
        CHECK_SEEDED(r1.lower == r2.lower && r1.work == r2.work && memcmp(witness, witness2, n * 4) == 0, seed,
                     "instance %d (%s W=%u): %u then %u", instance, kernel, p->warps, r1.lower, r2.lower);
        CHECK_SEEDED(validated(p, witness, seed, "lower") == r1.lower, seed, "instance %d", instance);
        CHECK_SEEDED(r1.work <= o.control.budget, seed, "instance %d: %llu units of %llu", instance,
                     (unsigned long long)r1.work, (unsigned long long)o.control.budget);
    }
}

// Budgets: never more units than given (from 1 unit up), a witness even then; the search stops at
// the caller's upper bound; the progress callback sees every new best and can stop the run.
struct Watch {
    int calls, improvements, stop_after;
    uint32_t last_best;
};

uint32_t watch_progress(void *context, const wsp_progress *pr) {
    Watch *w = static_cast<Watch *>(context);
    ++w->calls;
    if (pr->improved) {
        ++w->improvements;
        if (pr->lower <= w->last_best) return WSP_STOP_CANCELLED;  // improvements must improve
        w->last_best = pr->lower;
    }
    return w->stop_after > 0 && w->calls >= w->stop_after ? uint32_t{WSP_STOP_CANCELLED} : 0u;
}

void test_budgets(void **) {
    const uint32_t seed = test_seed() ^ 0xb0du;
    uint32_t rng = seed;
    for (int instance = 0; instance < 40; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, instance % 2 == 0);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        const uint64_t budgets[] = {1, 7, 100, 1000, 10000};
        for (uint64_t work : budgets) {
            wsp_lower_options o = {};
            o.seed = instance;
            o.control.budget = work;
            o.max_beam = 32;
            wsp_lower_result r;
            assert_int_equal(wsp_lower_run(p, &o, workspace, size_for(p, &o), witness, n, &r, NULL), WSP_OK);
            CHECK_SEEDED(r.work <= work && r.lower == validated(p, witness, seed, "budget"), seed,
                         "instance %d budget %llu: %llu units, lower %u", instance, (unsigned long long)work,
                         (unsigned long long)r.work, r.lower);
            CHECK_SEEDED(r.stop == WSP_STOP_FINISHED || r.stop == WSP_STOP_BUDGET, seed, "stop %u", r.stop);
        }
        // The caller's upper bound (here the round-robin schedule's own makespan) stops it at once.
        wsp_lower_options o = {};
        o.control.budget = 1;
        o.max_beam = 32;
        wsp_lower_result first;
        assert_int_equal(wsp_lower_run(p, &o, workspace, size_for(p, &o), witness, n, &first, NULL), WSP_OK);
        o.control.budget = 1000000;
        o.upper = first.lower;
        wsp_lower_result r;
        assert_int_equal(wsp_lower_run(p, &o, workspace, size_for(p, &o), witness, n, &r, NULL), WSP_OK);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED && r.lower == first.lower && r.upper == first.lower &&
                         r.work <= 1,
                     seed, "instance %d: upper %u given, stop %u lower %u work %llu", instance, o.upper, r.stop,
                     r.lower, (unsigned long long)r.work);
        // Cancelled by the callback: a valid witness and the reason.
        Watch w = {0, 0, 3, 0};
        o = {};
        o.control.budget = 10000000;
        o.max_beam = 32;
        o.control.progress = watch_progress;
        o.control.context = &w;
        o.control.interval = 50;
        assert_int_equal(wsp_lower_run(p, &o, workspace, size_for(p, &o), witness, n, &r, NULL), WSP_OK);
        CHECK_SEEDED(validated(p, witness, seed, "cancelled") == r.lower, seed, "instance %d", instance);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED || (r.stop == WSP_STOP_CANCELLED && w.calls == 3), seed,
                     "instance %d: stop %u after %d calls", instance, r.stop, w.calls);
        CHECK_SEEDED(w.improvements == 0 || w.last_best <= r.lower, seed, "instance %d: reported best %u > %u",
                     instance, w.last_best, r.lower);
    }
}

// The host's jobs: with a work budget the same witness for 1 and 2 threads (and 3 jobs, so that the
// threads interleave them differently), each job's budget respected; a time budget still ends with
// a validated witness.
void test_host_threads(void **) {
    const uint32_t seed = test_seed() ^ 0x7e7du;
    uint32_t rng = seed;
    for (int instance = 0; instance < 16; ++instance) {
        test_problem tp;
        char kernel[16];
        random_instance(&rng, &tp, kernel, instance % 3 == 0);
        const wsp_problem *p = tp.p;
        const size_t n = size_t{p->warps} * p->length;
        wsp_host_lower_options o = {};
        o.lower.seed = rng_next(&rng);
        o.lower.control.budget = 30000 + rng_below(&rng, 90000);
        o.jobs = 1 + rng_below(&rng, 4);
        o.memory = 1u << 22;
        wsp_host_run_options run = {};
        wsp_host_lower_result r1, r2;
        run.threads = 1;
        assert_int_equal(wsp_host_lower_run(p, &o, &run, witness, n, &r1, NULL), WSP_OK);
        run.threads = 2;
        assert_int_equal(wsp_host_lower_run(p, &o, &run, witness2, n, &r2, NULL), WSP_OK);
        CHECK_SEEDED(r1.best.lower == r2.best.lower && r1.job == r2.job && memcmp(witness, witness2, n * 4) == 0,
                     seed, "instance %d (%s W=%u) %u jobs: 1 thread %u (job %u), 2 threads %u (job %u)", instance,
                     kernel, p->warps, o.jobs, r1.best.lower, r1.job, r2.best.lower, r2.job);
        CHECK_SEEDED(validated(p, witness, seed, "host") == r1.best.lower, seed, "instance %d", instance);
        CHECK_SEEDED(r1.best.work <= o.lower.control.budget / o.jobs, seed, "instance %d: a job spent %llu of %llu",
                     instance, (unsigned long long)r1.best.work,
                     (unsigned long long)(o.lower.control.budget / o.jobs));
        // A time budget (no work budget): whatever it reached is a validated witness.
        o.lower.control.budget = 0;
        run.seconds = 0.01;
        assert_int_equal(wsp_host_lower_run(p, &o, &run, witness, n, &r1, NULL), WSP_OK);
        CHECK_SEEDED(validated(p, witness, seed, "timed") == r1.best.lower, seed, "instance %d", instance);
        CHECK_SEEDED(r1.best.stop == WSP_STOP_FINISHED || r1.best.stop == WSP_STOP_TIME, seed, "stop %u",
                     r1.best.stop);
    }
}

void test_default_budget_grows_with_the_problem(void **) {
    test_problem small, large;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    tp_init(&small, "LCL", 2, sigma, 0);
    tp_init(&large, "L5 C9 L2 C9", 16, sigma, 4);
    const uint64_t a = wsp_lower_default_work(small.p), b = wsp_lower_default_work(large.p);
    assert_true(a >= 20000 && b > a);
    // Voronoi W = 4 (T = 45, DESIGN.md): the default search reaches it.
    test_problem v;
    tp_init(&v, "L5 C9 L2 C9", 4, sigma, 4);
    wsp_lower_result r;
    assert_int_equal(wsp_lower_run(v.p, NULL, workspace, size_for(v.p, NULL), witness, 100, &r, NULL), WSP_OK);
    assert_int_equal(r.lower, 45);
    assert_int_equal(validated(v.p, witness, 0, "voronoi"), 45);
}

void test_errors(void **) {
    test_problem tp;
    const uint32_t sigma[4] = {1, 1, 1, 1};
    tp_init(&tp, "LCL", 3, sigma, 0);
    const wsp_problem *p = tp.p;
    wsp_lower_result r;
    wsp_diag d;
    size_t size = 0;
    assert_int_equal(wsp_lower_workspace_size(NULL, NULL, &size, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_lower_workspace_size(p, NULL, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    uint64_t fake[32] = {0};
    assert_int_equal(wsp_lower_workspace_size(reinterpret_cast<const wsp_problem *>(fake), NULL, &size, &d),
                     WSP_ERR_INVALID_HANDLE);
    wsp_lower_options o = {};
    o.methods = 8;
    assert_int_equal(wsp_lower_workspace_size(p, &o, &size, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_METHODS);
    assert_int_equal(wsp_lower_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_METHODS);
    assert_int_equal(r.lower, 0);  // results are zeroed on every error
    // Reserved words: control.reserved are 1..4, the options' own 5..11.
    o = {};
    o.control.reserved[2] = 1;
    assert_int_equal(wsp_lower_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 3);
    o = {};
    o.reserved[4] = 1;
    assert_int_equal(wsp_lower_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.field, WSP_FIELD_RESERVED);
    assert_int_equal(d.index, 9);
    o = {};
    o.reserved[6] = 1;
    assert_int_equal(wsp_lower_workspace_size(p, &o, &size, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 11);
    o = {};
    o.max_beam = WSP_LOWER_MAX_BEAM + 1u;
    assert_int_equal(wsp_lower_run(p, &o, workspace, sizeof workspace, witness, 9, &r, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_BEAM_WIDTH);
    assert_int_equal(wsp_lower_workspace_size(p, &o, &size, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_BEAM_WIDTH);
    assert_int_equal(wsp_lower_default_work(NULL), 0);
    assert_int_equal(wsp_lower_default_work(reinterpret_cast<const wsp_problem *>(fake)), 0);
    assert_true(wsp_lower_default_work(p) >= 20000);
    o = {};
    size = size_for(p, &o);
    assert_int_equal(wsp_lower_run(NULL, &o, workspace, size, witness, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, NULL, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 9, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_lower_run(reinterpret_cast<const wsp_problem *>(fake), &o, workspace, size, witness, 9,
                                    &r, &d),
                     WSP_ERR_INVALID_HANDLE);
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 8, &r, &d), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_lower_run(p, &o, workspace, size - 8, witness, 9, &r, &d), WSP_ERR_WORKSPACE_SIZE);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    assert_int_equal(wsp_lower_run(p, &o, reinterpret_cast<uint8_t *>(workspace) + 4, size, witness, 9, &r, &d),
                     WSP_ERR_WORKSPACE_ALIGN);
    assert_int_equal(wsp_lower_run(p, &o, NULL, size, witness, 9, &r, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WORKSPACE);
    // A caller's initial witness: wrong length, a warp outside 1..W, a warp too often; a good one is used.
    uint32_t initial[9] = {1, 2, 3, 1, 2, 3, 1, 2, 3};
    o.initial = initial;
    o.initial_length = 8;
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 9, &r, &d), WSP_ERR_WITNESS_LENGTH);
    assert_int_equal(d.field, WSP_FIELD_INITIAL);
    o.initial_length = 9;
    initial[4] = 4;
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 9, &r, &d), WSP_ERR_WITNESS_WARP);
    assert_int_equal(d.field, WSP_FIELD_INITIAL);
    assert_int_equal(d.index, 5);
    initial[4] = 1;
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 9, &r, &d), WSP_ERR_WITNESS_COUNT);
    initial[4] = 2;
    o.control.budget = 1;
    assert_int_equal(wsp_lower_run(p, &o, workspace, size, witness, 9, &r, &d), WSP_OK);
    assert_int_equal(r.lower, validated(p, witness, 0, "initial"));
    // The host: NULL, a bad handle, the witness length, the run options, a bad option or reserved word.
    wsp_host_lower_options h = {};
    wsp_host_lower_result hr;
    wsp_host_run_options run = {};
    assert_int_equal(wsp_host_lower_run(NULL, &h, &run, witness, 9, &hr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_PROBLEM);
    assert_int_equal(wsp_host_lower_run(p, &h, &run, NULL, 9, &hr, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_WITNESS);
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, NULL, &d), WSP_ERR_NULL_ARGUMENT);
    assert_int_equal(d.field, WSP_FIELD_OUTPUT);
    assert_int_equal(wsp_host_lower_run(reinterpret_cast<const wsp_problem *>(fake), &h, &run, witness, 9, &hr, &d),
                     WSP_ERR_INVALID_HANDLE);
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 10, &hr, &d), WSP_ERR_WITNESS_LENGTH);
    run.seconds = -1;
    assert_true(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d) != WSP_OK);
    assert_int_equal(d.field, WSP_FIELD_SECONDS);
    run.seconds = 0;
    h.lower.methods = 16;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_METHODS);
    h.lower.methods = 0;
    // Reserved words: the lower options' 1..11, ours 12 and 13..20, the run options' 21 and 22..29.
    h.lower.reserved[6] = 1;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 11);
    h.lower.reserved[6] = 0;
    h.reserved0 = 1;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 12);
    h.reserved0 = 0;
    h.reserved[7] = 1;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 20);
    h.reserved[7] = 0;
    run.reserved0 = 1;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 21);
    run.reserved0 = 0;
    run.reserved[7] = 1;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RESERVED);
    assert_int_equal(d.index, 29);
    assert_int_equal(hr.best.lower, 0);  // results are zeroed on every error
    run.reserved[7] = 0;
    run.threads = 5000;
    assert_int_equal(wsp_host_lower_run(p, &h, &run, witness, 9, &hr, &d), WSP_ERR_RANGE);
    assert_int_equal(d.field, WSP_FIELD_THREADS);
    run.threads = 0;
    // NULL options and NULL run options: all defaults.
    assert_int_equal(wsp_host_lower_run(p, NULL, &run, witness, 9, &hr, &d), WSP_OK);
    assert_int_equal(hr.best.lower, validated(p, witness, 0, "host NULL options"));
    assert_int_equal(hr.jobs, WSP_HOST_LOWER_DEFAULT_JOBS);
    assert_int_equal(wsp_host_lower_run(p, &h, NULL, witness, 9, &hr, &d), WSP_OK);
    assert_int_equal(hr.best.lower, validated(p, witness, 0, "host defaults"));
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_witnesses_valid_and_below_T),
        cmocka_unit_test(test_beam_paths),
        cmocka_unit_test(test_policies_simulate_their_schedules),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_budgets),
        cmocka_unit_test(test_host_threads),
        cmocka_unit_test(test_default_budget_grows_with_the_problem),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests_name("lower", tests, NULL, NULL);
}
