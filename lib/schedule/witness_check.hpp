// The last step of every method that reports a lower bound: decode its witness string with the
// decoder, check the schedule with the independent validator, and insist both give the claimed
// makespan. A failure is WSP_ERR_INTERNAL (a proven invariant broke), never a silently wrong result.
#ifndef WSP_SCHEDULE_WITNESS_CHECK_HPP
#define WSP_SCHEDULE_WITNESS_CHECK_HPP

#include <stdint.h>

#include "model/problem.hpp"
#include "util/workspace.hpp"

namespace wsp {

// Scratch memory check_witness needs: decoder workspace, the cycle matrix, validator workspace.
WorkspaceLayout witness_check_layout(const wsp_problem &p);

// `scratch` holds witness_check_layout(p), aligned; `witness` holds W*I ids. `who` names the method
// in the message.
wsp_status check_witness(const wsp_problem &p, void *scratch, const uint32_t *witness, uint32_t makespan,
                         const char *who, wsp_diag *diag);

}  // namespace wsp

#endif
