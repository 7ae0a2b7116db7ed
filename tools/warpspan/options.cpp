#include "options.hpp"

#include <cstdlib>

#include "anneal_run.hpp"
#include "arch_presets.hpp"
#include "config_file.hpp"
#include "ilp_run.hpp"

namespace wsp_cli {

const char *usage_text() {
    return "usage: warpspan [CONFIG] [options]\n"
           "\n"
           "Worst-case makespan T(W) of W identical warps on one streaming multiprocessor.\n"
           "CONFIG is a configuration file (paper 004 Fig. 4 format or key = value lines).\n"
           "\n"
           "problem (flags override the file):\n"
           "  --kernel K          kernel instruction string, e.g. 'L5 C9 L2 C9' (L, C, S, D, counts)\n"
           "  --warps W           number of warps\n"
           "  --units L=32,C=128  units per type (default: the warp size, sigma 1)\n"
           "  --latency S=4,D=2   cycles per instruction per type (default 1)\n"
           "  --warp-size N       threads per warp (default 32)\n"
           "  --schedulers N      warps issuing per cycle in total (default 0: no limit)\n"
           "  --arch sm_XX        compute-capability preset for units, warp size and\n"
           "                      schedulers: sm_20, sm_21, sm_30, sm_35, sm_50, sm_60, sm_70,\n"
           "                      sm_80, sm_86, sm_90 (README: values and sources); --units,\n"
           "                      --warp-size and --schedulers override it\n"
           "\n"
           "analysis:\n"
           "  --method LIST       comma-separated, default bound:\n"
           "                        bound     proven upper bounds (always computed)\n"
           "                        anneal    paper 003's simulated annealing: a witnessed lower\n"
           "                                  bound (the longest schedule it finds)\n"
           "                        exact     T(W) exactly, or a bracket when a budget runs out\n"
           "                        ilp       paper 004 Fig. 3's binary ILP solved with lp_solve:\n"
           "                                  T(W) exactly, or a witnessed lower bound when\n"
           "                                  --timeout stops it (needs a build with lp_solve)\n"
           "                        estimate  paper 004 Eq. 40-41 from exact T(1..x): NOT a bound\n"
           "  --witness LIST      a warp pseudo-precedence string (1-based warp ids over the\n"
           "                      normalised kernel, e.g. 1,1,2,2): decoded, validated, drawn,\n"
           "                      and its makespan reported as a witnessed lower bound\n"
           "  --budget N          exact: stop after N expanded states (default: no limit)\n"
           "  --memory MIB        exact: memory for the state table (default 256); when it is\n"
           "                      full the search stops with a bracket\n"
           "  --timeout S         exact, anneal and ilp: each stops after S seconds (fractions\n"
           "                      allowed), exact with a bracket, anneal with the best found so\n"
           "                      far, ilp with status timeout (its best schedule, if any)\n"
           "  --constraints KIND  ilp and --write-lp: the work-conserving rows of paper 004,\n"
           "                      short (Eq. 32/35, default) or long (Eq. 31/34)\n"
           "  --x N               estimate: use T(1..N) (default min(W, 4))\n"
           "  --threads N         estimate and anneal: N threads (default: all cores)\n"
           "  --iterations N      anneal: iterations per restart (default 2000000)\n"
           "  --restarts N        anneal: independent restarts, the best counts (default 6, one\n"
           "                      per kind of initial solution; with --init, 1)\n"
           "  --init KIND         anneal: round-robin, fixed-priority, most-pending, random,\n"
           "                      least-progress or starve (default: each in turn)\n"
           "  --t0 T              anneal: initial temperature (default 0.3, paper 003)\n"
           "  --moves KIND        anneal: uniform (paper 003, default) or local (faster, weaker)\n"
           "  --seed N            anneal: seed of the first restart (default 1; restart k: N + k)\n"
           "\n"
           "output:\n"
           "  --json              one JSON object on stdout; results.ilp when ilp ran,\n"
           "                      results.ilp_model {file, format, constraints} with --write-lp\n"
           "  --quiet             no progress line on stderr (shown only on a terminal, after 1 s)\n"
           "  --convergence F.csv anneal: every improvement (instance, iteration, seconds, best)\n"
           "  --plot F.svg        anneal: best so far against time per restart (paper 003 Fig. 12)\n"
           "  --svg F.svg         the witness schedule as a Gantt chart (warps by cycles)\n"
           "  --write-lp FILE     the ILP model, written before any method runs, with or without\n"
           "                      --method ilp: lp_solve's LP format, or free MPS (CPLEX, Gurobi,\n"
           "                      HiGHS, CBC, SCIP) when FILE ends in .mps; the README says\n"
           "                      how to run other solvers on it (CBC needs 'max')\n"
           "  --help, --version   (--version also says whether the ILP is built)\n"
           "\n"
           "subcommands: warpspan pws GRAPH ... (paper 001), warpspan table ... (WCET tables\n"
           "for W = 1..N; see warpspan table --help)\n"
           "\n"
           "exit status: 0 success, 1 invalid input, 2 method not available in this build,\n"
           "70 internal error.\n";
}

namespace {

bool fail_with(Error &error, const std::string &message) {
    error = {kExitInput, message};
    return false;
}

bool unit_index(const std::string &name, int &unit) {
    if (name == "L" || name == "l") unit = WSP_UNIT_L;
    else if (name == "C" || name == "c") unit = WSP_UNIT_C;
    else if (name == "S" || name == "s") unit = WSP_UNIT_S;
    else if (name == "D" || name == "d") unit = WSP_UNIT_D;
    else return false;
    return true;
}

std::vector<std::string> split(const std::string &s, const char *separators) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : s) {
        if (std::string(separators).find(c) != std::string::npos) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// --units L=32,C=128 and --latency S=4: TYPE=N pairs, N >= 1.
bool parse_unit_list(const std::string &flag, const std::string &value,
                     std::optional<Sourced<uint32_t>> (&target)[WSP_UNIT_COUNT], Error &error) {
    const std::vector<std::string> items = split(value, ",");
    if (items.empty()) return fail_with(error, flag + ": expected TYPE=N pairs such as L=32,C=128");
    for (const std::string &item : items) {
        const size_t eq = item.find('=');
        int unit = -1;
        uint32_t n = 0;
        if (eq == std::string::npos || !unit_index(item.substr(0, eq), unit))
            return fail_with(error, flag + ": '" + item + "' is not TYPE=N with TYPE one of L, C, S, D");
        if (!parse_u32(item.substr(eq + 1), n) || n == 0)
            return fail_with(error, flag + ": '" + item + "': N must be an integer >= 1");
        target[unit] = Sourced<uint32_t>{n, flag};
    }
    return true;
}

bool parse_witness(const std::string &value, std::vector<uint32_t> &out, Error &error) {
    out.clear();
    for (const std::string &item : split(value, ", \t")) {
        uint32_t n = 0;
        if (!parse_u32(item, n) || n == 0)
            return fail_with(error, "--witness: '" + item + "' (item " +
                                        std::to_string(out.size() + 1) +
                                        ") is not a warp id >= 1");
        out.push_back(n);
    }
    if (out.empty()) return fail_with(error, "--witness: empty pseudo-precedence string");
    return true;
}

// Fills units, warp size and schedulers from `preset`: all of them when `overwrite`, else only those
// not yet set (the file's own keys beat the file's `arch`).
void apply_arch_preset(const ArchPreset &preset, const std::string &origin, bool overwrite, Settings &s) {
    auto set = [&](std::optional<Sourced<uint32_t>> &field, uint32_t value) {
        if (overwrite || !field) field = Sourced<uint32_t>{value, origin};
    };
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) set(s.units[u], preset.units[u]);
    set(s.warp_size, preset.warp_size);
    set(s.schedulers, preset.schedulers);
}

const char *const kMethods[] = {"bound", "anneal", "exact", "ilp", "estimate"};

// Numeric tuning flags of the methods.
struct NumberFlag {
    const char *name;
    std::optional<uint64_t> Settings::*field;
    bool allow_zero;
};

const NumberFlag kNumberFlags[] = {
    {"--seed", &Settings::seed, true},         {"--iterations", &Settings::iterations, false},
    {"--threads", &Settings::threads, false},  {"--budget", &Settings::budget, false},
    {"--memory", &Settings::memory, false},    {"--x", &Settings::x, false},
    {"--restarts", &Settings::restarts, false},
};

const NumberFlag *number_flag(const std::string &flag) {
    for (const NumberFlag &nf : kNumberFlags)
        if (flag == nf.name) return &nf;
    return nullptr;
}

}  // namespace

