#include "api_names.hpp"

namespace wsp_cli {
namespace {

// The names wsp_status_name() gives in 1.0: the enumerators in lower case, by value.
const char *const kStatusNames[] = {
    "ok", "null_argument", "kernel_empty", "kernel_character", "kernel_count", "sigma", "range",
    "overflow", "workspace_size", "workspace_align", "witness_length", "witness_warp", "witness_count",
    "schedule_cycle", "schedule_precedence", "schedule_capacity", "schedule_schedulers",
    "schedule_work_conservation", "internal", "invalid_handle", "unavailable", "io", "solver", "cfg_edge",
    "cfg_cycle", "cfg_structure", "ptx", "allocation", "reserved"};

struct FieldName {
    uint32_t code;
    const char *name;
};

// The field codes of 1.0 (WSP_FIELD_*) and the names wsp_field_name() gives them.
const FieldName kFieldNames[] = {
    {0, "none"}, {1, "kernel"}, {2, "warps"}, {3, "units"}, {4, "latency"}, {5, "warp_size"},
    {6, "schedulers"}, {7, "problem"}, {8, "workspace"}, {9, "output"}, {10, "reserved"},
    {16, "pseudo_precedence"}, {17, "schedule"}, {18, "witness"}, {32, "budget"}, {33, "initial"},
    {34, "policy"}, {35, "moves"}, {36, "window"}, {37, "temperature"}, {38, "iterations"},
    {39, "estimate_t"}, {40, "estimate_x"}, {48, "cfg_node"}, {49, "cfg_edge"}, {50, "spsimds"},
    {51, "pws_cus"}, {52, "pws_simds"}, {53, "pws_wf_contexts"}, {54, "pws_wf_size"},
    {55, "pws_workgroups"}, {56, "pws_wg_size"}, {57, "pws_costs"}, {58, "pws_paths"},
    {59, "pws_params"}, {64, "path"}, {65, "job"}, {66, "threads"}, {67, "seconds"},
    {68, "ilp_constraints"}, {69, "ipet_graph"}, {70, "ipet_loop"}, {71, "ptx"}, {72, "ptx_options"}};

}  // namespace

const char *status_name(int32_t status) {
    if (status < 0 || static_cast<size_t>(status) >= sizeof kStatusNames / sizeof kStatusNames[0])
        return "unknown";
    return kStatusNames[status];
}

const char *field_name(uint32_t field) {
    for (const FieldName &f : kFieldNames)
        if (f.code == field) return f.name;
    return "unknown";
}

// Before 1.0 a diag has one 1-based `position` and no field code: the field follows from the status,
// and the position is a column (kernel string) or an index (witness, CFG node).
DiagView diag_view(int32_t status, const wsp_diag &diag) {
    DiagView v;
    v.status = status;
    v.status_name = status_name(status);
    v.message = diag.message;
    const uint32_t position = static_cast<uint32_t>(diag.position);
    switch (status) {
        case WSP_OK: break;
        case WSP_ERR_KERNEL_EMPTY:
        case WSP_ERR_KERNEL_CHARACTER:
        case WSP_ERR_KERNEL_COUNT:
            v.field_name = field_name(1);
            v.column = position;
            break;
        case WSP_ERR_SIGMA: v.field_name = field_name(3); break;
        case WSP_ERR_WITNESS_LENGTH:
        case WSP_ERR_WITNESS_WARP:
        case WSP_ERR_WITNESS_COUNT:
            v.field_name = field_name(16);
            v.index = position;
            break;
        case WSP_ERR_SCHEDULE_CYCLE:
        case WSP_ERR_SCHEDULE_PRECEDENCE:
        case WSP_ERR_SCHEDULE_CAPACITY:
        case WSP_ERR_SCHEDULE_SCHEDULERS:
        case WSP_ERR_SCHEDULE_WORK_CONSERVATION: v.field_name = field_name(17); break;
        case WSP_ERR_CFG_EDGE:
        case WSP_ERR_CFG_CYCLE:
        case WSP_ERR_CFG_STRUCTURE:
            v.field_name = field_name(48);
            v.index = position;
            break;
        case WSP_ERR_PTX: v.field_name = field_name(71); break;
        default: v.index = position; break;
    }
    return v;
}

}  // namespace wsp_cli
