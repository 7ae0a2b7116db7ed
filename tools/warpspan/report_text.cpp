// The main command's report for a person (report.hpp).
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <string>

#include "ascii_chart.hpp"
#include "host/arch/arch_presets.hpp"
#include "plural.hpp"
#include "kernel_summary.hpp"
#include "report.hpp"

namespace wsp_cli {
namespace {

using namespace wsp::host;

const char kLetters[] = "LCSD";

std::string sigma_text(const wsp_problem *p, int u) {
    const uint32_t num = wsp_problem_sigma_numerator(p, static_cast<uint32_t>(u));
    const uint32_t den = wsp_problem_sigma_denominator(p, static_cast<uint32_t>(u));
    return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
}

// The names of the used types whose sigma exceeds 1: why the paper's formula is not a bound.
std::string unsafe_types(const wsp_problem *p) {
    std::string out;
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u)
        if (wsp_problem_count(p, u) > 0 && wsp_problem_sigma(p, u) > 1)
            out += (out.empty() ? "" : ", ") + std::string("sigma_") + kLetters[u] + " = " +
                   std::to_string(wsp_problem_sigma(p, u));
    return out;
}

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

std::string t0_text(uint32_t t0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", t0 == WSP_ANNEAL_T0_ZERO ? 0.0 : t0 / 65536.0);
    return buf;
}

void write_problem(std::ostream &out, const ReportInput &in) {
    const wsp_problem *p = in.analysis.problem;
    out << "problem\n";
    out << "  kernel        " << in.settings.request.kernel << "\n";
    if (in.settings.full_kernel || wsp_problem_length(p) <= kKernelShown)
        out << "  normalised    " << wsp_problem_kernel(p) << "\n";
    else
        out << "  normalised    " << summary_text(summarise_kernel(wsp_problem_kernel(p))) << "; --full-kernel prints it\n";
    out << "  I             " << wsp_problem_length(p) << " (";
    bool first = true;
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t n = wsp_problem_count(p, u);
        if (n == 0) continue;
        out << (first ? "" : ", ") << kLetters[u] << " " << n;
        first = false;
    }
    out << ")\n";
    out << "  warps W       " << wsp_problem_warps(p) << "\n";
    out << "  sigma         ";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) out << (u ? ", " : "") << kLetters[u] << " " << sigma_text(p, u);
    out << "   (units / warp size; fractions become copies)\n";
    out << "  schedulers    " << (wsp_problem_schedulers(p) ? std::to_string(wsp_problem_schedulers(p)) : "no limit")
        << "\n";
    if (in.settings.problem.arch) {
        const ArchPreset *preset = find_arch_preset(in.settings.problem.arch->value);
        out << "  arch          " << in.settings.problem.arch->value << " (" << (preset ? preset->chip : "?")
            << " preset, under any explicit units, warp size or schedulers)\n";
    }
    out << "\n";
}

// The slot bound's value and what it cost, or why there is none.
std::string slot_text(const Analysis &a) {
    const wsp::SlotBound &s = a.slot;
    const uint32_t I = wsp_problem_length(a.problem);
    if (s.computed)
        return std::to_string(s.bound) + "   (docs/bounds.md 6c, a linear program on the host: " +
               (s.lpsolve ? plural(s.iterations, "simplex iteration", "simplex iterations") + " of lp_solve)"
                          : std::string("the built-in simplex, no lp_solve in this build)"));
    if (I > wsp::kSlotHostLength)
        return "not computed   (I = " + std::to_string(I) + " > " + std::to_string(wsp::kSlotHostLength) +
               " normalised instructions: the linear program grows with I^2)";
    if (s.iterations > 0)
        return "not computed   (lp_solve found no optimum within " + plural(s.iterations, "simplex iteration", "simplex iterations") + ")";
    return "not computed   (I = " + std::to_string(I) + " > " + std::to_string(wsp::kDenseLength) +
           " without lp_solve in this build)";
}

void write_bounds(std::ostream &out, const Analysis &a) {
    const wsp_bounds &b = a.bounds;
    out << "bounds on T(" << wsp_problem_warps(a.problem) << ")\n";
    out << "  upper         " << a.bound_upper << "   proven: the least bound below (" << a.bound_from << ")\n";
    out << "    W*I           " << b.bound[WSP_BOUND_TRIVIAL] << "\n";
    out << "    saturation    " << b.bound[WSP_BOUND_SATURATION] << "   (docs/bounds.md, scheduler-aware)\n";
    out << "    last warp     " << b.bound[WSP_BOUND_LAST_WARP] << "   (waiting cycles of the last warp)\n";
    for (uint32_t id = WSP_BOUND_LAST_WARP + 1; id < WSP_BOUND_SLOTS; ++id) {  // the library's newer bounds
        if (b.bound[id] == 0 || b.bound[id] == UINT64_MAX) continue;  // not in this library, or not this kernel
        const std::string name = wsp_bound_name(id);
        out << "    " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << b.bound[id]
            << "   (docs/bounds.md)\n";
    }
    out << "    slot          " << slot_text(a) << "\n";
    if (a.passage.computed)
        out << "    passage       " << a.passage.bound << "   (docs/bounds.md 6d, on the host: " << a.passage.sweeps
            << " sweeps over the passages' cycles)\n";
    else
        out << "    passage       not computed   (I <= 24 and W <= 16 only)\n";
    out << "  paper         " << b.paper << "   paper 004 Eq. 5-7: ";
    if (b.paper_safe)
        out << "safe here (every used type has sigma 1, so it equals W*I)\n";
    else
        out << "NOT a safe bound here (" << unsafe_types(a.problem) << "); reported, never used\n";
    out << "\n";
}

