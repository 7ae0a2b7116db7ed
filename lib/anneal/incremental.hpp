// Incremental decoding (paper 003, section VII): the annealer's hot path.
//
// The decoder of Fig. 4 (schedule/decoder.cpp) places the instructions of a pseudo-precedence string
// left to right, each in the earliest cycle that precedence, its unit type's capacity and the
// scheduler limit allow. A neighbour that swaps positions a < b leaves positions 0..a-1 and their
// cycles (the paper's warp cycle string) unchanged, so only positions a.. are decoded again.
//
// The occupancy table holds the placements of a prefix 0..p-1 of the current string only. Before a
// candidate is decoded from a, p moves to a (adding or removing the placements in between: nothing
// when the annealer sweeps a forward one position per iteration); the candidate's placements are
// added while it is decoded and removed again afterwards. So a candidate costs the positions it
// decodes, not W*I.
//
// Early stop (new): the decoder's state after position k is the occupancy table, the cycle of each
// warp's last placed instruction, and how many instructions each warp has placed. From k >= b on the
// counts agree with the current string's, so when the table and every warp's last cycle agree too,
// positions k+1.. decode exactly as before: the candidate's schedule differs from the current one in
// positions a..k only, and its makespan is the current one (the cells a..k occupy are the same
// multiset, so the largest cycle is too). The differences are counted incrementally per cell
// (cycle, unit) and per warp, with per-candidate stamps so that nothing is cleared in between.
//
// Every cycle the decoder chooses is at most the proven upper bound (the argument in decoder.cpp),
// which sizes the table; a placement beyond it would be a broken invariant and is reported, never
// written.
#ifndef WSP_ANNEAL_INCREMENTAL_HPP
#define WSP_ANNEAL_INCREMENTAL_HPP

#include <stddef.h>
#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

class IncrementalDecoder {
public:
    // The workspace for W*I positions and a table of `horizon` cycles.
    static WorkspaceLayout layout(const wsp_problem &p, uint32_t horizon);
    static uint64_t bytes(const wsp_problem &p, uint32_t horizon) { return layout(p, horizon).bytes(); }

    // `storage` holds bytes(p, horizon), aligned. `incremental` false gives the plain method: every
    // candidate decoded from position 0 on a cleared table (the benchmark's baseline).
    IncrementalDecoder(const wsp_problem &p, uint32_t horizon, void *storage, bool incremental = true);

    // Decodes `string` (W*I warp ids, 1-based, each exactly I times) from scratch; returns its
    // makespan, or 0 when a placement would pass the horizon (a broken invariant).
    uint32_t reset(const uint32_t *string);

    // Decodes the current string with positions a < b swapped (they must hold different warps) and
    // returns its makespan (0: broken invariant). Then exactly one of accept() or reject() follows.
    uint32_t try_swap(uint32_t a, uint32_t b);
    void accept();
    void reject();

    uint32_t makespan() const { return makespan_; }
    uint32_t warp_at(uint32_t k) const { return string_[k]; }  // 0-based warp id
    void copy_string(uint32_t *out) const;                      // 1-based warp ids, W*I of them
    uint64_t decoded() const { return decoded_; }               // positions decoded, all candidates

private:
    struct Table;
    Table table() const;
    void clear_table();
    void move_prefix(uint32_t to);
    void remove_candidate();
    void next_stamp();

    const uint8_t *units_;  // unit of each normalised instruction
    uint32_t sigma_[WSP_UNIT_COUNT];
    uint32_t schedulers_;
    uint32_t warps_, length_, n_, horizon_;
    bool incremental_;

    // Current string, 0-based warp ids; instruction index and cycle per position; unit per position;
    // the largest cycle of positions 0..k.
    uint32_t *string_, *instr_, *cycle_, *prefix_max_;
    uint8_t *unit_;
    uint32_t *cycles_;  // cycles_[w * (I + 1) + i + 1]: the cycle of instruction i of warp w; 0 at i = -1
    // The candidate's instruction index and cycle for positions from_..end_-1.
    uint32_t *cand_instr_, *cand_cycle_;
    // Occupancy of positions 0..prefix_-1 (and of the candidate while it is decoded): per cycle the
    // count per unit type and in total; per unit type a bit per cycle, set when its count is sigma,
    // and one more set of bits for the scheduler limit.
    uint32_t *count_, *total_;
    uint64_t *blocked_;
    uint32_t words_;  // 64-bit words per unit type
    uint32_t prefix_;
    // Differences to the current string's decoding state (incremental mode).
    int32_t *delta_;
    uint32_t *delta_stamp_;
    uint32_t *last_, *last_stamp_;        // the candidate's last cycle per warp
    uint32_t *differs_, *differs_stamp_;  // whether a warp's last cycle differs
    uint32_t stamp_;

    uint32_t makespan_, candidate_makespan_;
    uint32_t a_, b_, from_, end_;
    uint64_t decoded_;
};

}  // namespace wsp

#endif
