/* Group diag: the error conventions of the 1.0 API, call by call, in three tables.
 *   errors:  every call with one bad input at a time: the status, the input it is about (diag.field)
 *            and where (index, column, line, unit); a message for a person, NUL-terminated; the
 *            reserved words of the diag 0.
 *   success: every call with good inputs fills the diag too: status OK, field NONE, no position,
 *            empty message (the diag is filled with junk before each call).
 *   zeroed:  on an error, every result struct and output scalar is zeroed.
 * The host calls are here too (job runners, ILP, IPET, PTX); the ILP and IPET rows only where this
 * build has lp_solve. */
#include <math.h>

#include "test_util.h"

#define WSP_EXPERIMENTAL 1 /* the PTX reader */
#include "warpspan_host.h"

/* ---- the fixture: a valid problem and everything the calls need -------------------------------- */
static uint64_t problem_ws[64];
static wsp_problem *P;                /* LCL, W = 4, sigma 1: T = 9 */
static uint64_t junk_handle[64];      /* zeroed: not a problem */
static uint64_t ws[1 << 14];          /* big enough for every workspace of P */
static uint32_t witness[12], string12[12] = {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4};
static uint32_t schedule12[12];       /* the decoded schedule of string12 */
static wsp_sm_config SM;              /* zero: defaults */

/* Fig. 8 of paper 001 in small: branch 1 -> 2 -> BSB 3 -> 4 -> reconv 5 (and 1 -> 3, 3 -> 5). */
static wsp_pws_node nodes[5];
static wsp_pws_edge edges[6] = {{0, 1}, {0, 2}, {1, 2}, {2, 3}, {2, 4}, {3, 4}};
static wsp_pws_cfg CFG;
static wsp_pws_paths PATHS;
static wsp_pws_params PARAMS;

static uint64_t ipet_wcet[4] = {1, 2, 3, 4};
static wsp_pws_edge ipet_edges[4] = {{0, 1}, {1, 2}, {2, 1}, {1, 3}};
static wsp_host_ipet_loop ipet_loops[1] = {{1, 0, 10}};
static wsp_host_ipet_graph GRAPH;

static const char ptx_text[] = ".version 9.0\n.visible .entry k()\n{\n\tld.global.u32 %r1, [a];\n\tret;\n}\n";

static uint32_t stop_now(void *context, const wsp_progress *p) {
    (void)context;
    (void)p;
    return WSP_STOP_CANCELLED;
}

static int setup(void **state) {
    wsp_diag d;
    (void)state;
    memset(&SM, 0, sizeof SM);
    if (wsp_problem_init("LCL", 4, &SM, problem_ws, sizeof problem_ws, &P, &d) != WSP_OK) return 1;
    memset(junk_handle, 0, sizeof junk_handle);
    if (wsp_schedule_decode(P, string12, 12, ws, sizeof ws, NULL, schedule12, NULL, &d) != WSP_OK) return 1;
    memset(nodes, 0, sizeof nodes);
    for (uint32_t v = 0; v < 5; ++v) {
        nodes[v].wcet = v + 1;
        nodes[v].label = v + 1;
    }
    nodes[0].kind = WSP_PWS_BRANCH;
    nodes[0].split = 1;
    nodes[2].kind = WSP_PWS_BSB;
    nodes[4].kind = WSP_PWS_RECONV;
    memset(&CFG, 0, sizeof CFG);
    CFG.nodes = nodes;
    CFG.node_count = 5;
    CFG.edges = edges;
    CFG.edge_count = 6;
    if (wsp_pws_analyse(&CFG, 1, ws, sizeof ws, NULL, NULL, NULL, &PATHS, &d) != WSP_OK) return 1;
    memset(&PARAMS, 0, sizeof PARAMS);
    PARAMS.wf_contexts = 1;
    PARAMS.wf_size = 64;
    PARAMS.wg_size = 64;
    PARAMS.workgroups = 10;
    PARAMS.spsimds = 1;
    memset(&GRAPH, 0, sizeof GRAPH);
    GRAPH.wcet = ipet_wcet;
    GRAPH.node_count = 4;
    GRAPH.edges = ipet_edges;
    GRAPH.edge_count = 4;
    GRAPH.loops = ipet_loops;
    GRAPH.loop_count = 1;
    GRAPH.exit = 3;
    return 0;
}

/* ---- the calls, one bad input each -------------------------------------------------------------- */
#define CALL(name) static wsp_status name(wsp_diag *d)

static size_t size_out;
static wsp_problem *problem_out;
static uint32_t makespan_out;
static wsp_bounds bounds_out;
static wsp_exact_result exact_out;
static wsp_anneal_result anneal_out;
static uint64_t value_out;
static uint32_t y_out;
static wsp_pws_wcet wcet_out;
static wsp_pws_paths paths_out;
static wsp_host_ilp_result ilp_out;
static wsp_host_ipet_result ipet_out;
static wsp_host_ptx_report ptx_report;