void write_exact(std::ostream &out, const ExactRun &run) {
    const wsp_exact_result &r = run.result;
    out << "exact (states of warp positions, descending probes)\n";
    out << "  status        " << exact_status_name(r);
    if (const char *why = stop_reason_name(r.stop))
        out << (r.stop == WSP_STOP_CANCELLED ? std::string("   (stopped by Ctrl-C)")
                                             : std::string("   (stopped by the ") + why + " budget)");
    out << "\n";
    out << "  bracket       [" << r.lower << ", " << r.upper << "]\n";
    out << "  search        " << plural(r.probes, "probe", "probes") << ", "
        << plural(r.expanded, "state expanded", "states expanded") << ", " << r.stored << " stored (table of "
        << r.capacity << "), " << seconds_text(run.seconds) << "; memory budget "
        << mib_text(run.memory) << "\n\n";
}

void write_bracket(std::ostream &out, const BracketRun &run) {
    out << "bracket (one budget: witness search, exact search from its witness, witness search again)\n";
    out << "  bracket       [" << run.lower << ", " << run.upper << "]"
        << (run.lower == run.upper ? "   (T(W) exactly)" : "") << "\n";
    out << "  lower         " << run.lower << "   witnessed, found by " << bracket_found_by_name(run.found_by) << "\n";
    out << "  upper         " << run.upper << "   proven by " << bracket_upper_by_name(run.upper_by)
        << " (the closed-form bound: " << run.bound << ")\n";
    out << "  stopped by    " << lower_stop_name(run.stop) << "\n";
    out << "  search        seed " << run.seed << ", " << run.work << " units of work (" << run.expanded
        << " exact states), " << seconds_text(run.seconds) << "\n\n";
}

void write_lower(std::ostream &out, const LowerRun &run) {
    out << "lower (witness search: dispatch policies, beam search over the exact solver's states, annealing; "
           "a lower bound)\n";
    out << "  best          " << run.lower << "   found by " << lower_found_by_name(run.found_by) << "\n";
    out << "  stopped by    " << lower_stop_name(run.stop)
        << (run.stop == WSP_STOP_FINISHED ? std::string("   (the witness meets the proven bound ") +
                                                std::to_string(run.upper) + ": it is T(W))"
                                          : std::string("   (the proven bound it stops at: ") + std::to_string(run.upper) +
                                                ")")
        << "\n";
    out << "  search        " << plural(run.jobs, "search", "searches") << " (seed " << run.seed << "), " << run.work
        << " units of work";
    if (run.work_budget != 0) out << " of " << run.work_budget;
    out << ", " << seconds_text(run.seconds) << "\n\n";
}

void write_anneal(std::ostream &out, const AnnealRun &run) {
    const AnnealInstance &best = run.instances[run.best];
    out << "anneal (paper 003: simulated annealing over pseudo-precedence strings; a lower bound)\n";
    out << "  best          " << run.lower << "   restart " << run.best + 1 << " (" << policy_name(best.init)
        << ", seed " << best.seed << ")\n";
    out << "  restarts      " << run.instances.size() << " x " << run.iterations << " iterations"
        << (run.calibrated ? " (fitted to --timeout)" : "") << ", T0 " << t0_text(run.t0) << ", "
        << moves_name(run.moves) << " moves; stopped by " << anneal_stop_name(run) << "\n";
    out << "  time          " << seconds_text(run.seconds) << ", " << run.iterations_done << " iterations in all\n";
    out << "  per restart   init            seed   initial   best   at iteration   stop\n";
    for (size_t k = 0; k < run.instances.size(); ++k) {
        const AnnealInstance &i = run.instances[k];
        const bool optimal = i.result.stop == WSP_STOP_FINISHED && i.result.lower == i.result.upper;
        const char *stop = optimal                                  ? "optimal"
                           : i.result.stop == WSP_STOP_CANCELLED    ? "cancelled"
                           : i.result.stop == WSP_STOP_TIME         ? (i.result.iterations == 0 ? "skipped" : "time")
                                                                    : "done";
        char line[160];
        std::snprintf(line, sizeof line, "    %-3zu         %-15s %-6llu %-9u %-6u %-14llu %s\n", k + 1,
                      policy_name(i.init), static_cast<unsigned long long>(i.seed), i.result.initial, i.result.lower,
                      static_cast<unsigned long long>(i.result.best_iteration), stop);
        out << line;
    }
    out << "\n";
}

