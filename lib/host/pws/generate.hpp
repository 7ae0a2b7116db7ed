// Graphs for tests and the benchmark (issue 21): random structured CFGs in the strict form (with
// bounded loops if asked), rewritten into the shapes compilers emit by steps that keep every path's
// WCET, and large synthetic nested-branch kernels. Deterministic for a seed.
#ifndef WSP_HOST_PWS_GENERATE_HPP
#define WSP_HOST_PWS_GENERATE_HPP

#include <stdint.h>

#include <vector>

#include "host/pws/graph.hpp"

namespace wsp {
namespace host {

struct Rng {
    uint32_t state;  // xorshift32; never 0
    uint32_t next();
    uint32_t below(uint32_t n);
};

struct StrictOptions {
    uint32_t max_depth = 3;        // branch nesting
    uint32_t max_nodes = 40;       // soft limit
    uint32_t max_items = 3;        // items per sequence
    uint32_t branch_percent = 45;  // an item is a branch
    uint32_t empty_percent = 25;   // a path is empty
    uint32_t mark_percent = 70;    // a branch is marked for splitting
    uint32_t zero_percent = 50;    // a BSB or reconvergence node costs 0
    uint32_t loop_percent = 0;     // a sequence holds a loop over some of its items
    uint32_t max_bound = 3;        // loop bounds 0..max_bound
    uint64_t max_wcet = 20;
};

// A strict CFG (kinds set, nodes in walk order, labels 1..n) as a SourceGraph: flags say the kind
// (branch, BSB, reconvergence node), loops are back edges with bounds.
SourceGraph random_strict(Rng &rng, const StrictOptions &options);

// How perturb() rewrote a strict CFG.
struct PerturbCounts {
    uint32_t if_without_else;  // a zero-cost BSB with an empty path 2 removed
    uint32_t two_sided;        // a zero-cost BSB with a non-empty path 2 removed (a branch without BSB)
    uint32_t shared_joins;     // a zero-cost reconvergence node removed: its join moves to the next node
    uint32_t merged;           // a node merged into its only predecessor (a reconvergence node that
                               // starts a branch, a block that is a branch, ...)
    uint32_t exits;            // the zero-cost exit replaced by one sink per edge into it
};

// Compiler-shaped rewriting of a strict CFG (from random_strict or a file): removes zero-cost BSBs
// and reconvergence nodes, merges single-edge pairs, splits a zero-cost exit, drops the kind flags but
// the BSB one (keeps the reconvergence hint at random), and shuffles node and edge order. Every path
// keeps its WCET; a removed BSB with a non-empty path 2 leaves a two-sided branch, which normalisation
// serialises again (the strict form's serialised WCET is kept, not the rewritten graph's longest path).
SourceGraph perturb(Rng &rng, const SourceGraph &strict, PerturbCounts *counts);

// A synthetic kernel like paper 001's synthetic benchmark: nested if-else to `depth`, each path a
// sequence of `width` items (blocks, and one nested branch while depth lasts), WCETs from the seed, in
// the compiler's shape (BSBs of zero cost removed as perturb() does, but deterministically). Branches:
// about width^... see the benchmark's table for counts.
SourceGraph synthetic_nested(uint32_t depth, uint32_t width, uint32_t seed);

// The longest entry-exit path of an acyclic source graph (back edges of loops ignored), by plain
// dynamic programming: the "WCET before normalisation" of graphs without two-sided branches.
uint64_t longest_path(const SourceGraph &g);

}  // namespace host
}  // namespace wsp

#endif