/* problem */
static wsp_status psize(const char *kernel, uint32_t warps, const wsp_sm_config *sm, wsp_diag *d) {
    return wsp_problem_workspace_size(kernel, warps, sm, &size_out, d);
}
CALL(ps_null_kernel) { return psize(NULL, 4, NULL, d); }
CALL(ps_empty_kernel) { return psize("  ", 4, NULL, d); }
CALL(ps_bad_character) { return psize("LC?", 4, NULL, d); }
CALL(ps_bad_count) { return psize("L C0", 4, NULL, d); }
CALL(ps_kernel_too_long) {
    wsp_sm_config sm = SM;
    sm.warp_size = 1024;
    sm.units[WSP_UNIT_D] = 1;
    sm.latency[WSP_UNIT_D] = 1024;
    return psize("L D1000000", 1, &sm, d);
}
CALL(ps_warps_zero) { return psize("LCL", 0, NULL, d); }
CALL(ps_warps_large) { return psize("LCL", WSP_MAX_WARPS + 1, NULL, d); }
CALL(ps_cells) { return psize("L40000", WSP_MAX_WARPS, NULL, d); }
CALL(ps_sigma) {
    wsp_sm_config sm = SM;
    sm.units[WSP_UNIT_S] = 48;
    return psize("LS", 2, &sm, d);
}
CALL(ps_units) {
    wsp_sm_config sm = SM;
    sm.units[WSP_UNIT_C] = WSP_MAX_UNITS + 1;
    return psize("LC", 2, &sm, d);
}
CALL(ps_latency) {
    wsp_sm_config sm = SM;
    sm.latency[WSP_UNIT_D] = WSP_MAX_LATENCY + 1;
    return psize("LD", 2, &sm, d);
}
CALL(ps_warp_size) {
    wsp_sm_config sm = SM;
    sm.warp_size = WSP_MAX_WARP_SIZE + 1;
    return psize("L", 2, &sm, d);
}
CALL(ps_schedulers) {
    wsp_sm_config sm = SM;
    sm.schedulers = WSP_MAX_SCHEDULERS + 1;
    return psize("L", 2, &sm, d);
}
CALL(ps_reserved) {
    wsp_sm_config sm = SM;
    sm.reserved[2] = 7;
    return psize("L", 2, &sm, d);
}
CALL(ps_no_size) { return wsp_problem_workspace_size("L", 2, NULL, NULL, d); }
CALL(pi_no_workspace) { return wsp_problem_init("LCL", 4, NULL, NULL, 512, &problem_out, d); }
CALL(pi_misaligned) { return wsp_problem_init("LCL", 4, NULL, (char *)ws + 2, 512, &problem_out, d); }
CALL(pi_small) { return wsp_problem_init("LCL", 4, NULL, ws, 16, &problem_out, d); }
CALL(pi_no_output) { return wsp_problem_init("LCL", 4, NULL, ws, sizeof ws, NULL, d); }
CALL(pi_bad_kernel) { return wsp_problem_init("LXL", 4, NULL, ws, sizeof ws, &problem_out, d); }

/* bounds */
CALL(b_null) { return wsp_bounds_compute(NULL, &bounds_out, d); }
CALL(b_junk) { return wsp_bounds_compute((const wsp_problem *)junk_handle, &bounds_out, d); }
CALL(b_no_output) { return wsp_bounds_compute(P, NULL, d); }

/* schedules */
CALL(ss_null) { return wsp_schedule_workspace_size(NULL, &size_out, d); }
CALL(ss_no_size) { return wsp_schedule_workspace_size(P, NULL, d); }
CALL(sd_no_string) { return wsp_schedule_decode(P, NULL, 12, ws, sizeof ws, NULL, NULL, &makespan_out, d); }
CALL(sd_length) { return wsp_schedule_decode(P, string12, 11, ws, sizeof ws, NULL, NULL, &makespan_out, d); }
CALL(sd_warp) {
    uint32_t s[12];
    memcpy(s, string12, sizeof s);
    s[6] = 5;
    return wsp_schedule_decode(P, s, 12, ws, sizeof ws, NULL, NULL, &makespan_out, d);
}
CALL(sd_count) {
    uint32_t s[12];
    memcpy(s, string12, sizeof s);
    s[4] = 2; /* warp 2 a fourth time at position 10 */
    return wsp_schedule_decode(P, s, 12, ws, sizeof ws, NULL, NULL, &makespan_out, d);
}
CALL(sd_small) { return wsp_schedule_decode(P, string12, 12, ws, 8, NULL, NULL, &makespan_out, d); }
CALL(sd_junk) {
    return wsp_schedule_decode((const wsp_problem *)junk_handle, string12, 12, ws, sizeof ws, NULL, NULL,
                               &makespan_out, d);
}
static wsp_status validate_with(uint32_t k, uint32_t cycle, wsp_diag *d) {
    uint32_t c[12];
    memcpy(c, schedule12, sizeof c);
    c[k] = cycle;
    return wsp_schedule_validate(P, c, 12, ws, sizeof ws, &makespan_out, d);
}
CALL(sv_no_schedule) { return wsp_schedule_validate(P, NULL, 12, ws, sizeof ws, &makespan_out, d); }
CALL(sv_length) { return wsp_schedule_validate(P, schedule12, 13, ws, sizeof ws, &makespan_out, d); }
CALL(sv_cycle0) { return validate_with(4, 0, d); }                          /* warp 2, instruction 2 */
CALL(sv_precedence) { return validate_with(5, schedule12[4], d); }          /* warp 2, instruction 3 */
CALL(sv_capacity) { return validate_with(3, schedule12[0], d); }            /* warp 2's L beside warp 1's */
CALL(sv_work) { return validate_with(11, schedule12[11] + 5, d); }          /* an idle cycle */
CALL(sv_small) { return wsp_schedule_validate(P, schedule12, 12, ws, 4, &makespan_out, d); }
CALL(sp_policy) { return wsp_schedule_dispatch(P, WSP_POLICY_COUNT, 1, ws, sizeof ws, witness, 12, d); }
CALL(sp_no_output) { return wsp_schedule_dispatch(P, 0, 1, ws, sizeof ws, NULL, 12, d); }
CALL(sp_length) { return wsp_schedule_dispatch(P, 0, 1, ws, sizeof ws, witness, 3, d); }
CALL(sp_small) { return wsp_schedule_dispatch(P, 0, 1, ws, 8, witness, 12, d); }
CALL(sp_null) { return wsp_schedule_dispatch(NULL, 0, 1, ws, sizeof ws, witness, 12, d); }

/* exact */
CALL(es_null) { return wsp_exact_workspace_size(NULL, 0, &size_out, d); }
CALL(es_overflow) { return wsp_exact_workspace_size(P, UINT64_MAX, &size_out, d); }
CALL(es_no_size) { return wsp_exact_workspace_size(P, 0, NULL, d); }
static wsp_status exact_with(const wsp_exact_options *o, wsp_diag *d) {
    return wsp_exact_solve(P, o, ws, sizeof ws, witness, 12, &exact_out, d);
}
CALL(ex_null) { return wsp_exact_solve(NULL, NULL, ws, sizeof ws, witness, 12, &exact_out, d); }
CALL(ex_reserved) {
    wsp_exact_options o;
    memset(&o, 0, sizeof o);
    o.reserved[0] = 1; /* after control's 4: word 5 */
    return exact_with(&o, d);
}
CALL(ex_control_reserved) {
    wsp_exact_options o;
    memset(&o, 0, sizeof o);
    o.control.reserved[3] = 1;
    return exact_with(&o, d);
}
CALL(ex_initial_length) {
    wsp_exact_options o;
    memset(&o, 0, sizeof o);
    o.initial = string12;
    o.initial_length = 10;
    return exact_with(&o, d);
}
CALL(ex_initial_warp) {
    uint32_t s[12];
    wsp_exact_options o;
    memcpy(s, string12, sizeof s);
    s[2] = 0;
    memset(&o, 0, sizeof o);
    o.initial = s;
    o.initial_length = 12;
    return exact_with(&o, d);
}
CALL(ex_small) { return wsp_exact_solve(P, NULL, ws, 64, witness, 12, &exact_out, d); }
CALL(ex_no_witness) { return wsp_exact_solve(P, NULL, ws, sizeof ws, NULL, 12, &exact_out, d); }
CALL(ex_witness_length) { return wsp_exact_solve(P, NULL, ws, sizeof ws, witness, 13, &exact_out, d); }
CALL(ex_no_result) { return wsp_exact_solve(P, NULL, ws, sizeof ws, witness, 12, NULL, d); }

