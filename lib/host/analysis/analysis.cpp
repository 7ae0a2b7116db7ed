// See analysis.hpp: the problem, the witnesses, and how the methods' results combine.
#include "host/analysis/analysis.hpp"

#include "util/diag.hpp"

namespace wsp {
namespace host {
namespace {

bool internal(AnalysisError &error, const char *step, const char *message) {
    return analysis_fail(error, step, WSP_ERR_INTERNAL, WSP_FIELD_NONE, message);
}

// Keeps the longest validated schedule as the witness of `lower`.
void offer_witness(Analysis &a, const Witness &w, const char *source) {
    if (a.witness && a.witness->makespan >= w.makespan) return;
    a.witness = w;
    a.witness_source = source;
    if (w.makespan > a.lower) a.lower = w.makespan;
}

// Keeps the least proven upper bound and every method that proves it, so a report names them.
void offer_upper(Analysis &a, uint64_t upper, const char *source) {
    if (upper < a.upper) {
        a.upper = upper;
        a.upper_source = source;
    } else if (upper == a.upper) {
        a.upper_source += std::string(", ") + source;
    }
}

// A method's witness, decoded and validated; it must give the makespan the method claims.
bool accept_witness(Analysis &a, const std::vector<uint32_t> &string, uint32_t claimed, const char *step,
                    AnalysisError &error) {
    Witness w;
    if (!decode_witness(a.problem, string, step, w, error)) return false;
    if (w.makespan != claimed) return internal(error, step, "the method's witness does not decode to its lower bound");
    offer_witness(a, w, step);
    return true;
}

}  // namespace

bool analysis_fail(AnalysisError &error, const char *step, wsp_status status, const wsp_diag &diag) {
    error.status = status;
    error.diag = diag;
    error.step = step;
    error.message = diag.message[0] ? diag.message : wsp_strerror(status);
    return false;
}

bool analysis_fail(AnalysisError &error, const char *step, wsp_status status, uint32_t field,
                   const std::string &message) {
    wsp_diag d{};
    wsp::fail(&d, status, field, message.c_str());
    analysis_fail(error, step, status, d);
    error.message = message;
    return false;
}

uint32_t observe_exact(void *observer, const wsp_progress *progress) {
    RunObserver *o = static_cast<RunObserver *>(observer);
    o->exact_progress(*progress);
    return o->stop();
}

uint32_t observe_stop(void *observer, const wsp_progress *) { return static_cast<RunObserver *>(observer)->stop(); }

void observe_jobs(void *observer, const wsp_host_monitor_status *status) {
    static_cast<RunObserver *>(observer)->jobs_progress(*status);
}

wsp_host_run_options observed_run(uint32_t threads, double seconds, RunObserver *observer) {
    wsp_host_run_options o{};
    o.threads = threads;
    o.seconds = seconds;
    o.monitor = observe_jobs;
    o.context = observer;
    o.monitor_interval = 0.5;
    return o;
}

uint32_t observe_ilp(void *observer, const wsp_progress *progress) {
    RunObserver *o = static_cast<RunObserver *>(observer);
    o->ilp_progress(*progress);
    return o->stop();
}

wsp_sm_config resolve_defaults(const wsp_sm_config &sm) {
    wsp_sm_config r = sm;
    if (r.warp_size == 0) r.warp_size = 32;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (r.units[u] == 0) r.units[u] = r.warp_size;
        if (r.latency[u] == 0) r.latency[u] = 1;
    }
    return r;
}

std::vector<uint64_t> workspace(size_t bytes) { return std::vector<uint64_t>((bytes + 7) / 8, 0); }

bool make_problem(const std::string &kernel, uint32_t warps, const wsp_sm_config &sm, std::vector<uint64_t> &storage,
                  wsp_problem *&problem, AnalysisError &error) {
    wsp_diag d{};
    size_t size = 0;
    wsp_status st = wsp_problem_workspace_size(kernel.c_str(), warps, &sm, &size, &d);
    if (st == WSP_OK) {
        storage = workspace(size);
        st = wsp_problem_init(kernel.c_str(), warps, &sm, storage.data(), storage.size() * 8, &problem, &d);
    }
    return st == WSP_OK || analysis_fail(error, "problem", st, d);
}

bool decode_witness(const wsp_problem *p, const std::vector<uint32_t> &string, const char *step, Witness &w,
                    AnalysisError &error) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    w.string = string;
    w.warp_cycle.assign(w.string.size(), 0);
    w.cycles.assign(n, 0);
    wsp_diag d{};
    size_t bytes = 0;
    wsp_status st = wsp_schedule_workspace_size(p, &bytes, &d);
    std::vector<uint64_t> ws = workspace(bytes);
    if (st == WSP_OK)
        st = wsp_schedule_decode(p, w.string.data(), w.string.size(), ws.data(), ws.size() * 8, w.warp_cycle.data(),
                                 w.cycles.data(), &w.makespan, &d);
    if (st != WSP_OK) return analysis_fail(error, step, st, d);
    // Independent check before the schedule is believed (the same workspace serves both).
    uint32_t checked = 0;
    st = wsp_schedule_validate(p, w.cycles.data(), n, ws.data(), ws.size() * 8, &checked, &d);
    if (st != WSP_OK || checked != w.makespan) return internal(error, step, "the validator rejects a decoded schedule");
    return true;
}

