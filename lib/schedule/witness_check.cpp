#include "schedule/witness_check.hpp"

#include "schedule/workspace_sizes.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

struct CheckLayout {
    uint64_t decode, cycles, validate;
};

CheckLayout check_layout(const wsp_problem &p) {
    return CheckLayout{align_workspace(decoder_bytes(p)), align_workspace(4u * uint64_t{p.warps} * p.length),
                       align_workspace(validator_bytes(p))};
}

wsp_status broken(wsp_diag *diag, const char *who, const char *what) {
    DiagScope scope(diag, WSP_ERR_INTERNAL);
    scope.message.text("the ").text(who).text("'s witness ").text(what);
    return WSP_ERR_INTERNAL;
}

}  // namespace

uint64_t witness_check_bytes(const wsp_problem &p) {
    const CheckLayout l = check_layout(p);
    return l.decode + l.cycles + l.validate;
}

wsp_status check_witness(const wsp_problem &p, void *scratch, const uint32_t *witness, size_t length,
                         uint32_t makespan, const char *who, wsp_diag *diag) {
    const CheckLayout l = check_layout(p);
    uint8_t *decode_ws = static_cast<uint8_t *>(scratch);
    uint32_t *cycles = reinterpret_cast<uint32_t *>(decode_ws + l.decode);
    uint8_t *validate_ws = decode_ws + l.decode + l.cycles;
    uint32_t decoded = 0, validated = 0;
    if (wsp_decode(&p, witness, length, decode_ws, static_cast<size_t>(l.decode), nullptr, cycles,
                   &decoded, nullptr) != WSP_OK ||
        decoded != makespan)
        return broken(diag, who, "does not decode to its makespan");
    if (wsp_validate_schedule(&p, cycles, length, validate_ws, static_cast<size_t>(l.validate),
                              &validated, nullptr) != WSP_OK ||
        validated != makespan)
        return broken(diag, who, "failed validation");
    return WSP_OK;
}

}  // namespace wsp