/* anneal */
CALL(as_null) { return wsp_anneal_workspace_size(NULL, &size_out, d); }
CALL(as_no_size) { return wsp_anneal_workspace_size(P, NULL, d); }
static wsp_status anneal_with(const wsp_anneal_options *o, wsp_diag *d) {
    return wsp_anneal_run(P, o, ws, sizeof ws, witness, 12, &anneal_out, d);
}
CALL(an_policy) {
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    o.policy = 99;
    return anneal_with(&o, d);
}
CALL(an_moves) {
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    o.moves = 2;
    return anneal_with(&o, d);
}
CALL(an_reserved) {
    wsp_anneal_options o;
    memset(&o, 0, sizeof o);
    o.control.reserved[1] = 1;
    return anneal_with(&o, d);
}
CALL(an_initial_count) {
    uint32_t s[12];
    wsp_anneal_options o;
    memcpy(s, string12, sizeof s);
    s[1] = 1; /* warp 1 four times: the fourth at position 9 */
    memset(&o, 0, sizeof o);
    o.initial = s;
    o.initial_length = 12;
    return anneal_with(&o, d);
}
CALL(an_small) { return wsp_anneal_run(P, NULL, ws, 40, witness, 12, &anneal_out, d); }
CALL(an_no_witness) { return wsp_anneal_run(P, NULL, ws, sizeof ws, NULL, 12, &anneal_out, d); }
CALL(an_witness_length) { return wsp_anneal_run(P, NULL, ws, sizeof ws, witness, 1, &anneal_out, d); }
CALL(an_no_result) { return wsp_anneal_run(P, NULL, ws, sizeof ws, witness, 12, NULL, d); }
CALL(an_junk) {
    return wsp_anneal_run((const wsp_problem *)junk_handle, NULL, ws, sizeof ws, witness, 12, &anneal_out, d);
}

/* estimate */
static const uint32_t T4[4] = {3, 4, 6, 9};
CALL(est_warps) { return wsp_estimate_compute(0, T4, 1, &value_out, &y_out, d); }
CALL(est_no_t) { return wsp_estimate_compute(4, NULL, 2, &value_out, &y_out, d); }
CALL(est_x_zero) { return wsp_estimate_compute(4, T4, 0, &value_out, &y_out, d); }
CALL(est_x_large) { return wsp_estimate_compute(4, T4, 5, &value_out, &y_out, d); }
CALL(est_t_zero) {
    const uint32_t t[3] = {3, 0, 6};
    return wsp_estimate_compute(4, t, 3, &value_out, &y_out, d);
}
CALL(est_no_value) { return wsp_estimate_compute(4, T4, 2, NULL, &y_out, d); }

/* PWS */
CALL(pw_null) { return wsp_pws_workspace_size(NULL, &size_out, d); }
CALL(pw_reserved) {
    wsp_pws_cfg c = CFG;
    c.reserved[3] = 1;
    return wsp_pws_workspace_size(&c, &size_out, d);
}
CALL(pw_nodes) {
    wsp_pws_cfg c = CFG;
    c.node_count = WSP_PWS_MAX_NODES + 1;
    return wsp_pws_workspace_size(&c, &size_out, d);
}
CALL(pw_edges) {
    wsp_pws_cfg c = CFG;
    c.edge_count = WSP_PWS_MAX_EDGES + 1;
    return wsp_pws_workspace_size(&c, &size_out, d);
}
CALL(pw_no_size) { return wsp_pws_workspace_size(&CFG, NULL, d); }
static wsp_status analyse_edited(uint32_t edge, uint32_t from, uint32_t to, wsp_diag *d) {
    wsp_pws_edge e[6];
    wsp_pws_cfg c = CFG;
    memcpy(e, edges, sizeof e);
    e[edge].from = from;
    e[edge].to = to;
    c.edges = e;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_self_loop) { return analyse_edited(3, 3, 3, d); }
