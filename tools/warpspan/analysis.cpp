#include "analysis.hpp"

#include <string>

#include "exact_run.hpp"

namespace wsp_cli {

std::vector<uint64_t> workspace(size_t bytes) { return std::vector<uint64_t>((bytes + 7) / 8, 0); }

bool decode_witness(const wsp_problem *p, const std::vector<uint32_t> &string, const std::string &what,
                    Witness &w, Error &error) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    w.string = string;
    w.warp_cycle.assign(w.string.size(), 0);
    w.cycles.assign(n, 0);
    wsp_diag d{};
    size_t bytes = 0;
    wsp_status st = wsp_schedule_workspace_size(p, &bytes, &d);
    std::vector<uint64_t> ws = workspace(bytes);
    if (st == WSP_OK)
        st = wsp_schedule_decode(p, w.string.data(), w.string.size(), ws.data(), ws.size() * 8,
                                 w.warp_cycle.data(), w.cycles.data(), &w.makespan, &d);
    if (st != WSP_OK) {
        error = {st == WSP_ERR_INTERNAL ? kExitInternal : kExitInput, what + ": " + d.message};
        return false;
    }
    // Independent check before the schedule is believed (the same workspace serves both).
    uint32_t checked = 0;
    st = wsp_schedule_validate(p, w.cycles.data(), n, ws.data(), ws.size() * 8, &checked, &d);
    if (st != WSP_OK || checked != w.makespan) {
        error = {kExitInternal, "internal: the validator rejects the schedule of " + what + ": " +
                                    d.message};
        return false;
    }
    return true;
}

namespace {

// Where the value behind a core error came from, so the message points at a file line or a flag:
// the input the error is about (diag.field) and, for per-type values, its unit (diag.unit).
std::string origin_of(const Settings &s, const wsp_diag &d) {
    const bool unit = d.unit >= 0 && d.unit < WSP_UNIT_COUNT;
    switch (d.field) {
        case WSP_FIELD_KERNEL:
            // A normalised kernel too long is the configuration's doing as much as the string's.
            return d.status == WSP_ERR_OVERFLOW ? "problem" : s.kernel->origin;
        case WSP_FIELD_WARPS:
            // W*I too large: the kernel's length is as much to blame, but the warp count is what
            // a person changes.
            return d.status == WSP_ERR_OVERFLOW ? "problem" : s.warps->origin;
        case WSP_FIELD_WARP_SIZE:
            return s.warp_size ? s.warp_size->origin : "configuration";
        case WSP_FIELD_SCHEDULERS:
            return s.schedulers ? s.schedulers->origin : "configuration";
        case WSP_FIELD_LATENCY:
            if (unit && s.latency[d.unit]) return s.latency[d.unit]->origin;
            return "configuration";
        case WSP_FIELD_UNITS:
            // sigma = units / warp size: the units if they were given, else the warp size.
            if (unit && s.units[d.unit]) return s.units[d.unit]->origin;
            if (d.status == WSP_ERR_SIGMA && s.warp_size) return s.warp_size->origin;
            return "configuration";
        default:
            return "problem";
    }
}

bool wants(const Settings &s, const char *method) {
    for (const std::string &m : s.methods)
        if (m == method) return true;
    return false;
}

// Keeps the longest validated schedule as the witness of `lower`.
void offer_witness(Analysis &a, const Witness &w, const char *source) {
    if (a.witness && a.witness->makespan >= w.makespan) return;
    a.witness = w;
    a.witness_source = source;
    if (w.makespan > a.lower) a.lower = w.makespan;
}

// Keeps the least proven upper bound and every method that proves it, so the report names them.
void offer_upper(Analysis &a, uint64_t upper, const char *source) {
    if (upper < a.upper) {
        a.upper = upper;
        a.upper_source = source;
    } else if (upper == a.upper) {
        a.upper_source += std::string(", ") + source;
    }
}

// The ILP's schedule (when it found one) and, when it proved optimality, its upper bound. A timed
// out ILP proves nothing beyond its horizon, the safe bound already counted.
bool add_ilp(const Settings &s, Analysis &a, Error &error) {
    IlpRun run;
    if (!run_ilp(s, a, run, error)) return false;
    if (run.result.lower > 0) {
        Witness w;
        if (!decode_witness(a.problem, run.witness, "the ILP's witness", w, error)) return false;
        if (w.makespan != run.result.lower) {
            error = {kExitInternal, "internal: the ILP's witness does not decode to its lower bound"};
            return false;
        }
        offer_witness(a, w, "ilp");
    }
    if (run.result.stop == WSP_STOP_FINISHED) offer_upper(a, run.result.upper, "ilp");
    a.ilp = std::move(run);
    return true;
}

}  // namespace

