// The slot bound (host only, prototype): the drain path of docs/bounds.md 6b cuts the schedule into
// windows J_i and advance cycles a_i; a linear program over how many passages of each position fall
// in each of these 2I slots, with each warp's passages in time order, bounds the windows' cycles.
// Proof: docs/bounds.md, section 6c. Identical warps (one kernel) only; not per state.
//
// The LP is solved in floating point, and the bound is then taken from a dual point evaluated in exact
// integer arithmetic (weak duality), so rounding in the solver can only loosen it, never make it unsafe.
#ifndef WSP_HOST_BOUNDS_SLOT_BOUND_HPP
#define WSP_HOST_BOUNDS_SLOT_BOUND_HPP

#include <stdint.h>

#include <vector>

#include "model/problem.hpp"

namespace wsp {

// One linear program with integer data: maximise obj . x subject to the rows, 0 <= x <= upper (the
// upper bounds hold for the point of every schedule, which is all the certificate needs).
struct IntLp {
    struct Row {
        std::vector<std::pair<uint32_t, int64_t>> terms;  // (column, coefficient)
        int sense;                                        // -1: <=, 0: =, +1: >=
        int64_t rhs;
    };
    std::vector<int64_t> upper;
    std::vector<int64_t> obj;
    std::vector<Row> rows;
    uint32_t column(int64_t ub) {
        upper.push_back(ub);
        obj.push_back(0);
        return static_cast<uint32_t>(upper.size() - 1);
    }
};

// The slot LP of a normalised kernel (units[i] in 0..3, I of them), normalised sigma, the EFFECTIVE
// scheduler limit S (0: none) and W warps. Its optimum plus I bounds T(W) (docs/bounds.md 6c).
IntLp slot_lp(const uint8_t *units, uint32_t I, const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, uint32_t W);

// A proven upper bound on max obj . x from any multipliers, one per row (clamped to the sign the row
// allows: >= 0 for <=, <= 0 for >=): floor of y.b + sum_j upper_j max(0, (obj - A^T y)_j), computed in
// exact integers from y rounded to multiples of 2^-30 (weak duality). False on NaN or absurd values.
bool certify_duals(const IntLp &lp, const std::vector<double> &dual, int64_t *bound);

// Solves max obj . x over the LP (dense two-phase simplex in double) and returns a proven upper bound on
// the optimum: certify_duals of the simplex's dual point. `value` gets the simplex's optimum.
// Returns false when the simplex fails (then there is no bound).
bool certified_lp_max(const IntLp &lp, int64_t *bound, double *value, uint32_t *pivots);

// What lp_solve may spend: simplex iterations (the same answer on every machine) and seconds; 0: no limit.
struct LpBudget {
    uint64_t iterations = 0;
    double seconds = 0;
};

// The same with lp_solve's sparse simplex (lib/host/ilp/slot_lp_solve.cpp) within the budget; false in a
// build without lp_solve, when the budget ends first or when lp_solve does not reach OPTIMAL.
// `iterations` gets the simplex iterations it took.
bool certified_lp_max_lpsolve(const IntLp &lp, const LpBudget &budget, int64_t *bound, double *value,
                              uint64_t *iterations);

// The slot LP with each passage column x[j][s] replaced by its running sum C[j][s] = x[j][0] + ... +
// x[j][s] (0 <= C <= W, C nondecreasing in s): the same LP in other coordinates (so the same optimum,
// and every schedule's point is still feasible), with O(I^2) nonzeros instead of O(I^3).
IntLp cumulate_slots(const IntLp &lp, uint32_t I);

struct SlotBound {
    bool computed = false;  // false: not attempted (too large), out of budget, or the solver failed
    bool lpsolve = false;   // the dual point came from lp_solve (else from the dense simplex)
    uint64_t bound = 0;     // I + floor(certified LP optimum): a proven upper bound on T(W)
    double lp_value = 0;    // the simplex's optimum, for reports
    uint32_t rows = 0, columns = 0, pivots = 0;
    uint64_t iterations = 0;  // lp_solve's simplex iterations
};

// The dense simplex's limit where there is no lp_solve: about 20 ms at I = 16 (3 s at I = 20, 100 s at
// I = 32, one core).
constexpr uint32_t kDenseLength = 16;

// The slot bound of p (with the effective scheduler limit of the initial state). Kernels of more than
// max_length normalised instructions are not attempted: the LP has about 2 I^2 columns and 3 I^2 rows.
// lp_solve solves it within `budget` where the build has lp_solve; else the dense simplex, up to
// kDenseLength.
SlotBound slot_bound(const wsp_problem &p, uint32_t max_length = 20, const LpBudget &budget = LpBudget());

// What the host's analyses (the CLI, wsp_host_bracket_run) spend on it: kernels up to 48 normalised
// instructions, 20,000 simplex iterations (measured: I = 20 about 2,400 iterations and 0.1 s, I = 33
// about 7,000 and 0.6 s, I = 43 15,000..17,000 and 3..4 s; Voronoi, I = 25, 5,600 and 0.3 s).
constexpr uint32_t kSlotHostLength = 48;
constexpr uint64_t kSlotHostIterations = 20000;
SlotBound host_slot_bound(const wsp_problem &p, double seconds = 0);

}  // namespace wsp

#endif
