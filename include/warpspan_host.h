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
WSP_API double wsp_host_seconds(void);

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
WSP_API wsp_status wsp_host_exact_run(wsp_host_exact_job *jobs, size_t count, unsigned threads);

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
WSP_API wsp_status wsp_host_anneal_run(wsp_host_anneal_job *jobs, size_t count, unsigned threads,
                               double seconds, wsp_host_anneal_monitor monitor, void *context,
                               double monitor_interval);

/* ---- the papers' exact ILP (paper 004, Fig. 3), solved with lp_solve --------------------------- */
/* Built only where lp_solve is (CMake option WARPSPAN_WITH_LPSOLVE); elsewhere these calls return
 * WSP_ERR_UNAVAILABLE and wsp_host_ilp_available() says 0. The model's horizon is the proven safe
 * bound (wsp_bounds.upper), never the paper bound, so that every work-conserving schedule fits. */

/** 1 when this build has the ILP (lp_solve), else 0. */
WSP_API int wsp_host_ilp_available(void);

/** How work conservation is written: paper 004's short rows (Eq. 32/35, one per warp, instruction
 *  and cycle; the paper found them faster) or long rows (Eq. 31/34, one per warp, type and cycle). */
typedef enum wsp_ilp_constraints { WSP_ILP_SHORT = 0, WSP_ILP_LONG = 1 } wsp_ilp_constraints;

/** Why the solve ended. Only WSP_ILP_OPTIMAL is an exact answer (lower == upper == T(W)). */
typedef enum wsp_ilp_status {
    WSP_ILP_OPTIMAL = 0,   /* lp_solve proved the maximum */
    WSP_ILP_TIMEOUT = 1,   /* the time limit stopped it: lower is the best schedule found (0 if none) */
    WSP_ILP_CANCELLED = 2  /* the progress callback stopped it: as for a timeout */
} wsp_ilp_status;

typedef struct wsp_ilp_progress {
    double seconds;       /* since the call started */
    uint32_t incumbent;   /* makespan of the best schedule found so far, 0 if none */
    uint64_t nodes;       /* branch-and-bound nodes so far */
    int building;         /* 1 while the model is still being built */
} wsp_ilp_progress;

/** Return non-zero to stop the solve (status WSP_ILP_CANCELLED). */
typedef int (*wsp_ilp_progress_fn)(void *context, const wsp_ilp_progress *progress);

typedef struct wsp_ilp_options {
    uint32_t constraints;          /* a wsp_ilp_constraints; 0 = short */
    double seconds;                /* time limit for building and solving, fractional; 0 = none */
    wsp_ilp_progress_fn progress;  /* may be NULL; called about every progress_interval seconds */
    void *context;
    double progress_interval;      /* 0 = 0.5 s */
} wsp_ilp_options;

typedef struct wsp_ilp_result {
    uint32_t status;      /* a wsp_ilp_status */
    uint32_t lower;       /* witnessed: the makespan of a validated schedule; 0 if none was found */
    uint32_t upper;       /* proven: lower when optimal, else the horizon */
    uint32_t horizon;     /* T of the model: the safe bound */
    uint64_t columns, rows, nonzeros;
    uint64_t nodes;       /* branch-and-bound nodes */
    double build_seconds; /* building the model */
    double seconds;       /* the whole call */
} wsp_ilp_result;

/** Builds the ILP for p and solves it with lp_solve on the calling thread (calls on different
 *  threads are independent). The solution is decoded into a schedule, checked to be 0/1 within
 *  1e-6 with an integral objective, validated (capacity, precedence, work conservation), and turned
 *  into a witness pseudo-precedence string (W*I ids, written to `witness` when it is not NULL; then
 *  witness_length must be W*I) that the decoder maps back to the same makespan. Options may be NULL. */
WSP_API wsp_status wsp_host_ilp_solve(const wsp_problem *p, const wsp_ilp_options *options, uint32_t *witness,
                              size_t witness_length, wsp_ilp_result *result, wsp_diag *diag);

/** Writes the ILP to `path` in lp_solve's LP format, or in free MPS when the name ends in ".mps"
 *  (which CPLEX, Gurobi, HiGHS, CBC and SCIP read), after comment lines naming the problem, the
 *  horizon and how to read a solution. Uses options->constraints only. */
WSP_API wsp_status wsp_host_ilp_write(const wsp_problem *p, const wsp_ilp_options *options, const char *path,
                              wsp_diag *diag);

/* ---- IPET with loop bounds (paper 001, section 5: the WCET of a wavefront's CFG) --------------- */
/* The implicit path enumeration technique as an ILP solved with lp_solve: maximise sum over nodes of
 * e_bb * count subject to flow conservation (the entry and the exit once) and loop bounds. For any
 * CFG with bounded, reducible loops, not only the structured acyclic ones of wsp_pws_analyse; on an
 * acyclic CFG it equals the longest path. Unavailable (WSP_ERR_UNAVAILABLE) without lp_solve. */

typedef struct wsp_ipet_loop {
    uint32_t header;  /* 0-based node: the target of the loop's back edges */
    uint64_t bound;   /* its back edges are taken at most `bound` times per entry into the loop */
} wsp_ipet_loop;

typedef struct wsp_ipet_graph {
    const uint64_t *wcet;        /* node_count WCETs in cycles, each at most 2^32 */
    uint32_t node_count;
    const wsp_pws_edge *edges;   /* 0-based from, to */
    uint32_t edge_count;
    uint32_t entry, exit;        /* 0-based nodes */
    const wsp_ipet_loop *loops;  /* one per loop header (a node that some back edge enters) */
    uint32_t loop_count;
    const uint32_t *labels;      /* optional: the caller's name of each node, used in messages;
                                    NULL = the 0-based index */
} wsp_ipet_graph;

