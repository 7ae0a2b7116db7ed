// The slot bound (host only, prototype). The formula and its proof are in docs/bounds.md, section 6c;
// this file builds the LP (slot_lp), solves it (certified_lp_max) and puts the two together.
//
// Soundness does not depend on the simplex: certified_lp_max returns the value of a nonnegative dual
// point y evaluated exactly: for every x with A x <= b and 0 <= x <= u,
//   c.x = y.(A x) + (c - A^T y).x <= y.b + sum_j u_j max(0, (c - A^T y)_j),
// whatever y >= 0 is. The simplex only has to find a good y; y is rounded down to multiples of 2^-30
// and the right side is computed in 128-bit integers from the LP's integer data.
#include "host/bounds/slot_bound.hpp"

#include <math.h>

#include <algorithm>

#include "bounds/bound_terms.hpp"

namespace wsp {

namespace {

// Sorts a row's terms by column and adds up repeated columns, dropping zeros.
void merge_terms(std::vector<std::pair<uint32_t, int64_t>> &terms) {
    std::sort(terms.begin(), terms.end());
    size_t out = 0;
    for (size_t k = 0; k < terms.size();) {
        const uint32_t c = terms[k].first;
        int64_t sum = 0;
        for (; k < terms.size() && terms[k].first == c; ++k) sum += terms[k].second;
        if (sum != 0) terms[out++] = {c, sum};
    }
    terms.resize(out);
}

}  // namespace

IntLp slot_lp(const uint8_t *units, uint32_t I, const uint32_t sigma[WSP_UNIT_COUNT], uint32_t S, uint32_t W) {
    IntLp lp;
    const uint32_t NS = 2 * I;  // slots: J_i = 2i (the window of position i), a_i = 2i + 1 (its advance cycle)
    uint32_t count[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    for (uint32_t i = 0; i < I; ++i) ++count[units[i]];
    const int64_t WI = static_cast<int64_t>(W) * I;
    // x[j][s]: passages of position j in slot s (at most W)
    std::vector<uint32_t> x(static_cast<size_t>(I) * NS);
    for (uint32_t j = 0; j < I; ++j)
        for (uint32_t s = 0; s < NS; ++s) x[j * NS + s] = lp.column(W);
    auto X = [&](uint32_t j, uint32_t s) { return x[j * NS + s]; };
    std::vector<uint32_t> K(I);  // K_i = k1_i, the path's row when it leaves position i
    for (uint32_t i = 0; i < I; ++i) K[i] = lp.column(W);
    // C_j(end of slot s) = sum_{s' <= s} x[j][s']
    auto prefix = [&](IntLp::Row &r, uint32_t j, uint32_t upto, int64_t coef) {
        for (uint32_t s = 0; s <= upto; ++s) r.terms.push_back({X(j, s), coef});
    };
    // (E) every position is passed W times
    for (uint32_t j = 0; j < I; ++j) {
        IntLp::Row r{{}, 0, static_cast<int64_t>(W)};
        prefix(r, j, NS - 1, 1);
        lp.rows.push_back(r);
    }
    // (M) precedence: A_{j+1}(a_i) <= A_j(a_i - 1)
    for (uint32_t j = 0; j + 1 < I; ++j)
        for (uint32_t i = 0; i < I; ++i) {
            IntLp::Row r{{}, -1, 0};
            prefix(r, j + 1, 2 * i + 1, 1);
            prefix(r, j, 2 * i, -1);
            lp.rows.push_back(r);
        }
    // (P) the path: A_i(a_i) >= k1_i, A_i(a_i - 1) <= k1_i - 1, A_i(a_{i-1}) >= k0_i - 1 = k1_{i-1} - 1;
    // 1 <= k1_0 <= ... <= k1_{I-1} = W
    for (uint32_t i = 0; i < I; ++i) {
        IntLp::Row r1{{}, +1, 0};
        prefix(r1, i, 2 * i + 1, 1);
        r1.terms.push_back({K[i], -1});
        lp.rows.push_back(r1);
        IntLp::Row r2{{}, -1, -1};
        prefix(r2, i, 2 * i, 1);
        r2.terms.push_back({K[i], -1});
        lp.rows.push_back(r2);
        if (i > 0) {
            IntLp::Row r3{{}, +1, -1};
            prefix(r3, i, 2 * i - 1, 1);
            r3.terms.push_back({K[i - 1], -1});
            lp.rows.push_back(r3);
            lp.rows.push_back(IntLp::Row{{{K[i], 1}, {K[i - 1], -1}}, +1, 0});
        }
    }
    lp.rows.push_back(IntLp::Row{{{K[0], 1}}, +1, 1});
    lp.rows.push_back(IntLp::Row{{{K[I - 1], 1}}, 0, static_cast<int64_t>(W)});
    // (J) the window J_i: A_i cycles with the scheduler not full (u_i saturated: sigma issues of u_i),
    // B_i full cycles (S issues, at most sigma_V of each type V); the issues are passages in slot J_i.
    for (uint32_t i = 0; i < I; ++i) {
        const uint32_t U = units[i];
        const bool saturable = S == 0 ? sigma[U] < W : sigma[U] < S;
        int64_t A = -1, h = -1, B = -1;
        int64_t g[WSP_UNIT_COUNT] = {-1, -1, -1, -1};
        if (saturable) {
            A = lp.column(WI);
            lp.obj[A] = 1;
            h = lp.column(WI);  // issues of type U in the A_i cycles
            lp.rows.push_back(IntLp::Row{{{uint32_t(A), int64_t(sigma[U])}, {uint32_t(h), -1}}, -1, 0});
        }
        if (S > 0) {
            B = lp.column(WI);
            lp.obj[B] = 1;
            IntLp::Row full{{{uint32_t(B), int64_t(S)}}, -1, 0};
            for (int V = 0; V < WSP_UNIT_COUNT; ++V) {
                if (!count[V]) continue;
                g[V] = lp.column(WI);  // issues of type V in the B_i cycles
                full.terms.push_back({uint32_t(g[V]), -1});
                lp.rows.push_back(IntLp::Row{{{uint32_t(g[V]), 1}, {uint32_t(B), -int64_t(sigma[V])}}, -1, 0});
            }
            lp.rows.push_back(full);
        }
        for (int V = 0; V < WSP_UNIT_COUNT; ++V) {
            if (!count[V]) continue;
            IntLp::Row r{{}, -1, 0};
            if (V == static_cast<int>(U) && h >= 0) r.terms.push_back({uint32_t(h), 1});
            if (g[V] >= 0) r.terms.push_back({uint32_t(g[V]), 1});
            if (r.terms.empty()) continue;
            for (uint32_t j = 0; j < I; ++j)
                if (units[j] == V) r.terms.push_back({X(j, 2 * i), -1});
            lp.rows.push_back(r);
        }
    }
    // (R) work conservation in the advance cycle a_i, by concavity: with N_V the warps standing at
    // V-positions at its start, S = 0: issues_V = min(N_V, sigma_V) >= min(sigma_V, W) N_V / W;
    // S > 0: issues = min(S, sum_V min(N_V, sigma_V)) >= sum_V min(S, sigma_V) N_V / W.
    for (uint32_t i = 0; i < I; ++i) {
        // adds -coef * N_V: N_V = sum_{j: u_j = V} C_{j-1}(J_i) - C_j(J_i), C_{-1} = W
        auto minus_N = [&](IntLp::Row &r, int V, int64_t coef) {
            for (uint32_t j = 0; j < I; ++j) {
                if (units[j] != V) continue;
                if (j == 0) r.rhs += coef * static_cast<int64_t>(W);
                else prefix(r, j - 1, 2 * i, -coef);
                prefix(r, j, 2 * i, coef);
            }
        };
        if (S == 0) {
            for (int V = 0; V < WSP_UNIT_COUNT; ++V) {
                if (!count[V]) continue;
                IntLp::Row r{{}, +1, 0};
                for (uint32_t j = 0; j < I; ++j)
                    if (units[j] == V) r.terms.push_back({X(j, 2 * i + 1), int64_t(W)});
                minus_N(r, V, std::min<int64_t>(sigma[V], W));
                lp.rows.push_back(r);
            }
        } else {
            IntLp::Row r{{}, +1, 0};
            for (uint32_t j = 0; j < I; ++j) r.terms.push_back({X(j, 2 * i + 1), int64_t(W)});
            for (int V = 0; V < WSP_UNIT_COUNT; ++V)
                if (count[V]) minus_N(r, V, std::min<int64_t>(sigma[V], S));
            lp.rows.push_back(r);
        }
    }
    for (IntLp::Row &r : lp.rows) merge_terms(r.terms);
    return lp;
}

namespace {

// Dense two-phase primal simplex on  max c.x, A x <= b, x >= 0  (rows already in <= form).
class Simplex {
public:
    Simplex(uint32_t m, uint32_t n) : m_(m), n_(n) {}

    // Sets row r (dense coefficients of the n columns) and its right side.
    void set_row(uint32_t r, const std::vector<double> &a, double b) {
        rows_a_.resize(m_);
        rows_b_.resize(m_);
        rows_a_[r] = a;
        rows_b_[r] = b;
    }

    // Returns false on failure; duals[r] = the dual value of row r at the optimum (>= 0 up to noise).
    bool run(const std::vector<double> &c, std::vector<double> *duals, double *value, uint32_t *pivots) {
        // columns: x (n), slacks (m), artificials (one per row with b < 0), rhs
        uint32_t nart = 0;
        for (uint32_t r = 0; r < m_; ++r) nart += relaxed(r) < 0;
        W_ = n_ + m_ + nart + 1;
        rhs_ = W_ - 1;
        art0_ = n_ + m_;
        t_.assign(static_cast<size_t>(m_ + 1) * W_, 0.0);
        basis_.assign(m_, 0);
        uint32_t a = 0;
        for (uint32_t r = 0; r < m_; ++r) {
            const double sign = relaxed(r) < 0 ? -1.0 : 1.0;
            double *row = &t_[static_cast<size_t>(r) * W_];
            for (uint32_t j = 0; j < n_; ++j) row[j] = sign * rows_a_[r][j];
            row[n_ + r] = sign;
            row[rhs_] = sign * relaxed(r);
            if (sign < 0) {
                row[art0_ + a] = 1.0;
                basis_[r] = art0_ + a++;
            } else {
                basis_[r] = n_ + r;
            }
        }
        rows_a_.clear();
        pivots_ = 0;
        // phase 1: maximise -sum(art)
        if (nart > 0) {
            std::vector<double> c1(W_ - 1, 0.0);
            for (uint32_t k = 0; k < nart; ++k) c1[art0_ + k] = -1.0;
            set_objective(c1);
            if (!optimise(true)) return false;
            if (obj()[rhs_] < -1e-6) return false;  // infeasible: cannot happen for the slot LP
            // drive basic artificials out (degenerate pivots)
            for (uint32_t r = 0; r < m_; ++r) {
                if (basis_[r] < art0_) continue;
                const double *row = &t_[static_cast<size_t>(r) * W_];
                for (uint32_t j = 0; j < art0_; ++j)
                    if (fabs(row[j]) > 1e-9) {
                        pivot(r, j);
                        break;
                    }
            }
        }
        std::vector<double> c2(W_ - 1, 0.0);
        for (uint32_t j = 0; j < n_; ++j) c2[j] = c[j];
        set_objective(c2);
        if (!optimise(false)) return false;
        *value = obj()[rhs_];
        duals->assign(m_, 0.0);
        for (uint32_t r = 0; r < m_; ++r) (*duals)[r] = obj()[n_ + r];
        *pivots = pivots_;
        return true;
    }

private:
    // The right side of row r relaxed by a tiny, row-dependent amount against degeneracy (cycling); the
    // certificate is computed from the exact data, so this only shifts the dual point found.
    double relaxed(uint32_t r) const {
        return rows_b_[r] + 1e-7 * (1.0 + static_cast<double>((r * 7919u) % 1009u) / 1009.0);
    }

    double *obj() { return &t_[static_cast<size_t>(m_) * W_]; }

    // objective row: d_j = sum_r c_{B_r} t[r][j] - c_j, rhs = sum_r c_{B_r} b_r
    void set_objective(const std::vector<double> &c) {
        double *o = obj();
        for (uint32_t j = 0; j < W_; ++j) o[j] = j < W_ - 1 ? -c[j] : 0.0;
        for (uint32_t r = 0; r < m_; ++r) {
            const double cb = c[basis_[r]];
            if (cb == 0.0) continue;
            const double *row = &t_[static_cast<size_t>(r) * W_];
            for (uint32_t j = 0; j < W_; ++j) o[j] += cb * row[j];
        }
    }

    void pivot(uint32_t p, uint32_t q) {
        ++pivots_;
        double *prow = &t_[static_cast<size_t>(p) * W_];
        const double inv = 1.0 / prow[q];
        nz_.clear();
        for (uint32_t j = 0; j < W_; ++j) {
            if (prow[j] == 0.0) continue;
            prow[j] *= inv;
            if (fabs(prow[j]) < 1e-13) {
                prow[j] = 0.0;
                continue;
            }
            nz_.push_back(j);
        }
        prow[q] = 1.0;
        for (uint32_t r = 0; r <= m_; ++r) {
            if (r == p) continue;
            double *row = &t_[static_cast<size_t>(r) * W_];
            const double f = row[q];
            if (f == 0.0) continue;
            for (uint32_t j : nz_) {
                double v = row[j] - f * prow[j];
                row[j] = fabs(v) < 1e-13 ? 0.0 : v;
            }
            row[q] = 0.0;
        }
        basis_[p] = q;
    }

    bool optimise(bool phase1) {
        const uint32_t limit = phase1 ? W_ - 1 : art0_;  // artificials never re-enter in phase 2
        for (uint32_t it = 0; it < 100000; ++it) {
            const double *o = obj();
            // Dantzig pricing
            uint32_t q = W_;
            double best = -1e-9;
            for (uint32_t j = 0; j < limit; ++j)
                if (o[j] < best) {
                    q = j;
                    best = o[j];
                }
            if (q == W_) return true;
            // Harris ratio test: the largest pivot among the rows whose ratio is within the tolerance
            double theta = HUGE_VAL;
            for (uint32_t r = 0; r < m_; ++r) {
                const double arq = t_[static_cast<size_t>(r) * W_ + q];
                if (arq <= kPivotTol) continue;
                const double b = std::max(0.0, t_[static_cast<size_t>(r) * W_ + rhs_]);
                theta = std::min(theta, (b + kFeasTol) / arq);
            }
            if (theta == HUGE_VAL) return false;  // unbounded: cannot happen (every column is bounded)
            uint32_t p = m_;
            double pivot_size = 0;
            for (uint32_t r = 0; r < m_; ++r) {
                const double arq = t_[static_cast<size_t>(r) * W_ + q];
                if (arq <= kPivotTol) continue;
                const double b = std::max(0.0, t_[static_cast<size_t>(r) * W_ + rhs_]);
                if (b / arq <= theta && arq > pivot_size) {
                    p = r;
                    pivot_size = arq;
                }
            }
            pivot(p, q);
            // keep the basic values nonnegative (Harris may step a hair past zero)
            for (uint32_t r = 0; r < m_; ++r) {
                double &b = t_[static_cast<size_t>(r) * W_ + rhs_];
                if (b < 0) b = 0;
            }
        }
        return false;
    }

    static constexpr double kPivotTol = 1e-9;
    static constexpr double kFeasTol = 1e-9;

    uint32_t m_, n_, W_ = 0, rhs_ = 0, art0_ = 0, pivots_ = 0;
    std::vector<std::vector<double>> rows_a_;
    std::vector<double> rows_b_;
    std::vector<double> t_;
    std::vector<uint32_t> basis_;
    std::vector<uint32_t> nz_;
};

}  // namespace

bool certify_duals(const IntLp &lp, const std::vector<double> &dual, int64_t *bound) {
    if (dual.size() != lp.rows.size()) return false;
    // y_r = dual_r rounded towards 0 to a multiple of 2^-30 and clamped to the sign its row allows
    // (>= 0 for <=, <= 0 for >=, any for =): then y.(A x) <= y.b for every feasible x.
    const double scale = 1073741824.0;  // 2^30
    const uint32_t n = static_cast<uint32_t>(lp.obj.size());
    std::vector<__int128> reduced(n);
    for (uint32_t j = 0; j < n; ++j) reduced[j] = static_cast<__int128>(lp.obj[j]) << 30;
    __int128 total = 0;
    for (size_t r = 0; r < lp.rows.size(); ++r) {
        const IntLp::Row &row = lp.rows[r];
        double d = dual[r];
        if (!(d == d) || fabs(d) > 8.0e6) return false;  // NaN or absurd: no bound
        if (row.sense < 0 && d < 0) d = 0;
        if (row.sense > 0 && d > 0) d = 0;
        const __int128 y = static_cast<__int128>(static_cast<int64_t>(d > 0 ? floor(d * scale) : ceil(d * scale)));
        if (y == 0) continue;
        total += y * row.rhs;
        for (const auto &t : row.terms) reduced[t.first] -= y * t.second;
    }
    // c.x = y.(A x) + (c - A^T y).x <= y.b + sum_j u_j max(0, (c - A^T y)_j) for 0 <= x <= u
    for (uint32_t j = 0; j < n; ++j)
        if (reduced[j] > 0) total += reduced[j] * lp.upper[j];
    *bound = static_cast<int64_t>(total >> 30);  // arithmetic shift: floor for negative values too
    return true;
}

bool certified_lp_max(const IntLp &lp, int64_t *bound, double *value, uint32_t *pivots) {
    // rows in <= form: >= negated, = split in two
    struct LeRow {
        uint32_t row;
        int64_t sign;
    };
    std::vector<LeRow> le;
    for (uint32_t r = 0; r < lp.rows.size(); ++r) {
        if (lp.rows[r].sense <= 0) le.push_back({r, 1});
        if (lp.rows[r].sense >= 0) le.push_back({r, -1});
    }
    const uint32_t n = static_cast<uint32_t>(lp.obj.size());
    const uint32_t m = static_cast<uint32_t>(le.size());
    Simplex sx(m, n);
    std::vector<double> a(n);
    for (uint32_t r = 0; r < m; ++r) {
        const IntLp::Row &row = lp.rows[le[r].row];
        std::fill(a.begin(), a.end(), 0.0);
        for (const auto &t : row.terms) a[t.first] = static_cast<double>(le[r].sign * t.second);
        sx.set_row(r, a, static_cast<double>(le[r].sign * row.rhs));
    }
    std::vector<double> c(n);
    for (uint32_t j = 0; j < n; ++j) c[j] = static_cast<double>(lp.obj[j]);
    std::vector<double> duals;
    if (!sx.run(c, &duals, value, pivots)) return false;
    // back to one signed multiplier per row: the <= copy counts +, the >= copy -
    std::vector<double> dual(lp.rows.size(), 0.0);
    for (uint32_t r = 0; r < m; ++r)
        if (duals[r] > 0) dual[le[r].row] += static_cast<double>(le[r].sign) * duals[r];
    return certify_duals(lp, dual, bound);
}

IntLp cumulate_slots(const IntLp &lp, uint32_t I) {
    // x[j][s] is column j * 2I + s (slot_lp adds them first); x[j][s] = C[j][s] - C[j][s - 1].
    const uint32_t NS = 2 * I, nx = I * NS;
    IntLp out = lp;
    std::vector<std::pair<uint32_t, int64_t>> t;
    for (IntLp::Row &r : out.rows) {
        t.clear();
        for (const auto &e : r.terms) {
            t.push_back(e);
            if (e.first < nx && e.first % NS > 0) t.push_back({e.first - 1, -e.second});
        }
        merge_terms(t);
        r.terms = t;
    }
    for (uint32_t j = 0; j < I; ++j)  // x[j][s] >= 0
        for (uint32_t s = 1; s < NS; ++s)
            out.rows.push_back(IntLp::Row{{{j * NS + s - 1, -1}, {j * NS + s, 1}}, +1, 0});
    return out;
}

SlotBound slot_bound(const wsp_problem &p, uint32_t max_length, const LpBudget &budget) {
    SlotBound out;
    const uint32_t I = p.length;
    if (I == 0 || I > max_length) return out;
    const uint32_t S = effective_schedulers<uint32_t>(p.sigma, p.schedulers, p.count, p.warps);
    IntLp lp = slot_lp(p.units(), I, p.sigma, S, p.warps);
    out.rows = static_cast<uint32_t>(lp.rows.size());
    out.columns = static_cast<uint32_t>(lp.obj.size());
    int64_t b = 0;
    if (certified_lp_max_lpsolve(cumulate_slots(lp, I), budget, &b, &out.lp_value, &out.iterations)) {
        out.lpsolve = true;
    } else if (out.iterations != 0 || I > kDenseLength || !certified_lp_max(lp, &b, &out.lp_value, &out.pivots)) {
        return out;  // lp_solve ran and failed or ran out of budget, or no lp_solve and too long for the dense one
    }
    if (b < 0) b = 0;
    out.bound = I + static_cast<uint64_t>(b);
    out.computed = true;
    return out;
}

SlotBound host_slot_bound(const wsp_problem &p, double seconds) {
    LpBudget budget;
    budget.iterations = kSlotHostIterations;
    budget.seconds = seconds;
    return slot_bound(p, kSlotHostLength, budget);
}

}  // namespace wsp
