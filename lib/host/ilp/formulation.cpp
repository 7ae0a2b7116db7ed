// Paper 004, Fig. 3, generalised to the unit types L, C, S, D and to the scheduler limit.
//
// Columns (all binary). x(w,i,t) = 1 iff warp w issues instruction i in cycle t. The paper has one
// family per type (LS, CC); an instruction's column of any other type is 0 by Eq. 10/17, so only
// the column of its own type exists, named after it: LS (L), CC (C), SF (S), DP (D).
// With Y(w,i) = sum_t t*x(w,i,t) (Eq. 19), the model's rules are:
//   cap_U_t     sum over warps and U instructions of x(.,.,t) <= sigma_U          (Eq. 14-15)
//   sched_t     sum of every x(.,.,t) <= S, when the scheduler limit S is set
//   one_w_t     sum_i x(w,i,t) <= 1 (Eq. 16 over all types at once; implied by prec, kept as in Fig. 3)
//   once_w_i    sum_t x(w,i,t) = 1                                                (Eq. 17)
//   prec_w_i    1 + Y(w,i) <= Y(w,i+1)                           (paper 002's form of Eq. 18)
//   last_w      Y(w,I) <= Y(W,I) for w < W: warp W finishes last (symmetry, 5.1)
//   objective   maximise Y(W,I)                                                   (Eq. 13)
//
// Work conservation (5.4). Warp w waits for instruction i of type U in cycle t iff
// Y(w,i-1) < t < Y(w,i) (Y(w,0) = 0). With once_w_i and prec, the paper's two indicator sums are
// exactly 0/1 linear expressions:
//   A(w,i-1,t) = sum_{t' >= t} x(w,i-1,t') = [Y(w,i-1) >= t]   (A = 1 for i = 1)
//   B(w,i,t)   = sum_{t' <= t} x(w,i,t')   = [Y(w,i) <= t]
// A and B are never both 1 (that would need Y(w,i) <= t <= Y(w,i-1)), so the paper's TL/TC
// (Eq. 25-27: "not waiting") is the linear expression TL(w,i,t) = A + B, no new variable needed.
// "U is full in t" is a binary E_U(t) (the paper's E_t for L, G_t for C) tied to the count
// n_U(t) = sum over warps and U instructions of x(.,.,t) <= sigma_U by
//   fullge_U_t  E_U(t) >= 1 - sigma_U + n_U(t)   (Eq. 38: n_U = sigma_U forces E_U = 1)
//   fullle_U_t  sigma_U * E_U(t) <= n_U(t)       (Eq. 39: n_U < sigma_U forces E_U = 0)
// so E_U(t) = [n_U(t) = sigma_U] exactly. The scheduler limit gets the same pair for F(t) = [n(t) = S].
// A schedule is work-conserving iff for all w, t and waiting i of type U: E_U(t) or F(t) (docs/model.md).
// The paper's OR-terms (Eq. 29-35) stand for a binary z = TL v E bracketed by (TL + E)/2 <= z <=
// TL + E (Theorems 1-2 of its appendix) and required to be 1; with z = 1 the left inequality always
// holds and the right one is all that remains:
//   short (Eq. 32/35)  wc_w_i_t:  A(w,i-1,t) + B(w,i,t) + E_U(t) + F(t) >= 1
//   long  (Eq. 31/34)  wc_w_U_t:  sum_{i of type U} TL(w,i,t) + I*(E_U(t) + F(t)) >= k
// where the long row is the paper's (1/I) sum_{all i} TL + E >= 1 times I, with the TL of other
// types (constant 1) and of instructions that cannot wait in t (below) moved to the right-hand side:
// k counts the type-U instructions that can wait in t. Both rows admit exactly the work-conserving
// schedules: with E_U = F = 0 every TL must be 1; with either at 1 the row holds for any TL.
// Instruction i can only wait in t when Y(w,i-1) < t < Y(w,i) fits the windows, that is
// first(i) <= t < last(i); elsewhere A + B = 1 identically and the row is not written.
//
// Hence the feasible set is exactly the work-conserving schedules with makespan <= T in which warp
// W finishes last, and every work-conserving schedule becomes one by renaming warps (they are
// identical). With T a proven upper bound on T(W), the optimum is T(W).
#include "host/ilp/formulation.hpp"

