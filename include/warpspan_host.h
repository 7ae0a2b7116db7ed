/*
 * warpspan 1.1 host layer: what only a hosted build has (threads, a clock, heap memory, files,
 * lp_solve). It is the separate library warpspan_host (CMake target warpspan::host, pkg-config
 * warpspan-host) over the core; bare-metal builds never see it. Every function and type here is
 * named wsp_host_*. The conventions of warpspan.h hold here too (status + optional trailing diag,
 * fixed-width fields, zero-for-default options with reserved words that must be 0, one stop reason),
 * with two differences that a host allows: these calls allocate (a failed allocation is
 * WSP_ERR_ALLOCATION), and time budgets are in seconds (double). Compiles as C99 and as C++.
 */
#ifndef WARPSPAN_HOST_H
#define WARPSPAN_HOST_H

#include "warpspan.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Seconds on a monotonic clock (for time budgets and reports). */
WSP_API double wsp_host_seconds(void);

/* ==== many exact searches or annealing runs on threads ========================================= */
/** What a monitor sees, summed over all jobs of a call. */
typedef struct wsp_host_monitor_status {
    uint32_t lower;        /* best witnessed lower bound found so far by any job (same problem) */
    uint32_t reserved0;
    uint64_t work;         /* work done so far, all jobs (expansions or iterations) */
    uint64_t finished;     /* jobs finished */
    uint64_t count;        /* jobs in the call */
    double elapsed;        /* seconds since the call started */
    uint32_t reserved[4];
} wsp_host_monitor_status;

/** Called on the calling thread about every `monitor_interval` seconds and once at the end. */
typedef void (*wsp_host_monitor_fn)(void *context, const wsp_host_monitor_status *status);

/** How a call runs its jobs; zero for the defaults. */
typedef struct wsp_host_run_options {
    uint32_t threads;            /* worker threads; 0 = one per hardware thread. <= 4096 */
    uint32_t reserved0;          /* must be 0 */
    double seconds;              /* time budget for the whole call, from its start (set-up, search
                                    and witness checks included); 0 = none. Jobs running at the
                                    deadline stop with their best (stop TIME); jobs not started are
                                    skipped (stop TIME, work 0, lower 0) */
    wsp_host_monitor_fn monitor; /* may be NULL */
    void *context;               /* passed to monitor */
    double monitor_interval;     /* seconds; 0 = 0.25 */
    uint32_t reserved[8];        /* must be 0 */
} wsp_host_run_options;

/** One exact search: inputs first, then what the run fills in. */
typedef struct wsp_host_exact_job {
    const wsp_problem *problem;
    wsp_exact_options options;   /* budget, initial schedule; a progress callback here is called on
                                    the worker thread */
    uint64_t memory;             /* bytes for the search (the memory budget); 0 = 64 MiB. Pages are
                                    mapped lazily: a small search touches little */
    double seconds;              /* this job's own time budget; 0 = none (the call's budget holds) */
    uint32_t *witness;           /* W*I ids, filled with the witness for result.lower */
    uint64_t witness_length;
    uint32_t reserved[8];        /* must be 0; numbered 13..20 after the options' 1..12 */
    /* filled in: */
    wsp_status status;           /* of wsp_exact_solve, or WSP_ERR_ALLOCATION */
    uint32_t reserved1;
    wsp_exact_result result;     /* result.stop TIME when a time budget stopped it */
    wsp_diag diag;
    double elapsed;              /* seconds this job ran */
} wsp_host_exact_job;

/** Runs the jobs on threads, each with its own heap workspace, freed before return. Every job gets a
 *  status; the call itself fails only for bad arguments: the options (reserved0 is reserved word 1,
 *  reserved[k] is k + 2), or a job's own fields (diag.field WSP_FIELD_JOB, .index the job; the job's
 *  status and diag say which), and then runs nothing. Results do not depend on the thread count. */
WSP_API wsp_status wsp_host_exact_run(wsp_host_exact_job *jobs, size_t count,
                                      const wsp_host_run_options *options, wsp_diag *diag);

