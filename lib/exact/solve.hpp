// wsp_exact_solve's checks, set-up and witness check around a searcher (exact.cpp: the core's
// single-threaded search; host/exact: the host's threads on a shared table). A searcher is called as
// run_search(p, layout, ws, region_bytes, options, witness, initial, &lower, result, diag) with the
// workspace checked, the caller's schedule decoded (its makespan `initial`), and the region (the
// bytes from layout.region_at on) free for its table; it fills the result and the witness of
// makespan `lower`, which is then decoded and validated in the region.
#ifndef WSP_EXACT_SOLVE_HPP
#define WSP_EXACT_SOLVE_HPP

#include "exact/search.hpp"
#include "schedule/schedule.hpp"

namespace wsp {

template <class Searcher>
wsp_status exact_solve(const wsp_problem *problem, const wsp_exact_options *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length, wsp_exact_result *result,
                       wsp_diag *diag, Searcher run_search) {
    zero(result);
    wsp_status st = check_problem(problem, diag);
    if (st != WSP_OK) return st;
    const wsp_problem *p = problem;
    wsp_exact_options defaults;  // on the stack, not in flash: NULL is all defaults
    if (options == nullptr) __builtin_memset(&defaults, 0, sizeof defaults);
    const wsp_exact_options &o = options != nullptr ? *options : defaults;
    st = check_options_reserved(o, "the exact options", diag);
    if (st != WSP_OK) return st;
    if (o.initial != nullptr) {
        st = check_length(*p, o.initial_length, WSP_FIELD_INITIAL, "the initial schedule", diag);
        if (st != WSP_OK) return st;
    }
    const ExactLayout l = exact_layout(*p);
    st = check_workspace(workspace, workspace_size, l.for_states(0), diag);
    if (st != WSP_OK) return st;
    st = check_outputs(*p, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    uint8_t *ws = static_cast<uint8_t *>(workspace);
    const uint64_t region = workspace_size - l.region_at;

    // A caller's schedule is checked before the table takes its memory.
    uint32_t initial = 0;
    if (o.initial != nullptr) {
        st = decode(*p, o.initial, WSP_FIELD_INITIAL, ws + l.region_at, nullptr, nullptr, &initial, diag);
        if (st != WSP_OK) return st;
    }

    uint32_t lower = 0;
    st = run_search(*p, l, ws, region, o, witness, initial, &lower, result, diag);
    if (st != WSP_OK) return st;
    // The search's frame (its Search object) is gone here: the witness check runs on a short stack.
    st = check_witness(*p, ws + l.region_at, witness, lower, "exact solver", diag);
    if (st != WSP_OK) zero(result);
    return st != WSP_OK ? st : ok(diag);
}

}  // namespace wsp

#endif
