// wsp_anneal_run with a choice of decoding, for the lower-bound search and the benchmark:
//   kIncremental  what wsp_anneal_run does (anneal/incremental.hpp, within WSP_ANNEAL_WORKSPACE_SIZE);
//   kFull         a plain full re-decode of every candidate (the benchmark's and the tests' reference);
//   kCheckpoint   checkpoints and early exit (anneal/checkpoint_decoder.hpp): more memory, cheaper
//                 for the paper's uniform moves.
// All three take identical decisions for a seed, so they end with the same result and witness.
#ifndef WSP_ANNEAL_ANNEAL_HPP
#define WSP_ANNEAL_ANNEAL_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

enum class Decoding { kIncremental, kFull, kCheckpoint };

// Workspace bytes for anneal() with `decoding` (64 bits; 0 for an invalid handle).
uint64_t anneal_bytes(const wsp_problem *p, Decoding decoding);

wsp_status anneal(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                  size_t workspace_size, uint32_t *witness, size_t witness_length,
                  wsp_anneal_result *result, wsp_diag *diag, Decoding decoding);

// The annealing loop alone with checkpointed decoding, for callers inside the core that check their
// arguments and the witness themselves (the lower-bound search): `witness` holds a valid initial
// string and receives the best; `ws` holds anneal_bytes(p, kCheckpoint); r.upper must be the proven
// bound `horizon` or below. The moves and decisions are wsp_anneal_run's for o.seed with o.initial set.
// False on a broken invariant.
bool anneal_loop(const wsp_problem &p, const wsp_anneal_options &o, uint32_t horizon, void *ws,
                 uint32_t *witness, wsp_anneal_result &r);

}  // namespace wsp

#endif
