// One ILP solve from problem to schedule: size the model, build it into lp_solve, solve under a
// deadline, and read the incumbent back as a schedule matrix, checking that every column is 0/1
// and the objective integral within 1e-6. The public wrapper (c_api.cpp) validates the schedule and
// makes the witness; tests call this directly, also for the model without work conservation.
#ifndef WSP_HOST_ILP_SOLVE_HPP
#define WSP_HOST_ILP_SOLVE_HPP

#include <stdint.h>

#include <vector>

#include "host/ilp/formulation.hpp"
#include "host/ilp/strong.hpp"
#include "warpspan_host.h"

namespace wsp {
namespace ilp {

struct Request {
    WorkConserving wc = WorkConserving::short_rows;
    bool strong = false;         // the strong formulation (strong.hpp); wc is then short_rows
    uint32_t horizon = 0;        // 0 = the safe bound
    double seconds = 0;          // limit for building and solving; 0 = none
    wsp_progress_fn progress = nullptr;
    void *context = nullptr;
    double progress_interval = 0.5;
    // Strong model only: a witnessed lower bound L (a validated schedule of makespan L; 0 = none).
    // With L < horizon the row cutoff, Y(W,I) >= L + 1, is added (docs/ilp_strong.md, "The cutoff"):
    // lp_solve then only looks above L, and a model it proves infeasible means T(W) = L.
    uint32_t cutoff_lower = 0;
};

struct Answer {
    wsp_host_ilp_result result{};
    bool has_schedule = false;
    std::vector<uint32_t> cycles;  // cycles[w * I + i] of the incumbent when has_schedule
    uint32_t makespan = 0;
    bool cut_off = false;  // lp_solve proved the model with the cutoff row infeasible: T(W) = cutoff_lower
};

// WSP_OK with answer.result filled (stop FINISHED, TIME or CANCELLED); or an error: the model
// too large (WSP_ERR_OVERFLOW), lp_solve failing or returning a point that is not 0/1
// (WSP_ERR_SOLVER), lp_solve calling the model infeasible (WSP_ERR_INTERNAL: a work-conserving
// schedule always fits the horizon).
wsp_status solve(const wsp_problem &p, const Request &request, Answer &answer, wsp_diag *diag);

// Fills *diag (when not NULL) with status, field (a wsp_field_code), the 1-based index (0: none)
// and a printf-formatted message; returns status.
wsp_status failf(wsp_diag *diag, wsp_status status, uint32_t field, uint32_t index, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

// WSP_ERR_OVERFLOW (with diag) when the model of this layout is too large to build.
wsp_status check_size(const Layout &layout, WorkConserving wc, wsp_diag *diag);

// The model's horizon for p: the safe bound, or an error when it exceeds what the ILP takes.
wsp_status horizon_of(const wsp_problem &p, uint32_t *horizon, wsp_diag *diag);

}  // namespace ilp
}  // namespace wsp

#endif
