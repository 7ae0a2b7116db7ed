// Search over dispatch policies instead of raw strings.
//
// A policy is a work-conserving dispatcher: each cycle it visits the unfinished warps in the order of
// a priority key and issues every warp whose unit type and the scheduler limit still have room. A
// warp it skips stays blocked for the rest of the cycle (counts only grow), so the issuing set is
// maximal: the schedule is work-conserving. The issue order, recorded cycle by cycle, is a
// pseudo-precedence string that decodes to that schedule (anneal/initial.hpp gives the argument).
//
// The key, smallest first: (tier, type rank of the warp's next instruction, progress, warp index).
//   - Starvation set and release point: warps 0 .. held-1 are visited last (tier 2) before cycle
//     `release`, so they issue only into room the others leave; from `release` on they come first
//     (tier 0) or like the others (tier 1). Warps are identical, so the set is described by its size.
//   - Type ranks: which unit types go first when the scheduler limit binds (a scarce type left idle
//     while the others are busy is what makes schedules long).
//   - Progress: fewest issued instructions first (warps stay in step and contend), most first, or
//     none (a fixed priority by warp index).
// The search evaluates a few base policies, then mutates the best one (hill climbing that also
// accepts equal makespans, to drift along plateaus), from a seed: deterministic.
#ifndef WSP_LOWER_POLICY_HPP
#define WSP_LOWER_POLICY_HPP

#include <stdint.h>

#include "anneal/rng.hpp"
#include "lower/budget.hpp"
#include "model/problem.hpp"

namespace wsp {

struct Policy {
    uint8_t type_rank[WSP_UNIT_COUNT];  // smaller: visited earlier
    uint8_t progress;                   // kLeast, kMost, kNone
    uint8_t released_first;             // 1: held warps come first once released
    uint32_t held;                      // warps 0 .. held-1 are starved ...
    uint32_t release;                   // ... before this cycle (0: no starvation)

    static constexpr uint8_t kLeast = 0, kMost = 1, kNone = 2;
};

class PolicySearch {
public:
    // Bytes of scratch: a candidate string and per-warp state.
    static uint64_t bytes(const wsp_problem &p);

    PolicySearch(const wsp_problem &p, void *storage);

    // Simulates `policy`, writing its string (W*I ids) to `out`; returns the makespan. Each cycle
    // costs one unit of `budget`; 0 when the budget ran out first (out is then incomplete).
    uint32_t simulate(const Policy &policy, Budget &budget, uint32_t *out);

    // Searches policies until the budget is spent or `stop_at` is reached. When it finds a schedule
    // longer than `best`, writes its string to `out` and returns its makespan; otherwise 0.
    uint32_t run(uint64_t seed, uint32_t best, uint32_t stop_at, Budget &budget, uint32_t *out);

private:
    void mutate(Policy &q, Rng &rng, uint32_t makespan) const;
    void base(uint32_t k, Policy &q) const;

    const wsp_problem &p_;
    uint32_t warps_, length_;
    uint32_t *next_, *order_, *candidate_;
    uint64_t *key_;
    uint8_t by_load_[WSP_UNIT_COUNT];  // unit types, least loaded first (load W*I_U/sigma_U)
};

}  // namespace wsp

#endif
