// lp_solve behind the ILP interface: silent, rows added in row mode, a deadline and
// cancellation through the abort function (lp_solve's own set_timeout counts whole seconds), one
// lprec per object so that threads never share one. The only file that includes lp_lib.h.
#ifndef WSP_HOST_ILP_LPSOLVE_SYSTEM_HPP
#define WSP_HOST_ILP_LPSOLVE_SYSTEM_HPP

#include <stdio.h>

#include <vector>

#include "host/ilp/system.hpp"

struct _lprec;

namespace wsp {
namespace ilp {

class LpSolve final : public System {
public:
    LpSolve(int columns, bool names);
    ~LpSolve() override;
    LpSolve(const LpSolve &) = delete;
    LpSolve &operator=(const LpSolve &) = delete;

    bool ok() const { return lp_ != nullptr; }
    bool wants_names() const override { return names_; }
    bool add_binary(const char *name) override;
    bool add_integer(const char *name) override;
    bool maximise(const int *cols, const double *vals, size_t n) override;
    bool add_row(const int *cols, const double *vals, size_t n, Sense sense, double rhs,
                 const char *name) override;

    // Called often while solving; true stops the solve. `incumbent` is the best objective so far
    // (0 while there is none), `nodes` the branch-and-bound nodes so far.
    typedef bool (*AbortFn)(void *context, double incumbent, uint64_t nodes);

    // What solve() found. `code` is lp_solve's return value; `solution` holds the column values
    // (0-based) of the best integer solution whenever there is one, even after an abort.
    struct Outcome {
        int code;
        bool optimal;          // lp_solve said OPTIMAL: the maximum is proven
        bool stopped;          // the abort function stopped it
        bool has_solution;
        bool infeasible;       // lp_solve said INFEASIBLE
        double objective;
        uint64_t nodes;
        uint64_t iterations;   // simplex iterations
        std::vector<double> solution;
    };
    Outcome solve(AbortFn abort, void *context);

    // A continuous column in [0, upper] (for plain LPs, such as the slot bound's).
    bool add_real(double upper);

    // Asks solve() to keep the dual values (before solve()); row_duals() then gives one per row, in
    // the order the rows were added, with lp_solve's sign convention.
    void want_duals();
    // Stops solve() after this many simplex iterations (0: no limit): a budget that, unlike time, gives
    // the same answer on every machine.
    void limit_iterations(uint64_t n) { iteration_limit_ = n; }
    bool row_duals(std::vector<double> *duals);

    // Drops integrality from every column (their bounds stay [0, 1] or [0, inf)): the next solve()
    // solves the LP relaxation.
    bool relax();

    // lp_solve's own defaults (ceiling branch first, first select) instead of the constructor's
    // floor branch with pseudo-cost selection.
    void ceiling_first_select();

    // Branching priorities, one weight per column (0-based): lp_solve branches on lower weights first.
    bool weights(const std::vector<double> &w);

    // The model in lp_solve's LP format, or free MPS when mps is true, after `header` (comment
    // lines, written as they are). False when the file cannot be written.
    bool write(FILE *f, bool mps, const char *header);

    // A person's name for an lp_solve return code ("NUMFAILURE", ...).
    static const char *code_name(int code);

private:
    void end_rows();
    _lprec *lp_ = nullptr;
    bool names_;
    bool row_mode_ = true;
    int next_column_ = 0;
    uint64_t iteration_limit_ = 0;
    std::vector<int> cols_;  // 1-based copies for lp_solve
    std::vector<double> vals_;
};

}  // namespace ilp
}  // namespace wsp

#endif
