// Builder of the slot LP of docs/bounds.md 6c, written apart from lib/host/bounds/slot_bound.cpp (with
// names per column), for the checkers in this directory.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <map>
#include <algorithm>

struct LpRow {
    std::vector<std::pair<int, long long>> terms;  // (column, integer coefficient)
    int sense;                                   // -1: <=, 0: =, +1: >=
    long long rhs;
};
struct Lp {
    int ncols = 0;
    std::vector<std::string> names;
    std::vector<long long> upper;  // valid upper bound of every column over the feasible region
    std::vector<long long> obj;    // objective coefficients (max)
    std::vector<LpRow> rows;
    int col(const std::string &n, long long ub) {
        names.push_back(n);
        upper.push_back(ub);
        obj.push_back(0);
        return ncols++;
    }
};

// units: type per normalised position (0..3), sigma normalised (>= 1), S effective scheduler limit.
inline Lp build_slot_lp(const std::vector<int> &u, const uint32_t sigma[4], uint32_t S, uint32_t W) {
    Lp lp;
    const int I = (int)u.size();
    const int NS = 2 * I;
    int cnt[4] = {0, 0, 0, 0};
    for (int t : u) ++cnt[t];
    const long long WI = (long long)W * I;
    std::vector<std::vector<int>> x(I, std::vector<int>(NS));
    for (int j = 0; j < I; ++j)
        for (int s = 0; s < NS; ++s) x[j][s] = lp.col("x" + std::to_string(j) + "_" + std::to_string(s), W);
    std::vector<int> K(I);
    for (int i = 0; i < I; ++i) K[i] = lp.col("K" + std::to_string(i), W);
    auto prefix = [&](std::vector<std::pair<int, long long>> &t, int j, int upto, long long coef) {
        for (int s = 0; s <= upto; ++s) t.push_back({x[j][s], coef});
    };
    // (E)
    for (int j = 0; j < I; ++j) {
        LpRow r{{}, 0, (long long)W};
        prefix(r.terms, j, NS - 1, 1);
        lp.rows.push_back(r);
    }
    // (M): C_{j+1}(a_i) <= C_j(J_i)
    for (int j = 0; j + 1 < I; ++j)
        for (int i = 0; i < I; ++i) {
            LpRow r{{}, -1, 0};
            prefix(r.terms, j + 1, 2 * i + 1, 1);
            prefix(r.terms, j, 2 * i, -1);
            lp.rows.push_back(r);
        }
    // (P)
    for (int i = 0; i < I; ++i) {
        LpRow r1{{}, +1, 0};
        prefix(r1.terms, i, 2 * i + 1, 1);
        r1.terms.push_back({K[i], -1});
        lp.rows.push_back(r1);
        LpRow r2{{}, -1, -1};
        prefix(r2.terms, i, 2 * i, 1);
        r2.terms.push_back({K[i], -1});
        lp.rows.push_back(r2);
        if (i > 0) {
            LpRow r3{{}, +1, -1};
            prefix(r3.terms, i, 2 * i - 1, 1);
            r3.terms.push_back({K[i - 1], -1});
            lp.rows.push_back(r3);
            lp.rows.push_back(LpRow{{{K[i], 1}, {K[i - 1], -1}}, +1, 0});
        }
    }
    lp.rows.push_back(LpRow{{{K[0], 1}}, +1, 1});
    lp.rows.push_back(LpRow{{{K[I - 1], 1}}, 0, (long long)W});
    // (J)
    for (int i = 0; i < I; ++i) {
        const int U = u[i];
        const bool saturable = S == 0 ? sigma[U] < W : sigma[U] < S;
        auto P = [&](std::vector<std::pair<int, long long>> &t, int V, long long coef) {
            for (int j = 0; j < I; ++j)
                if (u[j] == V) t.push_back({x[j][2 * i], coef});
        };
        int A = -1, h = -1, B = -1;
        int g[4] = {-1, -1, -1, -1};
        if (saturable) {
            A = lp.col("A" + std::to_string(i), WI);
            lp.obj[A] = 1;
            h = lp.col("h" + std::to_string(i), WI);
            lp.rows.push_back(LpRow{{{A, (long long)sigma[U]}, {h, -1}}, -1, 0});
        }
        if (S > 0) {
            B = lp.col("B" + std::to_string(i), WI);
            lp.obj[B] = 1;
            LpRow rs{{{B, (long long)S}}, -1, 0};
            for (int V = 0; V < 4; ++V) {
                if (!cnt[V]) continue;
                g[V] = lp.col("g" + std::to_string(V) + "_" + std::to_string(i), WI);
                rs.terms.push_back({g[V], -1});
                lp.rows.push_back(LpRow{{{g[V], 1}, {B, -(long long)sigma[V]}}, -1, 0});
            }
            lp.rows.push_back(rs);
        }
        for (int V = 0; V < 4; ++V) {
            if (!cnt[V]) continue;
            LpRow r{{}, -1, 0};
            if (V == U && h >= 0) r.terms.push_back({h, 1});
            if (g[V] >= 0) r.terms.push_back({g[V], 1});
            if (r.terms.empty()) continue;
            P(r.terms, V, -1);
            lp.rows.push_back(r);
        }
    }
    // (R): work conservation in the advance cycles, by concavity.
    for (int i = 0; i < I; ++i) {
        // N_V = sum_{j: u_j = V} C_{j-1}(J_i) - C_j(J_i), C_{-1} = W.
        auto addN = [&](std::vector<std::pair<int, long long>> &t, long long &rhs, int V, long long coef) {
            // adds -coef * N_V to the left side (row is  ... - coef N_V >= 0)
            for (int j = 0; j < I; ++j) {
                if (u[j] != V) continue;
                if (j == 0) rhs += coef * (long long)W;  // -coef*W moved to the right
                else prefix(t, j - 1, 2 * i, -coef);
                prefix(t, j, 2 * i, coef);
            }
        };
        if (S == 0) {
            for (int V = 0; V < 4; ++V) {
                if (!cnt[V]) continue;
                LpRow r{{}, +1, 0};
                for (int j = 0; j < I; ++j)
                    if (u[j] == V) r.terms.push_back({x[j][2 * i + 1], (long long)W});
                addN(r.terms, r.rhs, V, (long long)std::min<uint32_t>(sigma[V], W));
                lp.rows.push_back(r);
            }
        } else {
            LpRow r{{}, +1, 0};
            for (int j = 0; j < I; ++j) r.terms.push_back({x[j][2 * i + 1], (long long)W});
            for (int V = 0; V < 4; ++V)
                if (cnt[V]) addN(r.terms, r.rhs, V, (long long)std::min<uint32_t>(sigma[V], S));
            lp.rows.push_back(r);
        }
    }
    // merge duplicate columns in rows
    for (auto &r : lp.rows) {
        std::map<int, long long> m;
        for (auto &t : r.terms) m[t.first] += t.second;
        r.terms.clear();
        for (auto &p : m)
            if (p.second) r.terms.push_back(p);
    }
    return lp;
}

inline uint32_t effective_S(const std::vector<int> &u, const uint32_t sigma[4], uint32_t S, uint32_t W) {
    if (S == 0 || S >= W) return 0;
    int cnt[4] = {0, 0, 0, 0};
    for (int t : u) ++cnt[t];
    uint64_t cap = 0;
    for (int V = 0; V < 4; ++V)
        if (cnt[V]) cap += sigma[V];
    return S >= cap ? 0 : S;
}
