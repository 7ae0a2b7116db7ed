/*
 * warpspan 1.1: the worst-case makespan of identical GPU warps on one streaming multiprocessor.
 *
 * W warps run the same kernel instruction string over the unit types L (load/store), C (CUDA core),
 * S (special function) and D (double precision). Per cycle at most sigma[U] warps issue a U
 * instruction and at most `schedulers` warps issue in total; scheduling is work-conserving. T(W) is
 * the largest makespan over all such schedules (docs/model.md). warpspan gives proven upper bounds on
 * T(W), lower bounds witnessed by a schedule, T(W) exactly where it can, and kernel WCETs under
 * wavefront splitting (PWS).
 *
 * ---- How this API works: read this once -----------------------------------------------------
 *
 * Memory. The library never allocates. A call that needs memory takes it from the caller as
 *   `void *workspace, size_t workspace_size`, right after its inputs and options. Each object that
 *   takes memory has one size query with one shape,
 *       wsp_status wsp_<object>_workspace_size(<the inputs that size it>, size_t *size, wsp_diag *diag);
 *   and one macro WSP_<OBJECT>_WORKSPACE_SIZE(...) that is a compile-time upper bound on it, for
 *   static buffers; WSP_<OBJECT>_WORKSPACE_WORDS(...) is the same in uint64_t words:
 *       static uint64_t ws[WSP_ANNEAL_WORKSPACE_WORDS(16, 25)];
 *   A workspace must be aligned to WSP_WORKSPACE_ALIGN (8) bytes: uint64_t arrays and malloc are.
 *   Too small a buffer is WSP_ERR_WORKSPACE_SIZE, a misaligned one WSP_ERR_WORKSPACE_ALIGN. There is
 *   no free: drop the buffer when done. A larger workspace than needed is fine (for the exact search
 *   it is the memory budget).
 *
 * Arguments, always in this order: inputs, options (a pointer, NULL for the defaults), workspace and
 *   its size, outputs, and last `wsp_diag *diag`.
 *
 * Errors. Every call that can fail returns wsp_status: WSP_OK (0) or an error whose value never
 *   changes. If `diag` is not NULL it is filled on every return: the status, the input the error is
 *   about as a WSP_FIELD_* code, where (line, column, index, warp, instruction, cycle) and one line
 *   for a person. Programs read the codes and positions; the message is for people only and may
 *   change. wsp_strerror(), wsp_status_name() and wsp_field_name() return static strings. On error,
 *   result structs are zeroed (their stop reason is meaningful only on success).
 *
 * Long computations (exact search, annealing, the lower-bound search) take a work budget and an
 *   optional progress callback in `wsp_control`. The callback may stop the run by returning a
 *   WSP_STOP_* reason. Every result says why the run ended with one wsp_stop_reason: FINISHED (0) or
 *   BUDGET, TIME, MEMORY, CANCELLED. A stopped run still returns its best witnessed lower and proven
 *   upper bound. The core has no clock: a time budget is a callback that returns WSP_STOP_TIME
 *   (warpspan_host.h does it for you).
 *
 * Names: wsp_<object>_<verb> for actions (wsp_problem_init, wsp_exact_solve), wsp_<object>_<property>
 *   for accessors (wsp_problem_length). Constants are WSP_<GROUP>_<NAME>.
 *
 * Structs that cross the API hold fixed-width integers and pointers only: no enums, no bool, so the
 *   layout is the same for every compiler and with -fshort-enums. A value of an enumeration is stored
 *   as uint32_t (the enum types below only name the values). Input structs ("options", "config") are
 *   zero for the defaults and end in reserved words that must be zero: a non-zero reserved word is
 *   refused with WSP_ERR_RESERVED, so a program built for a later 1.x that sets a newer field never
 *   runs silently without it. Output structs end in reserved words the library sets to zero.
 *   diag.index numbers the reserved words 1, 2, ... in memory order over the call's input structs in
 *   argument order, nested structs included (an options struct's control.reserved[0..3] are 1..4, its
 *   own reserved words follow). An element of an array input (a CFG node, a loop, a job) with a
 *   reserved word set is named instead: WSP_ERR_RESERVED with the array's field code (WSP_FIELD_CFG_NODE,
 *   WSP_FIELD_IPET_LOOP, WSP_FIELD_JOB) and diag.index the element.
 *
 * Threads. No global or static mutable state: calls on different workspaces may run on any threads at
 *   once; a problem handle is read-only after wsp_problem_init and may be shared. Results are
 *   deterministic: the same inputs and seed give the same result on every target.
 *
 * Stability (docs/api.md). Everything in this header outside the WSP_EXPERIMENTAL section is the 1.x
 *   API and ABI: kept in every 1.x release (an ABI check in the test suite enforces it); 1.x adds
 *   calls, constants and fields carved from reserved words. Declarations under WSP_EXPERIMENTAL may
 *   change in any release.
 *
 * The header reads top to bottom: version and status; problem; bounds; schedules; exact search;
 * annealing; the lower-bound search (1.1); the paper's estimate; PWS; experimental. It compiles as
 * C99 and as C++.
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

/* ==== version ================================================================================== */
#define WSP_VERSION_MAJOR 1
#define WSP_VERSION_MINOR 2
#define WSP_VERSION_PATCH 0
#define WSP_VERSION_NUMBER (WSP_VERSION_MAJOR * 10000 + WSP_VERSION_MINOR * 100 + WSP_VERSION_PATCH)

/** WSP_VERSION_NUMBER of the library linked at run time. */
WSP_API uint32_t wsp_version_number(void);
/** "MAJOR.MINOR.PATCH" of the library linked at run time (static string). */
WSP_API const char *wsp_version(void);

/* ==== status and diagnostics =================================================================== */
/** The result of every call that can fail: WSP_OK or a wsp_status_code. Values never change. */
typedef int32_t wsp_status;

