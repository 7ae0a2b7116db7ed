// wsp_host_ilp_* in a build without lp_solve: they say so (WSP_ERR_UNAVAILABLE).
#include "util/diag.hpp"
#include "warpspan_host.h"

namespace {
const char kWhy[] = "the ILP is not available in this build (configure with lp_solve: liblpsolve55-dev and lp-solve)";
}

extern "C" int wsp_host_ilp_available(void) { return 0; }

extern "C" wsp_status wsp_host_ilp_solve(const wsp_problem *, const wsp_ilp_options *, uint32_t *, size_t,
                                         wsp_ilp_result *, wsp_diag *diag) {
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, kWhy);
}

extern "C" wsp_status wsp_host_ilp_write(const wsp_problem *, const wsp_ilp_options *, const char *,
                                         wsp_diag *diag) {
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, kWhy);
}

extern "C" wsp_status wsp_host_ipet(const wsp_ipet_graph *, double, uint64_t *, wsp_ipet_result *, wsp_diag *diag) {
    return wsp::fail(diag, WSP_ERR_UNAVAILABLE, "IPET is not available in this build (configure with lp_solve)");
}
