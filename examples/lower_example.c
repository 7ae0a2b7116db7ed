/* The lower-bound search of warpspan 1.1 with static buffers: a witnessed lower bound on T(W) for the
 * Voronoi kernel (L5 C9 L2 C9, sigma_C = 4, 4 schedulers) with 4 warps, a fixed work budget and seed
 * (so the same answer on every target), checked again with the schedule validator, and bracketed by
 * the proven upper bound. */
#include <stdio.h>

#include "warpspan.h"

#define WARPS 4
#define LENGTH 25 /* I after normalisation */
#define BEAM 64   /* the widest beam: the workspace grows with it */

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(LENGTH)];
static uint64_t lower_ws[WSP_LOWER_WORKSPACE_WORDS(WARPS, LENGTH, BEAM)];
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
    static const char *const parts[] = {"a dispatch policy", "the policy search", "the beam search",
                                        "the annealer"};
    wsp_sm_config sm = {0};
    wsp_lower_options o = {0};
    wsp_lower_result r;
    wsp_bounds b;
    wsp_problem *p;
    uint32_t makespan = 0;
    sm.units[WSP_UNIT_C] = 128; /* sigma_C = 128 / 32 = 4 */
    sm.schedulers = 4;
    if (wsp_problem_init("L5 C9 L2 C9", WARPS, &sm, problem_ws, sizeof problem_ws, &p, &diag) != WSP_OK)
        return fail();
    o.control.budget = 200000; /* work units: deterministic, unlike a time budget */
    o.seed = 1;
    o.max_beam = BEAM;
    if (wsp_lower_run(p, &o, lower_ws, sizeof lower_ws, witness, WARPS * LENGTH, &r, &diag) != WSP_OK)
        return fail();
    /* the witness is a pseudo-precedence string: decode it, and check the schedule independently */
    if (wsp_schedule_decode(p, witness, WARPS * LENGTH, schedule_ws, sizeof schedule_ws, NULL, cycles,
                            NULL, &diag) != WSP_OK ||
        wsp_schedule_validate(p, cycles, WARPS * LENGTH, schedule_ws, sizeof schedule_ws, &makespan,
                              &diag) != WSP_OK ||
        wsp_bounds_compute(p, &b, &diag) != WSP_OK)
        return fail();
    printf("T(%d) of %s: %u <= T(W) <= %llu\n", WARPS, "L5 C9 L2 C9", r.lower, (unsigned long long)b.upper);
    printf("witness: a validated schedule of %u cycles, found by %s after %llu of %llu work units\n",
           makespan, parts[r.found_by], (unsigned long long)r.work_found,
           (unsigned long long)o.control.budget);
    printf("stopped: %s (%s)\n", stops[r.stop],
           r.stop == WSP_STOP_FINISHED ? "the witness meets the proven bound: it is T(W)"
                                       : "the proven bound was not reached");
    return 0;
}