CALL(pa_dangling) { return analyse_edited(5, 3, 17, d); }
CALL(pa_duplicate) { return analyse_edited(1, 0, 1, d); }
CALL(pa_cycle) { return analyse_edited(5, 3, 2, d); }
CALL(pa_structure) {
    wsp_pws_node n[5];
    wsp_pws_cfg c = CFG;
    memcpy(n, nodes, sizeof n);
    n[4].kind = WSP_PWS_BLOCK; /* the branch never reconverges */
    c.nodes = n;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_kind) {
    wsp_pws_node n[5];
    wsp_pws_cfg c = CFG;
    memcpy(n, nodes, sizeof n);
    n[3].kind = 4;
    c.nodes = n;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_node_reserved) {
    wsp_pws_node n[5];
    wsp_pws_cfg c = CFG;
    memcpy(n, nodes, sizeof n);
    n[1].reserved[1] = 1;
    c.nodes = n;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_overflow) {
    wsp_pws_node n[5];
    wsp_pws_cfg c = CFG;
    memcpy(n, nodes, sizeof n);
    n[3].wcet = UINT64_MAX;
    n[4].wcet = 1;
    c.nodes = n;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_no_nodes) {
    wsp_pws_cfg c = CFG;
    c.nodes = NULL;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_no_edges) {
    wsp_pws_cfg c = CFG;
    c.edges = NULL;
    return wsp_pws_analyse(&c, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d);
}
CALL(pa_small) { return wsp_pws_analyse(&CFG, 1, ws, 16, NULL, NULL, NULL, &paths_out, d); }
CALL(pa_no_paths) { return wsp_pws_analyse(&CFG, 1, ws, sizeof ws, NULL, NULL, NULL, NULL, d); }
static wsp_status wcet_with(const wsp_pws_params *p, wsp_diag *d) { return wsp_pws_wcet_compute(p, &PATHS, &wcet_out, d); }
CALL(pk_no_params) { return wsp_pws_wcet_compute(NULL, &PATHS, &wcet_out, d); }
CALL(pk_no_paths) { return wsp_pws_wcet_compute(&PARAMS, NULL, &wcet_out, d); }
CALL(pk_no_output) { return wsp_pws_wcet_compute(&PARAMS, &PATHS, NULL, d); }
CALL(pk_wf_contexts) {
    wsp_pws_params p = PARAMS;
    p.wf_contexts = 0;
    return wcet_with(&p, d);
}
CALL(pk_wf_size) {
    wsp_pws_params p = PARAMS;
    p.wf_size = 0;
    return wcet_with(&p, d);
}
CALL(pk_wg_size) {
    wsp_pws_params p = PARAMS;
    p.wg_size = 1u << 30; /* larger than the GPU */
    return wcet_with(&p, d);
}
CALL(pk_workgroups) {
    wsp_pws_params p = PARAMS;
    p.workgroups = 0;
    return wcet_with(&p, d);
}
CALL(pk_spsimds) {
    wsp_pws_params p = PARAMS;
    p.spsimds = 2;
    return wcet_with(&p, d);
}
CALL(pk_paths) {
    wsp_pws_paths a = PATHS;
    a.pruned = a.full + 1;
    return wsp_pws_wcet_compute(&PARAMS, &a, &wcet_out, d);
}
CALL(pk_costs) {
    wsp_pws_params p = PARAMS;
    p.split_cost = UINT64_MAX;
    p.merge_cost = 1;
    return wcet_with(&p, d);
}
CALL(pk_dispatches) {
    wsp_pws_params p = PARAMS;
    p.workgroups = UINT64_MAX;
    p.init_delay = UINT64_MAX / 2;
    return wcet_with(&p, d);
}
CALL(pk_slots) {
    wsp_pws_params p = PARAMS;
    p.cus = p.simds = p.wf_contexts = p.wf_size = 0xFFFFFFFFu;
    return wcet_with(&p, d);
}
CALL(pk_reserved) {
    wsp_pws_params p = PARAMS;
    p.reserved[7] = 1;
    return wcet_with(&p, d);
}
CALL(pk_paths_reserved) {
    wsp_pws_paths a = PATHS;
    a.reserved[0] = 1;
    return wsp_pws_wcet_compute(&PARAMS, &a, &wcet_out, d);
}

/* host: job runners */
static wsp_host_exact_job exact_job(void) {
    wsp_host_exact_job j;
    memset(&j, 0, sizeof j);
    j.problem = P;
    j.witness = witness;
    j.witness_length = 12;
    j.memory = 1u << 20;
    return j;
}
static wsp_host_anneal_job anneal_job(void) {
    wsp_host_anneal_job j;
    memset(&j, 0, sizeof j);
    j.problem = P;
    j.witness = witness;
    j.witness_length = 12;
    j.options.iterations = 100;
    return j;
}
static wsp_host_run_options run_options(void) {
    wsp_host_run_options o;
    memset(&o, 0, sizeof o);
    o.threads = 1;
    return o;
}
CALL(hx_no_jobs) { return wsp_host_exact_run(NULL, 2, NULL, d); }
CALL(hx_reserved0) {
    wsp_host_exact_job j = exact_job();
    wsp_host_run_options o = run_options();
    o.reserved0 = 1;
    return wsp_host_exact_run(&j, 1, &o, d);
}
CALL(hx_reserved) {
    wsp_host_exact_job j = exact_job();
    wsp_host_run_options o = run_options();
    o.reserved[7] = 1;
    return wsp_host_exact_run(&j, 1, &o, d);
}
CALL(hx_threads) {
    wsp_host_exact_job j = exact_job();
    wsp_host_run_options o = run_options();
    o.threads = 4097;
    return wsp_host_exact_run(&j, 1, &o, d);
}
CALL(hx_seconds) {
    wsp_host_exact_job j = exact_job();
    wsp_host_run_options o = run_options();
    o.seconds = -1;
    return wsp_host_exact_run(&j, 1, &o, d);
}
CALL(hx_interval) {
    wsp_host_exact_job j = exact_job();
    wsp_host_run_options o = run_options();
    o.monitor_interval = NAN;
    return wsp_host_exact_run(&j, 1, &o, d);
}
CALL(hx_job_reserved) {
    wsp_host_exact_job j[3] = {exact_job(), exact_job(), exact_job()};
    j[2].reserved[0] = 1;
    return wsp_host_exact_run(j, 3, NULL, d);
}
CALL(hx_job_seconds) {
    wsp_host_exact_job j[2] = {exact_job(), exact_job()};
    j[1].seconds = -2;
    return wsp_host_exact_run(j, 2, NULL, d);
}
CALL(ha_no_jobs) { return wsp_host_anneal_run(NULL, 1, NULL, d); }
CALL(ha_threads) {
    wsp_host_anneal_job j = anneal_job();
    wsp_host_run_options o = run_options();
    o.threads = 5000;
    return wsp_host_anneal_run(&j, 1, &o, d);
}
CALL(ha_reserved) {
    wsp_host_anneal_job j = anneal_job();
    wsp_host_run_options o = run_options();
    o.reserved[0] = 9;
    return wsp_host_anneal_run(&j, 1, &o, d);
}
CALL(ha_job_reserved) {
    wsp_host_anneal_job j[2] = {anneal_job(), anneal_job()};
    j[0].reserved[5] = 1;
    return wsp_host_anneal_run(j, 2, NULL, d);
}

