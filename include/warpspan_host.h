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

/** One annealing run for wsp_host_anneal_run (paper 003's "instances"): inputs, then results. */
typedef struct wsp_host_anneal_job {
    const wsp_problem *problem;
    wsp_anneal_options options;  /* iterations, T0, seed, initial solution, ...; a progress callback
                                    here is called on the worker thread */
    uint32_t *witness;           /* W*I ids, filled with the witness for result.lower */
    size_t witness_length;
    /** Called on the worker thread for every new best: iteration within this job, seconds since
     *  wsp_host_anneal_run started, makespan; and, when the job ends, once for the initial solution
     *  (iteration 0). May be NULL. For convergence plots (paper Fig. 12). */
    void (*on_best)(void *context, uint64_t iteration, double seconds, uint32_t best);
    void *on_best_context;
    /* filled in: */
    wsp_status status;           /* of wsp_anneal, or WSP_ERR_WORKSPACE_SIZE when out of memory */
    wsp_anneal_result result;
    wsp_diag diag;
    int timed_out;               /* 1 when the deadline stopped the job (result.stop CANCELLED) */
    double elapsed;              /* seconds this job ran */
} wsp_host_anneal_job;

/** What a monitor sees, summed over all jobs. */
typedef struct wsp_host_anneal_status {
    uint32_t best;        /* best makespan found so far by any job */
    uint64_t iterations;  /* iterations done so far, all jobs */
    double elapsed;       /* seconds since the call started */
    size_t finished, count;
} wsp_host_anneal_status;

typedef void (*wsp_host_anneal_monitor)(void *context, const wsp_host_anneal_status *status);

/** Runs independent annealing jobs on up to `threads` threads (0 = one per hardware thread); the
 *  best over them is the estimate (paper 003 section VIII). `seconds` > 0 is a deadline for the
 *  whole call: jobs still running then stop with what they found (timed_out), jobs not started are
 *  skipped (status WSP_OK, result.iterations 0, timed_out 1, lower 0). The monitor (may be NULL) is
 *  called on the calling thread about every `monitor_interval` seconds (0 = 0.25) and once at the
 *  end. Each job's result depends on its options only, not on the thread count. */
wsp_status wsp_host_anneal_run(wsp_host_anneal_job *jobs, size_t count, unsigned threads,
                               double seconds, wsp_host_anneal_monitor monitor, void *context,
                               double monitor_interval);

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_HOST_H */
