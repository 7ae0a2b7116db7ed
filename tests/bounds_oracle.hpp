// Exhaustive oracles for the bound tests (test_bounds_oracle.cpp),
// written without the library's bounds, decoder or exact solver.
//
// SymmetricOracle: the longest remaining schedule from every state of W' <= 8 warps running the same
// normalised string, memoised per multiset of unfinished warp positions (warps are interchangeable;
// finished warps never matter again), trying every work-conserving choice of how many warps of each
// position issue. The test checks it against the per-warp oracle of test_util.c.
//
// DistinctOracle: the same for warps that run DIFFERENT strings (no symmetry), memoised per vector of
// positions: the reference for the heterogeneous-safe bounds.
#ifndef WSP_TESTS_BOUNDS_ORACLE_HPP
#define WSP_TESTS_BOUNDS_ORACLE_HPP

#include <stdint.h>
#include <string.h>

#include <vector>

namespace oracle {

// Whether issuing issued[U] instructions of each type, `total` in all, is a work-conserving cycle
// (docs/model.md) when ready[U] warps are ready at type U.
inline bool allowed(const uint32_t issued[4], const uint32_t ready[4], uint32_t total, const uint32_t sigma[4],
                    uint32_t S) {
    if (total == 0 || (S != 0 && total > S)) return false;
    for (int u = 0; u < 4; ++u) {
        if (issued[u] > sigma[u]) return false;
        if (issued[u] < sigma[u] && issued[u] < ready[u] && (S == 0 || total < S)) return false;
    }
    return true;
}

class SymmetricOracle {
public:
    static constexpr uint32_t kMaxWarps = 8;

    // units[i] in 0..3 for i < I; sigma[U] >= 1 (normalised); S = 0 for no limit.
    SymmetricOracle(const uint8_t *units, uint32_t I, const uint32_t sigma[4], uint32_t S, uint32_t max_warps)
        : units_(units, units + I), I_(I), S_(S), W_(max_warps) {
        for (int u = 0; u < 4; ++u) sigma_[u] = sigma[u];
        // binom_[a][b] = C(a, b) for a < I + W, b <= W
        const uint32_t A = I + max_warps + 1;
        binom_.assign(static_cast<size_t>(A) * (max_warps + 1), 0);
        for (uint32_t a = 0; a < A; ++a) {
            binom(a, 0) = 1;
            for (uint32_t b = 1; b <= max_warps && b <= a; ++b)
                binom(a, b) = binom(a - 1, b - 1) + (b <= a - 1 ? binom(a - 1, b) : 0);
        }
        offset_.assign(max_warps + 2, 0);
        for (uint32_t n = 0; n <= max_warps; ++n)
            offset_[n + 1] = offset_[n] + (I == 0 ? (n == 0) : binom(I + n - 1, n));
        memo_.assign(offset_[max_warps + 1], 0);
    }

    uint32_t length() const { return I_; }
    uint64_t states() const { return offset_[W_ + 1]; }

    // The longest remaining schedule from the state `pos` (n positions < I, ascending).
    uint32_t value(const uint32_t *pos, uint32_t n) {
        if (n == 0) return 0;
        const uint64_t r = rank(pos, n);
        if (memo_[r] != 0) return memo_[r] - 1u;
        // groups: distinct positions with their counts
        uint32_t gpos[kMaxWarps], gcnt[kMaxWarps], G = 0;
        for (uint32_t j = 0; j < n; ++j) {
            if (G > 0 && gpos[G - 1] == pos[j]) {
                ++gcnt[G - 1];
            } else {
                gpos[G] = pos[j];
                gcnt[G++] = 1;
            }
        }
        uint32_t ready[4] = {0, 0, 0, 0};
        for (uint32_t g = 0; g < G; ++g) ready[units_[gpos[g]]] += gcnt[g];
        uint32_t adv[kMaxWarps] = {0};
        uint32_t best = 0;
        for (;;) {
            uint32_t issued[4] = {0, 0, 0, 0}, total = 0;
            for (uint32_t g = 0; g < G; ++g) {
                issued[units_[gpos[g]]] += adv[g];
                total += adv[g];
            }
            if (allowed(issued, ready, total, sigma_, S_)) {
                uint32_t child[kMaxWarps], m = 0;
                for (uint32_t g = 0; g < G; ++g) {
                    for (uint32_t c = adv[g]; c < gcnt[g]; ++c) child[m++] = gpos[g];
                    if (gpos[g] + 1 < I_)
                        for (uint32_t c = 0; c < adv[g]; ++c) child[m++] = gpos[g] + 1;
                }
                const uint32_t v = 1 + value(child, m);
                if (v > best) best = v;
            }
            uint32_t g = 0;
            while (g < G && adv[g] == gcnt[g]) adv[g++] = 0;
            if (g == G) break;
            ++adv[g];
        }
        memo_[r] = static_cast<uint16_t>(best + 1u);
        return best;
    }

    // Calls f(pos, n, value) for every state of 1..max_warps unfinished warps (every multiset).
    template <typename F>
    void each_state(F &&f) {
        uint32_t pos[kMaxWarps];
        for (uint32_t n = 1; n <= W_; ++n) {
            for (uint32_t j = 0; j < n; ++j) pos[j] = 0;
            if (I_ == 0) return;
            for (;;) {
                f(static_cast<const uint32_t *>(pos), n, value(pos, n));
                // next non-decreasing sequence over 0..I-1
                int j = static_cast<int>(n) - 1;
                while (j >= 0 && pos[j] == I_ - 1) --j;
                if (j < 0) break;
                ++pos[j];
                for (uint32_t k = static_cast<uint32_t>(j) + 1; k < n; ++k) pos[k] = pos[j];
            }
        }
    }

private:
    uint64_t &binom(uint32_t a, uint32_t b) { return binom_[static_cast<size_t>(a) * (W_ + 1) + b]; }

