// Benchmark of the exact solver (issue 3): for the papers' kernels and W = 1..16 it prints the
// status, the bracket, states expanded and stored, memory and seconds; and, for the W where it is
// affordable, the same T(W) by a plain memoised longest path over the same states without bounds
// (the baseline the issue names), run in the same process, with the ratio of their times.
//
//   build/host/exact_bench [SECONDS_PER_INSTANCE [MEMORY_MIB [BASELINE_MAX_W]]]
//   build/host/exact_bench threads [W [THREADS [MEMORY_MIB]]]   (the host's threads on one solve)
//
// Defaults: 20 s, 2048 MiB, baseline up to W = 7. A program that prints figures, not a test.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

#include "warpspan.h"
#include "warpspan_host.h"

namespace {

struct Kernel {
    const char *name;
    const char *kernel;
    wsp_sm_config sm;
};

// The baseline: longest path over count vectors, memoised in a std::unordered_map, every
// work-conserving transition explored, no bounds.
class Baseline {
public:
    explicit Baseline(const wsp_problem *p) : p_(p), I_(wsp_problem_length(p)), W_(wsp_problem_warps(p)) {
        for (uint32_t i = 0; i < I_; ++i) unit_.push_back(wsp_problem_unit_at(p, i));
        for (int u = 0; u < 4; ++u) sigma_[u] = wsp_problem_sigma(p, static_cast<uint32_t>(u));
        S_ = wsp_problem_schedulers(p);
    }
    uint32_t solve() {
        std::vector<uint32_t> n(I_ + 1, 0);
        n[0] = W_;
        return value(n);
    }
    size_t states() const { return memo_.size(); }

private:
    uint32_t value(const std::vector<uint32_t> &n) {
        if (n[I_] == W_) return 0;
        std::string key(reinterpret_cast<const char *>(n.data()), n.size() * sizeof(uint32_t));
        auto it = memo_.find(key);
        if (it != memo_.end()) return it->second;
        uint32_t ready[4] = {0, 0, 0, 0}, m[4], total = 0;
        std::vector<uint32_t> pos;
        for (uint32_t q = 0; q < I_; ++q)
            if (n[q]) {
                ready[unit_[q]] += n[q];
                pos.push_back(q);
            }
        for (int u = 0; u < 4; ++u) total += (m[u] = ready[u] < sigma_[u] ? ready[u] : sigma_[u]);
        uint32_t best = 0;
        std::vector<uint32_t> a(pos.size(), 0);
        auto each_split = [&](uint32_t t[4]) {
            // every a with a_q <= n_q and per-type sums t_U, by recursion over the positions
            std::vector<uint32_t> left(t, t + 4);
            recurse(n, pos, a, 0, left, best);
        };
        if (S_ == 0 || total <= S_) {
            each_split(m);
        } else {
            for (uint32_t t0 = 0; t0 <= m[0]; ++t0)
                for (uint32_t t1 = 0; t1 <= m[1]; ++t1)
                    for (uint32_t t2 = 0; t2 <= m[2]; ++t2) {
                        if (t0 + t1 + t2 > S_ || S_ - t0 - t1 - t2 > m[3]) continue;
                        uint32_t t[4] = {t0, t1, t2, S_ - t0 - t1 - t2};
                        each_split(t);
                    }
        }
        memo_.emplace(std::move(key), best);
        return best;
    }
    void recurse(const std::vector<uint32_t> &n, const std::vector<uint32_t> &pos, std::vector<uint32_t> &a,
                 size_t k, std::vector<uint32_t> &left, uint32_t &best) {
        if (k == pos.size()) {
            for (int u = 0; u < 4; ++u)
                if (left[u]) return;
            std::vector<uint32_t> c = n;
            for (size_t j = 0; j < pos.size(); ++j) {
                c[pos[j]] -= a[j];
                c[pos[j] + 1] += a[j];
            }
            const uint32_t v = 1 + value(c);
            if (v > best) best = v;
            return;
        }
        const uint32_t u = unit_[pos[k]];
        const uint32_t hi = n[pos[k]] < left[u] ? n[pos[k]] : left[u];
        for (uint32_t x = 0; x <= hi; ++x) {
            a[k] = x;
            left[u] -= x;
            recurse(n, pos, a, k + 1, left, best);
            left[u] += x;
        }
    }

    const wsp_problem *p_;
    uint32_t I_, W_, S_;
    uint32_t sigma_[4];
    std::vector<uint32_t> unit_;
    std::unordered_map<std::string, uint32_t> memo_;
};

double now() { return wsp_host_seconds(); }

}  // namespace

