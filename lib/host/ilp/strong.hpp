// The strong formulation (--constraints strong): paper 004's model with the short work-conserving
// rows (formulation.hpp), its Y-weighted sequence rows replaced by time-indexed ones that imply
// them, plus valid rows that cut off no optimal schedule. Proofs: docs/ilp_strong.md; a sketch above each family in strong.cpp.
// Host only.
#ifndef WSP_HOST_ILP_STRONG_HPP
#define WSP_HOST_ILP_STRONG_HPP

#include <stdint.h>

#include "host/ilp/formulation.hpp"
#include "host/ilp/system.hpp"
#include "warpspan.h"

namespace wsp {
namespace ilp {

// The internal constraints value for the strong formulation (wsp_host_ilp_options.constraints).
constexpr uint32_t kConstraintsStrong = 2;

// Which model: the paper's (short or long work-conserving rows) or the strong one.
struct Model {
    WorkConserving wc = WorkConserving::short_rows;
    bool strong = false;  // strong: wc is short_rows and the rows of strong.cpp follow
};

// Whether the strong model's wcs rows of a type-u instruction hold the term E_U(t)
// (sigma_U <= W - 1, and not sigma_U >= S > 0), and whether they hold F(t) (0 < S <= W - 1):
// docs/ilp_strong.md, family 3. An instruction whose rows hold neither never waits.
bool waits_on_unit(const Layout &l, int u);
bool waits_on_schedulers(const Layout &l);

// Appends the strong rows to a model that build_without_sequence_rows(p, horizon, short_rows, out)
// has just written.
bool add_strong_rows(const wsp_problem &p, uint32_t horizon, System &out, StopFn stop = nullptr,
                     void *stop_context = nullptr);

// build() for either model.
bool build_model(const wsp_problem &p, uint32_t horizon, const Model &m, System &out, StopFn stop = nullptr,
                 void *stop_context = nullptr);

// The LP relaxation's tolerance: lp_solve's value v gives the bound floor(v + lp_slack(v)), proven
// as long as lp_solve's error on the objective is below the slack (1e-4 + 1e-6 |v|: far above its
// feasibility tolerances of about 1e-9 per column; a safe dual bound would remove the assumption).
inline double lp_slack(double v) { return 1e-4 + 1e-6 * (v < 0 ? -v : v); }

// Solves the LP relaxation of model m for p (every column in [0, 1]) with the safe bound as
// horizon. *bound = min(horizon, floor(value + lp_slack(value))) is a proven upper bound on T(W)
// (docs/ilp_strong.md, "The LP relaxation"); *value is lp_solve's objective. *finished = false
// (bound = horizon) when `seconds` (0 = none) ran out. WSP_ERR_UNAVAILABLE without lp_solve.
wsp_status lp_relaxation(const wsp_problem &p, const Model &m, double seconds, uint32_t *bound, double *value,
                         bool *finished, wsp_diag *diag);

}  // namespace ilp
}  // namespace wsp

#endif