#include <stdarg.h>
#include <stdio.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace wsp {
namespace ilp {

namespace {

const char *const kUnitLetter[WSP_UNIT_COUNT] = {"L", "C", "S", "D"};
const char *const kColumnFamily[WSP_UNIT_COUNT] = {"LS", "CC", "SF", "DP"};

// One row under construction; reused so that building allocates only while rows grow. A column
// may be added more than once (a long row's TL terms overlap: A(w,i-1,t) and B(w,i-1,t) both hold
// x(w,i-1,t)); merge() sums such terms, since solvers need each column once per row.
struct Row {
    std::vector<int> cols;
    std::vector<double> vals;
    std::vector<std::pair<int, double>> terms;
    void clear() {
        cols.clear();
        vals.clear();
    }
    void add(int c, double v) {
        cols.push_back(c);
        vals.push_back(v);
    }
    void merge() {
        terms.clear();
        for (size_t k = 0; k < cols.size(); ++k) terms.emplace_back(cols[k], vals[k]);
        std::sort(terms.begin(), terms.end(),
                  [](const std::pair<int, double> &a, const std::pair<int, double> &b) { return a.first < b.first; });
        clear();
        for (const auto &t : terms) {
            if (!cols.empty() && cols.back() == t.first)
                vals.back() += t.second;
            else
                add(t.first, t.second);
        }
    }
};

class Builder {
public:
    Builder(const wsp_problem &p, const Layout &l, WorkConserving wc, System &out, StopFn stop,
            void *ctx, bool sequence_rows = true)
        : p_(p), l_(l), wc_(wc), out_(out), names_(out.wants_names()), stop_(stop), ctx_(ctx),
          sequence_rows_(sequence_rows) {}

    bool run() {
        return columns() && objective() && capacity() && (!sequence_rows_ || one_per_cycle()) && once() &&
               (!sequence_rows_ || (precedence() && last_warp())) &&
               (wc_ == WorkConserving::none || (full_indicators() && (!sequence_rows_ || work_conserving())));
    }

private:
    int unit(uint32_t i) const { return static_cast<int>(wsp_problem_unit_at(&p_, i)); }

    const char *name(const char *fmt, ...) __attribute__((format(printf, 2, 3))) {
        if (!names_) return nullptr;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf_, sizeof buf_, fmt, ap);
        va_end(ap);
        return buf_;
    }

    bool emit(Sense s, double rhs, const char *nm) {
        if ((++rows_ & 4095u) == 0 && stop_ != nullptr && stop_(ctx_)) return false;
        return out_.add_row(row_.cols.data(), row_.vals.data(), row_.cols.size(), s, rhs, nm);
    }

    bool columns() {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = 0; i < l_.I; ++i)
                for (uint32_t t = l_.first(i); t <= l_.last(i); ++t)
                    if (!out_.add_binary(name("%s_%u_%u_%u", kColumnFamily[unit(i)], w + 1, i + 1, t)))
                        return false;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (l_.e_base[u] >= 0)
                for (uint32_t t = 1; t <= l_.T; ++t)
                    if (!out_.add_binary(name("E_%s_%u", kUnitLetter[u], t))) return false;
        if (l_.f_base >= 0)
            for (uint32_t t = 1; t <= l_.T; ++t)
                if (!out_.add_binary(name("F_%u", t))) return false;
        return true;
    }

    // Adds coef * Y(w,i) to the row.
    void add_y(uint32_t w, uint32_t i, double coef) {
        for (uint32_t t = l_.first(i); t <= l_.last(i); ++t) row_.add(l_.x(w, i, t), coef * t);
    }

