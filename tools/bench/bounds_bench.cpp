// Benchmark of the closed-form upper bounds (issue 19, item 1): how far above T(W) each proven bound
// lies on a deterministic random set of small instances whose T(W) the exact solver settles.
//
//   build/host/bounds_bench [INSTANCES [SEED [MAX_EXPANSIONS]]]
//
// Defaults: 400 instances, seed 19, 20000000 expansions per exact solve (instances the solver does not
// settle within that are drawn again, and counted). An instance: a kernel of 2..6 instructions with at
// least two unit types, sigma in {1/2, 1, 2, 4} and latency in {1, 2} per type, schedulers 0..4,
// W = 2..8, normalised length <= 16. It prints, for each bound and for their minimum (the reported
// upper bound), the mean and the largest upper/T(W), how often each bound is the smallest, and the
// instances where the minimum is furthest above T(W); then the same with the host-only slot bound
// (docs/bounds.md 6c), which it also checks against T(W), and with the host-only passage bound
// (host only, lib/host/bounds/passage_bound.hpp; also checked). A program that prints figures, not a test.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bounds/bound_terms.hpp"
#include "bounds/upper_bounds.hpp"
#include "host/bounds/passage_bound.hpp"
#include "host/bounds/slot_bound.hpp"
#include "model/problem.hpp"
#include "warpspan.h"

