// The strong formulation: paper 004's columns, objective, capacity, once and indicator rows; its
// rows one_w_t, prec_w_i, last_w (cycle-weighted sums Y) and its short work-conserving rows are
// replaced by the families below, which imply them (docs/ilp_strong.md). Proofs in docs/ilp_strong.md;
// sketches here. Notation of formulation.cpp: x(w,i,t) (0-based w, i),
// B(w,i,t) = sum_{s <= t} x(w,i,s) = [Y(w,i) <= t] ("warp w has issued instruction i by cycle t").
//
//   tprec_w_i_t   B(w,i+1,t) <= B(w,i,t-1)          for first(i+1) <= t < last(i+1)
//     Time-indexed precedence: if instruction i+1 has issued by t, instruction i issued by t - 1
//     (Y(w,i) + 1 <= Y(w,i+1) <= t). Holds for every schedule; the paper's prec_w_i row is its sum
//     over t, so in the LP it is much stronger (the aggregated row lets fractional issues of i and
//     i+1 overlap in time).
//   order_w_t     B(w+1,I-1,t) <= B(w,I-1,t)         for w + 1 < W, first(I-1) <= t < last(I-1)
//     Warps ordered by finishing time: Y(w,I) <= Y(w+1,I). Warps are identical, so renaming them
//     maps a work-conserving schedule to one of the same makespan; sorting them by finishing time
//     (stably) gives one that satisfies every order row and the paper's last_w rows (warp W then
//     finishes last). So every makespan, the optimum included, stays feasible.
//
//   efull_U_t, wcs_w_i_t, nowait_w_i_t: the short work-conserving rows, with the terms a waiting
//     warp can use (it issues nothing itself), see waiting_needs_other_warps().
//
// No family changes the set of makespans the integer model reaches, so the optimum is T(W).
#include "host/ilp/strong.hpp"

#include <stdarg.h>
#include <stdio.h>

#include <vector>

namespace wsp {
namespace ilp {

namespace {

class StrongBuilder {
public:
    StrongBuilder(const wsp_problem &p, const Layout &l, System &out, StopFn stop, void *ctx)
        : p_(p), l_(l), out_(out), names_(out.wants_names()), stop_(stop), ctx_(ctx) {}

    bool run() { return time_indexed_precedence() && finishing_order() && waiting_needs_other_warps(); }

private:
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
        return out_.add_row(cols_.data(), vals_.data(), cols_.size(), s, rhs, nm);
    }

    // coef * B(w,i,t): the columns of instruction i up to cycle t (none when t < first(i)).
    void add_b(uint32_t w, uint32_t i, uint32_t t, double coef) {
        const uint32_t end = t < l_.last(i) ? t : l_.last(i);
        for (uint32_t s = l_.first(i); s <= end; ++s) {
            cols_.push_back(l_.x(w, i, s));
            vals_.push_back(coef);
        }
    }

    bool time_indexed_precedence() {
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = 0; i + 1 < l_.I; ++i)
                for (uint32_t t = l_.first(i + 1); t < l_.last(i + 1); ++t) {
                    cols_.clear();
                    vals_.clear();
                    add_b(w, i + 1, t, 1.0);
                    add_b(w, i, t - 1, -1.0);
                    if (!emit(Sense::le, 0.0, name("tprec_%u_%u_%u", w + 1, i + 2, t))) return false;
                }
        return true;
    }

    bool finishing_order() {
        const uint32_t last = l_.I - 1;
        for (uint32_t w = 0; w + 1 < l_.W; ++w)
            for (uint32_t t = l_.first(last); t < l_.last(last); ++t) {
                cols_.clear();
                vals_.clear();
                add_b(w + 1, last, t, 1.0);
                add_b(w, last, t, -1.0);
                if (!emit(Sense::le, 0.0, name("order_%u_%u", w + 1, t))) return false;
            }
        return true;
    }

