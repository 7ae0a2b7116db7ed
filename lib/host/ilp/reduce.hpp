// The strong model with the equalities it states substituted before the solver sees it
// (docs/ilp_strong.md, "The model lp_solve solves"). Adds no row: an instruction that never waits
// has nowait rows x(w,i,t) = x(w,i-1,t-1), so its columns are those of the nearest earlier
// instruction that can wait, shifted (or constants when the chain reaches instruction 1, which
// then issues in cycle 1); the full indicators that no wcs row holds are projected out with
// their own rows (every x has values for them). Both steps map integer points and LP points one
// to one in value, so the optimum and the LP relaxation's value are those of the full model.
// Host only.
#ifndef WSP_HOST_ILP_REDUCE_HPP
#define WSP_HOST_ILP_REDUCE_HPP

#include <stdint.h>

#include <set>
#include <vector>

#include "host/ilp/formulation.hpp"
#include "host/ilp/system.hpp"
#include "warpspan.h"

namespace wsp {
namespace ilp {

// Where each column of the full strong model (Layout's numbering) goes.
class Reduction {
public:
    Reduction(const wsp_problem &p, uint32_t horizon);
    // Of the full model's column c: the reduced column, or kZero / kOne (a constant), or kDropped
    // (an indicator that no wcs row holds).
    static constexpr int kZero = -1, kOne = -2, kDropped = -3;
    int image(int c) const { return image_[static_cast<size_t>(c)]; }
    int columns() const { return columns_; }     // of the reduced model
    // Whether the reduction applies: some instruction can wait (else every column is a constant,
    // the objective too, and the full model is solved as it is).
    bool applies() const { return x_columns_ > 0; }
    int full_columns() const { return static_cast<int>(image_.size()); }
    bool is_x(int reduced) const { return reduced < x_columns_; }  // an issue column (else an indicator)
    // The issue columns of one (warp, instruction that can wait) are consecutive, cycle by cycle:
    // whether reduced column k is the first of its run (its instruction's first cycle).
    bool run_start(int k) const { return start_[static_cast<size_t>(k)]; }
    // Cumulative columns (default): lp_solve's issue column k is z(k) = x(start) + ... + x(k), that
    // is B(w,i,t) = [Y(w,i) <= t], instead of x(k) (docs/ilp_strong.md, "The model lp_solve solves").
    bool cumulative = true;
    // The full model's point from the reduced one: substituted columns take their image's value,
    // dropped indicators their meaning ([n_U(t) = sigma_U], [n(t) = S]) on the issue columns.
    void expand(const std::vector<double> &reduced, std::vector<double> &full) const;

private:
    const wsp_problem &p_;
    Layout l_;
    std::vector<int> image_;
    std::vector<bool> start_;
    int columns_ = 0, x_columns_ = 0;
};

// Passes the full strong model to `inner` with the reduction applied: columns renamed, constants
// moved to the right-hand side, each column once per row, rows left empty (they hold: the nowait
// rows become 0 = 0) and repeated rows (the once rows of a substituted chain) not passed, rows with
// a dropped column not passed (they are the dropped indicators' own rows).
class Reduced final : public System {
public:
    // With r == nullptr every call goes to `inner` unchanged.
    Reduced(const Reduction *r, System &inner) : r_(r), inner_(inner) {}
    bool wants_names() const override { return inner_.wants_names(); }
    bool add_binary(const char *name) override;
    bool maximise(const int *cols, const double *vals, size_t n) override;
    bool add_row(const int *cols, const double *vals, size_t n, Sense sense, double rhs, const char *name) override;
    bool violated() const { return violated_; }  // an empty row that does not hold (never expected)

private:
    // False when the row holds a dropped column.
    bool map(const int *cols, const double *vals, size_t n, double *constant);
    const Reduction *r_;
    System &inner_;
    int next_ = 0;
    bool violated_ = false;
    bool monotone_ = false;  // the rows z(k) >= z(k-1) are written
    std::vector<int> cols_;
    std::vector<double> vals_;
    std::vector<std::pair<int, double>> terms_;
    std::vector<bool> added_;
    std::set<std::vector<double>> seen_;
};

}  // namespace ilp
}  // namespace wsp

#endif
