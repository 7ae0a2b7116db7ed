// Soundness harness for the slot bound (docs/bounds.md 6c), outside the test suite (it needs lp_solve):
// an exhaustive oracle of its own (memoised over multisets of positions, every work-conserving choice;
// no code shared with warpspan) against (a) I + the optimum of the slot LP as lp_solve finds it
// (slotlp.hpp builds the LP independently of lib/host/bounds) and (b) the library's certified bound,
// which must also equal floor(I + lp_solve's optimum).
//
//   g++ -O2 -std=c++17 -Iinclude -Ilib -Iport -o /tmp/harness tools/slot_check/harness.cpp \
//       lib/host/bounds/slot_bound.cpp build/host/libwarpspan.a /usr/lib/liblpsolve55.a -lcolamd -ldl -lm
//   /tmp/harness space 5 6      # kernels of 1..5 instructions, sigma 1/2,1,2,4, S 0..4, W 1..6 (159,000)
//   /tmp/harness random 5000 11 # random kernels of 2..7 instructions, latency 1-2, sigma 1/2..4, S 0..5
//   /tmp/harness big 150 5      # larger kernels and W: library against lp_solve only
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>
#include <unordered_map>
#include <map>
#include <set>
#include <chrono>
#include <lpsolve/lp_lib.h>
#include "slotlp.hpp"
#include "host/bounds/slot_bound.hpp"
#include "warpspan.h"
static uint64_t lib_mismatch = 0, lib_fail = 0;
// the library's certified slot bound on the normalised kernel (letters), sigma normalised
static long long lib_bound(const std::vector<int> &u, const uint32_t sigma[4], uint32_t S, uint32_t W) {
    std::string k;
    for (int t : u) k.push_back("LCSD"[t]);
    wsp_sm_config sm{};
    sm.warp_size = 32;
    sm.schedulers = S;
    for (int t = 0; t < 4; ++t) { sm.units[t] = 32 * sigma[t]; sm.latency[t] = 1; }
    size_t size = 0;
    if (wsp_problem_workspace_size(k.c_str(), W, &sm, &size, nullptr) != WSP_OK) return -1;
    std::vector<uint64_t> st(size / 8 + 1);
    wsp_problem *p = nullptr;
    if (wsp_problem_init(k.c_str(), W, &sm, st.data(), size, &p, nullptr) != WSP_OK) return -1;
    wsp::SlotBound b = wsp::slot_bound(*p);
    if (!b.computed) return -2;
    return (long long)b.bound;
}

struct Oracle {
    std::vector<int> u;
    uint32_t sigma[4];
    uint32_t S;
    std::unordered_map<std::string, int> memo;
    int value(std::string st) {  // st: sorted positions (chars) of unfinished warps
        if (st.empty()) return 0;
        auto it = memo.find(st);
        if (it != memo.end()) return it->second;
        // groups
        std::vector<int> gp, gc;
        for (char c : st) {
            if (!gp.empty() && gp.back() == c) ++gc.back();
            else { gp.push_back(c); gc.push_back(1); }
        }
        const int G = (int)gp.size();
        int ready[4] = {0, 0, 0, 0};
        for (int g = 0; g < G; ++g) ready[u[gp[g]]] += gc[g];
        std::vector<int> adv(G, 0);
        int best = 0;
        for (;;) {
            int iss[4] = {0, 0, 0, 0}, total = 0;
            for (int g = 0; g < G; ++g) { iss[u[gp[g]]] += adv[g]; total += adv[g]; }
            bool ok = total >= 1 && (S == 0 || total <= (int)S);
            for (int t = 0; t < 4 && ok; ++t) {
                if (iss[t] > (int)sigma[t]) ok = false;
                else if ((S == 0 || total < (int)S) && iss[t] < (int)sigma[t] && iss[t] < ready[t]) ok = false;
            }
            if (ok) {
                std::string ch;
                for (int g = 0; g < G; ++g) {
                    for (int c = adv[g]; c < gc[g]; ++c) ch.push_back((char)gp[g]);
                    if (gp[g] + 1 < (int)u.size())
                        for (int c = 0; c < adv[g]; ++c) ch.push_back((char)(gp[g] + 1));
                }
                std::sort(ch.begin(), ch.end());
                int v = 1 + value(ch);
                if (v > best) best = v;
            }
            int g = 0;
            while (g < G && adv[g] == gc[g]) adv[g++] = 0;
            if (g == G) break;
            ++adv[g];
        }
        memo[st] = best;
        return best;
    }
};

