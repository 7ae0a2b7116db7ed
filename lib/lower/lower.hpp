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
// The public calls are wsp_lower_workspace_size, wsp_lower_default_work and wsp_lower_run
// (warpspan.h, since 1.1); this header gives the core's other parts and the host their names.
#ifndef WSP_LOWER_LOWER_HPP
#define WSP_LOWER_LOWER_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Which parts run (wsp_lower_options.methods; 0 = all).
constexpr uint32_t kLowerPolicies = WSP_LOWER_POLICIES, kLowerBeam = WSP_LOWER_BEAM,
                   kLowerAnneal = WSP_LOWER_ANNEAL, kLowerAll = WSP_LOWER_ALL;

// Which part found the witness (wsp_lower_result.found_by).
constexpr uint32_t kFoundInitial = WSP_LOWER_FOUND_INITIAL, kFoundPolicy = WSP_LOWER_FOUND_POLICY,
                   kFoundBeam = WSP_LOWER_FOUND_BEAM, kFoundAnneal = WSP_LOWER_FOUND_ANNEAL;

constexpr uint32_t kDefaultMaxBeam = WSP_LOWER_DEFAULT_BEAM;
constexpr uint32_t kMaxBeam = WSP_LOWER_MAX_BEAM;

typedef wsp_lower_options LowerOptions;
typedef wsp_lower_result LowerResult;

// Units the default budget gives a problem (wsp_lower_default_work); p must be valid.
uint64_t lower_default_work(const wsp_problem &p);

}  // namespace wsp

#endif
