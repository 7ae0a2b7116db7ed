#include "host/ilp/solve.hpp"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <memory>
#include <vector>

#include "host/ilp/lpsolve_system.hpp"
#include "host/ilp/reduce.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"

namespace wsp {
namespace ilp {

namespace {

constexpr double kTolerance = 1e-6;  // how far from 0/1 (and from an integer objective) we accept

// Deadline, cancellation and progress, shared by the build's stop function and lp_solve's abort
// function.
struct Watch {
    const Request *request;
    double start, deadline, next_report;
    uint32_t horizon = 0;
    uint32_t stopped = WSP_STOP_FINISHED;  // TIME or CANCELLED once stopped
    uint32_t incumbent = 0;
    uint64_t nodes = 0;

    bool stop() {
        const double now = wsp_host_seconds();
        if (deadline > 0 && now >= deadline) {
            stopped = WSP_STOP_TIME;
            return true;
        }
        if (request->progress != nullptr && now >= next_report) {
            next_report = now + request->progress_interval;
            wsp_progress pr{};
            pr.work = nodes;
            pr.lower = incumbent;
            pr.upper = horizon;
            pr.current = incumbent;
            stopped = stop_of(request->progress(request->context, &pr));
            return stopped != WSP_STOP_FINISHED;
        }
        return false;
    }
};

bool build_stop(void *context) { return static_cast<Watch *>(context)->stop(); }

bool solve_abort(void *context, double incumbent, uint64_t nodes) {
    Watch *w = static_cast<Watch *>(context);
    w->incumbent = incumbent > 0.5 ? static_cast<uint32_t>(incumbent + 0.5) : 0;
    w->nodes = nodes;
    return w->stop();
}

// The cutoff row Y(W,I) >= lower + 1 over the full model's columns (docs/ilp_strong.md, "The cutoff").
bool add_cutoff(const Layout &l, uint32_t lower, System &out) {
    std::vector<int> cols;
    std::vector<double> vals;
    for (uint32_t t = l.first(l.I - 1); t <= l.last(l.I - 1); ++t) {
        cols.push_back(l.x(l.W - 1, l.I - 1, t));
        vals.push_back(t);
    }
    return out.add_row(cols.data(), vals.data(), cols.size(), Sense::ge, lower + 1.0, nullptr);
}

bool near(double v, double target) { return fabs(v - target) <= kTolerance; }

// The incumbent as a schedule matrix; false (with diag) when lp_solve's point is not a 0/1 point
// with one issue cycle per instruction and an integral objective equal to warp W's last cycle.
bool read_schedule(const Layout &l, const LpSolve::Outcome &o, Answer &a,
                   wsp_diag *diag) {
    for (int c = 0; c < l.columns; ++c)
        if (!near(o.solution[c], 0.0) && !near(o.solution[c], 1.0)) {
            failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve returned %.9g for binary column %d (not 0/1 within 1e-6)",
                  o.solution[c], c + 1);
            return false;
        }
    a.cycles.assign(size_t{l.W} * l.I, 0);
    uint32_t makespan = 0;
    for (uint32_t w = 0; w < l.W; ++w)
        for (uint32_t i = 0; i < l.I; ++i) {
            uint32_t found = 0, count = 0;
            for (uint32_t t = l.first(i); t <= l.last(i); ++t)
                if (o.solution[l.x(w, i, t)] > 0.5) {
                    found = t;
                    ++count;
                }
            if (count != 1) {
                failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve's solution issues instruction %u of warp %u %u times",
                      i + 1, w + 1, count);
                return false;
            }
            a.cycles[size_t{w} * l.I + i] = found;
            if (found > makespan) makespan = found;
        }
    const uint32_t last = a.cycles[size_t{l.W - 1} * l.I + l.I - 1];
    if (!near(o.objective, floor(o.objective + 0.5)) || !near(o.objective, last) || last != makespan) {
        failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0,
              "lp_solve's objective %.9g is not the integral last cycle %u of warp %u (makespan %u)",
              o.objective, last, l.W, makespan);
        return false;
    }
    a.makespan = makespan;
    a.has_schedule = true;
    return true;
}

}  // namespace

