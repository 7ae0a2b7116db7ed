// Benchmark of the annealer (issue 4). Prints, for the Voronoi kernel of paper 003 (W = 16):
//  1. iterations per second with incremental decoding and with a plain full re-decode of every
//     candidate, in the same run, for both neighbourhoods (the two runs take identical decisions);
//  2. the best makespan reached when given 0.1 s, 1 s and 10 s, with 1 and 2 threads (6 restarts,
//     one per initial solution, iterations fitted to the time as the CLI's --timeout does);
//  3. how long the schedules of each initial solution are against T(W), on the Voronoi kernel for
//     W = 1..8 and on random small instances whose T(W) the exact solver knows.
//
//   build/host/anneal_bench [ITERATIONS_FOR_SPEED [LONGEST_BUDGET_SECONDS]]
//
// Defaults: 300000 iterations, budgets up to 10 s. A program that prints figures, not a test.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "anneal/anneal.hpp"
#include "warpspan.h"
#include "warpspan_host.h"

namespace {

struct Problem {
    std::vector<uint64_t> storage;
    wsp_problem *p = nullptr;
};

bool make(Problem &pr, const char *kernel, uint32_t W, const wsp_sm_config &sm) {
    size_t size = 0;
    if (wsp_problem_workspace_size(kernel, W, &sm, &size, nullptr) != WSP_OK) return false;
    pr.storage.assign(size / 8 + 1, 0);
    return wsp_problem_init(pr.storage.data(), size, kernel, W, &sm, &pr.p, nullptr) == WSP_OK;
}

wsp_sm_config voronoi_sm() {
    wsp_sm_config sm{};
    sm.units[WSP_UNIT_L] = 32;
    sm.units[WSP_UNIT_C] = 128;
    sm.schedulers = 4;
    return sm;
}

double now() { return wsp_host_seconds(); }

struct Speed {
    double rate;  // iterations per second
    uint32_t lower;
    double decoded;  // positions decoded per candidate
};

Speed speed(const wsp_problem *p, wsp_anneal_moves moves, bool incremental, uint64_t iterations) {
    const size_t bytes = wsp_anneal_workspace_size(p);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p));
    wsp_anneal_options o{};
    o.iterations = iterations;
    o.seed = 1;
    o.init = WSP_ANNEAL_RANDOM;
    o.moves = moves;
    wsp_anneal_result r{};
    const double t = now();
    wsp::anneal(p, &o, ws.data(), bytes, witness.data(), witness.size(), &r, nullptr, incremental ? wsp::Decoding::kIncremental : wsp::Decoding::kFull);
    const double s = now() - t;
    return Speed{static_cast<double>(r.iterations) / s, r.lower,
                 static_cast<double>(r.decoded) / static_cast<double>(r.iterations)};
}

uint32_t best_within(const wsp_problem *p, double seconds, unsigned threads, double rate) {
    const size_t restarts = WSP_ANNEAL_INIT_COUNT;
    const double rounds = std::ceil(static_cast<double>(restarts) / threads);
    const uint64_t iterations = std::max<uint64_t>(1000, static_cast<uint64_t>(0.8 * rate * seconds / rounds));
    const size_t n = static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p);
    std::vector<std::vector<uint32_t>> witness(restarts, std::vector<uint32_t>(n));
    std::vector<wsp_host_anneal_job> jobs(restarts);
    for (size_t k = 0; k < restarts; ++k) {
        jobs[k] = wsp_host_anneal_job{};
        jobs[k].problem = p;
        jobs[k].options.iterations = iterations;
        jobs[k].options.seed = 1 + k;
        jobs[k].options.init = static_cast<wsp_anneal_init>(k);
        jobs[k].witness = witness[k].data();
        jobs[k].witness_length = n;
    }
    wsp_host_anneal_run(jobs.data(), restarts, threads, seconds, nullptr, nullptr, 0);
    uint32_t best = 0;
    for (const wsp_host_anneal_job &j : jobs)
        if (j.status == WSP_OK) best = std::max(best, j.result.lower);
    return best;
}

uint32_t exact_T(const wsp_problem *p, bool &ok) {
    const size_t bytes = wsp_exact_workspace_size(p, 1u << 20);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p));
    wsp_exact_options o{};
    o.max_expansions = 5000000;
    wsp_exact_result r{};
    ok = wsp_exact_solve(p, &o, ws.data(), bytes, witness.data(), witness.size(), &r, nullptr) == WSP_OK &&
         r.status == WSP_EXACT_OPTIMAL;
    return r.lower;
}

uint32_t initial_makespan(const wsp_problem *p, wsp_anneal_init init, uint64_t seed) {
    const size_t bytes = wsp_anneal_workspace_size(p);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> s(static_cast<size_t>(wsp_problem_warps(p)) * wsp_problem_length(p));
    wsp_anneal_initial(p, init, seed, ws.data(), bytes, s.data(), s.size(), nullptr);
    std::vector<uint64_t> dws(wsp_decode_workspace_size(p) / 8 + 1);
    uint32_t m = 0;
    wsp_decode(p, s.data(), s.size(), dws.data(), dws.size() * 8, nullptr, nullptr, &m, nullptr);
    return m;
}

