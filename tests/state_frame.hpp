// Tests: a search state of the exact solver from a sorted list of warp positions (the exhaustive
// oracles of bounds_oracle.hpp enumerate states that way), so that a state bound can be evaluated on
// every state an oracle visits.
#ifndef WSP_TESTS_STATE_FRAME_HPP
#define WSP_TESTS_STATE_FRAME_HPP

#include <stdint.h>

#include "exact/frame.hpp"
#include "model/problem.hpp"

// Fills f (room for n groups) with the n warps at pos[0] <= pos[1] <= ... (each < I), grouped by
// position, and the header's remaining work per type and in all.
inline void load_state(wsp::Frame &f, const wsp_problem &p, const uint32_t *pos, uint32_t n) {
    wsp::FrameHeader &h = f.header();
    const uint32_t I = p.length;
    uint32_t groups = 0;
    for (int u = 0; u < 4; ++u) h.work[u] = 0;
    h.work_total = 0;
    for (uint32_t j = 0; j < n; ++j) {
        if (groups > 0 && f.position(groups - 1) == pos[j]) {
            f.set_group(groups - 1, pos[j], f.count(groups - 1) + 1);
        } else {
            f.set_group(groups++, pos[j], 1);
        }
        for (uint32_t i = pos[j]; i < I; ++i) ++h.work[p.units()[i]];
        h.work_total += I - pos[j];
    }
    h.groups = groups;
}

#endif
