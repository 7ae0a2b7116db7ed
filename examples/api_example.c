/* The C API in a few lines, with static buffers as on a microcontroller: bound T(W) for LCL, 4 warps. */
#include <stdio.h>

#include "warpspan.h"

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(3)];

int main(void) {
    wsp_problem *p;
    wsp_bounds b;
    wsp_diag diag;
    /* NULL SM: all defaults (warp 32, sigma 1, no scheduler limit) */
    if (wsp_problem_init("LCL", 4, NULL, problem_ws, sizeof problem_ws, &p, &diag) != WSP_OK ||
        wsp_bounds_compute(p, &b, &diag) != WSP_OK) {
        fprintf(stderr, "warpspan: %s (%s, field %s)\n", diag.message, wsp_status_name(diag.status),
                wsp_field_name(diag.field));
        return 1;
    }
    printf("T(4) of %s <= %llu (%s bound; paper formula %llu, %s)\n", wsp_problem_kernel(p),
           (unsigned long long)b.upper, wsp_bound_name(b.upper_id), (unsigned long long)b.paper,
           b.paper_safe ? "safe here" : "not safe here");
    return 0;
}