const char *const kInit[WSP_ANNEAL_INIT_COUNT] = {"round-robin", "fixed-priority", "most-pending",
                                                  "random", "least-progress", "starve"};

}  // namespace

int main(int argc, char **argv) {
    const uint64_t iterations = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 300000;
    const double longest = argc > 2 ? std::atof(argv[2]) : 10.0;
    Problem v16;
    if (!make(v16, "L5 C9 L2 C9", 16, voronoi_sm())) return 1;

    std::printf("1. Voronoi W = 16 (L5 C9 L2 C9, sigma_L 1, sigma_C 4, 4 schedulers), %llu iterations,\n"
                "   seed 1, random initial string: iterations per second\n\n",
                static_cast<unsigned long long>(iterations));
    std::printf("   moves     decoding      it/s        positions/candidate   best   speed-up\n");
    double rate_default = 0;
    for (int m = 0; m < 2; ++m) {
        const wsp_anneal_moves moves = static_cast<wsp_anneal_moves>(m);
        const Speed full = speed(v16.p, moves, false, iterations);
        const Speed inc = speed(v16.p, moves, true, iterations);
        if (m == 0) rate_default = inc.rate;
        const char *name = m == 0 ? "uniform" : "local";
        std::printf("   %-9s full          %-11.0f %-21.1f %-6u\n", name, full.rate, full.decoded, full.lower);
        std::printf("   %-9s incremental   %-11.0f %-21.1f %-6u %.2fx%s\n", name, inc.rate, inc.decoded,
                    inc.lower, inc.rate / full.rate, inc.lower == full.lower ? "" : "  (results differ!)");
    }

    std::printf("\n2. Voronoi W = 16: best makespan within a time budget (6 restarts, one per initial\n"
                "   solution, iterations fitted to the budget from the rate above; paper 003: 160)\n\n");
    std::printf("   budget    1 thread   2 threads\n");
    for (double b : {0.1, 1.0, 10.0}) {
        if (b > longest) break;
        const uint32_t one = best_within(v16.p, b, 1, rate_default);
        const uint32_t two = best_within(v16.p, b, 2, rate_default);
        std::printf("   %-6.1f s  %-10u %u\n", b, one, two);
    }

    std::printf("\n3. Initial solutions: makespan of the schedule itself (no annealing) against T(W)\n\n");
    std::printf("   Voronoi W   T(W)   ");
    for (const char *n : kInit) std::printf("%-15s", n);
    std::printf("\n");
    for (uint32_t W = 1; W <= 8; ++W) {
        Problem pr;
        make(pr, "L5 C9 L2 C9", W, voronoi_sm());
        bool ok = false;
        const uint32_t T = W <= 6 ? exact_T(pr.p, ok) : (W == 7 ? 87u : 98u);  // W = 7, 8: BENCHMARKS.md
        std::printf("   %-11u %-6u ", W, T);
        for (int k = 0; k < WSP_ANNEAL_INIT_COUNT; ++k)
            std::printf("%-15u", initial_makespan(pr.p, static_cast<wsp_anneal_init>(k), 1));
        std::printf("\n");
    }
    // Random small instances (the test suite's generator family): mean ratio to T(W) and hits.
    uint32_t rng = 12345;
    auto below = [&](uint32_t n) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        return rng % n;
    };
    double ratio[WSP_ANNEAL_INIT_COUNT] = {0};
    int hits[WSP_ANNEAL_INIT_COUNT] = {0}, count = 0;
    while (count < 300) {
        wsp_sm_config sm{};
        sm.warp_size = 32;
        for (int u = 0; u < 4; ++u) {
            const uint32_t r = below(6);
            sm.units[u] = r < 4 ? 32 * (r + 1) : 16;
            sm.latency[u] = below(4) == 0 ? 2 : 1;
        }
        sm.schedulers = below(5);
        char kernel[8];
        const uint32_t len = 1 + below(6);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[below(4)];
        kernel[len] = '\0';
        Problem pr;
        if (!make(pr, kernel, 2 + below(7), sm)) continue;
        if (uint64_t{wsp_problem_warps(pr.p)} * wsp_problem_length(pr.p) > 80) continue;
        bool ok = false;
        const uint32_t T = exact_T(pr.p, ok);
        if (!ok) continue;
        ++count;
        for (int k = 0; k < WSP_ANNEAL_INIT_COUNT; ++k) {
            const uint32_t m = initial_makespan(pr.p, static_cast<wsp_anneal_init>(k), count);
            ratio[k] += static_cast<double>(m) / T;
            hits[k] += m == T;
        }
    }
    std::printf("\n   %d random instances (W 2..8, W*I <= 80, random sigma, latency, schedulers):\n", count);
    std::printf("   %-16s %-16s %s\n", "initial", "mean m / T(W)", "m == T(W)");
    for (int k = 0; k < WSP_ANNEAL_INIT_COUNT; ++k)
        std::printf("   %-16s %-16.3f %d\n", kInit[k], ratio[k] / count, hits[k]);
    return 0;
}
