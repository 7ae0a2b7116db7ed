#include "model/problem.hpp"

#include <new>

#include "model/kernel_string.hpp"
#include "model/sm_config.hpp"
#include "util/diag.hpp"

static_assert(sizeof(wsp_problem) <= wsp::kProblemHeaderBytes, "the problem header outgrew its part");
static_assert(alignof(wsp_problem) <= WSP_WORKSPACE_ALIGN, "the problem needs more alignment");
static_assert(WSP_PROBLEM_WORKSPACE_SIZE(0) >= wsp::kProblemHeaderBytes + 8u,
              "WSP_PROBLEM_WORKSPACE_SIZE no longer covers the layout");

namespace wsp {

wsp_status check_problem(const wsp_problem *p, wsp_diag *diag) {
    if (p == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM, "no problem");
    if (!valid(p))
        return fail(diag, WSP_ERR_INVALID_HANDLE, WSP_FIELD_PROBLEM, "the problem handle is not valid");
    return WSP_OK;
}

wsp_status check_length(const wsp_problem &p, uint64_t length, uint32_t field, const char *what,
                        wsp_diag *diag) {
    if (length == cells(p)) return WSP_OK;
    DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH, field);
    scope.message.text(what).text(" holds ").number(length).text(" warp ids but W*I = ").number(cells(p));
    return WSP_ERR_WITNESS_LENGTH;
}

wsp_status check_outputs(const wsp_problem &p, const uint32_t *witness, uint64_t witness_length,
                         const void *result, wsp_diag *diag) {
    if (witness == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WITNESS, "no witness buffer");
    const wsp_status st = check_length(p, witness_length, WSP_FIELD_WITNESS, "the witness buffer", diag);
    if (st != WSP_OK) return st;
    if (result == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no result");
    return WSP_OK;
}

namespace {

// The header, then the unit code of each normalised instruction and the letters with their NUL.
WorkspaceLayout problem_layout(uint32_t length) {
    WorkspaceLayout l;
    l.place(kProblemHeaderBytes, 1);
    l.add<uint8_t>(2u * uint64_t{length} + 1u);
    return l;
}

// Shared by the size query and init: resolves the SM, measures the normalised kernel, checks W.
wsp_status measure(const char *kernel, uint32_t warps, const wsp_sm_config *sm, SmResolved *resolved,
                   uint32_t *length, wsp_diag *diag) {
    wsp_status st = resolve_sm(sm, resolved, diag);
    if (st != WSP_OK) return st;
    st = parse_kernel(kernel, resolved->copies, length, nullptr, nullptr, diag);
    if (st != WSP_OK) return st;
    if (warps == 0 || warps > WSP_MAX_WARPS) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_WARPS);
        scope.message.text("warp count ").number(warps).text(" is out of range (1..")
            .number(WSP_MAX_WARPS).text(")");
        return WSP_ERR_RANGE;
    }
    if (static_cast<uint64_t>(warps) * *length > WSP_MAX_CELLS) {
        DiagScope scope(diag, WSP_ERR_OVERFLOW, WSP_FIELD_WARPS);
        scope.message.text("W*I = ").number(warps).text("*").number(*length).text(" exceeds ")
            .number(WSP_MAX_CELLS);
        return WSP_ERR_OVERFLOW;
    }
    return WSP_OK;
}

}  // namespace
}  // namespace wsp

extern "C" wsp_status wsp_problem_workspace_size(const char *kernel, uint32_t warps,
                                                 const wsp_sm_config *sm, size_t *size,
                                                 wsp_diag *diag) {
    if (size == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    wsp::SmResolved resolved;
    uint32_t length = 0;
    const wsp_status st = wsp::measure(kernel, warps, sm, &resolved, &length, diag);
    if (st != WSP_OK) return st;
    return wsp::report_size(wsp::problem_layout(length), size, diag);
}

extern "C" wsp_status wsp_problem_init(const char *kernel, uint32_t warps, const wsp_sm_config *sm,
                                       void *workspace, size_t workspace_size, wsp_problem **problem,
                                       wsp_diag *diag) {
    if (problem == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the problem");
    *problem = nullptr;
    wsp::SmResolved resolved;
    uint32_t length = 0;
    wsp_status st = wsp::measure(kernel, warps, sm, &resolved, &length, diag);
    if (st != WSP_OK) return st;
    st = wsp::check_workspace(workspace, workspace_size, wsp::problem_layout(length), diag);
    if (st != WSP_OK) return st;

    wsp_problem *p = new (workspace) wsp_problem();
    p->warps = warps;
    p->length = length;
    p->schedulers = resolved.schedulers;
    uint8_t *units = wsp::carve<uint8_t>(workspace, wsp::kProblemHeaderBytes);
    char *letters = reinterpret_cast<char *>(units + length);
    st = wsp::parse_kernel(kernel, resolved.copies, &length, units, letters, diag);
    if (st != WSP_OK) return st;  // cannot happen: measured above
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        p->sigma[u] = resolved.sigma[u];
        p->sigma_num[u] = resolved.sigma_num[u];
        p->sigma_den[u] = resolved.sigma_den[u];
        p->copies[u] = resolved.copies[u];
        p->count[u] = 0;
    }
    for (uint32_t i = 0; i < length; ++i) ++p->count[units[i]];
    p->magic = wsp::kProblemMagic;
    *problem = p;
    return wsp::ok(diag);
}

extern "C" const char *wsp_problem_kernel(const wsp_problem *p) {
    return wsp::valid(p) ? p->letters() : nullptr;
}
extern "C" uint32_t wsp_problem_length(const wsp_problem *p) { return wsp::valid(p) ? p->length : 0; }
extern "C" uint32_t wsp_problem_warps(const wsp_problem *p) { return wsp::valid(p) ? p->warps : 0; }
extern "C" uint32_t wsp_problem_schedulers(const wsp_problem *p) {
    return wsp::valid(p) ? p->schedulers : 0;
}

static bool unit_ok(const wsp_problem *p, uint32_t u) { return wsp::valid(p) && u < WSP_UNIT_COUNT; }

extern "C" uint32_t wsp_problem_sigma(const wsp_problem *p, uint32_t unit) {
    return unit_ok(p, unit) ? p->sigma[unit] : 0;
}
extern "C" uint32_t wsp_problem_sigma_numerator(const wsp_problem *p, uint32_t unit) {
    return unit_ok(p, unit) ? p->sigma_num[unit] : 0;
}
extern "C" uint32_t wsp_problem_sigma_denominator(const wsp_problem *p, uint32_t unit) {
    return unit_ok(p, unit) ? p->sigma_den[unit] : 0;
}
extern "C" uint32_t wsp_problem_copies(const wsp_problem *p, uint32_t unit) {
    return unit_ok(p, unit) ? p->copies[unit] : 0;
}
extern "C" uint32_t wsp_problem_count(const wsp_problem *p, uint32_t unit) {
    return unit_ok(p, unit) ? p->count[unit] : 0;
}
extern "C" uint32_t wsp_problem_unit_at(const wsp_problem *p, uint32_t i) {
    if (!wsp::valid(p) || i >= p->length) return 0;
    return p->units()[i];
}
