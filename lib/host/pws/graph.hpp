// PWS graphs on the host (issue 21): the two file formats (the text format and the CSV of the public
// PWS split-point solver), the normal form held in vectors, and the writers. Internal C++ interface,
// shared by `warpspan pws`, the tests and the benchmark; it allocates.
#ifndef WSP_HOST_PWS_GRAPH_HPP
#define WSP_HOST_PWS_GRAPH_HPP

#include <stdint.h>

#include <iosfwd>
#include <string>
#include <vector>

#include "pws/normalise.hpp"
#include "warpspan.h"

namespace wsp {
namespace host {

// A graph as a file or a compiler gives it: nodes with the flags of pws::SourceNode, edges (back edges
// of loops included), loop bounds.
struct SourceGraph {
    std::vector<pws::SourceNode> nodes;
    std::vector<wsp_pws_edge> edges;
    std::vector<pws::SourceLoop> loops;
    std::vector<unsigned> line;  // the file line of each node (0: not from a file)
    bool mark_all = false;       // no marks in the file (CSV): every branch is marked for splitting

    pws::SourceCfg view() const;
    // The 0-based node with this label, or pws::kNoNode.
    uint32_t find(uint32_t label) const;
};

// Text format, one item per line, `#` comments:
//   ID KIND WCET [split] [-> SUCC ...]   KIND: block, branch, bsb, reconv, or several joined by '+'
//   loop ID BOUND                         the back edge into ID is taken at most BOUND times per entry
// CSV (the PWS split-point solver's): `wcet,is_bsb_node,is_reconv_node,successors[,loop_bound]`, one
// row per basic block, an optional header row, successors `a;b` numbered from `base` (0 or 1); the CSV
// has no marks, so every branch is marked (mark_all). Errors are "NAME:LINE: what" in `error`.
bool read_graph_text(const std::string &name, std::istream &in, SourceGraph &g, std::string &error);
bool read_graph_csv(const std::string &name, std::istream &in, unsigned base, SourceGraph &g, std::string &error);
// By format "text" or "csv"; "" chooses by the extension (.csv).
bool read_graph_file(const std::string &path, const std::string &format, unsigned base, SourceGraph &g,
                     std::string &error);

void write_graph_text(const SourceGraph &g, std::ostream &out);
void write_graph_csv(const SourceGraph &g, std::ostream &out);  // rows from 0, header row

// The normal form (pws::NormalForm) in vectors.
struct Normalised {
    std::vector<wsp_pws_node> nodes;
    std::vector<uint8_t> made;
    std::vector<uint32_t> owner;
    std::vector<uint64_t> multiplicity;
    std::vector<wsp_pws_edge> edges;
    std::vector<uint32_t> edge_origin;
    std::vector<wsp_pws_edge> back_edges;
    std::vector<uint32_t> back_bound;
    pws::NormalCounts counts{};
    uint32_t source_nodes = 0;

    wsp_pws_cfg cfg() const;
    // A name for node v in reports: the source label, or what it was added for ("7.bsb", "7.rec", "exit").
    std::string name(uint32_t v) const;
};

wsp_status normalise_graph(const SourceGraph &g, Normalised &out, wsp_diag *diag);

// The normal form in the text format (`warpspan pws --explain`): source nodes keep their ids, added
// nodes get new ones after the largest; a comment on each line says what normalisation did. Read
// back, it gives the same analysis.
void write_normal_form(const SourceGraph &g, const Normalised &n, std::ostream &out);

}  // namespace host
}  // namespace wsp

#endif
