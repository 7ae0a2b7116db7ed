// Benchmark of the ILP (issue 5, paper 004 Fig. 5; issue 19 item 4): lp_solve's solve time with the
// short (Eq. 32/35) and the long (Eq. 31/34) work-conserving rows and with the strong formulation
// (docs/ilp_strong.md, with its LP relaxation's bound), for LLCLL with sigma 1, W = 1..6, and
// the Voronoi kernel (paper 003), W = 1..4, next to the exact solver's time for the same T(W) in the
// same run (the baseline: the ratio ILP / exact is what to compare across machines).
//
//   build/host/ilp_bench [SECONDS_PER_SOLVE [MAX_W_LLCLL [MAX_W_VORONOI [KINDS]]]]
//
// Defaults: 60 s, 6, 4, short,long,strong (KINDS: which models to solve, a comma list). A solve stopped by the limit prints its bracket [lower, upper] and "timeout";
// only "optimal" rows are exact. A program that prints figures, not a test.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "host/ilp/strong.hpp"
#include "warpspan.h"
#include "warpspan_host.h"

namespace {

struct Kernel {
    const char *name;
    const char *kernel;
    wsp_sm_config sm;
    uint32_t max_w;
};

struct ExactTime {
    uint32_t T;
    bool optimal;
    double seconds;
};

ExactTime exact(const wsp_problem *p, double limit) {
    std::vector<uint32_t> witness(size_t{wsp_problem_warps(p)} * wsp_problem_length(p));
    wsp_host_exact_job job{};
    job.problem = p;
    job.seconds = limit;
    job.witness = witness.data();
    job.witness_length = witness.size();
    wsp_host_run_options o{};
    o.threads = 1;
    wsp_host_exact_run(&job, 1, &o, nullptr);
    return ExactTime{job.result.upper, job.status == WSP_OK && job.result.stop == WSP_STOP_FINISHED,
                     job.elapsed};
}

const char *status_name(uint32_t s) {
    return s == WSP_STOP_FINISHED ? "optimal" : s == WSP_STOP_TIME ? "timeout" : "cancelled";
}

}  // namespace

int main(int argc, char **argv) {
    if (!wsp_host_ilp_available()) {
        std::fprintf(stderr, "ilp_bench: this build has no lp_solve (install liblpsolve55-dev and lp-solve)\n");
        return 2;
    }
    const double limit = argc > 1 ? std::atof(argv[1]) : 60.0;
    const uint32_t max_llcll = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 6;
    const uint32_t max_voronoi = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 4;
    const std::string kinds = argc > 4 ? argv[4] : "short,long,strong";
    const char *const kind_names[] = {"short", "long", "strong"};
    Kernel kernels[] = {
        {"LLCLL sigma 1 (paper 004 Fig. 5)", "LLCLL", wsp_sm_config{}, max_llcll},
        {"Voronoi (paper 003)", "L5 C9 L2 C9", wsp_sm_config{}, max_voronoi},
    };
    kernels[1].sm.units[WSP_UNIT_L] = 32;
    kernels[1].sm.units[WSP_UNIT_C] = 128;
    kernels[1].sm.schedulers = 4;

    std::printf("ILP solve time (lp_solve 5.5, limit %.0f s per solve) against the exact solver, same run\n\n", limit);
    std::printf("%-34s %2s %5s %9s", "kernel", "W", "T(W)", "exact s");
    for (const char *c : kind_names)
        if (kinds.find(c) != std::string::npos)
            std::printf(" | %-7s %9s %8s %9s %8s", c, "bracket", "nodes", "seconds", "x exact");
    std::printf(" | %6s %9s\n", "LP", "LP s");
    for (const Kernel &k : kernels) {
        for (uint32_t W = 1; W <= k.max_w; ++W) {
            std::vector<uint64_t> storage(WSP_PROBLEM_WORKSPACE_SIZE(64) / 8 + 1);
            wsp_problem *p = nullptr;
            wsp_diag d{};
            if (wsp_problem_init(k.kernel, W, &k.sm, storage.data(), storage.size() * 8, &p, &d) != WSP_OK) {
                std::fprintf(stderr, "ilp_bench: %s\n", d.message);
                return 1;
            }
            const ExactTime e = exact(p, limit);
            std::printf("%-34s %2u %5u %9.4f", k.name, W, e.T, e.seconds);
            for (uint32_t c = WSP_HOST_ILP_SHORT; c <= WSP_HOST_ILP_STRONG; ++c) {
                if (kinds.find(kind_names[c]) == std::string::npos) continue;
                wsp_host_ilp_options o{};
                o.constraints = c;
                o.seconds = limit;
                wsp_host_ilp_result r{};
                if (wsp_host_ilp_solve(p, &o, nullptr, 0, &r, &d) != WSP_OK) {
                    std::printf(" | error: %s", d.message);
                    continue;
                }
                char bracket[32];
                std::snprintf(bracket, sizeof bracket, "[%u,%u]", r.lower, r.upper);
                std::printf(" | %-7s %9s %8llu %9.3f %8.0f", status_name(r.stop), bracket,
                            static_cast<unsigned long long>(r.nodes), r.seconds,
                            e.seconds > 0 ? r.seconds / e.seconds : 0.0);
                if (r.stop == WSP_STOP_FINISHED && e.optimal && r.lower != e.T)
                    std::printf(" MISMATCH");
            }
            // The strong model's LP relaxation: floor(value) is a proven upper bound on T(W).
            wsp::ilp::Model strong;
            strong.strong = true;
            uint32_t lp_bound = 0;
            double lp_value = 0;
            bool lp_done = false;
            const double lp_start = wsp_host_seconds();
            if (wsp::ilp::lp_relaxation(*p, strong, limit, &lp_bound, &lp_value, &lp_done, &d) != WSP_OK)
                std::printf(" | error: %s", d.message);
            else
                std::printf(" | %6u %9.3f%s", lp_bound, wsp_host_seconds() - lp_start,
                            e.optimal && lp_bound < e.T ? " UNSAFE" : lp_done ? "" : " (timeout)");
            std::printf("\n");
            std::fflush(stdout);
        }
    }
    std::printf("\n\"x exact\" = ILP seconds / exact-solver seconds in this run; a timeout row's ratio is a floor.\n"
                "LP = floor of the strong model's LP relaxation (+1e-5): a proven upper bound on T(W).\n");
    return 0;
}
