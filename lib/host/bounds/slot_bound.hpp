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

// Solves max obj . x over the LP (dense two-phase simplex in double) and returns a proven upper bound on
// the optimum: floor of a dual point's value computed exactly. `value` gets the simplex's optimum.
// Returns false when the simplex fails (then there is no bound).
bool certified_lp_max(const IntLp &lp, int64_t *bound, double *value, uint32_t *pivots);

struct SlotBound {
    bool computed = false;  // false: not attempted (too large) or the solver failed
    uint64_t bound = 0;     // I + floor(certified LP optimum): a proven upper bound on T(W)
    double lp_value = 0;    // the simplex's optimum, for reports
    uint32_t rows = 0, columns = 0, pivots = 0;
};

// The slot bound of p (with the effective scheduler limit of the initial state). Kernels of more than
// max_length normalised instructions are not attempted: the LP has about 2 I^2 columns and I^2 rows, and
// the dense simplex takes about 20 ms at I = 16, 14 s at I = 24 and 100 s at I = 32 (one core).
SlotBound slot_bound(const wsp_problem &p, uint32_t max_length = 20);

}  // namespace wsp

#endif