typedef struct wsp_ipet_result {
    uint32_t status;     /* WSP_ILP_OPTIMAL: wcet is the IPET maximum. Otherwise the solve was stopped and
                            nothing is claimed (wcet 0): a feasible path found so far is not a WCET */
    uint64_t wcet;       /* cycles */
    uint32_t back_edges; /* found by depth-first search from the entry */
    uint64_t columns, rows;
    double seconds;
} wsp_ipet_result;

/** Checks the graph (indices, every node reachable from the entry and reaching the exit, reducible
 *  loops each with a bound, no bound on a node that is not a loop header) and solves the IPET ILP,
 *  with a time limit in seconds (0 = none). counts (may be NULL) receives node_count execution
 *  counts of the worst case. Errors: WSP_ERR_CFG_EDGE, WSP_ERR_CFG_STRUCTURE (unreachable, dead end,
 *  irreducible loop), WSP_ERR_RANGE (a missing or misplaced loop bound), WSP_ERR_OVERFLOW (beyond
 *  the solver's exact integers), WSP_ERR_SOLVER. */
WSP_API wsp_status wsp_host_ipet(const wsp_ipet_graph *graph, double seconds, uint64_t *counts,
                         wsp_ipet_result *result, wsp_diag *diag);

/* ---- kernel strings from PTX (issue 8) -------------------------------------------------------- */
/** How the reader walks the entry's control flow. */
typedef enum wsp_ptx_flow {
    WSP_PTX_PREFIX = 0, /* the straight-line prefix: from the entry up to and including the first
                           branch (bra, brx, or a guarded ret/exit), or to ret/exit (paper 003) */
    WSP_PTX_PATH = 1,   /* follow `path`: one choice per conditional branch met, in order; the walk
                           stops after the first conditional branch with no choice left, or at ret */
    WSP_PTX_LOOP = 2,   /* to ret: each backward (loop) branch taken until its loop body ran `loop`
                           times, then falls through; forward conditional branches are not taken */
    WSP_PTX_WORST = 3   /* the longest path (one per instruction) from the entry to ret over the
                           CFG, each loop body run at most `loop` times per entry into the loop */
} wsp_ptx_flow;

/** Zero for the defaults: the only .entry, the straight-line prefix. */
typedef struct wsp_ptx_options {
    const char *entry;         /* the .entry to read; NULL or "": the only one (an error naming them
                                  all when there are several) */
    wsp_ptx_flow flow;
    const char *path;          /* WSP_PTX_PATH: "taken,not-taken,..." (t and n work too) */
    uint32_t loop;             /* WSP_PTX_LOOP, WSP_PTX_WORST: times a loop body runs; 0 = 1 */
    uint32_t max_instructions; /* longest kernel extracted before it is an error; 0 = 1000000 */
} wsp_ptx_options;

/** What the reader found; filled on success and, as far as it got, on error. */
typedef struct wsp_ptx_report {
    uint64_t mix[WSP_UNIT_COUNT];   /* instructions per unit in the extracted kernel (wsp_unit order) */
    uint64_t instructions;          /* their sum: the kernel's length I */
    size_t kernel_length;           /* strlen of the kernel string; the buffer needs one byte more */
    uint32_t entries;               /* .entry functions in the text */
    uint32_t conditional_branches;  /* conditional branches met on the walk */
    uint32_t unclassified;          /* instructions on the walk of an unknown opcode (counted as C) */
    char entry[128];                /* the name of the entry read (truncated if longer) */
    char unclassified_list[256];    /* "opcode (line N), ..." for those, each opcode once; "..." if cut */
    size_t line;                    /* on error: the 1-based line, 0 if none */
    char message[512];              /* on error: the whole message (diag->message holds its start) */
} wsp_ptx_report;

/** Reads PTX text (`length` bytes, need not be NUL-terminated; `nvcc -ptx` output), finds the .entry
 *  and writes its kernel instruction string with repeat counts ("L5 C11 L1 C2") into `kernel`
 *  (`capacity` bytes with the NUL). Units: L = ld, ldu, st, atom, red, prefetch(u), cp.async*, ld/stmatrix,
 *  tex, tld4, suld, sust, sured, mbarrier, ...; S = sin, cos, ex2, lg2, rsqrt, tanh and .approx rcp,
 *  sqrt (single precision); D = arithmetic, comparison or conversion with a .f64 type; C = the rest,
 *  bra, ret, setp, selp, mov, cvt, bar included (paper 003 Fig. 11 counts its bra as C). A guard (@p)
 *  leaves the unit as it is. Directives, declarations, labels and comments are skipped.
 *  `options` may be NULL (defaults), `kernel` NULL with capacity 0 (a size query: kernel_length),
 *  `report` and `diag` NULL. Allocates on the heap (host only); thread-safe.
 *  Errors: WSP_ERR_NULL_ARGUMENT, WSP_ERR_PTX (line in diag.position and report.line),
 *  WSP_ERR_RANGE (a bad path word, loop 0 is fine, max_instructions exceeded),
 *  WSP_ERR_WORKSPACE_SIZE (capacity too small; report.kernel_length says what is needed). */
WSP_API wsp_status wsp_host_ptx_read(const char *text, size_t length, const wsp_ptx_options *options, char *kernel,
                             size_t capacity, wsp_ptx_report *report, wsp_diag *diag);

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_HOST_H */
