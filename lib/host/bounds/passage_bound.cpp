// The passage bound: see passage_bound.hpp; the proof is docs/bounds.md, section 6d. Sketch.
//
// A_i(t): warps that issued position i in cycles 1..t; tau_i(k) = min{t : A_i(t) >= k} (0 for k <= 0,
// tau_{-1} = 0); T = tau_{I-1}(W). The code keeps L_i(k) <= tau_i(k) <= U_i(k) for every schedule.
//
// Lower bounds (capacity and precedence): tau_i(k) >= tau_{i-1}(k) + 1; > tau_i(k - sigma) (at most
// sigma passages of i in one cycle); >= ceil(k c / sigma) (the first k passers of i issued the c
// positions of type u_i up to i, at most sigma per cycle); >= ceil(k (i + 1) / S) with a real limit
// S; >= tau_i(k - 1); and by release dates: the passages (j, k'), j <= i, k' <= k, all happen by
// tau_i(k), each at or after L_j(k'), at most sigma of one type (S in all) per cycle, so the n latest,
// released at r or later, end no earlier than r - 1 + ceil(n / sigma) (n / S).
//
// Upper bounds. Start: U_i(k) = B - (I - 1 - i) for the proven bound B (tau_i(k) <= tau_{I-1}(k) -
// (I - 1 - i) <= T - (I - 1 - i)). Refinement, for any step m >= 1, with s = max(tau_{i-1}(k),
// tau_i(k - m)) and t = tau_i(k) (docs/bounds.md 6, Lemma 1): every cycle c with s < c < t has a warp
// at position i at its start that does not issue, and at most m - 1 passages of i fall in s+1..t-1.
// So t <= s + 1 + (blocked cycles in (s, t)), and each blocked cycle is (a) u_i saturated with
// sigma_{u_i} < S or S = 0 (sigma issues of u_i, by other warps: impossible when sigma >= W with S = 0),
// or (b) the scheduler full (S issues, at most sigma_V of each type V); S is the effective limit
// (docs/bounds.md 4). Every issue in (s, t) is a passage of some position j, and the passages of j
// there number A_j(t - 1) - A_j(s), where
//   A_j(t - 1) <= max{k' : L_j(k') <= t - 1}, and <= k - 1 when j >= i (A_j <= A_i < k before t);
//   A_j(s) >= max{k' : U_j(k') <= s}, and >= k when j < i (s >= tau_{i-1}(k)), >= k - m when j = i.
// With P_V the sum over the positions of type V, the blocked cycles are at most the largest a + b with
// sigma a + g_U <= P_U (U = u_i), g_V <= P_V, g_V <= sigma_V b, S b <= sum_V g_V (`knapsack`).
// The true s lies in [s_lo, s_hi] (from L and U); for each candidate s the true t, if s is the true
// one, satisfies t <= s + 1 + blocked(s, t) with blocked nondecreasing in t, so t is at most the
// largest such value, and U_i(k) is the largest over the candidates, the least over m. Also
// tau_i(k) <= tau_i(k + 1) and tau_i(k) <= tau_{i+1}(k) - 1. Every value is derived from valid bounds
// only, so each update keeps U valid, whatever the order and the number of sweeps; T <= U_{I-1}(W).
#include "host/bounds/passage_bound.hpp"

#include <algorithm>
#include <functional>
#include <vector>

#include "bounds/bound_terms.hpp"

