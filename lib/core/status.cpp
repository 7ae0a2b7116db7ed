// wsp_strerror and the version: always compiled, static strings only. (The stable identifiers of
// statuses and fields are in names.cpp, so that a program that needs only these links only these.)
#include "warpspan.h"

#define WSP_STR2(x) #x
#define WSP_STR(x) WSP_STR2(x)

extern "C" uint32_t wsp_version_number(void) { return WSP_VERSION_NUMBER; }

extern "C" const char *wsp_version(void) {
    return WSP_STR(WSP_VERSION_MAJOR) "." WSP_STR(WSP_VERSION_MINOR) "." WSP_STR(WSP_VERSION_PATCH);
}

extern "C" const char *wsp_strerror(wsp_status status) {
    switch (status) {
        case WSP_OK: return "success";
        case WSP_ERR_NULL_ARGUMENT: return "a required argument is NULL";
        case WSP_ERR_KERNEL_EMPTY: return "the kernel string holds no instruction";
        case WSP_ERR_KERNEL_CHARACTER: return "the kernel string holds a character other than L, C, S, D, digits and spaces";
        case WSP_ERR_KERNEL_COUNT: return "a repeat count in the kernel string is 0, too large or not after a letter";
        case WSP_ERR_SIGMA: return "units / warp size is neither a positive integer nor 1/n";
        case WSP_ERR_RANGE: return "a configuration value or the warp count is out of range";
        case WSP_ERR_OVERFLOW: return "the problem is too large: W*I or a cycle count overflows";
        case WSP_ERR_WORKSPACE_SIZE: return "the workspace is smaller than the size query requires";
        case WSP_ERR_WORKSPACE_ALIGN: return "the workspace is not aligned to WSP_WORKSPACE_ALIGN bytes";
        case WSP_ERR_WITNESS_LENGTH: return "the pseudo-precedence string does not hold W*I warp ids";
        case WSP_ERR_WITNESS_WARP: return "the pseudo-precedence string holds a warp id outside 1..W";
        case WSP_ERR_WITNESS_COUNT: return "the pseudo-precedence string holds a warp id more than I times";
        case WSP_ERR_SCHEDULE_CYCLE: return "the schedule places an instruction in cycle 0";
        case WSP_ERR_SCHEDULE_PRECEDENCE: return "the schedule breaks precedence within a warp";
        case WSP_ERR_SCHEDULE_CAPACITY: return "the schedule issues more instructions of a unit type than sigma allows";
        case WSP_ERR_SCHEDULE_SCHEDULERS: return "the schedule issues more instructions in a cycle than there are schedulers";
        case WSP_ERR_SCHEDULE_WORK_CONSERVATION: return "the schedule is not work-conserving";
        case WSP_ERR_INTERNAL: return "internal error: a proven invariant failed (please report)";
        case WSP_ERR_INVALID_HANDLE: return "the handle was not made by the matching init call";
        case WSP_ERR_UNAVAILABLE: return "not available in this build (the ILP needs lp_solve)";
        case WSP_ERR_IO: return "a file could not be written or read";
        case WSP_ERR_SOLVER: return "the ILP solver failed";
        case WSP_ERR_CFG_EDGE: return "a CFG edge leads to a missing node, to its own node, or repeats";
        case WSP_ERR_CFG_CYCLE: return "the CFG has a cycle (unroll loops first)";
        case WSP_ERR_CFG_STRUCTURE: return "the CFG is not structured: sequences and branches, each with its BSB and reconvergence node";
        case WSP_ERR_PTX: return "the PTX cannot be read: malformed, truncated, binary, or no such .entry";
        case WSP_ERR_ALLOCATION: return "memory could not be allocated";
        case WSP_ERR_RESERVED: return "a reserved field is not zero: the program expects a newer library";
    }
    return "unknown status";
}
