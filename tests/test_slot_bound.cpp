// Group slot_bound: the host-only slot bound (docs/bounds.md 6c, lib/host/bounds/slot_bound.cpp)
//  - its certificate on small LPs with known optima (rows of every sense, a free-looking dual);
//  - known values on the kernels of docs/bounds.md section 10 where the closed forms are loosest;
//  - against the exhaustive symmetric oracle (tests/bounds_oracle.hpp, which knows nothing of the
//    bounds): every kernel of 1..3 instructions over the four types (types renamed in order of first
//    appearance), sigma in {1/2, 1, 2, 4}, schedulers 0..4, W = 1..6, and random larger instances
//    (latency 2, sigma 3, W up to 8; seed printed on failure). The bound must never be below T(W).
//    The full space of docs/bounds.md 9 (kernels of up to 5 instructions, 159,000 instances) was
//    checked once outside the suite (docs/bounds.md 6c); it takes minutes.
//  - the two solvers: lp_solve on the cumulative form (cumulate_slots) and the dense simplex on the LP
//    as built find the same optimum and certify the same bound; lp_solve's iteration budget.
#include <stdint.h>
#include <string.h>

#include <vector>

extern "C" {
#include "test_util.h"
}

#include "bounds/bound_terms.hpp"
#include "bounds/upper_bounds.hpp"
#include "bounds_oracle.hpp"
#include "host_bound_oracle.hpp"
#include "oracle_cases.hpp"
#include "host/bounds/slot_bound.hpp"
#include "model/problem.hpp"
#include "warpspan_host.h"

