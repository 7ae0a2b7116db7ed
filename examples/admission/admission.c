/*
 * An admission controller for periodic tasks with a CPU part and a GPU kernel part (README.md here
 * explains the analysis). It reads a script of arrivals and departures and admits an arriving task
 * only if response-time analysis still meets every deadline, with each GPU part bounded by
 * warpspan's proven upper bound on the kernel's worst-case makespan: the safe bound, or with
 * `--exact N` the exact solver's proven upper end after at most N expanded states.
 *
 *   admission [--exact STATES] [SCRIPT]      (default script: scenario.txt next to this file)
 *
 * Static buffers only, as on a controller without a heap. C99.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpspan.h"

#define MAX_TASKS 32
#define MAX_KERNEL 128
#define MAX_I 1024    /* normalised instructions per kernel */
#define MAX_WARPS 64

typedef struct task {
    char name[32];
    uint64_t cpu_ns, period_ns, deadline_ns;
    char kernel[MAX_KERNEL];
    uint32_t warps;
    uint64_t gpu_cycles; /* proven upper bound on the kernel's makespan */
    uint64_t gpu_ns;     /* launch overhead + gpu_cycles at the GPU clock, rounded up */
    const char *bound;   /* which method proved gpu_cycles */
} task;

typedef struct system_config {
    wsp_sm_config sm;
    uint64_t clock_khz; /* GPU clock */
    uint64_t launch_ns; /* per kernel: launch and completion overhead */
    uint64_t exact_states; /* 0: safe bound only */
} system_config;

static uint64_t problem_ws[WSP_PROBLEM_WORKSPACE_WORDS(MAX_I)];
static uint64_t exact_ws[(8u << 20) / 8]; /* 8 MiB: the exact solver's memory budget */
static uint32_t witness[MAX_WARPS * MAX_I];

/* ---- the GPU part: a proven bound on T(W) ------------------------------------------------------ */

static int gpu_bound(const system_config *sys, task *t, char *why, size_t why_size) {
    wsp_problem *p;
    wsp_diag d;
    wsp_bounds b;
    size_t need = 0;
    if (wsp_problem_workspace_size(t->kernel, t->warps, &sys->sm, &need, &d) != WSP_OK ||
        need > sizeof problem_ws) {
        snprintf(why, why_size, "kernel '%s': %s", t->kernel,
                 need > sizeof problem_ws ? "longer than this controller's buffers" : d.message);
        return 0;
    }
    if (wsp_problem_init(t->kernel, t->warps, &sys->sm, problem_ws, sizeof problem_ws, &p, &d) != WSP_OK ||
        wsp_bounds_compute(p, &b, &d) != WSP_OK) {
        snprintf(why, why_size, "kernel '%s': %s", t->kernel, d.message);
        return 0;
    }
    t->gpu_cycles = b.upper;
    t->bound = "safe bound";
    if (sys->exact_states > 0 && (uint64_t)t->warps * wsp_problem_length(p) <= sizeof witness / sizeof witness[0]) {
        /* The exact solver's upper end is proven whatever its stop reason; with a budget it may
           stop short of T(W) but never below it. */
        wsp_exact_options o;
        wsp_exact_result r;
        memset(&o, 0, sizeof o);
        o.control.budget = sys->exact_states;
        if (wsp_exact_solve(p, &o, exact_ws, sizeof exact_ws, witness,
                            (size_t)t->warps * wsp_problem_length(p), &r, &d) == WSP_OK &&
            r.upper < t->gpu_cycles) {
            t->gpu_cycles = r.upper;
            t->bound = r.stop == WSP_STOP_FINISHED ? "exact T(W)" : "exact, upper end of bracket";
        }
    }
    /* cycles at clock_khz: cycles * 1e6 / kHz nanoseconds, rounded up (never optimistic) */
    t->gpu_ns = sys->launch_ns + (t->gpu_cycles * 1000000u + sys->clock_khz - 1) / sys->clock_khz;
    return 1;
}

/* ---- response-time analysis -------------------------------------------------------------------- */

/* Deadline-monotonic priority: shorter deadline first, then shorter period, then name. */
static int higher_priority(const task *a, const task *b) {
    if (a->deadline_ns != b->deadline_ns) return a->deadline_ns < b->deadline_ns;
    if (a->period_ns != b->period_ns) return a->period_ns < b->period_ns;
    return strcmp(a->name, b->name) < 0;
}

/* R_i = C_i + G_i + B_i + sum over higher-priority j of ceil(R_i / T_j) * (C_j + G_j), with
 * B_i = the longest lower-priority GPU part. Returns R_i, or deadline + 1 once it exceeds it. */