enum wsp_status_code {
    WSP_OK = 0,
    WSP_ERR_NULL_ARGUMENT = 1,     /* a required pointer is NULL (diag.field says which) */
    WSP_ERR_KERNEL_EMPTY = 2,      /* the kernel string holds no instruction */
    WSP_ERR_KERNEL_CHARACTER = 3,  /* a character that is not L, C, S, D, a digit or a space */
    WSP_ERR_KERNEL_COUNT = 4,      /* a repeat count that is 0, too large or not after a letter */
    WSP_ERR_SIGMA = 5,             /* units / warp_size is neither an integer nor 1/n */
    WSP_ERR_RANGE = 6,             /* a value out of its documented range (diag.field says which) */
    WSP_ERR_OVERFLOW = 7,          /* the problem is too large (W*I, a cycle count or a size overflows) */
    WSP_ERR_WORKSPACE_SIZE = 8,    /* the caller's buffer is smaller than the size query says */
    WSP_ERR_WORKSPACE_ALIGN = 9,   /* the caller's buffer is not aligned to WSP_WORKSPACE_ALIGN */
    WSP_ERR_WITNESS_LENGTH = 10,   /* a pseudo-precedence string or output buffer whose length is not W*I */
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
    WSP_ERR_IO = 21,               /* a file could not be read or written (diag.message names it) */
    WSP_ERR_SOLVER = 22,           /* the external ILP solver failed */
    WSP_ERR_CFG_EDGE = 23,         /* a CFG edge to a missing node, a self-loop or a duplicate */
    WSP_ERR_CFG_CYCLE = 24,        /* the CFG has a cycle where none is allowed */
    WSP_ERR_CFG_STRUCTURE = 25,    /* the CFG is not of the structured form the call needs */
    WSP_ERR_PTX = 26,              /* PTX text the reader cannot use (diag.line) */
    WSP_ERR_ALLOCATION = 27,       /* host only: memory could not be allocated */
    WSP_ERR_RESERVED = 28          /* a reserved field is not zero: the program expects a newer library */
};
/** The largest status value of this version (for tables over every status). */
#define WSP_STATUS_LAST WSP_ERR_RESERVED

/** Which input an error is about: wsp_diag.field. Values never change. */
enum wsp_field_code {
    WSP_FIELD_NONE = 0,
    /* the problem (wsp_problem_init) */
    WSP_FIELD_KERNEL = 1,          /* diag.column: 1-based column in the kernel string */
    WSP_FIELD_WARPS = 2,
    WSP_FIELD_UNITS = 3,           /* diag.unit says which type */
    WSP_FIELD_LATENCY = 4,         /* diag.unit says which type */
    WSP_FIELD_WARP_SIZE = 5,
    WSP_FIELD_SCHEDULERS = 6,
    WSP_FIELD_PROBLEM = 7,         /* the wsp_problem handle */
    /* memory and arguments */
    WSP_FIELD_WORKSPACE = 8,
    WSP_FIELD_OUTPUT = 9,          /* an output pointer or buffer (message names it) */
    WSP_FIELD_RESERVED = 10,       /* a reserved word of an input struct; diag.index its 1-based index */
    /* schedules */
    WSP_FIELD_PSEUDO_PRECEDENCE = 16, /* diag.index: 1-based position in the string */
    WSP_FIELD_SCHEDULE = 17,       /* diag.warp, .instruction, .cycle */
    WSP_FIELD_WITNESS = 18,        /* the witness output buffer */
    /* options of the methods */
    WSP_FIELD_BUDGET = 32,
    WSP_FIELD_INITIAL = 33,        /* options.initial; diag.index: 1-based position */
    WSP_FIELD_POLICY = 34,
    WSP_FIELD_MOVES = 35,
    WSP_FIELD_WINDOW = 36,
    WSP_FIELD_TEMPERATURE = 37,
    WSP_FIELD_ITERATIONS = 38,
    WSP_FIELD_ESTIMATE_T = 39,     /* diag.index: 1-based y of the offending T(y) */
    WSP_FIELD_ESTIMATE_X = 40,
    WSP_FIELD_METHODS = 41,        /* since 1.1: wsp_lower_options.methods */
    WSP_FIELD_BEAM_WIDTH = 42,     /* since 1.1: wsp_lower_options.max_beam */
    /* PWS */
    WSP_FIELD_CFG_NODE = 48,       /* diag.index: 1-based node index, 0 for the graph as a whole (NULL,
                                      no node, too many); the message cites the node's label */
    WSP_FIELD_CFG_EDGE = 49,       /* diag.index: 1-based edge index, 0 for the edges as a whole */
    WSP_FIELD_SPSIMDS = 50,
    WSP_FIELD_PWS_CUS = 51,
    WSP_FIELD_PWS_SIMDS = 52,
    WSP_FIELD_PWS_WF_CONTEXTS = 53,
    WSP_FIELD_PWS_WF_SIZE = 54,
    WSP_FIELD_PWS_WORKGROUPS = 55,
    WSP_FIELD_PWS_WG_SIZE = 56,
    WSP_FIELD_PWS_COSTS = 57,      /* init_delay, split_cost, merge_cost (a sum overflows) */
    WSP_FIELD_PWS_PATHS = 58,      /* the wsp_pws_paths given to wsp_pws_wcet_compute */
    WSP_FIELD_PWS_PARAMS = 59,     /* the wsp_pws_params as a whole (NULL) */
    /* host layer (warpspan_host.h) */
    WSP_FIELD_PATH = 64,           /* a file name; the message names it */
    WSP_FIELD_JOB = 65,            /* diag.index: 1-based job (0: the job array); its own diag says more */
    WSP_FIELD_THREADS = 66,
    WSP_FIELD_SECONDS = 67,
    WSP_FIELD_ILP_CONSTRAINTS = 68,
    WSP_FIELD_IPET_GRAPH = 69,     /* diag.index: 1-based node, or 0 for the graph as a whole */
    WSP_FIELD_IPET_LOOP = 70,      /* diag.index: 1-based loop */
    WSP_FIELD_PTX = 71,            /* diag.line, diag.column in the PTX text */
    WSP_FIELD_PTX_OPTIONS = 72     /* a wsp_host_ptx_options field (message names it) */
};
/** The largest field code of this version. */
#define WSP_FIELD_LAST WSP_FIELD_PTX_OPTIONS

/** Where an error is and what it is. Filled on every return of a call that takes a `wsp_diag *`
 *  (on success: status WSP_OK, field WSP_FIELD_NONE, empty message). Positions that do not apply are
 *  0; character and unit that do not apply are -1. */
typedef struct wsp_diag {
    wsp_status status;
    uint32_t field;       /* a wsp_field_code */
    uint32_t line;        /* 1-based line of a text input (PTX, a file), 0 if none */
    uint32_t column;      /* 1-based column in that line or in the kernel string, 0 if none */
    uint32_t index;       /* 1-based index in a list input (see the field codes), 0 if none */
    int32_t character;    /* the offending byte of a text input, or -1 */
    int32_t unit;         /* a wsp_unit_type the error is about, or -1 */
    uint32_t warp;        /* 1-based warp, 0 if none */
    uint32_t instruction; /* 1-based instruction of the normalised kernel, 0 if none */
    uint32_t cycle;       /* 1-based cycle, 0 if none */
    uint32_t reserved[6]; /* set to 0 */
    char message[192];    /* one line for a person, NUL-terminated; not for parsing */
} wsp_diag;

/** A description of a status for a person; never NULL, also for unknown values. */
WSP_API const char *wsp_strerror(wsp_status status);
/** A stable lower-case identifier for a status ("ok", "range", "workspace_size", ...), for logs and
 *  JSON; "unknown" for values outside this version. */
