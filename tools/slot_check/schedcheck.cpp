// g++ -O2 -std=c++17 -o /tmp/schedcheck tools/slot_check/schedcheck.cpp
//   /tmp/schedcheck all 4 4 5000       # every kernel of 1..4 instructions, W 1..4, first 5000 schedules each
//   /tmp/schedcheck random 8000 25 2024 # random instances, random schedules
// Proof checker for the slot LP: for explicit work-conserving schedules (all of them for small instances,
// random ones for larger), builds the drain path of docs/bounds.md 6b from the schedule, maps the schedule to
// a point of the slot LP (passages per slot, K = k1, A/B/h/g per window) and checks every row of the LP, the
// path facts used by the proof, and that the objective plus I equals the makespan.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <map>
#include <algorithm>
#include "slotlp.hpp"

static std::vector<int> U;  // normalised kernel
static uint32_t SIG[4], SRAW, W;
static uint64_t schedules = 0, failures = 0, maxsched = 0;
static uint32_t rng = 12345;
static uint32_t rnd(uint32_t n) { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng % n; }

static void fail(const char *what, int T) {
    ++failures;
    if (failures <= 20) {
        std::string ks;
        for (int t : U) ks.push_back("LCSD"[t]);
        printf("FAIL %s: %s sigma %u,%u,%u,%u S=%u W=%u T=%d\n", what, ks.c_str(), SIG[0], SIG[1], SIG[2], SIG[3],
               SRAW, W, T);
    }
}

// iss[t][j] = issues at position j in cycle t (t = 1..T)
static void check_schedule(const std::vector<std::vector<int>> &iss) {
    ++schedules;
    const int I = (int)U.size();
    const int T = (int)iss.size() - 1;
    // A[j][t], j = -1..I-1 (index j+1)
    std::vector<std::vector<int>> A(I + 1, std::vector<int>(T + 1, 0));
    for (int t = 0; t <= T; ++t) A[0][t] = W;
    for (int j = 0; j < I; ++j)
        for (int t = 1; t <= T; ++t) A[j + 1][t] = A[j + 1][t - 1] + iss[t][j];
    auto Acnt = [&](int j, int t) { return A[j + 1][t]; };
    auto tau = [&](int j, int k) -> int {
        if (j < 0 || k <= 0) return 0;
        for (int t = 1; t <= T; ++t)
            if (Acnt(j, t) >= k) return t;
        return 1 << 30;
    };
    for (int j = 0; j < I; ++j)
        if (Acnt(j, T) != (int)W) { fail("incomplete", T); return; }
    // F6
    for (int j = 0; j + 1 < I; ++j)
        for (int t = 1; t <= T; ++t)
            if (Acnt(j + 1, t) > Acnt(j, t - 1)) { fail("precedence", T); return; }
    // drain path backward from (I-1, W)
    std::vector<int> k0(I), k1(I);
    int i = I - 1, k = W;
    k1[i] = W;
    while (true) {
        if (i == 0) {
            if (k <= 1 || 0 >= tau(0, k - 1)) { k0[0] = k; break; }
            --k;
            continue;
        }
        if (tau(i - 1, k) >= tau(i, k - 1)) {  // horizontal
            k0[i] = k;
            --i;
            k1[i] = k;
        } else {
            --k;
        }
    }
    if (k0[0] != 1) { fail("k0_0 != 1", T); return; }
    std::vector<int> a(I);
    for (int p = 0; p < I; ++p) a[p] = tau(p, k1[p]);
    if (a[I - 1] != T) { fail("a_{I-1} != T", T); return; }
    for (int p = 1; p < I; ++p)
        if (!(a[p - 1] < a[p])) { fail("a not increasing", T); return; }
    // F3: every cycle of J_p blocked at p; F5
    for (int p = 0; p < I; ++p) {
        int lo = p ? a[p - 1] : 0;
        for (int t = lo + 1; t < a[p]; ++t) {
            int at = Acnt(p - 1, t - 1) - Acnt(p, t - 1);
            if (!(at > iss[t][p])) { fail("window cycle not blocked", T); return; }
        }
        if (p > 0 && Acnt(p, a[p - 1]) < k0[p] - 1) { fail("F5", T); return; }
        if (Acnt(p, a[p]) < k1[p] || Acnt(p, a[p] - 1) > k1[p] - 1) { fail("F4", T); return; }
    }
    const uint32_t Se = effective_S(U, SIG, SRAW, W);
    static Lp L;
    static std::map<std::string, int> col;
    static std::string lastkey;
    std::string key = std::to_string(Se) + "/" + std::to_string(W) + "/" + std::to_string(SIG[0]) + std::to_string(SIG[1]) + std::to_string(SIG[2]) + std::to_string(SIG[3]) + "/";
    for (int t : U) key.push_back((char)('0' + t));
    if (key != lastkey) {
        L = build_slot_lp(U, SIG, Se, W);
        col.clear();
        for (int c = 0; c < L.ncols; ++c) col[L.names[c]] = c;
        lastkey = key;
    }
    std::vector<long long> v(L.ncols, 0);
    auto slot_end = [&](int s) { return s % 2 ? a[s / 2] : a[s / 2] - 1; };
    for (int j = 0; j < I; ++j)
        for (int s = 0; s < 2 * I; ++s) {
            int prev = s ? slot_end(s - 1) : 0;
            v[col["x" + std::to_string(j) + "_" + std::to_string(s)]] = Acnt(j, slot_end(s)) - Acnt(j, prev);
        }
    for (int p = 0; p < I; ++p) v[col["K" + std::to_string(p)]] = k1[p];
    long long objective = 0;
    for (int p = 0; p < I; ++p) {
        const int Ut = U[p];
        long long nA = 0, nB = 0, h = 0, g[4] = {0, 0, 0, 0};
        int lo = p ? a[p - 1] : 0;
        for (int t = lo + 1; t < a[p]; ++t) {
            long long byType[4] = {0, 0, 0, 0}, total = 0;
            for (int j = 0; j < I; ++j) { byType[U[j]] += iss[t][j]; total += iss[t][j]; }
            if (Se > 0 && total == (long long)Se) {
                ++nB;
                for (int V = 0; V < 4; ++V) g[V] += byType[V];
            } else {
                if (Se > 0 && total > (long long)Se) { fail("over S", T); return; }
                if (byType[Ut] != (long long)SIG[Ut]) { fail("A cycle not saturated", T); return; }
                ++nA;
                h += byType[Ut];
            }
        }
        if (nA) {
            auto it = col.find("A" + std::to_string(p));
            if (it == col.end()) { fail("A cycle at a non-saturable window", T); return; }
            v[it->second] = nA;
            v[col["h" + std::to_string(p)]] = h;
        }
        if (nB) {
            auto it = col.find("B" + std::to_string(p));
            if (it == col.end()) { fail("B cycle without limit", T); return; }
            v[it->second] = nB;
        }
        if (Se > 0)
            for (int V = 0; V < 4; ++V) {
                auto it = col.find("g" + std::to_string(V) + "_" + std::to_string(p));
                if (it != col.end()) v[it->second] = g[V];
                else if (g[V]) { fail("g of unused type", T); return; }
            }
        objective += nA + nB;
    }
    if ((long long)I + objective != T) { fail("objective + I != T", T); return; }
    for (size_t r = 0; r < L.rows.size(); ++r) {
        long long lhs = 0;
        for (auto &tm : L.rows[r].terms) lhs += tm.second * v[tm.first];
        bool ok = L.rows[r].sense < 0 ? lhs <= L.rows[r].rhs : L.rows[r].sense > 0 ? lhs >= L.rows[r].rhs
                                                                                     : lhs == L.rows[r].rhs;
        if (!ok) {
            char buf[64];
            snprintf(buf, sizeof buf, "LP row %zu violated", r);
            fail(buf, T);
            return;
        }
    }
    for (int c = 0; c < L.ncols; ++c)
        if (v[c] < 0 || v[c] > L.upper[c]) { fail("column bound", T); return; }
}

