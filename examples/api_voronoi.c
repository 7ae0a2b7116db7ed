/* The C API in one example (README.md): the Voronoi kernel of paper 003 with two warps on a Maxwell-class
 * SM, in static buffers as on a microcontroller: a proven upper bound, and a schedule decoded from a
 * pseudo-precedence string, whose makespan is a witnessed lower bound. */
#include <stdio.h>

#include "warpspan.h"

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(25)];      /* Voronoi: I = 25 */
static uint64_t schedule_ws[WSP_SCHEDULE_WORKSPACE_WORDS(2, 25)]; /* decode, validate, dispatch */

int main(void) {
    wsp_sm_config sm = {{32, 128, 0, 0}, {0}, 32, 4, {0}}; /* L, C, S, D units; latencies; warp; schedulers */
    wsp_problem *p;
    wsp_diag diag;
    wsp_bounds b;
    uint32_t string[50], makespan;
    int k;
    for (k = 0; k < 50; ++k) {
        string[k] = 1u + (uint32_t)(k % 2); /* the warps take turns: 1, 2, 1, 2, ... */
    }
    if (wsp_problem_init("L5 C9 L2 C9", 2, &sm, problem_ws, sizeof problem_ws, &p, &diag) != WSP_OK ||
        wsp_bounds_compute(p, &b, &diag) != WSP_OK || /* b.upper is proven; b.paper may not be */
        wsp_schedule_decode(p, string, 50, schedule_ws, sizeof schedule_ws, NULL, NULL, &makespan, &diag) !=
            WSP_OK) {
        fprintf(stderr, "%s (%s)\n", diag.message, wsp_field_name(diag.field));
        return 1;
    }
    printf("Voronoi, 2 warps: T(2) lies in [%u, %llu]\n", makespan, (unsigned long long)b.upper);
    return 0;
}
