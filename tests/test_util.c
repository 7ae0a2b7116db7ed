#include "test_util.h"

void tp_init(test_problem *tp, const char *kernel, uint32_t warps, const uint32_t sigma[4],
             uint32_t schedulers) {
    wsp_sm_config sm;
    wsp_diag diag;
    memset(&sm, 0, sizeof sm);
    sm.warp_size = 32;
    for (int u = 0; u < 4; ++u) sm.units[u] = 32u * (sigma ? sigma[u] : 1u);
    sm.schedulers = schedulers;
    wsp_status st = wsp_problem_init(kernel, warps, &sm, tp->storage, sizeof tp->storage, &tp->p, &diag);
    if (st != WSP_OK) {
        print_error("problem %s W=%u: %s\n", kernel, (unsigned)warps, diag.message);
        fail();
    }
}

const design_row design_rows[] = {
    {"LLC", {1, 1, 1, 1}, 0, 4, 9},
    {"LCL", {1, 1, 1, 1}, 0, 2, 4},
    {"LCL", {1, 1, 1, 1}, 0, 4, 9},
    {"LLL", {2, 1, 1, 1}, 0, 4, 7},
    {"L5 C9 L2 C9", {1, 4, 1, 1}, 4, 1, 25},
    {"L5 C9 L2 C9", {1, 4, 1, 1}, 4, 2, 31},
    {"L5 C9 L2 C9", {1, 4, 1, 1}, 4, 3, 37},
    {"L5 C9 L2 C9", {1, 4, 1, 1}, 4, 4, 45},
};
const size_t design_row_count = sizeof design_rows / sizeof design_rows[0];

void tp_init_sm(test_problem *tp, const char *kernel, uint32_t warps, const wsp_sm_config *sm) {
    wsp_diag diag;
    wsp_status st = wsp_problem_init(kernel, warps, sm, tp->storage, sizeof tp->storage, &tp->p, &diag);
    if (st != WSP_OK) {
        print_error("problem %s W=%u: %s\n", kernel, (unsigned)warps, diag.message);
        fail();
    }
}

void random_sm(uint32_t *rng, wsp_sm_config *sm) {
    memset(sm, 0, sizeof *sm);
    sm->warp_size = 32;
    for (int u = 0; u < 4; ++u) {
        uint32_t r = rng_below(rng, 6);
        sm->units[u] = r < 4 ? 32u * (r + 1u) : 16u; /* sigma 1..4, or 1/2 (twice as likely) */
        sm->latency[u] = rng_below(rng, 4) == 0 ? 2u : 1u;
    }
    sm->schedulers = rng_below(rng, 5);
}

