// See settings.hpp.
#include "settings.hpp"

#include "host/arch/arch_presets.hpp"
#include "host/config/config_file.hpp"

namespace wsp_cli {
namespace {

using wsp::host::ArchPreset;

template <typename T>
void put(std::optional<Sourced<T>> &field, const T &value, const std::string &origin, uint32_t line = 0) {
    field = Sourced<T>{value, origin, line};
}

// Units, warp size and schedulers from `preset`: all when `overwrite`, else only those not yet set (the
// file's own keys beat the file's `arch`).
void apply_preset(const ArchPreset &preset, const std::string &origin, uint32_t line, bool overwrite, ProblemInput &p) {
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (overwrite || !p.units[u]) {
            put(p.units[u], preset.units[u], origin, line);
            p.units_from_preset[u] = true;
        }
    if (overwrite || !p.warp_size) put(p.warp_size, preset.warp_size, origin, line);
    if (overwrite || !p.schedulers) put(p.schedulers, preset.schedulers, origin, line);
}

bool read_config(const std::string &path, ProblemInput &p, Failure &failure) {
    wsp::host::ConfigFile c;
    wsp::host::ConfigError e;
    if (!wsp::host::read_config_file(path, c, e)) {
        failure = cli_failure(ExitCode::kInput, e.line ? path + ":" + std::to_string(e.line) : path, e.message,
                              wsp_field_name(e.field));
        failure.line = e.line;
        return false;
    }
    auto at = [&](unsigned line) { return path + ":" + std::to_string(line); };
    auto copy = [&](auto &to, const auto &from) {
        if (from) put(to, from->value, at(from->line), from->line);
    };
    copy(p.kernel, c.kernel);
    copy(p.warps, c.warps);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        copy(p.units[u], c.units[u]);
        copy(p.latency[u], c.latency[u]);
    }
    copy(p.warp_size, c.warp_size);
    copy(p.schedulers, c.schedulers);
    if (c.arch) {
        put(p.arch, c.arch->value, at(c.arch->line), c.arch->line);
        apply_preset(*wsp::host::find_arch_preset(c.arch->value), at(c.arch->line) + " (arch " + c.arch->value + ")",
                     c.arch->line, false, p);
    }
    return true;
}

// The flag of `command` that sets `field` ("--memory" for "workspace"), or "".
std::string flag_for_field(Command command, const char *field) {
    for (const FlagSpec *f : flags_of(command))
        if (std::string(f->field) == field && f->type != ValueType::kOutputPath && f->type != ValueType::kInputPath)
            return f->name;
    return "";
}

}  // namespace

wsp_sm_config ProblemInput::sm() const {
    wsp_sm_config sm{};
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (units[u]) sm.units[u] = units[u]->value;
        if (latency[u]) sm.latency[u] = latency[u]->value;
    }
    if (warp_size) sm.warp_size = warp_size->value;
    if (schedulers) sm.schedulers = schedulers->value;
    return sm;
}

bool problem_from_args(const ParsedArgs &a, bool config, const Sourced<std::string> *kernel, ProblemInput &p,
                       Failure &failure) {
    if (config && !a.operands.empty() && !read_config(a.operands[0], p, failure)) return false;
    if (kernel) p.kernel = *kernel;
    if (a.given(Flag::kArch)) {
        const std::string &name = a.text(Flag::kArch);
        put(p.arch, name, "--arch");
        apply_preset(*wsp::host::find_arch_preset(name), "--arch " + name, 0, true, p);
    }
    for (const auto &pair : a[Flag::kUnits].pairs) {
        put(p.units[pair.first], static_cast<uint32_t>(pair.second), "--units");
        p.units_from_preset[pair.first] = false;
    }
    for (const auto &pair : a[Flag::kLatency].pairs) put(p.latency[pair.first], static_cast<uint32_t>(pair.second), "--latency");
    if (a.given(Flag::kWarpSize)) put(p.warp_size, static_cast<uint32_t>(a.number(Flag::kWarpSize)), "--warp-size");
    if (a.given(Flag::kSchedulers)) put(p.schedulers, static_cast<uint32_t>(a.number(Flag::kSchedulers)), "--schedulers");
    if (a.given(Flag::kKernel)) put(p.kernel, a.text(Flag::kKernel), "--kernel");
    if (a.given(Flag::kWarps)) put(p.warps, static_cast<uint32_t>(a.number(Flag::kWarps)), "--warps");
    if (!p.kernel)
        return failure = usage_failure("", "no kernel: give --kernel or a CONFIG file with 'kernel'", "kernel"), false;
    if (!p.warps)
        return failure = usage_failure("", "no warp count: give --warps or a CONFIG file with 'warp_number'", "warps"),
               false;
    return true;
}

