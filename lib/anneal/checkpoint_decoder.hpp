// Checkpointed decoding: the annealer's decoder for any pair of positions, the paper's uniform moves
// included (paper 003's section VII decodes from the first changed position; this decoder also stops
// as soon as the rest of the string is known to decode as before, and never rebuilds a prefix).
//
// The decoder of Fig. 4 (schedule/decoder.cpp) is a left-to-right pass whose state after position k
// is: the occupancy table, and per warp how many instructions it placed (next) and the cycle of the
// last one (last). Every K positions (a checkpoint) that state is stored for the current string.
//
// A candidate (positions a < b swapped) is decoded from the checkpoint at or before a: its state is
// restored, positions up to a-1 are replayed from their known cycles (no search), and positions a..
// are decoded. At each checkpoint after b the candidate's state is compared with the stored one;
// when they agree, positions from there on decode exactly as in the current string, so the candidate
// is done: its cycles differ in a..c-1 only, and its makespan is the larger of its own prefix and the
// current string's suffix maximum from c. The state that matters is smaller than the whole table:
//
// Relevant state (the re-join test). Let F be the smallest `last` over the warps with instructions
// left. Every later placement of such a warp w scans cycles from last[w]+1 >= F+1 on, and `last` only
// grows, so cells at cycles <= F are never read again. Two states with equal `next`, equal `last` for
// every unfinished warp and equal counts at every cycle > F therefore decode every suffix the same
// way (induction over the positions: each reads equal cells and changes both tables alike). After
// position b both strings have placed the same instructions per warp, so `next` agrees there; `last`
// of a finished warp only matters for the makespan, which is taken from the placements themselves.
// A checkpoint stores exactly that state: next, last, and the counts of cycles F+1 .. hmax (hmax = the
// largest cycle placed so far; all counts above it are zero).
//
// Checkpoints of the current string stay valid when a candidate is accepted except those strictly
// inside a..c-1, which the candidate's own decoding has just written into a second slot per
// checkpoint; accepting flips those slots. Rejecting costs nothing: the candidate is decoded in a
// scratch table.
//
// Every cycle the decoder chooses is at most the proven upper bound (decoder.cpp), which sizes the
// table; a placement beyond it is a broken invariant and is reported (makespan 0), never written.
#ifndef WSP_ANNEAL_CHECKPOINT_DECODER_HPP
#define WSP_ANNEAL_CHECKPOINT_DECODER_HPP

#include <stddef.h>
#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

class CheckpointDecoder {
public:
    // The spacing measured fastest: 2 sqrt(W*I), at least 8.
    static uint32_t default_spacing(const wsp_problem &p, uint32_t horizon);

    // Bytes for W*I positions, a table of `horizon` cycles and a checkpoint every `spacing`
    // positions (a multiple of WSP_WORKSPACE_ALIGN). spacing >= 1.
    static uint64_t bytes(const wsp_problem &p, uint32_t horizon, uint32_t spacing);

    // `storage` holds bytes(p, horizon, spacing), aligned.
    CheckpointDecoder(const wsp_problem &p, uint32_t horizon, uint32_t spacing, void *storage);

    // Decodes `string` (W*I warp ids, 1-based, each exactly I times) from scratch; returns its
    // makespan, or 0 when a placement would pass the horizon (a broken invariant).
    uint32_t reset(const uint32_t *string);

    // Decodes the current string with positions a < b swapped (they must hold different warps) and
    // returns its makespan (0: broken invariant). Then exactly one of accept() or reject() follows.
    uint32_t try_swap(uint32_t a, uint32_t b);
    void accept();
    void reject() {}

    uint32_t makespan() const { return makespan_; }
    uint32_t warp_at(uint32_t k) const { return string_[k]; }  // 0-based warp id
    void copy_string(uint32_t *out) const;                      // 1-based warp ids, W*I of them
    uint64_t decoded() const { return decoded_; }  // positions decoded or replayed, all candidates

    // The cycle of position k in the current string's schedule, and in the candidate's (between
    // try_swap and accept/reject).
    uint32_t current_cycle(uint32_t k) const { return cycle_[k]; }
    uint32_t candidate_cycle(uint32_t k) const {
        return k >= a_ && k < end_ ? cand_cycle_[k] : cycle_[k];
    }

    // For tests: fills the work table with noise now, and the cells at or below the frontier once
    // more right after the next restore. Nothing outside a restored checkpoint's window may be read,
    // so the next candidate must decode exactly as without it.
    void scramble(uint32_t noise);

private:
    struct Table;
    struct Slot;
    Table table() const;
    Slot slot(uint32_t checkpoint, uint32_t which) const;
    uint32_t restore(uint32_t checkpoint);  // returns the restored state's frontier
    void snapshot(uint32_t checkpoint, uint32_t which);
    bool same_as(uint32_t checkpoint) const;
    uint32_t frontier() const;
    void refresh_maxima(uint32_t from_block, uint32_t to_block);

    const uint8_t *units_;
    uint32_t cap_[WSP_UNIT_COUNT + 1];  // a count that blocks its cell; 0 = never blocks
    uint32_t warps_, length_, n_, horizon_, spacing_, checkpoints_;
    uint32_t words_;      // 64-bit words per bit set
    uint64_t slot_bytes_;

    // The current string (0-based warp ids), per position its instruction, cycle and unit.
    uint32_t *string_, *instr_, *cycle_;
    uint8_t *unit_;
    // The candidate's instruction and cycle per position, a_..end_-1.
    uint32_t *cand_instr_, *cand_cycle_;
    // Largest cycle per block of `spacing` positions, and from each block to the end.
    uint32_t *block_max_, *suffix_max_;
    // The work state: counts per cycle (four types and the total), a bit set per type and one for
    // the scheduler limit (bit t set: the count reached its cap), next and last per warp.
    uint16_t *count_;
    uint64_t *blocked_;
    uint32_t *next_, *last_;
    uint32_t high_;   // the largest cycle placed in the work state
    uint32_t dirty_;  // no cell of the work table above this cycle is non-zero
    // Checkpoints: two slots each, `current_` says which holds the current string's state.
    uint8_t *slots_;
    uint8_t *current_;

    uint32_t noise_;  // scramble(): noise for the cells below the next restored window; 0 = none
    uint32_t makespan_, candidate_makespan_;
    uint32_t a_, b_, end_;
    uint64_t decoded_;
};

}  // namespace wsp

#endif
