// The schedule operations inside the core: decoding a pseudo-precedence string, validating a
// schedule matrix, and their workspace layouts. The public calls (wsp_schedule_*) check their
// arguments against the one shared size (schedule_layout) and call these; methods that decode or
// validate inside a larger workspace (exact, anneal, the witness check) call these directly with a
// part of their own layout.
#ifndef WSP_SCHEDULE_SCHEDULE_HPP
#define WSP_SCHEDULE_SCHEDULE_HPP

#include <stdint.h>

#include "model/problem.hpp"
#include "util/workspace.hpp"

namespace wsp {

// What decode() needs: each warp's placed count and last cycle, and the occupancy of cycles
// 0..horizon+1 (the horizon is the proven upper bound, at most W*I).
WorkspaceLayout decoder_layout(const wsp_problem &p);
// What validate() needs: the sort order of the W*I instructions and each warp's position.
WorkspaceLayout validator_layout(const wsp_problem &p);
// What the dispatch policies need (anneal/initial.hpp).
WorkspaceLayout dispatch_layout(const wsp_problem &p);
// The one size of wsp_schedule_workspace_size: covers all three.
WorkspaceLayout schedule_layout(const wsp_problem &p);

// Decodes W*I warp ids from `string` in a workspace of decoder_layout(p). Errors in the string
// (WSP_ERR_WITNESS_WARP, _COUNT) carry `field` and the 1-based position as diag.index. Outputs as
// for wsp_schedule_decode (each may be NULL).
wsp_status decode(const wsp_problem &p, const uint32_t *string, uint32_t field, void *workspace,
                  uint32_t *warp_cycle, uint32_t *cycles, uint32_t *makespan, wsp_diag *diag);

// Validates the W*I schedule matrix `cycles` in a workspace of validator_layout(p).
wsp_status validate(const wsp_problem &p, const uint32_t *cycles, void *workspace, uint32_t *makespan,
                    wsp_diag *diag);

}  // namespace wsp

#endif
