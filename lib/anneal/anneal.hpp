// wsp_anneal with a choice of decoding: incremental (what wsp_anneal does) or a plain full re-decode
// of every candidate, which the benchmark runs as its baseline in the same process.
#ifndef WSP_ANNEAL_ANNEAL_HPP
#define WSP_ANNEAL_ANNEAL_HPP

#include "warpspan.h"

namespace wsp {

wsp_status anneal(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                  size_t workspace_size, uint32_t *witness, size_t witness_length,
                  wsp_anneal_result *result, wsp_diag *diag, bool incremental);

}  // namespace wsp

#endif
