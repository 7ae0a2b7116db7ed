// The normalised problem: what every method works on. It lives at the start of the caller's workspace,
// followed by the unit code of each normalised instruction and the normalised kernel as letters. It
// holds offsets, not pointers, so the workspace may be copied.
#ifndef WSP_MODEL_PROBLEM_HPP
#define WSP_MODEL_PROBLEM_HPP

#include <stdint.h>

#include "warpspan.h"

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
        return reinterpret_cast<const uint8_t *>(this) + WSP_PROBLEM_HEADER_SIZE;
    }
    const char *letters() const { return reinterpret_cast<const char *>(units() + length); }
};

namespace wsp {

constexpr uint32_t kProblemMagic = 0x77737031u;  // "wsp1"

// True when p is a problem made by wsp_problem_init (guards against stray pointers, not an attack).
inline bool valid(const wsp_problem *p) { return p != nullptr && p->magic == kProblemMagic; }

// Workspace sizes are computed in 64 bits: on a 32-bit target they may not fit in size_t.
// workspace_bytes gives the size as size_t for the public size queries, 0 when it does not fit.
inline size_t workspace_bytes(uint64_t n) {
    return n > static_cast<uint64_t>(static_cast<size_t>(-1)) ? 0 : static_cast<size_t>(n);
}

// n rounded up to a multiple of WSP_WORKSPACE_ALIGN: how workspace layouts place their parts.
inline uint64_t align_workspace(uint64_t n) {
    return (n + WSP_WORKSPACE_ALIGN - 1u) / WSP_WORKSPACE_ALIGN * WSP_WORKSPACE_ALIGN;
}

// Workspace checks shared by every call that takes caller memory: NULL, alignment, a `needed` that
// does not fit in size_t (WSP_ERR_OVERFLOW), and a buffer smaller than `needed`.
wsp_status check_workspace(const void *workspace, size_t size, uint64_t needed, wsp_diag *diag);

}  // namespace wsp

#endif