WSP_API const char *wsp_status_name(wsp_status status);
/** A stable lower-case identifier for a field code ("none", "kernel", "warps", "units", ...);
 *  "unknown" for values outside this version. */
WSP_API const char *wsp_field_name(uint32_t field);

/* ==== long computations: budget, progress, stop reason ========================================= */
/** Why a long computation ended (result.stop). Only FINISHED means it ran to its end: the exact
 *  search proved T(W); annealing evaluated all its iterations or met the proven upper bound. */
enum wsp_stop_reason {
    WSP_STOP_FINISHED = 0,
    WSP_STOP_BUDGET = 1,    /* the work budget (wsp_control.budget) ran out */
    WSP_STOP_TIME = 2,      /* the time budget ran out (a callback returned WSP_STOP_TIME) */
    WSP_STOP_MEMORY = 3,    /* the workspace filled (exact search: the state table) */
    WSP_STOP_CANCELLED = 4  /* the progress callback asked to stop */
};

/** What a progress callback sees. Fields that do not apply to a method are 0. */
typedef struct wsp_progress {
    uint64_t work;        /* work done: states expanded (exact; on several host threads, the main
                             thread's), candidates evaluated (anneal), work units (lower: a beam child, a
                             dispatch cycle, or 1 + W*I/64 per annealer candidate; bracket: the
                             same, WSP_BRACKET_STATE_UNITS per expanded state) */
    uint64_t budget;      /* the work budget in force; 0 = none */
    uint64_t stored;      /* exact: states in the table */
    uint64_t capacity;    /* exact: states the table can hold */
    uint32_t lower;       /* best witnessed lower bound on T(W) so far; 0 if none */
    uint32_t upper;       /* best proven upper bound on T(W) so far */
    uint32_t current;     /* anneal: makespan of the current string; exact: the makespan the search
                             now tests ("is T(W) >= current?") */
    uint32_t improved;    /* 1 when this call reports a new best lower bound */
    uint32_t reserved[4];
} wsp_progress;

/** Called every control.interval units of work, and by the annealer on every new best. Return 0 to
 *  go on, or a WSP_STOP_* reason to stop: WSP_STOP_TIME is reported as TIME, any other non-zero
 *  value as CANCELLED. */
typedef uint32_t (*wsp_progress_fn)(void *context, const wsp_progress *progress);

/** Budget and progress of a long computation; zero for no budget and no callback. */
typedef struct wsp_control {
    uint64_t budget;            /* work budget (see wsp_progress.work); 0 = none */
    wsp_progress_fn progress;   /* may be NULL */
    void *context;              /* passed to progress */
    uint64_t interval;          /* work between progress calls; 0 = 65536 */
    uint32_t reserved[4];       /* must be 0 */
} wsp_control;

/* ==== streaming multiprocessor and problem ===================================================== */
enum wsp_unit_type { WSP_UNIT_L = 0, WSP_UNIT_C = 1, WSP_UNIT_S = 2, WSP_UNIT_D = 3 };
#define WSP_UNIT_COUNT 4

/** SM configuration. Zero a field for its default (zero the whole struct for all defaults). */
typedef struct wsp_sm_config {
    uint32_t units[WSP_UNIT_COUNT];   /* units per type; 0 = warp_size (sigma 1). <= WSP_MAX_UNITS */
    uint32_t latency[WSP_UNIT_COUNT]; /* cycles per instruction; 0 = 1. <= WSP_MAX_LATENCY */
    uint32_t warp_size;               /* threads per warp; 0 = 32. <= WSP_MAX_WARP_SIZE */
    uint32_t schedulers;              /* warps issuing per cycle in total; 0 = no limit */
    uint32_t reserved[6];             /* must be 0 */
} wsp_sm_config;

#define WSP_MAX_UNITS 65536u
#define WSP_MAX_LATENCY 1024u
#define WSP_MAX_WARP_SIZE 1024u
#define WSP_MAX_SCHEDULERS 1024u
#define WSP_MAX_WARPS 65536u
#define WSP_MAX_REPEAT 1000000u       /* largest repeat count after a letter of a kernel string */
#define WSP_MAX_CELLS 0x7FFFFFFFu     /* largest W*I: cycles and string positions fit in int32 */

/** Every workspace is aligned to this many bytes. */
#define WSP_WORKSPACE_ALIGN 8u
/** Bytes rounded up to uint64_t words, for static buffers: uint64_t ws[WSP_WORDS(bytes)]. */
#define WSP_WORDS(bytes) (((size_t)(bytes) + 7u) / 8u)

/** A normalised problem (paper 003, III-E): kernel string, SM and warp count. Opaque; lives in the
 *  caller's workspace, read-only after wsp_problem_init. */
typedef struct wsp_problem wsp_problem;

/** Upper bound on wsp_problem_workspace_size() for a normalised kernel of I instructions. */
#define WSP_PROBLEM_WORKSPACE_SIZE(I) ((size_t)128u + 2u * (size_t)(I) + 8u)
#define WSP_PROBLEM_WORKSPACE_WORDS(I) WSP_WORDS(WSP_PROBLEM_WORKSPACE_SIZE(I))

/** Bytes wsp_problem_init() needs for this kernel, warp count and SM; checks all three. */
WSP_API wsp_status wsp_problem_workspace_size(const char *kernel, uint32_t warps,
                                              const wsp_sm_config *sm, size_t *size, wsp_diag *diag);

/** Parses, checks and normalises into the caller's workspace; *problem points into it. The kernel is
 *  letters L, C, S, D (any case), each optionally followed by a repeat count, spaces ignored
 *  ("L5 C9 L2 C9"). `sm` may be NULL for all defaults. */
WSP_API wsp_status wsp_problem_init(const char *kernel, uint32_t warps, const wsp_sm_config *sm,
                                    void *workspace, size_t workspace_size, wsp_problem **problem,
                                    wsp_diag *diag);

/* Accessors: they cannot fail; for an invalid handle they return 0 (NULL for the kernel). */
/** The normalised kernel string (upper-case L/C/S/D, NUL-terminated, length I). */
WSP_API const char *wsp_problem_kernel(const wsp_problem *problem);
/** I: instructions in the normalised kernel. */
WSP_API uint32_t wsp_problem_length(const wsp_problem *problem);
/** W: warps. */
WSP_API uint32_t wsp_problem_warps(const wsp_problem *problem);
/** Scheduler limit (0 = none). */
WSP_API uint32_t wsp_problem_schedulers(const wsp_problem *problem);
/** Normalised sigma[U] (>= 1): how many warps may issue a U instruction per cycle. */
WSP_API uint32_t wsp_problem_sigma(const wsp_problem *problem, uint32_t unit);
/** sigma[U] before normalisation, units / warp_size reduced: numerator and denominator (one is 1). */
WSP_API uint32_t wsp_problem_sigma_numerator(const wsp_problem *problem, uint32_t unit);
WSP_API uint32_t wsp_problem_sigma_denominator(const wsp_problem *problem, uint32_t unit);
/** How many normalised instructions one U instruction of the input became (1/sigma * latency). */
WSP_API uint32_t wsp_problem_copies(const wsp_problem *problem, uint32_t unit);
/** I_U: U instructions in the normalised kernel. */
WSP_API uint32_t wsp_problem_count(const wsp_problem *problem, uint32_t unit);
/** Unit type (a wsp_unit_type) of normalised instruction i (0-based, i < I). */
WSP_API uint32_t wsp_problem_unit_at(const wsp_problem *problem, uint32_t i);