// all work-conserving choices from positions pos (per warp, -1 finished): returns list of issue vectors per position
static void choices(const std::vector<int> &cntAt, std::vector<std::vector<int>> &out) {
    const int I = (int)U.size();
    std::vector<int> gp;
    for (int j = 0; j < I; ++j)
        if (cntAt[j]) gp.push_back(j);
    int ready[4] = {0, 0, 0, 0};
    for (int j : gp) ready[U[j]] += cntAt[j];
    std::vector<int> adv(gp.size(), 0);
    out.clear();
    for (;;) {
        int is[4] = {0, 0, 0, 0}, total = 0;
        for (size_t g = 0; g < gp.size(); ++g) { is[U[gp[g]]] += adv[g]; total += adv[g]; }
        bool ok = total >= 1 && (SRAW == 0 || total <= (int)SRAW);
        for (int t = 0; t < 4 && ok; ++t) {
            if (is[t] > (int)SIG[t]) ok = false;
            else if ((SRAW == 0 || total < (int)SRAW) && is[t] < (int)SIG[t] && is[t] < ready[t]) ok = false;
        }
        if (ok) {
            std::vector<int> e(I, 0);
            for (size_t g = 0; g < gp.size(); ++g) e[gp[g]] = adv[g];
            out.push_back(e);
        }
        size_t g = 0;
        while (g < gp.size() && adv[g] == cntAt[gp[g]]) adv[g++] = 0;
        if (g == gp.size()) break;
        ++adv[g];
    }
}

