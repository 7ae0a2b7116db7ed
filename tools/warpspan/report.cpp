#include "report.hpp"

#include <cstdio>
#include <iomanip>
#include <sstream>
#include <string>

#include "arch_presets.hpp"
#include "ascii_chart.hpp"
#include "preset_bracket.hpp"
#include "exact_run.hpp"

namespace wsp_cli {

namespace {

const char kLetters[] = "LCSD";

std::string sigma_text(const wsp_problem *p, int u) {
    const uint32_t num = wsp_problem_sigma_numerator(p, static_cast<uint32_t>(u));
    const uint32_t den = wsp_problem_sigma_denominator(p, static_cast<uint32_t>(u));
    return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
}

// The names of the used types whose sigma exceeds 1: why the paper's formula is not a bound.
std::string unsafe_types(const wsp_problem *p) {
    std::string out;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t unit = static_cast<uint32_t>(u);
        if (wsp_problem_count(p, unit) > 0 && wsp_problem_sigma(p, unit) > 1)
            out += (out.empty() ? "" : ", ") + std::string("sigma_") + kLetters[u] + " = " +
                   std::to_string(wsp_problem_sigma(p, unit));
    }
    return out;
}

void json_array(std::ostream &out, const std::vector<uint32_t> &v) {
    out << '[';
    for (size_t i = 0; i < v.size(); ++i) out << (i ? ", " : "") << v[i];
    out << ']';
}

// Kernel strings hold only L, C, S, D after normalisation, but escape anyway.
std::string json_string(const std::string &s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) continue;
        out += c;
    }
    return out + "\"";
}

}  // namespace

void write_chart(std::ostream &out, const wsp_problem *p, const std::vector<uint32_t> &cycles,
                 uint32_t makespan, uint32_t width) {
    out << ascii_chart(schedule_facts(p, "", cycles, makespan), width);
}

namespace {

std::string seconds_text(double s) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(s < 10 ? 3 : 1) << s << " s";
    return o.str();
}

std::string mib_text(size_t bytes) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / (1 << 20) << " MiB";
    return o.str();
}

void write_exact_text(std::ostream &out, const ExactRun &run) {
    const wsp_exact_result &r = run.result;
    out << "exact (states of warp positions, descending probes)\n";
    out << "  status        " << exact_status_name(r);
    if (const char *why = exact_stop_reason(run)) out << "   (stopped by the " << why << " budget)";
    out << "\n";
    out << "  bracket       [" << r.lower << ", " << r.upper << "]\n";
    out << "  search        " << r.probes << " probes, " << r.expanded << " states expanded, "
        << r.stored << " stored (table of " << r.capacity << "), " << seconds_text(run.seconds)
        << "; memory budget " << mib_text(run.memory) << "\n\n";
}

std::string t0_text(uint32_t t0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", t0 == WSP_ANNEAL_T0_ZERO ? 0.0 : t0 / 65536.0);
    return buf;
}

void write_anneal_text(std::ostream &out, const AnnealRun &run) {
    out << "anneal (paper 003: simulated annealing over pseudo-precedence strings; a lower bound)\n";
    out << "  best          " << run.lower << "   restart " << run.best + 1 << " ("
        << init_name(run.instances[run.best].init) << ", seed " << run.instances[run.best].seed
        << ")\n";
    out << "  restarts      " << run.instances.size() << " x " << run.iterations
        << " iterations" << (run.calibrated ? " (fitted to --timeout)" : "") << ", T0 " << t0_text(run.t0) << ", " << moves_name(run.moves) << " moves; stopped by "
        << anneal_stop_reason(run) << "\n";
    out << "  time          " << seconds_text(run.seconds) << ", " << run.iterations_done
        << " iterations in all\n";
    out << "  per restart   init            seed   initial   best   at iteration   stop\n";
    for (size_t k = 0; k < run.instances.size(); ++k) {
        const AnnealInstance &i = run.instances[k];
        char line[160];
        const bool optimal = i.result.stop == WSP_STOP_FINISHED && i.result.lower == i.result.upper;
        const char *stop = optimal ? "optimal"
                           : i.timed_out ? (i.result.iterations == 0 ? "skipped" : "time")
                                         : "done";
        std::snprintf(line, sizeof line, "    %-3zu         %-15s %-6llu %-9u %-6u %-14llu %s\n", k + 1,
                      init_name(i.init), static_cast<unsigned long long>(i.seed), i.result.initial,
                      i.result.lower, static_cast<unsigned long long>(i.result.best_iteration), stop);
        out << line;
    }
    out << "\n";
}