HostBounds host_bounds(const wsp_problem *problem, const wsp_bounds &closed) {
    HostBounds h;
    h.upper = closed.upper;
    h.from = wsp_bound_name(closed.upper_id);
    // The slot bound within its iteration budget only, never a time: the same bound on every machine
    // (at most a few seconds, for kernels of 40 to 48 instructions), before the methods and their budgets.
    h.slot = host_slot_bound(*problem);
    if (h.slot.computed && h.slot.bound < h.upper) {
        h.upper = h.slot.bound;
        h.from = "slot";
    }
    // The passage bound starts from the least so far (any proven bound will do) and never exceeds it.
    h.passage = passage_bound(*problem, h.upper);
    if (h.passage.computed && h.passage.bound < h.upper) {
        h.upper = h.passage.bound;
        h.from = "passage";
    }
    return h;
}

bool prepare_analysis(const AnalysisRequest &request, Analysis &a, AnalysisError &error) {
    a.sm = request.sm;
    if (!make_problem(request.kernel, request.warps, a.sm, a.problem_storage, a.problem, error)) return false;
    wsp_diag d{};
    if (wsp_bounds_compute(a.problem, &a.bounds, &d) != WSP_OK)
        return internal(error, "problem", "the bounds failed on a valid problem");
    const HostBounds hb = host_bounds(a.problem, a.bounds);
    a.slot = hb.slot;
    a.passage = hb.passage;
    a.upper = a.bound_upper = hb.upper;
    a.bound_from = hb.from;
    const std::string from = hb.from;
    a.upper_source = from == "slot" ? "the slot bound" : from == "passage" ? "the passage bound" : "the bound";
    if (!request.witness.empty()) {
        Witness w;
        if (!decode_witness(a.problem, request.witness, "witness", w, error)) return false;
        a.given = w;
        offer_witness(a, w, "--witness");
    }
    return true;
}

