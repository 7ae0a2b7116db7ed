// The stable identifiers of statuses and field codes (wsp_status_name, wsp_field_name): the
// lower-case names of the enumerators, for logs, JSON and tests. They never change once released.
// Packed into one string each (no pointer table), as they are linked into firmware that asks.
#include <stddef.h>

#include "warpspan.h"

namespace {

// The names of statuses 0 .. WSP_STATUS_LAST in order, each ended by a NUL.
const char kStatusNames[] =
    "ok\0"
    "null_argument\0"
    "kernel_empty\0"
    "kernel_character\0"
    "kernel_count\0"
    "sigma\0"
    "range\0"
    "overflow\0"
    "workspace_size\0"
    "workspace_align\0"
    "witness_length\0"
    "witness_warp\0"
    "witness_count\0"
    "schedule_cycle\0"
    "schedule_precedence\0"
    "schedule_capacity\0"
    "schedule_schedulers\0"
    "schedule_work_conservation\0"
    "internal\0"
    "invalid_handle\0"
    "unavailable\0"
    "io\0"
    "solver\0"
    "cfg_edge\0"
    "cfg_cycle\0"
    "cfg_structure\0"
    "ptx\0"
    "allocation\0"
    "reserved\0";

// The field codes are sparse: each entry is the code as one byte, then the name and a NUL.
const char kFieldNames[] =
    "\x00" "none\0"
    "\x01" "kernel\0"
    "\x02" "warps\0"
    "\x03" "units\0"
    "\x04" "latency\0"
    "\x05" "warp_size\0"
    "\x06" "schedulers\0"
    "\x07" "problem\0"
    "\x08" "workspace\0"
    "\x09" "output\0"
    "\x0a" "reserved\0"
    "\x10" "pseudo_precedence\0"
    "\x11" "schedule\0"
    "\x12" "witness\0"
    "\x20" "budget\0"
    "\x21" "initial\0"
    "\x22" "policy\0"
    "\x23" "moves\0"
    "\x24" "window\0"
    "\x25" "temperature\0"
    "\x26" "iterations\0"
    "\x27" "estimate_t\0"
    "\x28" "estimate_x\0"
    "\x29" "methods\0"
    "\x2a" "beam_width\0"
    "\x30" "cfg_node\0"
    "\x31" "cfg_edge\0"
    "\x32" "spsimds\0"
    "\x33" "pws_cus\0"
    "\x34" "pws_simds\0"
    "\x35" "pws_wf_contexts\0"
    "\x36" "pws_wf_size\0"
    "\x37" "pws_workgroups\0"
    "\x38" "pws_wg_size\0"
    "\x39" "pws_costs\0"
    "\x3a" "pws_paths\0"
    "\x3b" "pws_params\0"
    "\x40" "path\0"
    "\x41" "job\0"
    "\x42" "threads\0"
    "\x43" "seconds\0"
    "\x44" "ilp_constraints\0"
    "\x45" "ipet_graph\0"
    "\x46" "ipet_loop\0"
    "\x47" "ptx\0"
    "\x48" "ptx_options\0";

static_assert(WSP_FIELD_LAST < 0x100, "field codes no longer fit in a byte");

const char *skip(const char *s) {
    while (*s != '\0') ++s;
    return s + 1;
}

}  // namespace

extern "C" const char *wsp_status_name(wsp_status status) {
    if (status < 0 || status > WSP_STATUS_LAST) return "unknown";
    const char *s = kStatusNames;
    for (wsp_status k = 0; k < status; ++k) s = skip(s);
    return s;
}

extern "C" const char *wsp_field_name(uint32_t field) {
    for (const char *s = kFieldNames; s < kFieldNames + sizeof kFieldNames - 1; s = skip(s + 1))
        if (static_cast<unsigned char>(*s) == field) return s + 1;
    return "unknown";
}
