// The main command's JSON (report.hpp; docs/formats.md, docs/schema/warpspan.schema.json). Cycle counts
// are integers; wall-clock times are the keys named `seconds` or ending in `_seconds`.
#include "kernel_summary.hpp"
#include "report.hpp"

namespace wsp_cli {
namespace {

using namespace wsp::host;
using Layout = JsonWriter::Layout;

const char *const kUnitKeys[WSP_UNIT_COUNT] = {"L", "C", "S", "D"};

template <typename F>
void per_unit(JsonWriter &j, const char *name, F value) {
    j.key(name).begin_object(Layout::kInline);
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) j.member(kUnitKeys[u], value(u));
    j.end_object();
}

void ids(JsonWriter &j, const char *name, const std::vector<uint32_t> &v) {
    j.key(name).begin_array(Layout::kInline);
    for (const uint32_t x : v) j.unsigned_integer(x);
    j.end_array();
}

void problem(JsonWriter &j, const ReportInput &in) {
    const wsp_problem *p = in.analysis.problem;
    const wsp_sm_config c = resolve_defaults(in.analysis.sm);
    j.key("problem").begin_object(Layout::kInline);
    if (in.settings.full_kernel || wsp_problem_length(p) <= kKernelShown) {
        j.member("kernel", wsp_problem_kernel(p));
    } else {
        const KernelSummary s = summarise_kernel(wsp_problem_kernel(p));
        j.key("kernel").begin_object(Layout::kInline).member("length", s.length);
        j.key("counts").begin_object(Layout::kInline);
        const char *const names[] = {"L", "C", "S", "D"};
        for (int u = 0; u < 4; ++u) j.member(names[u], s.counts[u]);
        j.end_object().member("first", s.first).member("last", s.last).member("fnv1a64", hash_text(s.fnv1a64));
        j.end_object();
    }
    j.member("input_kernel", in.settings.request.kernel);
    j.member("warps", wsp_problem_warps(p)).member("length", wsp_problem_length(p));
    per_unit(j, "sigma", [&](uint32_t u) { return wsp_problem_sigma(p, u); });
    per_unit(j, "copies", [&](uint32_t u) { return wsp_problem_copies(p, u); });
    j.member("schedulers", wsp_problem_schedulers(p));
    if (in.settings.problem.arch)
        j.member("arch", in.settings.problem.arch->value);
    else
        j.key("arch").null();
    j.key("configuration").begin_object();
    per_unit(j, "units", [&](uint32_t u) { return c.units[u]; });
    per_unit(j, "latency", [&](uint32_t u) { return c.latency[u]; });
    j.member("warp_size", c.warp_size).member("schedulers", c.schedulers);
    per_unit(j, "sigma", [&](uint32_t u) {
        const uint32_t num = wsp_problem_sigma_numerator(p, u), den = wsp_problem_sigma_denominator(p, u);
        return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
    });
    j.end_object().end_object();
}

// "optimal", or why the bracket is one: "budget" (the states budget), "time", "memory", "cancelled".
const char *exact_json_status(const wsp_exact_result &r) {
    switch (r.stop) {
        case WSP_STOP_FINISHED: return "optimal";
        case WSP_STOP_BUDGET: return "budget";
        case WSP_STOP_TIME: return "time";
        case WSP_STOP_MEMORY: return "memory";
        default: return "cancelled";
    }
}

void exact(JsonWriter &j, const ExactRun &run, bool with_witness) {
    const wsp_exact_result &r = run.result;
    j.begin_object(Layout::kInline).member("status", exact_json_status(r)).key("stopped_by");
    if (const char *why = stop_reason_name(r.stop))
        j.string(why);
    else
        j.null();
    j.member("lower", r.lower).member("upper", r.upper).member("seconds", run.seconds, 6);
    j.member("probes", r.probes).member("expanded", r.expanded).member("stored", r.stored);
    j.member("capacity", r.capacity).member("memory_bytes", run.memory);
    if (with_witness) ids(j, "witness", run.witness);
    j.end_object();
}

void lower(JsonWriter &j, const LowerRun &run) {
    j.begin_object(Layout::kInline).member("lower", run.lower).member("upper", run.upper);
    j.member("stopped_by", lower_stop_name(run.stop)).member("found_by", lower_found_by_name(run.found_by));
    j.member("searches", run.jobs).member("seed", run.seed).member("work", run.work);
    j.member("work_budget", run.work_budget).member("seconds", run.seconds, 6);
    ids(j, "witness", run.witness);
    j.end_object();
}

void bracket(JsonWriter &j, const BracketRun &run) {
    j.begin_object(Layout::kInline).member("lower", run.lower).member("upper", run.upper);
    j.member("exact", run.lower == run.upper).member("bound", run.bound);
    j.member("stopped_by", lower_stop_name(run.stop)).member("found_by", bracket_found_by_name(run.found_by));
    j.member("upper_by", bracket_upper_by_name(run.upper_by)).member("seed", run.seed).member("work", run.work);
    j.member("expanded", run.expanded).member("seconds", run.seconds, 6);
    ids(j, "witness", run.witness);
    j.end_object();
}

void anneal(JsonWriter &j, const AnnealRun &run) {
    j.begin_object(Layout::kInline).member("lower", run.lower).member("stopped_by", anneal_stop_name(run));
    j.member("iterations", run.iterations).member("calibrated", run.calibrated);
    j.member("iterations_done", run.iterations_done).member("seconds", run.seconds, 6);
    j.member("t0", run.t0 == WSP_ANNEAL_T0_ZERO ? 0.0 : run.t0 / 65536.0, 4).member("moves", moves_name(run.moves));
    j.key("restarts").begin_array();
    for (const AnnealInstance &i : run.instances) {
        j.begin_object().member("init", policy_name(i.init)).member("seed", i.seed);
        j.member("initial", i.result.initial).member("lower", i.result.lower);
        j.member("iterations", i.result.iterations).member("best_iteration", i.result.best_iteration);
        j.member("accepted", i.result.accepted).member("seconds", i.seconds, 6);
        j.member("timed_out", i.result.stop == WSP_STOP_TIME).end_object();
    }
    j.end_array().member("best_restart", run.best + 1);
    ids(j, "witness", run.instances[run.best].witness);
    j.end_object();
}

void ilp(JsonWriter &j, const IlpRun &run) {
    const wsp_host_ilp_result &r = run.result;
    j.begin_object(Layout::kInline).member("status", ilp_status_name(r.stop));
    j.member("constraints", constraints_name(run.constraints)).member("lower", r.lower).member("upper", r.upper);
    j.member("horizon", r.horizon).member("seconds", r.seconds, 6).member("build_seconds", r.build_seconds, 6);
    j.member("columns", r.columns).member("rows", r.rows).member("nonzeros", r.nonzeros).member("nodes", r.nodes);
    if (run.has_lp_bound)
        j.member("lp_bound", run.lp_bound).member("lp_value", run.lp_value, 6).member("lp_seconds", run.lp_seconds, 6);
    ids(j, "witness", r.lower > 0 ? run.witness : std::vector<uint32_t>{});
    j.end_object();
}

void estimate(JsonWriter &j, const Estimate &e) {
    j.begin_object(Layout::kInline).member("value", e.value).member("x", e.x).member("y", e.y);
    j.member("safe", false).member("complete", e.complete).key("T").begin_array();
    for (const ExactRun &t : e.terms) {
        j.begin_object().member("warps", t.warps).key("exact");
        exact(j, t, false);
        j.end_object();
    }
    j.end_array().end_object();
}

}  // namespace