namespace {

// Both certified solvers on one LP: equal bounds where lp_solve is in the build.
void check_lpsolve_agrees(const wsp::IntLp &lp, int64_t dense_bound, double dense_value) {
    if (!wsp_host_ilp_available()) return;
    int64_t bound = -1;
    double value = 0;
    uint64_t iterations = 0;
    assert_true(wsp::certified_lp_max_lpsolve(lp, wsp::LpBudget(), &bound, &value, &iterations));
    assert_int_equal(bound, dense_bound);
    // the dense simplex relaxes each right side by about 1e-7 against cycling: its value may be a hair higher
    if (!(value > dense_value - 1e-3 && value < dense_value + 1e-3)) print_error("lp_solve %.9f, dense %.9f\n", value, dense_value);
    assert_true(value > dense_value - 1e-3 && value < dense_value + 1e-3);
}

#ifdef WSP_SANITIZED_BUILD
constexpr int kRandomCases = 40;
constexpr uint32_t kSpaceStride = 7;
#else
constexpr int kRandomCases = 300;
constexpr uint32_t kSpaceStride = 1;
#endif

void test_certificate(void **) {
    // max x + y  s.t.  x + 2y <= 4, 3x + y <= 6: optimum 2.8 at (1.6, 1.2)
    wsp::IntLp lp;
    const uint32_t x = lp.column(10), y = lp.column(10);
    lp.obj[x] = lp.obj[y] = 1;
    lp.rows.push_back(wsp::IntLp::Row{{{x, 1}, {y, 2}}, -1, 4});
    lp.rows.push_back(wsp::IntLp::Row{{{x, 3}, {y, 1}}, -1, 6});
    int64_t bound = -1;
    double value = 0;
    uint32_t pivots = 0;
    assert_true(wsp::certified_lp_max(lp, &bound, &value, &pivots));
    assert_int_equal(bound, 2);
    assert_true(value > 2.79 && value < 2.81);
    check_lpsolve_agrees(lp, bound, value);
    // with >= and = rows: max 2x + y  s.t.  x + y = 3, x >= 1, x - y <= 2: optimum 5.5 at (2.5, 0.5)
    wsp::IntLp lp2;
    const uint32_t a = lp2.column(10), b = lp2.column(10);
    lp2.obj[a] = 2;
    lp2.obj[b] = 1;
    lp2.rows.push_back(wsp::IntLp::Row{{{a, 1}, {b, 1}}, 0, 3});
    lp2.rows.push_back(wsp::IntLp::Row{{{a, 1}}, +1, 1});
    lp2.rows.push_back(wsp::IntLp::Row{{{a, 1}, {b, -1}}, -1, 2});
    assert_true(wsp::certified_lp_max(lp2, &bound, &value, &pivots));
    assert_int_equal(bound, 5);
    assert_true(value > 5.49 && value < 5.51);
    check_lpsolve_agrees(lp2, bound, value);
    // a multiplier of the wrong sign is clamped, never used: y = -1 on a <= row proves only the trivial
    // bound sum_j upper_j max(0, obj_j) = 2 * 10 + 10 = 30 here
    assert_true(wsp::certify_duals(lp2, std::vector<double>{0, 0, -1}, &bound));
    assert_int_equal(bound, 30);
    assert_false(wsp::certify_duals(lp2, std::vector<double>{0, 0}, &bound));  // one per row
}

// The slot LP of one instance by both solvers, and its cumulative form by the dense one.
void test_solvers(void **) {
    const struct {
        const char *kernel;
        uint32_t units[4], S, W;
    } cases[] = {
        {"LCCL", {32, 32, 32, 32}, 0, 4},      {"LCLCLC", {32, 64, 32, 32}, 0, 4},
        {"SSCCLDDC", {32, 64, 128, 64}, 4, 7}, {"SLLCCS", {32, 128, 32, 64}, 3, 8},
        {"CLL", {128, 32, 32, 32}, 3, 8},      {"LLLLCCCCLCLC", {32, 64, 16, 32}, 4, 3},
    };
    for (const auto &c : cases) {
        const wsp_sm_config sm = sm_of(c.units, nullptr, c.S);
        test_problem tp;
        tp_init_sm(&tp, c.kernel, c.W, &sm);
        const wsp_problem &p = *tp.p;
        const uint32_t S = wsp::effective_schedulers<uint32_t>(p.sigma, p.schedulers, p.count, p.warps);
        const wsp::IntLp lp = wsp::slot_lp(p.units(), p.length, p.sigma, S, p.warps);
        const wsp::IntLp cum = wsp::cumulate_slots(lp, p.length);
        int64_t b1 = -1, b2 = -2;
        double v1 = 0, v2 = 0;
        uint32_t pivots = 0;
        assert_true(wsp::certified_lp_max(lp, &b1, &v1, &pivots));
        assert_true(wsp::certified_lp_max(cum, &b2, &v2, &pivots));
        if (b1 != b2) print_error("%s W=%u: %lld as built, %lld cumulative\n", c.kernel, c.W, (long long)b1, (long long)b2);
        assert_int_equal(b1, b2);
        assert_true(v1 > v2 - 1e-3 && v1 < v2 + 1e-3);
        check_lpsolve_agrees(cum, b1, v1);
        const wsp::SlotBound sb = wsp::slot_bound(p);
        assert_true(sb.computed);
        assert_int_equal(sb.bound, p.length + static_cast<uint64_t>(b1));
        assert_int_equal(sb.lpsolve, wsp_host_ilp_available() != 0);
    }
    if (!wsp_host_ilp_available()) return;
    // a budget of 10 simplex iterations is not enough for a 20-instruction kernel (saxpy at sm_70): no
    // bound, and it says how many it spent
    const uint32_t units[4] = {32, 64, 16, 32};
    const wsp_sm_config sm = sm_of(units, nullptr, 4);
    test_problem tp;
    tp_init_sm(&tp, "LLLLCCCCCCCCCCLCLCLC", 3, &sm);
    wsp::LpBudget budget;
    budget.iterations = 10;
    const wsp::SlotBound sb = wsp::slot_bound(*tp.p, 20, budget);
    assert_false(sb.computed);
    assert_true(sb.iterations > 10);
    // too long a kernel is not attempted
    assert_false(wsp::slot_bound(*tp.p, 19).computed);
}

struct Known {
    const char *kernel;  // normalised
    uint32_t units[4];   // L C S D (sigma * 32)
    uint32_t S, W;
    uint64_t T, slot;  // T(W) (exact solver) and the slot bound
};

// The worst cases of section 10 (bounds_bench 400 19), with the slot bound measured for this version.
void test_known_values(void **) {
    const Known known[] = {
        {"SSCCLDDC", {32, 64, 128, 64}, 4, 7, 19, 23},  {"DDSSDDCCSSLL", {64, 32, 32, 32}, 4, 7, 48, 54},
        {"SLLCCLLD", {128, 128, 32, 32}, 0, 6, 13, 16}, {"CCDSSCC", {32, 128, 64, 32}, 0, 5, 11, 13},
        {"SLLCCS", {32, 128, 32, 64}, 3, 8, 25, 28},    {"SLCCS", {64, 64, 32, 32}, 4, 7, 17, 20},
        {"LLCSSC", {64, 32, 64, 128}, 4, 5, 15, 17},    {"DSLLSSC", {64, 128, 64, 32}, 4, 3, 9, 11},
    };
    for (const Known &k : known) {
        const wsp_sm_config sm = sm_of(k.units, nullptr, k.S);
        test_problem tp;
        tp_init_sm(&tp, k.kernel, k.W, &sm);
        const wsp::SlotBound b = wsp::slot_bound(*tp.p);
        assert_true(b.computed);
        if (b.bound != k.slot) print_error("%s W=%u: slot bound %llu, expected %llu\n", k.kernel, k.W,
                                            (unsigned long long)b.bound, (unsigned long long)k.slot);
        assert_true(b.bound == k.slot);
        assert_true(b.bound >= k.T);
        uint64_t others[wsp::kBoundCount];
        assert_true(b.bound < wsp::upper_bounds(*tp.p, others));
    }
}

// The bound as the oracle checks see it.
host_bound_oracle::Value value_of(const wsp_problem &p, uint64_t least) {
    (void)least;
    const wsp::SlotBound b = wsp::slot_bound(p);
    return host_bound_oracle::Value{b.computed, b.bound};
}

void test_space(void **) {
    const host_bound_oracle::Tally t = host_bound_oracle::check_space("slot_bound", kSpaceStride, true, value_of);
    assert_true(t.below > 0);
}

void test_random(void **) { host_bound_oracle::check_random("slot_bound", kRandomCases, true, value_of); }

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_certificate),
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_solvers),
        cmocka_unit_test(test_space),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests_name("slot_bound", tests, nullptr, nullptr);
}