/* host: ILP and IPET (lp_solve) */
static wsp_status ilp_with(const wsp_host_ilp_options *o, wsp_diag *d) {
    return wsp_host_ilp_solve(P, o, witness, 12, &ilp_out, d);
}
CALL(il_null) { return wsp_host_ilp_solve(NULL, NULL, witness, 12, &ilp_out, d); }
CALL(il_constraints) {
    wsp_host_ilp_options o;
    memset(&o, 0, sizeof o);
    o.constraints = 3; /* WSP_HOST_ILP_STRONG + 1 */
    return ilp_with(&o, d);
}
CALL(il_seconds) {
    wsp_host_ilp_options o;
    memset(&o, 0, sizeof o);
    o.seconds = -1;
    return ilp_with(&o, d);
}
CALL(il_reserved) {
    wsp_host_ilp_options o;
    memset(&o, 0, sizeof o);
    o.reserved[1] = 1;
    return ilp_with(&o, d);
}
CALL(il_witness_length) { return wsp_host_ilp_solve(P, NULL, witness, 5, &ilp_out, d); }
CALL(il_no_result) { return wsp_host_ilp_solve(P, NULL, witness, 12, NULL, d); }
CALL(iw_no_path) { return wsp_host_ilp_write(P, NULL, NULL, d); }
CALL(iw_io) { return wsp_host_ilp_write(P, NULL, "/nonexistent-dir/x.lp", d); }
CALL(ip_null) { return wsp_host_ipet_solve(NULL, NULL, NULL, &ipet_out, d); }
CALL(ip_reserved) {
    wsp_host_ipet_graph g = GRAPH;
    g.reserved[6] = 1;
    return wsp_host_ipet_solve(&g, NULL, NULL, &ipet_out, d);
}
CALL(ip_options_reserved) {
    wsp_host_ipet_options o;
    memset(&o, 0, sizeof o);
    o.reserved[0] = 1;
    return wsp_host_ipet_solve(&GRAPH, &o, NULL, &ipet_out, d);
}
CALL(ip_seconds) {
    wsp_host_ipet_options o;
    memset(&o, 0, sizeof o);
    o.seconds = -0.5;
    return wsp_host_ipet_solve(&GRAPH, &o, NULL, &ipet_out, d);
}
CALL(ip_no_bound) {
    wsp_host_ipet_graph g = GRAPH;
    g.loop_count = 0;
    return wsp_host_ipet_solve(&g, NULL, NULL, &ipet_out, d);
}
CALL(ip_loop_reserved) {
    wsp_host_ipet_loop l[1] = {{1, 3, 10}};
    wsp_host_ipet_graph g = GRAPH;
    g.loops = l;
    return wsp_host_ipet_solve(&g, NULL, NULL, &ipet_out, d);
}
CALL(ip_dangling) {
    wsp_pws_edge e[4] = {{0, 1}, {1, 2}, {2, 9}, {1, 3}};
    wsp_host_ipet_graph g = GRAPH;
    g.edges = e;
    return wsp_host_ipet_solve(&g, NULL, NULL, &ipet_out, d);
}
CALL(ip_no_result) { return wsp_host_ipet_solve(&GRAPH, NULL, NULL, NULL, d); }

/* host: PTX reader (experimental) */
CALL(px_null) { return wsp_host_ptx_read(NULL, 5, NULL, NULL, 0, &ptx_report, d); }
CALL(px_malformed) {
    static const char bad[] = ".version 9.0\n.frobnicate 3;\n";
    return wsp_host_ptx_read(bad, sizeof bad - 1, NULL, NULL, 0, &ptx_report, d);
}
CALL(px_option) {
    wsp_host_ptx_options o;
    memset(&o, 0, sizeof o);
    o.flow = 9;
    return wsp_host_ptx_read(ptx_text, sizeof ptx_text - 1, &o, NULL, 0, &ptx_report, d);
}
CALL(px_capacity) {
    char kernel[2];
    return wsp_host_ptx_read(ptx_text, sizeof ptx_text - 1, NULL, kernel, sizeof kernel, &ptx_report, d);
}
CALL(px_reserved) {
    wsp_host_ptx_options o;
    memset(&o, 0, sizeof o);
    o.reserved[8] = 1;
    return wsp_host_ptx_read(ptx_text, sizeof ptx_text - 1, &o, NULL, 0, &ptx_report, d);
}

/* ---- the error table ---------------------------------------------------------------------------- */
enum { NO_UNIT = -1, ANY = -2 };

typedef struct error_case {
    const char *name;
    wsp_status (*call)(wsp_diag *d);
    wsp_status status;
    uint32_t field;
    uint32_t index, column, line;
    int unit;
    int needs_ilp; /* only where this build has lp_solve */
} error_case;

#define E(call, status, field) {#call, call, status, field, 0, 0, 0, NO_UNIT, 0}
#define E_AT(call, status, field, index) {#call, call, status, field, index, 0, 0, NO_UNIT, 0}
#define E_COL(call, status, field, column) {#call, call, status, field, 0, column, 0, NO_UNIT, 0}
#define E_LINE(call, status, field, line) {#call, call, status, field, 0, 0, line, NO_UNIT, 0}
#define E_UNIT(call, status, field, unit) {#call, call, status, field, 0, 0, 0, unit, 0}
#define E_ILP(call, status, field, index) {#call, call, status, field, index, 0, 0, NO_UNIT, 1}