/** One annealing run (paper 003's "instances"): inputs, then results. */
typedef struct wsp_host_anneal_job {
    const wsp_problem *problem;
    wsp_anneal_options options;  /* iterations, T0, seed, initial solution, ...; a progress callback
                                    here is called on the worker thread */
    uint32_t *witness;           /* W*I ids, filled with the witness for result.lower */
    uint64_t witness_length;
    /** Called on the worker thread for every new best: iteration within this job, seconds since
     *  the call started, makespan; and, when the job ends, once for the initial solution
     *  (iteration 0). May be NULL. For convergence plots (paper 003 Fig. 12). */
    void (*on_best)(void *context, uint64_t iteration, double seconds, uint32_t best);
    void *on_best_context;
    uint32_t reserved[8];        /* must be 0; numbered 13..20 after the options' 1..12 */
    /* filled in: */
    wsp_status status;           /* of wsp_anneal_run, or WSP_ERR_ALLOCATION */
    uint32_t reserved1;
    wsp_anneal_result result;    /* result.stop TIME when the deadline stopped it */
    wsp_diag diag;
    double elapsed;              /* seconds this job ran */
} wsp_host_anneal_job;

/** Runs independent annealing jobs on threads; the best over them is the estimate (paper 003 section
 *  VIII). Each job's result depends on its options only, not on the thread count. */
WSP_API wsp_status wsp_host_anneal_run(wsp_host_anneal_job *jobs, size_t count,
                                       const wsp_host_run_options *options, wsp_diag *diag);

/* ==== the lower-bound search on threads (since 1.1) ============================================ */
/** Independent wsp_lower_run searches ("jobs", each with its own seed mixed from options.lower.seed
 *  and the job's index, and its own heap workspace) on threads; the answer is the best job, ties
 *  going to the lowest index. */
typedef struct wsp_host_lower_options {
    wsp_lower_options lower;     /* the core's options (reserved words 1..11). lower.control.budget is
                                    the whole work budget, split evenly over the jobs; 0: each job
                                    wsp_lower_default_work(problem), or no work budget when the run
                                    options give seconds. Its progress callback runs on the worker
                                    threads. lower.max_beam 0: the widest beam that fits `memory` */
    uint32_t jobs;               /* independent searches; 0 = WSP_HOST_LOWER_DEFAULT_JOBS */
    uint32_t reserved0;          /* must be 0 (reserved word 12) */
    uint64_t memory;             /* bytes per job when lower.max_beam is 0 (the beam takes what fits,
                                    up to 65536 states); 0 = 64 MiB */
    /** Called on a worker thread, under a lock, when the best over all jobs improves (seconds since
     *  the call started); may be NULL. */
    void (*on_best)(void *context, uint32_t best, double seconds);
    void *on_best_context;
    uint32_t reserved[8];        /* must be 0 (reserved words 13..20) */
} wsp_host_lower_options;

#define WSP_HOST_LOWER_DEFAULT_JOBS 2u

typedef struct wsp_host_lower_result {
    wsp_lower_result best;       /* of the winning job; best.stop TIME when the deadline ended it */
    uint32_t job;                /* the winning job's index (0-based) */
    uint32_t jobs;               /* jobs run */
    uint64_t work;               /* units over all jobs */
    double seconds;              /* wall time of the whole call */
    uint32_t reserved[4];
} wsp_host_lower_result;

/** Runs the jobs with the run options (threads, seconds, monitor; NULL for the defaults; their reserved
 *  words follow the lower options', from 21). `witness` receives the winning job's W*I warp ids.
 *  Determinism: the number of jobs and each job's work budget depend only on the options, never on
 *  the thread count; when a job reaches the proven upper bound, only the jobs after it are stopped.
 *  So with a work budget and no time budget, the result is the same for any number of threads.
 *  WSP_ERR_RANGE with WSP_FIELD_SECONDS when the time budget ended before any job had a witness. */
WSP_API wsp_status wsp_host_lower_run(const wsp_problem *problem, const wsp_host_lower_options *options,
                                      const wsp_host_run_options *run, uint32_t *witness,
                                      size_t witness_length, wsp_host_lower_result *result,
                                      wsp_diag *diag);

