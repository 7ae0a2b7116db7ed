// The one way the core lays out the caller's memory. A WorkspaceLayout places parts one after
// another, each at an offset that is a multiple of WSP_WORKSPACE_ALIGN and each rounded up to it,
// with every size computed in 64 bits and overflow remembered (never wrapped). The same layout
// function serves the size query and the call, so they cannot disagree; carve() turns an offset
// into a typed pointer. check_workspace() and report_size() are the two ends every public call uses.
//
// Bound used by every WSP_*_WORKSPACE_SIZE macro: a part of b bytes takes at most b + 7 bytes (and
// exactly b when b is a multiple of 8), so a layout of parts b_1 .. b_k takes at most
// sum b_j + 7k bytes.
#ifndef WSP_UTIL_WORKSPACE_HPP
#define WSP_UTIL_WORKSPACE_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// One part of a layout given as data: `quantity` indexes the caller's array of element counts, and
// every element takes `element_size` bytes. Long layouts are tables of these (less code than a call
// per part on a small target).
struct PartSpec {
    uint8_t quantity;
    uint8_t element_size;
};

// Offsets are returned as size_t: they are used only to carve a workspace that check_workspace
// accepted, whose size, and so every offset in it, fits in size_t.
class WorkspaceLayout {
public:
    // Adds a part of `count` elements of type T; returns its offset.
    template <typename T>
    __attribute__((always_inline)) size_t add(uint64_t count) {
        static_assert(alignof(T) <= WSP_WORKSPACE_ALIGN, "a part needs more than the workspace alignment");
        return place(sizeof(T), count);
    }

    // Adds a part that holds all of `inner` (another layout placed at its offset).
    size_t add(const WorkspaceLayout &inner) { return place(1, inner.at_); }

    // Adds a part of `count` elements of `size` bytes; returns its offset.
    size_t place(uint32_t size, uint64_t count);

    // Adds parts[0 .. count-1] in order, part k holding quantities[parts[k].quantity] elements;
    // offsets[k] receives its offset.
    void place_all(const PartSpec *parts, size_t count, const uint64_t *quantities, size_t *offsets);

    // Grows this layout to at least `other`'s size: memory that serves either, at different times.
    void cover(const WorkspaceLayout &other) {
        if (other.at_ > at_) at_ = other.at_;
    }

    // For a size computed outside (a count that does not fit in 64 bits).
    void mark_overflow() { at_ = kOverflow; }

    uint64_t bytes() const { return at_; }
    bool overflowed() const { return at_ == kOverflow; }
    // The size as size_t, or 0 when it overflowed or does not fit in this address space.
    size_t size() const {
        return overflowed() || at_ > static_cast<uint64_t>(static_cast<size_t>(-1)) ? 0 : static_cast<size_t>(at_);
    }

private:
    // An overflowed layout saturates here: never a real size, which is a multiple of 8.
    static constexpr uint64_t kOverflow = UINT64_MAX;
    uint64_t at_ = 0;
};

// n rounded up to a multiple of WSP_WORKSPACE_ALIGN (n must be below 2^64 - 8).
inline uint64_t align_workspace(uint64_t n) {
    return (n + WSP_WORKSPACE_ALIGN - 1u) / WSP_WORKSPACE_ALIGN * WSP_WORKSPACE_ALIGN;
}

// The part at `offset` of an aligned workspace as a T array.
template <typename T>
T *carve(void *workspace, size_t offset) {
    static_assert(alignof(T) <= WSP_WORKSPACE_ALIGN, "a part needs more than the workspace alignment");
    return reinterpret_cast<T *>(static_cast<unsigned char *>(workspace) + offset);
}

// The checks every call that takes caller memory makes, in this order: a layout that overflowed or
// does not fit in size_t (WSP_ERR_OVERFLOW), NULL (WSP_ERR_NULL_ARGUMENT), misalignment
// (WSP_ERR_WORKSPACE_ALIGN), a buffer smaller than the layout (WSP_ERR_WORKSPACE_SIZE); field
// WSP_FIELD_WORKSPACE.
wsp_status check_workspace(const void *workspace, size_t size, const WorkspaceLayout &needed,
                           wsp_diag *diag);

// The end of a size query: *size = the layout's bytes and WSP_OK, or *size = 0 and WSP_ERR_OVERFLOW
// (field WSP_FIELD_WORKSPACE) when it does not fit.
wsp_status report_size(const WorkspaceLayout &layout, size_t *size, wsp_diag *diag);

}  // namespace wsp

#endif
