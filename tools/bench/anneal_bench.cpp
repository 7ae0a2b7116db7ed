// Benchmark of the witness search (issues 4 and 20), on one thread. Prints:
//  1. Decoding speed: iterations per second of paper 003's annealer on Voronoi W = 16 (kernel
//     L5 C9 L2 C9, sigma_L 1, sigma_C 4, 4 schedulers) with a straightforward implementation built
//     here (every candidate decoded from scratch by Fig. 4's earliest-cycle scan) and with the
//     library's decoders: full re-decode, incremental (wsp_anneal_run), checkpointed (lower's annealer).
//     All take identical decisions (same moves, same acceptance draws): the best and the accepted
//     count must agree. Each is run three times, interleaved, and its best rate counts.
//  2. Voronoi W = 16, best witness within 1 s for seeds 1..10: before (paper 003's annealer, six
//     restarts, iterations fitted to the time) and after (the lower method, one job).
//  3. Random instances with T(W) from the exact solver (W 2..8): how often a method reaches T(W),
//     its mean witness / T(W) and its time; before: the annealer (six restarts of 20000
//     iterations), after: the lower method with its default budget.
//
//   build/host/anneal_bench [ITERATIONS_FOR_SPEED [INSTANCES]]     (make bench-anneal)
//
// Defaults: 300000 iterations, 400 instances. A program that prints figures, not a test.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "anneal/acceptance.hpp"
#include "anneal/anneal.hpp"
#include "anneal/rng.hpp"
#include "lower/lower.hpp"
#include "model/problem.hpp"
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
    return wsp_problem_init(kernel, W, &sm, pr.storage.data(), size, &pr.p, nullptr) == WSP_OK;
}

wsp_sm_config voronoi_sm() {
    wsp_sm_config sm{};
    sm.units[WSP_UNIT_L] = 32;
    sm.units[WSP_UNIT_C] = 128;
    sm.schedulers = 4;
    return sm;
}

double now() { return wsp_host_seconds(); }

// ---- 1. a straightforward implementation of paper 003's annealer --------------------------------

// Fig. 4 as written: for each position, scan the cycles from the warp's previous instruction on until
// its type and the scheduler limit have room; every candidate decoded from scratch on a cleared table.
class PlainDecoder {
public:
    explicit PlainDecoder(const wsp_problem *p)
        : p_(p), W_(p->warps), n_(p->warps * p->length), count_(5u * (upper(p) + 2u)), next_(W_),
          last_(W_) {}

    uint32_t decode(const std::vector<uint32_t> &s) {
        std::fill(count_.begin(), count_.end(), 0u);
        std::fill(next_.begin(), next_.end(), 0u);
        std::fill(last_.begin(), last_.end(), 0u);
        const uint8_t *units = p_->units();
        const uint32_t S = p_->schedulers;
        uint32_t end = 0;
        for (uint32_t k = 0; k < n_; ++k) {
            const uint32_t w = s[k];
            const uint32_t u = units[next_[w]++];
            uint32_t t = last_[w] + 1u;
            while (count_[5u * t + u] >= p_->sigma[u] || (S != 0 && count_[5u * t + 4u] >= S)) ++t;
            ++count_[5u * t + u];
            ++count_[5u * t + 4u];
            last_[w] = t;
            end = t > end ? t : end;
        }
        return end;
    }

private:
    static uint32_t upper(const wsp_problem *p) {
        wsp_bounds b;
        wsp_bounds_compute(p, &b, nullptr);
        return static_cast<uint32_t>(b.upper);
    }
    const wsp_problem *p_;
    uint32_t W_, n_;
    std::vector<uint32_t> count_, next_, last_;
};

struct Speed {
    double rate = 0;  // iterations per second, best of the runs
    uint32_t lower = 0;
    uint64_t accepted = 0;
    double decoded = 0;  // positions decoded per candidate
};

