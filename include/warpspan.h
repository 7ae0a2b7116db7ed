/*
 * warpspan: worst-case makespan of identical GPU warps on one streaming multiprocessor.
 *
 * The public C API of the core. It compiles as C99 (-Wall -Wextra -pedantic) and as C++, on every
 * target. The core never allocates: every object lives in memory the caller provides, sized by a
 * wsp_*_workspace_size() query or by a WSP_*_WORKSPACE_SIZE() macro for static buffers. There is no
 * free: drop the buffer when done.
 *
 * Model (../shared/DESIGN.md section 1): W identical warps run one kernel instruction string over the
 * unit types L (load/store), C (CUDA core), S (special function) and D (double precision). Per cycle at
 * most sigma[U] warps issue a U instruction and at most `schedulers` warps issue in total; scheduling
 * is work-conserving. T(W) is the largest makespan over all such schedules.
 */
#ifndef WARPSPAN_H
#define WARPSPAN_H

#include <stddef.h>
#include <stdint.h>

/* WSP_API marks every public declaration: exported from the shared library, everything else hidden. */
#ifndef WSP_API
#if defined(_WIN32) && defined(WSP_BUILDING_SHARED)
#define WSP_API __declspec(dllexport)
#elif defined(_WIN32) && defined(WSP_USING_SHARED)
#define WSP_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#define WSP_API __attribute__((visibility("default")))
#else
#define WSP_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ---------------------------------------------------------------------------------- */
#define WSP_VERSION_MAJOR 0
#define WSP_VERSION_MINOR 1
#define WSP_VERSION_PATCH 0
#define WSP_VERSION_NUMBER (WSP_VERSION_MAJOR * 10000 + WSP_VERSION_MINOR * 100 + WSP_VERSION_PATCH)

/** WSP_VERSION_NUMBER of the library actually linked. */
WSP_API unsigned wsp_version_number(void);
/** "MAJOR.MINOR.PATCH" of the library actually linked (static string). */
WSP_API const char *wsp_version(void);

/* ---- status ----------------------------------------------------------------------------------- */
/** Result of every fallible call. 0 is success; the values are fixed forever once released. */
typedef enum wsp_status {
    WSP_OK = 0,
    WSP_ERR_NULL_ARGUMENT = 1,     /* a required pointer was NULL */
    WSP_ERR_KERNEL_EMPTY = 2,      /* the kernel string holds no instruction */
    WSP_ERR_KERNEL_CHARACTER = 3,  /* a character that is not L, C, S, D, a digit or a space */
    WSP_ERR_KERNEL_COUNT = 4,      /* a repeat count that is 0, too large or not after a letter */
    WSP_ERR_SIGMA = 5,             /* units / warp_size is neither an integer nor 1/n */
    WSP_ERR_RANGE = 6,             /* a configuration value or warp count out of its range */
    WSP_ERR_OVERFLOW = 7,          /* the problem is too large (W*I or a cycle count overflows) */
    WSP_ERR_WORKSPACE_SIZE = 8,    /* the caller's buffer is smaller than the size query said */
    WSP_ERR_WORKSPACE_ALIGN = 9,   /* the caller's buffer is not aligned to WSP_WORKSPACE_ALIGN */
    WSP_ERR_WITNESS_LENGTH = 10,   /* a pseudo-precedence string whose length is not W*I */
    WSP_ERR_WITNESS_WARP = 11,     /* a warp id outside 1..W */
    WSP_ERR_WITNESS_COUNT = 12,    /* a warp id that occurs more than I times */
    WSP_ERR_SCHEDULE_CYCLE = 13,   /* a schedule entry with cycle 0 */
    WSP_ERR_SCHEDULE_PRECEDENCE = 14, /* instruction i+1 of a warp not after instruction i */
    WSP_ERR_SCHEDULE_CAPACITY = 15,   /* more than sigma[U] U instructions in one cycle */
    WSP_ERR_SCHEDULE_SCHEDULERS = 16, /* more than `schedulers` instructions in one cycle */
    WSP_ERR_SCHEDULE_WORK_CONSERVATION = 17, /* a ready warp left waiting beside spare capacity */
    WSP_ERR_INTERNAL = 18,         /* a proven invariant failed: please report it */
    WSP_ERR_INVALID_HANDLE = 19,   /* a handle that was not made by the matching init call */
    WSP_ERR_UNAVAILABLE = 20,      /* this build lacks the feature (the ILP needs lp_solve) */
    WSP_ERR_IO = 21,               /* a file could not be written or read */
    WSP_ERR_SOLVER = 22,           /* the external ILP solver failed (diag says how) */
    WSP_ERR_CFG_EDGE = 23,         /* a CFG edge to a node that does not exist, a self-loop or a duplicate */
    WSP_ERR_CFG_CYCLE = 24,        /* the CFG has a cycle (unroll loops first) */
    WSP_ERR_CFG_STRUCTURE = 25,    /* the CFG is not sequences and branches, each branch with its BSB
                                      and reconvergence node (diag names the node) */
    WSP_ERR_PTX = 26               /* PTX text the reader cannot use: malformed, truncated, binary, no
                                      such .entry (diag.position is the 1-based line, 0 if none) */
} wsp_status;
/** The largest wsp_status value (for tables over every status). */
#define WSP_STATUS_LAST WSP_ERR_PTX

