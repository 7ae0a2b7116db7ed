/* The anytime bracket of warpspan 1.1 with static buffers: one work budget spent on the witness
 * search, the exact search from its witness and the witness search again, for the Voronoi kernel
 * (L5 C9 L2 C9, sigma_C = 4, 4 schedulers) with 4 warps. A fixed budget and seed give the same
 * bracket on every target; the witness is checked again with the schedule validator. */
#include <stdio.h>

#include "warpspan.h"

#define WARPS 4
#define LENGTH 25   /* I after normalisation */
#define BEAM 64     /* the widest beam of the witness search */
#define STATES 4096 /* the exact search's table: the memory budget */

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(LENGTH)];
static uint64_t bracket_ws[WSP_BRACKET_WORKSPACE_WORDS(WARPS, LENGTH, BEAM, STATES)];
static uint64_t schedule_ws[WSP_SCHEDULE_WORKSPACE_WORDS(WARPS, LENGTH)];
static uint32_t witness[WARPS * LENGTH], cycles[WARPS * LENGTH];
static wsp_diag diag; /* 256 bytes: static, as small targets keep it */

static int fail(void) {
    fprintf(stderr, "warpspan: %s (%s, field %s)\n", diag.message, wsp_status_name(diag.status),
            wsp_field_name(diag.field));
    return 1;
}

int main(void) {
    static const char *const stops[] = {"finished", "budget", "time", "memory", "cancelled"};
    static const char *const found[] = {"a dispatch policy", "the policy search", "the beam search",
                                        "the annealer", "the exact search"};
    static const char *const proven[] = {"the closed-form bound", "the exact search's refuted probes"};
    wsp_sm_config sm = {0};
    wsp_bracket_options o = {0};
    wsp_bracket_result r;
    wsp_problem *p;
    uint32_t makespan = 0;
    sm.units[WSP_UNIT_C] = 128; /* sigma_C = 128 / 32 = 4 */
    sm.schedulers = 4;
    if (wsp_problem_init("L5 C9 L2 C9", WARPS, &sm, problem_ws, sizeof problem_ws, &p, &diag) != WSP_OK)
        return fail();
    o.control.budget = 200000; /* work units: deterministic, unlike a time budget */
    o.seed = 1;
    o.max_beam = BEAM;
    o.states = STATES;
    if (wsp_bracket_run(p, &o, bracket_ws, sizeof bracket_ws, witness, WARPS * LENGTH, &r, &diag) != WSP_OK)
        return fail();
    /* the witness is a pseudo-precedence string: decode it, and check the schedule independently */
    if (wsp_schedule_decode(p, witness, WARPS * LENGTH, schedule_ws, sizeof schedule_ws, NULL, cycles,
                            NULL, &diag) != WSP_OK ||
        wsp_schedule_validate(p, cycles, WARPS * LENGTH, schedule_ws, sizeof schedule_ws, &makespan,
                              &diag) != WSP_OK)
        return fail();
    printf("T(%d) of %s: %u <= T(W) <= %u (closed-form bound %u)\n", WARPS, "L5 C9 L2 C9", r.lower, r.upper,
           r.bound);
    printf("witness: a validated schedule of %u cycles, found by %s; upper end: %s\n", makespan,
           found[r.found_by], proven[r.upper_by]);
    printf("work: %llu of %llu units (%llu by the witness search, %llu exact states in %u probe%s)\n",
           (unsigned long long)r.work, (unsigned long long)o.control.budget, (unsigned long long)r.work_lower,
           (unsigned long long)r.expanded, r.probes, r.probes == 1 ? "" : "s");
    printf("stopped: %s (%s)\n", stops[r.stop],
           r.stop == WSP_STOP_FINISHED ? "lower == upper: it is T(W)" : "the bracket is still open");
    return 0;
}