void json_anneal(std::ostream &out, const AnnealRun &run) {
    const AnnealInstance &best = run.instances[run.best];
    out << "{\"lower\": " << run.lower << ", \"stopped_by\": \"" << anneal_stop_reason(run)
        << "\", \"iterations\": " << run.iterations << ", \"calibrated\": "
        << (run.calibrated ? "true" : "false") << ", \"iterations_done\": " << run.iterations_done
        << ", \"seconds\": " << run.seconds << ", \"t0\": " << t0_text(run.t0)
        << ", \"moves\": \"" << moves_name(run.moves) << "\", \"restarts\": [";
    for (size_t k = 0; k < run.instances.size(); ++k) {
        const AnnealInstance &i = run.instances[k];
        out << (k ? ", " : "") << "{\"init\": \"" << init_name(i.init) << "\", \"seed\": " << i.seed
            << ", \"initial\": " << i.result.initial << ", \"lower\": " << i.result.lower
            << ", \"iterations\": " << i.result.iterations << ", \"best_iteration\": "
            << i.result.best_iteration << ", \"accepted\": " << i.result.accepted
            << ", \"seconds\": " << i.seconds << ", \"timed_out\": "
            << (i.timed_out ? "true" : "false") << "}";
    }
    out << "], \"best_restart\": " << run.best + 1 << ", \"witness\": ";
    json_array(out, best.witness);
    out << "}";
}

void write_estimate_text(std::ostream &out, uint32_t W, const Estimate &e) {
    out << "estimate (paper 004 Eq. 40-41, x = " << e.x << ")   NOT a bound: see docs/errata.md\n";
    out << "  value         " << e.value << " = ceil(" << W << "/" << e.y << ") * T(" << e.y << ")"
        << (e.complete ? "" : "   (some T(y) only bracketed: their upper ends were used)") << "\n";
    out << "  T(y)          ";
    for (size_t k = 0; k < e.terms.size(); ++k) {
        const ExactRun &t = e.terms[k];
        out << (k ? ", " : "") << "T(" << t.warps << ") = ";
        if (t.result.stop == WSP_STOP_FINISHED)
            out << t.result.lower;
        else
            out << "[" << t.result.lower << ", " << t.result.upper << "]";
    }
    out << "\n\n";
}

const char *format_text(const std::string &path) {
    return std::string(ilp_model_format(path)) == "mps" ? "free MPS" : "lp_solve LP format";
}

void write_ilp_text(std::ostream &out, const IlpRun &run, const std::optional<std::string> &model) {
    const wsp_host_ilp_result &r = run.result;
    const bool optimal = r.stop == WSP_STOP_FINISHED;
    out << "ilp (paper 004 Fig. 3, lp_solve; " << constraints_name(run.constraints)
        << " work-conserving rows)\n";
    out << "  status        " << ilp_status_name(r.stop);
    if (!optimal)
        out << "   (stopped " << (r.stop == WSP_STOP_TIME ? "by --timeout" : "early")
            << ": lower is only a witnessed lower bound, upper is the horizon)";
    out << "\n";
    out << "  lower         " << r.lower
        << (r.lower == 0 ? "   (no schedule found yet)" : optimal ? "" : "   (best schedule found)") << "\n";
    out << "  upper         " << r.upper << (optimal ? "   proven optimal" : "   (the horizon)") << "\n";
    out << "  horizon       " << r.horizon << "   (the model's last cycle: the safe bound)\n";
    out << "  model         " << r.columns << " columns, " << r.rows << " rows, " << r.nonzeros
        << " nonzeros\n";
    out << "  search        " << r.nodes << " branch-and-bound nodes; built in "
        << seconds_text(r.build_seconds) << ", " << seconds_text(r.seconds) << " in all\n";
    if (model) out << "  model file    " << *model << " (" << format_text(*model) << ")\n";
    out << "\n";
}

// --write-lp without --method ilp: only the file.
void write_ilp_model_text(std::ostream &out, const std::string &path, uint32_t c) {
    out << "ilp model (paper 004 Fig. 3; " << constraints_name(c) << " work-conserving rows)\n";
    out << "  model file    " << path << " (" << format_text(path) << ")\n\n";
}

void json_ilp(std::ostream &out, const IlpRun &run) {
    const wsp_host_ilp_result &r = run.result;
    out << "{\"status\": \"" << ilp_status_name(r.stop) << "\", \"constraints\": \""
        << constraints_name(run.constraints) << "\", \"lower\": " << r.lower << ", \"upper\": " << r.upper
        << ", \"horizon\": " << r.horizon << ", \"seconds\": " << r.seconds
        << ", \"build_seconds\": " << r.build_seconds << ", \"columns\": " << r.columns
        << ", \"rows\": " << r.rows << ", \"nonzeros\": " << r.nonzeros << ", \"nodes\": " << r.nodes
        << ", \"witness\": ";
    json_array(out, r.lower > 0 ? run.witness : std::vector<uint32_t>{});
    out << "}";
}

