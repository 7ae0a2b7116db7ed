// Benchmark of the anytime bracket (issue 19 item 5) on real kernels: PTX compiled by nvcc in
// tests/fixtures/ptx, read by the library's PTX reader (lib/host/ptx: the whole kernel's longest path,
// what `warpspan ptx` analyses), for the arch presets sm_70, sm_80 and sm_90 and W in {8, 16, 32,
// 48, 64}. Each case gets the same time budget twice, measured in the same run:
//   - bracket:  wsp_host_bracket_run (wsp_bracket_run's phases on the host) for S seconds;
//   - baseline: what the CLI's `--method lower,exact` did with the same total budget: the witness
//     search for S/2, then the exact search from its witness for S/2.
// Printed per case: lower, upper, upper/lower for both, the papers' pessimistic bound (paper 004
// Eq. 5-7, NOT always safe) and its ratio to the best lower bound, and the seconds; then the median
// and worst upper/lower of both. Every witness is decoded and validated before it is believed; the
// program exits 1 if any check fails (a witness above an upper end, a rejected witness).
//
// BRACKET_LOWER_VS_ANNEAL=1 measures instead the lower end alone (issue 20's last goal), per case:
//   - lower:  the public wsp_host_lower_run with its defaults (seed 1, as the CLI's `--method lower`)
//             and a time budget of LOWER_SECONDS (default 10), one thread;
//   - anneal: paper 003's annealer exactly as the CLI's `--method anneal --timeout A --threads 1` runs
//             it (host/analysis run_anneal: one restart per initial solution, seeds 1.., T0 and moves
//             of the paper, iterations fitted to the time), ANNEAL_SECONDS (default 60), one thread.
// Both witnesses are decoded and validated; printed: both makespans, lower/anneal, which is higher,
// then how many cases have lower >= anneal.
//
//   build/host/bracket_bench            (make bench-bracket; BRACKET_SECONDS=S, default 10;
//                                        BRACKET_QUICK=1: three kernels, sm_80, W 8 and 32, S = 0.5;
//                                        a subset: BRACKET_KERNEL=saxpy,dp BRACKET_ARCH=sm_80
//                                        BRACKET_W=16,64, comma lists, default all)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "host/analysis/analysis.hpp"
#include "host/arch/arch_presets.hpp"
#include "host/ptx/ptx.hpp"
#include "warpspan.h"
#include "warpspan_host.h"

namespace {

struct Fixture {
    const char *file;  // under tests/fixtures/ptx
    const char *what;
};

// Small to 60+ instructions after expansion; single and double precision; special functions (S).
const Fixture kFixtures[] = {
    {"saxpy.sm75.ptx", "fp32 a*x+y"},
    {"sfu.sm75.ptx", "fp32 sin/cos/ex2 (SFU)"},
    {"branches.sm80.ptx", "fp32, branches"},
    {"stencil.sm80.ptx", "fp32 stencil"},
    {"horner.sm80.ptx", "fp64 polynomial"},
    {"noinline.sm80.ptx", "fp32, a called .func"},
    {"transpose.sm80.ptx", "fp32 shared memory"},
    {"intdiv.sm80.ptx", "int div, fp64, SFU"},
    {"dp.sm75.ptx", "fp64 div/sqrt, SFU"},
};
const char *const kArchs[] = {"sm_70", "sm_80", "sm_90"};
const uint32_t kWarps[] = {8, 16, 32, 48, 64};

bool read_file(const std::string &path, std::string &out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    std::ostringstream s;
    s << f.rdbuf();
    out = s.str();
    return true;
}

// The analysed kernel string of a fixture for `arch` (its expansion table), or "" on failure.
std::string kernel_of(const std::string &path, const char *arch) {
    std::string text;
    if (!read_file(path, text)) return "";
    wsp::ptx::Options o;
    o.arch = arch;
    wsp::ptx::Result r;
    wsp::ptx::Failure f;
    if (!wsp::ptx::read_ptx(text.data(), text.size(), o, r, f)) {
        o.arch = "";  // the file's own .target
        r = wsp::ptx::Result();
        if (!wsp::ptx::read_ptx(text.data(), text.size(), o, r, f)) {
            std::fprintf(stderr, "%s: %s\n", path.c_str(), f.message.c_str());
            return "";
        }
    }
    return wsp::ptx::letters_text(r.path);
}

struct Problem {
    std::vector<uint64_t> storage;
    wsp_problem *p = nullptr;
};

bool make_problem(const std::string &kernel, uint32_t warps, const wsp_sm_config &sm, Problem &out) {
    size_t size = 0;
    if (wsp_problem_workspace_size(kernel.c_str(), warps, &sm, &size, nullptr) != WSP_OK) return false;
    out.storage.assign(size / 8 + 1, 0);
    return wsp_problem_init(kernel.c_str(), warps, &sm, out.storage.data(), out.storage.size() * 8, &out.p,
                            nullptr) == WSP_OK;
}

// The decoded and validated makespan of a witness (0 when it is rejected).
uint32_t validated(const wsp_problem *p, const std::vector<uint32_t> &w) {
    size_t size = 0;
    if (wsp_schedule_workspace_size(p, &size, nullptr) != WSP_OK) return 0;
    std::vector<uint64_t> ws(size / 8 + 1);
    std::vector<uint32_t> cycles(w.size());
    uint32_t m = 0, v = 0;
    if (wsp_schedule_decode(p, w.data(), w.size(), ws.data(), ws.size() * 8, nullptr, cycles.data(), &m, nullptr) !=
        WSP_OK)
        return 0;
    if (wsp_schedule_validate(p, cycles.data(), cycles.size(), ws.data(), ws.size() * 8, &v, nullptr) != WSP_OK ||
        v != m)
        return 0;
    return m;
}

struct Bracket {
    uint32_t lower = 0, upper = 0;
    double seconds = 0;
};

bool run_bracket(const wsp_problem *p, double seconds, Bracket &b) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    std::vector<uint32_t> witness(n);
    wsp_host_bracket_options o{};
    wsp_host_run_options run{};
    run.seconds = seconds;
    wsp_host_bracket_result r{};
    wsp_diag d{};
    if (wsp_host_bracket_run(p, &o, &run, witness.data(), n, &r, &d) != WSP_OK) {
        std::fprintf(stderr, "bracket: %s\n", d.message);
        return false;
    }
    b.lower = r.bracket.lower;
    b.upper = r.bracket.upper;
    b.seconds = r.seconds;
    return validated(p, witness) == b.lower && b.lower <= b.upper;
}

