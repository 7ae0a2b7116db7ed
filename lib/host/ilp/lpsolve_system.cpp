#include "host/ilp/lpsolve_system.hpp"

#include <lpsolve/lp_lib.h>

namespace wsp {
namespace ilp {

namespace {

struct AbortState {
    LpSolve::AbortFn fn;
    void *context;
    double incumbent;
    bool stopped;
    uint64_t iterations;  // 0: no limit
};

// Once the caller said stop, every later check says so too. lp_solve does not always stop at the first
// TRUE: between branch-and-bound nodes it may take it as a break, go on, and end with OPTIMAL and no
// solution at all (tests/test_ilp.cpp, test_progress_and_cancel: a progress callback asked once, its
// next report 10 ms away, failed as WSP_ERR_SOLVER when the stop fell there).
int __WINAPI on_abort(lprec *lp, void *handle) {
    AbortState *s = static_cast<AbortState *>(handle);
    if (s->stopped) return TRUE;
    if (s->iterations != 0 && static_cast<uint64_t>(get_total_iter(lp)) > s->iterations) {
        s->stopped = true;
        return TRUE;
    }
    if (s->fn == nullptr) return FALSE;
    if (s->fn(s->context, s->incumbent, static_cast<uint64_t>(get_total_nodes(lp)))) {
        s->stopped = true;
        return TRUE;
    }
    return FALSE;
}

void __WINAPI on_message(lprec *lp, void *handle, int msg) {
    if ((msg & (MSG_MILPFEASIBLE | MSG_MILPBETTER)) != 0)
        static_cast<AbortState *>(handle)->incumbent = get_working_objective(lp);
}

int __WINAPI write_to_file(void *handle, char *buf) {
    return fputs(buf, static_cast<FILE *>(handle)) >= 0;
}

}  // namespace

LpSolve::LpSolve(int columns, bool names) : names_(names) {
    lp_ = make_lp(0, columns);
    if (lp_ == nullptr) return;
    set_verbose(lp_, NEUTRAL);
    set_bb_depthlimit(lp_, 0);  // no depth limit: a limit could end the search short of the optimum
    // Measured on LLC, LCL (W = 4) and LLCLL (W = 3), BENCHMARKS.md: floor branch first with
    // pseudo-cost node selection took 0.35x, 1.7x and 0.68x the time of lp_solve's defaults
    // (ceiling, first select) with short rows, and finished the long rows where the defaults did not.
    set_bb_floorfirst(lp_, BRANCH_FLOOR);
    set_bb_rule(lp_, NODE_PSEUDOCOSTSELECT);
    if (!set_add_rowmode(lp_, TRUE)) {
        delete_lp(lp_);
        lp_ = nullptr;
    }
}

LpSolve::~LpSolve() {
    if (lp_ != nullptr) delete_lp(lp_);
}

bool LpSolve::add_binary(const char *name) {
    const int col = ++next_column_;
    if (col > get_Ncolumns(lp_) || !set_binary(lp_, col, TRUE)) return false;
    return name == nullptr || set_col_name(lp_, col, const_cast<char *>(name));
}

bool LpSolve::add_integer(const char *name) {
    const int col = ++next_column_;
    if (col > get_Ncolumns(lp_) || !set_int(lp_, col, TRUE) || !set_bounds(lp_, col, 0.0, get_infinite(lp_)))
        return false;
    return name == nullptr || set_col_name(lp_, col, const_cast<char *>(name));
}

bool LpSolve::add_real(double upper) {
    const int col = ++next_column_;
    return col <= get_Ncolumns(lp_) && set_bounds(lp_, col, 0.0, upper);
}

void LpSolve::want_duals() { set_presolve(lp_, PRESOLVE_SENSDUALS, get_presolveloops(lp_)); }

bool LpSolve::row_duals(std::vector<double> *duals) {
    REAL *d = nullptr, *from = nullptr, *till = nullptr;
    if (!get_ptr_sensitivity_rhs(lp_, &d, &from, &till) || d == nullptr) return false;
    duals->assign(d, d + get_Nrows(lp_));  // rows first, then the columns' reduced costs
    return true;
}

bool LpSolve::maximise(const int *cols, const double *vals, size_t n) {
    cols_.resize(n);
    vals_.assign(vals, vals + n);
    for (size_t k = 0; k < n; ++k) cols_[k] = cols[k] + 1;
    set_maxim(lp_);
    // lp_solve refuses an empty objective row; a zero objective needs no call at all.
    return n == 0 || set_obj_fnex(lp_, static_cast<int>(n), vals_.data(), cols_.data());
}

bool LpSolve::add_row(const int *cols, const double *vals, size_t n, Sense sense, double rhs,
                      const char *name) {
    cols_.resize(n);
    vals_.assign(vals, vals + n);
    for (size_t k = 0; k < n; ++k) cols_[k] = cols[k] + 1;
    const int type = sense == Sense::le ? LE : sense == Sense::ge ? GE : EQ;
    if (!add_constraintex(lp_, static_cast<int>(n), vals_.data(), cols_.data(), type, rhs)) return false;
    return name == nullptr || set_row_name(lp_, get_Nrows(lp_), const_cast<char *>(name));
}

void LpSolve::end_rows() {
    if (row_mode_) set_add_rowmode(lp_, FALSE);
    row_mode_ = false;
}

LpSolve::Outcome LpSolve::solve(AbortFn abort, void *context) {
    end_rows();
    AbortState state{abort, context, 0.0, false, iteration_limit_};
    put_abortfunc(lp_, on_abort, &state);
    put_msgfunc(lp_, on_message, &state, MSG_MILPFEASIBLE | MSG_MILPBETTER);
    Outcome out{};
    out.code = ::solve(lp_);
    put_abortfunc(lp_, nullptr, nullptr);
    put_msgfunc(lp_, nullptr, nullptr, 0);
    out.optimal = out.code == OPTIMAL;
    out.stopped = state.stopped;
    out.infeasible = out.code == INFEASIBLE;
    out.nodes = static_cast<uint64_t>(get_total_nodes(lp_));
    out.iterations = static_cast<uint64_t>(get_total_iter(lp_));
    // OPTIMAL, or SUBOPTIMAL after a break with an improved solution: a feasible integer point.
    out.has_solution = out.code == OPTIMAL || out.code == SUBOPTIMAL;
    if (out.has_solution) {
        const int n = get_Ncolumns(lp_);
        REAL *values = nullptr;
        if (!get_ptr_variables(lp_, &values) || values == nullptr) {
            out.has_solution = false;
            return out;
        }
        out.solution.assign(values, values + n);
        out.objective = get_objective(lp_);
    }
    return out;
}

bool LpSolve::relax() {
    for (int col = 1; col <= next_column_; ++col)
        if (!set_int(lp_, col, FALSE)) return false;
    return true;
}

void LpSolve::ceiling_first_select() {
    set_bb_floorfirst(lp_, BRANCH_CEILING);
    set_bb_rule(lp_, NODE_FIRSTSELECT);
}

bool LpSolve::weights(const std::vector<double> &w) {
    std::vector<REAL> copy(w.size() + 1, 0.0);
    for (size_t k = 0; k < w.size(); ++k) copy[k + 1] = w[k];
    return set_var_weights(lp_, copy.data() + 1) != FALSE;
}

bool LpSolve::write(FILE *f, bool mps, const char *header) {
    end_rows();
    if (fputs(header, f) < 0) return false;
    return mps ? MPS_writefileex(lp_, MPSFREE, f, write_to_file) != FALSE
               : write_lpex(lp_, f, write_to_file) != FALSE;
}

const char *LpSolve::code_name(int code) {
    switch (code) {
        case NOMEMORY: return "NOMEMORY";
        case NOTRUN: return "NOTRUN";
        case OPTIMAL: return "OPTIMAL";
        case SUBOPTIMAL: return "SUBOPTIMAL";
        case INFEASIBLE: return "INFEASIBLE";
        case UNBOUNDED: return "UNBOUNDED";
        case DEGENERATE: return "DEGENERATE";
        case NUMFAILURE: return "NUMFAILURE";
        case USERABORT: return "USERABORT";
        case TIMEOUT: return "TIMEOUT";
        case PRESOLVED: return "PRESOLVED";
        case PROCFAIL: return "PROCFAIL";
        case PROCBREAK: return "PROCBREAK";
        case FEASFOUND: return "FEASFOUND";
        case NOFEASFOUND: return "NOFEASFOUND";
    }
    return "unknown";
}

}  // namespace ilp
}  // namespace wsp
