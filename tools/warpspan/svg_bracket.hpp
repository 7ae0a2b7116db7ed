// What `warpspan table` found, per W, as SVG: one panel per kernel of the table with T(W) against W.
// A point where T(W) is known exactly (the exact column's status optimal: lower = upper), an interval
// [lower, upper] where it is only bracketed (lower: the best witnessed lower bound of the exact, lower and
// anneal columns; upper: the least proven upper bound of the bound and exact columns), a ring where
// only a lower bound is known, the bound column as a dashed line, and the paper's formula (paper 004
// Eq. 5-7), when the rows carry it, as a dotted line marked as not a bound. Round ticks on both axes,
// axis titles, and a legend that names only what the panels show, sized to its labels.
#ifndef WSP_CLI_SVG_BRACKET_HPP
#define WSP_CLI_SVG_BRACKET_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wsp_cli {

// One row of the table: the values of its columns for one W (a column the table lacks stays empty).
struct BracketRow {
    uint32_t warps = 0;
    std::optional<uint64_t> bound;                     // column bound: a proven upper bound
    std::optional<uint64_t> exact_lower, exact_upper;  // column exact: equal when T(W) is known
    std::optional<uint64_t> anneal;                    // column anneal: a witnessed lower bound
    std::optional<uint64_t> lower;                     // column lower: a witnessed lower bound
    std::optional<uint64_t> paper;                     // paper 004 Eq. 5-7: NOT a bound, for comparison
};

// One kernel of the table (a line of a spec file).
struct BracketTable {
    std::string name;    // "voronoi"
    std::string kernel;  // "L5C9L2C9"
    std::string config;  // "units=L=32,C=128,... schedulers=4"
    std::vector<BracketRow> rows;
};

std::string bracket_svg(const std::vector<BracketTable> &tables, const std::string &title);

}  // namespace wsp_cli

#endif
