// Group parallel_exact: the host's threaded exact search (host/exact) through the internal headers:
// deterministically, hooks that play a helper refuting the whole probe right after the table grew
// (exact/search.hpp: run_probes then reads the root's bound, whose slot the growth moved); and with
// more helpers than cores against the core.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

// Before cmocka, whose fail() macro would take the internal wsp::fail.
#include "exact/solve.hpp"
#include "host/exact/parallel_exact.hpp"
#include "host/exact/shared_table.hpp"

extern "C" {
#include "test_util.h"
}

namespace {

using wsp::Frame;
using wsp::StateTable;

// The main thread's hooks, with a "helper" that proves the root's bound T (the exact value, from the
// core) as soon as the table has grown during a probe above T, and stops the probe (the main thread
// would stop it the same way: the root's bound in the table fell below theta).
struct GrowThenRefute {
    const wsp_problem *p;
    const wsp::ExactLayout *l;
    wsp::host::SharedTable *table;
    uint32_t truth;
    std::vector<uint32_t> key;
    std::vector<uint64_t> scratch;
    uint32_t theta = 0, generation = 0, refuted = 0;

    bool next(Frame &f, uint32_t) const { return f.next_transition(); }
    void probing(uint32_t t) {
        theta = t;
        generation = table->generation();
    }
    uint32_t root() {
        Frame f(scratch.data(), l->max_groups);
        f.set_initial(*p);
        l->key.encode(f, p->warps, p->length, key.data());
        bool found = false;
        const uint32_t s = table->find(key.data(), &found);
        return found ? s : StateTable::kNoSlot;
    }
    bool stop() {
        if (table->generation() == generation || theta <= truth) return false;
        const uint32_t r = root();
        if (r == StateTable::kNoSlot) return false;
        table->lower_bound_to(r, truth);  // proven: T(W) is the root's exact value
        ++refuted;
        return true;
    }
    bool refuted_elsewhere() {
        const uint32_t r = root();
        return r != StateTable::kNoSlot && table->bound(r) < theta;
    }
};

void test_refuted_after_growth(void **state) {
    (void)state;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    test_problem tp;
    tp_init(&tp, "L4 C6 L2 C5", 7, sigma, 4);  // not the run-entry shape: the table grows
    const size_t memory = size_t{64} << 20;
    const size_t cells = (size_t)wsp_problem_warps(tp.p) * wsp_problem_length(tp.p);
    std::vector<uint32_t> core_witness(cells), witness(cells);
    void *ws = calloc(1, memory);
    assert_non_null(ws);
    wsp_exact_result core;
    assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, memory, core_witness.data(), cells, &core, NULL), WSP_OK);
    assert_int_equal(core.lower, core.upper);
    memset(ws, 0, memory);

    uint32_t refuted = 0;
    auto searcher = [&](const wsp_problem &p, const wsp::ExactLayout &l, uint8_t *w, uint64_t region,
                        const wsp_exact_options &o, uint32_t *path, uint32_t initial, uint32_t *lower,
                        wsp_exact_result *r, wsp_diag *d) {
        wsp::host::SharedTable table(w + l.region_at, region, l.key);
        GrowThenRefute hooks{&p, &l, &table, core.upper, std::vector<uint32_t>(l.key.words),
                             std::vector<uint64_t>(l.frame_bytes / 8u + 1u)};
        wsp::Search<wsp::host::SharedTable, GrowThenRefute> search(p, l, w, table, o, path, hooks);
        const wsp_status st = wsp::run_probes(search, hooks, p, l, o, path, initial, lower, r, d);
        refuted = hooks.refuted;
        return st;
    };
    wsp_exact_result res;
    wsp_diag diag;
    const wsp_status st = wsp::exact_solve(tp.p, nullptr, ws, memory, witness.data(), cells, &res, &diag, searcher);
    free(ws);
    assert_true(refuted > 0);  // the scenario happened: a probe above T(W) grew the table, then stopped
    if (st != WSP_OK) fail_msg("status %d: %s", (int)st, diag.message);
    assert_int_equal(res.lower, core.lower);
    assert_int_equal(res.upper, core.upper);
    assert_memory_equal(witness.data(), core_witness.data(), cells * sizeof(uint32_t));
}

// More helpers than cores, so that the scheduler preempts them anywhere (in park(), between a claim
// and its bound): T(W), the stop reason and the witness equal the core's, the table growing by
// rehashing (64 MiB) and emptying (3 MiB), on every run.
void test_many_helpers(void **state) {
    (void)state;
    const uint32_t sigma[4] = {1, 4, 1, 1};
    test_problem tp;
    tp_init(&tp, "L4 C6 L2 C5", 7, sigma, 4);  // about 150,000 states: the table grows (C-runs of two lengths: no run-entry bound)
    const size_t cells = (size_t)wsp_problem_warps(tp.p) * wsp_problem_length(tp.p);
    std::vector<uint32_t> core_witness(cells), witness(cells);
    for (size_t memory : {size_t{64} << 20, size_t{3} << 20}) {
        void *ws = calloc(1, memory);
        assert_non_null(ws);
        wsp_exact_result core;
        assert_int_equal(wsp_exact_solve(tp.p, NULL, ws, memory, core_witness.data(), cells, &core, NULL), WSP_OK);
        for (uint32_t threads : {4u, 8u}) {
            if (WSP_TEST_SANITIZED && threads == 8u) continue;  // a slice: 4 threads only (note_slice)
            memset(ws, 0, memory);
            wsp_exact_result res;
            wsp_diag diag;
            const wsp_status st = wsp::host::parallel_exact_solve(tp.p, nullptr, ws, memory, threads, witness.data(),
                                                                  cells, &res, &diag);
            if (st != WSP_OK) fail_msg("threads %u: status %d: %s", threads, (int)st, diag.message);
            if (res.stop != core.stop || res.lower != core.lower || res.upper != core.upper)
                fail_msg("%zu MiB, threads %u: stop %u [%u, %u], core stop %u [%u, %u]", memory >> 20, threads,
                         res.stop, res.lower, res.upper, core.stop, core.lower, core.upper);
            assert_memory_equal(witness.data(), core_witness.data(), cells * sizeof(uint32_t));
        }
        free(ws);
    }
    note_slice("parallel_exact many helpers (thread counts)", WSP_TEST_SANITIZED ? 1 : 2, 2);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refuted_after_growth),
        cmocka_unit_test(test_many_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