void write_report_json(JsonWriter &j, const ReportInput &in) {
    const Analysis &a = in.analysis;
    const Settings &s = in.settings;
    j.member("time_unit", "cycles").member("interrupted", a.stopped);
    problem(j, in);
    j.member("lower", a.lower).member("upper", a.upper).member("exact", a.lower == a.upper);
    const PresetReadings &pb = in.readings;
    if (pb.applies) {
        j.key("preset_readings").begin_object(Layout::kInline);
        j.member("note", "lower/upper above are for the preset's values only").member("uncertain", pb.uncertain);
        j.member("readings", pb.readings).member("lower", pb.lower).member("upper", pb.upper).end_object();
    }
    j.key("results").begin_object();
    const wsp_bounds &b = a.bounds;
    j.key("bound").begin_object(Layout::kInline).member("upper", a.bound_upper);
    j.member("trivial", b.bound[WSP_BOUND_TRIVIAL]).member("saturation", b.bound[WSP_BOUND_SATURATION]);
    j.member("last_warp", b.bound[WSP_BOUND_LAST_WARP]).member("paper", b.paper);
    j.member("paper_safe", b.paper_safe != 0);
    for (uint32_t id = WSP_BOUND_LAST_WARP + 1; id < WSP_BOUND_SLOTS; ++id)  // the library's newer bounds
        if (b.bound[id] != 0 && b.bound[id] != UINT64_MAX)  // not in this library, or not this kernel
            j.member(wsp_bound_name(id), b.bound[id]);
    if (a.slot.computed) j.member("slot", a.slot.bound);
    else j.key("slot").null();
    j.member("slot_iterations", a.slot.iterations);
    if (a.passage.computed) j.member("passage", a.passage.bound);
    else j.key("passage").null();
    j.member("upper_from", a.bound_from).end_object();
    if (a.given) {
        j.key("witness").begin_object(Layout::kInline).member("lower", a.given->makespan).member("validated", true);
        ids(j, "witness", a.given->string);
        ids(j, "warp_cycle", a.given->warp_cycle);
        j.end_object();
    }
    if (a.lower_search) lower(j.key("lower"), *a.lower_search);
    if (a.bracket) bracket(j.key("bracket"), *a.bracket);
    if (a.anneal) anneal(j.key("anneal"), *a.anneal);
    if (a.exact) exact(j.key("exact"), *a.exact, true);
    if (a.ilp) ilp(j.key("ilp"), *a.ilp);
    if (s.write_lp) {
        j.key("ilp_model").begin_object(Layout::kInline).member("file", *s.write_lp);
        j.member("format", ilp_model_format(*s.write_lp));
        j.member("constraints", constraints_name(s.request.ilp_constraints)).end_object();
    }
    if (a.estimate) estimate(j.key("estimate"), *a.estimate);
    j.end_object();
}

}  // namespace wsp_cli
