// Group ilp_strong: the strong formulation (--constraints strong, docs/ilp_strong.md).
//  - Its feasible set without any solver: on small instances every schedule in the column windows
//    is tried, and the rows hold exactly when the validator accepts the schedule and the warps
//    finish in id order (so sorting warps, which keeps the makespan, maps every work-conserving
//    schedule into it: no makespan is cut off).
//  - lp_solve's optimum = the exact solver's T(W) on every case of a bounded space (kernels of
//    length 1..3 over L, C, S, D; W 1..3; sigma_L in {1, 2}; no scheduler limit or 1) and on random
//    instances; witnesses decode to T(W); the LP relaxation's bound is >= T(W) on all of them.
//  - The model lp_solve gets (reduce.hpp: equalities substituted, cumulative columns) solved without
//    a starting witness and with the cutoff row at T(W) - 1 and T(W), on the same cases; its LP
//    value equals the full model's.
//  - The design rows: the ILP on Voronoi W = 1, 2, the LP bound also on W = 3 (T(W) from docs/model.md).
//  - An exported strong model read back by lp_solve and, where coinor-cbc is installed, solved by
//    cbc to the same optimum (skipped without cbc).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include <lpsolve/lp_lib.h>

#include "host/ilp/formulation.hpp"
#include "host/ilp/lpsolve_system.hpp"
#include "host/ilp/solve.hpp"
#include "host/ilp/strong.hpp"
#include "warpspan_host.h"

