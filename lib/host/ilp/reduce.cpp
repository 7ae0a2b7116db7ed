// The reduction of the strong model (reduce.hpp; docs/ilp_strong.md, "The model lp_solve solves").
// Sketch: (1) where instruction i never waits (strong.cpp's nowait rows), x(w,i,t) = x(w,i-1,t-1)
// for every t of i's window, the windows of i - 1 and i being one apart; replacing each such column
// by the column it equals (recursively, down to an instruction that can wait, or to instruction 1,
// whose nowait_w_1 row fixes x(w,1,1) = 1 and so, by its once row, x(w,1,t) = 0 for t > 1) maps the
// points of the full model (integer or not) one to one onto those of the reduced one, with the same
// objective. (2) An indicator E_U (or F) that no wcs row holds appears only in its rows fullge,
// fullle (and efull); for every x with n_U(t) <= sigma_U (the cap rows) the value
// max(0, 1 - sigma_U + n_U(t)) satisfies them (and efull, where sigma_U >= S: it is at most the
// least value F(t) may take), in [0, 1], integral when x is: so dropping the column with those rows
// changes neither the set of x nor the objective, in the LP or the ILP.
#include "host/ilp/reduce.hpp"

#include <algorithm>

#include "host/ilp/strong.hpp"

namespace wsp {
namespace ilp {

Reduction::Reduction(const wsp_problem &p, uint32_t horizon)
    : p_(p), l_(p, horizon, WorkConserving::short_rows) {
    image_.assign(static_cast<size_t>(l_.columns < 0 ? 0 : l_.columns), kZero);
    if (l_.columns < 0) return;
    const bool use_f = waits_on_schedulers(l_);
    for (uint32_t w = 0; w < l_.W; ++w)
        for (uint32_t i = 0; i < l_.I; ++i) {
            const int u = static_cast<int>(wsp_problem_unit_at(&p, i));
            const bool waits = waits_on_unit(l_, u) || use_f;
            for (uint32_t t = l_.first(i); t <= l_.last(i); ++t) {
                int &img = image_[static_cast<size_t>(l_.x(w, i, t))];
                if (waits) {
                    start_.push_back(t == l_.first(i));
                    img = columns_++;
                }
                else if (i == 0)
                    img = t == l_.first(0) ? kOne : kZero;
                else
                    img = image_[static_cast<size_t>(l_.x(w, i - 1, t - 1))];
            }
        }
    x_columns_ = columns_;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (l_.e_base[u] >= 0)
            for (uint32_t t = 1; t <= l_.T; ++t)
                image_[static_cast<size_t>(l_.e_base[u]) + t - 1] = waits_on_unit(l_, u) ? columns_++ : kDropped;
    if (l_.f_base >= 0)
        for (uint32_t t = 1; t <= l_.T; ++t)
            image_[static_cast<size_t>(l_.f_base) + t - 1] = use_f ? columns_++ : kDropped;
}

void Reduction::expand(const std::vector<double> &reduced, std::vector<double> &full) const {
    std::vector<double> x(reduced);
    if (cumulative)
        for (int k = x_columns_ - 1; k >= 0; --k)
            if (!start_[static_cast<size_t>(k)]) x[static_cast<size_t>(k)] -= reduced[static_cast<size_t>(k) - 1];
    full.assign(image_.size(), 0.0);
    for (size_t c = 0; c < image_.size(); ++c)
        full[c] = image_[c] >= 0 ? x[static_cast<size_t>(image_[c])] : image_[c] == kOne ? 1.0 : 0.0;
    // Dropped indicators: their meaning on the (now full) issue columns.
    for (uint32_t t = 1; t <= l_.T; ++t) {
        double n[WSP_UNIT_COUNT] = {0, 0, 0, 0}, all = 0;
        for (uint32_t w = 0; w < l_.W; ++w)
            for (uint32_t i = l_.lowest(t); i <= l_.highest(t); ++i) {
                const double v = full[static_cast<size_t>(l_.x(w, i, t))];
                n[wsp_problem_unit_at(&p_, i)] += v;
                all += v;
            }
        for (int u = 0; u < WSP_UNIT_COUNT; ++u)
            if (l_.e_base[u] >= 0 && image_[static_cast<size_t>(l_.e_base[u]) + t - 1] == kDropped)
                full[static_cast<size_t>(l_.e_base[u]) + t - 1] = n[u] > l_.sigma[u] - 0.5 ? 1.0 : 0.0;
        if (l_.f_base >= 0 && image_[static_cast<size_t>(l_.f_base) + t - 1] == kDropped)
            full[static_cast<size_t>(l_.f_base) + t - 1] = all > l_.S - 0.5 ? 1.0 : 0.0;
    }
}

bool Reduced::add_binary(const char *name) {
    if (r_ == nullptr) return inner_.add_binary(name);
    const int c = next_++;
    if (c >= r_->full_columns()) return false;
    // A column of the reduced model is added when its first (lowest) full column comes by.
    const int img = r_->image(c);
    static_assert(Reduction::kZero < 0 && Reduction::kOne < 0 && Reduction::kDropped < 0, "images");
    if (img < 0) return true;
    if (added_.empty()) added_.assign(static_cast<size_t>(r_->columns()), false);
    if (added_[static_cast<size_t>(img)]) return true;
    added_[static_cast<size_t>(img)] = true;
    return inner_.add_binary(name);
}

bool Reduced::map(const int *cols, const double *vals, size_t n, double *constant) {
    terms_.clear();
    *constant = 0;
    for (size_t k = 0; k < n; ++k) {
        const int img = r_->image(cols[k]);
        if (img == Reduction::kDropped) return false;
        if (img == Reduction::kOne) *constant += vals[k];
        if (img >= 0) terms_.emplace_back(img, vals[k]);
    }
    std::sort(terms_.begin(), terms_.end(),
              [](const std::pair<int, double> &a, const std::pair<int, double> &b) { return a.first < b.first; });
    cols_.clear();
    vals_.clear();
    if (r_->cumulative) {
        // x(k) = z(k) - z(k-1) within a run (z before the run is 0).
        const size_t n_terms = terms_.size();
        for (size_t k = 0; k < n_terms; ++k) {
            const int c = terms_[k].first;
            if (r_->is_x(c) && !r_->run_start(c)) terms_.emplace_back(c - 1, -terms_[k].second);
        }
        std::sort(terms_.begin(), terms_.end(),
                  [](const std::pair<int, double> &a, const std::pair<int, double> &b) { return a.first < b.first; });
    }
    for (const auto &t : terms_) {
        if (!cols_.empty() && cols_.back() == t.first)
            vals_.back() += t.second;
        else {
            cols_.push_back(t.first);
            vals_.push_back(t.second);
        }
    }
    // Terms that cancel (x - x after substitution) leave the row.
    size_t kept = 0;
    for (size_t k = 0; k < cols_.size(); ++k)
        if (vals_[k] != 0.0) {
            cols_[kept] = cols_[k];
            vals_[kept++] = vals_[k];
        }
    cols_.resize(kept);
    vals_.resize(kept);
    return true;
}

bool Reduced::maximise(const int *cols, const double *vals, size_t n) {
    if (r_ == nullptr) return inner_.maximise(cols, vals, n);
    double constant = 0;
    if (!map(cols, vals, n, &constant) || constant != 0.0) return false;  // Y(W,I) has no constant part when I > 1
    return inner_.maximise(cols_.data(), vals_.data(), cols_.size());
}

bool Reduced::add_row(const int *cols, const double *vals, size_t n, Sense sense, double rhs, const char *name) {
    if (r_ == nullptr) return inner_.add_row(cols, vals, n, sense, rhs, name);
    if (r_->cumulative && !monotone_) {
        // x(k) >= 0 (a bound of the full model) is z(k) - z(k-1) >= 0 on cumulative columns.
        monotone_ = true;
        for (int k = 0; k < r_->columns(); ++k)
            if (r_->is_x(k) && !r_->run_start(k)) {
                const int c[2] = {k, k - 1};
                const double v[2] = {1.0, -1.0};
                if (!inner_.add_row(c, v, 2, Sense::ge, 0.0, nullptr)) return false;
            }
    }
    double constant = 0;
    if (!map(cols, vals, n, &constant)) return true;  // a dropped indicator's own row
    rhs -= constant;
    if (cols_.empty()) {
        const bool holds = sense == Sense::le ? 0 <= rhs + 1e-9 : sense == Sense::ge ? 0 >= rhs - 1e-9 : rhs == 0;
        if (!holds) violated_ = true;
        return true;
    }
    std::vector<double> key;
    key.reserve(2 * cols_.size() + 2);
    key.push_back(static_cast<double>(sense));
    key.push_back(rhs);
    for (size_t k = 0; k < cols_.size(); ++k) {
        key.push_back(cols_[k]);
        key.push_back(vals_[k]);
    }
    if (!seen_.insert(std::move(key)).second) return true;
    return inner_.add_row(cols_.data(), vals_.data(), cols_.size(), sense, rhs, name);
}

}  // namespace ilp
}  // namespace wsp
