#include "util/workspace.hpp"

#include "util/diag.hpp"

static_assert(WSP_WORKSPACE_ALIGN == 8, "the messages below say 8 bytes");

namespace wsp {

size_t WorkspaceLayout::place(uint32_t size, uint64_t count) {
    const size_t here = static_cast<size_t>(at_);
    uint64_t n = 0;
    // at_ + n rounded up must stay below kOverflow: at_ + n + 7 <= kOverflow.
    if (overflowed() || __builtin_mul_overflow(count, size, &n) || n > kOverflow - 7u - at_)
        at_ = kOverflow;
    else
        at_ = align_workspace(at_ + n);
    return here;
}

void WorkspaceLayout::place_all(const PartSpec *parts, size_t count, const uint64_t *quantities,
                                size_t *offsets) {
    for (size_t k = 0; k < count; ++k) offsets[k] = place(parts[k].element_size, quantities[parts[k].quantity]);
}

namespace {

// A layout that overflowed or does not fit in size_t.
wsp_status too_large(wsp_diag *diag) {
    return fail(diag, WSP_ERR_OVERFLOW, WSP_FIELD_WORKSPACE, "the workspace size does not fit in size_t");
}

}  // namespace

wsp_status check_workspace(const void *workspace, size_t size, const WorkspaceLayout &needed,
                           wsp_diag *diag) {
    if (needed.size() == 0) return too_large(diag);  // every layout has a part
    if (workspace == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WORKSPACE, "no workspace");
    if (reinterpret_cast<uintptr_t>(workspace) % WSP_WORKSPACE_ALIGN != 0)
        return fail(diag, WSP_ERR_WORKSPACE_ALIGN, WSP_FIELD_WORKSPACE,
                    "the workspace is not aligned to 8 bytes");
    if (size < needed.size()) {
        DiagScope scope(diag, WSP_ERR_WORKSPACE_SIZE, WSP_FIELD_WORKSPACE);
        scope.message.text("the workspace holds ").number(size).text(" bytes but ").number(needed.size())
            .text(" are needed");
        return WSP_ERR_WORKSPACE_SIZE;
    }
    return WSP_OK;
}

wsp_status report_size(const WorkspaceLayout &layout, size_t *size, wsp_diag *diag) {
    *size = layout.size();
    return *size != 0 ? ok(diag) : too_large(diag);
}

}  // namespace wsp
