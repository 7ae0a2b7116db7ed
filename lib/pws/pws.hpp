// Paper 001 (PWS) inside the core: the wavefront analysis (cfg.cpp), the kernel lemmas (kernel.cpp),
// normalisation (normalise.hpp) and the optimal choice of split points (split.hpp).
#ifndef WSP_PWS_PWS_HPP
#define WSP_PWS_PWS_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {
namespace pws {

wsp_status workspace_size(const wsp_pws_cfg *cfg, size_t *size, wsp_diag *diag);
// The bytes wsp_pws_workspace_size reports for node_count nodes and edge_count edges (no checks), for
// the callers that lay out more memory around the analysis.
uint64_t workspace_needed(uint32_t node_count, uint32_t edge_count);
wsp_status analyse(const wsp_pws_cfg *cfg, uint32_t spsimds, void *workspace, size_t workspace_size,
                   uint8_t *selected, uint8_t *removed, uint64_t *worst_from, wsp_pws_paths *paths,
                   wsp_diag *diag);

// The structure of a strict CFG as cfg.cpp walks it, in a workspace of workspace_needed(n, m) bytes
// (the arrays point into it). A sequence is a chain of items: blocks and reconvergence nodes follow
// next[], a branch u is followed by rec[u]; u's paths are the sequences that start at p1[u] and p2[u].
struct Structure {
    uint32_t n, entry;
    const uint32_t *walk;  // every node, in walk order: a branch, its path 1, its BSB, its path 2, its join
    const uint32_t *next;  // block or reconvergence node -> next item of its sequence (none: 0xFFFFFFFF)
    const uint32_t *p1, *p2, *bsb, *rec;  // per branch (paths: 0xFFFFFFFF when empty)
    const uint32_t *ctx;   // per node: its sequence, Parent of Def. 4.1 (0 top level, b + 1 path 1 of
                           // branch b, BSB(b) + 1 path 2)
};
wsp_status structure(const wsp_pws_cfg *cfg, void *workspace, size_t workspace_size, Structure *out,
                     wsp_diag *diag);

// Eq. 2's count of SpSIMDs a wavefront holds: |SB| as the paper writes it, or the SWF contexts it
// really holds at once (docs/pws.md, "Counting contexts").
enum : uint8_t { kContextsPaper = 0, kContextsCount = 1 };

// What the kernel lemmas need from a wavefront: the worst SWF path, the serialised path, the split
// points (each counted as often as it runs: loops), the SWF contexts, and DWS's split count.
struct Wavefront {
    uint64_t pruned, full, splits, contexts, dws_splits;
};

// Lemma 5.1, Eq. 2, Def. 5.2-5.3, Lemmas 5.5 and 5.7 (kernel.cpp); wsp_pws_wcet_compute is this with
// kContextsPaper after checking the paths. Errors set the field codes wsp_pws_wcet_compute sets.
wsp_status kernel_times(const wsp_pws_params *params, const Wavefront &w, uint8_t contexts_mode,
                        wsp_pws_wcet *out, wsp_diag *diag);

}  // namespace pws
}  // namespace wsp

#endif
