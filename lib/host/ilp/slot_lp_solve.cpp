// The slot bound's LP (docs/bounds.md 6c) solved by lp_solve: its sparse simplex reaches kernels the
// dense one cannot (I = 33 in half a second, with the slots' columns made cumulative). Only the dual
// point is taken from it; certify_duals turns that into a proven bound in exact arithmetic, so
// lp_solve's tolerances cannot make the bound unsafe.
#include <vector>

#include "host/bounds/slot_bound.hpp"
#include "host/ilp/lpsolve_system.hpp"
#include "warpspan_host.h"

namespace wsp {

namespace {

bool past(void *context, double, uint64_t) {
    const double at = *static_cast<const double *>(context);
    return at > 0 && wsp_host_seconds() >= at;
}

}  // namespace

bool certified_lp_max_lpsolve(const IntLp &lp, const LpBudget &budget, int64_t *bound, double *value,
                              uint64_t *iterations) {
    const int n = static_cast<int>(lp.obj.size());
    ilp::LpSolve s(n, false);
    if (!s.ok()) return false;
    for (int j = 0; j < n; ++j)
        if (!s.add_real(static_cast<double>(lp.upper[static_cast<size_t>(j)]))) return false;
    std::vector<int> cols;
    std::vector<double> vals;
    for (int j = 0; j < n; ++j)
        if (lp.obj[static_cast<size_t>(j)] != 0) {
            cols.push_back(j);
            vals.push_back(static_cast<double>(lp.obj[static_cast<size_t>(j)]));
        }
    if (!s.maximise(cols.data(), vals.data(), cols.size())) return false;
    for (const IntLp::Row &r : lp.rows) {
        cols.clear();
        vals.clear();
        for (const auto &t : r.terms) {
            cols.push_back(static_cast<int>(t.first));
            vals.push_back(static_cast<double>(t.second));
        }
        const ilp::Sense sense = r.sense < 0 ? ilp::Sense::le : r.sense > 0 ? ilp::Sense::ge : ilp::Sense::eq;
        if (!s.add_row(cols.data(), vals.data(), cols.size(), sense, static_cast<double>(r.rhs), nullptr))
            return false;
    }
    s.want_duals();
    s.limit_iterations(budget.iterations);
    double at = budget.seconds > 0 ? wsp_host_seconds() + budget.seconds : 0;
    const ilp::LpSolve::Outcome o = s.solve(past, &at);
    *iterations = o.iterations;
    if (!o.optimal || o.stopped) return false;
    std::vector<double> dual;
    if (!s.row_duals(&dual) || dual.size() != lp.rows.size()) return false;
    *value = o.objective;
    // lp_solve's sign convention for a maximisation is not what certify_duals assumes everywhere; both
    // readings give a valid bound (certify_duals clamps each multiplier to its row's sign), so take the
    // better.
    int64_t a = 0, b = 0;
    const bool ok_a = certify_duals(lp, dual, &a);
    for (double &d : dual) d = -d;
    const bool ok_b = certify_duals(lp, dual, &b);
    if (!ok_a && !ok_b) return false;
    *bound = !ok_a ? b : !ok_b ? a : (a < b ? a : b);
    return true;
}

}  // namespace wsp