double solve_lpsolve(const Lp &L) {
    lprec *lp = make_lp(0, L.ncols);
    set_verbose(lp, 0);
    set_add_rowmode(lp, TRUE);
    std::vector<int> idx;
    std::vector<REAL> val;
    for (auto &r : L.rows) {
        idx.clear();
        val.clear();
        for (auto &t : r.terms) { idx.push_back(t.first + 1); val.push_back((REAL)t.second); }
        add_constraintex(lp, (int)idx.size(), val.data(), idx.data(), r.sense < 0 ? LE : r.sense > 0 ? GE : EQ,
                         (REAL)r.rhs);
    }
    set_add_rowmode(lp, FALSE);
    idx.clear();
    val.clear();
    for (int c = 0; c < L.ncols; ++c) {
        if (L.obj[c]) { idx.push_back(c + 1); val.push_back((REAL)L.obj[c]); }
        set_upbo(lp, c + 1, (REAL)L.upper[c]);
    }
    set_obj_fnex(lp, (int)idx.size(), val.data(), idx.data());
    set_maxim(lp);
    int ret = solve(lp);
    double v = ret == OPTIMAL || ret == SUBOPTIMAL ? get_objective(lp) : NAN;
    if (ret != OPTIMAL) fprintf(stderr, "lp_solve status %d\n", ret);
    delete_lp(lp);
    return v;
}

struct Key {
    std::string k;
    uint32_t sig[4], S, W;
    bool operator<(const Key &o) const {
        if (k != o.k) return k < o.k;
        for (int t = 0; t < 4; ++t)
            if (sig[t] != o.sig[t]) return sig[t] < o.sig[t];
        if (S != o.S) return S < o.S;
        return W < o.W;
    }
};

static uint64_t checked = 0, unique_lp = 0, violations = 0, tight = 0;
static std::map<Key, double> cache;