/* ==== bounds =================================================================================== */
/** Proven upper bounds on T(W), by id; docs/bounds.md has each proof. Later 1.x versions add ids. */
enum wsp_bound_id {
    WSP_BOUND_TRIVIAL = 0,     /* W*I: a work-conserving schedule never idles */
    WSP_BOUND_SATURATION = 1,  /* cycles that saturate a type or the schedulers, or advance every warp */
    WSP_BOUND_LAST_WARP = 2,   /* the last warp's own instructions plus its waiting cycles */
    WSP_BOUND_DISTINCT = 3,    /* since 1.1: the last warp, blocked only by sigma_U distinct issuers,
                                  with the effective scheduler limit */
    WSP_BOUND_PIPELINE = 4,    /* since 1.1: the k-th passage of each instruction (warps running the
                                  same kernel: the problem's) */
    WSP_BOUND_DRAIN = 5,       /* since 1.2: the pipeline bound with the warps queued at an instruction
                                  draining sigma_U per cycle (same kernel only) */
    WSP_BOUND_EXITS = 6,       /* since 1.3: the last warp, where the other warps leaving runs of its
                                  waiting type must issue other types (same kernel only) */
    WSP_BOUND_ENTRY = 7        /* since 1.3: kernels of two types, one with sigma 1 and one with sigma
                                  equal to the scheduler limit, whose runs of the second type entered
                                  from the first have one length: every such run another warp enters
                                  costs the schedule 9/20 of a cycle (q = 4); UINT64_MAX (does not
                                  apply) for every other kernel (same kernel only) */
};
/** Bound ids defined by this version (bound[0 .. WSP_BOUND_COUNT-1]); 3 in 1.0, 5 in 1.1, 6 in 1.2,
    8 since 1.3. A bound that does not apply to a problem is UINT64_MAX, never 0, so that a minimum
    over the ids stays a proven bound. */
#define WSP_BOUND_COUNT 8
/** Room for bound ids in wsp_bounds (fixed for 1.x). */
#define WSP_BOUND_SLOTS 16

typedef struct wsp_bounds {
    uint64_t upper;        /* the proven upper bound on T(W): the minimum over bound[] */
    uint64_t paper;        /* paper 004 Eq. 5-7, sum_U ceil(W/sigma_U) * I_U: NOT always safe */
    uint32_t paper_safe;   /* 1 only when `paper` is proven (no used type has sigma > 1), else 0 */
    uint32_t upper_id;     /* the wsp_bound_id that gives `upper` (the smallest id on a tie) */
    uint64_t bound[WSP_BOUND_SLOTS]; /* proven upper bounds by id; 0 for ids this version lacks,
                                        UINT64_MAX for one that does not apply to the problem */
    uint32_t reserved[4];
} wsp_bounds;

/** Every proven upper bound on T(W) and the paper's formula. O(I) time, no workspace. */
WSP_API wsp_status wsp_bounds_compute(const wsp_problem *problem, wsp_bounds *bounds, wsp_diag *diag);
/** A stable lower-case identifier of a bound id ("trivial", "saturation", "last_warp", "distinct",
 *  "pipeline"); "unknown" for an id this version does not define. */
WSP_API const char *wsp_bound_name(uint32_t id);

/* ==== schedules: decode, validate, dispatch ==================================================== */
/* A warp pseudo-precedence string (paper 003, Fig. 4) lists W*I warp ids (1-based), each exactly I
 * times; decoding places the instructions in that order, each in the earliest cycle that capacity,
 * the scheduler limit and precedence allow. Every decoded schedule is work-conserving, and every
 * work-conserving schedule is the decoding of some string (docs/model.md). A schedule matrix holds
 * cycles[w * I + i], the 1-based cycle of instruction i of warp w (both 0-based). */

/** Upper bound on wsp_schedule_workspace_size() for W warps and I instructions. */
#define WSP_SCHEDULE_WORKSPACE_SIZE(W, I) \
    (20u * (size_t)(W) * (size_t)(I) + 28u * (size_t)(W) + 64u)
#define WSP_SCHEDULE_WORKSPACE_WORDS(W, I) WSP_WORDS(WSP_SCHEDULE_WORKSPACE_SIZE(W, I))

/** Bytes of workspace for wsp_schedule_decode, wsp_schedule_validate and wsp_schedule_dispatch: each
 *  of them takes a buffer of at least this size (WSP_ERR_WORKSPACE_SIZE below it). */
WSP_API wsp_status wsp_schedule_workspace_size(const wsp_problem *problem, size_t *size,
                                               wsp_diag *diag);

/** Decodes a pseudo-precedence string of `length` = W*I ids. Outputs (each may be NULL):
 *  warp_cycle[k] = the cycle of the instruction placed for pseudo_precedence[k] (the paper's warp
 *  cycle string, W*I entries); cycles = the schedule matrix (W*I entries); *makespan = its last cycle. */
WSP_API wsp_status wsp_schedule_decode(const wsp_problem *problem, const uint32_t *pseudo_precedence,
                                       size_t length, void *workspace, size_t workspace_size,
                                       uint32_t *warp_cycle, uint32_t *cycles, uint32_t *makespan,
                                       wsp_diag *diag);

/** Checks a schedule matrix (`length` = W*I entries) against the model, independently of the
 *  decoder: cycles >= 1, precedence, capacity per type, scheduler limit, work conservation. On
 *  success *makespan (may be NULL) is its last cycle; on failure diag says which rule broke where. */
WSP_API wsp_status wsp_schedule_validate(const wsp_problem *problem, const uint32_t *cycles,
                                         size_t length, void *workspace, size_t workspace_size,
                                         uint32_t *makespan, wsp_diag *diag);

/** Dispatch policies: the pseudo-precedence string of a simple scheduler (paper 003 section VI and
 *  policies of ours that give long schedules); the annealer's and the exact search's start. */