static void dfs(std::vector<int> &cntAt, std::vector<std::vector<int>> &iss, int left) {
    if (left == 0) { check_schedule(iss); return; }
    if (maxsched && schedules >= maxsched) return;
    std::vector<std::vector<int>> ch;
    choices(cntAt, ch);
    const int I = (int)U.size();
    for (auto &e : ch) {
        int fin = 0;
        for (int j = 0; j < I; ++j) {
            cntAt[j] -= e[j];
            if (j + 1 < I) cntAt[j + 1] += e[j];
            else fin += e[j];
        }
        iss.push_back(e);
        dfs(cntAt, iss, left - fin);
        iss.pop_back();
        for (int j = 0; j < I; ++j) {
            cntAt[j] += e[j];
            if (j + 1 < I) cntAt[j + 1] -= e[j];
        }
    }
}

static void random_schedule() {
    const int I = (int)U.size();
    std::vector<int> cntAt(I, 0);
    cntAt[0] = W;
    int left = W;
    std::vector<std::vector<int>> iss(1);
    std::vector<std::vector<int>> ch;
    // bias: sometimes prefer choices with few issues (longer schedules)
    int mode = rnd(3);
    while (left) {
        choices(cntAt, ch);
        size_t pick = rnd(ch.size());
        if (mode == 1) {
            size_t best = pick;
            for (int r = 0; r < 3; ++r) {
                size_t c2 = rnd(ch.size());
                int s1 = 0, s2 = 0;
                for (int x : ch[c2]) s2 += x;
                for (int x : ch[best]) s1 += x;
                if (s2 < s1) best = c2;
            }
            pick = best;
        }
        auto &e = ch[pick];
        for (int j = 0; j < I; ++j) {
            cntAt[j] -= e[j];
            if (j + 1 < I) cntAt[j + 1] += e[j];
            else left -= e[j];
        }
        iss.push_back(e);
    }
    check_schedule(iss);
}

static void setup(const std::vector<int> &kern, const uint32_t units[4], const uint32_t lat[4], uint32_t S,
                  uint32_t w) {
    U.clear();
    for (int t = 0; t < 4; ++t) SIG[t] = units[t] >= 32 ? units[t] / 32 : 1;
    for (int t : kern) {
        uint32_t copies = (units[t] < 32 ? 32 / units[t] : 1) * lat[t];
        for (uint32_t c = 0; c < copies; ++c) U.push_back(t);
    }
    SRAW = S;
    W = w;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "all";
    if (!strcmp(mode, "all")) {  // every schedule of every kernel up to maxlen, W up to maxW
        int maxlen = atoi(argv[2]);
        uint32_t maxW = atoi(argv[3]);
        maxsched = argc > 4 ? strtoull(argv[4], 0, 10) : 0;  // per instance cap (0 = none)
        const uint32_t choicesU[4] = {16, 32, 64, 128};
        const uint32_t lat1[4] = {1, 1, 1, 1};
        uint64_t inst = 0;
        for (int n = 1; n <= maxlen; ++n) {
            std::vector<int> label(n, 0);
            for (;;) {
                int used = 0;
                for (int i = 0; i < n; ++i) used = std::max(used, label[i] + 1);
                int pick[4] = {0, 0, 0, 0};
                for (;;) {
                    uint32_t units[4] = {32, 32, 32, 32};
                    for (int t = 0; t < used; ++t) units[t] = choicesU[pick[t]];
                    for (uint32_t S = 0; S <= 4; ++S)
                        for (uint32_t w = 1; w <= maxW; ++w) {
                            setup(label, units, lat1, S, w);
                            uint64_t before = schedules;
                            uint64_t cap = maxsched;
                            maxsched = cap ? before + cap : 0;
                            std::vector<int> cntAt(U.size(), 0);
                            cntAt[0] = w;
                            std::vector<std::vector<int>> iss(1);
                            dfs(cntAt, iss, w);
                            maxsched = cap;
                            ++inst;
                        }
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
        printf("instances %llu, schedules checked %llu, failures %llu\n", (unsigned long long)inst,
               (unsigned long long)schedules, (unsigned long long)failures);
    } else {  // random instances, random schedules
        int cases = atoi(argv[2]);
        int per = atoi(argv[3]);
        rng = argc > 4 ? atoi(argv[4]) : 99;
        const uint32_t ch[5] = {16, 32, 64, 96, 128};
        for (int c = 0; c < cases; ++c) {
            int n = 2 + rnd(7);
            std::vector<int> kern(n);
            for (int i = 0; i < n; ++i) kern[i] = rnd(4);
            uint32_t units[4], lat[4];
            for (int t = 0; t < 4; ++t) { units[t] = ch[rnd(5)]; lat[t] = 1 + (rnd(3) == 0); }
            setup(kern, units, lat, rnd(6), 1 + rnd(10));
            if (U.size() > 16) { --c; continue; }
            for (int r = 0; r < per; ++r) random_schedule();
        }
        printf("random: schedules checked %llu, failures %llu\n", (unsigned long long)schedules,
               (unsigned long long)failures);
    }
    return failures != 0;
}