bool analyse(const Settings &s, Analysis &a, Error &error) {
    if (!check_ilp_built(s, error)) return false;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (s.units[u]) a.sm.units[u] = s.units[u]->value;
        if (s.latency[u]) a.sm.latency[u] = s.latency[u]->value;
    }
    if (s.warp_size) a.sm.warp_size = s.warp_size->value;
    if (s.schedulers) a.sm.schedulers = s.schedulers->value;

    wsp_diag d{};
    size_t size = 0;
    wsp_status st = wsp_problem_workspace_size(s.kernel->value.c_str(), s.warps->value, &a.sm, &size, &d);
    if (st == WSP_OK) {
        a.problem_storage = workspace(size);
        st = wsp_problem_init(s.kernel->value.c_str(), s.warps->value, &a.sm, a.problem_storage.data(),
                              a.problem_storage.size() * 8, &a.problem, &d);
    }
    if (st != WSP_OK) {
        error = {kExitInput, origin_of(s, d) + ": " + d.message};
        return false;
    }
    if (wsp_bounds_compute(a.problem, &a.bounds, &d) != WSP_OK) {
        error = {kExitInternal, "internal: bounds failed on a valid problem"};
        return false;
    }
    a.upper = a.bounds.upper;
    a.upper_source = "the bound";
    if (s.witness) {
        Witness w;
        if (!decode_witness(a.problem, *s.witness, "--witness", w, error)) return false;
        a.given = w;
        offer_witness(a, w, "--witness");
    }
    // The export comes before the methods: a bad file name fails before any of them spends its time.
    if (s.write_lp && !write_ilp_model(s, a, error)) return false;
    if (wants(s, "anneal")) {
        AnnealRun run;
        if (!run_anneal(s, a, run, error)) return false;
        Witness w;
        const std::vector<uint32_t> &best = run.instances[run.best].witness;
        if (!decode_witness(a.problem, best, "the annealer's witness", w, error)) return false;
        if (w.makespan != run.lower) {
            error = {kExitInternal, "internal: the annealer's witness does not decode to its result"};
            return false;
        }
        offer_witness(a, w, "anneal");
        a.anneal = std::move(run);
    }
    if (wants(s, "exact")) {
        ExactRun run;
        if (!run_exact(s, a, run, error)) return false;
        Witness w;
        if (!decode_witness(a.problem, run.witness, "the exact solver's witness", w, error)) return false;
        if (w.makespan != run.result.lower) {
            error = {kExitInternal, "internal: the exact witness does not decode to its lower bound"};
            return false;
        }
        // A bracket whose upper end is still the safe bound proves nothing new.
        if (run.result.stop == WSP_STOP_FINISHED || run.result.upper < a.bounds.upper)
            offer_upper(a, run.result.upper, "exact");
        offer_witness(a, w, "exact");
        a.exact = std::move(run);
    }
    if (wants(s, "ilp") && !add_ilp(s, a, error)) return false;
    if (wants(s, "estimate")) {
        Estimate e;
        if (!run_estimate(s, a, e, error)) return false;
        a.estimate = std::move(e);
    }
    if (a.lower > a.upper) {
        error = {kExitInternal, "internal: a witness exceeds the proven upper bound"};
        return false;
    }
    return true;
}

}  // namespace wsp_cli