// The paper's annealer over the plain decoder: the same moves, acceptance draws and random stream as
// wsp_anneal (random initial string, uniform or local pairs), so the same decisions.
void plain_anneal(const wsp_problem *p, uint32_t moves, uint64_t iterations, Speed &sp) {
    const uint32_t W = p->warps, n = W * p->length;
    std::vector<uint32_t> s(n);
    {
        size_t bytes = 0;
        wsp_schedule_workspace_size(p, &bytes, nullptr);
        std::vector<uint64_t> ws(bytes / 8 + 1);
        std::vector<uint32_t> init(n);
        wsp_schedule_dispatch(p, WSP_POLICY_RANDOM, 1, ws.data(), bytes, init.data(), n, nullptr);
        for (uint32_t k = 0; k < n; ++k) s[k] = init[k] - 1u;
    }
    PlainDecoder dec(p);
    wsp::Rng rng(1ull ^ 0x5DEECE66Dull);  // what wsp_anneal uses for moves after a random start
    const double t = now();
    uint32_t m = dec.decode(s), best = m, sweep = 0;
    uint64_t accepted = 0;
    for (uint64_t iter = 0; iter < iterations; ++iter) {
        uint32_t a, b;
        if (moves == WSP_MOVES_UNIFORM) {
            do {
                a = rng.below(n);
                b = rng.below(n);
            } while (s[a] == s[b]);
            if (a > b) std::swap(a, b);
        } else {
            for (;;) {
                if (sweep + 1u >= n) sweep = 0;
                a = sweep++;
                const uint32_t room = n - 1u - a, span = W > room ? room : W;
                b = a + 1u + rng.below(span);
                if (s[a] != s[b]) break;
            }
        }
        std::swap(s[a], s[b]);
        const uint32_t c = dec.decode(s);
        const bool take = c >= m || wsp::accept_worse(rng.next(), m - c,
                                                      wsp::temperature_q32(WSP_ANNEAL_DEFAULT_T0, iter, iterations));
        if (take) {
            m = c;
            ++accepted;
            best = std::max(best, m);
        } else {
            std::swap(s[a], s[b]);
        }
    }
    const double rate = static_cast<double>(iterations) / (now() - t);
    sp.rate = std::max(sp.rate, rate);
    sp.lower = best;
    sp.accepted = accepted;
    sp.decoded = n;
}

void library_anneal(const wsp_problem *p, uint32_t moves, wsp::Decoding d, uint64_t iterations,
                    Speed &sp) {
    const uint64_t bytes = wsp::anneal_bytes(p, d);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(p->warps) * p->length);
    wsp_anneal_options o{};
    o.iterations = iterations;
    o.seed = 1;
    o.policy = WSP_POLICY_RANDOM;
    o.moves = moves;
    wsp_anneal_result r{};
    const double t = now();
    wsp::anneal(p, &o, ws.data(), bytes, witness.data(), witness.size(), &r, nullptr, d);
    const double rate = static_cast<double>(r.iterations) / (now() - t);
    sp.rate = std::max(sp.rate, rate);
    sp.lower = r.lower;
    sp.accepted = r.accepted;
    sp.decoded = static_cast<double>(r.decoded) / static_cast<double>(r.iterations);
}

// ---- 2. before: the paper's annealer, six restarts, iterations fitted to the time ---------------

uint32_t anneal_within(const wsp_problem *p, double seconds, double rate, uint64_t seed) {
    const size_t restarts = WSP_POLICY_COUNT;
    const uint64_t iterations = std::max<uint64_t>(1000, static_cast<uint64_t>(0.8 * rate * seconds / restarts));
    const size_t n = static_cast<size_t>(p->warps) * p->length;
    std::vector<std::vector<uint32_t>> witness(restarts, std::vector<uint32_t>(n));
    std::vector<wsp_host_anneal_job> jobs(restarts);
    for (size_t k = 0; k < restarts; ++k) {
        jobs[k] = wsp_host_anneal_job{};
        jobs[k].problem = p;
        jobs[k].options.iterations = iterations;
        jobs[k].options.seed = seed + k;
        jobs[k].options.policy = static_cast<uint32_t>(k);
        jobs[k].witness = witness[k].data();
        jobs[k].witness_length = n;
    }
    wsp_host_run_options run{};
    run.threads = 1;
    run.seconds = seconds;
    wsp_host_anneal_run(jobs.data(), restarts, &run, nullptr);
    uint32_t best = 0;
    for (const wsp_host_anneal_job &j : jobs)
        if (j.status == WSP_OK) best = std::max(best, j.result.lower);
    return best;
}