bool settings_from_args(const ParsedArgs &a, const Sourced<std::string> *kernel, Settings &s, Failure &failure) {
    if (!problem_from_args(a, a.command == Command::kAnalyse, kernel, s.problem, failure)) return false;
    wsp::host::AnalysisRequest &r = s.request;
    r.kernel = s.problem.kernel->value;
    r.warps = s.problem.warps->value;
    r.sm = s.problem.sm();
    s.methods = a.choices<Method>(Flag::kMethod);
    for (const Method m : s.methods) {
        r.lower = r.lower || m == Method::kLower;
        r.anneal = r.anneal || m == Method::kAnneal;
        r.exact = r.exact || m == Method::kExact;
        r.ilp = r.ilp || m == Method::kIlp;
        r.estimate = r.estimate || m == Method::kEstimate;
        r.bracket = r.bracket || m == Method::kBracket;
    }
    for (const uint64_t w : a[Flag::kWitness].items) r.witness.push_back(static_cast<uint32_t>(w));
    const double seconds = a.has(Flag::kTimeout) ? a.decimal(Flag::kTimeout) : 0.0;
    const unsigned threads = a.has(Flag::kThreads) ? static_cast<unsigned>(a.number(Flag::kThreads)) : 0u;
    r.exact_settings.budget = a.has(Flag::kBudget) ? a.number(Flag::kBudget) : 0;
    r.exact_settings.memory_mib = a.has(Flag::kMemory) ? a.number(Flag::kMemory) : 0;
    r.exact_settings.seconds = seconds;
    wsp::host::AnnealSettings &an = r.anneal_settings;
    an.iterations = a.has(Flag::kIterations) ? a.number(Flag::kIterations) : 0;
    an.restarts = a.has(Flag::kRestarts) ? static_cast<uint32_t>(a.number(Flag::kRestarts)) : 0;
    an.seed = a.number(Flag::kSeed);
    const double t0 = a.decimal(Flag::kT0) * 65536.0 + 0.5;
    an.t0 = t0 < 1.0 ? WSP_ANNEAL_T0_ZERO : static_cast<uint32_t>(t0);
    an.init = a.has(Flag::kInit) ? static_cast<int>(a.number(Flag::kInit)) : -1;
    an.moves = a.choice<Moves>(Flag::kMoves) == Moves::kLocal ? WSP_MOVES_LOCAL : WSP_MOVES_UNIFORM;
    an.seconds = seconds;
    an.threads = threads;
    r.exact_settings.threads = threads;
    wsp::host::LowerSettings &lo = r.lower_settings;
    lo.work = a.has(Flag::kWork) ? a.number(Flag::kWork) : 0;
    lo.seed = an.seed;
    lo.seconds = seconds;
    lo.threads = threads;
    wsp::host::BracketSettings &br = r.bracket_settings;
    br.work = lo.work;
    br.seed = an.seed;
    br.seconds = seconds;
    br.threads = threads;
    br.memory_mib = r.exact_settings.memory_mib;
    const Constraints constraints = a.choice<Constraints>(Flag::kConstraints);
    r.ilp_constraints = constraints == Constraints::kStrong ? WSP_HOST_ILP_STRONG
                        : constraints == Constraints::kLong ? WSP_HOST_ILP_LONG
                                                            : WSP_HOST_ILP_SHORT;
    r.ilp_seconds = seconds;
    r.estimate_x = a.has(Flag::kX) ? static_cast<uint32_t>(a.number(Flag::kX)) : 0;
    r.estimate_threads = threads;
    s.json = a.given(Flag::kJson);
    s.quiet = a.given(Flag::kQuiet);
    s.require_exact = a.given(Flag::kRequireExact);
    s.full_kernel = a.given(Flag::kFullKernel);
    auto file = [&](Flag f, std::optional<std::string> &out) {
        if (a.given(f)) out = a.text(f);
    };
    file(Flag::kConvergence, s.convergence);
    file(Flag::kPlot, s.plot);
    file(Flag::kSvg, s.svg);
    file(Flag::kWriteLp, s.write_lp);
    an.record = s.convergence || s.plot;
    // Flags that would do nothing: said before any work.
    if (a.given(Flag::kConstraints) && !r.ilp && !s.write_lp)
        return failure = usage_failure("--constraints", "shapes the ILP: add --method ilp or --write-lp"), false;
    if (an.record && !r.anneal)
        return failure = usage_failure(s.convergence ? "--convergence" : "--plot", "records the annealer: add --method anneal"),
               false;
    if (a.given(Flag::kWork) && !r.lower && !r.bracket)
        return failure = usage_failure("--work", "budgets the witness search: add --method lower or bracket"), false;
    if (s.svg && r.witness.empty() && !r.lower && !r.anneal && !r.exact && !r.ilp && !r.bracket)
        return failure = usage_failure("--svg", "draws a witness schedule: add --witness or --method lower, anneal, exact or ilp"),
               false;
    if ((r.ilp || s.write_lp) && !wsp_host_ilp_available())
        return failure = cli_failure(ExitCode::kUnavailable, r.ilp ? "--method ilp" : "--write-lp",
                                     "not available in this build: warpspan was built without lp_solve (install "
                                     "liblpsolve55-dev and lp-solve and rebuild)"),
               false;
    return true;
}