enum wsp_policy_id {
    WSP_POLICY_ROUND_ROBIN = 0,     /* 1 2 .. W 1 2 .. W ... (paper 003 VI-A) */
    WSP_POLICY_FIXED_PRIORITY = 1,  /* 1 .. 1 2 .. 2 ... W .. W (VI-B) */
    WSP_POLICY_MOST_PENDING = 2,    /* most pending warp executes first (Fig. 8) */
    WSP_POLICY_RANDOM = 3,          /* a uniformly shuffled string, from the seed */
    WSP_POLICY_LEAST_PROGRESS = 4,  /* each cycle, warps with the fewest issued instructions first */
    WSP_POLICY_STARVE = 5           /* each cycle, warps whose next unit is least loaded first */
};
#define WSP_POLICY_COUNT 6

/** Writes the pseudo-precedence string of `policy` (W*I ids) into `pseudo_precedence`; `seed` is
 *  used by WSP_POLICY_RANDOM only. */
WSP_API wsp_status wsp_schedule_dispatch(const wsp_problem *problem, uint32_t policy, uint64_t seed,
                                         void *workspace, size_t workspace_size,
                                         uint32_t *pseudo_precedence, size_t length, wsp_diag *diag);

/* ==== exact worst-case makespan ================================================================ */
/* T(W) by a search over states (how many warps stand at each instruction) with proven upper bounds
 * per state, memoised in the caller's workspace. It answers T(W) exactly (stop FINISHED, lower ==
 * upper), or, when a budget stops it, a bracket lower <= T(W) <= upper: lower is witnessed by a
 * pseudo-precedence string checked by the decoder and the validator before the call returns; upper
 * is proven. Exact means exact for the normalised model (docs/model.md). */

typedef struct wsp_exact_options {
    wsp_control control;          /* budget in expanded states; progress */
    const uint32_t *initial;      /* optional pseudo-precedence string (W*I ids), e.g. from annealing:
                                     its makespan is the starting lower bound (it may be the witness
                                     buffer itself); NULL = the best of the dispatch policies */
    uint64_t initial_length;
    uint32_t reserved[8];         /* must be 0 */
} wsp_exact_options;

typedef struct wsp_exact_result {
    uint32_t stop;      /* a wsp_stop_reason; FINISHED: lower == upper == T(W) */
    uint32_t lower;     /* makespan of the witness: a lower bound on T(W) */
    uint32_t upper;     /* proven upper bound on T(W) */
    uint32_t probes;    /* "is T(W) >= x?" searches run (x descends from the proven bound) */
    uint64_t expanded;  /* states expanded */
    uint64_t stored;    /* states stored in the table */
    uint64_t capacity;  /* states the table could hold */
    uint32_t reserved[8];
} wsp_exact_result;

/** Upper bound on wsp_exact_workspace_size() for W warps, I instructions and `states` states: the
 *  search stack (one frame per cycle of the horizon, which is at most W*I) and a state table. */
#define WSP_EXACT_WORKSPACE_SIZE(W, I, states)                                                    \
    (((size_t)(W) * (size_t)(I) + 3u) *                                                           \
         (104u + 16u * ((size_t)(W) < (size_t)(I) ? (size_t)(W) : (size_t)(I))) +                 \
     28u * (size_t)(W) * (size_t)(I) + 16u * (size_t)(I) + 20u * (size_t)(W) +                    \
     4u * ((size_t)(W) + 1u) * ((size_t)(states) + (size_t)(states) / 7u + 20u) + 92u)
#define WSP_EXACT_WORKSPACE_WORDS(W, I, states) WSP_WORDS(WSP_EXACT_WORKSPACE_SIZE(W, I, states))

/** Bytes of workspace for a search that may store `states` states (0 = the minimum: the search
 *  stack and the witness check). A larger buffer is the memory budget: the state table grows into all
 *  of it as the search needs. WSP_ERR_OVERFLOW when the size does not fit in size_t. */
WSP_API wsp_status wsp_exact_workspace_size(const wsp_problem *problem, uint64_t states, size_t *size,
                                            wsp_diag *diag);

/** Computes T(W) or a bracket. `witness` receives W*I warp ids (witness_length = W*I), a
 *  pseudo-precedence string whose decoded schedule has makespan result->lower. Deterministic. */
WSP_API wsp_status wsp_exact_solve(const wsp_problem *problem, const wsp_exact_options *options,
                                   void *workspace, size_t workspace_size, uint32_t *witness,
                                   size_t witness_length, wsp_exact_result *result, wsp_diag *diag);

/* ==== simulated annealing (paper 003) ========================================================== */
/* A lower bound on T(W) with a witness, never an upper bound: simulated annealing over
 * pseudo-precedence strings (paper 003 sections IV-VII). A neighbour swaps two positions holding
 * different warps; a candidate of makespan m' replaces the current one (makespan m) with probability
 * 1 if m' >= m, else min(1, T / (m - m')) (Eq. 3), the temperature T = T0 (1 - iter / iterations)
 * falling linearly. Candidates are decoded incrementally (section VII). The best string is checked by
 * the decoder and the validator before the call returns. Integer arithmetic only: a seed gives the
 * same result on every target. The run ends early (FINISHED) when the best meets the proven upper
 * bound: then it is T(W). */

/** Neighbourhoods: how the two positions a < b to swap are chosen. */
enum wsp_moves_id {
    WSP_MOVES_UNIFORM = 0,   /* a and b uniformly random, as in paper 003 */
    WSP_MOVES_LOCAL = 1      /* a sweeps the string, b within `window` after it (faster per
                                iteration; gets stuck on some kernels, docs/api.md) */
};

/** T0 = 0.3 (paper 003 section VIII), in units of 1/65536 cycle. */
#define WSP_ANNEAL_DEFAULT_T0 19661u
/** t0 value for a temperature of exactly 0 (never accept a worse candidate). */
#define WSP_ANNEAL_T0_ZERO 0xFFFFFFFFu
#define WSP_ANNEAL_DEFAULT_ITERATIONS 2000000u

typedef struct wsp_anneal_options {
    wsp_control control;       /* budget in candidates (stops before `iterations`: BUDGET); progress */
    uint64_t iterations;       /* iter_max of the cooling schedule; 0 = WSP_ANNEAL_DEFAULT_ITERATIONS */
    uint64_t seed;             /* any value; the same seed gives the same run */
    uint32_t t0;               /* T0 in units of 1/65536 cycle; 0 = WSP_ANNEAL_DEFAULT_T0 */
    uint32_t policy;           /* a wsp_policy_id: the initial solution when `initial` is NULL */
    uint32_t moves;            /* a wsp_moves_id */
    uint32_t window;           /* WSP_MOVES_LOCAL: b - a <= window; 0 = W */
    const uint32_t *initial;   /* optional initial pseudo-precedence string (W*I ids) */
    uint64_t initial_length;
    uint32_t reserved[8];      /* must be 0 */
} wsp_anneal_options;

