// Normalisation of a compiler's control-flow graph into the strict form that wsp_pws_analyse checks
// (paper 001, Fig. 7b: branch -> path 1 -> BSB -> path 2 -> reconvergence node, one entry, one exit).
// Compilers emit more shapes than that: an `if` without `else` (no BSB), several nested branches that
// reconverge at one node, a reconvergence node that is also a branch, a BSB or a loop header, early
// exits (several sinks), two-sided branches without a BSB (the conventional CFG of Fig. 7a, as PTX
// has it), and bounded loops. Normalisation adds zero-cost nodes only; docs/pws.md proves that this
// changes no path's WCET (and says exactly which paths a BSB added to a two-sided branch adds).
//
// Internal C++ interface (the public C API is a proposal in the report of issue 21); allocation-free:
// the caller sizes the workspace with normalise_workspace() and the output with
// normal_form_capacity().
#ifndef WSP_PWS_NORMALISE_HPP
#define WSP_PWS_NORMALISE_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {
namespace pws {

constexpr uint32_t kNoNode = 0xFFFFFFFFu;

// What the input says a node is. Only the BSB flag decides anything by itself (a BSB is owned by the
// branch that skips to it); a node with two successors is a branch whatever it is called; the
// branch flag makes a node with a single edge to a BSB a branch whose path 1 is empty; the
// reconvergence flag is a hint that the structure replaces.
enum : uint8_t { kSourceBsb = 1u, kSourceReconv = 2u, kSourceBranch = 4u };

struct SourceNode {
    uint64_t wcet;   // e_bb in cycles
    uint32_t label;  // the caller's name (messages)
    uint8_t flags;   // kSource*
    uint8_t split;   // 1: marked for splitting (the paper's set P)
};

// A loop: its back edge (the one edge into `header` that closes a cycle) is taken at most `bound`
// times per entry into the loop, so the loop's body runs at most bound + 1 times per entry.
struct SourceLoop {
    uint32_t header;  // 0-based source node
    uint32_t bound;
};

struct SourceCfg {
    const SourceNode *nodes;
    uint32_t node_count;
    const wsp_pws_edge *edges;  // 0-based; any order; may include loops' back edges
    uint32_t edge_count;
    const SourceLoop *loops;
    uint32_t loop_count;
};

// What a node of the normal form is. Source node i is node i of the normal form (same index, its
// WCET, label and in-edges); the added nodes follow, each with WCET 0.
enum Made : uint8_t {
    kMadeSource = 0,
    kMadeBsbIf = 1,      // the BSB of a branch without `else` (its path 2 is empty)
    kMadeBsbSerial = 2,  // the BSB of a two-sided branch that had none: serialises its sides
    kMadeReconv = 3,     // the reconvergence node of a branch whose join is taken by another role
    kMadeExit = 4,       // the exit that joins several sinks
    kMadeLoneBsb = 5,    // (source) a BSB no branch owns, with two successors: a branch never split
};

struct NormalCounts {
    uint32_t bsb_if, bsb_serial, reconv, exits, lone_bsbs, dropped_marks, loops;
};

// The normal form. The caller sets the array pointers and capacities (normal_form_capacity gives
// them); normalise() fills the arrays and the counts.
struct NormalForm {
    wsp_pws_node *nodes;      // the strict form: kinds, WCETs, labels, split marks
    uint8_t *made;            // per node: a Made value
    uint32_t *owner;          // per node: the source node it is, or that it was added for (kNoNode: exit)
    uint64_t *multiplicity;   // per node: how often it runs per run of the kernel (loops), >= 1
    uint32_t node_capacity;
    wsp_pws_edge *edges;      // the strict form's edges (acyclic)
    uint32_t *edge_origin;    // per edge: the source edge whose target it reaches, or kNoNode
    uint32_t edge_capacity;
    wsp_pws_edge *back_edges; // loops: latch -> header, both normal-form nodes (source nodes)
    uint32_t *back_bound;     // per back edge: its loop's bound
    uint32_t back_capacity;   // at least the source's loop_count
    uint32_t node_count, edge_count, back_edge_count;
    NormalCounts counts;
};

// Node and edge capacities for a source of n nodes and m edges; false when they exceed the strict
// form's limits (WSP_PWS_MAX_NODES, WSP_PWS_MAX_EDGES).
bool normal_form_capacity(uint32_t n, uint32_t m, uint32_t *nodes, uint32_t *edges);
// Workspace bytes normalise() needs for a source of n nodes and m edges.
uint64_t normalise_workspace(uint32_t n, uint32_t m);

// Errors: WSP_ERR_NULL_ARGUMENT, WSP_ERR_RANGE (empty, too large, a bad loop annotation),
// WSP_ERR_CFG_EDGE (a dangling or duplicate edge), WSP_ERR_CFG_STRUCTURE (what no normalisation makes
// structured: irreducible flow, an edge into the middle of another branch, a switch, a loop left
// early), WSP_ERR_OVERFLOW (loop bounds multiplying beyond 2^32), workspace errors. An error about a
// node has field WSP_FIELD_CFG_NODE and diag.index the 1-based source node (0 for a node normalisation
// added, or a loop bound naming no node), about an edge WSP_FIELD_CFG_EDGE and diag.index the 1-based
// source edge; the message names nodes by label.
wsp_status normalise(const SourceCfg *source, void *workspace, size_t workspace_size, NormalForm *out,
                     wsp_diag *diag);

}  // namespace pws
}  // namespace wsp

#endif