namespace wsp {

namespace {

// Most blocked cycles of a window at a position of type t given the passages PV[V] of each type that
// can fall in it (see the sketch above). The right side of S b <= sum_V min(P_V, sigma_V b) is concave
// in b and 0 at b = 0, so the feasible b form an interval [0, b*]: a binary search finds b*.
int64_t knapsack(const int64_t PV[WSP_UNIT_COUNT], int t, const uint32_t sigma[WSP_UNIT_COUNT], uint32_t s_eff,
                 uint32_t W) {
    const int64_t sg = sigma[t];
    const bool saturable = (s_eff == 0 || sg < s_eff) && sg < W;
    const int64_t amax = saturable ? PV[t] / sg : 0;
    int64_t best = 0;
    for (int64_t a = amax; a >= 0; --a) {
        int64_t b = 0;
        if (s_eff > 0) {
            int64_t P[WSP_UNIT_COUNT];
            int64_t total = 0;
            for (int v = 0; v < WSP_UNIT_COUNT; ++v) {
                P[v] = PV[v] - (v == t ? sg * a : 0);
                total += P[v];
            }
            int64_t lo = 0, hi = total / s_eff;
            while (lo < hi) {
                const int64_t mid = (lo + hi + 1) / 2;
                int64_t cap = 0;
                for (int v = 0; v < WSP_UNIT_COUNT; ++v) cap += std::min<int64_t>(P[v], int64_t{sigma[v]} * mid);
                if (int64_t{s_eff} * mid <= cap)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            b = lo;
        }
        best = std::max(best, a + b);
        if (s_eff == 0) break;  // only a counts: the largest a is best
    }
    return best;
}

}  // namespace

PassageBound passage_bound(const wsp_problem &p, uint64_t proven_upper) {
    PassageBound r;
    const int I = static_cast<int>(p.length);
    const int W = static_cast<int>(p.warps);
    if (I > 24 || W > 16 || I < 1) return r;
    r.computed = true;
    if (W <= 1) {
        r.bound = std::min<uint64_t>(proven_upper, static_cast<uint64_t>(I));
        return r;
    }
    const uint8_t *u = p.units();
    const uint32_t *sigma = p.sigma;
    const uint32_t s_eff = effective_schedulers(p.sigma, p.schedulers, p.count, p.warps);
    const uint32_t s_real = p.schedulers;
    auto at = [W](int i, int k) { return static_cast<size_t>(i) * (W + 1) + k; };
    std::vector<int64_t> L(static_cast<size_t>(I) * (W + 1), 0), U(L.size(), 0);
    int cnt[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    for (int i = 0; i < I; ++i) {
        const int t = u[i];
        ++cnt[t];
        const int64_t sg = sigma[t];
        for (int k = 1; k <= W; ++k) {
            int64_t v = (i > 0 ? L[at(i - 1, k)] : 0) + 1;
            if (k > sg) v = std::max(v, L[at(i, k - static_cast<int>(sg))] + 1);
            v = std::max(v, (int64_t{k} * cnt[t] + sg - 1) / sg);
            if (s_real > 0) v = std::max(v, (int64_t{k} * (i + 1) + s_real - 1) / s_real);
            v = std::max(v, L[at(i, k - 1)]);
            L[at(i, k)] = v;
        }
    }
    // Release dates: every passage (j, k') with j < i and k' <= k, or j = i and k' <= k, happens by cycle
    // tau_i(k), at a cycle >= L_j(k'); the n latest of them (all released at r or later) take at least
    // ceil(n / sigma) cycles from r on among the positions of type u_i (sigma = sigma_{u_i}), and
    // ceil(n / S) in all with a real limit S: tau_i(k) >= r - 1 + ceil(n / cap).
    std::vector<int64_t> rel_v, rel_all;
    auto release_bound = [](std::vector<int64_t> &rel, int64_t cap) {
        std::sort(rel.begin(), rel.end(), std::greater<int64_t>());
        int64_t best = 0;
        for (size_t q = 0; q < rel.size(); ++q)
            best = std::max(best, rel[q] - 1 + (static_cast<int64_t>(q) + cap) / cap);
        return best;
    };
    for (int round = 0; round < 8; ++round) {
        bool raised = false;
        for (int i = 0; i < I; ++i)
            for (int k = 1; k <= W; ++k) {
                int64_t v = L[at(i, k)];
                if (i > 0) v = std::max(v, L[at(i - 1, k)] + 1);
                v = std::max(v, L[at(i, k - 1)]);
                if (k > static_cast<int>(sigma[u[i]])) v = std::max(v, L[at(i, k - static_cast<int>(sigma[u[i]]))] + 1);
                rel_v.clear();
                rel_all.clear();
                for (int j = 0; j <= i; ++j)
                    for (int kk = 1; kk <= k; ++kk) {
                        const int64_t r0 = (j == i && kk == k) ? v : L[at(j, kk)];
                        rel_all.push_back(r0);
                        if (u[j] == u[i]) rel_v.push_back(r0);
                    }
                v = std::max(v, release_bound(rel_v, sigma[u[i]]));
                if (s_real > 0) v = std::max(v, release_bound(rel_all, s_real));
                if (v > L[at(i, k)]) {
                    L[at(i, k)] = v;
                    raised = true;
                }
            }
        if (!raised) break;
    }
    const int64_t start = static_cast<int64_t>(std::min<uint64_t>(proven_upper, uint64_t{1} << 40));
    for (int i = 0; i < I; ++i)
        for (int k = 1; k <= W; ++k) U[at(i, k)] = std::max(L[at(i, k)], start - (I - 1 - i));
    auto last_upper_le = [&](int j, int64_t x) {  // max{k' : U_j(k') <= x}, 0 if none
        int last = 0;
        for (int k = 1; k <= W; ++k)
            if (U[at(j, k)] <= x) last = k;
        return last;
    };
    // max{k' : L_j(k') <= x}, 0 if none: L is final here, so a table over x = 0..top (W above it)
    int64_t top = 0;
    for (int64_t v : L) top = std::max(top, v);
    std::vector<int> lower_le(static_cast<size_t>(I) * (top + 1), 0);
    for (int j = 0; j < I; ++j)
        for (int k = 1; k <= W; ++k)
            for (int64_t x = L[at(j, k)]; x <= top; ++x) lower_le[static_cast<size_t>(j) * (top + 1) + x] = k;
    auto last_lower_le = [&](int j, int64_t x) {
        if (x < 0) return 0;
        if (x > top) return W;
        return lower_le[static_cast<size_t>(j) * (top + 1) + x];
    };
    std::vector<int> lo(I);
    for (int sweep = 0; sweep < 64; ++sweep) {
        bool changed = false;
        for (int k = 1; k <= W; ++k)
            for (int i = 0; i < I; ++i) {
                const int t = u[i];
                int64_t best = U[at(i, k)];
                for (int m = 1; m <= k; ++m) {
                    const int64_t s_hi = std::max<int64_t>(i > 0 ? U[at(i - 1, k)] : 0, U[at(i, k - m)]);
                    const int64_t s_lo = std::max<int64_t>(i > 0 ? L[at(i - 1, k)] : 0, L[at(i, k - m)]);
                    int64_t worst = 0;
                    for (int64_t s = s_lo; s <= s_hi; ++s) {
                        for (int j = 0; j < I; ++j) {
                            const int base = j < i ? k : j == i ? std::max(0, k - m) : 0;
                            lo[j] = std::max(base, last_upper_le(j, s));
                        }
                        auto blocked = [&](int64_t end) {
                            int64_t PV[WSP_UNIT_COUNT] = {0, 0, 0, 0};
                            for (int j = 0; j < I; ++j) {
                                int hi = last_lower_le(j, end - 1);
                                if (j >= i) hi = std::min(hi, k - 1);
                                PV[u[j]] += std::max(0, hi - lo[j]);
                            }
                            return knapsack(PV, t, sigma, s_eff, static_cast<uint32_t>(W));
                        };
                        int64_t end = s + 1 + blocked(INT64_C(1) << 50);
                        while (end > s + 1 && end > s + 1 + blocked(end)) --end;
                        worst = std::max(worst, end);
                        if (worst >= best) break;  // this m cannot lower U_i(k)
                    }
                    best = std::min(best, worst);
                }
                if (k < W) best = std::min(best, U[at(i, k + 1)]);
                if (i + 1 < I) best = std::min(best, U[at(i + 1, k)] - 1);
                // best >= L_i(k) holds for every sound input; keep U >= L all the same.
                best = std::max(best, L[at(i, k)]);
                if (best < U[at(i, k)]) {
                    U[at(i, k)] = best;
                    changed = true;
                }
            }
        r.sweeps = static_cast<uint32_t>(sweep + 1);
        if (!changed) break;
    }
    r.bound = std::min<uint64_t>(proven_upper, static_cast<uint64_t>(U[at(I - 1, W)]));
    return r;
}

}  // namespace wsp
