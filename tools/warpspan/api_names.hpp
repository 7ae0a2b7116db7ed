// The one place where the CLI meets the names of the warpspan 1.0 API that the library on this branch
// does not have yet: the stable status and field names (wsp_status_name, wsp_field_name), the fields
// of a wsp_diag as 1.0 lays them out (field, line, column, index) and the stop reason a progress
// callback returns to cancel (WSP_STOP_CANCELLED). When the 1.0 API is merged, api_names.cpp calls
// the library instead of its own tables; nothing else changes.
#ifndef WSP_CLI_API_NAMES_HPP
#define WSP_CLI_API_NAMES_HPP

#include <cstdint>

#include "warpspan.h"

namespace wsp_cli {

// WSP_STOP_CANCELLED of the 1.0 API: what a progress callback returns to stop a run. (Before 1.0,
// any non-zero return cancels, so the same value works with both.)
constexpr uint32_t kStopCancelled = 4;

// wsp_status_name(): "ok", "range", "kernel_character", ...; "unknown" outside the known values.
const char *status_name(int32_t status);
// wsp_field_name(): "none", "kernel", "warps", ...; "unknown" for codes this version lacks.
const char *field_name(uint32_t field);

// A wsp_diag as 1.0 has it: what the error is about and where (0 where it does not apply).
struct DiagView {
    int32_t status = 0;
    const char *status_name = "ok";
    const char *field_name = "none";
    uint32_t line = 0, column = 0, index = 0;
    const char *message = "";
};

// The view of a diag filled by a library call that returned `status`.
DiagView diag_view(int32_t status, const wsp_diag &diag);

}  // namespace wsp_cli

#endif