static uint64_t response_time(const task *set, size_t n, size_t i, uint64_t *blocking) {
    const task *ti = &set[i];
    uint64_t B = 0, R, prev;
    size_t j;
    for (j = 0; j < n; ++j)
        if (j != i && higher_priority(ti, &set[j]) && set[j].gpu_ns > B) B = set[j].gpu_ns;
    *blocking = B;
    R = ti->cpu_ns + ti->gpu_ns + B;
    do {
        uint64_t next = ti->cpu_ns + ti->gpu_ns + B;
        prev = R;
        for (j = 0; j < n; ++j)
            if (j != i && higher_priority(&set[j], ti))
                next += ((R + set[j].period_ns - 1) / set[j].period_ns) * (set[j].cpu_ns + set[j].gpu_ns);
        R = next;
        if (R > ti->deadline_ns) return ti->deadline_ns + 1;
    } while (R != prev);
    return R;
}

/* Prints every task's response time; returns the number of deadline misses. */
static int analyse(const task *set, size_t n, int verbose) {
    int misses = 0;
    size_t i;
    for (i = 0; i < n; ++i) {
        uint64_t B;
        const uint64_t R = response_time(set, n, i, &B);
        const int ok = R <= set[i].deadline_ns;
        misses += !ok;
        if (verbose) {
            if (ok)
                printf("    %-10s R = %9" PRIu64 " ns <= D = %9" PRIu64 " ns  (blocking %" PRIu64 " ns)\n",
                       set[i].name, R, set[i].deadline_ns, B);
            else
                printf("    %-10s R >  D = %9" PRIu64 " ns: deadline missed\n", set[i].name, set[i].deadline_ns);
        }
    }
    return misses;
}

/* ---- the script -------------------------------------------------------------------------------- */

static task tasks[MAX_TASKS];
static size_t task_count;

static int fail_line(const char *file, int line, const char *what) {
    fprintf(stderr, "admission: %s:%d: %s\n", file, line, what);
    return 0;
}

static int parse_u64(const char *s, uint64_t *out) {
    char *end;
    unsigned long long v;
    if (*s == '\0' || !isdigit((unsigned char)*s)) return 0;
    v = strtoull(s, &end, 10);
    if (*end != '\0') return 0;
    *out = (uint64_t)v;
    return 1;
}

/* One line: "gpu CLOCK_MHZ LAUNCH_US", "sm L C S D WARP_SIZE SCHEDULERS",
 * "arrive NAME CPU_US PERIOD_US DEADLINE_US WARPS KERNEL...", "leave NAME"; '#' starts a comment. */