uint32_t anneal_budget(const wsp_problem *p, uint64_t iterations, uint64_t seed) {
    const size_t n = static_cast<size_t>(p->warps) * p->length;
    size_t bytes = 0;
    wsp_anneal_workspace_size(p, &bytes, nullptr);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> witness(n);
    uint32_t best = 0;
    for (uint32_t k = 0; k < WSP_POLICY_COUNT; ++k) {
        wsp_anneal_options o{};
        o.iterations = iterations;
        o.seed = seed + k;
        o.policy = k;
        wsp_anneal_result r{};
        if (wsp_anneal_run(p, &o, ws.data(), bytes, witness.data(), n, &r, nullptr) == WSP_OK)
            best = std::max(best, r.lower);
        if (r.lower >= r.upper) break;  // it is T(W)
    }
    return best;
}

// ---- after: the lower method --------------------------------------------------------------------

struct Found {
    uint32_t lower = 0;
    double seconds = 0, at = 0;  // total, and when the witness was found
};

void on_best(void *context, uint32_t, double seconds) { static_cast<Found *>(context)->at = seconds; }

Found lower_within(const wsp_problem *p, double seconds, uint64_t seed) {
    wsp_host_lower_options o{};
    o.lower.seed = seed;
    o.jobs = 1;
    wsp_host_run_options run{};
    run.threads = 1;
    run.seconds = seconds;
    Found f;
    o.on_best = on_best;
    o.on_best_context = &f;
    std::vector<uint32_t> witness(static_cast<size_t>(p->warps) * p->length);
    wsp_host_lower_result r{};
    if (wsp_host_lower_run(p, &o, &run, witness.data(), witness.size(), &r, nullptr) == WSP_OK) {
        f.lower = r.best.lower;
        f.seconds = r.seconds;
    }
    return f;
}

Found lower_default(const wsp_problem *p, uint64_t seed) {
    wsp_lower_options o{};
    o.seed = seed;
    size_t size = 0;
    wsp_lower_workspace_size(p, &o, &size, nullptr);
    std::vector<uint64_t> ws(size / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(p->warps) * p->length);
    wsp_lower_result r{};
    Found f;
    const double t = now();
    if (wsp_lower_run(p, &o, ws.data(), size, witness.data(), witness.size(), &r, nullptr) == WSP_OK)
        f.lower = r.lower;
    f.seconds = now() - t;
    return f;
}

uint32_t exact_T(const wsp_problem *p, bool &ok) {
    size_t bytes = 0;
    wsp_exact_workspace_size(p, 1u << 20, &bytes, nullptr);
    std::vector<uint64_t> ws(bytes / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(p->warps) * p->length);
    wsp_exact_options o{};
    o.control.budget = 5000000;
    wsp_exact_result r{};
    ok = wsp_exact_solve(p, &o, ws.data(), bytes, witness.data(), witness.size(), &r, nullptr) == WSP_OK &&
         r.stop == WSP_STOP_FINISHED;
    return r.lower;
}

}  // namespace

