// Initial solutions for the annealer (paper 003 section VI, and new dispatch policies).
//
// Round-robin, fixed-priority and random are strings written directly. The others simulate a
// work-conserving dispatcher cycle by cycle and record the order in which it issues: each cycle it
// visits the warps in a policy's order and issues every ready warp whose unit type and the scheduler
// limit have room. Decoding the recorded string reproduces that schedule: every instruction of a
// cycle is recorded before any of the next, so when the decoder places it, the earlier cycles hold
// exactly the simulation's instructions and the earliest cycle with room is the simulation's.
//   most pending (Fig. 8): the visiting order is a list; warps that issued move to its tail.
//   least progress: warps with the fewest issued instructions first (ties: the earlier in the list),
//     which keeps the warps in step so that they compete for the same unit at the same time.
//   starve: warps whose next instruction needs the least loaded unit type first (load W*I_U/sigma_U),
//     so that the scarce unit type idles while the others are busy; within a type, least progress.
#ifndef WSP_ANNEAL_INITIAL_HPP
#define WSP_ANNEAL_INITIAL_HPP

#include <stdint.h>

#include "anneal/rng.hpp"
#include "model/problem.hpp"

namespace wsp {

// Asked between cycles of a simulated dispatch, spaced by the work done (about 2^20 warp visits):
// true stops the simulation. What it had recorded stays, and every warp's remaining instructions
// follow in warp order, so the string is still one of the W*I multiset's (any such string decodes
// to a valid schedule); it is just no longer the policy's.
struct InitialPoll {
    bool (*stop)(void *context);
    void *context;
};

// Writes W*I warp ids (1-based) for `policy` (a wsp_policy_id below WSP_POLICY_COUNT) into out.
// `scratch` holds dispatch_layout(p) (schedule/schedule.hpp). `poll` may be NULL (never stopped:
// the policy's string, whatever it costs: O(W) per simulated cycle).
void make_initial(const wsp_problem &p, uint32_t policy, Rng &rng, void *scratch, uint32_t *out,
                  const InitialPoll *poll = nullptr);

// Rng(seed) out of line: the annealer and wsp_schedule_dispatch share one copy of the seeding, which
// is long on a 32-bit target (64-bit multiplies).
Rng seeded_rng(uint64_t seed);

}  // namespace wsp

#endif