bool parse_arguments(const std::vector<std::string> &args, Settings &s, Action &action,
                     Error &error) {
    action = Action::kAnalyse;
    std::string config;
    Settings flags;  // flags are collected apart and laid over the file afterwards
    for (size_t i = 0; i < args.size(); ++i) {
        std::string flag = args[i];
        std::string value;
        bool has_inline = false;
        if (flag.rfind("--", 0) == 0) {
            const size_t eq = flag.find('=');
            if (eq != std::string::npos) {
                value = flag.substr(eq + 1);
                flag.resize(eq);
                has_inline = true;
            }
        }
        auto need_value = [&]() -> bool {
            if (has_inline) return true;
            if (i + 1 >= args.size()) return fail_with(error, flag + " needs a value");
            value = args[++i];
            return true;
        };
        auto number = [&](uint64_t &out, bool allow_zero) -> bool {
            if (!need_value()) return false;
            if (!parse_u64(value, out) || (!allow_zero && out == 0))
                return fail_with(error, flag + ": '" + value + "' is not " +
                                            (allow_zero ? "a non-negative" : "a positive") +
                                            " integer");
            return true;
        };
        auto number32 = [&](std::optional<Sourced<uint32_t>> &out, bool allow_zero) -> bool {
            uint64_t v = 0;
            if (!number(v, allow_zero)) return false;
            if (v > UINT32_MAX) return fail_with(error, flag + ": '" + value + "' is too large");
            out = Sourced<uint32_t>{static_cast<uint32_t>(v), flag};
            return true;
        };
        uint64_t v = 0;
        if (flag == "--help" || flag == "-h") {
            action = Action::kHelp;
        } else if (flag == "--version") {
            action = Action::kVersion;
        } else if (flag == "--json") {
            flags.json = true;
        } else if (flag == "--quiet") {
            flags.quiet = true;
        } else if (flag == "--kernel") {
            if (!need_value()) return false;
            flags.kernel = Sourced<std::string>{value, "--kernel"};
        } else if (flag == "--warps") {
            if (!number32(flags.warps, false)) return false;
        } else if (flag == "--warp-size") {
            if (!number32(flags.warp_size, false)) return false;
        } else if (flag == "--schedulers") {
            if (!number32(flags.schedulers, true)) return false;
        } else if (flag == "--arch") {
            if (!need_value()) return false;
            if (find_arch_preset(value) == nullptr)
                return fail_with(error, "--arch: unknown architecture '" + value + "' (known: " +
                                            arch_names() + ")");
            flags.arch = Sourced<std::string>{value, "--arch " + value};
        } else if (flag == "--units") {
            if (!need_value() || !parse_unit_list(flag, value, flags.units, error)) return false;
        } else if (flag == "--latency") {
            if (!need_value() || !parse_unit_list(flag, value, flags.latency, error)) return false;
        } else if (flag == "--method") {
            if (!need_value()) return false;
            for (const std::string &m : split(value, ",")) {
                bool known = false;
                for (const char *k : kMethods) known = known || m == k;
                if (!known)
                    return fail_with(error, "--method: unknown method '" + m +
                                                "' (methods: bound, anneal, exact, ilp, estimate)");
                flags.methods.push_back(m);
            }
            if (flags.methods.empty()) return fail_with(error, "--method: empty list");
        } else if (flag == "--witness") {
            std::vector<uint32_t> w;
            if (!need_value() || !parse_witness(value, w, error)) return false;
            flags.witness = w;
        } else if (const NumberFlag *nf = number_flag(flag)) {
            if (!number(v, nf->allow_zero)) return false;
            flags.*(nf->field) = v;
        } else if (flag == "--t0") {
            if (!need_value()) return false;
            char *end = nullptr;
            const double t = std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0' || !(t >= 0) || t >= 65535)
                return fail_with(error, "--t0: '" + value + "' is not a temperature in [0, 65535)");
            const double scaled = t * 65536.0 + 0.5;
            flags.t0 = scaled < 1.0 ? WSP_ANNEAL_T0_ZERO : static_cast<uint32_t>(scaled);
        } else if (flag == "--init") {
            if (!need_value()) return false;
            uint32_t init;
            if (!init_from_name(value, init))
                return fail_with(error, "--init: unknown initial solution '" + value +
                                            "' (round-robin, fixed-priority, most-pending, random, "
                                            "least-progress, starve)");
            flags.init = init;
        } else if (flag == "--moves") {
            if (!need_value()) return false;
            if (value != "uniform" && value != "local")
                return fail_with(error, "--moves: '" + value + "' is neither uniform nor local");
            flags.moves = value == "local" ? WSP_MOVES_LOCAL : WSP_MOVES_UNIFORM;
        } else if (flag == "--convergence" || flag == "--plot" || flag == "--svg") {
            if (!need_value()) return false;
            if (value.empty()) return fail_with(error, flag + ": empty file name");
            (flag == "--convergence" ? flags.convergence : flag == "--plot" ? flags.plot : flags.svg) = value;
        } else if (flag == "--constraints") {
            if (!need_value()) return false;
            uint32_t c;
            if (!constraints_from_name(value, c))
                return fail_with(error, "--constraints: '" + value +
                                            "' is neither short (Eq. 32/35) nor long (Eq. 31/34)");
            flags.constraints = c;
        } else if (flag == "--write-lp") {
            if (!need_value()) return false;
            if (value.empty()) return fail_with(error, "--write-lp: empty file name");
            flags.write_lp = value;
        } else if (flag == "--timeout") {
            if (!need_value()) return false;
            char *end = nullptr;
            const double t = std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0' || !(t > 0) || t > 1e9)
                return fail_with(error, "--timeout: '" + value + "' is not a positive number of seconds");
            flags.timeout = t;
        } else if (flag.rfind("-", 0) == 0 && flag.size() > 1) {
            return fail_with(error, "unknown option '" + flag + "' (see warpspan --help)");
        } else {
            if (!config.empty())
                return fail_with(error, "more than one configuration file: '" + config + "' and '" +
                                            flag + "'");
            config = flag;
        }
    }
    if (action != Action::kAnalyse) return true;
    if (!config.empty() && !read_config_file(config, s, error)) return false;
    // Precedence, lowest first: the file's `arch`, the file's own keys, --arch, the explicit flags
    // (--units, --warp-size, --schedulers). So --arch replaces what the file said about the SM,
    // and an explicit flag always wins.
    if (s.arch)
        apply_arch_preset(*find_arch_preset(s.arch->value), s.arch->origin + " (arch " + s.arch->value + ")",
                          false, s);
    if (flags.arch) {
        apply_arch_preset(*find_arch_preset(flags.arch->value), flags.arch->origin, true, s);
        s.arch = flags.arch;
    }
    // Lay the flags over the file.
    if (flags.kernel) s.kernel = flags.kernel;
    if (flags.warps) s.warps = flags.warps;
    if (flags.warp_size) s.warp_size = flags.warp_size;
    if (flags.schedulers) s.schedulers = flags.schedulers;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (flags.units[u]) s.units[u] = flags.units[u];
        if (flags.latency[u]) s.latency[u] = flags.latency[u];
    }
    s.methods = flags.methods.empty() ? std::vector<std::string>{"bound"} : flags.methods;
    s.json = flags.json;
    s.quiet = flags.quiet;
    s.witness = flags.witness;
    s.seed = flags.seed;
    s.iterations = flags.iterations;
    s.threads = flags.threads;
    s.budget = flags.budget;
    s.memory = flags.memory;
    s.x = flags.x;
    s.timeout = flags.timeout;
    s.restarts = flags.restarts;
    s.t0 = flags.t0;
    s.init = flags.init;
    s.moves = flags.moves;
    s.convergence = flags.convergence;
    s.plot = flags.plot;
    s.svg = flags.svg;
    s.constraints = flags.constraints;
    s.write_lp = flags.write_lp;
    bool anneal = false, ilp = false;
    for (const std::string &m : s.methods) {
        anneal = anneal || m == "anneal";
        ilp = ilp || m == "ilp";
    }
    if (s.constraints && !ilp && !s.write_lp)
        return fail_with(error, "--constraints shapes the ILP: add --method ilp or --write-lp");
    if (!anneal && (s.convergence || s.plot))
        return fail_with(error, std::string(s.convergence ? "--convergence" : "--plot") +
                                    " records the annealer: add --method anneal");
    if (!s.kernel) return fail_with(error, "no kernel: give --kernel or a configuration file with 'kernel'");
    if (!s.warps) return fail_with(error, "no warp count: give --warps or 'warp_number' in the configuration file");
    return true;
}

}  // namespace wsp_cli