bool run_methods(const AnalysisRequest &request, RunObserver *observer, Analysis &a, AnalysisError &error) {
    RunObserver quiet;
    if (observer == nullptr) observer = &quiet;
    if (request.lower) {
        LowerRun run;
        if (!run_lower(request, observer, a, run, error)) return false;
        if (!accept_witness(a, run.witness, run.lower, "lower", error)) return false;
        a.stopped = a.stopped || run.stop == WSP_STOP_CANCELLED;
        a.lower_search = std::move(run);
    }
    if (request.bracket) {
        BracketRun run;
        if (!run_bracket(request, observer, a, run, error)) return false;
        if (!accept_witness(a, run.witness, run.lower, "bracket", error)) return false;
        if (run.upper < a.bound_upper) offer_upper(a, run.upper, "bracket");  // else the bound proves it
        a.stopped = a.stopped || run.stop == WSP_STOP_CANCELLED;
        a.bracket = std::move(run);
    }
    if (request.anneal) {
        AnnealRun run;
        if (!run_anneal(request, observer, a, run, error)) return false;
        if (!accept_witness(a, run.instances[run.best].witness, run.lower, "anneal", error)) return false;
        a.stopped = a.stopped || anneal_stop_name(run) == std::string("cancelled");
        a.anneal = std::move(run);
    }
    if (request.exact) {
        ExactRun run;
        if (!run_exact(request, observer, a, run, error)) return false;
        if (!accept_witness(a, run.witness, run.result.lower, "exact", error)) return false;
        // A bracket whose upper end is still the safe bound proves nothing new.
        if (run.result.stop == WSP_STOP_FINISHED || run.result.upper < a.bound_upper)
            offer_upper(a, run.result.upper, "exact");
        a.stopped = a.stopped || run.result.stop == WSP_STOP_CANCELLED;
        a.exact = std::move(run);
    }
    if (request.ilp) {
        IlpRun run;
        if (!run_ilp(request, observer, a, run, error)) return false;
        if (run.result.lower > 0 && !accept_witness(a, run.witness, run.result.lower, "ilp", error)) return false;
        // A stopped ILP proves nothing beyond its horizon, the safe bound already counted.
        if (run.result.stop == WSP_STOP_FINISHED) offer_upper(a, run.result.upper, "ilp");
        if (run.has_lp_bound && run.lp_bound < a.bound_upper) offer_upper(a, run.lp_bound, "ilp lp relaxation");
        a.stopped = a.stopped || run.result.stop == WSP_STOP_CANCELLED;
        a.ilp = std::move(run);
    }
    if (request.estimate) {
        Estimate e;
        if (!run_estimate(request, observer, a, e, error)) return false;
        for (const ExactRun &t : e.terms) a.stopped = a.stopped || t.result.stop == WSP_STOP_CANCELLED;
        a.estimate = std::move(e);
    }
    if (a.lower > a.upper) return internal(error, "problem", "a witness exceeds the proven upper bound");
    return true;
}

const char *policy_name(uint32_t init) {
    static const char *const kNames[WSP_POLICY_COUNT] = {"round-robin",    "fixed-priority", "most-pending",
                                                         "random",         "least-progress", "starve"};
    return init < WSP_POLICY_COUNT ? kNames[init] : "?";
}

const char *moves_name(uint32_t moves) { return moves == WSP_MOVES_LOCAL ? "local" : "uniform"; }

const char *constraints_name(uint32_t constraints) {
    return constraints == WSP_HOST_ILP_STRONG ? "strong" : constraints == WSP_HOST_ILP_LONG ? "long" : "short";
}

const char *exact_status_name(const wsp_exact_result &r) { return r.stop == WSP_STOP_FINISHED ? "optimal" : "budget"; }

const char *stop_reason_name(uint32_t stop) {
    switch (stop) {
        case WSP_STOP_FINISHED: return nullptr;
        case WSP_STOP_BUDGET: return "states";
        case WSP_STOP_MEMORY: return "memory";
        case WSP_STOP_TIME: return "time";
        default: return "cancelled";
    }
}

const char *ilp_status_name(uint32_t stop) {
    switch (stop) {
        case WSP_STOP_FINISHED: return "optimal";
        case WSP_STOP_TIME: return "timeout";
        default: return "cancelled";
    }
}

const char *lower_stop_name(uint32_t stop) {
    switch (stop) {
        case WSP_STOP_FINISHED: return "optimal";
        case WSP_STOP_BUDGET: return "work";
        case WSP_STOP_TIME: return "time";
        default: return "cancelled";
    }
}

const char *lower_found_by_name(uint32_t found_by) {
    static const char *const kNames[] = {"initial", "policy", "beam", "anneal"};
    return found_by < 4 ? kNames[found_by] : "?";
}

const char *bracket_found_by_name(uint32_t found_by) { return found_by == 4 ? "exact" : lower_found_by_name(found_by); }

const char *bracket_upper_by_name(uint32_t upper_by) {
    return upper_by == WSP_BRACKET_UPPER_EXACT ? "exact" : upper_by == WSP_BRACKET_UPPER_SLOT ? "slot" : "bound";
}

const char *ilp_model_format(const std::string &path) {
    const std::string suffix = ".mps";  // the rule of wsp_host_ilp_write
    const bool mps = path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
    return mps ? "mps" : "lp";
}

}  // namespace host
}  // namespace wsp