/** A static, human-readable description of a status; never NULL, also for unknown values. */
WSP_API const char *wsp_strerror(wsp_status status);

/** Where an error is and what it is: filled by the calls that take a `wsp_diag *` (may be NULL).
 *  Fields that do not apply are 0 (positions) or -1 (character, unit). */
typedef struct wsp_diag {
    wsp_status status;
    size_t position;    /* 1-based: column in a kernel string, index in a pseudo-precedence string,
                           or (wsp_pws_*) index of the CFG node the error is about */
    int character;      /* the offending byte of a kernel string, or -1 */
    int unit;           /* a wsp_unit the error is about, or -1 */
    uint32_t warp;      /* 1-based warp, 0 if none */
    uint32_t instruction; /* 1-based instruction of the normalised kernel, 0 if none */
    uint32_t cycle;     /* 1-based cycle, 0 if none */
    char message[128];  /* one line for a person, NUL-terminated */
} wsp_diag;

/* ---- streaming multiprocessor ----------------------------------------------------------------- */
typedef enum wsp_unit { WSP_UNIT_L = 0, WSP_UNIT_C = 1, WSP_UNIT_S = 2, WSP_UNIT_D = 3 } wsp_unit;
#define WSP_UNIT_COUNT 4

/** SM configuration. Zero a field for its default (zero the whole struct for all defaults). */
typedef struct wsp_sm_config {
    uint32_t units[WSP_UNIT_COUNT];   /* units per type; 0 = warp_size (sigma 1). <= WSP_MAX_UNITS */
    uint32_t latency[WSP_UNIT_COUNT]; /* cycles per instruction; 0 = 1. <= WSP_MAX_LATENCY */
    uint32_t warp_size;               /* threads per warp; 0 = 32. <= WSP_MAX_WARP_SIZE */
    uint32_t schedulers;              /* warps issuing per cycle in total; 0 = no limit */
} wsp_sm_config;

#define WSP_MAX_UNITS 65536u
#define WSP_MAX_LATENCY 1024u
#define WSP_MAX_WARP_SIZE 1024u
#define WSP_MAX_SCHEDULERS 1024u
#define WSP_MAX_WARPS 65536u
#define WSP_MAX_REPEAT 1000000u       /* largest repeat count after a letter of a kernel string */
#define WSP_MAX_CELLS 0x7FFFFFFFu     /* largest W*I: cycles and string positions fit in int32 */

/* ---- problem ---------------------------------------------------------------------------------- */
/** A normalised problem (paper 003, III-E): kernel string, SM and warp count. Opaque. */
typedef struct wsp_problem wsp_problem;

