// wsp_schedule_dispatch: the pseudo-precedence string of a dispatch policy (the policies themselves
// are in anneal/initial.cpp, where they start the annealer).
#include "anneal/initial.hpp"
#include "schedule/schedule.hpp"
#include "util/diag.hpp"

extern "C" wsp_status wsp_schedule_dispatch(const wsp_problem *problem, uint32_t policy, uint64_t seed,
                                            void *workspace, size_t workspace_size,
                                            uint32_t *pseudo_precedence, size_t length, wsp_diag *diag) {
    using namespace wsp;
    wsp_status st = check_problem(problem, diag);
    if (st != WSP_OK) return st;
    if (policy >= WSP_POLICY_COUNT) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_POLICY);
        scope.message.text("dispatch policy ").number(policy).text(" exceeds the maximum ")
            .number(WSP_POLICY_COUNT - 1);
        return WSP_ERR_RANGE;
    }
    st = check_workspace(workspace, workspace_size, schedule_layout(*problem), diag);
    if (st != WSP_OK) return st;
    if (pseudo_precedence == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the string");
    st = check_length(*problem, length, WSP_FIELD_OUTPUT, "the output buffer", diag);
    if (st != WSP_OK) return st;
    Rng rng = seeded_rng(seed);
    make_initial(*problem, policy, rng, workspace, pseudo_precedence);
    return ok(diag);
}