static int run_line(system_config *sys, char *text, const char *file, int line) {
    char *word[12];
    int n = 0, k;
    char *hash = strchr(text, '#');
    char *rest;
    if (hash) *hash = '\0';
    for (rest = strtok(text, " \t\r\n"); rest && n < 12; rest = strtok(NULL, " \t\r\n")) word[n++] = rest;
    if (n == 0) return 1;
    if (strcmp(word[0], "gpu") == 0) {
        uint64_t mhz, launch_us;
        if (n != 3 || !parse_u64(word[1], &mhz) || mhz == 0 || mhz > 100000u || !parse_u64(word[2], &launch_us) ||
            launch_us > 1000000u)
            return fail_line(file, line, "expected: gpu CLOCK_MHZ LAUNCH_US (at most 100000 MHz, 1e6 us)");
        sys->clock_khz = mhz * 1000u;
        sys->launch_ns = launch_us * 1000u;
        printf("GPU clock %" PRIu64 " MHz, %" PRIu64 " us launch overhead per kernel\n", mhz, launch_us);
        return 1;
    }
    if (strcmp(word[0], "sm") == 0) {
        uint64_t v[6];
        if (n != 7) return fail_line(file, line, "expected: sm L C S D WARP_SIZE SCHEDULERS");
        for (k = 0; k < 6; ++k)
            if (!parse_u64(word[k + 1], &v[k]) || v[k] > 65536u)
                return fail_line(file, line, "sm: values are integers up to 65536");
        for (k = 0; k < 4; ++k) sys->sm.units[k] = (uint32_t)v[k];
        sys->sm.warp_size = (uint32_t)v[4];
        sys->sm.schedulers = (uint32_t)v[5];
        printf("SM: units L=%u C=%u S=%u D=%u, warp size %u, %u schedulers\n", sys->sm.units[0],
               sys->sm.units[1], sys->sm.units[2], sys->sm.units[3], sys->sm.warp_size, sys->sm.schedulers);
        return 1;
    }
    if (strcmp(word[0], "leave") == 0) {
        size_t i;
        if (n != 2) return fail_line(file, line, "expected: leave NAME");
        for (i = 0; i < task_count && strcmp(tasks[i].name, word[1]) != 0; ++i) {}
        if (i == task_count) return fail_line(file, line, "leave: no such task");
        tasks[i] = tasks[--task_count];
        printf("\nleave  %s: %zu tasks remain\n", word[1], task_count);
        return 1;
    }
    if (strcmp(word[0], "arrive") == 0) {
        task t;
        uint64_t us[3], warps;
        char why[352]; /* "kernel '<kernel>': " and a diag message */
        size_t i;
        if (n < 7) return fail_line(file, line, "expected: arrive NAME CPU_US PERIOD_US DEADLINE_US WARPS KERNEL");
        if (sys->clock_khz == 0) return fail_line(file, line, "arrive before the 'gpu' line");
        memset(&t, 0, sizeof t);
        if (strlen(word[1]) >= sizeof t.name) return fail_line(file, line, "arrive: name too long");
        strcpy(t.name, word[1]);
        for (i = 0; i < task_count; ++i)
            if (strcmp(tasks[i].name, t.name) == 0) return fail_line(file, line, "arrive: name already in use");
        for (k = 0; k < 3; ++k)
            if (!parse_u64(word[k + 2], &us[k]) || us[k] > 1000000000u)
                return fail_line(file, line, "arrive: times are whole microseconds up to 1e9");
        if (!parse_u64(word[5], &warps) || warps == 0 || warps > MAX_WARPS)
            return fail_line(file, line, "arrive: WARPS must be 1..64");
        if (us[1] == 0 || us[2] == 0 || us[2] > us[1])
            return fail_line(file, line, "arrive: need 0 < DEADLINE_US <= PERIOD_US");
        t.cpu_ns = us[0] * 1000u;
        t.period_ns = us[1] * 1000u;
        t.deadline_ns = us[2] * 1000u;
        t.warps = (uint32_t)warps;
        for (k = 6; k < n; ++k) {
            if (strlen(t.kernel) + strlen(word[k]) + 2 > sizeof t.kernel)
                return fail_line(file, line, "arrive: kernel string too long");
            if (k > 6) strcat(t.kernel, " ");
            strcat(t.kernel, word[k]);
        }
        printf("\narrive %s: CPU %" PRIu64 " us, period %" PRIu64 " us, deadline %" PRIu64
               " us, kernel '%s' x %u warps\n", t.name, us[0], us[1], us[2], t.kernel, t.warps);
        if (!gpu_bound(sys, &t, why, sizeof why)) return fail_line(file, line, why);
        printf("    GPU part: T(W) <= %" PRIu64 " cycles (%s) -> %" PRIu64 " ns with launch\n",
               t.gpu_cycles, t.bound, t.gpu_ns);
        if (task_count == MAX_TASKS) {
            printf("    REJECT %s: the controller holds %d tasks at most\n", t.name, MAX_TASKS);
            return 1;
        }
        tasks[task_count] = t;
        if (analyse(tasks, task_count + 1, 1) == 0) {
            ++task_count;
            printf("    ADMIT  %s: %zu tasks, every deadline met\n", t.name, task_count);
        } else {
            printf("    REJECT %s: admitting it would miss a deadline; the set stays as it was\n", t.name);
        }
        return 1;
    }
    return fail_line(file, line, "unknown command (gpu, sm, arrive, leave)");
}

int main(int argc, char **argv) {
    static char text[512];
    system_config sys;
    const char *script = NULL;
    FILE *f;
    int line = 0, a;
    memset(&sys, 0, sizeof sys);
    for (a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--exact") == 0 && a + 1 < argc) {
            if (!parse_u64(argv[++a], &sys.exact_states) || sys.exact_states == 0) {
                fprintf(stderr, "admission: --exact needs a positive number of states\n");
                return 1;
            }
        } else if (argv[a][0] == '-') {
            fprintf(stderr, "usage: admission [--exact STATES] [SCRIPT]\n");
            return 1;
        } else {
            script = argv[a];
        }
    }
#ifdef WSP_ADMISSION_DEFAULT_SCRIPT
    if (script == NULL) script = WSP_ADMISSION_DEFAULT_SCRIPT;
#endif
    if (script == NULL) {
        fprintf(stderr, "usage: admission [--exact STATES] SCRIPT\n");
        return 1;
    }
    f = fopen(script, "r");
    if (f == NULL) {
        fprintf(stderr, "admission: cannot open %s\n", script);
        return 1;
    }
    printf("warpspan %s admission controller: deadline-monotonic CPU, one GPU (non-preemptive kernels,\n"
           "requests served by priority); GPU parts bounded by %s\n",
           wsp_version(), sys.exact_states ? "the exact solver's proven upper end" : "the safe bound");
    while (fgets(text, sizeof text, f) != NULL) {
        ++line;
        if (strchr(text, '\n') == NULL && !feof(f)) {
            fclose(f);
            fail_line(script, line, "line too long");
            return 1;
        }
        if (!run_line(&sys, text, script, line)) {
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    printf("\nfinal set: %zu tasks\n", task_count);
    return 0;
}
