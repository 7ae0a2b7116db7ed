// The ILP method and the model export (analysis.hpp): paper 004's binary ILP (Fig. 3) through the
// host layer's lp_solve binding, and the same model written to a file.
#include "host/analysis/analysis.hpp"

#include "host/ilp/strong.hpp"

namespace wsp {
namespace host {

bool run_ilp(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, IlpRun &run,
             AnalysisError &error) {
    wsp_host_ilp_options o{};
    o.constraints = request.ilp_constraints;
    o.seconds = request.ilp_seconds;
    o.progress = observe_ilp;
    o.context = observer;
    o.progress_interval = 0.5;
    run.constraints = request.ilp_constraints;
    run.witness.assign(static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem), 0);
    wsp_diag d{};
    observer->begin("ilp");
    if (request.ilp_constraints == WSP_HOST_ILP_STRONG) {
        // The LP relaxation first (a proven upper bound even when the ILP stops), then the ILP in
        // what is left of the budget.
        const double start = wsp_host_seconds();
        wsp::ilp::Model m;
        m.strong = true;
        bool finished = false;
        const wsp_status lp =
            wsp::ilp::lp_relaxation(*a.problem, m, request.ilp_seconds, &run.lp_bound, &run.lp_value, &finished, &d);
        // The LP bound is optional: where lp_solve fails on the relaxation, the ILP runs without it.
        run.has_lp_bound = lp == WSP_OK && finished;
        run.lp_seconds = wsp_host_seconds() - start;
        if (request.ilp_seconds > 0) o.seconds = request.ilp_seconds > run.lp_seconds ? request.ilp_seconds - run.lp_seconds : 1e-3;
    }
    const wsp_status st = wsp_host_ilp_solve(a.problem, &o, run.witness.data(), run.witness.size(), &run.result, &d);
    observer->end();
    return st == WSP_OK || analysis_fail(error, "ilp", st, d);
}

bool write_ilp_model(const AnalysisRequest &request, const Analysis &a, const std::string &path, AnalysisError &error) {
    wsp_host_ilp_options o{};
    o.constraints = request.ilp_constraints;
    wsp_diag d{};
    const wsp_status st = wsp_host_ilp_write(a.problem, &o, path.c_str(), &d);
    return st == WSP_OK || analysis_fail(error, "ilp", st, d);
}

}  // namespace host
}  // namespace wsp