/** Every workspace must be aligned to this many bytes: declare static buffers as uint64_t arrays. */
#define WSP_WORKSPACE_ALIGN 8u
/** Bytes of a problem workspace for a normalised kernel of I instructions. */
#define WSP_PROBLEM_HEADER_SIZE 128u
#define WSP_PROBLEM_WORKSPACE_SIZE(I) (WSP_PROBLEM_HEADER_SIZE + 2u * (size_t)(I) + 8u)

/** How many bytes wsp_problem_init() needs for this kernel and SM; also checks both and W.
 *  On error *size is 0 and diag (if given) says what and where. */
WSP_API wsp_status wsp_problem_workspace_size(const char *kernel, uint32_t warps, const wsp_sm_config *sm,
                                      size_t *size, wsp_diag *diag);

/** Parse, validate and normalise into the caller's buffer; *out points into `workspace`.
 *  `sm` may be NULL for all defaults. */
WSP_API wsp_status wsp_problem_init(void *workspace, size_t workspace_size, const char *kernel, uint32_t warps,
                            const wsp_sm_config *sm, wsp_problem **out, wsp_diag *diag);

/** The normalised kernel string (upper-case L/C/S/D, NUL-terminated, length I). */
WSP_API const char *wsp_problem_kernel(const wsp_problem *p);
/** I: instructions in the normalised kernel. */
WSP_API uint32_t wsp_problem_length(const wsp_problem *p);
/** W: warps. */
WSP_API uint32_t wsp_problem_warps(const wsp_problem *p);
/** Normalised sigma[U] (>= 1): how many warps may issue a U instruction per cycle. */
WSP_API uint32_t wsp_problem_sigma(const wsp_problem *p, wsp_unit u);
/** sigma[U] before normalisation as numerator/denominator (units/warp_size reduced, den 1 or num 1). */
WSP_API void wsp_problem_sigma_fraction(const wsp_problem *p, wsp_unit u, uint32_t *num, uint32_t *den);
/** How many normalised instructions one U instruction of the input became (1/sigma * latency). */
WSP_API uint32_t wsp_problem_copies(const wsp_problem *p, wsp_unit u);
/** I_U: U instructions in the normalised kernel. */
WSP_API uint32_t wsp_problem_count(const wsp_problem *p, wsp_unit u);
/** Scheduler limit (0 = none). */
WSP_API uint32_t wsp_problem_schedulers(const wsp_problem *p);
/** Unit type of normalised instruction i (0-based, i < I). */
WSP_API wsp_unit wsp_problem_unit_at(const wsp_problem *p, uint32_t i);

/* ---- bounds ----------------------------------------------------------------------------------- */
typedef struct wsp_bounds {
    uint64_t upper;       /* proven upper bound on T(W): the minimum of the three below */
    uint64_t trivial;     /* W*I */
    uint64_t saturation;  /* DESIGN.md section 3, with the scheduler limit counted */
    uint64_t last_warp;   /* waiting cycles of the last warp to finish, counted per cause */
    uint64_t paper;       /* paper 004 Eq. 5-7, sum_U ceil(W/sigma_U) * I_U: NOT always safe */
    int paper_safe;       /* 1 only when the paper's value is proven (no used type has sigma > 1) */
} wsp_bounds;

WSP_API wsp_status wsp_bounds_compute(const wsp_problem *p, wsp_bounds *out);

/* ---- decoder (paper 003, Fig. 4) -------------------------------------------------------------- */
/** Compile-time upper bound on wsp_decode_workspace_size() for W warps and I instructions. */
#define WSP_DECODE_WORKSPACE_SIZE(W, I) \
    (4u * (5u * ((size_t)(W) * (size_t)(I) + 2u) + 2u * (size_t)(W)))
/** Bytes of decoder workspace for a problem (depends on W, I and the proven upper bound); 0 for an
 *  invalid handle or when the size does not fit in size_t (wsp_decode then says WSP_ERR_OVERFLOW). */
WSP_API size_t wsp_decode_workspace_size(const wsp_problem *p);