typedef struct wsp_anneal_result {
    uint32_t stop;            /* a wsp_stop_reason */
    uint32_t lower;           /* makespan of the witness: a lower bound on T(W) */
    uint32_t initial;         /* makespan of the initial solution */
    uint32_t upper;           /* the proven upper bound the run stops at */
    uint64_t iterations;      /* candidates evaluated */
    uint64_t best_iteration;  /* the iteration that found the witness (0: the initial solution) */
    uint64_t accepted;        /* candidates accepted */
    uint64_t decoded;         /* string positions decoded over all candidates */
    uint32_t reserved[8];
} wsp_anneal_result;

/** Upper bound on wsp_anneal_workspace_size() for W warps and I instructions. */
#define WSP_ANNEAL_WORKSPACE_SIZE(W, I) \
    (82u * (size_t)(W) * (size_t)(I) + 20u * (size_t)(W) + 256u)
#define WSP_ANNEAL_WORKSPACE_WORDS(W, I) WSP_WORDS(WSP_ANNEAL_WORKSPACE_SIZE(W, I))

WSP_API wsp_status wsp_anneal_workspace_size(const wsp_problem *problem, size_t *size, wsp_diag *diag);

/** Runs the annealer. `witness` receives the best string (witness_length = W*I); its decoded
 *  makespan is result->lower. */
WSP_API wsp_status wsp_anneal_run(const wsp_problem *problem, const wsp_anneal_options *options,
                                  void *workspace, size_t workspace_size, uint32_t *witness,
                                  size_t witness_length, wsp_anneal_result *result, wsp_diag *diag);

/* ==== lower-bound witness search (since 1.1) =================================================== */
/* A lower bound on T(W) with a witness, never an upper bound, from one search that combines
 *   - dispatch-policy search: priority orders, starvation sets, release points;
 *   - a beam search over the exact search's state graph, guided by its proven per-state bounds;
 *   - paper 003's annealer (its rules unchanged) restarted from the best witness;
 * in rounds of growing effort, so that it is useful whenever it is stopped: round r runs a beam of
 * width 8 * 2^r (up to max_beam), then the policies and the annealer for shares of what the beam used.
 * Every candidate is a work-conserving schedule written as a pseudo-precedence string, and the
 * witness is decoded and checked by the validator before the call returns. Work is counted in units
 * (a beam child, a simulated dispatch cycle, or 1 + W*I/64 for an annealer candidate): the same
 * problem, options and seed give the same witness on every target. The run ends early (FINISHED) when
 * the witness meets the proven upper bound: then it is T(W). */

/** Which parts run (wsp_lower_options.methods, bits; 0 = all). */
enum wsp_lower_method_bits {
    WSP_LOWER_POLICIES = 1,  /* the dispatch-policy search */
    WSP_LOWER_BEAM = 2,      /* the beam search */
    WSP_LOWER_ANNEAL = 4     /* the annealer's restarts */
};
#define WSP_LOWER_ALL 7u

/** Which part found the witness (wsp_lower_result.found_by). */
enum wsp_lower_found_id {
    WSP_LOWER_FOUND_INITIAL = 0,  /* options.initial or a plain dispatch policy */
    WSP_LOWER_FOUND_POLICY = 1,
    WSP_LOWER_FOUND_BEAM = 2,
    WSP_LOWER_FOUND_ANNEAL = 3
};

/** The widest beam when max_beam is 0, and the largest max_beam accepted. */
#define WSP_LOWER_DEFAULT_BEAM 1024u
#define WSP_LOWER_MAX_BEAM 0x01000000u

typedef struct wsp_lower_options {
    wsp_control control;       /* budget in work units (0 = wsp_lower_default_work(problem)); progress
                                  every control.interval units and on every new best (work = units
                                  spent, lower = the witness so far, upper = the bound it stops at) */
    uint64_t seed;             /* any value; the same seed gives the same run */
    uint64_t initial_length;
    const uint32_t *initial;   /* optional starting pseudo-precedence string (W*I ids), e.g. another
                                  method's witness; NULL = none (the dispatch policies start) */
    uint32_t upper;            /* a proven upper bound from elsewhere (e.g. the exact search's upper
                                  end) to stop at; 0 = wsp_bounds_compute's upper only. A witness
                                  found above it proves it wrong: WSP_ERR_RANGE */
    uint32_t max_beam;         /* widest beam (states per level): the workspace grows with it;
                                  0 = WSP_LOWER_DEFAULT_BEAM; <= WSP_LOWER_MAX_BEAM */
    uint32_t methods;          /* WSP_LOWER_* bits; 0 = WSP_LOWER_ALL */
    uint32_t reserved[7];      /* must be 0 */
} wsp_lower_options;

typedef struct wsp_lower_result {
    uint32_t stop;        /* a wsp_stop_reason: FINISHED = the witness meets the proven upper bound
                             (it is T(W)); BUDGET = the work budget ran out first; TIME, CANCELLED:
                             the progress callback */
    uint32_t lower;       /* makespan of the witness: a lower bound on T(W) */
    uint32_t upper;       /* the proven bound it stops at */
    uint32_t found_by;    /* a wsp_lower_found_id */
    uint64_t work;        /* units spent */
    uint64_t work_found;  /* units spent when the witness was found */
    uint32_t rounds;      /* rounds started */
    uint32_t beam_width;  /* widest beam run */
    uint32_t reserved[6];
} wsp_lower_result;

/** Upper bound on wsp_lower_workspace_size() for W warps, I instructions and a widest beam of
 *  `beam` states (options.max_beam; WSP_LOWER_DEFAULT_BEAM when that is 0), every method on: the
 *  beam's tables (a key of WSP_LOWER_KEY_WORDS(W, I) words and a parent per state and level, a level
 *  per cycle of the horizon, at most W*I), the annealer's checkpointed decoder (at most
 *  WSP_LOWER_CHECKPOINTS(W, I) snapshots of WSP_LOWER_SNAPSHOT_SIZE(W, I) bytes, twice: about
 *  sqrt(W*I) / 2 of them, bounded here by (W + I) / 4), and the schedule's and the plain annealer's
 *  workspaces. WSP_LOWER_KEY_WORDS, _CHECKPOINTS and _SNAPSHOT_SIZE are helpers of this macro. */
#define WSP_LOWER_KEY_WORDS(W, I)                                                                 \
    ((size_t)(I) <= 255u     ? ((size_t)(W) + 3u) / 4u                                            \
     : (size_t)(I) <= 65535u ? ((size_t)(W) + 1u) / 2u                                            \
                             : (size_t)(W))
