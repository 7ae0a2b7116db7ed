// Carving a caller's workspace into arrays, in one place per module so that the size query and the
// call agree: a layout function takes() each part's bytes and records its offset.
#ifndef WSP_PWS_CARVE_HPP
#define WSP_PWS_CARVE_HPP

#include <stdint.h>

#include "util/workspace.hpp"

// Keeps a big step out of its caller's frame, so that the deepest stack of a call is its deepest step,
// not the sum of all of them (make stack: at most 1 KiB per public call).
#if defined(__GNUC__)
#define WSP_PWS_NOINLINE __attribute__((noinline))
#else
#define WSP_PWS_NOINLINE
#endif

namespace wsp {
namespace pws {

struct Carver {
    uint64_t at = 0;
    // The offset of a new part of `count` elements of `size` bytes (64-bit arithmetic: a count
    // near 2^32 times a size cannot wrap).
    uint64_t take(uint64_t count, uint64_t size) {
        const uint64_t here = at;
        at = align_workspace(at + count * size);
        return here;
    }
};

template <typename T>
T *place(void *workspace, uint64_t offset) {
    return reinterpret_cast<T *>(static_cast<unsigned char *>(workspace) + offset);
}

// A Carver's total (a multiple of 8) as the WorkspaceLayout that check_workspace and report_size take.
inline WorkspaceLayout bytes_layout(uint64_t bytes) {
    WorkspaceLayout l;
    l.place(1, bytes);
    return l;
}

}  // namespace pws
}  // namespace wsp

#endif
