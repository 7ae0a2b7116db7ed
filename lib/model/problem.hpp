// The normalised problem: what every method works on. It lives at the start of the caller's workspace,
// followed by the unit code of each normalised instruction and the normalised kernel as letters. It
// holds offsets, not pointers, so the workspace may be copied.
#ifndef WSP_MODEL_PROBLEM_HPP
#define WSP_MODEL_PROBLEM_HPP

#include <stdint.h>

#include "util/workspace.hpp"
#include "warpspan.h"

namespace wsp {
// Bytes of the header part: WSP_PROBLEM_WORKSPACE_SIZE(I) = 128 + 2I + 8 counts on it (the layout
// is this header and one part of 2I + 1 bytes, which takes at most 2I + 8).
constexpr uint32_t kProblemHeaderBytes = 128;
}  // namespace wsp

struct wsp_problem {
    uint32_t magic;
    uint32_t warps;       // W
    uint32_t length;      // I, of the normalised kernel
    uint32_t schedulers;  // 0 = no limit
    uint32_t sigma[WSP_UNIT_COUNT];
    uint32_t sigma_num[WSP_UNIT_COUNT];
    uint32_t sigma_den[WSP_UNIT_COUNT];
    uint32_t copies[WSP_UNIT_COUNT];
    uint32_t count[WSP_UNIT_COUNT];  // I_U

    const uint8_t *units() const {
        return reinterpret_cast<const uint8_t *>(this) + wsp::kProblemHeaderBytes;
    }
    const char *letters() const { return reinterpret_cast<const char *>(units() + length); }
};

namespace wsp {

constexpr uint32_t kProblemMagic = 0x77737031u;  // "wsp1"

// True when p is a problem made by wsp_problem_init (guards against stray pointers, not an attack).
inline bool valid(const wsp_problem *p) { return p != nullptr && p->magic == kProblemMagic; }

// The problem argument of every call that takes one: NULL is WSP_ERR_NULL_ARGUMENT, a handle not
// made by wsp_problem_init WSP_ERR_INVALID_HANDLE, both with field WSP_FIELD_PROBLEM.
wsp_status check_problem(const wsp_problem *p, wsp_diag *diag);

// W*I, the length of every pseudo-precedence string and schedule matrix of p.
inline uint64_t cells(const wsp_problem &p) { return uint64_t{p.warps} * p.length; }

// WSP_ERR_WITNESS_LENGTH with `field` and a message naming `what`, when length != W*I.
wsp_status check_length(const wsp_problem &p, uint64_t length, uint32_t field, const char *what,
                        wsp_diag *diag);

// The outputs of every call that returns a witness: the buffer of W*I warp ids and the result.
wsp_status check_outputs(const wsp_problem &p, const uint32_t *witness, uint64_t witness_length,
                         const void *result, wsp_diag *diag);

}  // namespace wsp

#endif
