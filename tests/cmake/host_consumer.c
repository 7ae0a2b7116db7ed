/* Links the installed host layer: the ILP on LCL, W = 4 (T = 9, docs/model.md) when the build
 * has lp_solve, else the exact solver through the host job API. Prints one line; exits 0 on T = 9. */
#include <stdio.h>

#include "warpspan_host.h"

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_SIZE(3) / 8 + 1];

int main(void) {
    wsp_problem *p;
    wsp_diag d;
    uint32_t witness[12];
    if (wsp_problem_init("LCL", 4, NULL, problem_ws, sizeof problem_ws, &p, &d) != WSP_OK) {
        fprintf(stderr, "%s\n", d.message);
        return 1;
    }
    if (wsp_host_ilp_available()) {
        wsp_host_ilp_result r;
        if (wsp_host_ilp_solve(p, NULL, witness, 12, &r, &d) != WSP_OK) {
            fprintf(stderr, "%s\n", d.message);
            return 1;
        }
        printf("host consumer: ILP T(4) = %u (%s)\n", r.lower, r.stop == WSP_STOP_FINISHED ? "optimal" : "stopped");
        return r.stop == WSP_STOP_FINISHED && r.lower == 9 ? 0 : 1;
    } else {
        wsp_host_exact_job job = {0};
        job.problem = p;
        job.witness = witness;
        job.witness_length = 12;
        if (wsp_host_exact_run(&job, 1, NULL, &d) != WSP_OK) {
            fprintf(stderr, "%s\n", d.message);
            return 1;
        }
        printf("host consumer: exact T(4) = %u\n", job.result.upper);
        return job.status == WSP_OK && job.result.upper == 9 ? 0 : 1;
    }
}