/** Decode a warp pseudo-precedence string (W*I warp ids, 1-based, each exactly I times) into its
 *  schedule by placing each instruction in the earliest cycle that capacity, the scheduler limit and
 *  precedence allow. Outputs (each may be NULL): warp_cycle[k] = cycle of the instruction placed for
 *  pseudo_precedence[k] (the paper's warp cycle string); cycles[w * I + i] = cycle of instruction i of
 *  warp w (0-based; the matrix wsp_validate_schedule takes); *makespan = the last cycle.
 *  Every decoded schedule is work-conserving. */
WSP_API wsp_status wsp_decode(const wsp_problem *p, const uint32_t *pseudo_precedence, size_t length,
                      void *workspace, size_t workspace_size, uint32_t *warp_cycle, uint32_t *cycles,
                      uint32_t *makespan, wsp_diag *diag);

/* ---- validator -------------------------------------------------------------------------------- */
/** Compile-time value of wsp_validate_workspace_size() for W warps and I instructions. */
#define WSP_VALIDATE_WORKSPACE_SIZE(W, I) (4u * ((size_t)(W) * (size_t)(I) + (size_t)(W)))
/** Bytes of validator workspace for a problem; 0 for an invalid handle or when it does not fit in
 *  size_t (wsp_validate_schedule then says WSP_ERR_OVERFLOW). */
WSP_API size_t wsp_validate_workspace_size(const wsp_problem *p);

/** Check a schedule matrix (cycles[w * I + i], W*I entries) against the model independently of the
 *  decoder: cycles >= 1, precedence, capacity per type, scheduler limit, work conservation.
 *  On success *makespan (may be NULL) is its last cycle; on failure diag says which rule broke where. */
WSP_API wsp_status wsp_validate_schedule(const wsp_problem *p, const uint32_t *cycles, size_t length,
                                 void *workspace, size_t workspace_size, uint32_t *makespan,
                                 wsp_diag *diag);

/* ---- exact worst-case makespan ---------------------------------------------------------------- */
/* T(W) by a search over states (how many warps stand at each instruction) with proven upper bounds
 * per state, memoised in the caller's workspace. It answers T(W) exactly, or, when its budget runs
 * out, a bracket lower <= T(W) <= upper: lower is witnessed by a pseudo-precedence string checked by
 * the decoder and the validator before the call returns; upper is proven. */

/** Why the search stopped. Only WSP_EXACT_OPTIMAL means lower == upper == T(W). */
typedef enum wsp_exact_status {
    WSP_EXACT_OPTIMAL = 0,   /* T(W) found: lower == upper */
    WSP_EXACT_BUDGET = 1,    /* max_expansions reached: [lower, upper] brackets T(W) */
    WSP_EXACT_MEMORY = 2,    /* the state table filled the workspace: [lower, upper] brackets T(W) */
    WSP_EXACT_CANCELLED = 3  /* the progress callback asked to stop: [lower, upper] brackets T(W) */
} wsp_exact_status;

/** What a progress callback sees. */
typedef struct wsp_exact_progress {
    uint32_t lower;     /* witnessed lower bound so far */
    uint32_t upper;     /* proven upper bound so far; the search now tests whether T(W) >= upper */
    uint64_t expanded;  /* states expanded so far */
    uint64_t stored;    /* states in the table */
    uint64_t capacity;  /* states the table can hold */
} wsp_exact_progress;

/** Called every progress_interval expansions; return non-zero to stop (WSP_EXACT_CANCELLED). Use it
 *  for a time budget (the core has no clock), a progress display, or cancellation. */
typedef int (*wsp_exact_progress_fn)(void *context, const wsp_exact_progress *progress);

/** Options; zero the struct (or pass NULL) for the defaults. */
typedef struct wsp_exact_options {
    uint64_t max_expansions;        /* budget in expanded states; 0 = no limit */
    const uint32_t *initial;        /* optional pseudo-precedence string (W*I ids), e.g. from annealing:
                                       its makespan is the starting lower bound (it may be the witness
                                       buffer itself); NULL = start from a simple greedy schedule */
    size_t initial_length;
    wsp_exact_progress_fn progress; /* may be NULL */
    void *context;                  /* passed to progress */
    uint64_t progress_interval;     /* expansions between progress calls; 0 = 65536 */
} wsp_exact_options;

