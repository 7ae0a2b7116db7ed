// wsp_host_ilp_* in a build without lp_solve: they say so (WSP_ERR_UNAVAILABLE).
#include "util/diag.hpp"
#include "warpspan_host.h"

namespace {
const char kWhy[] = "the ILP is not available in this build (configure with lp_solve: liblpsolve55-dev and lp-solve)";
}

extern "C" uint32_t wsp_host_ilp_available(void) { return 0; }

extern "C" wsp_status wsp_host_ilp_solve(const wsp_problem *, const wsp_host_ilp_options *, uint32_t *, size_t,
                                         wsp_host_ilp_result *result, wsp_diag *diag) {
    wsp::zero(result);
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, WSP_FIELD_NONE, kWhy);
}

extern "C" wsp_status wsp_host_ilp_write(const wsp_problem *, const wsp_host_ilp_options *, const char *,
                                         wsp_diag *diag) {
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, WSP_FIELD_NONE, kWhy);
}

extern "C" wsp_status wsp_host_ipet_solve(const wsp_host_ipet_graph *, const wsp_host_ipet_options *, uint64_t *,
                                          wsp_host_ipet_result *result, wsp_diag *diag) {
    wsp::zero(result);
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, WSP_FIELD_NONE,
                     "IPET is not available in this build (configure with lp_solve)");
}

// The host layer's internal LP relaxation (strong.hpp), also unavailable.
#include "host/ilp/strong.hpp"

namespace wsp {
namespace ilp {

wsp_status lp_relaxation(const wsp_problem &, const Model &, double, uint32_t *bound, double *value, bool *finished,
                         wsp_diag *diag) {
    *bound = 0;
    *value = 0;
    *finished = false;
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, WSP_FIELD_NONE, kWhy);
}

}  // namespace ilp
}  // namespace wsp

// The slot bound falls back on its dense simplex.
#include "host/bounds/slot_bound.hpp"

bool wsp::certified_lp_max_lpsolve(const IntLp &, const LpBudget &, int64_t *, double *, uint64_t *iterations) {
    *iterations = 0;
    return false;
}
