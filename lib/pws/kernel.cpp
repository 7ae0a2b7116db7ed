// Paper 001, Section 5: from the wavefront's paths to the kernel WCET under PWS, DWS and no splitting.
// Every product and sum is overflow-checked.
#include <stdint.h>

#include "pws/pws.hpp"
#include "util/checked.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace {

wsp_status overflow(wsp_diag *diag, uint32_t field, const char *what) {
    wsp::DiagScope scope(diag, WSP_ERR_OVERFLOW, field);
    scope.message.text(what).text(" exceeds 2^64 - 1");
    return WSP_ERR_OVERFLOW;
}

wsp_status zero(wsp_diag *diag, uint32_t field, const char *what) {
    wsp::DiagScope scope(diag, WSP_ERR_RANGE, field);
    scope.message.text(what).text(" must be at least 1");
    return WSP_ERR_RANGE;
}

// Def. 5.2 and 5.3: G_parallel = floor(N_CU N_SIMD N_WFC N_WI_WF / N_WI_WG), DS = ceil(G / G_parallel).
wsp_status dispatches(const wsp_pws_params &p, uint32_t cus, uint64_t simds, uint64_t *parallel,
                      uint64_t *ds, wsp_diag *diag) {
    uint64_t slots = 0;
    if (!wsp::checked_mul(cus, simds, &slots) || !wsp::checked_mul(slots, p.wf_contexts, &slots) ||
        !wsp::checked_mul(slots, p.wf_size, &slots))
        return overflow(diag, WSP_FIELD_PWS_CUS, "N_CU * N_SIMD * N_WFC * N_WI_WF");
    *parallel = slots / p.wg_size;
    if (*parallel == 0) {
        wsp::DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_PWS_WG_SIZE);
        scope.message.text("a workgroup of ").number(p.wg_size).text(" work-items does not fit in the ")
            .number(slots).text(" work-item slots of the GPU");
        return WSP_ERR_RANGE;
    }
    *ds = wsp::ceil_div(p.workgroups, *parallel);
    return WSP_OK;
}

// DS (d + factor * E_WF), checked: an overflow inside the bracket is about the costs, of the product
// with DS about the workgroups.
wsp_status kernel_time(uint64_t ds, uint64_t d, uint64_t factor, uint64_t e_wf, uint64_t *out,
                       const char *what, wsp_diag *diag) {
    uint64_t t = 0;
    if (!wsp::checked_mul(factor, e_wf, &t) || !wsp::checked_add(t, d, &t))
        return overflow(diag, WSP_FIELD_PWS_COSTS, what);
    if (!wsp::checked_mul(ds, t, out)) return overflow(diag, WSP_FIELD_PWS_WORKGROUPS, what);
    return WSP_OK;
}

}  // namespace

