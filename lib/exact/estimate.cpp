// The papers' "tractable estimate" (paper 004, Eq. 40-41): T(W) ~ min over y <= x of ceil(W/y) T(y).
// The paper argues that ceil(W/y) groups of y warps, run one group after another, bound T(W). That
// schedule is one work-conserving schedule among many, not the worst one: warps of different groups
// overlap and delay each other. LCL, sigma 1, W = 4: T(1) = 3, T(2) = 4, so x = 2 gives 8, yet
// T(4) = 9 (paper 003's own Fig. 5 draws a 9-cycle schedule). So this is an estimate, never a bound.
#include "util/checked.hpp"
#include "util/diag.hpp"
#include "warpspan.h"

extern "C" wsp_status wsp_estimate_compute(uint32_t warps, const uint32_t *t, uint32_t x, uint64_t *value,
                                           uint32_t *y_best, wsp_diag *diag) {
    using namespace wsp;
    if (value != nullptr) *value = 0;
    if (y_best != nullptr) *y_best = 0;
    if (warps == 0) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_WARPS, "the warp count is 0");
    if (warps > WSP_MAX_WARPS) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_WARPS, "the warp count is above 65536");
    if (t == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_ESTIMATE_T, "no T values");
    if (x == 0 || x > warps) return fail(diag, WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_X, "x is not in 1..W");
    if (value == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    uint64_t best = UINT64_MAX;
    uint32_t arg = 0;
    for (uint32_t y = 1; y <= x; ++y) {
        if (t[y - 1] == 0) {  // T(y) >= I >= 1 for every problem
            DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_T);
            scope.index(y);
            scope.message.text("a T(y) is 0 (diag.index: y)");
            return WSP_ERR_RANGE;
        }
        const uint64_t v = ceil_div(warps, y) * t[y - 1];  // < 2^32 * 2^32: fits
        if (v < best) {
            best = v;
            arg = y;
        }
    }
    *value = best;
    if (y_best != nullptr) *y_best = arg;
    return ok(diag);
}
