// The decoder of paper 003, Fig. 4: traverse the warp pseudo-precedence string left to right and put
// each warp's next instruction in the earliest cycle that precedence (after the warp's previous
// instruction), the capacity of its type and the scheduler limit allow.
//
// Why every decoded schedule is work-conserving: suppose in the final schedule a warp w waits in cycle
// t for an instruction of type U while U and the scheduler limit have spare room in t. Occupancy of a
// cycle only grows during decoding, so t had spare room also when that instruction was placed, and t
// was after w's previous instruction; the decoder would have chosen t or earlier. Contradiction.
// Hence the makespan never exceeds the proven upper bound, which sizes the occupancy table.
#include "model/problem.hpp"
#include "schedule/occupancy.hpp"
#include "schedule/workspace_sizes.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

struct DecoderLayout {
    uint64_t horizon;  // cycles the occupancy table covers: the proven upper bound
    uint64_t bytes;
};

DecoderLayout decoder_layout(const wsp_problem &p) {
    wsp_bounds b;
    wsp_bounds_compute(&p, &b);
    DecoderLayout l;
    l.horizon = b.upper;
    l.bytes = Occupancy::bytes(l.horizon) + 2u * sizeof(uint32_t) * p.warps;
    return l;
}

}  // namespace

uint64_t decoder_bytes(const wsp_problem &p) { return decoder_layout(p).bytes; }

namespace {

wsp_status at_position(wsp_diag *diag, wsp_status status, size_t k, uint32_t warp, const char *what,
                       uint32_t limit) {
    DiagScope scope(diag, status);
    if (diag != nullptr) {
        diag->position = k + 1;
        diag->warp = warp;
    }
    scope.message.text("pseudo-precedence string position ").number(k + 1).text(": warp ")
        .number(warp).text(" ").text(what).text(" ").number(limit);
    return status;
}

}  // namespace
}  // namespace wsp

extern "C" size_t wsp_decode_workspace_size(const wsp_problem *p) {
    return wsp::valid(p) ? wsp::workspace_bytes(wsp::decoder_bytes(*p)) : 0;
}

extern "C" wsp_status wsp_decode(const wsp_problem *p, const uint32_t *pseudo_precedence,
                                 size_t length, void *workspace, size_t workspace_size,
                                 uint32_t *warp_cycle, uint32_t *cycles, uint32_t *makespan,
                                 wsp_diag *diag) {
    using namespace wsp;
    if (p == nullptr || pseudo_precedence == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem or no pseudo-precedence string");
    if (!valid(p)) return fail(diag, WSP_ERR_INVALID_HANDLE, "the problem handle is not valid");
    const uint32_t W = p->warps;
    const uint32_t I = p->length;
    if (length != static_cast<uint64_t>(W) * I) {
        DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
        scope.message.text("the pseudo-precedence string holds ").number(length)
            .text(" warp ids but W*I = ").number(static_cast<uint64_t>(W) * I);
        return WSP_ERR_WITNESS_LENGTH;
    }
    const DecoderLayout layout = decoder_layout(*p);
    wsp_status st = check_workspace(workspace, workspace_size, layout.bytes, diag);
    if (st != WSP_OK) return st;

    uint32_t *next = static_cast<uint32_t *>(workspace);  // instructions placed per warp
    uint32_t *last = next + W;                            // cycle of each warp's last placed one
    Occupancy occ(last + W, layout.horizon, p->sigma, p->schedulers);
    for (uint32_t w = 0; w < W; ++w) next[w] = last[w] = 0;

    const uint8_t *units = p->units();
    uint32_t end = 0;
    for (size_t k = 0; k < length; ++k) {
        const uint32_t id = pseudo_precedence[k];
        if (id == 0 || id > W)
            return at_position(diag, WSP_ERR_WITNESS_WARP, k, id, "is outside 1 ..", W);
        const uint32_t w = id - 1;
        if (next[w] == I)
            return at_position(diag, WSP_ERR_WITNESS_COUNT, k, id, "occurs more often than I =", I);
        const uint32_t i = next[w]++;
        const uint32_t t = occ.earliest(last[w] + 1, units[i]);
        if (t == 0) return fail(diag, WSP_ERR_INTERNAL, "decoded past the proven upper bound");
        occ.take(t, units[i]);
        last[w] = t;
        if (warp_cycle != nullptr) warp_cycle[k] = t;
        if (cycles != nullptr) cycles[static_cast<size_t>(w) * I + i] = t;
        if (t > end) end = t;
    }
    if (makespan != nullptr) *makespan = end;
    clear(diag);
    return WSP_OK;
}
