// wsp_host_ilp_*: the C API over the ILP (built with lp_solve only; unavailable.cpp otherwise).
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include <cmath>

#include "host/ilp/lpsolve_system.hpp"
#include "host/ilp/solve.hpp"
#include "model/problem.hpp"
#include "schedule/schedule.hpp"
#include "schedule/witness_check.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

using wsp::ilp::failf;

namespace {

// Checks the arguments both calls share (the problem, the options: reserved words 1 = reserved0,
// 2..9 = reserved) and gives the model's horizon (the safe bound).
wsp_status check_problem(const wsp_problem *p, const wsp_host_ilp_options *o, wsp::ilp::Model *model,
                         uint32_t *horizon, wsp_diag *diag) {
    wsp_status s = wsp::check_problem(p, diag);
    if (s != WSP_OK) return s;
    const uint32_t kind = o != nullptr ? o->constraints : 0;
    if (o != nullptr) {
        s = wsp::check_reserved(&o->reserved0, 1, 1, "the ILP options", diag);
        if (s == WSP_OK) s = wsp::check_reserved(o->reserved, 2, "the ILP options", diag);
        if (s != WSP_OK) return s;
    }
    if (kind > WSP_HOST_ILP_STRONG)
        return failf(diag, WSP_ERR_RANGE, WSP_FIELD_ILP_CONSTRAINTS, 0, "constraint kind %u exceeds the maximum %u",
                     kind, WSP_HOST_ILP_STRONG);
    model->wc = kind == WSP_HOST_ILP_LONG ? wsp::ilp::WorkConserving::long_rows : wsp::ilp::WorkConserving::short_rows;
    model->strong = kind == WSP_HOST_ILP_STRONG;
    return wsp::ilp::horizon_of(*p, horizon, diag);
}

// The pseudo-precedence string of a schedule: its instructions by cycle, warps in id order within
// a cycle. Decoding it gives the schedule back when the schedule is work-conserving: by induction
// over the string, each (w, i) finds every cycle strictly between its predecessor's and its own
// full for its type or the scheduler (that is what work conservation says, and the instructions
// filling them come earlier in the string), and room in its own cycle (the schedule is feasible).
std::vector<uint32_t> witness_of(const std::vector<uint32_t> &cycles, uint32_t I) {
    std::vector<uint32_t> order(cycles.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<uint32_t>(k);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return cycles[a] != cycles[b] ? cycles[a] < cycles[b] : a / I < b / I;
    });
    for (uint32_t &k : order) k = k / I + 1;
    return order;
}

// The strong model's starting witness (docs/ilp_strong.md, "The cutoff"): the core's witness search
// (dispatch policies and beam search, its default work budget), whose string is decoded and
// validated before it returns. *makespan = 0 when it found none or failed (the ILP then runs without
// a cutoff). Sketch: the witness is a work-conserving schedule, so its makespan is <= T(W).
wsp_status starting_witness(const wsp_problem *p, std::vector<uint32_t> &witness, uint32_t *makespan) {
    *makespan = 0;
    wsp_lower_options o{};
    o.methods = WSP_LOWER_POLICIES | WSP_LOWER_BEAM;
    size_t size = 0;
    wsp_diag d{};
    if (wsp_lower_workspace_size(p, &o, &size, &d) != WSP_OK) return WSP_OK;
    std::vector<uint64_t> ws(size / 8 + 1);
    witness.assign(size_t{wsp_problem_warps(p)} * wsp_problem_length(p), 0);
    wsp_lower_result r{};
    if (wsp_lower_run(p, &o, ws.data(), ws.size() * 8, witness.data(), witness.size(), &r, &d) == WSP_OK)
        *makespan = r.lower;
    return WSP_OK;
}

}  // namespace

extern "C" uint32_t wsp_host_ilp_available(void) { return 1; }

