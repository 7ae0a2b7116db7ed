// A state of the exact search and the work-conserving transitions out of it.
//
// Warps are identical, so the state at the start of a cycle is how many warps stand at each program
// position (the index of their next instruction; I = finished). A frame stores the occupied
// positions below I as groups, in increasing position order, and enumerates the transitions: how
// many warps of each group issue in this cycle.
//
// A transition is work-conserving and feasible exactly when (docs/model.md), with N_U the
// warps whose next instruction has type U and m_U = min(N_U, sigma_U), the per-type issue counts t_U
// satisfy either
//   - t_U = m_U for every U, when S = 0 or sum_U m_U <= S (nobody who could issue waits), or
//   - t_U <= m_U and sum_U t_U = S, when sum_U m_U > S (the scheduler limit is reached);
// and each t_U is split over the groups of type U with at most n_g warps from group g. Every
// transition issues at least one instruction, so the position sum grows and the state graph is
// acyclic. The enumeration visits each (t, split) exactly once, in lexicographic order.
#ifndef WSP_EXACT_FRAME_HPP
#define WSP_EXACT_FRAME_HPP

#include <stddef.h>
#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

struct FrameHeader {
    uint32_t groups;  // G: occupied positions below I
    uint32_t slot;    // the state's entry in the state table
    uint32_t ub;      // proven upper bound on the remaining cycles, when the frame was entered
    uint32_t best;    // 1 + the largest bound returned by a refuted child so far
    uint32_t phase;   // kFresh, kActive (a current transition), kDone
    uint32_t variable_targets;          // 1 when the scheduler limit binds: t varies
    uint32_t limit;                     // S
    uint32_t cap[WSP_UNIT_COUNT];       // m_U
    uint32_t target[WSP_UNIT_COUNT];    // t_U of the current transition
    uint32_t type_begin[WSP_UNIT_COUNT + 1];  // order[type_begin[U] .. type_begin[U+1]) has type U
    uint32_t work[WSP_UNIT_COUNT];  // instructions of each type the warps still have to issue
    uint32_t work_total;
};

// A frame is a header followed by four arrays of `max_groups` entries: position, count, advance
// (warps of the group that issue in the current transition) and order (group indices by type).
class Frame {
public:
    static constexpr uint32_t kFresh = 0, kActive = 1, kDone = 2;

    static size_t bytes(uint32_t max_groups) {
        return sizeof(FrameHeader) + 4u * sizeof(uint32_t) * static_cast<size_t>(max_groups);
    }

    Frame() = default;
    Frame(void *storage, uint32_t max_groups)
        : h_(static_cast<FrameHeader *>(storage)),
          pos_(reinterpret_cast<uint32_t *>(h_ + 1)),
          count_(pos_ + max_groups),
          adv_(count_ + max_groups),
          order_(adv_ + max_groups) {}

    FrameHeader &header() const { return *h_; }
    uint32_t groups() const { return h_->groups; }
    uint32_t position(uint32_t g) const { return pos_[g]; }
    uint32_t count(uint32_t g) const { return count_[g]; }
    uint32_t advance(uint32_t g) const { return adv_[g]; }

    // Sets group g (groups must end up in increasing position order; header().groups says how many
    // there are, and header().work the remaining work, which the caller keeps consistent).
    void set_group(uint32_t g, uint32_t position, uint32_t warps) {
        pos_[g] = position;
        count_[g] = warps;
    }

    // The initial state: all W warps at position 0.
    void set_initial(const wsp_problem &p);

    // The same state as `from` (groups and remaining work).
    void copy_state(const Frame &from);

    // Ready the transition enumeration for the groups now stored.
    void prepare(const wsp_problem &p);

    // Moves to the next transition (the first after prepare()); false when there are no more.
    bool next_transition();

    // Writes into `child` the state reached by the current transition; returns how many warps are
    // still unfinished there.
    uint32_t make_child(Frame &child, uint32_t length) const;

private:
    void first_split(int u);
    bool next_split(int u);

    FrameHeader *h_ = nullptr;
    uint32_t *pos_ = nullptr;
    uint32_t *count_ = nullptr;
    uint32_t *adv_ = nullptr;
    uint32_t *order_ = nullptr;
};

}  // namespace wsp

#endif