Failure analysis_failure(const ProblemInput &p, Command command, const wsp::host::AnalysisError &e) {
    const wsp_diag &d = e.diag;
    const bool unit = d.unit >= 0 && d.unit < WSP_UNIT_COUNT;
    auto from = [](const auto &field, const char *otherwise) {
        return field ? std::make_pair(field->origin, field->line) : std::make_pair(std::string(otherwise), 0u);
    };
    std::pair<std::string, uint32_t> origin{"", 0};
    if (e.step == "problem") {
        switch (d.field) {
            case WSP_FIELD_KERNEL: origin = from(p.kernel, "problem"); break;
            case WSP_FIELD_WARPS: origin = from(p.warps, "problem"); break;
            case WSP_FIELD_WARP_SIZE: origin = from(p.warp_size, "configuration"); break;
            case WSP_FIELD_SCHEDULERS: origin = from(p.schedulers, "configuration"); break;
            case WSP_FIELD_LATENCY: origin = unit ? from(p.latency[d.unit], "configuration") : origin; break;
            case WSP_FIELD_UNITS:
                // sigma = units / warp size: the units if they were given, else the warp size.
                if (unit && p.units[d.unit]) origin = from(p.units[d.unit], "configuration");
                else if (d.status == WSP_ERR_SIGMA && p.warp_size) origin = from(p.warp_size, "configuration");
                else origin = {"configuration", 0};
                break;
            default: origin = {"problem", 0};
        }
        // W*I too large: the kernel's length is as much to blame as the warp count.
        if (d.status == WSP_ERR_OVERFLOW) origin = {"problem", 0};
    } else {
        const std::string flag = e.step == "witness" ? "--witness" : flag_for_field(command, wsp_field_name(d.field));
        origin = {flag.empty() ? e.step : flag, 0};
    }
    Failure f = library_failure(e.status, d, origin.first);
    f.message = e.message;
    if (origin.second) f.line = origin.second;
    return f;
}

}  // namespace wsp_cli
