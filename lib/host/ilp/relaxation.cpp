// The LP relaxation's value as a proven upper bound (strong.hpp; proof in docs/ilp_strong.md, "The
// LP relaxation"). Sketch: every work-conserving schedule, renamed so that warps finish in order,
// is an integer point of the model with objective = its makespan; the LP relaxation maximises the
// same objective over a superset of those points, so its value v >= T(W), and floor(v + slack) >=
// T(W) as long as lp_solve's error is below the slack (1e-4 + 1e-6 |v|; its tolerances are about 1e-9).
#include <math.h>

#include <memory>

#include "host/ilp/lpsolve_system.hpp"
#include "host/ilp/reduce.hpp"
#include "host/ilp/solve.hpp"
#include "host/ilp/strong.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"

namespace wsp {
namespace ilp {

namespace {

struct Deadline {
    double at;
    bool hit = false;
};

bool past(void *context) {
    Deadline *d = static_cast<Deadline *>(context);
    if (d->at > 0 && wsp_host_seconds() >= d->at) d->hit = true;
    return d->hit;
}

bool past_abort(void *context, double, uint64_t) { return past(context); }

}  // namespace

wsp_status lp_relaxation(const wsp_problem &p, const Model &m, double seconds, uint32_t *bound, double *value,
                         bool *finished, wsp_diag *diag) {
    uint32_t horizon = 0;
    wsp_status s = horizon_of(p, &horizon, diag);
    if (s != WSP_OK) return s;
    *bound = horizon;
    *value = horizon;
    *finished = false;
    const Layout layout(p, horizon, m.wc);
    s = check_size(layout, m.wc, diag);
    if (s != WSP_OK) return s;
    Deadline d{seconds > 0 ? wsp_host_seconds() + seconds : 0};
    // The strong model with its equalities substituted (reduce.hpp): the same LP value.
    std::unique_ptr<Reduction> reduction;
    if (m.strong) {
        reduction.reset(new Reduction(p, horizon));
        if (!reduction->applies()) reduction.reset();
    }
    const int lp_columns = reduction ? reduction->columns() : layout.columns;
    LpSolve lp(lp_columns, false);
    if (!lp.ok())
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve could not create a model of %d columns",
                     lp_columns);
    Reduced reduced(reduction.get(), lp);
    if (!build_model(p, horizon, m, reduced, past, &d)) {
        if (d.hit) return ok(diag);
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused a row or column while the model was built");
    }
    if (reduced.violated())
        return failf(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, 0, "a row of the strong model became an empty row that fails");
    if (!lp.relax()) return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve could not relax the model");
    const LpSolve::Outcome o = lp.solve(past_abort, &d);
    if (o.stopped || d.hit) return ok(diag);
    if (!o.optimal)
        return failf(diag, o.infeasible ? WSP_ERR_INTERNAL : WSP_ERR_SOLVER, WSP_FIELD_NONE, 0,
                     "lp_solve ended the LP relaxation with %s (%d)", LpSolve::code_name(o.code), o.code);
    *value = o.objective;
    const double f = floor(o.objective + lp_slack(o.objective));
    if (f < horizon) *bound = f < 0 ? 0 : static_cast<uint32_t>(f);
    *finished = true;
    return ok(diag);
}

}  // namespace ilp
}  // namespace wsp
