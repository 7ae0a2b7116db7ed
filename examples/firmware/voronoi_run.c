/* The Voronoi benchmark of paper 003 (kernel "L5 C9 L2 C9", 32 load/store units, 128 CUDA cores, warps
 * of 32 threads, 4 schedulers) with W = 16 warps: the proven bound and a fixed-seed annealing run,
 * computed in static buffers sized by the WSP_*_WORKSPACE_SIZE macros. No printf: the line is built by
 * hand, so the firmware needs no C library. */
#include "voronoi_run.h"

#include <stdint.h>
#include <string.h>

#include "voronoi_table.h" /* examples/voronoi_table.h, made on a workstation by `warpspan table` */
#include "warpspan.h"

#define KERNEL "L5 C9 L2 C9"
#define KERNEL_LENGTH 25u /* I after normalisation: every type here has sigma >= 1 and latency 1 */
#define WARPS 16u
#define ITERATIONS 20000u
/* Seed 3 finds its best string late (iteration 19798 of 20000), so the line depends on the whole run. */
#define SEED 3u
#define POLICY WSP_POLICY_ROUND_ROBIN

/* uint64_t arrays: every workspace must be 8-byte aligned (WSP_WORKSPACE_ALIGN). */
static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(KERNEL_LENGTH)];
static uint64_t anneal_ws[WSP_ANNEAL_WORKSPACE_WORDS(WARPS, KERNEL_LENGTH)];
static uint32_t witness[WARPS * KERNEL_LENGTH];

/* Appends `text` at `*at`, never past the buffer's last byte (kept for the NUL). */
static void put(char *line, size_t *at, const char *text) {
    while (*text != '\0' && *at + 1u < VORONOI_LINE_SIZE) {
        line[(*at)++] = *text++;
    }
    line[*at] = '\0';
}

/* Decimal digits of a 64-bit value with 32-bit divisions only: value / 10 in 16-bit steps, each
 * dividing a number below 2^20 (a Cortex-M4 would otherwise link libgcc's 64-bit division, 0.8 KiB). */
static void put_u64(char *line, size_t *at, uint64_t value) {
    char digits[21];
    size_t n = sizeof digits - 1u;
    digits[n] = '\0';
    do {
        uint64_t quotient = 0;
        uint32_t rest = 0;
        int shift;
        for (shift = 48; shift >= 0; shift -= 16) {
            const uint32_t part = (rest << 16) | (uint32_t)((value >> shift) & 0xFFFFu);
            quotient = (quotient << 16) | (part / 10u);
            rest = part % 10u;
        }
        digits[--n] = (char)('0' + (int)rest);
        value = quotient;
    } while (value != 0u);
    put(line, at, digits + n);
}

static void put_field(char *line, size_t *at, const char *name, uint64_t value) {
    put(line, at, " ");
    put(line, at, name);
    put(line, at, "=");
    put_u64(line, at, value);
}

static int fail(char *line, size_t *at, const char *what, wsp_status status, const wsp_diag *diag) {
    put(line, at, "voronoi: ");
    put(line, at, what);
    put(line, at, ": ");
    put(line, at, wsp_strerror(status));
    if (diag != NULL && diag->message[0] != '\0') {
        put(line, at, ": ");
        put(line, at, diag->message);
    }
    put(line, at, "\n");
    return 1;
}

int voronoi_run(char line[VORONOI_LINE_SIZE]) {
    static const char *const stops[] = {"finished", "budget", "time", "memory", "cancelled"};
    size_t at = 0;
    /* units L, C, S, D; latencies; warp size; schedulers; reserved */
    static const wsp_sm_config sm = {{32, 128, 0, 0}, {0, 0, 0, 0}, 32, 4, {0}};
    /* The API's structs are static too (a diag alone is 256 B): the stack keeps the library's calls. */
    static wsp_diag diag;
    static wsp_bounds bounds;
    static wsp_anneal_options options;
    static wsp_anneal_result result;
    wsp_problem *p = NULL;
    wsp_status status;
    size_t needed = 0;
    uint32_t id;

    line[0] = '\0';
    status = wsp_problem_init(KERNEL, WARPS, &sm, problem_ws, sizeof problem_ws, &p, &diag);
    if (status != WSP_OK) {
        return fail(line, &at, "problem", status, &diag);
    }
    status = wsp_anneal_workspace_size(p, &needed, &diag);
    if (status != WSP_OK) {
        return fail(line, &at, "anneal size", status, &diag);
    }
    if (wsp_problem_length(p) != KERNEL_LENGTH || needed > sizeof anneal_ws) {
        return fail(line, &at, "static buffers", WSP_ERR_WORKSPACE_SIZE, NULL);
    }
    status = wsp_bounds_compute(p, &bounds, &diag);
    if (status != WSP_OK) {
        return fail(line, &at, "bounds", status, &diag);
    }
    memset(&options, 0, sizeof options);
    options.iterations = ITERATIONS;
    options.seed = SEED;
    options.policy = POLICY;
    status = wsp_anneal_run(p, &options, anneal_ws, sizeof anneal_ws, witness,
                            sizeof witness / sizeof witness[0], &result, &diag);
    if (status != WSP_OK) {
        return fail(line, &at, "anneal", status, &diag);
    }

    put(line, &at, "voronoi");
    put_field(line, &at, "W", WARPS);
    put_field(line, &at, "I", wsp_problem_length(p));
    put_field(line, &at, "seed", SEED);
    put_field(line, &at, "iterations", ITERATIONS);
    put(line, &at, " | bound");
    put_field(line, &at, "upper", bounds.upper);
    for (id = 0; id < WSP_BOUND_COUNT; ++id) {
        put_field(line, &at, wsp_bound_name(id), bounds.bound[id]);
    }
    put_field(line, &at, "paper", bounds.paper);
    /* The precomputed table (its exact column was bracketed on a workstation with a time budget) must
       agree with the bound computed here; a stale table is an error, never a silent mix. */
    if (voronoi_bound_at(WARPS) != bounds.upper) {
        return fail(line, &at, "the precomputed table's bound differs from the computed one (stale table)",
                    WSP_ERR_INTERNAL, NULL);
    }
    put(line, &at, " | table");
    put_field(line, &at, "exact_upper", voronoi_exact_at(WARPS));
    put_field(line, &at, "anneal_lower", voronoi_anneal_at(WARPS));
    put(line, &at, " | anneal");
    put_field(line, &at, "lower", result.lower);
    put_field(line, &at, "initial", result.initial);
    put_field(line, &at, "best_iteration", result.best_iteration);
    put_field(line, &at, "accepted", result.accepted);
    put_field(line, &at, "decoded", result.decoded);
    put(line, &at, " stop=");
    put(line, &at, result.stop < 5u ? stops[result.stop] : "?");
    put(line, &at, "\n");
    return 0;
}
