/* How much memory each call needs: the run-time size query beside the compile-time macro that sizes
 * a static buffer, for a few problems (docs/api.md shows this program's output). */
#include <stdio.h>
#include <stdlib.h>

#include "warpspan.h"

struct example {
    const char *name, *kernel;
    uint32_t warps, schedulers, c_units;
};

static void fail(const char *what, const wsp_diag *d) {
    fprintf(stderr, "%s: %s (%s, field %s)\n", what, d->message, wsp_status_name(d->status),
            wsp_field_name(d->field));
    exit(1);
}

int main(void) {
    static const struct example examples[] = {
        {"LCL, 4 warps", "LCL", 4, 0, 0},
        {"Voronoi, 16 warps", "L5 C9 L2 C9", 16, 4, 128},
        {"Voronoi, 64 warps", "L5 C9 L2 C9", 64, 4, 128},
    };
    printf("%-18s %3s %4s  %-9s %9s %9s\n", "problem", "I", "W", "call", "query B", "macro B");
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; ++k) {
        const struct example *e = &examples[k];
        wsp_sm_config sm = {0};
        wsp_diag d;
        size_t need;
        sm.units[WSP_UNIT_C] = e->c_units;
        sm.schedulers = e->schedulers;
        if (wsp_problem_workspace_size(e->kernel, e->warps, &sm, &need, &d) != WSP_OK) fail("size", &d);
        void *ws = malloc(need);
        wsp_problem *p;
        if (ws == NULL) return 1;
        if (wsp_problem_init(e->kernel, e->warps, &sm, ws, need, &p, &d) != WSP_OK) fail("init", &d);
        const uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
        size_t schedule, anneal, exact_min, exact_1m;
        if (wsp_schedule_workspace_size(p, &schedule, &d) != WSP_OK ||
            wsp_anneal_workspace_size(p, &anneal, &d) != WSP_OK ||
            wsp_exact_workspace_size(p, 0, &exact_min, &d) != WSP_OK ||
            wsp_exact_workspace_size(p, 1000000, &exact_1m, &d) != WSP_OK)
            fail("query", &d);
        printf("%-18s %3u %4u  %-9s %9zu %9zu\n", e->name, I, W, "problem", need,
               (size_t)WSP_PROBLEM_WORKSPACE_SIZE(I));
        printf("%-18s %3s %4s  %-9s %9zu %9zu\n", "", "", "", "schedule", schedule,
               (size_t)WSP_SCHEDULE_WORKSPACE_SIZE(W, I));
        printf("%-18s %3s %4s  %-9s %9zu %9zu\n", "", "", "", "anneal", anneal,
               (size_t)WSP_ANNEAL_WORKSPACE_SIZE(W, I));
        printf("%-18s %3s %4s  %-9s %9zu %9zu\n", "", "", "", "exact 0", exact_min,
               (size_t)WSP_EXACT_WORKSPACE_SIZE(W, I, 0));
        printf("%-18s %3s %4s  %-9s %9zu %9zu\n", "", "", "", "exact 1M", exact_1m,
               (size_t)WSP_EXACT_WORKSPACE_SIZE(W, I, 1000000));
        free(ws);
    }
    return 0;
}