    bool objective() {
        row_.clear();
        add_y(l_.W - 1, l_.I - 1, 1.0);
        return out_.maximise(row_.cols.data(), row_.vals.data(), row_.cols.size());
    }

    // The U instructions (every instruction when u < 0) of every warp that may issue in cycle t.
    void add_issued(int u, uint32_t t, double coef) {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = l_.lowest(t); i <= l_.highest(t); ++i)
                if (u < 0 || unit(i) == u) row_.add(l_.x(w, i, t), coef);
    }

    bool capacity() {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (!l_.used[u]) continue;
            for (uint32_t t = 1; t <= l_.T; ++t) {
                row_.clear();
                add_issued(u, t, 1.0);
                if (!row_.cols.empty() &&
                    !emit(Sense::le, l_.sigma[u], name("cap_%s_%u", kUnitLetter[u], t)))
                    return false;
            }
        }
        if (l_.S == 0) return true;
        for (uint32_t t = 1; t <= l_.T; ++t) {
            row_.clear();
            add_issued(-1, t, 1.0);
            if (!row_.cols.empty() && !emit(Sense::le, l_.S, name("sched_%u", t))) return false;
        }
        return true;
    }

    bool one_per_cycle() {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t t = 1; t <= l_.T; ++t) {
                row_.clear();
                for (uint32_t i = l_.lowest(t); i <= l_.highest(t); ++i) row_.add(l_.x(w, i, t), 1.0);
                if (row_.cols.size() > 1 && !emit(Sense::le, 1.0, name("one_%u_%u", w + 1, t)))
                    return false;
            }
        return true;
    }

    bool once() {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = 0; i < l_.I; ++i) {
                row_.clear();
                for (uint32_t t = l_.first(i); t <= l_.last(i); ++t) row_.add(l_.x(w, i, t), 1.0);
                if (!emit(Sense::eq, 1.0, name("once_%u_%u", w + 1, i + 1))) return false;
            }
        return true;
    }

    bool precedence() {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = 0; i + 1 < l_.I; ++i) {
                row_.clear();
                add_y(w, i + 1, 1.0);
                add_y(w, i, -1.0);
                if (!emit(Sense::ge, 1.0, name("prec_%u_%u", w + 1, i + 1))) return false;
            }
        return true;
    }

    bool last_warp() {
        for (uint32_t w = 0; w + 1 < l_.W; ++w) {
            row_.clear();
            add_y(l_.W - 1, l_.I - 1, 1.0);
            add_y(w, l_.I - 1, -1.0);
            if (!emit(Sense::ge, 0.0, name("last_%u", w + 1))) return false;
        }
        return true;
    }

    // Eq. 38-39 for E_U(t) against sigma_U, and the same pair for F(t) against S.
    bool indicator_pair(int u, int column, double limit, uint32_t t, const char *what) {
        row_.clear();
        row_.add(column, 1.0);
        add_issued(u, t, -1.0);
        if (!emit(Sense::ge, 1.0 - limit, name("fullge_%s_%u", what, t))) return false;
        row_.vals[0] = limit;
        return emit(Sense::le, 0.0, name("fullle_%s_%u", what, t));
    }

    bool full_indicators() {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (l_.e_base[u] >= 0)
                for (uint32_t t = 1; t <= l_.T; ++t)
                    if (!indicator_pair(u, l_.e_base[u] + static_cast<int>(t) - 1, l_.sigma[u], t,
                                        kUnitLetter[u]))
                        return false;
        if (l_.f_base >= 0)
            for (uint32_t t = 1; t <= l_.T; ++t)
                if (!indicator_pair(-1, l_.f_base + static_cast<int>(t) - 1, l_.S, t, "F"))
                    return false;
        return true;
    }

    // TL(w,i,t) = A(w,i-1,t) + B(w,i,t), for first(i) <= t < last(i).
    void add_not_waiting(uint32_t w, uint32_t i, uint32_t t) {
        if (i > 0)
            for (uint32_t s = t > l_.first(i - 1) ? t : l_.first(i - 1); s <= l_.last(i - 1); ++s)
                row_.add(l_.x(w, i - 1, s), 1.0);
        for (uint32_t s = l_.first(i); s <= t; ++s) row_.add(l_.x(w, i, s), 1.0);
    }

    // E_U(t) + F(t), each with coefficient `coef`.
    void add_full(int u, uint32_t t, double coef) {
        row_.add(l_.e_base[u] + static_cast<int>(t) - 1, coef);
        if (l_.f_base >= 0) row_.add(l_.f_base + static_cast<int>(t) - 1, coef);
    }

    bool work_conserving() {
        for (uint32_t w = 0; w < l_.W; ++w) {
            if (wc_ == WorkConserving::short_rows) {
                for (uint32_t i = 0; i < l_.I; ++i)
                    for (uint32_t t = l_.first(i); t < l_.last(i); ++t) {
                        row_.clear();
                        add_not_waiting(w, i, t);
                        add_full(unit(i), t, 1.0);
                        if (!emit(Sense::ge, 1.0, name("wc_%u_%u_%u", w + 1, i + 1, t))) return false;
                    }
                continue;
            }
            for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
                if (!l_.used[u]) continue;
                for (uint32_t t = 1; t <= l_.T; ++t) {
                    row_.clear();
                    uint32_t k = 0;
                    for (uint32_t i = 0; i < l_.I; ++i)
                        if (unit(i) == u && l_.first(i) <= t && t < l_.last(i)) {
                            add_not_waiting(w, i, t);
                            ++k;
                        }
                    if (k == 0) continue;
                    add_full(u, t, static_cast<double>(l_.I));
                    row_.merge();
                    if (!emit(Sense::ge, k, name("wc_%u_%s_%u", w + 1, kUnitLetter[u], t))) return false;
                }
            }
        }
        return true;
    }

    const wsp_problem &p_;
    const Layout &l_;
    WorkConserving wc_;
    System &out_;
    bool names_;
    StopFn stop_;
    void *ctx_;
    bool sequence_rows_;
    Row row_;
    uint64_t rows_ = 0;
    char buf_[64];
};

}  // namespace