// `exact_bench threads [W [THREADS [MEMORY_MIB]]]`: one Voronoi solve on 1 thread, then on THREADS
// (default 2) sharing one table, in the same run; the ratio of their times is the figure.
int threads_mode(int argc, char **argv) {
    const uint32_t W = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 7;
    const uint32_t threads = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 2;
    const uint64_t mib = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 2048;
    wsp_sm_config sm{};
    sm.units[WSP_UNIT_L] = 32;
    sm.units[WSP_UNIT_C] = 128;
    sm.schedulers = 4;
    size_t size = 0;
    wsp_diag d{};
    if (wsp_problem_workspace_size("L5 C9 L2 C9", W, &sm, &size, &d) != WSP_OK) {
        std::printf("error: %s\n", d.message);
        return 1;
    }
    std::vector<uint64_t> storage((size + 7) / 8);
    wsp_problem *p = nullptr;
    wsp_problem_init("L5 C9 L2 C9", W, &sm, storage.data(), size, &p, &d);
    std::printf("exact solver on threads: Voronoi W = %u, %llu MiB, 1 thread then %u threads\n\n", W,
                static_cast<unsigned long long>(mib), threads);
    std::printf("%8s %8s %7s %14s %10s %9s\n", "threads", "T(W)", "probes", "main expanded", "seconds", "ratio");
    double base = 0;
    std::vector<uint32_t> first;
    for (uint32_t t : {1u, threads}) {
        std::vector<uint32_t> witness(static_cast<size_t>(W) * wsp_problem_length(p));
        wsp_host_exact_job job{};
        job.problem = p;
        job.memory = mib << 20;
        job.witness = witness.data();
        job.witness_length = witness.size();
        wsp_host_run_options o{};
        o.threads = t;
        wsp_host_exact_run(&job, 1, &o, nullptr);
        if (job.status != WSP_OK || job.result.stop != WSP_STOP_FINISHED) {
            std::printf("error: the solve did not finish\n");
            return 1;
        }
        if (t == 1) {
            base = job.elapsed;
            first = witness;
        } else if (witness != first) {
            std::printf("error: the witness differs with %u threads\n", t);
            return 1;
        }
        std::printf("%8u %8u %7u %14llu %10.2f %9.2f\n", t, job.result.lower, job.result.probes,
                    static_cast<unsigned long long>(job.result.expanded), job.elapsed, job.elapsed / base);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && std::string(argv[1]) == "threads") return threads_mode(argc, argv);
    const double seconds = argc > 1 ? std::atof(argv[1]) : 20.0;
    const uint64_t mib = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2048;
    const uint32_t baseline_max = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 7;
    Kernel kernels[3] = {};
    kernels[0] = {"Voronoi (paper 003) sigma_L=1 sigma_C=4 S=4", "L5 C9 L2 C9", {}};
    kernels[0].sm.units[WSP_UNIT_L] = 32;
    kernels[0].sm.units[WSP_UNIT_C] = 128;
    kernels[0].sm.schedulers = 4;
    kernels[1] = {"LLCLL (paper 004) sigma=1", "LLCLL", {}};
    kernels[2] = {"LCLCL (paper 004) sigma_L=1/2 sigma_C=1", "LCLCL", {}};
    kernels[2].sm.units[WSP_UNIT_L] = 16;
    std::printf("exact solver benchmark: %.0f s and %llu MiB per instance; baseline (plain memoised\n"
                "longest path, no bounds) up to W = %u\n\n", seconds,
                static_cast<unsigned long long>(mib), baseline_max);
    for (const Kernel &k : kernels) {
        std::printf("%s, kernel %s\n", k.name, k.kernel);
        std::printf("%3s %-8s %-6s %11s %12s %12s %9s %9s | %12s %9s %7s\n", "W", "status", "stop", "bracket",
                    "expanded", "stored", "memory", "seconds", "base states", "base s", "ratio");
        for (uint32_t W = 1; W <= 16; ++W) {
            size_t size = 0;
            wsp_diag d{};
            if (wsp_problem_workspace_size(k.kernel, W, &k.sm, &size, &d) != WSP_OK) {
                std::printf("error: %s\n", d.message);
                return 1;
            }
            std::vector<uint64_t> storage((size + 7) / 8);
            wsp_problem *p = nullptr;
            wsp_problem_init(k.kernel, W, &k.sm, storage.data(), size, &p, &d);
            std::vector<uint32_t> witness(static_cast<size_t>(W) * wsp_problem_length(p));
            wsp_host_exact_job job{};
            job.problem = p;
            job.memory = mib << 20;
            job.seconds = seconds;
            job.witness = witness.data();
            job.witness_length = witness.size();
            wsp_host_run_options o{};
            o.threads = 1;
            wsp_host_exact_run(&job, 1, &o, nullptr);
            if (job.status != WSP_OK) {
                std::printf("error: %s\n", job.diag.message);
                return 1;
            }
            const wsp_exact_result &r = job.result;
            const char *stop = r.stop == WSP_STOP_FINISHED ? "-"
                               : r.stop == WSP_STOP_MEMORY ? "memory"
                               : r.stop == WSP_STOP_TIME ? "time" : "states";
            char bracket[32];
            if (r.lower == r.upper)
                std::snprintf(bracket, sizeof bracket, "%u", r.lower);
            else
                std::snprintf(bracket, sizeof bracket, "[%u,%u]", r.lower, r.upper);
            size_t used = 0;
            wsp_exact_workspace_size(p, r.stored, &used, nullptr);
            const double used_mib = static_cast<double>(used) / (1 << 20);
            std::printf("%3u %-8s %-6s %11s %12llu %12llu %7.1fMi %9.3f |", W,
                        r.stop == WSP_STOP_FINISHED ? "optimal" : "budget", stop, bracket,
                        static_cast<unsigned long long>(r.expanded), static_cast<unsigned long long>(r.stored),
                        used_mib, job.elapsed);
            if (W <= baseline_max) {
                Baseline b(p);
                const double t0 = now();
                const uint32_t t = b.solve();
                const double bs = now() - t0;
                std::printf(" %12zu %9.3f %6.1fx%s\n", b.states(), bs, job.elapsed > 0 ? bs / job.elapsed : 0.0,
                            r.stop == WSP_STOP_FINISHED && t != r.lower ? "  MISMATCH" : "");
            } else {
                std::printf(" %12s %9s %7s\n", "-", "-", "-");
            }
            std::fflush(stdout);
        }
        std::printf("\n");
    }
    std::printf("memory: workspace bytes for the states stored (wsp_exact_workspace_size);\n"
                "ratio: baseline seconds / solver seconds, both measured in this run.\n");
    return 0;
}