namespace wsp {
namespace pws {

namespace {

// The lemmas, written straight into *k (no copy of the result on the stack: the deepest chain of the
// optimal split ends here, make stack).
wsp_status lemmas(const wsp_pws_params &p, const Wavefront &w, uint8_t contexts_mode, wsp_pws_wcet &k,
                  wsp_diag *diag) {
    const uint32_t cus = p.cus != 0 ? p.cus : 4u, simds = p.simds != 0 ? p.simds : 4u;
    uint64_t cost = 0, t = 0;
    if (!checked_add(p.split_cost, p.merge_cost, &cost)) return overflow(diag, WSP_FIELD_PWS_COSTS, "e_s + e_m");
    // Lemma 5.1: at most |SB| splits and merges, each costing e_s + e_m, on top of the worst SWF path.
    if (!checked_mul(w.splits, cost, &t) || !checked_add(w.pruned, t, &k.wf_pws))
        return overflow(diag, WSP_FIELD_PWS_COSTS, "E_WF under PWS");
    // DWS: any branch may split (no marks), each at most once per wavefront, so at most |B| splits;
    // an SWF's path is a path of the whole CFG (its serialised longest path bounds it).
    if (!checked_mul(w.dws_splits, cost, &t) || !checked_add(w.full, t, &k.wf_dws))
        return overflow(diag, WSP_FIELD_PWS_COSTS, "E_WF under DWS");
    k.wf_none = w.full;
    // Eq. 2: only when x < S are N_unused = S - x SpSIMDs idle per SIMD, and re-provisioning gives
    // every SIMD x SpSIMDs. The paper takes x = |SB|; counting contexts takes the SWF contexts a
    // wavefront can hold at once (Select's swfCount), which docs/pws.md proves is never exceeded:
    // split points open at one time have distinct Parents, and each Parent holds one context.
    const uint64_t x = contexts_mode == kContextsCount ? w.contexts : w.splits;
    k.simds_total = simds;
    if (x < p.spsimds) {
        uint64_t idle = 0;
        if (!checked_mul(static_cast<uint64_t>(p.spsimds) - x, simds, &idle))
            return overflow(diag, WSP_FIELD_SPSIMDS, "N_unused * N_SIMD");
        k.simds_total += idle / (x + 1u);
    }
    wsp_status st = dispatches(p, cus, k.simds_total, &k.parallel_pws, &k.dispatches_pws, diag);
    if (st != WSP_OK) return st;
    if ((st = dispatches(p, cus, simds, &k.parallel, &k.dispatches, diag)) != WSP_OK) return st;
    if ((st = kernel_time(k.dispatches_pws, p.init_delay, 1, k.wf_pws, &k.kernel_pws,
                          "the kernel WCET under PWS (Lemma 5.5)", diag)) != WSP_OK)
        return st;
    if ((st = kernel_time(k.dispatches, p.init_delay, static_cast<uint64_t>(p.spsimds) + 1u, k.wf_dws,
                          &k.kernel_dws, "the kernel WCET under DWS (Lemma 5.7)", diag)) != WSP_OK)
        return st;
    return kernel_time(k.dispatches, p.init_delay, 1, k.wf_none, &k.kernel_none,
                       "the kernel WCET without splitting", diag);
}

}  // namespace

wsp_status kernel_times(const wsp_pws_params *params, const Wavefront &w, uint8_t contexts_mode,
                        wsp_pws_wcet *out, wsp_diag *diag) {
    zero(out);
    if (params == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PARAMS, "no parameters");
    if (out == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    const wsp_pws_params &p = *params;
    if (p.wf_contexts == 0) return ::zero(diag, WSP_FIELD_PWS_WF_CONTEXTS, "N_WFC (wavefront contexts per SIMD)");
    if (p.wf_size == 0) return ::zero(diag, WSP_FIELD_PWS_WF_SIZE, "N_WI_WF (work-items per wavefront)");
    if (p.wg_size == 0) return ::zero(diag, WSP_FIELD_PWS_WG_SIZE, "N_WI_WG (work-items per workgroup)");
    if (p.workgroups == 0) return ::zero(diag, WSP_FIELD_PWS_WORKGROUPS, "G (workgroups)");
    const wsp_status st = lemmas(p, w, contexts_mode, *out, diag);
    if (st != WSP_OK) {
        zero(out);  // no partial result
        return st;
    }
    return ok(diag);
}

}  // namespace pws
}  // namespace wsp

extern "C" wsp_status wsp_pws_wcet_compute(const wsp_pws_params *params, const wsp_pws_paths *paths,
                                           wsp_pws_wcet *wcet, wsp_diag *diag) {
    wsp::zero(wcet);
    if (params == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PARAMS, "no parameters");
    if (paths == nullptr) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PATHS, "no paths");
    if (wcet == nullptr) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output");
    const wsp_pws_params &p = *params;
    // Reserved words are numbered over both input structs: params 1..8, paths 9..12.
    wsp_status st = wsp::check_reserved(p.reserved, 1, "the PWS parameters", diag);
    if (st == WSP_OK) st = wsp::check_reserved(paths->reserved, 9, "the wavefront paths", diag);
    if (st != WSP_OK) return st;
    if (p.wf_contexts == 0) return zero(diag, WSP_FIELD_PWS_WF_CONTEXTS, "N_WFC (wavefront contexts per SIMD)");
    if (p.wf_size == 0) return zero(diag, WSP_FIELD_PWS_WF_SIZE, "N_WI_WF (work-items per wavefront)");
    if (p.wg_size == 0) return zero(diag, WSP_FIELD_PWS_WG_SIZE, "N_WI_WG (work-items per workgroup)");
    if (p.workgroups == 0) return zero(diag, WSP_FIELD_PWS_WORKGROUPS, "G (workgroups)");
    if (p.spsimds != paths->spsimds) {
        wsp::DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_SPSIMDS);
        scope.message.text("S = ").number(p.spsimds).text(" but the wavefront was analysed with S = ")
            .number(paths->spsimds);
        return WSP_ERR_RANGE;
    }
    // The paths must be what wsp_pws_analyse can report; anything else would give a meaningless,
    // possibly far too low, WCET.
    const wsp_pws_paths &a = *paths;
    const char *bad = a.marked > a.branches                            ? "|P| > |B| (more marked branches than branches)"
                      : a.selected > a.marked                          ? "|SB| > |P| (more split points than marked branches)"
                      : a.contexts > a.selected || a.contexts > a.spsimds ? "more SWF contexts than split points or than S"
                      : a.selected > 0 && a.contexts == 0              ? "split points without an SWF context"
                      : a.pruned > a.full                              ? "the worst SWF path exceeds the serialised path"
                                                                       : nullptr;
    if (bad != nullptr) {
        wsp::DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_PWS_PATHS);
        scope.message.text("inconsistent wavefront paths: ").text(bad);
        return WSP_ERR_RANGE;
    }
    const wsp::pws::Wavefront w{a.pruned, a.full, a.selected, a.contexts, p.spsimds > 0 ? a.branches : 0u};
    return wsp::pws::kernel_times(params, w, wsp::pws::kContextsPaper, wcet, diag);
}
