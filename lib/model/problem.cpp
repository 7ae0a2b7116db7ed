#include "model/problem.hpp"

#include <new>

#include "model/kernel_string.hpp"
#include "model/sm_config.hpp"
#include "util/diag.hpp"

static_assert(sizeof(wsp_problem) <= WSP_PROBLEM_HEADER_SIZE, "problem header outgrew its macro");
static_assert(alignof(wsp_problem) <= WSP_WORKSPACE_ALIGN, "problem needs more alignment");

namespace wsp {

wsp_status check_workspace(const void *workspace, size_t size, uint64_t needed, wsp_diag *diag) {
    if (workspace_bytes(needed) == 0) {
        DiagScope scope(diag, WSP_ERR_OVERFLOW);
        scope.message.text("the workspace would need ").number(needed)
            .text(" bytes, more than this address space holds");
        return WSP_ERR_OVERFLOW;
    }
    if (workspace == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, "no workspace");
    if (reinterpret_cast<uintptr_t>(workspace) % WSP_WORKSPACE_ALIGN != 0) {
        DiagScope scope(diag, WSP_ERR_WORKSPACE_ALIGN);
        scope.message.text("the workspace is not aligned to ").number(WSP_WORKSPACE_ALIGN)
            .text(" bytes");
        return WSP_ERR_WORKSPACE_ALIGN;
    }
    if (size < needed) {
        DiagScope scope(diag, WSP_ERR_WORKSPACE_SIZE);
        scope.message.text("the workspace holds ").number(size).text(" bytes but ").number(needed)
            .text(" are needed");
        return WSP_ERR_WORKSPACE_SIZE;
    }
    return WSP_OK;
}

namespace {

// WSP_PROBLEM_WORKSPACE_SIZE in 64 bits: 2*I can exceed a 32-bit size_t.
uint64_t problem_bytes(uint32_t length) {
    return WSP_PROBLEM_HEADER_SIZE + 2u * static_cast<uint64_t>(length) + 8u;
}

// Shared by the size query and init: resolves the SM, measures the normalised kernel, checks W.
wsp_status measure(const char *kernel, uint32_t warps, const wsp_sm_config *sm, SmResolved *resolved,
                   uint32_t *length, wsp_diag *diag) {
    wsp_status st = resolve_sm(sm, resolved, diag);
    if (st != WSP_OK) return st;
    st = parse_kernel(kernel, resolved->copies, length, nullptr, nullptr, diag);
    if (st != WSP_OK) return st;
    if (warps == 0 || warps > WSP_MAX_WARPS) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text("warp count ").number(warps).text(" is out of range (1..")
            .number(WSP_MAX_WARPS).text(")");
        return WSP_ERR_RANGE;
    }
    if (static_cast<uint64_t>(warps) * *length > WSP_MAX_CELLS) {
        DiagScope scope(diag, WSP_ERR_OVERFLOW);
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
    if (size == nullptr) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, "no output for the size");
    *size = 0;
    wsp::SmResolved resolved;
    uint32_t length = 0;
    const wsp_status st = wsp::measure(kernel, warps, sm, &resolved, &length, diag);
    if (st != WSP_OK) return st;
    const uint64_t needed = wsp::problem_bytes(length);
    if (wsp::workspace_bytes(needed) == 0)  // same status init would give
        return wsp::check_workspace(nullptr, 0, needed, diag);
    *size = wsp::workspace_bytes(needed);
    return WSP_OK;
}

extern "C" wsp_status wsp_problem_init(void *workspace, size_t workspace_size, const char *kernel,
                                       uint32_t warps, const wsp_sm_config *sm, wsp_problem **out,
                                       wsp_diag *diag) {
    if (out == nullptr) return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, "no output for the problem");
    *out = nullptr;
    wsp::SmResolved resolved;
    uint32_t length = 0;
    wsp_status st = wsp::measure(kernel, warps, sm, &resolved, &length, diag);
    if (st != WSP_OK) return st;
    st = wsp::check_workspace(workspace, workspace_size, wsp::problem_bytes(length), diag);
    if (st != WSP_OK) return st;

    wsp_problem *p = new (workspace) wsp_problem();
    p->warps = warps;
    p->length = length;
    p->schedulers = resolved.schedulers;
    uint8_t *units = static_cast<uint8_t *>(workspace) + WSP_PROBLEM_HEADER_SIZE;
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
    *out = p;
    return WSP_OK;
}

extern "C" const char *wsp_problem_kernel(const wsp_problem *p) {
    return wsp::valid(p) ? p->letters() : "";
}
extern "C" uint32_t wsp_problem_length(const wsp_problem *p) { return wsp::valid(p) ? p->length : 0; }
extern "C" uint32_t wsp_problem_warps(const wsp_problem *p) { return wsp::valid(p) ? p->warps : 0; }
extern "C" uint32_t wsp_problem_schedulers(const wsp_problem *p) {
    return wsp::valid(p) ? p->schedulers : 0;
}

static bool unit_ok(const wsp_problem *p, wsp_unit u) {
    return wsp::valid(p) && static_cast<unsigned>(u) < WSP_UNIT_COUNT;
}

extern "C" uint32_t wsp_problem_sigma(const wsp_problem *p, wsp_unit u) {
    return unit_ok(p, u) ? p->sigma[u] : 0;
}
extern "C" void wsp_problem_sigma_fraction(const wsp_problem *p, wsp_unit u, uint32_t *num,
                                           uint32_t *den) {
    if (num != nullptr) *num = unit_ok(p, u) ? p->sigma_num[u] : 0;
    if (den != nullptr) *den = unit_ok(p, u) ? p->sigma_den[u] : 0;
}
extern "C" uint32_t wsp_problem_copies(const wsp_problem *p, wsp_unit u) {
    return unit_ok(p, u) ? p->copies[u] : 0;
}
extern "C" uint32_t wsp_problem_count(const wsp_problem *p, wsp_unit u) {
    return unit_ok(p, u) ? p->count[u] : 0;
}
extern "C" wsp_unit wsp_problem_unit_at(const wsp_problem *p, uint32_t i) {
    if (!wsp::valid(p) || i >= p->length) return WSP_UNIT_L;
    return static_cast<wsp_unit>(p->units()[i]);
}
