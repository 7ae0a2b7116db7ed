// The optimal choice of split points (issue 21): among the subsets SB of the marked branches P that
// paper 001's Select could return (at most S SWF contexts: the sequences that hold a split point),
// the one that minimises Lemma 5.5's kernel WCET, DS (d + worst SWF path + |SB| (e_s + e_m)) with
// DS from Eq. 2 and Def. 5.2-5.3. Exact, by dynamic programming over the branch tree (docs/pws.md).
//
// Internal C++ interface; allocation-free. Two calls, each with a scratch buffer of split_scratch(n, m)
// bytes: split_workspace() walks the structure and says how many bytes the tables need;
// split_optimal() takes the scratch and the tables.
#ifndef WSP_PWS_SPLIT_HPP
#define WSP_PWS_SPLIT_HPP

#include <stddef.h>
#include <stdint.h>

#include "pws/pws.hpp"

namespace wsp {
namespace pws {

struct SplitProblem {
    const wsp_pws_cfg *cfg;         // strict form; WCETs already multiplied by the multiplicity
    const uint64_t *multiplicity;   // per node, how often it runs (loops); NULL: once each. A split
                                    // point counts this often in |SB| (Lemma 5.1 on the unrolled CFG)
    const wsp_pws_params *params;   // S = params->spsimds, the objective's hardware and costs
    uint8_t contexts_mode;          // kContextsPaper or kContextsCount (Eq. 2)
};

struct SplitChoice {
    uint64_t pruned;     // the worst SWF path with the chosen split points
    uint64_t full;       // the serialised path
    uint64_t splits;     // |SB|, each split point counted as often as it runs
    uint32_t selected;   // split points chosen
    uint32_t contexts;   // SWF contexts they need (sequences holding one)
    wsp_pws_wcet kernel;
};

uint64_t split_scratch(uint32_t node_count, uint32_t edge_count);
wsp_status split_workspace(const SplitProblem &problem, void *scratch, size_t scratch_size, uint64_t *bytes,
                           wsp_diag *diag);
// selected[node_count] receives 1 for the chosen split points. Errors: those of wsp_pws_analyse's
// checks, of wsp_pws_wcet_compute's parameters, WSP_ERR_OVERFLOW, workspace errors.
wsp_status split_optimal(const SplitProblem &problem, void *scratch, size_t scratch_size, void *tables,
                         size_t tables_size, uint8_t *selected, SplitChoice *out, wsp_diag *diag);

}  // namespace pws
}  // namespace wsp

#endif