#define WSP_LOWER_CHECKPOINTS(W, I) (((size_t)(W) + (size_t)(I) + 9u) / 4u)
#define WSP_LOWER_SNAPSHOT_SIZE(W, I) (11u * (size_t)(W) * (size_t)(I) + 8u * (size_t)(W) + 128u)
#define WSP_LOWER_WORKSPACE_SIZE(W, I, beam)                                                      \
    (((size_t)(beam) + 1u) *                                                                      \
         (4u * ((size_t)(W) * (size_t)(I) + 1u) * (WSP_LOWER_KEY_WORDS(W, I) + 1u) + 84u) +       \
     2u * WSP_LOWER_CHECKPOINTS(W, I) * (WSP_LOWER_SNAPSHOT_SIZE(W, I) + 8u) +                    \
     48u * (size_t)(W) * (size_t)(I) + 24u * (size_t)(I) + 72u * (size_t)(W) +                    \
     WSP_ANNEAL_WORKSPACE_SIZE(W, I) + WSP_SCHEDULE_WORKSPACE_SIZE(W, I) + 2048u)
#define WSP_LOWER_WORKSPACE_WORDS(W, I, beam) WSP_WORDS(WSP_LOWER_WORKSPACE_SIZE(W, I, beam))

/** Bytes of workspace for wsp_lower_run with these options (NULL = the defaults): the beam's
 *  tables grow with options->max_beam. */
WSP_API wsp_status wsp_lower_workspace_size(const wsp_problem *problem, const wsp_lower_options *options,
                                            size_t *size, wsp_diag *diag);

/** The work units of the default budget (options.control.budget 0): grows with W*I, from 20000 to
 *  2^26; small problems take milliseconds. 0 for an invalid handle. */
WSP_API uint64_t wsp_lower_default_work(const wsp_problem *problem);

/** Runs the search. `witness` receives W*I warp ids (witness_length = W*I), a pseudo-precedence
 *  string whose decoded makespan is result->lower. Deterministic. */
WSP_API wsp_status wsp_lower_run(const wsp_problem *problem, const wsp_lower_options *options,
                                 void *workspace, size_t workspace_size, uint32_t *witness,
                                 size_t witness_length, wsp_lower_result *result, wsp_diag *diag);

/* ==== anytime bracket (since 1.1) ============================================================== */
/* One work budget spent on the three sources of bounds on T(W), returning the tightest proven
 * bracket lower <= T(W) <= upper it found, in three phases over one account of work units: the
 * lower-bound witness search (wsp_lower_run) takes the first eighth (it stops early when its witness
 * meets the closed-form bound: then the bracket is closed), the exact search (wsp_exact_solve) from
 * that witness the next quarter (an expanded state costs WSP_BRACKET_STATE_UNITS units), and the
 * witness search again, from the best witness and told the exact search's upper end, whatever is
 * left. `lower` is the makespan of the returned witness, decoded and accepted by the validator before
 * the call returns; `upper` is the least of wsp_bounds_compute's upper bound and the exact search's
 * proven upper end (a refuted probe proves T(W) < its threshold). Neither end is an estimate. The
 * same problem, options and seed give the same bracket and witness on every target. */

/** Which search found the witness (wsp_bracket_result.found_by): a wsp_lower_found_id, or this. */
#define WSP_BRACKET_FOUND_EXACT 4u

/** What proves the upper end (wsp_bracket_result.upper_by). */
enum wsp_bracket_upper_id {
    WSP_BRACKET_UPPER_BOUND = 0,  /* the closed-form proven bound (result.bound) */
    WSP_BRACKET_UPPER_EXACT = 1,  /* the exact search's refuted probes */
    WSP_BRACKET_UPPER_SLOT = 2    /* the host's slot bound, a linear program (wsp_host_bracket_run
                                     only; docs/bounds.md 6c; since 1.3) */
};

/** The exact search's table when options.states is 0, and the work units an expanded state costs. */
#define WSP_BRACKET_DEFAULT_STATES 16384u
#define WSP_BRACKET_STATE_UNITS 4u

typedef struct wsp_bracket_options {
    wsp_control control;   /* budget in work units (0 = wsp_bracket_default_work(problem)); progress
                              every control.interval units and on every new best witness (work =
                              units spent over all phases, lower/upper = the bracket so far) */
    uint64_t seed;         /* any value; the same seed gives the same run */
    uint64_t states;       /* the exact search's table in states (the memory budget);
                              0 = WSP_BRACKET_DEFAULT_STATES */
    uint32_t max_beam;     /* widest beam of the witness search; 0 = WSP_LOWER_DEFAULT_BEAM;
                              <= WSP_LOWER_MAX_BEAM */
    uint32_t reserved[5];  /* must be 0 (reserved words 5..9 after control's 1..4) */
} wsp_bracket_options;

typedef struct wsp_bracket_result {
    uint32_t stop;         /* a wsp_stop_reason: FINISHED = lower == upper == T(W); BUDGET = the work
                              ran out; TIME, CANCELLED: the progress callback (the bracket so far) */
    uint32_t lower;        /* makespan of the witness: a lower bound on T(W) */
    uint32_t upper;        /* proven upper bound on T(W) */
    uint32_t found_by;     /* a wsp_lower_found_id, or WSP_BRACKET_FOUND_EXACT */
    uint32_t upper_by;     /* a wsp_bracket_upper_id */
    uint32_t bound;        /* the closed-form proven bound alone (wsp_bounds_compute's upper) */
    uint32_t probes;       /* the exact search's probes */
    uint32_t exact_stop;   /* the exact phase's wsp_stop_reason (MEMORY: its table filled; FINISHED
                              also when it did not run) */
    uint64_t work;         /* units spent over all phases */
    uint64_t work_lower;   /* of those, by the witness search */
    uint64_t expanded;     /* states the exact search expanded */
    uint32_t reserved[4];
} wsp_bracket_result;

/** Upper bound on wsp_bracket_workspace_size() for W warps, I instructions, a widest beam of `beam`
 *  states (options.max_beam; WSP_LOWER_DEFAULT_BEAM when that is 0) and an exact table of `states`
 *  states (options.states; WSP_BRACKET_DEFAULT_STATES when that is 0): the witness search and the
 *  exact search use one region in turn, after 544 bytes of the run's own state. */
#define WSP_BRACKET_WORKSPACE_SIZE(W, I, beam, states)                                            \
    ((WSP_LOWER_WORKSPACE_SIZE(W, I, beam) > WSP_EXACT_WORKSPACE_SIZE(W, I, states)               \
          ? WSP_LOWER_WORKSPACE_SIZE(W, I, beam)                                                  \
          : WSP_EXACT_WORKSPACE_SIZE(W, I, states)) +                                             \
     544u)
#define WSP_BRACKET_WORKSPACE_WORDS(W, I, beam, states) \
    WSP_WORDS(WSP_BRACKET_WORKSPACE_SIZE(W, I, beam, states))

/** Bytes of workspace for wsp_bracket_run with these options (NULL = the defaults): it grows with
 *  options->max_beam and options->states. */
