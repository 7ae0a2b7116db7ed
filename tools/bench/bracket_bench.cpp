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
//   build/host/bracket_bench            (make bench-bracket; BRACKET_SECONDS=S, default 10;
//                                        BRACKET_QUICK=1: three kernels, sm_80, W 8 and 32, S = 0.5)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

}  // namespace

int main() {
    const bool quick = std::getenv("BRACKET_QUICK") != nullptr && std::string(std::getenv("BRACKET_QUICK")) != "0";
    double seconds = quick ? 0.5 : 10.0;
    if (const char *s = std::getenv("BRACKET_SECONDS")) seconds = std::atof(s);
    if (!(seconds > 0)) {
        std::fprintf(stderr, "BRACKET_SECONDS must be positive\n");
        return 2;
    }
    std::printf("bracket benchmark: %s s per case for the bracket and %s s for the baseline (lower S/2, then "
                "exact S/2), %s\n",
                std::to_string(seconds).c_str(), std::to_string(seconds).c_str(),
                quick ? "quick set" : "full set");
    std::printf("%-20s %4s %-6s %3s | %6s %6s %6s %6s | %6s %6s %6s | %6s %6s\n", "kernel", "I", "arch", "W", "lower",
                "upper", "u/l", "s", "b.low", "b.upp", "b.u/l", "paper", "p/l");
    std::vector<double> ratios, base_ratios;
    int failures = 0, closed = 0, base_closed = 0;
    size_t fixtures = sizeof kFixtures / sizeof kFixtures[0];
    for (size_t k = 0; k < fixtures; ++k) {
        if (quick && k != 0 && k != 3 && k != 8) continue;
        const std::string path = std::string(WSP_SOURCE_DIR) + "/tests/fixtures/ptx/" + kFixtures[k].file;
        for (const char *arch : kArchs) {
            if (quick && std::string(arch) != "sm_80") continue;
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
                Problem pr;
                if (!make_problem(kernel, W, sm, pr)) {
                    std::fprintf(stderr, "%s %s W=%u: no problem\n", kFixtures[k].file, arch, W);
                    ++failures;
                    continue;
                }
                wsp_bounds bounds{};
                wsp_bounds_compute(pr.p, &bounds, nullptr);
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
                std::string name = kFixtures[k].file;
                name = name.substr(0, name.find('.'));
                std::printf("%-20s %4u %-6s %3u | %6u %6u %6.3f %6.2f | %6u %6u %6.3f | %6llu %6.3f\n", name.c_str(),
                            wsp_problem_length(pr.p), arch, W, b.lower, b.upper, ratio, b.seconds, base.lower,
                            base.upper, base_ratio, static_cast<unsigned long long>(bounds.paper),
                            static_cast<double>(bounds.paper) / best_lower);
                std::fflush(stdout);
            }
        }
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