wsp_status failf(wsp_diag *diag, wsp_status status, uint32_t field, uint32_t index, const char *fmt, ...) {
    if (diag == nullptr) return status;
    DiagScope scope(diag, status, field);  // the core's reset: status, field, no location
    scope.index(index);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    va_end(ap);
    return status;
}

wsp_status horizon_of(const wsp_problem &p, uint32_t *horizon, wsp_diag *diag) {
    wsp_bounds b;
    const wsp_status s = wsp_bounds_compute(&p, &b, diag);
    if (s != WSP_OK) return s;
    if (b.upper > 0x7FFFFFFFu)
        return failf(diag, WSP_ERR_OVERFLOW, WSP_FIELD_PROBLEM, 0, "the ILP horizon %llu exceeds the maximum %u",
                     static_cast<unsigned long long>(b.upper), 0x7FFFFFFFu);
    *horizon = static_cast<uint32_t>(b.upper);
    return WSP_OK;
}

wsp_status check_size(const Layout &layout, WorkConserving wc, wsp_diag *diag) {
    if (layout.columns < 0)
        return failf(diag, WSP_ERR_OVERFLOW, WSP_FIELD_PROBLEM, 0, "the ILP would have %llu columns, more than the maximum %llu",
                     static_cast<unsigned long long>(layout.column_count),
                     static_cast<unsigned long long>(kMaxColumns));
    // Before anything is built: a lower bound on the nonzeros, so that a hopeless model is refused at
    // once. Every (warp, instruction, cycle) in [first(i), last(i)) has a work-conserving row (short)
    // or a share of one (long) holding x(w,i,s) for every s in [first(i), t], distinct columns:
    // sum over t of (t - first(i) + 1) = span * (span - 1) / 2 per instruction and warp.
    const double least = static_cast<double>(layout.W) * layout.I * layout.span * (layout.span - 1) / 2;
    if (wc != WorkConserving::none && least > static_cast<double>(kMaxNonzeros))
        return failf(diag, WSP_ERR_OVERFLOW, WSP_FIELD_PROBLEM, 0, "the ILP would have more than %.3g nonzeros, more than the maximum %llu",
                     least, static_cast<unsigned long long>(kMaxNonzeros));
    return WSP_OK;
}