void write_estimate(std::ostream &out, uint32_t W, const Estimate &e) {
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

void write_ilp(std::ostream &out, const IlpRun &run, const std::optional<std::string> &model) {
    const wsp_host_ilp_result &r = run.result;
    const bool optimal = r.stop == WSP_STOP_FINISHED;
    out << "ilp (paper 004 Fig. 3, lp_solve; " << constraints_name(run.constraints)
        << (run.constraints == WSP_HOST_ILP_STRONG ? " formulation)\n" : " work-conserving rows)\n");
    out << "  status        " << ilp_status_name(r.stop);
    if (!optimal)
        out << "   (stopped " << (r.stop == WSP_STOP_TIME ? "by --timeout" : "by Ctrl-C")
            << ": lower is only a witnessed lower bound, upper is the horizon)";
    out << "\n";
    out << "  lower         " << r.lower
        << (r.lower == 0 ? "   (no schedule found yet)" : optimal ? "" : "   (best schedule found)") << "\n";
    out << "  upper         " << r.upper << (optimal ? "   proven optimal" : "   (the horizon)") << "\n";
    out << "  horizon       " << r.horizon << "   (the model's last cycle: the safe bound)\n";
    if (run.has_lp_bound)
        out << "  lp bound      " << run.lp_bound << "   (proven: the LP relaxation's value " << run.lp_value
            << " rounded down, in " << seconds_text(run.lp_seconds) << ")\n";
    out << "  model         " << plural(r.columns, "column", "columns") << ", " << plural(r.rows, "row", "rows") << ", "
        << plural(r.nonzeros, "nonzero", "nonzeros") << "\n";
    out << "  search        " << plural(r.nodes, "branch-and-bound node", "branch-and-bound nodes") << "; built in "
        << seconds_text(r.build_seconds) << ", "
        << seconds_text(r.seconds) << " in all\n";
    if (model) out << "  model file    " << *model << " (" << format_text(*model) << ")\n";
    out << "\n";
}

void write_result(std::ostream &out, const ReportInput &in) {
    const Analysis &a = in.analysis;
    const uint32_t W = wsp_problem_warps(a.problem);
    out << "result\n";
    if (a.witness)
        out << "  lower         " << a.lower << "   witnessed by " << a.witness_source
            << " (the schedule below, validated)\n";
    else
        out << "  lower         0   (no witness: give --witness or --method lower, anneal, exact or ilp)\n";
    out << "  upper         " << a.upper << "   proven by " << a.upper_source << "\n\n";
    const PresetReadings &pb = in.readings;
    if (a.lower == a.upper)
        out << "T(" << W << ") = " << a.upper << " exactly" << (pb.applies ? ", exact for this preset's values" : "")
            << ".\n";
    else
        out << "T(" << W << ") lies in [" << a.lower << ", " << a.upper << "]"
            << (pb.applies ? " for this preset's values only" : "") << ".\n";
    if (pb.applies)
        out << "Over the " << pb.readings << " plausible readings of " << in.settings.problem.arch->value << " ("
            << pb.uncertain << "): T(" << W << ") lies in [" << pb.lower << ", " << pb.upper << "].\n";
    if (a.stopped) out << "Stopped by Ctrl-C: the results above are what the methods had found by then.\n";
}

}  // namespace

void write_chart(std::ostream &out, const wsp_problem *p, const std::vector<uint32_t> &cycles, uint32_t makespan,
                 uint32_t width) {
    out << ascii_chart(schedule_facts(p, "", cycles, makespan), width);
}

void write_report_text(std::ostream &out, const ReportInput &in) {
    const Analysis &a = in.analysis;
    const Settings &s = in.settings;
    out << "warpspan " << wsp_version() << ": worst-case makespan of " << wsp_problem_warps(a.problem)
        << " identical warps on one SM\n\n";
    write_problem(out, in);
    write_bounds(out, a);
    if (a.lower_search) write_lower(out, *a.lower_search);
    if (a.bracket) write_bracket(out, *a.bracket);
    if (a.anneal) write_anneal(out, *a.anneal);
    if (a.exact) write_exact(out, *a.exact);
    if (a.ilp) {
        write_ilp(out, *a.ilp, s.write_lp);
    } else if (s.write_lp) {  // the model file without solving it
        out << "ilp model (paper 004 Fig. 3; " << constraints_name(s.request.ilp_constraints)
            << " work-conserving rows)\n";
        out << "  model file    " << *s.write_lp << " (" << format_text(*s.write_lp) << ")\n\n";
    }
    if (a.estimate) write_estimate(out, wsp_problem_warps(a.problem), *a.estimate);
    write_result(out, in);
    if (a.witness) {
        out << "\nwitness schedule (makespan " << a.witness->makespan << "; letter = issue, . = waiting, validated)\n";
        write_chart(out, a.problem, a.witness->cycles, a.witness->makespan, 100);
    }
}

}  // namespace wsp_cli
