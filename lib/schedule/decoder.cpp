// The decoder of paper 003, Fig. 4: traverse the warp pseudo-precedence string left to right and put
// each warp's next instruction in the earliest cycle that precedence (after the warp's previous
// instruction), the capacity of its type and the scheduler limit allow.
//
// Why every decoded schedule is work-conserving: suppose in the final schedule a warp w waits in cycle
// t for an instruction of type U while U and the scheduler limit have spare room in t. Occupancy of a
// cycle only grows during decoding, so t had spare room also when that instruction was placed, and t
// was after w's previous instruction; the decoder would have chosen t or earlier. Contradiction.
// Hence the makespan never exceeds the proven upper bound, which sizes the occupancy table.
#include "bounds/upper.hpp"
#include "schedule/occupancy.hpp"
#include "schedule/schedule.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

struct DecoderParts {
    uint64_t horizon;  // cycles the occupancy table covers: the proven upper bound
    size_t next, last, occupancy;
    WorkspaceLayout layout;
};

DecoderParts decoder_parts(const wsp_problem &p) {
    DecoderParts d;
    d.horizon = proven_upper(p);
    d.next = d.layout.add<uint32_t>(p.warps);
    d.last = d.layout.add<uint32_t>(p.warps);
    d.occupancy = d.layout.add<uint32_t>(Occupancy::words(d.horizon));
    return d;
}

wsp_status at_position(wsp_diag *diag, wsp_status status, uint32_t field, size_t k, uint32_t warp,
                       const char *what, uint32_t limit) {
    DiagScope scope(diag, status, field);
    scope.index(static_cast<uint32_t>(k + 1)).warp(warp);
    scope.message.text("pseudo-precedence string position ").number(uint64_t{k} + 1).text(": warp ")
        .number(warp).text(" ").text(what).text(" ").number(limit);
    return status;
}

}  // namespace

WorkspaceLayout decoder_layout(const wsp_problem &p) { return decoder_parts(p).layout; }

// WSP_SCHEDULE_WORKSPACE_SIZE(W, I) = 20 W I + 28 W + 64 bounds this (util/workspace.hpp: a part of b
// bytes takes at most b + 7): the decoder takes at most 2 (4 W + 4) + 20 (h + 2) + 4 with the horizon
// h <= W I; the validator at most 4 W I + 4 + 4 W + 4; the dispatch policies 4 (4 W + 4).
WorkspaceLayout schedule_layout(const wsp_problem &p) {
    WorkspaceLayout l = decoder_layout(p);
    l.cover(validator_layout(p));
    l.cover(dispatch_layout(p));
    return l;
}

wsp_status decode(const wsp_problem &p, const uint32_t *string, uint32_t field, void *workspace,
                  uint32_t *warp_cycle, uint32_t *cycles, uint32_t *makespan, wsp_diag *diag) {
    const uint32_t W = p.warps;
    const uint32_t I = p.length;
    const DecoderParts parts = decoder_parts(p);
    uint32_t *next = carve<uint32_t>(workspace, parts.next);  // instructions placed per warp
    uint32_t *last = carve<uint32_t>(workspace, parts.last);  // cycle of each warp's last placed one
    Occupancy occ(carve<uint32_t>(workspace, parts.occupancy), parts.horizon, p.sigma, p.schedulers);
    for (uint32_t w = 0; w < W; ++w) next[w] = last[w] = 0;

    const uint8_t *units = p.units();
    const size_t length = static_cast<size_t>(cells(p));
    uint32_t end = 0;
    for (size_t k = 0; k < length; ++k) {
        const uint32_t id = string[k];
        if (id == 0 || id > W)
            return at_position(diag, WSP_ERR_WITNESS_WARP, field, k, id, "is outside 1 ..", W);
        const uint32_t w = id - 1;
        if (next[w] == I)
            return at_position(diag, WSP_ERR_WITNESS_COUNT, field, k, id, "occurs more often than I =", I);
        const uint32_t i = next[w]++;
        const uint32_t t = occ.earliest(last[w] + 1, units[i]);
        if (t == 0)
            return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "decoded past the proven upper bound");
        occ.take(t, units[i]);
        last[w] = t;
        if (warp_cycle != nullptr) warp_cycle[k] = t;
        if (cycles != nullptr) cycles[static_cast<size_t>(w) * I + i] = t;
        if (t > end) end = t;
    }
    if (makespan != nullptr) *makespan = end;
    return ok(diag);
}

}  // namespace wsp

extern "C" wsp_status wsp_schedule_workspace_size(const wsp_problem *problem, size_t *size,
                                                  wsp_diag *diag) {
    if (size == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const wsp_status st = wsp::check_problem(problem, diag);
    if (st != WSP_OK) return st;
    return wsp::report_size(wsp::schedule_layout(*problem), size, diag);
}

extern "C" wsp_status wsp_schedule_decode(const wsp_problem *problem, const uint32_t *pseudo_precedence,
                                          size_t length, void *workspace, size_t workspace_size,
                                          uint32_t *warp_cycle, uint32_t *cycles, uint32_t *makespan,
                                          wsp_diag *diag) {
    using namespace wsp;
    if (makespan != nullptr) *makespan = 0;
    wsp_status st = check_problem(problem, diag);
    if (st != WSP_OK) return st;
    if (pseudo_precedence == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PSEUDO_PRECEDENCE, "no pseudo-precedence string");
    st = check_length(*problem, length, WSP_FIELD_PSEUDO_PRECEDENCE, "the pseudo-precedence string", diag);
    if (st != WSP_OK) return st;
    st = check_workspace(workspace, workspace_size, schedule_layout(*problem), diag);
    if (st != WSP_OK) return st;
    st = decode(*problem, pseudo_precedence, WSP_FIELD_PSEUDO_PRECEDENCE, workspace, warp_cycle, cycles,
                makespan, diag);
    if (st != WSP_OK && makespan != nullptr) *makespan = 0;
    return st;
}