// --method lower for S/2, then --method exact from its witness for S/2 (the CLI's order).
bool run_baseline(const wsp_problem *p, double seconds, const wsp_bounds &bounds, Bracket &b) {
    const double start = wsp_host_seconds();
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    std::vector<uint32_t> witness(n), initial;
    wsp_host_lower_options lo{};
    wsp_host_run_options run{};
    run.seconds = seconds / 2;
    wsp_host_lower_result lr{};
    wsp_diag d{};
    if (wsp_host_lower_run(p, &lo, &run, witness.data(), n, &lr, &d) != WSP_OK) {
        std::fprintf(stderr, "lower: %s\n", d.message);
        return false;
    }
    b.lower = lr.best.lower;
    b.upper = static_cast<uint32_t>(bounds.upper);
    if (b.lower < b.upper) {
        initial = witness;
        wsp_host_exact_job job{};
        job.problem = p;
        job.options.initial = initial.data();
        job.options.initial_length = n;
        job.memory = uint64_t{256} << 20;
        job.witness = witness.data();
        job.witness_length = n;
        run.seconds = seconds / 2;
        run.threads = 1;
        if (wsp_host_exact_run(&job, 1, &run, &d) != WSP_OK || job.status != WSP_OK) {
            std::fprintf(stderr, "exact: %s\n", job.diag.message);
            return false;
        }
        b.lower = std::max(b.lower, job.result.lower);
        b.upper = std::min(b.upper, job.result.upper);
    }
    b.seconds = wsp_host_seconds() - start;
    return validated(p, witness) == b.lower && b.lower <= b.upper;
}

// Lower@L against anneal@A on one case; false when a witness is rejected or a run fails.
struct Versus {
    uint32_t lower = 0, anneal = 0;
    uint32_t found_by = 0, rounds = 0, beam = 0;
    double lower_seconds = 0, anneal_seconds = 0;
    uint64_t anneal_iterations = 0;  // per restart, fitted to the time
};

bool run_versus(const wsp_problem *p, const wsp_bounds &bounds, double lower_seconds, double anneal_seconds,
                Versus &v) {
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    std::vector<uint32_t> witness(n);
    wsp_host_lower_options lo{};
    lo.lower.seed = 1;  // the CLI's default --seed
    wsp_host_run_options run{};
    run.seconds = lower_seconds;
    run.threads = 1;
    wsp_host_lower_result lr{};
    wsp_diag d{};
    if (wsp_host_lower_run(p, &lo, &run, witness.data(), n, &lr, &d) != WSP_OK) {
        std::fprintf(stderr, "lower: %s\n", d.message);
        return false;
    }
    v.lower = lr.best.lower;
    v.found_by = lr.best.found_by;
    v.rounds = lr.best.rounds;
    v.beam = lr.best.beam_width;
    v.lower_seconds = lr.seconds;
    if (validated(p, witness) != v.lower) return false;

    wsp::host::AnalysisRequest request;
    request.anneal = true;
    request.anneal_settings.seconds = anneal_seconds;
    request.anneal_settings.threads = 1;
    wsp::host::Analysis a;
    a.problem = const_cast<wsp_problem *>(p);
    a.bounds = bounds;
    a.upper = bounds.upper;
    wsp::host::RunObserver quiet;
    wsp::host::AnnealRun ar;
    wsp::host::AnalysisError error;
    if (!wsp::host::run_anneal(request, &quiet, a, ar, error)) {
        std::fprintf(stderr, "anneal: %s\n", error.message.c_str());
        return false;
    }
    v.anneal = ar.lower;
    v.anneal_seconds = ar.seconds;
    v.anneal_iterations = ar.iterations;
    return validated(p, ar.instances[ar.best].witness) == v.anneal && v.lower <= bounds.upper &&
           v.anneal <= bounds.upper;
}

