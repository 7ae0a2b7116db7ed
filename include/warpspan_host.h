/*
 * warpspan host layer: what only a hosted build has (threads, a clock, heap memory). It lives in the
 * separate library warpspan_host (CMake target warpspan::host) over the core; bare-metal builds never
 * see it. Compiles as C99 and as C++.
 */
#ifndef WARPSPAN_HOST_H
#define WARPSPAN_HOST_H

#include "warpspan.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Seconds on a monotonic clock (for time budgets and reports). */
double wsp_host_seconds(void);

/** One exact solve for wsp_host_exact_run: inputs first, then what the run fills in. */
typedef struct wsp_host_exact_job {
    const wsp_problem *problem;
    wsp_exact_options options;   /* budget, initial schedule, progress (called on a worker thread) */
    size_t workspace_size;       /* bytes for the solve (the memory budget); 0 = 64 MiB. On Linux
                                    they are fresh pages asked for as transparent huge pages: the
                                    table is read at random, and pages are only paid for when touched */
    double seconds;              /* time budget; 0 = none. Expiry stops the solve with a bracket
                                    and status WSP_EXACT_CANCELLED, reported as timed_out */
    uint32_t *witness;           /* W*I ids, filled with the witness for result.lower */
    size_t witness_length;
    /* filled in: */
    wsp_status status;           /* of wsp_exact_solve, or WSP_ERR_WORKSPACE_SIZE when the memory
                                    could not be allocated */
    wsp_exact_result result;
    wsp_diag diag;
    int timed_out;               /* 1 when the time budget stopped the solve */
    double elapsed;              /* seconds this job ran */
} wsp_host_exact_job;

/** Runs the jobs on up to `threads` threads (0 = one per hardware thread), each with its own heap
 *  workspace, freed before return. Every job gets a status; the call itself fails only for bad
 *  arguments. Results do not depend on the thread count. */
wsp_status wsp_host_exact_run(wsp_host_exact_job *jobs, size_t count, unsigned threads);

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_HOST_H */
