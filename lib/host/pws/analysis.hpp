// The whole PWS analysis of a source graph on the host (issue 21): normalisation, then the kernel WCET
// with no splitting, with Select's split points (paper 001, Alg. 1) and with the optimal ones, side by
// side; loops through multiplicities (each node's WCET and each split counted as often as it runs),
// checked against IPET on request. Shared by `warpspan pws` and the benchmark.
#ifndef WSP_HOST_PWS_ANALYSIS_HPP
#define WSP_HOST_PWS_ANALYSIS_HPP

#include <stdint.h>

#include <string>
#include <vector>

#include "host/pws/graph.hpp"
#include "pws/pws.hpp"

namespace wsp {
namespace host {

enum class SplitChoice { kFile, kAll, kNone, kList, kOptimal };

struct PwsRequest {
    wsp_pws_params params{};
    uint8_t contexts_mode = pws::kContextsPaper;
    SplitChoice split = SplitChoice::kFile;
    std::vector<uint32_t> split_labels;  // kList: the branches marked (source labels)
    bool ipet = false;                   // re-derive the paths as IPET ILPs (lp_solve) and compare
    bool optimal = true;                 // compute the optimal column
};

// One way of splitting: its split points (per normal-form node), the edges Prune removes (per
// normal-form edge) and the kernel lemmas' numbers.
struct PwsColumn {
    std::vector<uint8_t> selected, removed;
    uint64_t pruned = 0, splits = 0;  // splits: |SB| counted with multiplicity
    uint32_t count = 0, contexts = 0;
    wsp_pws_wcet kernel{};
    double seconds = 0;
};

struct PwsResult {
    Normalised g;
    wsp_pws_paths paths{};  // Select's, on the weighted normal form
    uint64_t full = 0;      // the serialised path (with multiplicity)
    PwsColumn select, optimal;
    bool primary_optimal = false;  // --split optimal: the optimal column is the answer
    bool has_optimal = false;
    bool ipet_done = false;
    uint64_t ipet_full = 0, ipet_pruned = 0;
    double seconds_normalise = 0;
    const PwsColumn &primary() const { return primary_optimal ? optimal : select; }
};

struct PwsError {
    enum Kind { kInput, kUnavailable, kInternal } kind = kInput;
    std::string message;
    uint32_t node = pws::kNoNode;  // the source node the error is about, if any
};

bool analyse_graph(const SourceGraph &g, const PwsRequest &request, PwsResult &result, PwsError &error);

// Loops unrolled: the normal form with each loop's body repeated bound + 1 times (innermost first)
// and no back edges; split marks are copied. For checking the multiplicities (tests).
void unroll(const Normalised &g, std::vector<wsp_pws_node> &nodes, std::vector<wsp_pws_edge> &edges,
            std::vector<uint32_t> &origin);

}  // namespace host
}  // namespace wsp

#endif
