// Beam search over the exact solver's state graph (exact/frame.hpp), guided by its proven bounds.
//
// Level d holds states at the start of cycle d + 1 (how many warps stand at each position). Every
// state of a level is expanded with all its work-conserving transitions; of the children, the level
// keeps the `width` distinct ones with the largest proven upper bound on their remaining cycles
// (exact/state_bound.hpp), ties broken by the mode's secondary key and then by a hash of the state
// mixed with the seed. A child whose bound cannot beat the best schedule known (depth + 1 + bound <=
// best) is dropped, so a beam ends early once no state can improve. A path from the root to a
// finished state is a work-conserving schedule of that many cycles; its pseudo-precedence string
// lists the warps cycle by cycle (exact/path_witness.hpp: decoding it reproduces the schedule).
//
// Why the bound guides well: at one depth all states have spent the same cycles, and the bound rewards
// what makes schedules long: work left (saturation bound) and a warp kept far behind while the others
// still have work to keep its type or the schedulers busy (last-warp bound). Measured: Voronoi W = 16
// (paper 003) reaches 175 with width 20, above the 170 the annealer had found.
//
// Memory (the caller's): every level's states (their keys, exact/state_table.hpp's format) and parent
// indices for the path back, up to the proven horizon; the children's selection heap and a hash set
// for distinct states. Nothing is allocated.
#ifndef WSP_LOWER_BEAM_HPP
#define WSP_LOWER_BEAM_HPP

#include <stddef.h>
#include <stdint.h>

#include "exact/frame.hpp"
#include "exact/state_bound.hpp"
#include "exact/state_table.hpp"
#include "lower/budget.hpp"
#include "model/problem.hpp"

namespace wsp {

class BeamSearch {
public:
    // Secondary keys after the bound: 0 = none (the hash alone), 1 = more work left first.
    static constexpr uint32_t kModes = 2;

    // Bytes for beams up to `width` states per level over levels 0 .. horizon.
    static uint64_t bytes(const wsp_problem &p, uint32_t horizon, uint32_t width);
    // The widest beam that fits in `bytes` (0 when not even width 1 does).
    static uint32_t width_for(const wsp_problem &p, uint32_t horizon, uint64_t bytes);

    // `storage` holds bytes(p, horizon, width), aligned.
    BeamSearch(const wsp_problem &p, uint32_t horizon, uint32_t width, void *storage);

    // One beam of at most the constructed width. Each child generated costs one unit of `budget`.
    // When it completes a schedule longer than `best`, writes its pseudo-precedence string (W*I ids)
    // to `out` and returns its makespan; otherwise returns 0. It stops as soon as a schedule reaches
    // `stop_at` (a proven upper bound). `*finished` says whether the beam ran to its end (false: out
    // of budget, cancelled, or stopped at stop_at).
    uint32_t run(uint32_t width, uint32_t mode, uint64_t seed, uint32_t best, uint32_t stop_at,
                 Budget &budget, uint32_t *out, bool *finished);

private:
    struct Level;
    void load(const uint32_t *key, Frame &f) const;
    uint32_t position(const uint32_t *key, uint32_t j) const;
    uint32_t *key_at(uint32_t level, uint32_t entry) const;
    void emit(uint32_t depth, uint32_t entry, uint32_t *out);
    bool better(uint32_t score_a, uint64_t tie_a, uint32_t score_b, uint64_t tie_b) const {
        return score_a > score_b || (score_a == score_b && tie_a > tie_b);
    }
    void sift_down(uint32_t at);
    void sift_up(uint32_t at);
    uint32_t find(const uint32_t *key, uint32_t hash, bool *found) const;
    void set_insert(uint32_t slot, uint32_t entry);
    void set_remove(uint32_t entry);
    void next_stamp();
    void offer(uint32_t parent, uint32_t ub, uint32_t mode, uint64_t seed);

    const wsp_problem &p_;
    uint32_t warps_, length_, horizon_, width_, groups_;
    KeyFormat key_;
    const uint32_t *suffix_;  // the state bound's suffix counts: work per type from each position
    StateBound bound_;
    Frame parent_, child_;
    uint32_t *keys_;      // (horizon + 1) * width keys
    uint32_t *parents_;   // (horizon + 1) * width parent indices
    uint32_t *sizes_;     // states per level
    // The next level's selection: a min-heap (worst kept state at the root) of entry indices, with
    // each entry's bound, tie key and hash.
    uint32_t *heap_, *score_, *hash_;
    uint64_t *tie_;
    // A hash set of the next level's entries: per slot a stamp (valid when equal to stamp_) and an
    // entry index (kTomb: removed, the probe goes on).
    uint32_t *set_stamp_, *set_entry_;
    uint32_t set_mask_, set_used_, stamp_;
    uint32_t next_level_, heap_size_, limit_;  // the level being filled, its entries, its width
    // Scratch for writing a path: entries per level, warp positions, warps per position.
    uint32_t *path_, *warp_position_, *count_parent_, *count_child_;
    uint32_t *key_scratch_;
};

}  // namespace wsp

#endif