namespace {

uint32_t next(uint32_t *s) {  // xorshift32
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}
uint32_t below(uint32_t *s, uint32_t n) { return next(s) % n; }

double g_slot_seconds = 0;  // time spent on the slot bound (host LP) over the set
double g_passage_seconds = 0;  // time spent on the passage bound (host DP) over the set
uint32_t g_slot_failed = 0;
uint64_t g_expanded = 0;  // states the exact solver expanded over the set (the per-state bounds' effect)
uint32_t g_probes = 0;

struct Instance {
    std::string kernel;
    wsp_sm_config sm{};
    uint32_t W = 0;
    uint32_t T = 0;
    std::string normalised;
    uint32_t sigma[4] = {};   // normalised sigma (integer >= 1) per type L C S D
    uint32_t eff_s = 0;       // effective scheduler limit (docs/bounds.md section 4)
    uint64_t bound[wsp::kBoundCount] = {};
    uint64_t best = 0;
    uint64_t slot = UINT64_MAX;  // the slot bound (docs/bounds.md 6c; host LP), UINT64_MAX if not computed
    double slot_lp = 0;
    uint64_t with_slot = 0;  // min(best, slot)
    uint64_t passage = UINT64_MAX;  // the passage bound (host DP, candidate), UINT64_MAX if not computed
    uint64_t with_passage = 0;      // min(best, passage)
    uint64_t with_all = 0;          // min(best, slot, passage)
};

const char *sigma_text(uint32_t units) {
    switch (units) {
    case 16: return "1/2";
    case 32: return "1";
    case 64: return "2";
    default: return "4";
    }
}

std::string describe(const Instance &in) {
    char buf[256];
    std::string s = in.kernel + "  sigma";
    const char *letters = "LCSD";
    for (int u = 0; u < 4; ++u)
        if (in.kernel.find(letters[u]) != std::string::npos) {
            std::snprintf(buf, sizeof buf, " %c=%s", letters[u], sigma_text(in.sm.units[u]));
            s += buf;
            if (in.sm.latency[u] == 2) {
                std::snprintf(buf, sizeof buf, "(lat 2)");
                s += buf;
            }
        }
    std::snprintf(buf, sizeof buf, "  S=%u W=%u", in.sm.schedulers, in.W);
    return s + buf;
}

// Draws one instance (not yet solved); false when its normalised kernel is too long.
bool draw(uint32_t *rng, Instance *in) {
    const uint32_t units[4] = {16, 32, 64, 128};
    const char *letters = "LCSD";
    const uint32_t n = 2 + below(rng, 5);
    for (;;) {
        in->kernel.clear();
        for (uint32_t i = 0; i < n; ++i) in->kernel += letters[below(rng, 4)];
        if (in->kernel.find_first_not_of(in->kernel[0]) != std::string::npos) break;  // two types at least
    }
    in->sm = wsp_sm_config{};
    in->sm.warp_size = 32;
    for (int u = 0; u < 4; ++u) {
        in->sm.units[u] = units[below(rng, 4)];
        in->sm.latency[u] = 1 + below(rng, 2);
    }
    in->sm.schedulers = below(rng, 5);
    in->W = 2 + below(rng, 7);
    size_t size = 0;
    if (wsp_problem_workspace_size(in->kernel.c_str(), in->W, &in->sm, &size, nullptr) != WSP_OK) return false;
    std::vector<uint64_t> storage(size / 8 + 1);
    wsp_problem *p = nullptr;
    if (wsp_problem_init(in->kernel.c_str(), in->W, &in->sm, storage.data(), size, &p, nullptr) != WSP_OK)
        return false;
    return wsp_problem_length(p) <= 16;
}

// T(W) by the exact solver; false when it does not settle within the budget.
bool solve(Instance *in, uint64_t max_expansions) {
    size_t size = 0;
    wsp_problem_workspace_size(in->kernel.c_str(), in->W, &in->sm, &size, nullptr);
    std::vector<uint64_t> storage(size / 8 + 1);
    wsp_problem *p = nullptr;
    wsp_problem_init(in->kernel.c_str(), in->W, &in->sm, storage.data(), size, &p, nullptr);
    in->normalised = wsp_problem_kernel(p);
    for (int u = 0; u < 4; ++u) in->sigma[u] = p->sigma[u];
    in->eff_s = wsp::effective_schedulers(p->sigma, p->schedulers, p->count, p->warps);
    in->best = wsp::upper_bounds(*p, in->bound);
    const auto t0 = std::chrono::steady_clock::now();
    const wsp::SlotBound sb = wsp::slot_bound(*p);
    g_slot_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sb.computed) {
        in->slot = sb.bound;
        in->slot_lp = sb.lp_value;
    } else {
        ++g_slot_failed;
    }
    in->with_slot = std::min(in->best, in->slot);
    const auto t1 = std::chrono::steady_clock::now();
    const wsp::PassageBound pb = wsp::passage_bound(*p, in->best);
    g_passage_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    if (pb.computed) in->passage = pb.bound;
    in->with_passage = std::min(in->best, in->passage);
    in->with_all = std::min(in->with_slot, in->passage);
    size_t ws_size = 0;
    wsp_exact_workspace_size(p, 1u << 20, &ws_size, nullptr);
    std::vector<uint64_t> ws(ws_size / 8 + 1);
    std::vector<uint32_t> witness(static_cast<size_t>(in->W) * wsp_problem_length(p));
    wsp_exact_options o{};
    o.control.budget = max_expansions;
    wsp_exact_result r{};
    wsp_diag d{};
    if (wsp_exact_solve(p, &o, ws.data(), ws_size, witness.data(), witness.size(), &r, &d) != WSP_OK) {
        std::fprintf(stderr, "exact solver failed on %s: %s\n", describe(*in).c_str(), d.message);
        std::exit(1);
    }
    if (r.stop != WSP_STOP_FINISHED) return false;
    g_expanded += r.expanded;
    g_probes += r.probes;
    in->T = r.lower;
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    const uint32_t count = argc > 1 ? static_cast<uint32_t>(std::atoi(argv[1])) : 400;
    const uint32_t seed = argc > 2 ? static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10)) : 19;
    const uint64_t budget = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20000000;
    uint32_t rng = seed ? seed : 1;
    std::vector<Instance> set;
    uint32_t unsettled = 0, too_long = 0;
    while (set.size() < count) {
        Instance in;
        if (!draw(&rng, &in)) {
            ++too_long;
            continue;
        }
        if (!solve(&in, budget)) {
            ++unsettled;
            continue;
        }
        for (uint32_t k = 0; k < wsp::kBoundCount; ++k)
            if (in.bound[k] < in.T) {
                std::printf("UNSAFE: bound %s = %llu < T(W) = %u on %s\n", wsp::bound_name(k),
                            static_cast<unsigned long long>(in.bound[k]), in.T, describe(in).c_str());
                return 1;
            }
        if (in.slot < in.T) {
            std::printf("UNSAFE: slot bound = %llu < T(W) = %u on %s\n", static_cast<unsigned long long>(in.slot),
                        in.T, describe(in).c_str());
            return 1;
        }
        if (in.passage < in.T) {
            std::printf("UNSAFE: passage bound = %llu < T(W) = %u on %s\n", static_cast<unsigned long long>(in.passage),
                        in.T, describe(in).c_str());
            return 1;
        }
        set.push_back(in);
    }
    if (const char *dump = std::getenv("BOUNDS_BENCH_DUMP")) {  // one line per instance, for outside bounds
        if (FILE *f = std::fopen(dump, "w")) {
            for (const Instance &in : set)
                std::fprintf(f, "%s %u %u %u %u %u %u %u %llu %s\n", in.normalised.c_str(), in.sigma[0], in.sigma[1],
                             in.sigma[2], in.sigma[3], in.eff_s, in.W, in.T, static_cast<unsigned long long>(in.best),
                             describe(in).c_str());
            std::fclose(f);
        }
    }
    std::printf("closed-form upper bounds against T(W) (exact solver): %u instances, seed %u\n"
                "(drawn again: %u with normalised length > 16, %u not settled in %llu expansions)\n\n",
                count, seed, too_long, unsettled, static_cast<unsigned long long>(budget));
    std::printf("%-22s %10s %10s %10s %8s\n", "bound", "mean u/T", "max u/T", "smallest", "exact");
    for (uint32_t k = 0; k <= wsp::kBoundCount + 5; ++k) {
        double sum = 0, worst = 0;
        uint32_t smallest = 0, exact = 0, applies = 0;
        for (const Instance &in : set) {
            const uint64_t b = k < wsp::kBoundCount        ? in.bound[k]
                               : k == wsp::kBoundCount     ? in.best
                               : k == wsp::kBoundCount + 1 ? in.slot
                               : k == wsp::kBoundCount + 2 ? in.with_slot
                               : k == wsp::kBoundCount + 3 ? in.passage
                               : k == wsp::kBoundCount + 4 ? in.with_passage
                                                           : in.with_all;
            if (b == UINT64_MAX) continue;  // a bound for one kernel shape: not this instance's
            ++applies;
            const double r = static_cast<double>(b) / in.T;
            sum += r;
            worst = std::max(worst, r);
            smallest += b == (k <= wsp::kBoundCount ? in.best : k <= wsp::kBoundCount + 2 ? in.with_slot : in.with_all);
            exact += b == in.T;
        }
        const char *name = k < wsp::kBoundCount        ? wsp::bound_name(k)
                           : k == wsp::kBoundCount     ? "MINIMUM (upper)"
                           : k == wsp::kBoundCount + 1 ? "slot (host LP, 6c)"
                           : k == wsp::kBoundCount + 2 ? "MINIMUM with slot"
                           : k == wsp::kBoundCount + 3 ? "passage (host DP)"
                           : k == wsp::kBoundCount + 4 ? "MINIMUM with passage"
                                                       : "MINIMUM slot+passage";
        if (applies == 0) {
            std::printf("%-22s %10s %10s %10u %8u   (applies to no instance)\n", name, "-", "-", 0u, 0u);
            continue;
        }
        std::printf("%-22s %10.4f %10.4f %10u %8u", name, sum / applies, worst, smallest, exact);
        if (applies < set.size()) std::printf("   (applies to %u)", applies);
        std::printf("\n");
    }
    uint32_t improved = 0;
    for (const Instance &in : set) improved += in.with_slot < in.best;
    std::printf("\nslot bound: below the minimum of the others on %u of %zu instances; %.2f s in all (%.1f ms "
                "each), %u not computed\n",
                improved, set.size(), g_slot_seconds, 1000.0 * g_slot_seconds / set.size(), g_slot_failed);
    std::vector<const Instance *> order;
    for (const Instance &in : set) order.push_back(&in);
    std::stable_sort(order.begin(), order.end(), [](const Instance *a, const Instance *b) {
        return static_cast<double>(a->best) / a->T > static_cast<double>(b->best) / b->T;
    });
    std::printf("\nworst cases of the minimum (upper/T, T, each bound in the order above, then slot):\n");
    for (size_t k = 0; k < order.size() && k < 12; ++k) {
        const Instance &in = *order[k];
        std::printf("  %.3f  T=%-3u upper=%-3llu [", static_cast<double>(in.best) / in.T, in.T,
                    static_cast<unsigned long long>(in.best));
        for (uint32_t b = 0; b < wsp::kBoundCount; ++b)
            if (in.bound[b] == UINT64_MAX)
                std::printf("%s-", b ? " " : "");
            else
                std::printf("%s%llu", b ? " " : "", static_cast<unsigned long long>(in.bound[b]));
        std::printf(" | %llu]  %s  (normalised %s)\n", static_cast<unsigned long long>(in.slot),
                    describe(in).c_str(), in.normalised.c_str());
    }
    std::stable_sort(order.begin(), order.end(), [](const Instance *a, const Instance *b) {
        return static_cast<double>(a->with_slot) / a->T > static_cast<double>(b->with_slot) / b->T;
    });
    std::printf("\nworst cases of the minimum with the slot bound (with/T, T, old minimum, slot, LP optimum):\n");
    for (size_t k = 0; k < order.size() && k < 12; ++k) {
        const Instance &in = *order[k];
        std::printf("  %.3f  T=%-3u old=%-3llu slot=%-3llu (LP %.3f)  %s  (normalised %s)\n",
                    static_cast<double>(in.with_slot) / in.T, in.T, static_cast<unsigned long long>(in.best),
                    static_cast<unsigned long long>(in.slot), in.slot_lp, describe(in).c_str(),
                    in.normalised.c_str());
    }
    uint32_t improved_p = 0, passage_failed = 0;
    for (const Instance &in : set) {
        improved_p += in.with_all < in.with_slot;
        passage_failed += in.passage == UINT64_MAX;
    }
    std::printf("\npassage bound: below the minimum with the slot bound on %u of %zu instances; %.2f s in all (%.1f ms "
                "each), %u not computed\n",
                improved_p, set.size(), g_passage_seconds, 1000.0 * g_passage_seconds / set.size(), passage_failed);
    std::stable_sort(order.begin(), order.end(), [](const Instance *a, const Instance *b) {
        return static_cast<double>(a->with_all) / a->T > static_cast<double>(b->with_all) / b->T;
    });
    std::printf("\nworst cases of the minimum with the slot and passage bounds (all/T, T, old minimum, slot, passage):\n");
    for (size_t k = 0; k < order.size() && k < 12; ++k) {
        const Instance &in = *order[k];
        std::printf("  %.3f  T=%-3u old=%-3llu slot=%-3llu passage=%-3llu  %s  (normalised %s)\n",
                    static_cast<double>(in.with_all) / in.T, in.T, static_cast<unsigned long long>(in.best),
                    static_cast<unsigned long long>(in.slot), static_cast<unsigned long long>(in.passage),
                    describe(in).c_str(), in.normalised.c_str());
    }
    uint32_t byW[9] = {};
    for (const Instance &in : set) ++byW[in.W];
    std::printf("\nexact solver over the set: %llu states expanded, %u probes\n",
                static_cast<unsigned long long>(g_expanded), g_probes);
    std::printf("\ninstances per W:");
    for (uint32_t W = 2; W <= 8; ++W) std::printf(" W=%u:%u", W, byW[W]);
    std::printf("\n");
    return 0;
}
