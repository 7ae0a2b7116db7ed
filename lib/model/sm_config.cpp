#include "model/sm_config.hpp"

#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

const char *const kUnitWord[WSP_UNIT_COUNT] = {"load/store units (L)", "CUDA cores (C)",
                                               "special function units (S)",
                                               "double precision units (D)"};

wsp_status range_error(wsp_diag *diag, uint32_t code, int unit, const char *field, uint64_t value,
                       uint64_t max) {
    DiagScope scope(diag, WSP_ERR_RANGE, code);
    scope.unit(unit);
    scope.message.text(field);
    if (unit >= 0) scope.message.text(" of ").text(unit_name(unit));
    scope.message.text(" = ").number(value).text(" exceeds the maximum ").number(max);
    return WSP_ERR_RANGE;
}

}  // namespace

wsp_status resolve_sm(const wsp_sm_config *sm, SmResolved *out, wsp_diag *diag) {
    wsp_sm_config defaults;  // on the stack, not in flash: NULL is all defaults
    if (out == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the SM configuration");
    if (sm == nullptr) {
        __builtin_memset(&defaults, 0, sizeof defaults);
        sm = &defaults;
    }
    const wsp_status st = check_reserved(sm->reserved, 1, "the SM configuration", diag);
    if (st != WSP_OK) return st;

    const uint32_t warp_size = sm->warp_size == 0 ? 32u : sm->warp_size;
    if (warp_size > WSP_MAX_WARP_SIZE)
        return range_error(diag, WSP_FIELD_WARP_SIZE, -1, "warp size", warp_size, WSP_MAX_WARP_SIZE);
    if (sm->schedulers > WSP_MAX_SCHEDULERS)
        return range_error(diag, WSP_FIELD_SCHEDULERS, -1, "schedulers", sm->schedulers, WSP_MAX_SCHEDULERS);
    out->warp_size = warp_size;
    out->schedulers = sm->schedulers;

    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t units = sm->units[u] == 0 ? warp_size : sm->units[u];
        const uint32_t latency = sm->latency[u] == 0 ? 1u : sm->latency[u];
        if (units > WSP_MAX_UNITS)
            return range_error(diag, WSP_FIELD_UNITS, u, "units", units, WSP_MAX_UNITS);
        if (latency > WSP_MAX_LATENCY)
            return range_error(diag, WSP_FIELD_LATENCY, u, "latency", latency, WSP_MAX_LATENCY);
        // sigma = units / warp_size (paper 003, Eq. 1) must be an integer or 1/n.
        if (units >= warp_size && units % warp_size == 0) {
            out->sigma_num[u] = units / warp_size;
            out->sigma_den[u] = 1;
        } else if (units < warp_size && warp_size % units == 0) {
            out->sigma_num[u] = 1;
            out->sigma_den[u] = warp_size / units;
        } else {
            DiagScope scope(diag, WSP_ERR_SIGMA, WSP_FIELD_UNITS);
            scope.unit(u);
            scope.message.text("sigma of ").text(unit_name(u)).text(" = ").number(units).text(" ")
                .text(kUnitWord[u]).text(" / warp size ").number(warp_size)
                .text(" is neither an integer nor 1/n");
            return WSP_ERR_SIGMA;
        }
        out->sigma[u] = out->sigma_num[u];  // normalisation: sigma < 1 becomes 1 (and more copies)
        out->copies[u] = out->sigma_den[u] * latency;  // <= 1024 * 1024: no overflow
    }
    return ok(diag);
}

}  // namespace wsp