// kernel: types per original instruction; units per type (16,32,64,128 => sigma 1/2,1,2,4), latency per type
void check(const std::vector<int> &kern, const uint32_t units[4], const uint32_t lat[4], uint32_t S, uint32_t maxW,
           const char *tag) {
    std::vector<int> u;
    uint32_t sigma[4];
    for (int t = 0; t < 4; ++t) sigma[t] = units[t] >= 32 ? units[t] / 32 : 1;
    for (int t : kern) {
        uint32_t copies = (units[t] < 32 ? 32 / units[t] : 1) * lat[t];
        for (uint32_t c = 0; c < copies; ++c) u.push_back(t);
    }
    Oracle o{u, {sigma[0], sigma[1], sigma[2], sigma[3]}, S, {}};
    for (uint32_t W = 1; W <= maxW; ++W) {
        std::string st(W, (char)0);
        int T = o.value(st);
        uint32_t Se = effective_S(u, sigma, S, W);
        Key key;
        key.k.clear();
        for (int t : u) key.k.push_back((char)('0' + t));
        for (int t = 0; t < 4; ++t) key.sig[t] = std::count(u.begin(), u.end(), t) ? sigma[t] : 0;
        key.S = Se;
        key.W = W;
        double v;
        auto it = cache.find(key);
        if (it != cache.end()) v = it->second;
        else {
            Lp L = build_slot_lp(u, sigma, Se, W);
            v = solve_lpsolve(L);
            cache[key] = v;
            ++unique_lp;
        }
        double bound = (double)u.size() + v;
        ++checked;
        {
            long long lb = lib_bound(u, sigma, S, W);
            if (lb < 0) { ++lib_fail; printf("LIB FAIL %lld\n", lb); }
            else {
                if (lb < T) { ++violations; printf("LIB VIOLATION bound %lld < T %d\n", lb, T); }
                if (lb != (long long)std::floor(bound + 1e-6)) { ++lib_mismatch; if (lib_mismatch < 10) printf("LIB MISMATCH lib %lld lp_solve %.6f\n", lb, bound); }
            }
        }
        if (!(bound >= T - 1e-6)) {
            ++violations;
            std::string ks;
            for (int t : u) ks.push_back("LCSD"[t]);
            printf("VIOLATION %s: %s sigma %u,%u,%u,%u S=%u (eff %u) W=%u: bound %.6f < T=%d\n", tag, ks.c_str(),
                   sigma[0], sigma[1], sigma[2], sigma[3], S, Se, W, bound, T);
        }
        if (std::floor(bound + 1e-6) == T) ++tight;
    }
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "space";
    auto t0 = std::chrono::steady_clock::now();
    if (!strcmp(mode, "space")) {
        int maxlen = argc > 2 ? atoi(argv[2]) : 5;
        uint32_t maxW = argc > 3 ? atoi(argv[3]) : 6;
        const uint32_t choices[4] = {16, 32, 64, 128};
        const uint32_t lat1[4] = {1, 1, 1, 1};
        uint64_t kernels = 0;
        for (int n = 1; n <= maxlen; ++n) {
            std::vector<int> label(n, 0);
            for (;;) {
                int used = 0;
                for (int i = 0; i < n; ++i) used = std::max(used, label[i] + 1);
                int pick[4] = {0, 0, 0, 0};
                for (;;) {
                    uint32_t units[4] = {32, 32, 32, 32};
                    for (int t = 0; t < used; ++t) units[t] = choices[pick[t]];
                    for (uint32_t S = 0; S <= 4; ++S) check(label, units, lat1, S, maxW, "space");
                    ++kernels;
                    int t = 0;
                    while (t < used && pick[t] == 3) pick[t++] = 0;
                    if (t == used) break;
                    ++pick[t];
                }
                int i = n - 1;
                for (; i > 0; --i) {
                    int top = 0;
                    for (int k = 0; k < i; ++k) top = std::max(top, label[k]);
                    if (label[i] <= top && label[i] < 3) { ++label[i]; break; }
                }
                if (i <= 0) break;
                for (int k = i + 1; k < n; ++k) label[k] = 0;
            }
        }
        printf("space: %llu kernel+sigma combos (x5 S)\n", (unsigned long long)kernels);
    } else if (!strcmp(mode, "big")) {  // library vs lp_solve only (no oracle): larger kernels and W
        int cases = atoi(argv[2]);
        uint32_t s = argc > 3 ? atoi(argv[3]) : 5;
        auto rnd = [&](uint32_t n) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s % n; };
        int mism = 0, fails = 0;
        double worst = 0;
        for (int c = 0; c < cases; ++c) {
            int I = 8 + rnd(13);
            std::vector<int> u(I);
            for (int i = 0; i < I; ++i) u[i] = rnd(4);
            uint32_t sigma[4];
            for (int t = 0; t < 4; ++t) sigma[t] = 1 + rnd(4);
            uint32_t W = 2 + rnd(31), S = rnd(6);
            uint32_t Se = effective_S(u, sigma, S, W);
            auto t0 = std::chrono::steady_clock::now();
            long long lb = lib_bound(u, sigma, S, W);
            double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            worst = std::max(worst, sec);
            double v = (double)u.size() + solve_lpsolve(build_slot_lp(u, sigma, Se, W));
            if (lb < 0) { ++fails; printf("FAIL I=%d W=%u\n", I, W); continue; }
            if (lb != (long long)std::floor(v + 1e-6)) { ++mism; printf("MISMATCH I=%d W=%u lib %lld lp_solve %.6f\n", I, W, lb, v); }
        }
        printf("big: %d cases, %d not computed, %d differ from lp_solve, slowest %.2f s\n", cases, fails, mism, worst);
        return 0;
    } else if (!strcmp(mode, "dump")) {
        FILE *f = fopen(argv[2], "r");
        char k[64];
        unsigned s0, s1, s2, s3, S, W, T, best;
        double sum = 0, mx = 0; int n = 0, improved = 0;
        while (fscanf(f, " DUMP %63s %u %u %u %u %u %u %u %u", k, &s0, &s1, &s2, &s3, &S, &W, &T, &best) == 9) {
            int c; while ((c = fgetc(f)) != '\n' && c != EOF) {}
            std::vector<int> u;
            for (char *p = k; *p; ++p) u.push_back(strchr("LCSD", *p) - "LCSD");
            uint32_t sigma[4] = {s0, s1, s2, s3};
            uint32_t Se = effective_S(u, sigma, S, W);
            double v = u.size() + solve_lpsolve(build_slot_lp(u, sigma, Se, W));
            long long b = (long long)std::floor(v + 1e-6);
            if (b < (long long)T) printf("VIOLATION %s\n", k);
            long long m = std::min<long long>(b, best);
            improved += m < (long long)best;
            sum += (double)m / T; mx = std::max(mx, (double)m / T); ++n;
            printf("%s %u %u %u %u S=%u W=%u T=%u old=%u slot=%.4f\n", k, s0, s1, s2, s3, S, W, T, best, v);
        }
        printf("n=%d mean %.4f max %.4f improved %d\n", n, sum / n, mx, improved);
        return 0;
    } else {  // random
        int cases = argc > 2 ? atoi(argv[2]) : 1000;
        uint32_t seed = argc > 3 ? atoi(argv[3]) : 1;
        uint32_t s = seed;
        auto rnd = [&](uint32_t n) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s % n; };
        const uint32_t choices[5] = {16, 32, 64, 96, 128};
        for (int c = 0; c < cases; ++c) {
            int n = 2 + rnd(6);  // 2..7 instructions
            std::vector<int> kern(n);
            for (int i = 0; i < n; ++i) kern[i] = rnd(4);
            uint32_t units[4], lat[4];
            int len = 0;
            for (int t = 0; t < 4; ++t) { units[t] = choices[rnd(5)]; lat[t] = 1 + (rnd(3) == 0); }
            for (int t : kern) len += (units[t] < 32 ? 2 : 1) * lat[t];
            if (len > 14) { --c; continue; }
            uint32_t S = rnd(6);
            uint32_t maxW = len <= 8 ? 8 : len <= 11 ? 7 : 6;
            check(kern, units, lat, S, maxW, "random");
        }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    printf("library: %llu not computed, %llu differ from floor(I + lp_solve optimum)\n", (unsigned long long)lib_fail, (unsigned long long)lib_mismatch);
    printf("checked %llu instances (%llu distinct LPs), %llu violations, %llu tight, %.1f s\n",
           (unsigned long long)checked, (unsigned long long)unique_lp, (unsigned long long)violations,
           (unsigned long long)tight, secs);
    return violations != 0;
}