typedef struct wsp_exact_result {
    wsp_exact_status status;
    uint32_t lower;     /* makespan of the witness; equals T(W) when status is OPTIMAL */
    uint32_t upper;     /* proven upper bound on T(W) */
    uint32_t probes;    /* "is T(W) >= x?" searches run (x descends from the safe bound) */
    uint64_t expanded;  /* states expanded */
    uint64_t stored;    /* states stored in the table */
    uint64_t capacity;  /* states the table could hold */
} wsp_exact_result;

/** Bytes of workspace for a search that may store `states` states (0 = the minimum, which holds
 *  the search stack and the witness check). Any larger buffer is the memory budget: the state table
 *  starts small and grows into all of it as the search needs (a small search touches little). 0 for an invalid handle or when the size does not fit in
 *  size_t (wsp_exact_solve then says WSP_ERR_OVERFLOW). */
WSP_API size_t wsp_exact_workspace_size(const wsp_problem *p, uint64_t states);

/** Compute T(W) or a bracket. `witness` receives W*I warp ids (1-based), a pseudo-precedence string
 *  whose decoded schedule has makespan result->lower; it is checked by wsp_decode and
 *  wsp_validate_schedule before the call returns. `options` may be NULL. Deterministic. */
WSP_API wsp_status wsp_exact_solve(const wsp_problem *p, const wsp_exact_options *options, void *workspace,
                           size_t workspace_size, uint32_t *witness, size_t witness_length,
                           wsp_exact_result *result, wsp_diag *diag);

/* ---- simulated annealing (paper 003) ---------------------------------------------------------- */
/* A lower bound on T(W) with a witness: simulated annealing over pseudo-precedence strings (paper 003
 * sections IV-VII). A neighbour swaps two positions that hold different warps; a candidate of makespan
 * m' replaces the current one (makespan m) with probability 1 if m' >= m, else min(1, T / (m - m'))
 * (Eq. 3), with the temperature T = T0 (1 - iter / iterations) falling linearly. Candidates are decoded
 * incrementally (section VII). The best string seen is the witness; it is checked by wsp_decode and
 * wsp_validate_schedule before the call returns. All arithmetic is integer, so a seed gives the same
 * result on every target. The result is a lower bound, never an upper bound. */

/** Initial solutions: paper 003 section VI, and dispatch policies measured to give long schedules. */
typedef enum wsp_anneal_init {
    WSP_ANNEAL_ROUND_ROBIN = 0,     /* 1 2 .. W 1 2 .. W ... (section VI-A) */
    WSP_ANNEAL_FIXED_PRIORITY = 1,  /* 1 .. 1 2 .. 2 ... W .. W (section VI-B) */
    WSP_ANNEAL_MOST_PENDING = 2,    /* "most pending warp executes first" (Fig. 8) */
    WSP_ANNEAL_RANDOM = 3,          /* a uniformly shuffled string, from the seed */
    WSP_ANNEAL_LEAST_PROGRESS = 4,  /* each cycle, warps with the fewest issued instructions first */
    WSP_ANNEAL_STARVE = 5           /* each cycle, warps whose next unit is least loaded first */
} wsp_anneal_init;
#define WSP_ANNEAL_INIT_COUNT 6

/** Neighbourhoods: how the two positions a < b to swap are chosen (both hold different warps). */
typedef enum wsp_anneal_moves {
    WSP_ANNEAL_MOVES_UNIFORM = 0, /* a and b uniformly random, as in paper 003 */
    WSP_ANNEAL_MOVES_LOCAL = 1    /* a sweeps the string, b within `window` after it: 4-5x more
                                     iterations per second, but it gets stuck on kernels like
                                     Voronoi (BENCHMARKS.md); for small targets with tight budgets */
} wsp_anneal_moves;

