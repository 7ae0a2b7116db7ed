// wsp_strerror and the version: always compiled, static strings only. (The stable identifiers of
// statuses and fields are in names.cpp, so that a program that needs only these links only these.)
#include "warpspan.h"

#define WSP_STR2(x) #x
#define WSP_STR(x) WSP_STR2(x)

extern "C" uint32_t wsp_version_number(void) { return WSP_VERSION_NUMBER; }

extern "C" const char *wsp_version(void) {
    return WSP_STR(WSP_VERSION_MAJOR) "." WSP_STR(WSP_VERSION_MINOR) "." WSP_STR(WSP_VERSION_PATCH);
}

// One short line each, in status order: the diag's message says what and where; these say which kind
// of error. Packed into one string (no pointer table), as wsp_status_name's identifiers are.
namespace {
const char kDescriptions[] =
    "success\0"  // WSP_OK
    "a required pointer is NULL\0"  // WSP_ERR_NULL_ARGUMENT
    "the kernel string holds no instruction\0"  // WSP_ERR_KERNEL_EMPTY
    "a kernel string character is not L, C, S, D, a digit or a space\0"  // WSP_ERR_KERNEL_CHARACTER
    "a bad repeat count in the kernel string\0"  // WSP_ERR_KERNEL_COUNT
    "units / warp size is neither an integer nor 1/n\0"  // WSP_ERR_SIGMA
    "a value out of its range\0"  // WSP_ERR_RANGE
    "the problem is too large (an integer overflows)\0"  // WSP_ERR_OVERFLOW
    "the workspace is too small\0"  // WSP_ERR_WORKSPACE_SIZE
    "the workspace is not 8-byte aligned\0"  // WSP_ERR_WORKSPACE_ALIGN
    "a string or buffer does not hold W*I warp ids\0"  // WSP_ERR_WITNESS_LENGTH
    "a warp id outside 1..W\0"  // WSP_ERR_WITNESS_WARP
    "a warp id more than I times\0"  // WSP_ERR_WITNESS_COUNT
    "a schedule entry in cycle 0\0"  // WSP_ERR_SCHEDULE_CYCLE
    "the schedule breaks precedence within a warp\0"  // WSP_ERR_SCHEDULE_PRECEDENCE
    "the schedule exceeds the capacity of a unit type\0"  // WSP_ERR_SCHEDULE_CAPACITY
    "the schedule exceeds the scheduler limit\0"  // WSP_ERR_SCHEDULE_SCHEDULERS
    "the schedule is not work-conserving\0"  // WSP_ERR_SCHEDULE_WORK_CONSERVATION
    "internal error: a proven invariant failed (please report)\0"  // WSP_ERR_INTERNAL
    "not a handle made by the matching init call\0"  // WSP_ERR_INVALID_HANDLE
    "not available in this build\0"  // WSP_ERR_UNAVAILABLE
    "a file could not be written or read\0"  // WSP_ERR_IO
    "the ILP solver failed\0"  // WSP_ERR_SOLVER
    "a CFG edge is dangling, a self-loop or a duplicate\0"  // WSP_ERR_CFG_EDGE
    "the CFG has a cycle\0"  // WSP_ERR_CFG_CYCLE
    "the CFG is not structured as the call needs\0"  // WSP_ERR_CFG_STRUCTURE
    "PTX the reader cannot use\0"  // WSP_ERR_PTX
    "memory could not be allocated\0"  // WSP_ERR_ALLOCATION
    "a reserved field is not zero\0"  // WSP_ERR_RESERVED
    ;
}  // namespace

extern "C" const char *wsp_strerror(wsp_status status) {
    if (status < 0 || status > WSP_STATUS_LAST) return "unknown status";
    const char *s = kDescriptions;
    for (wsp_status k = 0; k < status; ++k)
        while (*s++ != '\0') {
        }
    return s;
}