namespace {

using wsp::ilp::Sense;

static_assert(wsp::ilp::kConstraintsStrong == WSP_HOST_ILP_STRONG, "the header's value");

class RowStore final : public wsp::ilp::System {
public:
    bool add_binary(const char *) override {
        ++columns;
        return true;
    }
    bool maximise(const int *c, const double *v, size_t n) override {
        objective.assign(c, c + n);
        objective_values.assign(v, v + n);
        return true;
    }
    bool add_row(const int *c, const double *v, size_t n, Sense s, double rhs, const char *) override {
        for (size_t k = 0; k < n; ++k)
            for (size_t j = 0; j < k; ++j)
                if (c[j] == c[k]) duplicate = true;
        rows.push_back(Row{std::vector<int>(c, c + n), std::vector<double>(v, v + n), s, rhs});
        return true;
    }
    int broken(const std::vector<double> &x) const {
        for (size_t r = 0; r < rows.size(); ++r) {
            double lhs = 0;
            for (size_t k = 0; k < rows[r].cols.size(); ++k) lhs += rows[r].vals[k] * x[rows[r].cols[k]];
            const double rhs = rows[r].rhs;
            const bool ok = rows[r].sense == Sense::le   ? lhs <= rhs + 1e-9
                            : rows[r].sense == Sense::ge ? lhs >= rhs - 1e-9
                                                         : fabs(lhs - rhs) <= 1e-9;
            if (!ok) return static_cast<int>(r);
        }
        return -1;
    }
    double value(const std::vector<double> &x) const {
        double v = 0;
        for (size_t k = 0; k < objective.size(); ++k) v += objective_values[k] * x[objective[k]];
        return v;
    }
    struct Row {
        std::vector<int> cols;
        std::vector<double> vals;
        Sense sense;
        double rhs;
    };
    int columns = 0;
    bool duplicate = false;
    std::vector<Row> rows;
    std::vector<int> objective;
    std::vector<double> objective_values;
};

uint32_t horizon(const wsp_problem *p) {
    wsp_bounds b;
    assert_int_equal(wsp_bounds_compute(p, &b, nullptr), WSP_OK);
    return static_cast<uint32_t>(b.upper);
}

void warp_sequences(const wsp::ilp::Layout &l, uint32_t i, std::vector<uint32_t> &cur,
                    std::vector<std::vector<uint32_t>> &out) {
    if (i == l.I) {
        out.push_back(cur);
        return;
    }
    const uint32_t from = i == 0 ? l.first(0) : cur[i - 1] + 1;
    for (uint32_t t = from > l.first(i) ? from : l.first(i); t <= l.last(i); ++t) {
        cur[i] = t;
        warp_sequences(l, i + 1, cur, out);
    }
}

double schedule_count(const wsp_problem *p) {
    const uint32_t T = horizon(p), I = wsp_problem_length(p), W = wsp_problem_warps(p);
    const uint32_t span = T - I + 1;
    double per_warp = 1;
    for (uint32_t k = 1; k <= I; ++k) per_warp = per_warp * (span - 1 + k) / k;
    return pow(per_warp, W);
}

struct SetCounts {
    uint64_t schedules = 0, feasible = 0, valid = 0, makespans_kept = 0;
};

// Every schedule in the windows: the strong rows hold iff the validator accepts it and the warps
// finish in id order; and every valid schedule's makespan is reached by a feasible one (its sorted
// renaming).
void check_feasible_set(const wsp_problem *p, uint32_t seed, SetCounts &counts) {
    const uint32_t T = horizon(p);
    const wsp::ilp::Layout l(*p, T, wsp::ilp::WorkConserving::short_rows);
    RowStore store;
    wsp::ilp::Model m;
    m.strong = true;
    assert_true(wsp::ilp::build_model(*p, T, m, store));
    assert_int_equal(store.columns, l.columns);
    CHECK_SEEDED(!store.duplicate, seed, "a row names a column twice");
    std::vector<std::vector<uint32_t>> seqs;
    std::vector<uint32_t> cur(l.I);
    warp_sequences(l, 0, cur, seqs);
    std::vector<uint64_t> vws(schedule_size(p) / 8 + 1);
    std::vector<uint32_t> cycles(size_t{l.W} * l.I);
    std::vector<size_t> pick(l.W, 0);
    std::vector<double> x(static_cast<size_t>(l.columns));
    std::vector<bool> valid_makespan(T + 1, false), feasible_makespan(T + 1, false);
    const uint32_t S = wsp_problem_schedulers(p);
    for (;;) {
        for (uint32_t w = 0; w < l.W; ++w)
            for (uint32_t i = 0; i < l.I; ++i) cycles[size_t{w} * l.I + i] = seqs[pick[w]][i];
        std::fill(x.begin(), x.end(), 0.0);
        std::vector<uint32_t> per_type(size_t{WSP_UNIT_COUNT} * (T + 1), 0), all(T + 1, 0);
        for (uint32_t w = 0; w < l.W; ++w)
            for (uint32_t i = 0; i < l.I; ++i) {
                const uint32_t t = cycles[size_t{w} * l.I + i];
                x[l.x(w, i, t)] = 1.0;
                ++per_type[wsp_problem_unit_at(p, i) * (T + 1) + t];
                ++all[t];
            }
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (l.e_base[u] >= 0)
                for (uint32_t t = 1; t <= T; ++t)
                    x[l.e_base[u] + t - 1] = per_type[u * (T + 1) + t] == l.sigma[u] ? 1.0 : 0.0;
        if (l.f_base >= 0)
            for (uint32_t t = 1; t <= T; ++t) x[l.f_base + t - 1] = all[t] == S ? 1.0 : 0.0;
        wsp_diag d{};
        uint32_t makespan = 0;
        const wsp_status v = wsp_schedule_validate(p, cycles.data(), cycles.size(), vws.data(), vws.size() * 8,
                                                   &makespan, &d);
        bool sorted = true;
        for (uint32_t w = 0; w + 1 < l.W; ++w)
            sorted = sorted && cycles[size_t{w} * l.I + l.I - 1] <= cycles[size_t{w + 1} * l.I + l.I - 1];
        const bool expected = v == WSP_OK && sorted;
        const int broken = store.broken(x);
        ++counts.schedules;
        if (v == WSP_OK) {
            ++counts.valid;
            valid_makespan[makespan] = true;
        }
        CHECK_SEEDED((broken < 0) == expected, seed,
                     "%s W=%u: schedule #%llu validator %d (%s), sorted %d, first broken row %d",
                     wsp_problem_kernel(p), l.W, static_cast<unsigned long long>(counts.schedules), v, d.message,
                     sorted, broken);
        if (expected) {
            ++counts.feasible;
            feasible_makespan[makespan] = true;
            CHECK_SEEDED(fabs(store.value(x) - makespan) < 1e-9, seed, "objective %g, makespan %u", store.value(x),
                         makespan);
        }
        uint32_t w = 0;
        while (w < l.W && ++pick[w] == seqs.size()) pick[w++] = 0;
        if (w == l.W) break;
    }
    for (uint32_t t = 0; t <= T; ++t) {
        CHECK_SEEDED(valid_makespan[t] == feasible_makespan[t], seed, "%s W=%u: makespan %u valid %d, feasible %d",
                     wsp_problem_kernel(p), l.W, t, static_cast<int>(valid_makespan[t]),
                     static_cast<int>(feasible_makespan[t]));
        if (feasible_makespan[t]) ++counts.makespans_kept;
    }
}

void random_small(uint32_t *rng, test_problem *tp, uint32_t max_len, uint32_t max_warps) {
    char kernel[8];
    const uint32_t len = 1 + rng_below(rng, max_len);
    for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[rng_below(rng, 4)];
    kernel[len] = '\0';
    uint32_t sigma[4];
    for (int u = 0; u < 4; ++u) sigma[u] = 1 + rng_below(rng, 2);
    tp_init(tp, kernel, 1 + rng_below(rng, max_warps), sigma, rng_below(rng, 3));
}

void test_feasible_set_is_the_sorted_work_conserving_schedules(void **) {
    static const struct {
        const char *kernel;
        uint32_t sigma[4], schedulers, warps;
    } fixed[] = {
        {"LCL", {1, 1, 1, 1}, 0, 2}, {"LLC", {1, 1, 1, 1}, 0, 2}, {"LL", {1, 1, 1, 1}, 0, 3},
        {"LLL", {2, 1, 1, 1}, 0, 2}, {"LC", {1, 1, 1, 1}, 1, 3},  {"CS", {1, 2, 1, 1}, 2, 3},
        {"LCD", {1, 1, 1, 1}, 1, 2},
    };
    SetCounts counts;
    static test_problem tp;
    for (const auto &f : fixed) {
        tp_init(&tp, f.kernel, f.warps, f.sigma, f.schedulers);
        check_feasible_set(tp.p, 0, counts);
    }
    const uint32_t seed = test_seed();
    uint32_t rng = seed, tried = 0;
    while (tried < 30) {
        const uint32_t s = rng;
        random_small(&rng, &tp, 3, 3);
        if (schedule_count(tp.p) > 20000) continue;
        check_feasible_set(tp.p, s, counts);
        ++tried;
    }
    print_message("  %llu schedules, %llu valid, %llu feasible (sorted), %llu makespans kept\n",
                  static_cast<unsigned long long>(counts.schedules), static_cast<unsigned long long>(counts.valid),
                  static_cast<unsigned long long>(counts.feasible),
                  static_cast<unsigned long long>(counts.makespans_kept));
    assert_true(counts.feasible > 0);
    assert_true(counts.valid > counts.feasible);  // the order rows cut something (never a makespan)
}

uint32_t exact_T(const wsp_problem *p) {
    std::vector<uint32_t> witness(size_t{wsp_problem_warps(p)} * wsp_problem_length(p));
    wsp_host_exact_job job{};
    job.problem = p;
    job.memory = uint64_t{1} << 20;
    job.witness = witness.data();
    job.witness_length = witness.size();
    wsp_host_run_options run{};
    run.threads = 1;
    assert_int_equal(wsp_host_exact_run(&job, 1, &run, nullptr), WSP_OK);
    assert_int_equal(job.status, WSP_OK);
    assert_int_equal(job.result.stop, WSP_STOP_FINISHED);
    return job.result.upper;
}

// The strong ILP finds T(W) with a witness that decodes to it, and the LP bound is >= T(W).
void expect_strong(const wsp_problem *p, uint32_t T, uint32_t seed, bool solve_ilp = true) {
    if (solve_ilp) {
        std::vector<uint32_t> witness(size_t{wsp_problem_warps(p)} * wsp_problem_length(p), 0);
        wsp_host_ilp_options o{};
        o.constraints = WSP_HOST_ILP_STRONG;
        wsp_host_ilp_result r{};
        wsp_diag d{};
        const wsp_status st = wsp_host_ilp_solve(p, &o, witness.data(), witness.size(), &r, &d);
        CHECK_SEEDED(st == WSP_OK, seed, "%s: %s", wsp_problem_kernel(p), d.message);
        CHECK_SEEDED(r.stop == WSP_STOP_FINISHED && r.lower == T && r.upper == T, seed,
                     "%s W=%u strong: status %u [%u, %u], T(W) = %u", wsp_problem_kernel(p), wsp_problem_warps(p),
                     r.stop, r.lower, r.upper, T);
        CHECK_SEEDED(decode_or_fail(p, witness.data(), nullptr, nullptr) == T, seed, "the witness does not decode");
    }
    wsp::ilp::Model m;
    m.strong = true;
    uint32_t bound = 0;
    double value = 0;
    bool finished = false;
    wsp_diag d{};
    CHECK_SEEDED(wsp::ilp::lp_relaxation(*p, m, 0, &bound, &value, &finished, &d) == WSP_OK, seed, "%s", d.message);
    CHECK_SEEDED(finished && bound >= T && bound <= horizon(p) && value >= T - 1e-6, seed,
                 "%s W=%u: LP bound %u (value %.9g) below T(W) = %u", wsp_problem_kernel(p), wsp_problem_warps(p),
                 bound, value, T);
}

// lp_solve's LP value of the full strong model, without the reduction (reduce.hpp).
double full_lp_value(const wsp_problem *p) {
    const uint32_t T = horizon(p);
    const wsp::ilp::Layout l(*p, T, wsp::ilp::WorkConserving::short_rows);
    wsp::ilp::LpSolve lp(l.columns, false);
    wsp::ilp::Model m;
    m.strong = true;
    assert_true(lp.ok() && wsp::ilp::build_model(*p, T, m, lp) && lp.relax());
    const wsp::ilp::LpSolve::Outcome o = lp.solve(nullptr, nullptr);
    assert_true(o.optimal);
    return o.objective;
}

// The reduced model lp_solve solves (reduce.hpp) without a starting witness, and with the cutoff row
// at T(W) - 1 (the optimum T(W) stays) and at T(W) (infeasible: T(W) = the cutoff): docs/ilp_strong.md,
// "The model lp_solve solves" and "The cutoff". The LP value equals the full model's.
void expect_reduced_and_cutoff(const wsp_problem *p, uint32_t T, uint32_t seed) {
    const uint32_t H = horizon(p);
    const uint32_t cuts[3] = {0, T - 1, T};
    for (uint32_t cut : cuts) {
        wsp::ilp::Request rq;
        rq.strong = true;
        rq.cutoff_lower = cut;
        wsp::ilp::Answer a;
        wsp_diag d{};
        CHECK_SEEDED(wsp::ilp::solve(*p, rq, a, &d) == WSP_OK, seed, "%s: %s", wsp_problem_kernel(p), d.message);
        const bool infeasible = cut > 0 && cut < H && cut >= T;
        CHECK_SEEDED(a.result.stop == WSP_STOP_FINISHED && a.result.lower == T && a.result.upper == T &&
                         a.cut_off == infeasible && a.has_schedule == !infeasible && (infeasible || a.makespan == T),
                     seed, "%s W=%u cutoff %u: stop %u [%u, %u] cut off %d, T(W) = %u", wsp_problem_kernel(p),
                     wsp_problem_warps(p), cut, a.result.stop, a.result.lower, a.result.upper, a.cut_off, T);
    }
    wsp::ilp::Model m;
    m.strong = true;
    uint32_t bound = 0;
    double value = 0;
    bool finished = false;
    CHECK_SEEDED(wsp::ilp::lp_relaxation(*p, m, 0, &bound, &value, &finished, nullptr) == WSP_OK && finished, seed,
                 "LP relaxation");
    const double full = full_lp_value(p);
    CHECK_SEEDED(fabs(value - full) <= 1e-6 * (1 + fabs(full)), seed, "%s W=%u: reduced LP %.9g, full LP %.9g",
                 wsp_problem_kernel(p), wsp_problem_warps(p), value, full);
}

// Every case of the bounded space, against the exact solver.
void test_equals_exact_on_a_bounded_space(void **) {
    static test_problem tp;
    uint32_t cases = 0;
    char kernel[4];
    for (uint32_t len = 1; len <= 3; ++len) {
        uint32_t n = 1;
        for (uint32_t k = 0; k < len; ++k) n *= 4;
        for (uint32_t code = 0; code < n; ++code) {
            uint32_t c = code;
            for (uint32_t k = 0; k < len; ++k, c /= 4) kernel[k] = "LCSD"[c % 4];
            kernel[len] = '\0';
            for (uint32_t W = 1; W <= 3; ++W)
                for (uint32_t sl = 1; sl <= 2; ++sl)
                    for (uint32_t S = 0; S <= 1; ++S) {
                        const uint32_t sigma[4] = {sl, 1, 1, 1};
                        tp_init(&tp, kernel, W, sigma, S);
                        const uint32_t T = exact_T(tp.p);
                        if (len * W <= 6) CHECK_SEEDED(oracle_schedules(tp.p) == T, cases, "oracle and exact differ");
                        expect_strong(tp.p, T, cases);
                        expect_reduced_and_cutoff(tp.p, T, cases);
                        ++cases;
                    }
        }
    }
    print_message("  %u cases\n", cases);
}

void test_equals_exact_on_random_instances(void **) {
    const uint32_t seed = test_seed();
    uint32_t rng = seed ^ 0x5bd1e995u;
    static test_problem tp;
    for (int count = 0; count < 40;) {
        const uint32_t s = rng;
        random_small(&rng, &tp, 5, 4);
        if (wsp_problem_length(tp.p) * wsp_problem_warps(tp.p) > 10) continue;
        const uint32_t T = exact_T(tp.p);
        expect_strong(tp.p, T, s);
        expect_reduced_and_cutoff(tp.p, T, s);
        ++count;
    }
}

void test_design_rows_and_voronoi(void **) {
    static test_problem tp;
    for (size_t r = 0; r < design_row_count; ++r) {
        const design_row &d = design_rows[r];
        tp_init(&tp, d.kernel, d.warps, d.sigma, d.schedulers);
        // Voronoi W = 2: the ILP (0.1 s), also without a starting witness and with the cutoff; W = 3:
        // the LP bound only (0.1 s); the ILP for W = 3, 4 (3 s, 17 s) is in make bench-ilp.
        const uint32_t size = wsp_problem_length(tp.p) * d.warps;
        if (size > 75) continue;
        expect_strong(tp.p, d.T, static_cast<uint32_t>(r), size <= 50);
        if (size <= 50) expect_reduced_and_cutoff(tp.p, d.T, static_cast<uint32_t>(r));
    }
}

// The exported strong model: lp_solve reads it back to T(W), and so does cbc when installed.
void test_export_and_cbc(void **) {
    static test_problem tp;
    const uint32_t sigma[4] = {1, 2, 1, 1};
    tp_init(&tp, "LCLC", 3, sigma, 2);
    const uint32_t T = exact_T(tp.p);
    char dir[] = "/tmp/wsp_ilp_strong_XXXXXX";
    assert_non_null(mkdtemp(dir));
    const std::string lp_path = std::string(dir) + "/model.lp", mps_path = std::string(dir) + "/model.mps";
    wsp_host_ilp_options o{};
    o.constraints = WSP_HOST_ILP_STRONG;
    wsp_diag d{};
    assert_int_equal(wsp_host_ilp_write(tp.p, &o, lp_path.c_str(), &d), WSP_OK);
    assert_int_equal(wsp_host_ilp_write(tp.p, &o, mps_path.c_str(), &d), WSP_OK);
    lprec *lp = read_LP(const_cast<char *>(lp_path.c_str()), NEUTRAL, nullptr);
    assert_non_null(lp);
    assert_int_equal(::solve(lp), OPTIMAL);
    assert_true(fabs(get_objective(lp) - T) < 1e-6);
    delete_lp(lp);
    if (system("command -v cbc > /dev/null 2>&1") != 0) {
        print_message("  cbc not installed: the cross-check with coinor-cbc is skipped\n");
    } else {
        const std::string out = std::string(dir) + "/cbc.txt";
        const std::string cmd = "cbc " + mps_path + " -max -solve -solu " + out + " > /dev/null 2>&1";
        assert_int_equal(system(cmd.c_str()), 0);
        FILE *f = fopen(out.c_str(), "r");
        assert_non_null(f);
        char line[256] = {0};
        assert_non_null(fgets(line, sizeof line, f));
        fclose(f);
        // "Optimal - objective value 7.00000000"
        const char *v = strstr(line, "objective value");
        assert_non_null(strstr(line, "Optimal"));
        assert_non_null(v);
        const double obj = fabs(atof(v + strlen("objective value")));
        print_message("  cbc: %s", line);
        assert_true(fabs(obj - T) < 1e-6);
        unlink(out.c_str());
    }
    unlink(lp_path.c_str());
    unlink(mps_path.c_str());
    rmdir(dir);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_feasible_set_is_the_sorted_work_conserving_schedules),
        cmocka_unit_test(test_equals_exact_on_a_bounded_space),
        cmocka_unit_test(test_equals_exact_on_random_instances),
        cmocka_unit_test(test_design_rows_and_voronoi),
        cmocka_unit_test(test_export_and_cbc),
    };
    return cmocka_run_group_tests_name("ilp_strong", tests, nullptr, nullptr);
}