/** What a progress callback sees. */
typedef struct wsp_anneal_progress {
    uint64_t iteration;  /* candidates evaluated so far */
    uint32_t best;       /* makespan of the best string so far */
    uint32_t current;    /* makespan of the current string */
    int improved;        /* 1 when this call reports a new best (made right after it was found) */
} wsp_anneal_progress;

/** Called on every new best and every progress_interval iterations; return non-zero to stop. */
typedef int (*wsp_anneal_progress_fn)(void *context, const wsp_anneal_progress *progress);

/** T0 = 0.3 (paper 003 section VIII), in units of 1/65536 cycle. */
#define WSP_ANNEAL_DEFAULT_T0 19661u
/** t0 value for a temperature of exactly 0 (never accept a worse candidate). */
#define WSP_ANNEAL_T0_ZERO 0xFFFFFFFFu
#define WSP_ANNEAL_DEFAULT_ITERATIONS 2000000u

/** Options; zero the struct (or pass NULL) for the defaults. */
typedef struct wsp_anneal_options {
    uint64_t iterations;            /* iter_max: candidates to evaluate; 0 = 2,000,000 */
    uint32_t t0;                    /* T0 in units of 1/65536 cycle; 0 = WSP_ANNEAL_DEFAULT_T0;
                                       WSP_ANNEAL_T0_ZERO for T0 = 0 */
    uint64_t seed;                  /* any value; the same seed gives the same run */
    wsp_anneal_init init;           /* the initial solution when `initial` is NULL */
    wsp_anneal_moves moves;         /* the neighbourhood */
    uint32_t window;                /* WSP_ANNEAL_MOVES_LOCAL: b - a <= window; 0 = W */
    const uint32_t *initial;        /* optional initial pseudo-precedence string (W*I ids, 1-based) */
    size_t initial_length;
    wsp_anneal_progress_fn progress; /* may be NULL */
    void *context;                  /* passed to progress */
    uint64_t progress_interval;     /* iterations between progress calls; 0 = 65536 */
} wsp_anneal_options;

/** Why the run stopped. */
typedef enum wsp_anneal_stop {
    WSP_ANNEAL_DONE = 0,       /* all iterations ran */
    WSP_ANNEAL_OPTIMAL = 1,    /* the best reached the proven upper bound: it is T(W), no need to go on */
    WSP_ANNEAL_CANCELLED = 2   /* the progress callback asked to stop */
} wsp_anneal_stop;

typedef struct wsp_anneal_result {
    wsp_anneal_stop stop;
    uint32_t lower;           /* makespan of the witness: a lower bound on T(W) */
    uint32_t initial;         /* makespan of the initial solution */
    uint32_t upper;           /* the proven upper bound the run stops at */
    uint64_t iterations;      /* candidates evaluated */
    uint64_t best_iteration;  /* the iteration that found the witness (0: the initial solution) */
    uint64_t accepted;        /* candidates accepted */
    uint64_t decoded;         /* string positions decoded over all candidates (incremental decoding) */
} wsp_anneal_result;

/** Compile-time upper bound on wsp_anneal_workspace_size() for W warps and I instructions. */
#define WSP_ANNEAL_WORKSPACE_SIZE(W, I) \
    (82u * (size_t)(W) * (size_t)(I) + 20u * (size_t)(W) + 256u)
/** Bytes of annealing workspace for a problem; 0 for an invalid handle or when it does not fit in
 *  size_t (wsp_anneal then says WSP_ERR_OVERFLOW). */
WSP_API size_t wsp_anneal_workspace_size(const wsp_problem *p);

/** Run the annealer. `witness` receives the best string (W*I warp ids, 1-based); its decoded makespan
 *  is result->lower. `options` may be NULL. Deterministic for a given seed. */
WSP_API wsp_status wsp_anneal(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                      size_t workspace_size, uint32_t *witness, size_t witness_length,
                      wsp_anneal_result *result, wsp_diag *diag);