WSP_API wsp_status wsp_bracket_workspace_size(const wsp_problem *problem,
                                              const wsp_bracket_options *options, size_t *size,
                                              wsp_diag *diag);

/** The work units of the default budget (options.control.budget 0): four times
 *  wsp_lower_default_work(problem). 0 for an invalid handle. */
WSP_API uint64_t wsp_bracket_default_work(const wsp_problem *problem);

/** Runs the phases. `witness` receives W*I warp ids (witness_length = W*I), a pseudo-precedence
 *  string whose decoded makespan is result->lower. Deterministic. */
WSP_API wsp_status wsp_bracket_run(const wsp_problem *problem, const wsp_bracket_options *options,
                                   void *workspace, size_t workspace_size, uint32_t *witness,
                                   size_t witness_length, wsp_bracket_result *result,
                                   wsp_diag *diag);

/* ==== the paper's estimate (paper 004, Eq. 40-41) ============================================== */
/** min over y = 1..x of ceil(W/y) * T(y), from t[y-1] = T(y). NOT an upper bound, although the paper
 *  calls it safe: for LCL with sigma 1, W = 4, x = 2 it gives min(4*3, 2*4) = 8 but T(4) = 9
 *  (docs/errata.md). For comparison with the papers only. *y_best (may be NULL) receives the
 *  minimising y. */
WSP_API wsp_status wsp_estimate_compute(uint32_t warps, const uint32_t *t, uint32_t x, uint64_t *value,
                                        uint32_t *y_best, wsp_diag *diag);

/* ==== kernel WCET under wavefront splitting (paper 001, PWS) =================================== */
/* A wavefront's control-flow graph as the GPU compiler emits it (paper 001, Fig. 7b): a branch node u
 * has an edge to the first block of its path 1 and one to its branch serialisation block BSB(u); path 1
 * ends in BSB(u); BSB(u) has an edge to the first block of path 2 and one to the reconvergence node
 * Reconv(u); path 2 ends in Reconv(u). Either path may be empty (then the branch, or the BSB, has the
 * one edge). The graph is acyclic (loops unrolled) and structured: one entry, one exit, sequences
 * and such branches only, nested to any depth. Every node has a WCET e_bb (a BSB's is the cost of
 * serialising, a branch's that of its condition, a reconvergence node's its own code). */

enum wsp_pws_kind {
    WSP_PWS_BLOCK = 0,   /* a basic block in a sequence */
    WSP_PWS_BRANCH = 1,  /* a divergent branch */
    WSP_PWS_BSB = 2,     /* a branch serialisation block */
    WSP_PWS_RECONV = 3   /* the reconvergence node (post-dominator) of one branch */
};

typedef struct wsp_pws_node {
    uint64_t wcet;       /* e_bb in cycles */
    uint32_t label;      /* the caller's name for the node (echoed in messages), e.g. its number in a file */
    uint8_t kind;        /* a wsp_pws_kind */
    uint8_t split;       /* branch nodes: 1 = marked for splitting (in the paper's set P); else 0 */
    uint8_t reserved[2]; /* must be 0 (else WSP_ERR_RESERVED, WSP_FIELD_CFG_NODE, the node) */
} wsp_pws_node;

typedef struct wsp_pws_edge {
    uint32_t from, to;  /* 0-based node indices */
} wsp_pws_edge;

typedef struct wsp_pws_cfg {
    const wsp_pws_node *nodes;
    uint32_t node_count;
    uint32_t edge_count;
    const wsp_pws_edge *edges;
    uint32_t reserved[4];  /* must be 0 */
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
    uint32_t reserved[4];
} wsp_pws_paths;

/** Upper bound on wsp_pws_workspace_size() for N nodes and E edges. */
#define WSP_PWS_WORKSPACE_SIZE(N, E) (80u * (size_t)(N) + 9u * (size_t)(E) + 256u)
#define WSP_PWS_WORKSPACE_WORDS(N, E) WSP_WORDS(WSP_PWS_WORKSPACE_SIZE(N, E))

/** Bytes of workspace wsp_pws_analyse needs for this graph's node and edge counts. */
WSP_API wsp_status wsp_pws_workspace_size(const wsp_pws_cfg *cfg, size_t *size, wsp_diag *diag);

/** Validates the CFG, runs Select with S SWF contexts, Prune, and the longest paths. Optional outputs
 *  (each may be NULL): selected[node_count] = 1 for the split points SB, removed[edge_count] = 1 for
 *  the edges E_r, worst_from[node_count] = longest path from each node to the exit in C_out
 *  (including the node's own WCET). Errors name the node or edge (diag.field, diag.index). */
WSP_API wsp_status wsp_pws_analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace,
                                   size_t workspace_size, uint8_t *selected, uint8_t *removed,
                                   uint64_t *worst_from, wsp_pws_paths *paths, wsp_diag *diag);

/** Hardware, launch and timing parameters of paper 001, Table 1 and Section 5. */
typedef struct wsp_pws_params {
    uint32_t cus;          /* N_CU; 0 = 4 (the paper's assumption) */
    uint32_t simds;        /* N_SIMD per CU; 0 = 4 (the paper's assumption) */
    uint32_t wf_contexts;  /* N_WFC per SIMD (>= 1) */
    uint32_t wf_size;      /* N_WI_WF work-items per wavefront (>= 1) */
    uint32_t spsimds;      /* S: SpSIMDs per SIMD = SWF contexts per wavefront; equals paths->spsimds */
    uint32_t wg_size;      /* N_WI_WG work-items per workgroup (>= 1) */
    uint64_t workgroups;   /* G (>= 1) */
    uint64_t init_delay;   /* d: worst-case initialisation delay of a workgroup */
    uint64_t split_cost;   /* e_s */
    uint64_t merge_cost;   /* e_m */
    uint32_t reserved[8];  /* must be 0 */
} wsp_pws_params;

/** Kernel WCETs under PWS, DWS and no splitting. */
typedef struct wsp_pws_wcet {
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
    uint32_t reserved[8];
} wsp_pws_wcet;

/** Kernel WCETs from a wavefront analysis (wsp_pws_analyse). Errors: WSP_ERR_RANGE (a zero count,
 *  S different from the analysis', a workgroup larger than the GPU), WSP_ERR_OVERFLOW. Reserved words:
 *  params.reserved are 1..8, paths->reserved 9..12. */
WSP_API wsp_status wsp_pws_wcet_compute(const wsp_pws_params *params, const wsp_pws_paths *paths,
                                        wsp_pws_wcet *wcet, wsp_diag *diag);

/* ==== experimental: no stability promise ======================================================= */
#ifdef WSP_EXPERIMENTAL
/* (none in 1.2.0) */
#endif

#ifdef __cplusplus
}
#endif

#endif /* WARPSPAN_H */
