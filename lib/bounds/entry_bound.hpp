// The run-entry bound (docs/bounds.md, section 5c): for kernels of two unit types, one with sigma 1
// ("L") and one whose sigma equals the scheduler limit S = q >= 2 ("C"), whose C-runs that follow an
// L all have the same length l (a leading C-run at most l). From any state, if warp A issues last,
//
//     remaining cycles <= R_L + R_C / q + (q - 1) / q * C_A - c / q * N_A,
//
// R_U the remaining U instructions of all warps, C_A the remaining C instructions of A, N_A the
// C-runs the other warps still have to enter (one per L instruction followed by a C that they have
// yet to issue), c = (q - 1)(q + 2) / (2 (q + 1)) (9/5 for q = 4). The exact solver takes it for the
// warp furthest behind: both C_A and the entries a warp has left fall as it advances, so that warp
// gives the largest value.
//
// Proof (details in docs/bounds.md, 5c). (1) An identity: every cycle issues one L (exactly R_L such
// cycles, sigma_L = 1) or only C; a C-only cycle in which A does not issue has q C instructions of
// other warps (A is ready: its type is not saturated, so the scheduler is full). Hence
// T = R_L + R_C/q + (q-1)/q C_A - lambda/q with lambda = q (A's C issued in L cycles) + (the other
// warps' C instructions issued outside "C-only cycles without A"). (2) A relaxation: per cycle, with
// m other warps standing at C, work conservation forces lambda >= m when m < q, lambda = 0 only in a
// cycle where exactly q other warps issue C, lambda >= q - 1 otherwise, and entries happen only in
// L cycles, one per cycle. This is a one-player game on the multiset of the other warps' remaining
// C counts. (3) A potential on that game (a table over the multisets of at most q counts, all larger
// multisets sharing the largest value, 0) proves lambda >= c * N over every play; it is checked in
// exact arithmetic for every (q, l) this header accepts (tests/test_entry_bound.cpp, which rebuilds
// the potential by a longest-path computation and checks every move of the game).
#ifndef WSP_BOUNDS_ENTRY_BOUND_HPP
#define WSP_BOUNDS_ENTRY_BOUND_HPP

#include <stdint.h>

#include "model/problem.hpp"
#include "util/divide.hpp"

namespace wsp {

// The longest C-run length for which the potential of (3) is checked, for q = 2, 3, 4 (index q);
// 0: no certificate. The rate c is (q - 1)(q + 2) / (2 (q + 1)) for every q <= l <= the limit.
constexpr uint32_t kEntryMaxRun[5] = {0, 0, 40, 40, 24};

// c = num / den in units of 1/q cycle per entry: false when (q, l) has no checked certificate.
inline bool entry_rate(uint32_t q, uint32_t l, uint32_t *num, uint32_t *den) {
    if (q < 2 || q > 4 || l < q || l > kEntryMaxRun[q]) return false;
    *num = (q - 1u) * (q + 2u);
    *den = 2u * (q + 1u);
    return true;
}

// Whether a problem has the shape of the run-entry bound, and its parameters. Bytes, not words: it
// is a member of the solver's and the beam's state bound, on the Cortex-M4 stack (every value is at
// most 40: q <= 4, l <= 40, num <= 18, den <= 10).
struct EntryKernel {
    bool active = false;
    uint8_t l_type = 0, c_type = 0;  // the unit types playing L (sigma 1) and C (sigma S)
    uint8_t q = 0;                   // S = sigma of C
    uint8_t run = 0;                 // l: the length of every C-run entered from an L
    uint8_t num = 0, den = 1;        // the rate c = num / den (units of 1/q cycle per entry)
    uint8_t leading = 0;             // length of a C-run at position 0 (0: the kernel starts with L)
};

// Scans the normalised kernel once: O(I), no memory.
inline EntryKernel entry_kernel(const wsp_problem &p) {
    EntryKernel k;
    const uint32_t S = p.schedulers;
    if (S < 2) return k;
    int l_type = -1, c_type = -1, used = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (p.count[u] == 0) continue;
        ++used;
        if (p.sigma[u] == 1u && l_type < 0) l_type = u;
        else if (p.sigma[u] == S && c_type < 0) c_type = u;
        else return k;
    }
    if (used != 2 || l_type < 0 || c_type < 0) return k;
    const uint8_t *units = p.units();
    const uint32_t I = p.length;
    uint32_t run = 0, leading = 0;
    for (uint32_t i = 0; i < I;) {
        uint32_t j = i;
        while (j < I && units[j] == units[i]) ++j;
        if (units[i] == static_cast<uint8_t>(c_type)) {
            const uint32_t len = j - i;
            if (i == 0) {
                leading = len;
            } else if (run == 0) {
                run = len;
            } else if (run != len) {
                return k;
            }
        }
        i = j;
    }
    if (run == 0 || leading > run) return k;  // no C-run is ever entered, or a longer leading one
    uint32_t num = 0, den = 1;
    if (!entry_rate(S, run, &num, &den)) return k;  // bounds q <= 4 and run <= 40
    k.l_type = static_cast<uint8_t>(l_type);
    k.c_type = static_cast<uint8_t>(c_type);
    k.q = static_cast<uint8_t>(S);
    k.run = static_cast<uint8_t>(run);
    k.num = static_cast<uint8_t>(num);
    k.den = static_cast<uint8_t>(den);
    k.leading = static_cast<uint8_t>(leading);
    k.active = true;
    return k;
}

// The entries a warp has left, from the C instructions at its position and after (c_left) and whether
// it stands at a C: at an L every C-run after it is entered and has l instructions, c_left / l of
// them; at a C it first finishes the r = (c_left - 1) mod l + 1 of its own run (a leading run has at
// most l), then enters (c_left - 1) / l runs.
inline uint32_t entries_left(const EntryKernel &k, uint32_t c_left, bool at_c) {
    return (c_left - (at_c ? 1u : 0u)) / k.run;
}

// The bound from a state, for a last warp with `mine_c` C instructions left: `work_l`, `work_c` the
// remaining L and C instructions of all warps, `entries_others` the entries the other warps have
// left. Exact integer arithmetic (every count is below 2^31).
inline uint64_t entry_state_bound(const EntryKernel &k, uint64_t work_l, uint64_t work_c, uint64_t mine_c,
                                  uint64_t entries_others) {
    const uint64_t scale = uint64_t{k.q} * k.den;
    const uint64_t plus = k.den * (k.q * work_l + work_c + (k.q - 1u) * mine_c);
    const uint64_t minus = uint64_t{k.num} * entries_others;
    if (plus <= minus) return 0;
    const uint64_t d = plus - minus;
    // A 32-bit division where the value fits (every count of the exact solver does); never a 64-bit
    // one, which the Cortex-M4 would take from libgcc (scale = q den <= 40).
    return d <= UINT32_MAX ? static_cast<uint32_t>(d) / static_cast<uint32_t>(scale)
                           : divide_small(d, static_cast<uint32_t>(scale));
}

// The run-entry bound from the start (bound id WSP_BOUND_ENTRY): every warp at position 0, so any of
// them may be the last; UINT64_MAX when the kernel lacks the shape.
inline uint64_t entry_initial_bound(const wsp_problem &p) {
    const EntryKernel k = entry_kernel(p);
    if (!k.active) return UINT64_MAX;
    const uint64_t entries = entries_left(k, p.count[k.c_type], k.leading > 0);  // per warp
    const uint64_t W = p.warps;
    return entry_state_bound(k, W * p.count[k.l_type], W * p.count[k.c_type], p.count[k.c_type],
                             (W - 1u) * entries);
}

}  // namespace wsp

#endif