/** Write initial solution `init` (W*I ids, 1-based) into `out`; `seed` is used by WSP_ANNEAL_RANDOM.
 *  Needs the same workspace as wsp_anneal. */
WSP_API wsp_status wsp_anneal_initial(const wsp_problem *p, wsp_anneal_init init, uint64_t seed,
                              void *workspace, size_t workspace_size, uint32_t *out, size_t length,
                              wsp_diag *diag);

/* ---- the paper's estimate (paper 004, Eq. 40-41) ---------------------------------------------- */
/** min over y = 1..x of ceil(W/y) * T(y), from t[y-1] = T(y). NOT an upper bound: for LCL with
 *  sigma 1, W = 4, x = 2 it gives min(4*3, 2*4) = 8 but T(4) = 9 (DESIGN.md section 3). Reported
 *  for comparison with the papers only. *y_best (may be NULL) receives the minimising y. */
WSP_API wsp_status wsp_estimate(uint32_t warps, const uint32_t *t, uint32_t x, uint64_t *value, uint32_t *y_best);

/* ---- kernel WCET under wavefront splitting (paper 001, PWS) ----------------------------------- */
/* A wavefront's control-flow graph as the GPU compiler emits it (paper 001, Fig. 7b): a branch node u
 * has an edge to the first block of its path 1 and one to its branch serialisation block BSB(u); path 1
 * ends in BSB(u); BSB(u) has an edge to the first block of path 2 and one to the reconvergence node
 * Reconv(u); path 2 ends in Reconv(u). Either path may be empty (then the branch, or the BSB, has the
 * one edge). The graph must be acyclic (loops unrolled) and structured: one entry, one exit, sequences
 * and such branches only, nested to any depth. Every node has a WCET e_bb (a BSB's is the cost of
 * serialising, a branch's that of its condition, a reconvergence node's its own code). */

/** Node kinds; the node struct stores them as uint8_t (enum sizes differ between C ABIs). */
typedef enum wsp_pws_kind {
    WSP_PWS_BLOCK = 0,   /* a basic block in a sequence */
    WSP_PWS_BRANCH = 1,  /* a divergent branch */
    WSP_PWS_BSB = 2,     /* a branch serialisation block */
    WSP_PWS_RECONV = 3   /* the reconvergence node (post-dominator) of one branch */
} wsp_pws_kind;

typedef struct wsp_pws_node {
    uint64_t wcet;   /* e_bb in cycles */
    uint32_t label;  /* the caller's name for the node (echoed in messages), e.g. its number in a file */
    uint8_t kind;    /* a wsp_pws_kind value */
    uint8_t split;   /* branch nodes: 1 = marked for splitting (in the paper's set P); else 0 */
} wsp_pws_node;

typedef struct wsp_pws_edge {
    uint32_t from, to;  /* 0-based node indices */
} wsp_pws_edge;

typedef struct wsp_pws_cfg {
    const wsp_pws_node *nodes;
    uint32_t node_count;
    const wsp_pws_edge *edges;
    uint32_t edge_count;
} wsp_pws_cfg;

#define WSP_PWS_MAX_NODES 0x00FFFFFFu
#define WSP_PWS_MAX_EDGES 0x01FFFFFFu

/** What Select (Alg. 1), Prune (Alg. 2) and the longest paths give for one wavefront. */
typedef struct wsp_pws_paths {
    uint32_t spsimds;        /* S the analysis was run with */
    uint32_t branches;       /* |B|: branch nodes in the CFG */
    uint32_t marked;         /* |P|: branch nodes marked for splitting */
    uint32_t selected;       /* |SB|: split points chosen by Select */
    uint32_t contexts;       /* SWF contexts Select allocated (its swfCount; <= S, <= |SB|) */
    uint32_t removed;        /* |E_r|: edges Prune removed */
    uint64_t pruned;         /* longest path of C_out: the worst path of any split wavefront (SWF) */
    uint64_t full;           /* longest path of the whole CFG: every branch serialised, no splitting */
} wsp_pws_paths;

