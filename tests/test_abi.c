/* Group abi: the layout of every public struct of the 1.x API (1.0 and the 1.1 additions), pinned by compile-time assertions on
 * its size, alignment and the offset of every field. Two sets: LP64 (x86-64, AArch64: 8-byte
 * pointers) and ILP32 with 8-byte-aligned 64-bit integers (the Arm AAPCS of the Cortex-M build, where
 * `make cross` compiles this file too); other ABIs skip them. The file is built twice on the host, the
 * second time with -fshort-enums: the structs hold no enum, so the layout must not change (and
 * arm-none-eabi uses short enums by default). Changing a number here is an ABI break: only a new major
 * version may. The declarations under WSP_EXPERIMENTAL (the PTX reader) have no such promise and are
 * not pinned. C99 (the assertions use a C11 keyword as a GNU extension, or a negative array size). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warpspan_host.h"

#if defined(__GNUC__)
#define ABI_ASSERT(cond, what) __extension__ _Static_assert(cond, what)
#else
#define ABI_GLUE2(a, b) a##b
#define ABI_GLUE(a, b) ABI_GLUE2(a, b)
#define ABI_ASSERT(cond, what) typedef char ABI_GLUE(abi_assert_, __LINE__)[(cond) ? 1 : -1]
#endif
#if defined(__GNUC__) || defined(__clang__)
#define ABI_ALIGNOF(t) __alignof__(t)
#else
#define ABI_ALIGNOF(t) offsetof(struct { char c; t x; }, x)
#endif

#define ABI_SIZE(type, size, align)                                                                  \
    ABI_ASSERT(sizeof(type) == (size), #type ": size");                                              \
    ABI_ASSERT(ABI_ALIGNOF(type) == (align), #type ": alignment")
#define ABI_AT(type, field, offset) ABI_ASSERT(offsetof(type, field) == (offset), #type "." #field)

/* Enumerator values never change; 1.1 added these. */
ABI_ASSERT(WSP_BOUND_DISTINCT == 3 && WSP_BOUND_PIPELINE == 4, "bound ids of 1.1");
ABI_ASSERT(WSP_BOUND_DRAIN == 5, "bound ids of 1.2");
ABI_ASSERT(WSP_BOUND_EXITS == 6 && WSP_BOUND_ENTRY == 7 && WSP_BOUND_COUNT == 8, "bound ids of 1.3");
ABI_ASSERT(WSP_FIELD_METHODS == 41 && WSP_FIELD_BEAM_WIDTH == 42, "field codes of 1.1");
ABI_ASSERT(WSP_LOWER_POLICIES == 1 && WSP_LOWER_BEAM == 2 && WSP_LOWER_ANNEAL == 4 && WSP_LOWER_ALL == 7,
           "lower methods");
ABI_ASSERT(WSP_LOWER_FOUND_INITIAL == 0 && WSP_LOWER_FOUND_POLICY == 1 && WSP_LOWER_FOUND_BEAM == 2 &&
               WSP_LOWER_FOUND_ANNEAL == 3,
           "lower found_by");
ABI_ASSERT(WSP_BRACKET_FOUND_EXACT == 4 && WSP_BRACKET_UPPER_BOUND == 0 && WSP_BRACKET_UPPER_EXACT == 1,
           "bracket found_by, upper_by");
ABI_ASSERT(WSP_BRACKET_DEFAULT_STATES == 16384 && WSP_BRACKET_STATE_UNITS == 4 &&
               WSP_HOST_BRACKET_DEFAULT_MEMORY == 268435456u,
           "bracket defaults");

/* What the layout may not depend on: enum sizes (short enums here, when asked), and bool. */
#ifdef WSP_TEST_SHORT_ENUMS
ABI_ASSERT(sizeof(enum wsp_stop_reason) < sizeof(int), "-fshort-enums is in effect");
#endif

