#include "schedule/witness_check.hpp"

#include "schedule/schedule.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

struct CheckParts {
    size_t decode, cycles, validate;
    WorkspaceLayout layout;
};

CheckParts check_parts(const wsp_problem &p) {
    CheckParts c;
    c.decode = c.layout.add(decoder_layout(p));
    c.cycles = c.layout.add<uint32_t>(cells(p));
    c.validate = c.layout.add(validator_layout(p));
    return c;
}

wsp_status broken(wsp_diag *diag, const char *who, const char *what) {
    DiagScope scope(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE);
    scope.message.text("the ").text(who).text("'s witness ").text(what);
    return WSP_ERR_INTERNAL;
}

}  // namespace

WorkspaceLayout witness_check_layout(const wsp_problem &p) { return check_parts(p).layout; }

wsp_status check_witness(const wsp_problem &p, void *scratch, const uint32_t *witness, uint32_t makespan,
                         const char *who, wsp_diag *diag) {
    const CheckParts c = check_parts(p);
    uint32_t *cycles = carve<uint32_t>(scratch, c.cycles);
    uint32_t decoded = 0, validated = 0;
    if (decode(p, witness, WSP_FIELD_WITNESS, carve<uint8_t>(scratch, c.decode), nullptr, cycles, &decoded,
               nullptr) != WSP_OK ||
        decoded != makespan)
        return broken(diag, who, "does not decode to its makespan");
    if (validate(p, cycles, carve<uint8_t>(scratch, c.validate), &validated, nullptr) != WSP_OK ||
        validated != makespan)
        return broken(diag, who, "failed validation");
    return WSP_OK;
}

}  // namespace wsp
