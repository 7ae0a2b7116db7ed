/* The C API in a few lines, with static buffers as on a microcontroller: bound T(W) for LCL, 4 warps. */
#include <stdio.h>

#include "warpspan.h"

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_SIZE(3) / 8 + 1];

int main(void) {
    wsp_sm_config sm = {{0}, {0}, 0, 0}; /* all defaults: warp 32, sigma 1, no scheduler limit */
    wsp_problem *p;
    wsp_bounds b;
    wsp_diag diag;
    if (wsp_problem_init(problem_ws, sizeof problem_ws, "LCL", 4, &sm, &p, &diag) != WSP_OK) {
        fprintf(stderr, "warpspan: %s\n", diag.message);
        return 1;
    }
    wsp_bounds_compute(p, &b);
    printf("T(4) of %s <= %llu (paper formula %llu, %s)\n", wsp_problem_kernel(p),
           (unsigned long long)b.upper, (unsigned long long)b.paper,
           b.paper_safe ? "safe here" : "not safe here");
    return 0;
}