uint32_t rng_next(uint32_t *s) {
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

uint32_t rng_below(uint32_t *s, uint32_t n) { return rng_next(s) % n; }

uint32_t case_seed(uint32_t base, int n) {
    const uint32_t seed = base + (uint32_t)n * 2654435761u;
    return seed == 0 ? 1 : seed;
}

void note_slice(const char *what, unsigned long ran, unsigned long of) {
    if (ran != of)
        print_message("%s: a slice under the sanitizers, %lu of %lu cases (the Release build runs all)\n", what,
                      ran, of);
}

uint32_t test_seed(void) {
    const char *env = getenv("WSP_TEST_SEED");
    uint32_t seed = env ? (uint32_t)strtoul(env, NULL, 10) : 20261120u;
    return seed ? seed : 1u;
}

static size_t size_or_fail(wsp_status st, size_t size, const wsp_diag *diag, const char *what) {
    if (st != WSP_OK || size == 0) {
        print_error("%s: %s\n", what, diag->message);
        fail();
    }
    return size;
}

size_t schedule_size(const wsp_problem *p) {
    size_t size = 0;
    wsp_diag diag;
    wsp_status st = wsp_schedule_workspace_size(p, &size, &diag);
    return size_or_fail(st, size, &diag, "wsp_schedule_workspace_size");
}

size_t anneal_size(const wsp_problem *p) {
    size_t size = 0;
    wsp_diag diag;
    wsp_status st = wsp_anneal_workspace_size(p, &size, &diag);
    return size_or_fail(st, size, &diag, "wsp_anneal_workspace_size");
}

size_t exact_size(const wsp_problem *p, uint64_t states) {
    size_t size = 0;
    wsp_diag diag;
    wsp_status st = wsp_exact_workspace_size(p, states, &size, &diag);
    return size_or_fail(st, size, &diag, "wsp_exact_workspace_size");
}

uint32_t decode_or_fail(const wsp_problem *p, const uint32_t *string, uint32_t *warp_cycle,
                        uint32_t *cycles) {
    static uint64_t ws[1 << 14];
    wsp_diag diag;
    uint32_t makespan = 0;
    size_t n = (size_t)wsp_problem_warps(p) * wsp_problem_length(p);
    assert_true(schedule_size(p) <= sizeof ws);
    wsp_status st = wsp_schedule_decode(p, string, n, ws, sizeof ws, warp_cycle, cycles, &makespan, &diag);
    if (st != WSP_OK) {
        print_error("decode failed: %s\n", diag.message);
        fail();
    }
    return makespan;
}

/* ---- schedule oracle ---------------------------------------------------------------------------- */
/* The longest remaining schedule from each vector of warp positions (warps are NOT merged by
 * symmetry, no bounds are used): a plain memoised longest path over every work-conserving choice. */
#define ORACLE_MEMO (1u << 21)
typedef struct oracle_state {
    const wsp_problem *p;
    uint32_t W, I, S;
    uint32_t pos[8];
    uint16_t *memo; /* (I+1)^W entries: 0 = unknown, else remaining + 1 */
} oracle_state;

static uint32_t oracle_remaining(oracle_state *o) {
    uint32_t ready = 0; /* bitmask of unfinished warps: all are ready at the start of a cycle */
    uint32_t index = 0, best = 0;
    for (uint32_t w = 0; w < o->W; ++w) {
        if (o->pos[w] < o->I) ready |= 1u << w;
        index = index * (o->I + 1) + o->pos[w];
    }
    if (ready == 0) return 0;
    if (o->memo[index] != 0) return o->memo[index] - 1u;
    /* Try every subset of ready warps; keep those that respect capacity and are work-conserving. */
    for (uint32_t set = ready; set != 0; set = (set - 1) & ready) {
        uint32_t issued[4] = {0, 0, 0, 0}, readyn[4] = {0, 0, 0, 0}, total = 0;
        for (uint32_t w = 0; w < o->W; ++w) {
            if (!(ready >> w & 1u)) continue;
            uint32_t u = wsp_problem_unit_at(o->p, o->pos[w]);
            ++readyn[u];
            if (set >> w & 1u) ++issued[u], ++total;
        }
        int ok = o->S == 0 || total <= o->S;
        for (int u = 0; u < 4 && ok; ++u) {
            if (issued[u] > wsp_problem_sigma(o->p, (uint32_t)u)) ok = 0;
            else if (issued[u] < wsp_problem_sigma(o->p, (uint32_t)u) &&
                     (o->S == 0 || total < o->S) && readyn[u] > issued[u])
                ok = 0; /* a ready warp would wait beside spare capacity */
        }
        if (!ok) continue;
        for (uint32_t w = 0; w < o->W; ++w)
            if (set >> w & 1u) ++o->pos[w];
        uint32_t r = 1 + oracle_remaining(o);
        for (uint32_t w = 0; w < o->W; ++w)
            if (set >> w & 1u) --o->pos[w];
        if (r > best) best = r;
    }
    o->memo[index] = (uint16_t)(best + 1u);
    return best;
}

uint32_t oracle_schedules(const wsp_problem *p) {
    static uint16_t memo[ORACLE_MEMO];
    oracle_state o;
    uint64_t cells = 1;
    memset(&o, 0, sizeof o);
    o.p = p;
    o.W = wsp_problem_warps(p);
    o.I = wsp_problem_length(p);
    o.S = wsp_problem_schedulers(p);
    o.memo = memo;
    assert_true(o.W <= 8);
    for (uint32_t w = 0; w < o.W; ++w) cells *= o.I + 1;
    assert_true(cells <= ORACLE_MEMO);
    memset(memo, 0, cells * sizeof memo[0]);
    return oracle_remaining(&o);
}

/* ---- string oracle ---------------------------------------------------------------------------- */
/* Next distinct permutation of a multiset in lexicographic order; 0 when s was the last. */
static int next_multiset_permutation(uint32_t *s, size_t n) {
    if (n < 2) return 0;
    size_t i = n - 1;
    while (i > 0 && s[i - 1] >= s[i]) --i;
    if (i == 0) return 0;
    size_t j = n - 1;
    while (s[j] <= s[i - 1]) --j;
    uint32_t tmp = s[i - 1];
    s[i - 1] = s[j];
    s[j] = tmp;
    for (size_t a = i, b = n - 1; a < b; ++a, --b) {
        tmp = s[a];
        s[a] = s[b];
        s[b] = tmp;
    }
    return 1;
}

uint32_t oracle_strings(const wsp_problem *p) {
    static uint64_t vws[1 << 12];
    uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
    size_t n = (size_t)W * I;
    uint32_t s[32], cycles[32];
    uint32_t best = 0;
    assert_true(n <= 32);
    for (uint32_t w = 0; w < W; ++w)
        for (uint32_t i = 0; i < I; ++i) s[w * I + i] = w + 1;
    do {
        uint32_t m = decode_or_fail(p, s, NULL, cycles), vm = 0;
        wsp_diag diag;
        wsp_status st = wsp_schedule_validate(p, cycles, n, vws, sizeof vws, &vm, &diag);
        if (st != WSP_OK || vm != m) {
            print_error("validator rejects a decoded schedule: %s\n", diag.message);
            fail();
        }
        if (m > best) best = m;
    } while (next_multiset_permutation(s, n));
    return best;
}