void json_exact(std::ostream &out, const ExactRun &run, bool with_witness) {
    const wsp_exact_result &r = run.result;
    const char *why = exact_stop_reason(run);
    out << "{\"status\": \"" << exact_status_name(r) << "\", \"stopped_by\": "
        << (why ? std::string("\"") + why + "\"" : std::string("null")) << ", \"lower\": " << r.lower
        << ", \"upper\": " << r.upper << ", \"seconds\": " << run.seconds
        << ", \"probes\": " << r.probes << ", \"expanded\": " << r.expanded
        << ", \"stored\": " << r.stored << ", \"capacity\": " << r.capacity
        << ", \"memory_bytes\": " << run.memory;
    if (with_witness) {
        out << ", \"witness\": ";
        json_array(out, run.witness);
    }
    out << "}";
}

}  // namespace

void write_text(std::ostream &out, const Settings &s, const Analysis &a) {
    const wsp_problem *p = a.problem;
    const wsp_bounds &b = a.bounds;
    const uint32_t W = wsp_problem_warps(p);
    out << "warpspan " << wsp_version() << ": worst-case makespan of " << W
        << " identical warps on one SM\n\n";
    out << "problem\n";
    out << "  kernel        " << s.kernel->value << "\n";
    out << "  normalised    " << wsp_problem_kernel(p) << "\n";
    out << "  I             " << wsp_problem_length(p) << " (";
    bool first = true;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t n = wsp_problem_count(p, static_cast<uint32_t>(u));
        if (n == 0) continue;
        out << (first ? "" : ", ") << kLetters[u] << " " << n;
        first = false;
    }
    out << ")\n";
    out << "  warps W       " << W << "\n";
    out << "  sigma         ";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        out << (u ? ", " : "") << kLetters[u] << " " << sigma_text(p, u);
    out << "   (units / warp size; fractions become copies)\n";
    out << "  schedulers    "
        << (wsp_problem_schedulers(p) ? std::to_string(wsp_problem_schedulers(p)) : "no limit") << "\n";
    if (s.arch) {
        const ArchPreset *preset = find_arch_preset(s.arch->value);
        out << "  arch          " << s.arch->value << " (" << (preset ? preset->chip : "?")
            << " preset, under any explicit units, warp size or schedulers)\n";
    }
    out << "\n";

    out << "bounds on T(" << W << ")\n";
    out << "  upper         " << b.upper << "   proven: the least bound below (" << wsp_bound_name(b.upper_id)
        << ")\n";
    out << "    W*I           " << b.bound[WSP_BOUND_TRIVIAL] << "\n";
    out << "    saturation    " << b.bound[WSP_BOUND_SATURATION] << "   (docs/bounds.md, scheduler-aware)\n";
    out << "    last warp     " << b.bound[WSP_BOUND_LAST_WARP] << "   (waiting cycles of the last warp)\n";
    for (uint32_t id = WSP_BOUND_LAST_WARP + 1; id < WSP_BOUND_SLOTS; ++id) {  // the library's newer bounds
        if (b.bound[id] == 0) continue;
        const std::string name = wsp_bound_name(id);
        out << "    " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << b.bound[id]
            << "   (docs/bounds.md)\n";
    }
    out << "  paper         " << b.paper << "   paper 004 Eq. 5-7: ";
    if (b.paper_safe)
        out << "safe here (every used type has sigma 1, so it equals W*I)\n";
    else
        out << "NOT a safe bound here (" << unsafe_types(p) << "); reported, never used\n";
    out << "\n";
    if (a.anneal) write_anneal_text(out, *a.anneal);
    if (a.exact) write_exact_text(out, *a.exact);
    if (a.ilp) write_ilp_text(out, *a.ilp, s.write_lp);
    else if (s.write_lp) write_ilp_model_text(out, *s.write_lp, ilp_constraints(s));
    if (a.estimate) write_estimate_text(out, W, *a.estimate);

    out << "result\n";
    if (a.witness)
        out << "  lower         " << a.lower << "   witnessed by " << a.witness_source
            << " (the schedule below, validated)\n";
    else
        out << "  lower         0   (no witness: give --witness or --method anneal, exact or ilp)\n";
    out << "  upper         " << a.upper << "   proven by " << a.upper_source << "\n\n";
    const PresetBracket pb = preset_bracket(s, a);
    const std::string only = pb.applies ? " for this preset's values only" : "";
    if (a.lower == a.upper)
        out << "T(" << W << ") = " << a.upper << " exactly" << (pb.applies ? ", exact for this preset's values" : "") << ".\n";
    else
        out << "T(" << W << ") lies in [" << a.lower << ", " << a.upper << "]" << only << ".\n";
    if (pb.applies)
        out << "Over the " << pb.readings << " plausible readings of " << s.arch->value << " (" << pb.uncertain << "): T("
            << W << ") lies in [" << pb.lower << ", " << pb.upper << "].\n";

    if (a.witness) {
        out << "\nwitness schedule (makespan " << a.witness->makespan
            << "; letter = issue, . = waiting, validated)\n";
        write_chart(out, p, a.witness->cycles, a.witness->makespan, 100);
    }
}

