#include "did_you_mean.hpp"

#include <algorithm>

namespace wsp_cli {

// Optimal string alignment distance (Damerau-Levenshtein restricted to non-overlapping transpositions).
size_t edit_distance(const std::string &a, const std::string &b) {
    const size_t n = a.size(), m = b.size();
    std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1, 0));
    for (size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (size_t i = 1; i <= n; ++i)
        for (size_t j = 1; j <= m; ++j) {
            const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::string closest_word(const std::string &word, const std::vector<std::string> &candidates) {
    std::string best;
    size_t best_distance = SIZE_MAX;
    for (const std::string &c : candidates) {
        const size_t dist = edit_distance(word, c);
        if (dist < best_distance) best = c, best_distance = dist;
    }
    if (best_distance <= 2 && best_distance < word.size()) return best;
    // Not a typo: a part of a longer name ("--bounds" for "--loop-bounds"), when only one candidate
    // has it as a whole dash-separated end or start.
    const size_t dashes = word.find_first_not_of('-');
    if (dashes == std::string::npos || word.size() - dashes < 4) return "";
    const std::string core = word.substr(dashes);
    std::string found;
    for (const std::string &c : candidates) {
        const bool ends = c.size() > core.size() && c.compare(c.size() - core.size(), core.size(), core) == 0 &&
                          c[c.size() - core.size() - 1] == '-';
        const size_t start = c.find_first_not_of('-');
        const bool begins = start != std::string::npos && c.size() > start + core.size() &&
                            c.compare(start, core.size(), core) == 0 && c[start + core.size()] == '-';
        if (!ends && !begins) continue;
        if (!found.empty()) return "";  // more than one: no guess
        found = c;
    }
    return found;
}

std::string did_you_mean(const std::string &word, const std::vector<std::string> &candidates) {
    const std::string best = closest_word(word, candidates);
    return best.empty() ? "" : "; did you mean '" + best + "'?";
}

}  // namespace wsp_cli