/* ==== the anytime bracket on threads (since 1.1) =============================================== */
/** wsp_bracket_run's three phases on the host: the witness searches as wsp_host_lower_run jobs on
 *  threads, the exact search in heap memory, and a time budget for the whole call. Since 1.3 they
 *  start from the host's slot bound (docs/bounds.md 6c: a linear program, for kernels of at most 48
 *  normalised instructions, within 20,000 simplex iterations and half of any time budget;
 *  upper_by WSP_BRACKET_UPPER_SLOT when it is the upper end). A work budget is split as the core
 *  splits it (an eighth, a quarter in states of WSP_BRACKET_STATE_UNITS units, the rest); a time
 *  budget S (run->seconds) ends the phases at S'/8, 3S'/8 and S' after the slot bound, S' the time it
 *  left (a phase that ends early leaves its time to the next); with both, whichever ends first. */
typedef struct wsp_host_bracket_options {
    wsp_bracket_options bracket; /* the core's options (reserved words 1..9). bracket.control.budget
                                    is the work of the whole call; 0: wsp_bracket_default_work(problem),
                                    or no work budget when the run options give seconds. Its progress
                                    callback runs on the worker threads. bracket.states is ignored
                                    (memory below) */
    uint32_t jobs;               /* witness-search jobs per phase; 0 = WSP_HOST_LOWER_DEFAULT_JOBS */
    uint32_t reserved0;          /* must be 0 (reserved word 10) */
    uint64_t memory;             /* bytes for the exact search's table;
                                    0 = WSP_HOST_BRACKET_DEFAULT_MEMORY */
    uint32_t reserved[8];        /* must be 0 (reserved words 11..18) */
} wsp_host_bracket_options;

#define WSP_HOST_BRACKET_DEFAULT_MEMORY 268435456u /* 256 MiB */

typedef struct wsp_host_bracket_result {
    wsp_bracket_result bracket;  /* stop TIME when the deadline ended it before the bracket closed */
    uint32_t jobs;               /* witness-search jobs per phase */
    uint32_t reserved0;
    double seconds;              /* wall time of the whole call */
    double seconds_lower;        /* of which the witness searches */
    double seconds_exact;        /* and the exact search */
    uint32_t reserved[4];
} wsp_host_bracket_result;

/** Runs the phases with the run options (threads, seconds, monitor; NULL for the defaults; their
 *  reserved words follow the bracket options', from 19). `witness` receives W*I warp ids whose
 *  decoded and validated makespan is result->bracket.lower. Determinism: with a work budget and no
 *  time budget the bracket and the witness do not depend on the thread count (nor does `work` while
 *  the bracket stays open: a job that closes it stops the later ones at timing-dependent points). */
WSP_API wsp_status wsp_host_bracket_run(const wsp_problem *problem,
                                        const wsp_host_bracket_options *options,
                                        const wsp_host_run_options *run, uint32_t *witness,
                                        size_t witness_length, wsp_host_bracket_result *result,
                                        wsp_diag *diag);

/* ==== the papers' exact ILP (paper 004, Fig. 3), solved with lp_solve ========================== */
/* Built only where lp_solve is (CMake option WARPSPAN_WITH_LPSOLVE); elsewhere these calls return
 * WSP_ERR_UNAVAILABLE and wsp_host_ilp_available() says 0. The model's horizon is the proven upper
 * bound (wsp_bounds.upper), never the paper's formula, so that every work-conserving schedule fits. */

/** 1 when this build has the ILP (lp_solve), else 0. */
WSP_API uint32_t wsp_host_ilp_available(void);

/** How work conservation is written: paper 004's short rows (Eq. 32/35, one per warp, instruction
 *  and cycle; the paper found them faster) or long rows (Eq. 31/34, one per warp, type and cycle). */
enum wsp_host_ilp_constraints_id { WSP_HOST_ILP_SHORT = 0, WSP_HOST_ILP_LONG = 1, WSP_HOST_ILP_STRONG = 2 };