    // Where sigma_U >= S > 0, a full type U (n_U = sigma_U issues) fills the schedulers too
    // (n >= sigma_U >= S, and n <= S), so E_U(t) <= F(t):
    //   efull_U_t     E_U(t) <= F(t)
    // A warp that waits in cycle t issues nothing in t, so at most W - 1 instructions issue in t:
    // E_U(t) can only be what lets it wait when sigma_U <= W - 1, F(t) only when S <= W - 1. With
    // efull, "E_U or F" is F alone where sigma_U >= S > 0. The short row keeps only those terms:
    //   wcs_w_i_t     A(w,i-1,t) + B(w,i,t) [+ E_U(t)] [+ F(t)] >= 1
    // and with neither term it says that instruction i never waits (Voronoi's C for W <= 4).
    bool waiting_needs_other_warps() {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (l_.e_base[u] < 0 || l_.f_base < 0 || l_.sigma[u] < l_.S) continue;
            for (uint32_t t = 1; t <= l_.T; ++t) {
                cols_.assign({l_.e_base[u] + static_cast<int>(t) - 1, l_.f_base + static_cast<int>(t) - 1});
                vals_.assign({1.0, -1.0});
                if (!emit(Sense::le, 0.0, name("efull_%d_%u", u, t))) return false;
            }
        }
        const bool use_f = waits_on_schedulers(l_);
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = 0; i < l_.I; ++i) {
                const int u = static_cast<int>(wsp_problem_unit_at(&p_, i));
                const bool use_e = waits_on_unit(l_, u);
                if (!use_e && !use_f) {
                    if (!no_wait(w, i)) return false;
                    continue;
                }
                for (uint32_t t = l_.first(i); t < l_.last(i); ++t) {
                    cols_.clear();
                    vals_.clear();
                    // A(w,i-1,t) = 1 - B(w,i-1,t-1): the columns of i-1 from t on.
                    if (i > 0)
                        for (uint32_t s = t > l_.first(i - 1) ? t : l_.first(i - 1); s <= l_.last(i - 1); ++s) {
                            cols_.push_back(l_.x(w, i - 1, s));
                            vals_.push_back(1.0);
                        }
                    add_b(w, i, t, 1.0);
                    if (use_e) {
                        cols_.push_back(l_.e_base[u] + static_cast<int>(t) - 1);
                        vals_.push_back(1.0);
                    }
                    if (use_f) {
                        cols_.push_back(l_.f_base + static_cast<int>(t) - 1);
                        vals_.push_back(1.0);
                    }
                    if (!emit(Sense::ge, 1.0, name("wcs_%u_%u_%u", w + 1, i + 1, t))) return false;
                }
            }
        return true;
    }

    // Instruction i never waits: Y(w,i) = Y(w,i-1) + 1 (Y(w,0) = 0), written column by column as
    //   nowait_w_i_t  x(w,i,t) = x(w,i-1,t-1)   (i > 0; the windows of i-1 and i are one apart)
    //   nowait_w_1    x(w,1,1) = 1
    // which imply the wcs row (B(w,i,t) = B(w,i-1,t-1)) and are sparse.
    bool no_wait(uint32_t w, uint32_t i) {
        if (i == 0) {
            cols_.assign({l_.x(w, 0, l_.first(0))});
            vals_.assign({1.0});
            return emit(Sense::eq, 1.0, name("nowait_%u_1", w + 1));
        }
        for (uint32_t t = l_.first(i); t <= l_.last(i); ++t) {
            cols_.assign({l_.x(w, i, t), l_.x(w, i - 1, t - 1)});
            vals_.assign({1.0, -1.0});
            if (!emit(Sense::eq, 0.0, name("nowait_%u_%u_%u", w + 1, i + 1, t))) return false;
        }
        return true;
    }

    const wsp_problem &p_;
    const Layout &l_;
    System &out_;
    bool names_;
    StopFn stop_;
    void *ctx_;
    std::vector<int> cols_;
    std::vector<double> vals_;
    uint64_t rows_ = 0;
    char buf_[64];
};

}  // namespace

bool waits_on_unit(const Layout &l, int u) {
    const bool e_implies_f = l.f_base >= 0 && l.sigma[u] >= l.S;
    return l.e_base[u] >= 0 && l.sigma[u] + 1 <= l.W && !e_implies_f;
}

bool waits_on_schedulers(const Layout &l) { return l.f_base >= 0 && l.S + 1 <= l.W; }

bool add_strong_rows(const wsp_problem &p, uint32_t horizon, System &out, StopFn stop, void *stop_context) {
    const Layout layout(p, horizon, WorkConserving::short_rows);
    if (layout.columns < 0) return false;
    StrongBuilder b(p, layout, out, stop, stop_context);
    return b.run();
}

bool build_model(const wsp_problem &p, uint32_t horizon, const Model &m, System &out, StopFn stop,
                 void *stop_context) {
    if (!m.strong) return build(p, horizon, m.wc, out, stop, stop_context);
    return build_without_sequence_rows(p, horizon, WorkConserving::short_rows, out, stop, stop_context) &&
           add_strong_rows(p, horizon, out, stop, stop_context);
}

}  // namespace ilp
}  // namespace wsp
