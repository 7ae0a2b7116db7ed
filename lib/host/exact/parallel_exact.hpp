// The exact search of one job on several threads (host only; the core's solver stays
// single-threaded and allocation-free). Same arguments and result as wsp_exact_solve; `threads` >= 1
// searchers share one table in the workspace's region:
//  - the main thread runs the core's sequence of probes (exact/search.hpp: run_probes), in the core's
//    order of transitions;
//  - each helper probes the same threshold at the same time in a rotated order of transitions, so
//    that it refutes other states first; the bounds it proves go into the shared table, where the
//    main thread finds them, and when a helper refutes the whole probe the main thread stops its own
//    and takes the bound.
// T(W) and the witness (the first path in the core's order at theta = T(W): exact/search.hpp) do not
// depend on the thread count; the statistics (probes, states stored) and, under a time or memory
// budget, how far the bracket got do. The result's `expanded`, like the progress callback's work,
// counts the main thread's expansions only. A job with a work budget runs single-threaded
// (host/jobs/exact_jobs.cpp), so that the budget means what it means in the core.
#ifndef WSP_HOST_EXACT_PARALLEL_EXACT_HPP
#define WSP_HOST_EXACT_PARALLEL_EXACT_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {
namespace host {

wsp_status parallel_exact_solve(const wsp_problem *problem, const wsp_exact_options *options, void *workspace,
                                size_t workspace_size, uint32_t threads, uint32_t *witness, size_t witness_length,
                                wsp_exact_result *result, wsp_diag *diag);

}  // namespace host
}  // namespace wsp

#endif