#if UINTPTR_MAX == UINT64_MAX
#define ABI_PINNED "LP64"
ABI_SIZE(wsp_diag, 256, 4);
ABI_AT(wsp_diag, status, 0);
ABI_AT(wsp_diag, field, 4);
ABI_AT(wsp_diag, line, 8);
ABI_AT(wsp_diag, column, 12);
ABI_AT(wsp_diag, index, 16);
ABI_AT(wsp_diag, character, 20);
ABI_AT(wsp_diag, unit, 24);
ABI_AT(wsp_diag, warp, 28);
ABI_AT(wsp_diag, instruction, 32);
ABI_AT(wsp_diag, cycle, 36);
ABI_AT(wsp_diag, reserved, 40);
ABI_AT(wsp_diag, message, 64);
ABI_SIZE(wsp_progress, 64, 8);
ABI_AT(wsp_progress, work, 0);
ABI_AT(wsp_progress, budget, 8);
ABI_AT(wsp_progress, stored, 16);
ABI_AT(wsp_progress, capacity, 24);
ABI_AT(wsp_progress, lower, 32);
ABI_AT(wsp_progress, upper, 36);
ABI_AT(wsp_progress, current, 40);
ABI_AT(wsp_progress, improved, 44);
ABI_AT(wsp_progress, reserved, 48);
ABI_SIZE(wsp_control, 48, 8);
ABI_AT(wsp_control, budget, 0);
ABI_AT(wsp_control, progress, 8);
ABI_AT(wsp_control, context, 16);
ABI_AT(wsp_control, interval, 24);
ABI_AT(wsp_control, reserved, 32);
ABI_SIZE(wsp_sm_config, 64, 4);
ABI_AT(wsp_sm_config, units, 0);
ABI_AT(wsp_sm_config, latency, 16);
ABI_AT(wsp_sm_config, warp_size, 32);
ABI_AT(wsp_sm_config, schedulers, 36);
ABI_AT(wsp_sm_config, reserved, 40);
ABI_SIZE(wsp_bounds, 168, 8);
ABI_AT(wsp_bounds, upper, 0);
ABI_AT(wsp_bounds, paper, 8);
ABI_AT(wsp_bounds, paper_safe, 16);
ABI_AT(wsp_bounds, upper_id, 20);
ABI_AT(wsp_bounds, bound, 24);
ABI_AT(wsp_bounds, reserved, 152);
ABI_SIZE(wsp_exact_options, 96, 8);
ABI_AT(wsp_exact_options, control, 0);
ABI_AT(wsp_exact_options, initial, 48);
ABI_AT(wsp_exact_options, initial_length, 56);
ABI_AT(wsp_exact_options, reserved, 64);
ABI_SIZE(wsp_exact_result, 72, 8);
ABI_AT(wsp_exact_result, stop, 0);
ABI_AT(wsp_exact_result, lower, 4);
ABI_AT(wsp_exact_result, upper, 8);
ABI_AT(wsp_exact_result, probes, 12);
ABI_AT(wsp_exact_result, expanded, 16);
ABI_AT(wsp_exact_result, stored, 24);
ABI_AT(wsp_exact_result, capacity, 32);
ABI_AT(wsp_exact_result, reserved, 40);
ABI_SIZE(wsp_anneal_options, 128, 8);
ABI_AT(wsp_anneal_options, control, 0);
ABI_AT(wsp_anneal_options, iterations, 48);
ABI_AT(wsp_anneal_options, seed, 56);
ABI_AT(wsp_anneal_options, t0, 64);
ABI_AT(wsp_anneal_options, policy, 68);
ABI_AT(wsp_anneal_options, moves, 72);
ABI_AT(wsp_anneal_options, window, 76);
ABI_AT(wsp_anneal_options, initial, 80);
ABI_AT(wsp_anneal_options, initial_length, 88);
ABI_AT(wsp_anneal_options, reserved, 96);
ABI_SIZE(wsp_anneal_result, 80, 8);
ABI_AT(wsp_anneal_result, stop, 0);
ABI_AT(wsp_anneal_result, lower, 4);
ABI_AT(wsp_anneal_result, initial, 8);
ABI_AT(wsp_anneal_result, upper, 12);
ABI_AT(wsp_anneal_result, iterations, 16);
ABI_AT(wsp_anneal_result, best_iteration, 24);
ABI_AT(wsp_anneal_result, accepted, 32);
ABI_AT(wsp_anneal_result, decoded, 40);
ABI_AT(wsp_anneal_result, reserved, 48);
ABI_SIZE(wsp_pws_node, 16, 8);
ABI_AT(wsp_pws_node, wcet, 0);
ABI_AT(wsp_pws_node, label, 8);
ABI_AT(wsp_pws_node, kind, 12);
ABI_AT(wsp_pws_node, split, 13);
ABI_AT(wsp_pws_node, reserved, 14);
ABI_SIZE(wsp_pws_edge, 8, 4);
ABI_AT(wsp_pws_edge, from, 0);
ABI_AT(wsp_pws_edge, to, 4);
ABI_SIZE(wsp_pws_cfg, 40, 8);
ABI_AT(wsp_pws_cfg, nodes, 0);
ABI_AT(wsp_pws_cfg, node_count, 8);
ABI_AT(wsp_pws_cfg, edge_count, 12);
ABI_AT(wsp_pws_cfg, edges, 16);
ABI_AT(wsp_pws_cfg, reserved, 24);
ABI_SIZE(wsp_pws_paths, 56, 8);
ABI_AT(wsp_pws_paths, spsimds, 0);
ABI_AT(wsp_pws_paths, branches, 4);
ABI_AT(wsp_pws_paths, marked, 8);
ABI_AT(wsp_pws_paths, selected, 12);
ABI_AT(wsp_pws_paths, contexts, 16);
ABI_AT(wsp_pws_paths, removed, 20);
ABI_AT(wsp_pws_paths, pruned, 24);
ABI_AT(wsp_pws_paths, full, 32);
ABI_AT(wsp_pws_paths, reserved, 40);
ABI_SIZE(wsp_pws_params, 88, 8);
ABI_AT(wsp_pws_params, cus, 0);
ABI_AT(wsp_pws_params, simds, 4);
ABI_AT(wsp_pws_params, wf_contexts, 8);
ABI_AT(wsp_pws_params, wf_size, 12);
ABI_AT(wsp_pws_params, spsimds, 16);
ABI_AT(wsp_pws_params, wg_size, 20);
ABI_AT(wsp_pws_params, workgroups, 24);
ABI_AT(wsp_pws_params, init_delay, 32);
ABI_AT(wsp_pws_params, split_cost, 40);
ABI_AT(wsp_pws_params, merge_cost, 48);
ABI_AT(wsp_pws_params, reserved, 56);
ABI_SIZE(wsp_pws_wcet, 120, 8);
ABI_AT(wsp_pws_wcet, wf_pws, 0);
ABI_AT(wsp_pws_wcet, wf_dws, 8);
ABI_AT(wsp_pws_wcet, wf_none, 16);
ABI_AT(wsp_pws_wcet, simds_total, 24);
ABI_AT(wsp_pws_wcet, parallel_pws, 32);
ABI_AT(wsp_pws_wcet, parallel, 40);
ABI_AT(wsp_pws_wcet, dispatches_pws, 48);
ABI_AT(wsp_pws_wcet, dispatches, 56);
ABI_AT(wsp_pws_wcet, kernel_pws, 64);
ABI_AT(wsp_pws_wcet, kernel_dws, 72);
ABI_AT(wsp_pws_wcet, kernel_none, 80);
ABI_AT(wsp_pws_wcet, reserved, 88);
ABI_SIZE(wsp_host_monitor_status, 56, 8);
ABI_AT(wsp_host_monitor_status, lower, 0);
ABI_AT(wsp_host_monitor_status, reserved0, 4);
ABI_AT(wsp_host_monitor_status, work, 8);
ABI_AT(wsp_host_monitor_status, finished, 16);
ABI_AT(wsp_host_monitor_status, count, 24);
ABI_AT(wsp_host_monitor_status, elapsed, 32);
ABI_AT(wsp_host_monitor_status, reserved, 40);
ABI_SIZE(wsp_host_run_options, 72, 8);
ABI_AT(wsp_host_run_options, threads, 0);
ABI_AT(wsp_host_run_options, reserved0, 4);
ABI_AT(wsp_host_run_options, seconds, 8);
ABI_AT(wsp_host_run_options, monitor, 16);
ABI_AT(wsp_host_run_options, context, 24);
ABI_AT(wsp_host_run_options, monitor_interval, 32);
ABI_AT(wsp_host_run_options, reserved, 40);
ABI_SIZE(wsp_host_exact_job, 512, 8);
ABI_AT(wsp_host_exact_job, problem, 0);
ABI_AT(wsp_host_exact_job, options, 8);
ABI_AT(wsp_host_exact_job, memory, 104);
ABI_AT(wsp_host_exact_job, seconds, 112);
ABI_AT(wsp_host_exact_job, witness, 120);
ABI_AT(wsp_host_exact_job, witness_length, 128);
ABI_AT(wsp_host_exact_job, reserved, 136);
ABI_AT(wsp_host_exact_job, status, 168);
ABI_AT(wsp_host_exact_job, reserved1, 172);
ABI_AT(wsp_host_exact_job, result, 176);
ABI_AT(wsp_host_exact_job, diag, 248);
ABI_AT(wsp_host_exact_job, elapsed, 504);
ABI_SIZE(wsp_host_anneal_job, 552, 8);
ABI_AT(wsp_host_anneal_job, problem, 0);
ABI_AT(wsp_host_anneal_job, options, 8);
ABI_AT(wsp_host_anneal_job, witness, 136);
ABI_AT(wsp_host_anneal_job, witness_length, 144);
ABI_AT(wsp_host_anneal_job, on_best, 152);
ABI_AT(wsp_host_anneal_job, on_best_context, 160);
ABI_AT(wsp_host_anneal_job, reserved, 168);
ABI_AT(wsp_host_anneal_job, status, 200);
ABI_AT(wsp_host_anneal_job, reserved1, 204);
ABI_AT(wsp_host_anneal_job, result, 208);
ABI_AT(wsp_host_anneal_job, diag, 288);
ABI_AT(wsp_host_anneal_job, elapsed, 544);
ABI_SIZE(wsp_host_ilp_options, 72, 8);
ABI_AT(wsp_host_ilp_options, constraints, 0);
ABI_AT(wsp_host_ilp_options, reserved0, 4);
ABI_AT(wsp_host_ilp_options, seconds, 8);
ABI_AT(wsp_host_ilp_options, progress, 16);
ABI_AT(wsp_host_ilp_options, context, 24);
ABI_AT(wsp_host_ilp_options, progress_interval, 32);
ABI_AT(wsp_host_ilp_options, reserved, 40);
ABI_SIZE(wsp_host_ilp_result, 96, 8);
ABI_AT(wsp_host_ilp_result, stop, 0);
ABI_AT(wsp_host_ilp_result, lower, 4);
ABI_AT(wsp_host_ilp_result, upper, 8);
ABI_AT(wsp_host_ilp_result, horizon, 12);
ABI_AT(wsp_host_ilp_result, columns, 16);
ABI_AT(wsp_host_ilp_result, rows, 24);
ABI_AT(wsp_host_ilp_result, nonzeros, 32);
ABI_AT(wsp_host_ilp_result, nodes, 40);
ABI_AT(wsp_host_ilp_result, build_seconds, 48);
ABI_AT(wsp_host_ilp_result, seconds, 56);
ABI_AT(wsp_host_ilp_result, reserved, 64);
ABI_SIZE(wsp_host_ipet_loop, 16, 8);
ABI_AT(wsp_host_ipet_loop, header, 0);
ABI_AT(wsp_host_ipet_loop, reserved0, 4);
ABI_AT(wsp_host_ipet_loop, bound, 8);
ABI_SIZE(wsp_host_ipet_graph, 80, 8);
ABI_AT(wsp_host_ipet_graph, wcet, 0);
ABI_AT(wsp_host_ipet_graph, edges, 8);
ABI_AT(wsp_host_ipet_graph, loops, 16);
ABI_AT(wsp_host_ipet_graph, labels, 24);
ABI_AT(wsp_host_ipet_graph, node_count, 32);
ABI_AT(wsp_host_ipet_graph, edge_count, 36);
ABI_AT(wsp_host_ipet_graph, loop_count, 40);
ABI_AT(wsp_host_ipet_graph, entry, 44);
ABI_AT(wsp_host_ipet_graph, exit, 48);
ABI_AT(wsp_host_ipet_graph, reserved, 52);
ABI_SIZE(wsp_host_ipet_options, 40, 8);
ABI_AT(wsp_host_ipet_options, seconds, 0);
ABI_AT(wsp_host_ipet_options, reserved, 8);
ABI_SIZE(wsp_host_ipet_result, 72, 8);
ABI_AT(wsp_host_ipet_result, stop, 0);
ABI_AT(wsp_host_ipet_result, back_edges, 4);
ABI_AT(wsp_host_ipet_result, wcet, 8);
ABI_AT(wsp_host_ipet_result, columns, 16);
ABI_AT(wsp_host_ipet_result, rows, 24);
ABI_AT(wsp_host_ipet_result, seconds, 32);
ABI_AT(wsp_host_ipet_result, reserved, 40);
ABI_SIZE(wsp_lower_options, 112, 8);
ABI_AT(wsp_lower_options, control, 0);
ABI_AT(wsp_lower_options, seed, 48);
ABI_AT(wsp_lower_options, initial_length, 56);
ABI_AT(wsp_lower_options, initial, 64);
ABI_AT(wsp_lower_options, upper, 72);
ABI_AT(wsp_lower_options, max_beam, 76);
ABI_AT(wsp_lower_options, methods, 80);
ABI_AT(wsp_lower_options, reserved, 84);
ABI_SIZE(wsp_lower_result, 64, 8);
ABI_AT(wsp_lower_result, stop, 0);
ABI_AT(wsp_lower_result, lower, 4);
ABI_AT(wsp_lower_result, upper, 8);
ABI_AT(wsp_lower_result, found_by, 12);
ABI_AT(wsp_lower_result, work, 16);
ABI_AT(wsp_lower_result, work_found, 24);
ABI_AT(wsp_lower_result, rounds, 32);
ABI_AT(wsp_lower_result, beam_width, 36);
ABI_AT(wsp_lower_result, reserved, 40);
ABI_SIZE(wsp_host_lower_options, 176, 8);
ABI_AT(wsp_host_lower_options, lower, 0);
ABI_AT(wsp_host_lower_options, jobs, 112);
ABI_AT(wsp_host_lower_options, reserved0, 116);
ABI_AT(wsp_host_lower_options, memory, 120);
ABI_AT(wsp_host_lower_options, on_best, 128);
ABI_AT(wsp_host_lower_options, on_best_context, 136);
ABI_AT(wsp_host_lower_options, reserved, 144);
ABI_SIZE(wsp_host_lower_result, 104, 8);
ABI_AT(wsp_host_lower_result, best, 0);
ABI_AT(wsp_host_lower_result, job, 64);
ABI_AT(wsp_host_lower_result, jobs, 68);
ABI_AT(wsp_host_lower_result, work, 72);
ABI_AT(wsp_host_lower_result, seconds, 80);
ABI_AT(wsp_host_lower_result, reserved, 88);
ABI_SIZE(wsp_bracket_options, 88, 8);
ABI_AT(wsp_bracket_options, control, 0);
ABI_AT(wsp_bracket_options, seed, 48);
ABI_AT(wsp_bracket_options, states, 56);
ABI_AT(wsp_bracket_options, max_beam, 64);
ABI_AT(wsp_bracket_options, reserved, 68);
ABI_SIZE(wsp_bracket_result, 72, 8);
ABI_AT(wsp_bracket_result, stop, 0);
ABI_AT(wsp_bracket_result, lower, 4);
ABI_AT(wsp_bracket_result, upper, 8);
ABI_AT(wsp_bracket_result, found_by, 12);
ABI_AT(wsp_bracket_result, upper_by, 16);
ABI_AT(wsp_bracket_result, bound, 20);
ABI_AT(wsp_bracket_result, probes, 24);
ABI_AT(wsp_bracket_result, exact_stop, 28);
ABI_AT(wsp_bracket_result, work, 32);
ABI_AT(wsp_bracket_result, work_lower, 40);
ABI_AT(wsp_bracket_result, expanded, 48);
ABI_AT(wsp_bracket_result, reserved, 56);
ABI_SIZE(wsp_host_bracket_options, 136, 8);
ABI_AT(wsp_host_bracket_options, bracket, 0);
ABI_AT(wsp_host_bracket_options, jobs, 88);
ABI_AT(wsp_host_bracket_options, reserved0, 92);
ABI_AT(wsp_host_bracket_options, memory, 96);
ABI_AT(wsp_host_bracket_options, reserved, 104);
ABI_SIZE(wsp_host_bracket_result, 120, 8);
ABI_AT(wsp_host_bracket_result, bracket, 0);
ABI_AT(wsp_host_bracket_result, jobs, 72);
ABI_AT(wsp_host_bracket_result, reserved0, 76);
ABI_AT(wsp_host_bracket_result, seconds, 80);
ABI_AT(wsp_host_bracket_result, seconds_lower, 88);
ABI_AT(wsp_host_bracket_result, seconds_exact, 96);
ABI_AT(wsp_host_bracket_result, reserved, 104);
#elif UINTPTR_MAX == UINT32_MAX && defined(__ARM_EABI__)
#define ABI_PINNED "ILP32 (Arm AAPCS)"
ABI_SIZE(wsp_diag, 256, 4);
ABI_AT(wsp_diag, status, 0);
ABI_AT(wsp_diag, field, 4);
ABI_AT(wsp_diag, line, 8);
ABI_AT(wsp_diag, column, 12);
ABI_AT(wsp_diag, index, 16);
ABI_AT(wsp_diag, character, 20);
ABI_AT(wsp_diag, unit, 24);
ABI_AT(wsp_diag, warp, 28);
ABI_AT(wsp_diag, instruction, 32);
ABI_AT(wsp_diag, cycle, 36);
ABI_AT(wsp_diag, reserved, 40);
ABI_AT(wsp_diag, message, 64);
ABI_SIZE(wsp_progress, 64, 8);
ABI_AT(wsp_progress, work, 0);
ABI_AT(wsp_progress, budget, 8);
ABI_AT(wsp_progress, stored, 16);
ABI_AT(wsp_progress, capacity, 24);
ABI_AT(wsp_progress, lower, 32);
ABI_AT(wsp_progress, upper, 36);
ABI_AT(wsp_progress, current, 40);
ABI_AT(wsp_progress, improved, 44);
ABI_AT(wsp_progress, reserved, 48);
ABI_SIZE(wsp_control, 40, 8);
ABI_AT(wsp_control, budget, 0);
ABI_AT(wsp_control, progress, 8);
ABI_AT(wsp_control, context, 12);
ABI_AT(wsp_control, interval, 16);
ABI_AT(wsp_control, reserved, 24);
ABI_SIZE(wsp_sm_config, 64, 4);
ABI_AT(wsp_sm_config, units, 0);
ABI_AT(wsp_sm_config, latency, 16);
ABI_AT(wsp_sm_config, warp_size, 32);
ABI_AT(wsp_sm_config, schedulers, 36);
ABI_AT(wsp_sm_config, reserved, 40);
ABI_SIZE(wsp_bounds, 168, 8);
ABI_AT(wsp_bounds, upper, 0);
ABI_AT(wsp_bounds, paper, 8);
ABI_AT(wsp_bounds, paper_safe, 16);
ABI_AT(wsp_bounds, upper_id, 20);
ABI_AT(wsp_bounds, bound, 24);
ABI_AT(wsp_bounds, reserved, 152);
ABI_SIZE(wsp_exact_options, 88, 8);
ABI_AT(wsp_exact_options, control, 0);
ABI_AT(wsp_exact_options, initial, 40);
ABI_AT(wsp_exact_options, initial_length, 48);
ABI_AT(wsp_exact_options, reserved, 56);
ABI_SIZE(wsp_exact_result, 72, 8);
ABI_AT(wsp_exact_result, stop, 0);
ABI_AT(wsp_exact_result, lower, 4);
ABI_AT(wsp_exact_result, upper, 8);
ABI_AT(wsp_exact_result, probes, 12);
ABI_AT(wsp_exact_result, expanded, 16);
ABI_AT(wsp_exact_result, stored, 24);
ABI_AT(wsp_exact_result, capacity, 32);
ABI_AT(wsp_exact_result, reserved, 40);
ABI_SIZE(wsp_anneal_options, 120, 8);
ABI_AT(wsp_anneal_options, control, 0);
ABI_AT(wsp_anneal_options, iterations, 40);
ABI_AT(wsp_anneal_options, seed, 48);
ABI_AT(wsp_anneal_options, t0, 56);
ABI_AT(wsp_anneal_options, policy, 60);
ABI_AT(wsp_anneal_options, moves, 64);
ABI_AT(wsp_anneal_options, window, 68);
ABI_AT(wsp_anneal_options, initial, 72);
ABI_AT(wsp_anneal_options, initial_length, 80);
ABI_AT(wsp_anneal_options, reserved, 88);
ABI_SIZE(wsp_anneal_result, 80, 8);
ABI_AT(wsp_anneal_result, stop, 0);
ABI_AT(wsp_anneal_result, lower, 4);
ABI_AT(wsp_anneal_result, initial, 8);
ABI_AT(wsp_anneal_result, upper, 12);
ABI_AT(wsp_anneal_result, iterations, 16);
ABI_AT(wsp_anneal_result, best_iteration, 24);
ABI_AT(wsp_anneal_result, accepted, 32);
ABI_AT(wsp_anneal_result, decoded, 40);
ABI_AT(wsp_anneal_result, reserved, 48);
ABI_SIZE(wsp_pws_node, 16, 8);
ABI_AT(wsp_pws_node, wcet, 0);
ABI_AT(wsp_pws_node, label, 8);
ABI_AT(wsp_pws_node, kind, 12);
ABI_AT(wsp_pws_node, split, 13);
ABI_AT(wsp_pws_node, reserved, 14);
ABI_SIZE(wsp_pws_edge, 8, 4);
ABI_AT(wsp_pws_edge, from, 0);
ABI_AT(wsp_pws_edge, to, 4);
ABI_SIZE(wsp_pws_cfg, 32, 4);
ABI_AT(wsp_pws_cfg, nodes, 0);
ABI_AT(wsp_pws_cfg, node_count, 4);
ABI_AT(wsp_pws_cfg, edge_count, 8);
ABI_AT(wsp_pws_cfg, edges, 12);
ABI_AT(wsp_pws_cfg, reserved, 16);
ABI_SIZE(wsp_pws_paths, 56, 8);
ABI_AT(wsp_pws_paths, spsimds, 0);
ABI_AT(wsp_pws_paths, branches, 4);
ABI_AT(wsp_pws_paths, marked, 8);
ABI_AT(wsp_pws_paths, selected, 12);
ABI_AT(wsp_pws_paths, contexts, 16);
ABI_AT(wsp_pws_paths, removed, 20);
ABI_AT(wsp_pws_paths, pruned, 24);
ABI_AT(wsp_pws_paths, full, 32);
ABI_AT(wsp_pws_paths, reserved, 40);
ABI_SIZE(wsp_pws_params, 88, 8);
ABI_AT(wsp_pws_params, cus, 0);
ABI_AT(wsp_pws_params, simds, 4);
ABI_AT(wsp_pws_params, wf_contexts, 8);
ABI_AT(wsp_pws_params, wf_size, 12);
ABI_AT(wsp_pws_params, spsimds, 16);
ABI_AT(wsp_pws_params, wg_size, 20);
ABI_AT(wsp_pws_params, workgroups, 24);
ABI_AT(wsp_pws_params, init_delay, 32);
ABI_AT(wsp_pws_params, split_cost, 40);
ABI_AT(wsp_pws_params, merge_cost, 48);
ABI_AT(wsp_pws_params, reserved, 56);
ABI_SIZE(wsp_pws_wcet, 120, 8);
ABI_AT(wsp_pws_wcet, wf_pws, 0);
ABI_AT(wsp_pws_wcet, wf_dws, 8);
ABI_AT(wsp_pws_wcet, wf_none, 16);
ABI_AT(wsp_pws_wcet, simds_total, 24);
ABI_AT(wsp_pws_wcet, parallel_pws, 32);
ABI_AT(wsp_pws_wcet, parallel, 40);
ABI_AT(wsp_pws_wcet, dispatches_pws, 48);
ABI_AT(wsp_pws_wcet, dispatches, 56);
ABI_AT(wsp_pws_wcet, kernel_pws, 64);
ABI_AT(wsp_pws_wcet, kernel_dws, 72);
ABI_AT(wsp_pws_wcet, kernel_none, 80);
ABI_AT(wsp_pws_wcet, reserved, 88);
ABI_SIZE(wsp_host_monitor_status, 56, 8);
ABI_AT(wsp_host_monitor_status, lower, 0);
ABI_AT(wsp_host_monitor_status, reserved0, 4);
ABI_AT(wsp_host_monitor_status, work, 8);
ABI_AT(wsp_host_monitor_status, finished, 16);
ABI_AT(wsp_host_monitor_status, count, 24);
ABI_AT(wsp_host_monitor_status, elapsed, 32);
ABI_AT(wsp_host_monitor_status, reserved, 40);
ABI_SIZE(wsp_host_run_options, 64, 8);
ABI_AT(wsp_host_run_options, threads, 0);
ABI_AT(wsp_host_run_options, reserved0, 4);
ABI_AT(wsp_host_run_options, seconds, 8);
ABI_AT(wsp_host_run_options, monitor, 16);
ABI_AT(wsp_host_run_options, context, 20);
ABI_AT(wsp_host_run_options, monitor_interval, 24);
ABI_AT(wsp_host_run_options, reserved, 32);
ABI_SIZE(wsp_host_exact_job, 504, 8);
ABI_AT(wsp_host_exact_job, problem, 0);
ABI_AT(wsp_host_exact_job, options, 8);
ABI_AT(wsp_host_exact_job, memory, 96);
ABI_AT(wsp_host_exact_job, seconds, 104);
ABI_AT(wsp_host_exact_job, witness, 112);
ABI_AT(wsp_host_exact_job, witness_length, 120);
ABI_AT(wsp_host_exact_job, reserved, 128);
ABI_AT(wsp_host_exact_job, status, 160);
ABI_AT(wsp_host_exact_job, reserved1, 164);
ABI_AT(wsp_host_exact_job, result, 168);
ABI_AT(wsp_host_exact_job, diag, 240);
ABI_AT(wsp_host_exact_job, elapsed, 496);
ABI_SIZE(wsp_host_anneal_job, 536, 8);
ABI_AT(wsp_host_anneal_job, problem, 0);
ABI_AT(wsp_host_anneal_job, options, 8);
ABI_AT(wsp_host_anneal_job, witness, 128);
ABI_AT(wsp_host_anneal_job, witness_length, 136);
ABI_AT(wsp_host_anneal_job, on_best, 144);
ABI_AT(wsp_host_anneal_job, on_best_context, 148);
ABI_AT(wsp_host_anneal_job, reserved, 152);
ABI_AT(wsp_host_anneal_job, status, 184);
ABI_AT(wsp_host_anneal_job, reserved1, 188);
ABI_AT(wsp_host_anneal_job, result, 192);
ABI_AT(wsp_host_anneal_job, diag, 272);
ABI_AT(wsp_host_anneal_job, elapsed, 528);
ABI_SIZE(wsp_host_ilp_options, 64, 8);
ABI_AT(wsp_host_ilp_options, constraints, 0);
ABI_AT(wsp_host_ilp_options, reserved0, 4);
ABI_AT(wsp_host_ilp_options, seconds, 8);
ABI_AT(wsp_host_ilp_options, progress, 16);
ABI_AT(wsp_host_ilp_options, context, 20);
ABI_AT(wsp_host_ilp_options, progress_interval, 24);
ABI_AT(wsp_host_ilp_options, reserved, 32);
ABI_SIZE(wsp_host_ilp_result, 96, 8);
ABI_AT(wsp_host_ilp_result, stop, 0);
ABI_AT(wsp_host_ilp_result, lower, 4);
ABI_AT(wsp_host_ilp_result, upper, 8);
ABI_AT(wsp_host_ilp_result, horizon, 12);
ABI_AT(wsp_host_ilp_result, columns, 16);
ABI_AT(wsp_host_ilp_result, rows, 24);
ABI_AT(wsp_host_ilp_result, nonzeros, 32);
ABI_AT(wsp_host_ilp_result, nodes, 40);
ABI_AT(wsp_host_ilp_result, build_seconds, 48);
ABI_AT(wsp_host_ilp_result, seconds, 56);
ABI_AT(wsp_host_ilp_result, reserved, 64);
ABI_SIZE(wsp_host_ipet_loop, 16, 8);
ABI_AT(wsp_host_ipet_loop, header, 0);
ABI_AT(wsp_host_ipet_loop, reserved0, 4);
ABI_AT(wsp_host_ipet_loop, bound, 8);
ABI_SIZE(wsp_host_ipet_graph, 64, 4);
ABI_AT(wsp_host_ipet_graph, wcet, 0);
ABI_AT(wsp_host_ipet_graph, edges, 4);
ABI_AT(wsp_host_ipet_graph, loops, 8);
ABI_AT(wsp_host_ipet_graph, labels, 12);
ABI_AT(wsp_host_ipet_graph, node_count, 16);
ABI_AT(wsp_host_ipet_graph, edge_count, 20);
ABI_AT(wsp_host_ipet_graph, loop_count, 24);
ABI_AT(wsp_host_ipet_graph, entry, 28);
ABI_AT(wsp_host_ipet_graph, exit, 32);
ABI_AT(wsp_host_ipet_graph, reserved, 36);
ABI_SIZE(wsp_host_ipet_options, 40, 8);
ABI_AT(wsp_host_ipet_options, seconds, 0);
ABI_AT(wsp_host_ipet_options, reserved, 8);
ABI_SIZE(wsp_host_ipet_result, 72, 8);
ABI_AT(wsp_host_ipet_result, stop, 0);
ABI_AT(wsp_host_ipet_result, back_edges, 4);
ABI_AT(wsp_host_ipet_result, wcet, 8);
ABI_AT(wsp_host_ipet_result, columns, 16);
ABI_AT(wsp_host_ipet_result, rows, 24);
ABI_AT(wsp_host_ipet_result, seconds, 32);
ABI_AT(wsp_host_ipet_result, reserved, 40);
ABI_SIZE(wsp_lower_options, 104, 8);
ABI_AT(wsp_lower_options, control, 0);
ABI_AT(wsp_lower_options, seed, 40);
ABI_AT(wsp_lower_options, initial_length, 48);
ABI_AT(wsp_lower_options, initial, 56);
ABI_AT(wsp_lower_options, upper, 60);
ABI_AT(wsp_lower_options, max_beam, 64);
ABI_AT(wsp_lower_options, methods, 68);
ABI_AT(wsp_lower_options, reserved, 72);
ABI_SIZE(wsp_lower_result, 64, 8);
ABI_AT(wsp_lower_result, stop, 0);
ABI_AT(wsp_lower_result, lower, 4);
ABI_AT(wsp_lower_result, upper, 8);
ABI_AT(wsp_lower_result, found_by, 12);
ABI_AT(wsp_lower_result, work, 16);
ABI_AT(wsp_lower_result, work_found, 24);
ABI_AT(wsp_lower_result, rounds, 32);
ABI_AT(wsp_lower_result, beam_width, 36);
ABI_AT(wsp_lower_result, reserved, 40);
ABI_SIZE(wsp_host_lower_options, 160, 8);
ABI_AT(wsp_host_lower_options, lower, 0);
ABI_AT(wsp_host_lower_options, jobs, 104);
ABI_AT(wsp_host_lower_options, reserved0, 108);
ABI_AT(wsp_host_lower_options, memory, 112);
ABI_AT(wsp_host_lower_options, on_best, 120);
ABI_AT(wsp_host_lower_options, on_best_context, 124);
ABI_AT(wsp_host_lower_options, reserved, 128);
ABI_SIZE(wsp_host_lower_result, 104, 8);
ABI_AT(wsp_host_lower_result, best, 0);
ABI_AT(wsp_host_lower_result, job, 64);
ABI_AT(wsp_host_lower_result, jobs, 68);
ABI_AT(wsp_host_lower_result, work, 72);
ABI_AT(wsp_host_lower_result, seconds, 80);
ABI_AT(wsp_host_lower_result, reserved, 88);
ABI_SIZE(wsp_bracket_options, 80, 8);
ABI_AT(wsp_bracket_options, control, 0);
ABI_AT(wsp_bracket_options, seed, 40);
ABI_AT(wsp_bracket_options, states, 48);
ABI_AT(wsp_bracket_options, max_beam, 56);
ABI_AT(wsp_bracket_options, reserved, 60);
ABI_SIZE(wsp_bracket_result, 72, 8);
ABI_AT(wsp_bracket_result, stop, 0);
ABI_AT(wsp_bracket_result, lower, 4);
ABI_AT(wsp_bracket_result, upper, 8);
ABI_AT(wsp_bracket_result, found_by, 12);
ABI_AT(wsp_bracket_result, upper_by, 16);
ABI_AT(wsp_bracket_result, bound, 20);
ABI_AT(wsp_bracket_result, probes, 24);
ABI_AT(wsp_bracket_result, exact_stop, 28);
ABI_AT(wsp_bracket_result, work, 32);
ABI_AT(wsp_bracket_result, work_lower, 40);
ABI_AT(wsp_bracket_result, expanded, 48);
ABI_AT(wsp_bracket_result, reserved, 56);
ABI_SIZE(wsp_host_bracket_options, 128, 8);
ABI_AT(wsp_host_bracket_options, bracket, 0);
ABI_AT(wsp_host_bracket_options, jobs, 80);
ABI_AT(wsp_host_bracket_options, reserved0, 84);
ABI_AT(wsp_host_bracket_options, memory, 88);
ABI_AT(wsp_host_bracket_options, reserved, 96);
ABI_SIZE(wsp_host_bracket_result, 120, 8);
ABI_AT(wsp_host_bracket_result, bracket, 0);
ABI_AT(wsp_host_bracket_result, jobs, 72);
ABI_AT(wsp_host_bracket_result, reserved0, 76);
ABI_AT(wsp_host_bracket_result, seconds, 80);
ABI_AT(wsp_host_bracket_result, seconds_lower, 88);
ABI_AT(wsp_host_bracket_result, seconds_exact, 96);
ABI_AT(wsp_host_bracket_result, reserved, 104);
#endif

#ifndef WSP_ABI_NO_MAIN
int main(void) {
#ifdef ABI_PINNED
    printf("abi: the layout of every public struct is the pinned " ABI_PINNED " one%s\n",
#ifdef WSP_TEST_SHORT_ENUMS
           " (built with -fshort-enums)"
#else
           ""
#endif
    );
#else
    printf("abi: no pinned layout for this ABI (only LP64 and Arm ILP32 are pinned)\n");
#endif
    return 0;
}
#endif