typedef struct wsp_host_ilp_options {
    uint32_t constraints;          /* a wsp_host_ilp_constraints_id; 0 = short */
    uint32_t reserved0;            /* must be 0 (reserved word 1; reserved[k] is k + 2) */
    double seconds;                /* time budget for building and solving; 0 = none */
    wsp_progress_fn progress;      /* may be NULL; work = branch-and-bound nodes, lower = incumbent,
                                      upper = horizon; called about every progress_interval s */
    void *context;
    double progress_interval;      /* seconds; 0 = 0.5 */
    uint32_t reserved[8];          /* must be 0 */
} wsp_host_ilp_options;

typedef struct wsp_host_ilp_result {
    uint32_t stop;        /* a wsp_stop_reason: FINISHED = lp_solve proved the optimum (lower ==
                             upper == T(W)); TIME, CANCELLED: lower is the best schedule found */
    uint32_t lower;       /* witnessed: the makespan of a validated schedule; 0 if none was found */
    uint32_t upper;       /* proven: lower when FINISHED, else the horizon */
    uint32_t horizon;     /* T of the model: the proven upper bound */
    uint64_t columns, rows, nonzeros;
    uint64_t nodes;       /* branch-and-bound nodes */
    double build_seconds; /* building the model */
    double seconds;       /* the whole call */
    uint32_t reserved[8];
} wsp_host_ilp_result;

/** Builds the ILP and solves it with lp_solve on the calling thread (calls on different threads are
 *  independent). The solution is checked to be 0/1 within 1e-6 with an integral objective,
 *  validated (capacity, precedence, work conservation) and turned into a witness (W*I ids, written
 *  to `witness` when it is not NULL; then witness_length must be W*I) that the decoder maps back to
 *  the same makespan. */
WSP_API wsp_status wsp_host_ilp_solve(const wsp_problem *problem, const wsp_host_ilp_options *options,
                                      uint32_t *witness, size_t witness_length,
                                      wsp_host_ilp_result *result, wsp_diag *diag);

/** Writes the ILP to `path` in lp_solve's LP format, or in free MPS when the name ends in ".mps"
 *  (CPLEX, Gurobi, HiGHS, CBC and SCIP read it), after comment lines naming the problem, the horizon
 *  and how to read a solution. Uses options->constraints only. */
WSP_API wsp_status wsp_host_ilp_write(const wsp_problem *problem, const wsp_host_ilp_options *options,
                                      const char *path, wsp_diag *diag);

/* ==== IPET with loop bounds (paper 001, section 5) ============================================= */
/* The implicit path enumeration technique as an ILP solved with lp_solve: maximise the sum over nodes
 * of e_bb * count subject to flow conservation (entry and exit once) and loop bounds. For any CFG
 * with bounded, reducible loops; on an acyclic CFG it equals the longest path. WSP_ERR_UNAVAILABLE
 * without lp_solve. */

typedef struct wsp_host_ipet_loop {
    uint32_t header;       /* 0-based node: the target of the loop's back edges */
    uint32_t reserved0;    /* must be 0 (else WSP_ERR_RESERVED, WSP_FIELD_IPET_LOOP, the loop) */
    uint64_t bound;        /* its back edges are taken at most `bound` times per entry into the loop */
} wsp_host_ipet_loop;

typedef struct wsp_host_ipet_graph {
    const uint64_t *wcet;            /* node_count WCETs in cycles, each at most 2^32 */
    const wsp_pws_edge *edges;       /* 0-based from, to */
    const wsp_host_ipet_loop *loops; /* one per loop header (a node that some back edge enters) */
    const uint32_t *labels;          /* optional: the caller's name of each node, used in messages;
                                        NULL = the 0-based index */
    uint32_t node_count;
    uint32_t edge_count;
    uint32_t loop_count;
    uint32_t entry, exit;            /* 0-based nodes */
    uint32_t reserved[7];            /* must be 0: reserved words 1..7 */
} wsp_host_ipet_graph;

typedef struct wsp_host_ipet_options {
    double seconds;                  /* time budget for the solve; 0 = none */
    uint32_t reserved[8];            /* must be 0: reserved words 8..15, after the graph's */
} wsp_host_ipet_options;

