// The lower-bound method ("lower"): a witness search that combines
//   - dispatch-policy search (lower/policy.hpp): priority orders, starvation sets, release points;
//   - beam search over the exact solver's state graph, guided by its proven bounds (lower/beam.hpp);
//   - paper 003's annealer (unchanged rules; checkpointed decoding) restarted from the best witness;
// in rounds of growing effort, so that it is useful whenever it is stopped: round r runs a beam of
// width 8 * 2^r (up to the widest the options allow; the mode and the tie seed change per round),
// then the policy search for an eighth and the annealer for a quarter of the units that beam used.
//
// Soundness: every candidate is a work-conserving schedule written as a pseudo-precedence string
// (each part says why), so its makespan is a lower bound on T(W); the returned witness is decoded
// and checked by the independent validator before the call returns. It is never an upper bound.
//
// Budget: one account of work units (lower/budget.hpp), deterministic: the same problem, options and
// seed give the same witness on every target and for any number of host threads. It stops as soon as
// the witness reaches the proven upper bound (wsp_bounds_compute's, or a lower one the caller proved,
// e.g. the exact search's upper end): then the witness is T(W).
//
// This is the internal form of the public call proposed for the 1.0 API (wsp_lower_*): fixed-width
// fields only, one progress callback.
#ifndef WSP_LOWER_LOWER_HPP
#define WSP_LOWER_LOWER_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Which parts run (LowerOptions::methods; 0 = all).
constexpr uint32_t kLowerPolicies = 1u, kLowerBeam = 2u, kLowerAnneal = 4u, kLowerAll = 7u;

// Which part found the witness (LowerResult::found_by).
constexpr uint32_t kFoundInitial = 0, kFoundPolicy = 1, kFoundBeam = 2, kFoundAnneal = 3;

constexpr uint32_t kDefaultMaxBeam = 1024;
constexpr uint32_t kMaxBeam = 1u << 24;

// Options in the 1.0 style (warpspan.h): zero for the defaults, reserved words zero.
struct LowerOptions {
    wsp_control control;        // budget in work units (0 = lower_default_work(p)); progress: every
                                // control.interval units and on every new best (wsp_progress.work =
                                // units spent, .lower = the best witness, .upper = the bound it stops at)
    uint64_t seed;
    const uint32_t *initial;    // optional starting witness (W*I ids, 1-based), e.g. another method's
    uint64_t initial_length;
    uint32_t upper;             // a proven upper bound from elsewhere (e.g. the exact search's upper
                                // end); 0 = wsp_bounds_compute's only
    uint32_t max_beam;          // widest beam (states per level); 0 = kDefaultMaxBeam
    uint32_t methods;           // kLower* bits; 0 = all
    uint32_t reserved[5];       // must be 0
};

struct LowerResult {
    uint32_t stop;        // wsp_stop_reason: FINISHED = the witness meets the proven upper bound (it is
                          // T(W)); BUDGET = the work budget ran out first; TIME, CANCELLED: the callback
    uint32_t lower;       // makespan of the witness: a lower bound on T(W)
    uint32_t upper;       // the proven bound it stops at
    uint32_t found_by;    // kFound*
    uint64_t work;        // units spent
    uint64_t work_found;  // units spent when the witness was found
    uint32_t rounds;      // rounds started
    uint32_t beam_width;  // widest beam run
    uint32_t reserved[6]; // set to 0
};

// Units the default budget gives a problem: grows with W*I; small problems take milliseconds.
uint64_t lower_default_work(const wsp_problem &p);

// Workspace bytes for lower_run with these options (NULL = defaults).
wsp_status lower_workspace_size(const wsp_problem *p, const LowerOptions *options, size_t *size,
                                wsp_diag *diag);

// Runs the search. `witness` receives W*I warp ids whose decoded makespan is result->lower.
wsp_status lower_run(const wsp_problem *p, const LowerOptions *options, void *workspace,
                     size_t workspace_size, uint32_t *witness, size_t witness_length,
                     LowerResult *result, wsp_diag *diag);

}  // namespace wsp

#endif