double env_seconds(const char *name, double fallback) {
    const char *s = std::getenv(name);
    return s != nullptr ? std::atof(s) : fallback;
}

// Whether `item` is in the comma list of environment variable `name` (unset or empty: everything).
bool selected(const char *name, const std::string &item) {
    const char *s = std::getenv(name);
    if (s == nullptr || *s == 0) return true;
    std::stringstream list(s);
    std::string part;
    while (std::getline(list, part, ','))
        if (part == item) return true;
    return false;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

}  // namespace

int main() {
    const char *versus_env = std::getenv("BRACKET_LOWER_VS_ANNEAL");
    const bool versus = versus_env != nullptr && std::string(versus_env) != "0";
    const double lower_seconds = env_seconds("LOWER_SECONDS", 10.0);
    const double anneal_seconds = env_seconds("ANNEAL_SECONDS", 60.0);
    if (versus && !(lower_seconds > 0 && anneal_seconds > 0)) {
        std::fprintf(stderr, "LOWER_SECONDS and ANNEAL_SECONDS must be positive\n");
        return 2;
    }
    const bool quick = std::getenv("BRACKET_QUICK") != nullptr && std::string(std::getenv("BRACKET_QUICK")) != "0";
    double seconds = quick ? 0.5 : 10.0;
    if (const char *s = std::getenv("BRACKET_SECONDS")) seconds = std::atof(s);
    if (!(seconds > 0)) {
        std::fprintf(stderr, "BRACKET_SECONDS must be positive\n");
        return 2;
    }
    if (versus) {
        std::printf("lower against anneal: wsp_host_lower_run %g s against the CLI's anneal %g s, one thread each, "
                    "%s\n",
                    lower_seconds, anneal_seconds, quick ? "quick set" : "selected set");
        std::printf("%-20s %4s %-6s %3s | %6s %6s %4s %6s %6s | %6s %6s %10s | %6s %-6s | %6s\n", "kernel", "I", "arch",
                    "W", "lower", "by", "rnds", "beam", "s", "anneal", "s", "it/restart", "l/a", "higher", "upper");
    } else {
        std::printf("bracket benchmark: %s s per case for the bracket and %s s for the baseline (lower S/2, then "
                    "exact S/2), %s\n",
                    std::to_string(seconds).c_str(), std::to_string(seconds).c_str(),
                    quick ? "quick set" : "full set");
        std::printf("%-20s %4s %-6s %3s | %6s %6s %6s %6s | %6s %6s %6s | %6s %6s\n", "kernel", "I", "arch", "W",
                    "lower", "upper", "u/l", "s", "b.low", "b.upp", "b.u/l", "paper", "p/l");
    }
    static const char *const kFoundNames[] = {"init", "policy", "beam", "anneal"};
    std::vector<double> ratios, base_ratios;
    int failures = 0, closed = 0, base_closed = 0, versus_rows = 0, versus_met = 0;
    size_t fixtures = sizeof kFixtures / sizeof kFixtures[0];
    for (size_t k = 0; k < fixtures; ++k) {
        if (quick && k != 0 && k != 3 && k != 8) continue;
        std::string name = kFixtures[k].file;
        name = name.substr(0, name.find('.'));
        if (!selected("BRACKET_KERNEL", name)) continue;
        const std::string path = std::string(WSP_SOURCE_DIR) + "/tests/fixtures/ptx/" + kFixtures[k].file;
        for (const char *arch : kArchs) {
            if (quick && std::string(arch) != "sm_80") continue;
            if (!selected("BRACKET_ARCH", arch)) continue;
            const wsp::host::ArchPreset *preset = wsp::host::find_arch_preset(arch);
            const std::string kernel = kernel_of(path, arch);
            if (preset == nullptr || kernel.empty()) {
                ++failures;
                continue;
            }
            wsp_sm_config sm{};
            for (int u = 0; u < WSP_UNIT_COUNT; ++u) sm.units[u] = preset->units[u];
            sm.warp_size = preset->warp_size;
            sm.schedulers = preset->schedulers;
            for (uint32_t W : kWarps) {
                if (quick && W != 8 && W != 32) continue;
                if (!selected("BRACKET_W", std::to_string(W))) continue;
                Problem pr;
                if (!make_problem(kernel, W, sm, pr)) {
                    std::fprintf(stderr, "%s %s W=%u: no problem\n", kFixtures[k].file, arch, W);
                    ++failures;
                    continue;
                }
                wsp_bounds bounds{};
                wsp_bounds_compute(pr.p, &bounds, nullptr);
                if (versus) {
                    Versus v;
                    if (!run_versus(pr.p, bounds, lower_seconds, anneal_seconds, v)) {
                        std::fprintf(stderr, "%s %s W=%u: a check failed\n", kFixtures[k].file, arch, W);
                        ++failures;
                        continue;
                    }
                    ++versus_rows;
                    versus_met += v.lower >= v.anneal;
                    std::printf("%-20s %4u %-6s %3u | %6u %6s %4u %6u %6.2f | %6u %6.2f %10llu | %6.3f %-6s | %6llu\n",
                                name.c_str(), wsp_problem_length(pr.p), arch, W, v.lower,
                                kFoundNames[v.found_by < 4 ? v.found_by : 0], v.rounds, v.beam, v.lower_seconds,
                                v.anneal, v.anneal_seconds, static_cast<unsigned long long>(v.anneal_iterations),
                                static_cast<double>(v.lower) / v.anneal,
                                v.lower > v.anneal ? "lower" : v.lower < v.anneal ? "anneal" : "equal",
                                static_cast<unsigned long long>(bounds.upper));
                    std::fflush(stdout);
                    continue;
                }
                Bracket b, base;
                if (!run_bracket(pr.p, seconds, b) || !run_baseline(pr.p, seconds, bounds, base)) {
                    std::fprintf(stderr, "%s %s W=%u: a check failed\n", kFixtures[k].file, arch, W);
                    ++failures;
                    continue;
                }
                // Both are proven brackets of the same T(W): they must overlap.
                if (b.lower > base.upper || base.lower > b.upper) {
                    std::fprintf(stderr, "%s %s W=%u: brackets [%u, %u] and [%u, %u] are disjoint\n",
                                 kFixtures[k].file, arch, W, b.lower, b.upper, base.lower, base.upper);
                    ++failures;
                }
                const double ratio = static_cast<double>(b.upper) / b.lower;
                const double base_ratio = static_cast<double>(base.upper) / base.lower;
                const uint32_t best_lower = std::max(b.lower, base.lower);
                ratios.push_back(ratio);
                base_ratios.push_back(base_ratio);
                closed += b.lower == b.upper;
                base_closed += base.lower == base.upper;
                std::printf("%-20s %4u %-6s %3u | %6u %6u %6.3f %6.2f | %6u %6u %6.3f | %6llu %6.3f\n", name.c_str(),
                            wsp_problem_length(pr.p), arch, W, b.lower, b.upper, ratio, b.seconds, base.lower,
                            base.upper, base_ratio, static_cast<unsigned long long>(bounds.paper),
                            static_cast<double>(bounds.paper) / best_lower);
                std::fflush(stdout);
            }
        }
    }
    if (versus) {
        std::printf("\n%d cases: lower@%gs >= anneal@%gs on %d (goal, issue 20: every case): %s\n", versus_rows,
                    lower_seconds, anneal_seconds, versus_met, versus_met == versus_rows ? "met" : "NOT met");
        if (failures > 0) std::printf("%d failures\n", failures);
        return failures > 0 ? 1 : 0;
    }
    const size_t n = ratios.size();
    std::printf("\n%zu cases, %s s each\n", n, std::to_string(seconds).c_str());
    if (n > 0) {
        std::printf("bracket:  median upper/lower %.3f, worst %.3f, closed (T(W) exactly) %d\n", median(ratios),
                    *std::max_element(ratios.begin(), ratios.end()), closed);
        std::printf("baseline: median upper/lower %.3f, worst %.3f, closed (T(W) exactly) %d\n", median(base_ratios),
                    *std::max_element(base_ratios.begin(), base_ratios.end()), base_closed);
        std::printf("goal (issue 19): median <= 1.05, worst <= 1.15: %s\n",
                    median(ratios) <= 1.05 && *std::max_element(ratios.begin(), ratios.end()) <= 1.15 ? "met"
                                                                                                        : "NOT met");
    }
    if (failures > 0) std::printf("%d failures\n", failures);
    return failures > 0 ? 1 : 0;
}