extern "C" wsp_status wsp_host_ilp_solve(const wsp_problem *p, const wsp_host_ilp_options *options,
                                         uint32_t *witness, size_t witness_length, wsp_host_ilp_result *result,
                                         wsp_diag *diag) {
    wsp::zero(result);
    wsp::ilp::Request rq;
    wsp::ilp::Model model;
    wsp_status s = check_problem(p, options, &model, &rq.horizon, diag);
    if (s != WSP_OK) return s;
    rq.wc = model.wc;
    rq.strong = model.strong;
    if (options != nullptr) {
        if (!std::isfinite(options->seconds) || options->seconds < 0 || !std::isfinite(options->progress_interval) ||
            options->progress_interval < 0)
            return failf(diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, 0,
                         "seconds and progress_interval must be finite numbers >= 0");
        rq.seconds = options->seconds;
        rq.progress = options->progress;
        rq.context = options->context;
        if (options->progress_interval > 0) rq.progress_interval = options->progress_interval;
    }
    const uint32_t W = wsp_problem_warps(p), I = wsp_problem_length(p);
    if (witness != nullptr && witness_length != size_t{W} * I)
        return failf(diag, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_WITNESS, 0, "the witness buffer holds %zu ids, W*I is %llu",
                     witness_length, static_cast<unsigned long long>(uint64_t{W} * I));
    if (result == nullptr) return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, 0, "the result is NULL");
    // The strong model starts from a witness and looks only above it (the cutoff row).
    std::vector<uint32_t> start;
    uint32_t start_makespan = 0;
    const double began = wsp_host_seconds();
    if (rq.strong) {
        starting_witness(p, start, &start_makespan);
        rq.cutoff_lower = start_makespan;
        if (rq.seconds > 0) rq.seconds = std::max(1e-3, rq.seconds - (wsp_host_seconds() - began));
    }
    wsp::ilp::Answer a;
    s = wsp::ilp::solve(*p, rq, a, diag);
    if (s != WSP_OK) return s;
    a.result.seconds = wsp_host_seconds() - began;  // the starting witness included
    if (!a.has_schedule && start_makespan > 0 && (a.cut_off || a.result.stop != WSP_STOP_FINISHED)) {
        // T(W) = the witness's makespan (cut off), or the witness is the best lower bound so far.
        std::vector<uint64_t> scratch(wsp::witness_check_layout(*p).bytes() / 8 + 1);
        s = wsp::check_witness(*p, scratch.data(), start.data(), start_makespan, "ILP starting", diag);
        if (s != WSP_OK) return s;
        if (witness != nullptr) memcpy(witness, start.data(), start.size() * sizeof start[0]);
        a.result.lower = start_makespan;
    } else if (a.has_schedule) {
        // Independent checks before the makespan is claimed: the validator on lp_solve's schedule,
        // then the decoder and validator again on the witness string made from it.
        std::vector<uint64_t> scratch(wsp::witness_check_layout(*p).bytes() / 8 + 1);
        uint32_t validated = 0;
        wsp_diag why{};
        if (wsp::validate(*p, a.cycles.data(), scratch.data(), &validated, &why) != WSP_OK || validated != a.makespan)
            return failf(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, 0, "the ILP's schedule failed validation: %s",
                         why.message);
        const std::vector<uint32_t> w = witness_of(a.cycles, I);
        s = wsp::check_witness(*p, scratch.data(), w.data(), a.makespan, "ILP", diag);
        if (s != WSP_OK) return s;
        if (witness != nullptr) memcpy(witness, w.data(), w.size() * sizeof w[0]);
    } else if (witness != nullptr) {
        memset(witness, 0, witness_length * sizeof witness[0]);
    }
    *result = a.result;
    return wsp::ok(diag);
}

extern "C" wsp_status wsp_host_ilp_write(const wsp_problem *p, const wsp_host_ilp_options *options,
                                         const char *path, wsp_diag *diag) {
    wsp::ilp::Model model;
    uint32_t horizon = 0;
    wsp_status s = check_problem(p, options, &model, &horizon, diag);
    const wsp::ilp::WorkConserving wc = model.wc;
    if (s != WSP_OK) return s;
    if (path == nullptr) return failf(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_PATH, 0, "the path is NULL");
    const wsp::ilp::Layout layout(*p, horizon, wc);
    s = wsp::ilp::check_size(layout, wc, diag);
    if (s != WSP_OK) return s;
    wsp::ilp::LpSolve lp(layout.columns, true);
    if (!lp.ok() || !wsp::ilp::build_model(*p, horizon, model, lp))
        return failf(diag, WSP_ERR_SOLVER, WSP_FIELD_NONE, 0, "lp_solve could not hold the model");
    const size_t n = strlen(path);
    const bool mps = n >= 4 && strcmp(path + n - 4, ".mps") == 0;
    char header[1024];
    const char *c = mps ? "*" : "//";
    uint32_t sigma[WSP_UNIT_COUNT];
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) sigma[u] = wsp_problem_sigma(p, u);
    snprintf(header, sizeof header,
             "%s warpspan %s: paper 004's ILP (Fig. 3) for T(W), %s\n"
             "%s kernel (normalised) %s, W = %u, sigma L=%u C=%u S=%u D=%u, schedulers %u\n"
             "%s horizon T = %u (the proven safe bound). Maximise: the optimum is T(W).\n"
             "%s Column LS_w_i_t (CC, SF, DP for C, S, D) = 1 iff warp w issues instruction i in cycle t;\n"
             "%s E_U_t = 1 iff type U is full in cycle t, F_t iff the schedulers are.\n",
             c, wsp_version(), model.strong ? "short work-conserving rows (Eq. 32/35) and the strong rows tprec, order"
             : wc == wsp::ilp::WorkConserving::long_rows ? "long (Eq. 31/34) work-conserving rows"
                                                         : "short (Eq. 32/35) work-conserving rows",
             c, wsp_problem_kernel(p), wsp_problem_warps(p), sigma[0], sigma[1], sigma[2], sigma[3],
             wsp_problem_schedulers(p), c, horizon, c, c);
    FILE *f = fopen(path, "w");
    if (f == nullptr) return failf(diag, WSP_ERR_IO, WSP_FIELD_PATH, 0, "cannot write %.100s", path);
    const bool written = lp.write(f, mps, header);
    if (fclose(f) != 0 || !written) return failf(diag, WSP_ERR_IO, WSP_FIELD_PATH, 0, "cannot write %.100s", path);
    return wsp::ok(diag);
}