/** Bytes of workspace wsp_pws_analyse needs; 0 when it does not fit in size_t. */
WSP_API size_t wsp_pws_workspace_size(uint32_t node_count, uint32_t edge_count);
/** Compile-time upper bound on wsp_pws_workspace_size (for static buffers). */
#define WSP_PWS_WORKSPACE_SIZE(N, E) (80u * (size_t)(N) + 9u * (size_t)(E) + 256u)

/** Validate the CFG, run Select with S SWF contexts, Prune, and the longest paths. The optional
 *  outputs (each may be NULL): selected[node_count] = 1 for the split points SB, removed[edge_count]
 *  = 1 for the edges E_r, worst_from[node_count] = longest path from each node to the exit in C_out
 *  (including the node's own WCET). Errors: WSP_ERR_CFG_EDGE, _CYCLE, _STRUCTURE, WSP_ERR_RANGE
 *  (a kind outside wsp_pws_kind, an empty or too large graph), WSP_ERR_OVERFLOW (a path longer than
 *  2^64 - 1 cycles); diag->position is then the 1-based index of the node concerned. */
WSP_API wsp_status wsp_pws_analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace,
                           size_t workspace_size, uint8_t *selected, uint8_t *removed,
                           uint64_t *worst_from, wsp_pws_paths *paths, wsp_diag *diag);

/** Hardware, launch and timing parameters of paper 001, Table 1 and Section 5. */
typedef struct wsp_pws_params {
    uint32_t cus;          /* N_CU; 0 = 4 (the paper's assumption) */
    uint32_t simds;        /* N_SIMD per CU; 0 = 4 (the paper's assumption) */
    uint32_t wf_contexts;  /* N_WFC per SIMD (>= 1) */
    uint32_t wf_size;      /* N_WI_WF work-items per wavefront (>= 1) */
    uint32_t spsimds;      /* S: SpSIMDs per SIMD = SWF contexts per wavefront; must equal paths->spsimds */
    uint64_t workgroups;   /* G (>= 1) */
    uint32_t wg_size;      /* N_WI_WG work-items per workgroup (>= 1) */
    uint64_t init_delay;   /* d: worst-case initialisation delay of a workgroup */
    uint64_t split_cost;   /* e_s */
    uint64_t merge_cost;   /* e_m */
} wsp_pws_params;

typedef struct wsp_pws_kernel {
    uint64_t wf_pws;         /* E_WF under PWS, Lemma 5.1: pruned + |SB| (e_s + e_m) */
    uint64_t wf_dws;         /* E_WF under DWS: full + n (e_s + e_m), n = |B| if S > 0, else 0 */
    uint64_t wf_none;        /* E_WF without splitting: full */
    uint64_t simds_total;    /* N_SIMD^total after re-provisioning idle SpSIMDs (Eq. 2) */
    uint64_t parallel_pws;   /* G_parallel with N_SIMD^total (Def. 5.2) */
    uint64_t parallel;       /* G_parallel with N_SIMD (DWS and no splitting have no SpSIMDs) */
    uint64_t dispatches_pws; /* DS (Def. 5.3) under PWS */
    uint64_t dispatches;     /* DS under DWS and without splitting */
    uint64_t kernel_pws;     /* Lemma 5.5: DS_pws (d + E_WF^PWS) */
    uint64_t kernel_dws;     /* Lemma 5.7: DS ((S + 1) E_WF^DWS + d) */
    uint64_t kernel_none;    /* DS (d + E_WF^none) */
} wsp_pws_kernel;

/** The kernel WCETs under PWS, DWS and no splitting from a wavefront analysis. Errors:
 *  WSP_ERR_RANGE (a zero count, S different from the analysis', a workgroup larger than the GPU),
 *  WSP_ERR_OVERFLOW (a product beyond 2^64 - 1). */
WSP_API wsp_status wsp_pws_kernel_wcet(const wsp_pws_params *params, const wsp_pws_paths *paths,
                               wsp_pws_kernel *out, wsp_diag *diag);

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_H */