void write_json(std::ostream &out, const Settings &s, const Analysis &a) {
    const wsp_problem *p = a.problem;
    const wsp_bounds &b = a.bounds;
    out << "{\"problem\": {\"kernel\": " << json_string(wsp_problem_kernel(p))
        << ", \"input_kernel\": " << json_string(s.kernel->value)
        << ", \"warps\": " << wsp_problem_warps(p) << ", \"length\": " << wsp_problem_length(p)
        << ", \"sigma\": {";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        out << (u ? ", " : "") << '"' << kLetters[u]
            << "\": " << wsp_problem_sigma(p, static_cast<uint32_t>(u));
    out << "}, \"copies\": {";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        out << (u ? ", " : "") << '"' << kLetters[u]
            << "\": " << wsp_problem_copies(p, static_cast<uint32_t>(u));
    out << "}, \"schedulers\": " << wsp_problem_schedulers(p)
        << ", \"arch\": " << (s.arch ? json_string(s.arch->value) : std::string("null")) << "},\n";
    out << " \"lower\": " << a.lower << ", \"upper\": " << a.upper
        << ", \"exact\": " << (a.lower == a.upper ? "true" : "false") << ",\n";
    const PresetBracket pb = preset_bracket(s, a);
    if (pb.applies)
        out << " \"preset_readings\": {\"note\": \"lower/upper above are for the preset's values only\", \"uncertain\": "
            << json_string(pb.uncertain) << ", \"readings\": " << pb.readings << ", \"lower\": " << pb.lower
            << ", \"upper\": " << pb.upper << "},\n";
    out << " \"results\": {\n";
    out << "  \"bound\": {\"upper\": " << b.upper << ", \"trivial\": " << b.bound[WSP_BOUND_TRIVIAL]
        << ", \"saturation\": " << b.bound[WSP_BOUND_SATURATION] << ", \"last_warp\": " << b.bound[WSP_BOUND_LAST_WARP]
        << ", \"paper\": " << b.paper << ", \"paper_safe\": " << (b.paper_safe ? "true" : "false");
    for (uint32_t id = WSP_BOUND_LAST_WARP + 1; id < WSP_BOUND_SLOTS; ++id)  // the library's newer bounds
        if (b.bound[id] != 0) out << ", \"" << wsp_bound_name(id) << "\": " << b.bound[id];
    out << ", \"upper_from\": \"" << wsp_bound_name(b.upper_id) << "\"}";
    if (a.given) {
        out << ",\n  \"witness\": {\"lower\": " << a.given->makespan << ", \"validated\": true"
            << ", \"witness\": ";
        json_array(out, a.given->string);
        out << ", \"warp_cycle\": ";
        json_array(out, a.given->warp_cycle);
        out << "}";
    }
    if (a.anneal) {
        out << ",\n  \"anneal\": ";
        json_anneal(out, *a.anneal);
    }
    if (a.exact) {
        out << ",\n  \"exact\": ";
        json_exact(out, *a.exact, true);
    }
    if (a.ilp) {
        out << ",\n  \"ilp\": ";
        json_ilp(out, *a.ilp);
    }
    if (s.write_lp) {
        out << ",\n  \"ilp_model\": {\"file\": " << json_string(*s.write_lp) << ", \"format\": \""
            << ilp_model_format(*s.write_lp) << "\", \"constraints\": \""
            << constraints_name(ilp_constraints(s)) << "\"}";
    }
    if (a.estimate) {
        const Estimate &e = *a.estimate;
        out << ",\n  \"estimate\": {\"value\": " << e.value << ", \"x\": " << e.x << ", \"y\": " << e.y
            << ", \"safe\": false, \"complete\": " << (e.complete ? "true" : "false") << ", \"T\": [";
        for (size_t k = 0; k < e.terms.size(); ++k) {
            out << (k ? ", " : "") << "{\"warps\": " << e.terms[k].warps << ", \"exact\": ";
            json_exact(out, e.terms[k], false);
            out << "}";
        }
        out << "]}";
    }
    out << "}}\n";
}

}  // namespace wsp_cli