    // Multisets of size n over 0..I-1 <-> n-subsets of 0..I+n-2 (b_j = pos_j + j), ranked by the
    // combinatorial number system.
    uint64_t rank(const uint32_t *pos, uint32_t n) {
        uint64_t r = offset_[n];
        for (uint32_t j = 0; j < n; ++j) r += binom(pos[j] + j, j + 1);
        return r;
    }

    std::vector<uint8_t> units_;
    uint32_t I_, S_, W_;
    uint32_t sigma_[4];
    std::vector<uint64_t> binom_, offset_;
    std::vector<uint16_t> memo_;
};

// Warps with their own strings: strings[w] of types 0..3, at most 8 warps, prod (len_w + 1) states.
class DistinctOracle {
public:
    DistinctOracle(const std::vector<std::vector<uint8_t>> &strings, const uint32_t sigma[4], uint32_t S)
        : s_(strings), S_(S) {
        for (int u = 0; u < 4; ++u) sigma_[u] = sigma[u];
        uint64_t cells = 1;
        for (const auto &w : s_) cells *= w.size() + 1;
        memo_.assign(cells, 0);
    }

    uint32_t makespan() {
        std::vector<uint32_t> pos(s_.size(), 0);
        return value(pos);
    }

private:
    uint32_t value(std::vector<uint32_t> &pos) {
        uint64_t index = 0;
        uint32_t ready_mask = 0;
        for (size_t w = 0; w < s_.size(); ++w) {
            index = index * (s_[w].size() + 1) + pos[w];
            if (pos[w] < s_[w].size()) ready_mask |= 1u << w;
        }
        if (ready_mask == 0) return 0;
        if (memo_[index] != 0) return memo_[index] - 1u;
        uint32_t ready[4] = {0, 0, 0, 0};
        for (size_t w = 0; w < s_.size(); ++w)
            if ((ready_mask >> w) & 1u) ++ready[s_[w][pos[w]]];
        uint32_t best = 0;
        for (uint32_t set = ready_mask; set != 0; set = (set - 1) & ready_mask) {
            uint32_t issued[4] = {0, 0, 0, 0}, total = 0;
            for (size_t w = 0; w < s_.size(); ++w)
                if ((set >> w) & 1u) {
                    ++issued[s_[w][pos[w]]];
                    ++total;
                }
            if (!allowed(issued, ready, total, sigma_, S_)) continue;
            for (size_t w = 0; w < s_.size(); ++w)
                if ((set >> w) & 1u) ++pos[w];
            const uint32_t v = 1 + value(pos);
            for (size_t w = 0; w < s_.size(); ++w)
                if ((set >> w) & 1u) --pos[w];
            if (v > best) best = v;
        }
        memo_[index] = static_cast<uint16_t>(best + 1u);
        return best;
    }

    std::vector<std::vector<uint8_t>> s_;
    uint32_t S_;
    uint32_t sigma_[4];
    std::vector<uint16_t> memo_;
};

// Every kernel of 1..max_length instructions over the four types up to renaming the types (types
// are interchangeable apart from their sigma, so each kernel is taken once, its types named in order
// of first appearance: restricted growth strings), with every sigma in `sigmas` for each type it uses.
// Calls f(kernel letters, units per type of the input sigma) where units = sigma * warp size 32.
template <typename F>
void each_canonical_kernel(uint32_t max_length, const uint32_t *units_choices, uint32_t choices, F &&f) {
    const char letters[4] = {'L', 'C', 'S', 'D'};
    for (uint32_t n = 1; n <= max_length; ++n) {
        uint32_t label[8] = {0};
        for (;;) {
            uint32_t used = 0;
            for (uint32_t i = 0; i < n; ++i)
                if (label[i] + 1 > used) used = label[i] + 1;
            char kernel[9];
            for (uint32_t i = 0; i < n; ++i) kernel[i] = letters[label[i]];
            kernel[n] = '\0';
            uint32_t pick[4] = {0, 0, 0, 0};
            for (;;) {
                uint32_t units[4] = {32, 32, 32, 32};
                for (uint32_t t = 0; t < used; ++t) units[t] = units_choices[pick[t]];
                f(static_cast<const char *>(kernel), static_cast<const uint32_t *>(units));
                uint32_t t = 0;
                while (t < used && pick[t] == choices - 1) pick[t++] = 0;
                if (t == used) break;
                ++pick[t];
            }
            // next restricted growth string: label[i] <= 1 + max(label[0..i-1]), at most 4 labels
            int i = static_cast<int>(n) - 1;
            for (; i > 0; --i) {
                uint32_t top = 0;
                for (int k = 0; k < i; ++k)
                    if (label[k] > top) top = label[k];
                if (label[i] <= top && label[i] < 3) {
                    ++label[i];
                    break;
                }
            }
            if (i <= 0) break;
            for (uint32_t k = static_cast<uint32_t>(i) + 1; k < n; ++k) label[k] = 0;
        }
    }
}

}  // namespace oracle

#endif
