// wsp_strerror and the version: always compiled, static strings only. (The stable identifiers of
// statuses and fields are in names.cpp, so that a program that needs only these links only these.)
#include "warpspan.h"

#define WSP_STR2(x) #x
#define WSP_STR(x) WSP_STR2(x)

extern "C" uint32_t wsp_version_number(void) { return WSP_VERSION_NUMBER; }

extern "C" const char *wsp_version(void) {
    return WSP_STR(WSP_VERSION_MAJOR) "." WSP_STR(WSP_VERSION_MINOR) "." WSP_STR(WSP_VERSION_PATCH);
}

// One short line each: the diag's message says what and where; these say which kind of error.
extern "C" const char *wsp_strerror(wsp_status status) {
    switch (status) {
        case WSP_OK: return "success";
        case WSP_ERR_NULL_ARGUMENT: return "a required pointer is NULL";
        case WSP_ERR_KERNEL_EMPTY: return "the kernel string holds no instruction";
        case WSP_ERR_KERNEL_CHARACTER: return "a kernel string character is not L, C, S, D, a digit or a space";
        case WSP_ERR_KERNEL_COUNT: return "a bad repeat count in the kernel string";
        case WSP_ERR_SIGMA: return "units / warp size is neither an integer nor 1/n";
        case WSP_ERR_RANGE: return "a value out of its range";
        case WSP_ERR_OVERFLOW: return "the problem is too large (an integer overflows)";
        case WSP_ERR_WORKSPACE_SIZE: return "the workspace is too small";
        case WSP_ERR_WORKSPACE_ALIGN: return "the workspace is not 8-byte aligned";
        case WSP_ERR_WITNESS_LENGTH: return "a string or buffer does not hold W*I warp ids";
        case WSP_ERR_WITNESS_WARP: return "a warp id outside 1..W";
        case WSP_ERR_WITNESS_COUNT: return "a warp id more than I times";
        case WSP_ERR_SCHEDULE_CYCLE: return "a schedule entry in cycle 0";
        case WSP_ERR_SCHEDULE_PRECEDENCE: return "the schedule breaks precedence within a warp";
        case WSP_ERR_SCHEDULE_CAPACITY: return "the schedule exceeds the capacity of a unit type";
        case WSP_ERR_SCHEDULE_SCHEDULERS: return "the schedule exceeds the scheduler limit";
        case WSP_ERR_SCHEDULE_WORK_CONSERVATION: return "the schedule is not work-conserving";
        case WSP_ERR_INTERNAL: return "internal error: a proven invariant failed (please report)";
        case WSP_ERR_INVALID_HANDLE: return "not a handle made by the matching init call";
        case WSP_ERR_UNAVAILABLE: return "not available in this build";
        case WSP_ERR_IO: return "a file could not be written or read";
        case WSP_ERR_SOLVER: return "the ILP solver failed";
        case WSP_ERR_CFG_EDGE: return "a CFG edge is dangling, a self-loop or a duplicate";
        case WSP_ERR_CFG_CYCLE: return "the CFG has a cycle";
        case WSP_ERR_CFG_STRUCTURE: return "the CFG is not structured as the call needs";
        case WSP_ERR_PTX: return "PTX the reader cannot use";
        case WSP_ERR_ALLOCATION: return "memory could not be allocated";
        case WSP_ERR_RESERVED: return "a reserved field is not zero";
    }
    return "unknown status";
}