wsp_status solve(const wsp_problem &p, const Request &request, Answer &answer, wsp_diag *diag) {
    Watch watch{&request, wsp_host_seconds(), 0, 0};
    watch.deadline = request.seconds > 0 ? watch.start + request.seconds : 0;
    watch.next_report = watch.start + request.progress_interval;
    answer = Answer{};
    wsp_host_ilp_result &r = answer.result;

    uint32_t horizon = request.horizon;
    if (horizon == 0) {
        const wsp_status s = horizon_of(p, &horizon, diag);
        if (s != WSP_OK) return s;
    }
    watch.horizon = horizon;
    r.horizon = horizon;
    r.upper = horizon;
    const Layout layout(p, horizon, request.wc);
    const wsp_status sized = check_size(layout, request.wc, diag);
    if (sized != WSP_OK) return sized;
    // The strong model goes to lp_solve with its own equalities substituted (reduce.hpp): the same
    // optimum and LP value on fewer columns.
    std::unique_ptr<Reduction> reduction;
    if (request.strong) {
        reduction.reset(new Reduction(p, horizon));
        if (!reduction->applies()) reduction.reset();
    }
    Counter count;
    Reduced counted(reduction.get(), count);
    if (!build_model(p, horizon, Model{request.wc, request.strong}, counted, build_stop, &watch)) {
        r.stop = watch.stopped;
        r.seconds = r.build_seconds = wsp_host_seconds() - watch.start;
        return WSP_OK;
    }
    r.columns = count.columns;
    r.rows = count.rows;
    r.nonzeros = count.nonzeros;
    if (count.nonzeros > kMaxNonzeros)
        return failf(diag, WSP_ERR_OVERFLOW, WSP_FIELD_PROBLEM, 0, "the ILP would have %llu nonzeros, more than the maximum %llu",
                     static_cast<unsigned long long>(count.nonzeros),
                     static_cast<unsigned long long>(kMaxNonzeros));

    const int lp_columns = reduction ? reduction->columns() : layout.columns;
    LpSolve lp(lp_columns, false);
    if (!lp.ok())
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve could not create a model of %d columns",
                     lp_columns);
    Reduced reduced(reduction.get(), lp);
    const bool built = build_model(p, horizon, Model{request.wc, request.strong}, reduced, build_stop, &watch);
    r.build_seconds = wsp_host_seconds() - watch.start;
    if (!built && watch.stopped == WSP_STOP_FINISHED)
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused a row or column while the model was built");
    const bool cutoff = request.strong && request.cutoff_lower > 0 && request.cutoff_lower < horizon;
    if (built && cutoff && !add_cutoff(layout, request.cutoff_lower, reduced))
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused the cutoff row");
    if (counted.violated() || reduced.violated())
        return failf(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, 0, "a row of the strong model became an empty row that fails");
    bool optimal = false;
    if (built && request.strong) {
        // Branch on the indicators E_U(t), F(t) (which cycles are full) before the issue columns:
        // Voronoi W = 2 finished in 14 s instead of not at all in 20 s, before the wcs/nowait rows
        // (docs/ilp_strong.md, "Search order"). Only the search order changes, not the model.
        std::vector<double> w(static_cast<size_t>(lp_columns), 2.0);
        for (int c = 0; c < lp_columns; ++c)
            if (reduction ? !reduction->is_x(c) : c >= layout.x_columns) w[static_cast<size_t>(c)] = 1.0;
        if (!lp.weights(w))
            return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve refused the branching priorities");
        // With the cutoff, ceiling branch and first select: Voronoi W = 3 in 2.7 s instead of 10.8 s,
        // W = 4 in 17 s instead of 18 s (docs/ilp_strong.md, "Search order"); search order only.
        lp.ceiling_first_select();
    }
    if (built) {
        LpSolve::Outcome o = lp.solve(solve_abort, &watch);
        if (reduction && o.has_solution) {
            std::vector<double> full;
            reduction->expand(o.solution, full);
            o.solution.swap(full);
        }
        r.nodes = o.nodes;
        if (cutoff && o.infeasible) {
            // No schedule with makespan above the witnessed lower bound: T(W) = cutoff_lower.
            answer.cut_off = true;
            r.stop = WSP_STOP_FINISHED;
            r.lower = r.upper = request.cutoff_lower;
            r.seconds = wsp_host_seconds() - watch.start;
            return ok(diag);
        }
        if (!o.optimal && !o.stopped)
            return failf(diag, o.infeasible ? WSP_ERR_INTERNAL : WSP_ERR_SOLVER, WSP_FIELD_NONE, 0,
                         "lp_solve ended with %s (%d)%s", LpSolve::code_name(o.code), o.code,
                         o.infeasible ? ", but a work-conserving schedule always fits the horizon" : "");
        if (o.has_solution && !read_schedule(layout, o, answer, diag)) return WSP_ERR_SOLVER;
        if (o.optimal) {
            optimal = true;
            r.stop = WSP_STOP_FINISHED;
            r.lower = r.upper = answer.makespan;
        }
    }
    if (!optimal) {
        // Stopped: by the deadline (TIME) or the callback (its reason); lp_solve stopping on its own
        // without an optimum is reported as TIME (the only limit it was given).
        r.stop = watch.stopped != WSP_STOP_FINISHED ? watch.stopped : uint32_t{WSP_STOP_TIME};
        r.lower = answer.has_schedule ? answer.makespan : 0;
    }
    r.seconds = wsp_host_seconds() - watch.start;
    return ok(diag);
}

}  // namespace ilp
}  // namespace wsp