int main(int argc, char **argv) {
    const uint64_t iterations = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 300000;
    const int instances = argc > 2 ? std::atoi(argv[2]) : 400;
    Problem v16;
    if (!make(v16, "L5 C9 L2 C9", 16, voronoi_sm())) return 1;

    std::printf("1. Voronoi W = 16 (L5 C9 L2 C9, sigma_L 1, sigma_C 4, 4 schedulers), paper 003's annealer,\n"
                "   %llu iterations, seed 1, random initial string; best of 3 interleaved runs each\n\n",
                static_cast<unsigned long long>(iterations));
    std::printf("   moves     decoding                      it/s        positions/cand  best  accepted  vs plain\n");
    for (int m = 0; m < 2; ++m) {
        const uint32_t moves = static_cast<uint32_t>(m);
        Speed plain, full, inc, ck;
        for (int rep = 0; rep < 3; ++rep) {
            plain_anneal(v16.p, moves, iterations, plain);
            library_anneal(v16.p, moves, wsp::Decoding::kFull, iterations, full);
            library_anneal(v16.p, moves, wsp::Decoding::kIncremental, iterations, inc);
            library_anneal(v16.p, moves, wsp::Decoding::kCheckpoint, iterations, ck);
        }
        const char *name = m == 0 ? "uniform" : "local";
        const struct {
            const char *what;
            const Speed &s;
        } rows[] = {{"plain Fig. 4 (this file)", plain},
                    {"full re-decode (library)", full},
                    {"incremental (wsp_anneal_run)", inc},
                    {"checkpointed (lower)", ck}};
        for (const auto &row : rows) {
            const bool same = row.s.lower == plain.lower && row.s.accepted == plain.accepted;
            std::printf("   %-9s %-29s %-11.0f %-15.1f %-5u %-9llu %.2fx%s\n", name, row.what, row.s.rate,
                        row.s.decoded, row.s.lower, static_cast<unsigned long long>(row.s.accepted),
                        row.s.rate / plain.rate, same ? "" : "  (decisions differ!)");
        }
    }

    std::printf("\n2. Voronoi W = 16: best witness within 1 s on one thread (paper 003: 160; T(16) <= 193)\n\n");
    Speed rate;
    library_anneal(v16.p, WSP_MOVES_UNIFORM, wsp::Decoding::kIncremental, 100000, rate);
    std::printf("   seed   before: annealer   after: lower   found after\n");
    uint32_t worst = ~0u;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
        const uint32_t before = anneal_within(v16.p, 1.0, rate.rate, seed);
        const Found after = lower_within(v16.p, 1.0, seed);
        worst = std::min(worst, after.lower);
        std::printf("   %-6llu %-18u %-14u %.3f s\n", static_cast<unsigned long long>(seed), before, after.lower,
                    after.at);
    }
    std::printf("   worst seed: %u\n", worst);

    std::printf("\n3. Random instances with T(W) known (exact solver): W 2..8, random sigma (1..4 or 1/2),\n"
                "   latency 1-2, 0-4 schedulers; 3/4 with W*I <= 80, 1/4 with W*I <= 200\n\n");
    uint32_t rng = 12345;
    auto below = [&](uint32_t n) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        return rng % n;
    };
    int count = 0, hit_before = 0, hit_after = 0, hit_fast = 0;
    double ratio_before = 0, ratio_after = 0, time_before = 0, time_after = 0, max_after = 0;
    while (count < instances) {
        wsp_sm_config sm{};
        sm.warp_size = 32;
        for (int u = 0; u < 4; ++u) {
            const uint32_t r = below(6);
            sm.units[u] = r < 4 ? 32 * (r + 1) : 16;
            sm.latency[u] = below(4) == 0 ? 2 : 1;
        }
        sm.schedulers = below(5);
        const bool large = count % 4 == 3;
        char kernel[16];
        const uint32_t len = 1 + below(large ? 12 : 6);
        for (uint32_t i = 0; i < len; ++i) kernel[i] = "LCSD"[below(4)];
        kernel[len] = '\0';
        Problem pr;
        if (!make(pr, kernel, 2 + below(7), sm)) continue;
        const uint64_t cells = uint64_t{pr.p->warps} * pr.p->length;
        if (cells > (large ? 200u : 80u) || (large && cells <= 80u)) continue;
        bool ok = false;
        const uint32_t T = exact_T(pr.p, ok);
        if (!ok) continue;
        ++count;
        double t = now();
        const uint32_t before = anneal_budget(pr.p, 20000, count);
        time_before += now() - t;
        const Found after = lower_default(pr.p, count);
        time_after += after.seconds;
        max_after = std::max(max_after, after.seconds);
        if (after.lower > T || before > T) {
            std::printf("   ERROR: a witness above T(W) on %s W=%u\n", kernel, pr.p->warps);
            return 1;
        }
        ratio_before += static_cast<double>(before) / T;
        ratio_after += static_cast<double>(after.lower) / T;
        hit_before += before == T;
        hit_after += after.lower == T;
        hit_fast += after.lower == T && after.seconds <= 0.5;
    }
    std::printf("   %d instances         reached T(W)        mean witness / T(W)   seconds (total, max)\n", count);
    std::printf("   before: annealer     %-4d (%5.1f %%)      %-21.4f %.1f\n", hit_before, 100.0 * hit_before / count,
                ratio_before / count, time_before);
    std::printf("   after: lower         %-4d (%5.1f %%)      %-21.4f %.1f, %.3f\n", hit_after,
                100.0 * hit_after / count, ratio_after / count, time_after, max_after);
    std::printf("   after, within 0.5 s  %-4d (%5.1f %%)\n", hit_fast, 100.0 * hit_fast / count);
    return 0;
}
