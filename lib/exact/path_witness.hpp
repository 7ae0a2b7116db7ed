// Turns a path through the state graph into a pseudo-precedence string. Each step of the path says
// how many warps advance from each position; any warps standing there may be the ones (warps are
// identical), and the string lists the warps cycle by cycle. Decoding a string ordered by cycle
// reproduces the schedule it lists: by induction over the cycles, every instruction of cycle t finds
// all cycles between its warp's previous instruction and t full (the warp waited there in a
// work-conserving schedule, so its type or the scheduler limit was saturated by instructions of
// earlier cycles, already placed), and room in t.
#ifndef WSP_EXACT_PATH_WITNESS_HPP
#define WSP_EXACT_PATH_WITNESS_HPP

#include <stddef.h>
#include <stdint.h>

#include "exact/frame.hpp"

namespace wsp {

class PathWitness {
public:
    // `string` holds W*I ids, `position` W words of scratch.
    PathWitness(uint32_t *string, uint32_t *position, uint32_t warps)
        : string_(string), position_(position), warps_(warps) {
        for (uint32_t w = 0; w < warps; ++w) position_[w] = 0;
    }

    // Appends the warps that issue in the frame's current transition (one cycle).
    //
    // The lowest-numbered warps of a position advance, so positions never increase with the warp
    // number (true at the start; the first k warps of a position's run move up by one, behind warps
    // that stand higher). Hence the warps at a position form a run found by bisection, and a step
    // costs O(groups log W + issued) instead of O(groups W) (issue 18: the initial dive took seconds
    // at W = 65536). The string is the same as a scan from warp 1 would give.
    void step(const Frame &f) {
        // Highest positions first, so that a warp moved into a group's position in this cycle is
        // never picked again for that group.
        for (uint32_t g = f.groups(); g-- > 0;) {
            uint32_t left = f.advance(g);
            const uint32_t at = f.position(g);
            uint32_t lo = 0, hi = warps_;  // the first warp not above `at`
            while (lo < hi) {
                const uint32_t mid = lo + (hi - lo) / 2u;
                if (position_[mid] > at) lo = mid + 1u;
                else hi = mid;
            }
            for (uint32_t w = lo; w < warps_ && left > 0; ++w) {
                if (position_[w] != at) continue;
                string_[length_++] = w + 1u;
                ++position_[w];
                --left;
            }
        }
        ++cycles_;
    }

    size_t length() const { return length_; }
    uint32_t cycles() const { return cycles_; }

private:
    uint32_t *string_;
    uint32_t *position_;
    uint32_t warps_;
    size_t length_ = 0;
    uint32_t cycles_ = 0;
};

}  // namespace wsp

#endif