Layout::Layout(const wsp_problem &p, uint32_t horizon, WorkConserving wc)
    : W(wsp_problem_warps(&p)),
      I(wsp_problem_length(&p)),
      T(horizon),
      span(horizon - I + 1),
      S(wsp_problem_schedulers(&p)) {
    uint64_t next = uint64_t{W} * I * span;
    x_columns = next <= kMaxColumns ? static_cast<int>(next) : -1;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        used[u] = wsp_problem_count(&p, static_cast<uint32_t>(u)) > 0;
        sigma[u] = wsp_problem_sigma(&p, static_cast<uint32_t>(u));
        e_base[u] = -1;
        if (used[u] && wc != WorkConserving::none) {
            e_base[u] = static_cast<int>(next);
            next += T;
        }
    }
    f_base = -1;
    if (S > 0 && wc != WorkConserving::none) {
        f_base = static_cast<int>(next);
        next += T;
    }
    column_count = next;
    columns = next <= kMaxColumns ? static_cast<int>(next) : -1;
    if (columns < 0) x_columns = -1;
}

bool build(const wsp_problem &p, uint32_t horizon, WorkConserving wc, System &out, StopFn stop,
           void *stop_context) {
    const Layout layout(p, horizon, wc);
    if (layout.columns < 0) return false;
    Builder b(p, layout, wc, out, stop, stop_context);
    return b.run();
}

bool build_without_sequence_rows(const wsp_problem &p, uint32_t horizon, WorkConserving wc, System &out,
                                 StopFn stop, void *stop_context) {
    const Layout layout(p, horizon, wc);
    if (layout.columns < 0) return false;
    Builder b(p, layout, wc, out, stop, stop_context, false);
    return b.run();
}

}  // namespace ilp
}  // namespace wsp