typedef struct wsp_host_ipet_result {
    uint32_t stop;       /* FINISHED: wcet is the IPET maximum. Otherwise the solve was stopped and
                            nothing is claimed (wcet 0): a feasible path is not a WCET */
    uint32_t back_edges; /* found by depth-first search from the entry */
    uint64_t wcet;       /* cycles */
    uint64_t columns, rows;
    double seconds;
    uint32_t reserved[8];
} wsp_host_ipet_result;

/** Checks the graph (indices, every node reachable from the entry and reaching the exit, reducible
 *  loops each with a bound, no bound on a node that is not a loop header) and solves the IPET ILP.
 *  counts (may be NULL) receives node_count execution counts of the worst case. */
WSP_API wsp_status wsp_host_ipet_solve(const wsp_host_ipet_graph *graph,
                                       const wsp_host_ipet_options *options, uint64_t *counts,
                                       wsp_host_ipet_result *result, wsp_diag *diag);

/* ==== experimental: no stability promise ======================================================= */
#ifdef WSP_EXPERIMENTAL
/* ---- kernel strings from PTX -----------------------------------------------------------------
 * Experimental in 1.0: the reader is being extended to whole kernels (CFG, loop bounds, expansions of
 * instructions the assembler turns into several); its options and report will change. */

/** How the reader walks the entry's control flow (wsp_host_ptx_options.flow). */
enum wsp_host_ptx_flow_id {
    WSP_HOST_PTX_PREFIX = 0, /* the straight-line prefix: from the entry up to and including the first
                                branch (bra, brx, or a guarded ret/exit), or to ret/exit */
    WSP_HOST_PTX_PATH = 1,   /* follow `path`: one choice per conditional branch met, in order */
    WSP_HOST_PTX_LOOP = 2,   /* to ret: each backward branch taken until its loop body ran `loop`
                                times, then falls through; forward conditional branches not taken */
    WSP_HOST_PTX_WORST = 3   /* the longest path from the entry to ret over the CFG, each loop body
                                run at most `loop` times per entry into the loop */
};

/** Zero for the defaults: the only .entry, the straight-line prefix. */
typedef struct wsp_host_ptx_options {
    const char *entry;         /* the .entry to read; NULL or "": the only one */
    const char *path;          /* WSP_HOST_PTX_PATH: "taken,not-taken,..." (t and n work too) */
    uint32_t flow;             /* a wsp_host_ptx_flow_id */
    uint32_t loop;             /* LOOP, WORST: times a loop body runs; 0 = 1 */
    uint32_t max_instructions; /* longest kernel extracted before it is an error; 0 = 1000000 */
    uint32_t reserved[9];      /* must be 0 */
} wsp_host_ptx_options;

/** What the reader found; filled on success and, as far as it got, on error. */
typedef struct wsp_host_ptx_report {
    uint64_t mix[WSP_UNIT_COUNT];   /* instructions per unit in the extracted kernel */
    uint64_t instructions;          /* their sum: the kernel's length I */
    uint64_t kernel_length;         /* strlen of the kernel string; the buffer needs one byte more */
    uint32_t entries;               /* .entry functions in the text */
    uint32_t conditional_branches;  /* conditional branches met on the walk */
    uint32_t unclassified;          /* always 0: an unknown opcode is an error (WSP_ERR_PTX naming
                                       every such line); kept for the layout */
    uint32_t line;                  /* on error: the 1-based line, 0 if none */
    char entry[128];                /* the name of the entry read (truncated if longer) */
    char unclassified_list[256];    /* always empty (see unclassified) */
    char message[512];              /* on error: the whole message (diag.message holds its start) */
    uint32_t reserved[8];
} wsp_host_ptx_report;

/** Reads PTX text (`length` bytes, need not be NUL-terminated; `nvcc -ptx` output), finds the .entry
 *  and writes its kernel instruction string with repeat counts ("L5 C11 L1 C2") into `kernel`
 *  (`capacity` bytes with the NUL; NULL with capacity 0 is a size query: report.kernel_length). */
WSP_API wsp_status wsp_host_ptx_read(const char *text, size_t length, const wsp_host_ptx_options *options,
                                     char *kernel, size_t capacity, wsp_host_ptx_report *report,
                                     wsp_diag *diag);
#endif /* WSP_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_HOST_H */