static const error_case errors[] = {
    E_COL(ps_null_kernel, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_KERNEL, 0),
    E_COL(ps_empty_kernel, WSP_ERR_KERNEL_EMPTY, WSP_FIELD_KERNEL, 0),
    E_COL(ps_bad_character, WSP_ERR_KERNEL_CHARACTER, WSP_FIELD_KERNEL, 3),
    E_COL(ps_bad_count, WSP_ERR_KERNEL_COUNT, WSP_FIELD_KERNEL, 4),
    E_COL(ps_kernel_too_long, WSP_ERR_OVERFLOW, WSP_FIELD_KERNEL, 3),
    E(ps_warps_zero, WSP_ERR_RANGE, WSP_FIELD_WARPS),
    E(ps_warps_large, WSP_ERR_RANGE, WSP_FIELD_WARPS),
    E(ps_cells, WSP_ERR_OVERFLOW, WSP_FIELD_WARPS),
    E_UNIT(ps_sigma, WSP_ERR_SIGMA, WSP_FIELD_UNITS, WSP_UNIT_S),
    E_UNIT(ps_units, WSP_ERR_RANGE, WSP_FIELD_UNITS, WSP_UNIT_C),
    E_UNIT(ps_latency, WSP_ERR_RANGE, WSP_FIELD_LATENCY, WSP_UNIT_D),
    E(ps_warp_size, WSP_ERR_RANGE, WSP_FIELD_WARP_SIZE),
    E(ps_schedulers, WSP_ERR_RANGE, WSP_FIELD_SCHEDULERS),
    E_AT(ps_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 3),
    E(ps_no_size, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(pi_no_workspace, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WORKSPACE),
    E(pi_misaligned, WSP_ERR_WORKSPACE_ALIGN, WSP_FIELD_WORKSPACE),
    E(pi_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(pi_no_output, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E_COL(pi_bad_kernel, WSP_ERR_KERNEL_CHARACTER, WSP_FIELD_KERNEL, 2),
    E(b_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E(b_junk, WSP_ERR_INVALID_HANDLE, WSP_FIELD_PROBLEM),
    E(b_no_output, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(ss_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E(ss_no_size, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(sd_no_string, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PSEUDO_PRECEDENCE),
    E(sd_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_PSEUDO_PRECEDENCE),
    E_AT(sd_warp, WSP_ERR_WITNESS_WARP, WSP_FIELD_PSEUDO_PRECEDENCE, 7),
    E_AT(sd_count, WSP_ERR_WITNESS_COUNT, WSP_FIELD_PSEUDO_PRECEDENCE, 10),
    E(sd_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(sd_junk, WSP_ERR_INVALID_HANDLE, WSP_FIELD_PROBLEM),
    E(sv_no_schedule, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_SCHEDULE),
    E(sv_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_SCHEDULE),
    E_UNIT(sv_cycle0, WSP_ERR_SCHEDULE_CYCLE, WSP_FIELD_SCHEDULE, WSP_UNIT_C),
    E_UNIT(sv_precedence, WSP_ERR_SCHEDULE_PRECEDENCE, WSP_FIELD_SCHEDULE, WSP_UNIT_L),
    E_UNIT(sv_capacity, WSP_ERR_SCHEDULE_CAPACITY, WSP_FIELD_SCHEDULE, WSP_UNIT_L),
    E_UNIT(sv_work, WSP_ERR_SCHEDULE_WORK_CONSERVATION, WSP_FIELD_SCHEDULE, ANY),
    E(sv_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(sp_policy, WSP_ERR_RANGE, WSP_FIELD_POLICY),
    E(sp_no_output, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(sp_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_OUTPUT),
    E(sp_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(sp_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E(es_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E(es_overflow, WSP_ERR_OVERFLOW, WSP_FIELD_WORKSPACE),
    E(es_no_size, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(ex_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E_AT(ex_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 5),
    E_AT(ex_control_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 4),
    E(ex_initial_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_INITIAL),
    E_AT(ex_initial_warp, WSP_ERR_WITNESS_WARP, WSP_FIELD_INITIAL, 3),
    E(ex_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(ex_no_witness, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WITNESS),
    E(ex_witness_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_WITNESS),
    E(ex_no_result, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(as_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM),
    E(as_no_size, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(an_policy, WSP_ERR_RANGE, WSP_FIELD_POLICY),
    E(an_moves, WSP_ERR_RANGE, WSP_FIELD_MOVES),
    E_AT(an_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 2),
    E_AT(an_initial_count, WSP_ERR_WITNESS_COUNT, WSP_FIELD_INITIAL, 9),
    E(an_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(an_no_witness, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WITNESS),
    E(an_witness_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_WITNESS),
    E(an_no_result, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(an_junk, WSP_ERR_INVALID_HANDLE, WSP_FIELD_PROBLEM),
    E(est_warps, WSP_ERR_RANGE, WSP_FIELD_WARPS),
    E(est_no_t, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_ESTIMATE_T),
    E(est_x_zero, WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_X),
    E(est_x_large, WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_X),
    E_AT(est_t_zero, WSP_ERR_RANGE, WSP_FIELD_ESTIMATE_T, 2),
    E(est_no_value, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(pw_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE),
    E_AT(pw_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 4),
    E(pw_nodes, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE),
    E(pw_edges, WSP_ERR_RANGE, WSP_FIELD_CFG_EDGE),
    E(pw_no_size, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E_AT(pa_self_loop, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 4),
    E_AT(pa_dangling, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 6),
    E_AT(pa_duplicate, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 2),
    E_AT(pa_cycle, WSP_ERR_CFG_CYCLE, WSP_FIELD_CFG_NODE, ANY),
    E_AT(pa_structure, WSP_ERR_CFG_STRUCTURE, WSP_FIELD_CFG_NODE, ANY),
    E_AT(pa_kind, WSP_ERR_RANGE, WSP_FIELD_CFG_NODE, 4),
    E_AT(pa_node_reserved, WSP_ERR_RESERVED, WSP_FIELD_CFG_NODE, 2),
    E_AT(pa_overflow, WSP_ERR_OVERFLOW, WSP_FIELD_CFG_NODE, ANY),
    E(pa_no_nodes, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_NODE),
    E(pa_no_edges, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_CFG_EDGE),
    E(pa_small, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE),
    E(pa_no_paths, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(pk_no_params, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PARAMS),
    E(pk_no_paths, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PWS_PATHS),
    E(pk_no_output, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT),
    E(pk_wf_contexts, WSP_ERR_RANGE, WSP_FIELD_PWS_WF_CONTEXTS),
    E(pk_wf_size, WSP_ERR_RANGE, WSP_FIELD_PWS_WF_SIZE),
    E(pk_wg_size, WSP_ERR_RANGE, WSP_FIELD_PWS_WG_SIZE),
    E(pk_workgroups, WSP_ERR_RANGE, WSP_FIELD_PWS_WORKGROUPS),
    E(pk_spsimds, WSP_ERR_RANGE, WSP_FIELD_SPSIMDS),
    E(pk_paths, WSP_ERR_RANGE, WSP_FIELD_PWS_PATHS),
    E(pk_costs, WSP_ERR_OVERFLOW, WSP_FIELD_PWS_COSTS),
    E(pk_dispatches, WSP_ERR_OVERFLOW, WSP_FIELD_PWS_WORKGROUPS),
    E(pk_slots, WSP_ERR_OVERFLOW, WSP_FIELD_PWS_CUS),
    E_AT(pk_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 8),
    E_AT(pk_paths_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 9),
    E(hx_no_jobs, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_JOB),
    E_AT(hx_reserved0, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 1),
    E_AT(hx_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 9),
    E(hx_threads, WSP_ERR_RANGE, WSP_FIELD_THREADS),
    E(hx_seconds, WSP_ERR_RANGE, WSP_FIELD_SECONDS),
    E(hx_interval, WSP_ERR_RANGE, WSP_FIELD_SECONDS),
    E_AT(hx_job_reserved, WSP_ERR_RESERVED, WSP_FIELD_JOB, 3),
    E_AT(hx_job_seconds, WSP_ERR_RANGE, WSP_FIELD_JOB, 2),
    E(ha_no_jobs, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_JOB),
    E(ha_threads, WSP_ERR_RANGE, WSP_FIELD_THREADS),
    E_AT(ha_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 2),
    E_AT(ha_job_reserved, WSP_ERR_RESERVED, WSP_FIELD_JOB, 1),
    E_ILP(il_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PROBLEM, 0),
    E_ILP(il_constraints, WSP_ERR_RANGE, WSP_FIELD_ILP_CONSTRAINTS, 0),
    E_ILP(il_seconds, WSP_ERR_RANGE, WSP_FIELD_SECONDS, 0),
    E_ILP(il_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 3),
    E_ILP(il_witness_length, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_WITNESS, 0),
    E_ILP(il_no_result, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, 0),
    E_ILP(iw_no_path, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PATH, 0),
    E_ILP(iw_io, WSP_ERR_IO, WSP_FIELD_PATH, 0),
    E_ILP(ip_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_IPET_GRAPH, 0),
    E_ILP(ip_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 7),
    E_ILP(ip_options_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 8),
    E_ILP(ip_seconds, WSP_ERR_RANGE, WSP_FIELD_SECONDS, 0),
    E_ILP(ip_no_bound, WSP_ERR_RANGE, WSP_FIELD_IPET_GRAPH, 2),
    E_ILP(ip_loop_reserved, WSP_ERR_RESERVED, WSP_FIELD_IPET_LOOP, 1),
    E_ILP(ip_dangling, WSP_ERR_CFG_EDGE, WSP_FIELD_CFG_EDGE, 3),
    E_ILP(ip_no_result, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, 0),
    E_LINE(px_null, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PTX, 0),
    E_LINE(px_malformed, WSP_ERR_PTX, WSP_FIELD_PTX, 2),
    E_LINE(px_option, WSP_ERR_RANGE, WSP_FIELD_PTX_OPTIONS, 0),
    E_LINE(px_capacity, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_OUTPUT, 0),
    E_AT(px_reserved, WSP_ERR_RESERVED, WSP_FIELD_RESERVED, 9),
};

static void check_reserved_zero(const wsp_diag *d, const char *name) {
    for (size_t k = 0; k < sizeof d->reserved / sizeof d->reserved[0]; ++k)
        if (d->reserved[k] != 0) fail_msg("%s: diag.reserved[%u] = %u", name, (unsigned)k, (unsigned)d->reserved[k]);
}

static void test_errors(void **state) {
    const int ilp = wsp_host_ilp_available() != 0;
    int run = 0;
    (void)state;
    for (size_t k = 0; k < sizeof errors / sizeof errors[0]; ++k) {
        const error_case *c = &errors[k];
        wsp_diag d;
        if (c->needs_ilp && !ilp) continue;
        memset(&d, 0x5A, sizeof d);
        const wsp_status st = c->call(&d);
        ++run;
        if (st != c->status || d.status != c->status || d.field != c->field ||
            (c->index != (uint32_t)ANY && d.index != c->index) || d.column != c->column || d.line != c->line ||
            (c->unit != ANY && d.unit != c->unit))
            fail_msg("%s: status %s (diag %s), field %s, index %u, column %u, line %u, unit %d; expected %s, %s, "
                     "index %u, column %u, line %u, unit %d (%s)",
                     c->name, wsp_status_name(st), wsp_status_name(d.status), wsp_field_name(d.field),
                     (unsigned)d.index, (unsigned)d.column, (unsigned)d.line, (int)d.unit,
                     wsp_status_name(c->status), wsp_field_name(c->field), (unsigned)c->index,
                     (unsigned)c->column, (unsigned)c->line, c->unit, d.message);
        if (c->index == (uint32_t)ANY && d.index == 0) fail_msg("%s: no index", c->name);
        if (memchr(d.message, '\0', sizeof d.message) == NULL || d.message[0] == '\0')
            fail_msg("%s: no message", c->name);
        check_reserved_zero(&d, c->name);
        /* A NULL diag is allowed: the same status. */
        if (c->call(NULL) != c->status) fail_msg("%s: another status without a diag", c->name);
    }
    print_message("  %d error cases\n", run);
}

/* ---- every call on good inputs fills the diag too ------------------------------------------------ */
CALL(ok_problem_size) { return wsp_problem_workspace_size("L5 C9", 3, &SM, &size_out, d); }
CALL(ok_problem_init) { return wsp_problem_init("LCL", 4, NULL, ws, sizeof ws, &problem_out, d); }
CALL(ok_bounds) { return wsp_bounds_compute(P, &bounds_out, d); }
CALL(ok_schedule_size) { return wsp_schedule_workspace_size(P, &size_out, d); }
CALL(ok_decode) { return wsp_schedule_decode(P, string12, 12, ws, sizeof ws, NULL, NULL, &makespan_out, d); }
CALL(ok_validate) { return wsp_schedule_validate(P, schedule12, 12, ws, sizeof ws, &makespan_out, d); }
CALL(ok_dispatch) { return wsp_schedule_dispatch(P, WSP_POLICY_STARVE, 1, ws, sizeof ws, witness, 12, d); }
CALL(ok_exact_size) { return wsp_exact_workspace_size(P, 1000, &size_out, d); }
CALL(ok_exact) { return wsp_exact_solve(P, NULL, ws, sizeof ws, witness, 12, &exact_out, d); }
CALL(ok_exact_stopped) {
    wsp_exact_options o;
    memset(&o, 0, sizeof o);
    o.control.progress = stop_now;
    o.control.interval = 1;
    return wsp_exact_solve(P, &o, ws, sizeof ws, witness, 12, &exact_out, d);
}
CALL(ok_anneal_size) { return wsp_anneal_workspace_size(P, &size_out, d); }
CALL(ok_anneal) { return wsp_anneal_run(P, NULL, ws, sizeof ws, witness, 12, &anneal_out, d); }
CALL(ok_estimate) { return wsp_estimate_compute(4, T4, 4, &value_out, &y_out, d); }
CALL(ok_pws_size) { return wsp_pws_workspace_size(&CFG, &size_out, d); }
CALL(ok_pws) { return wsp_pws_analyse(&CFG, 1, ws, sizeof ws, NULL, NULL, NULL, &paths_out, d); }
CALL(ok_wcet) { return wsp_pws_wcet_compute(&PARAMS, &PATHS, &wcet_out, d); }
CALL(ok_exact_run) {
    wsp_host_exact_job j = exact_job();
    return wsp_host_exact_run(&j, 1, NULL, d);
}
CALL(ok_anneal_run) {
    wsp_host_anneal_job j = anneal_job();
    return wsp_host_anneal_run(&j, 1, NULL, d);
}
CALL(ok_ilp) { return wsp_host_ilp_solve(P, NULL, witness, 12, &ilp_out, d); }
CALL(ok_ipet) { return wsp_host_ipet_solve(&GRAPH, NULL, NULL, &ipet_out, d); }
CALL(ok_ptx) { return wsp_host_ptx_read(ptx_text, sizeof ptx_text - 1, NULL, NULL, 0, &ptx_report, d); }

typedef struct ok_case {
    const char *name;
    wsp_status (*call)(wsp_diag *d);
    int needs_ilp;
} ok_case;

static const ok_case oks[] = {
    {"problem size", ok_problem_size, 0}, {"problem init", ok_problem_init, 0}, {"bounds", ok_bounds, 0},
    {"schedule size", ok_schedule_size, 0}, {"decode", ok_decode, 0},      {"validate", ok_validate, 0},
    {"dispatch", ok_dispatch, 0},           {"exact size", ok_exact_size, 0}, {"exact", ok_exact, 0},
    {"exact stopped", ok_exact_stopped, 0}, {"anneal size", ok_anneal_size, 0}, {"anneal", ok_anneal, 0},
    {"estimate", ok_estimate, 0},           {"pws size", ok_pws_size, 0},   {"pws", ok_pws, 0},
    {"wcet", ok_wcet, 0},                   {"exact jobs", ok_exact_run, 0}, {"anneal jobs", ok_anneal_run, 0},
    {"ilp", ok_ilp, 1},                     {"ipet", ok_ipet, 1},           {"ptx", ok_ptx, 0},
};

static void test_success(void **state) {
    const int ilp = wsp_host_ilp_available() != 0;
    (void)state;
    for (size_t k = 0; k < sizeof oks / sizeof oks[0]; ++k) {
        wsp_diag d;
        if (oks[k].needs_ilp && !ilp) continue;
        memset(&d, 0x5A, sizeof d);
        const wsp_status st = oks[k].call(&d);
        if (st != WSP_OK) fail_msg("%s: %s (%s)", oks[k].name, wsp_status_name(st), d.message);
        if (d.status != WSP_OK || d.field != WSP_FIELD_NONE || d.line != 0 || d.column != 0 || d.index != 0 ||
            d.character != -1 || d.unit != -1 || d.warp != 0 || d.instruction != 0 || d.cycle != 0 ||
            d.message[0] != '\0')
            fail_msg("%s: the diag of a success is not clean (status %d, field %u, message '%.40s')", oks[k].name,
                     (int)d.status, (unsigned)d.field, d.message);
        check_reserved_zero(&d, oks[k].name);
    }
}

/* ---- results are zeroed on error ----------------------------------------------------------------- */
typedef struct zero_case {
    const char *name;
    wsp_status (*call)(wsp_diag *d);
    void *result;
    size_t size;
} zero_case;

static const zero_case zeros[] = {
    {"problem size", ps_bad_character, &size_out, sizeof size_out},
    {"problem pointer", pi_small, &problem_out, sizeof problem_out},
    {"bounds", b_junk, &bounds_out, sizeof bounds_out},
    {"decode makespan", sd_warp, &makespan_out, sizeof makespan_out},
    {"validate makespan", sv_capacity, &makespan_out, sizeof makespan_out},
    {"exact size", es_overflow, &size_out, sizeof size_out},
    {"exact result", ex_initial_warp, &exact_out, sizeof exact_out},
    {"exact result, no witness", ex_no_witness, &exact_out, sizeof exact_out},
    {"anneal result", an_moves, &anneal_out, sizeof anneal_out},
    {"anneal result, bad initial", an_initial_count, &anneal_out, sizeof anneal_out},
    {"estimate value", est_t_zero, &value_out, sizeof value_out},
    {"estimate y", est_x_large, &y_out, sizeof y_out},
    {"pws size", pw_reserved, &size_out, sizeof size_out},
    {"pws paths", pa_cycle, &paths_out, sizeof paths_out},
    {"pws wcet", pk_dispatches, &wcet_out, sizeof wcet_out},
};

static void test_zeroed(void **state) {
    static const unsigned char zero[256];
    (void)state;
    for (size_t k = 0; k < sizeof zeros / sizeof zeros[0]; ++k) {
        wsp_diag d;
        assert_true(zeros[k].size <= sizeof zero);
        memset(zeros[k].result, 0xC3, zeros[k].size);
        if (zeros[k].call(&d) == WSP_OK) fail_msg("%s: no error", zeros[k].name);
        if (memcmp(zeros[k].result, zero, zeros[k].size) != 0) fail_msg("%s: not zeroed", zeros[k].name);
    }
    if (wsp_host_ilp_available()) {
        wsp_diag d;
        memset(&ilp_out, 0xC3, sizeof ilp_out);
        assert_int_equal(il_constraints(&d), WSP_ERR_RANGE);
        assert_memory_equal(&ilp_out, zero, sizeof ilp_out);
        memset(&ipet_out, 0xC3, sizeof ipet_out);
        assert_int_equal(ip_no_bound(&d), WSP_ERR_RANGE);
        assert_memory_equal(&ipet_out, zero, sizeof ipet_out);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_success),
        cmocka_unit_test(test_zeroed),
    };
    return cmocka_run_group_tests_name("diag", tests, setup, NULL);
}
