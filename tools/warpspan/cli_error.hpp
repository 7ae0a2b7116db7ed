// Errors of the command-line tool: a message for a person and the exit status that goes with it.
#ifndef WSP_CLI_ERROR_HPP
#define WSP_CLI_ERROR_HPP

#include <string>

#include "warpspan.h"

namespace wsp_cli {

enum Exit { kExitOk = 0, kExitInput = 1, kExitNotBuilt = 2, kExitInternal = 70 };

struct Error {
    Exit exit;
    std::string message;
};

// The error for a core call that failed inside a method: an internal one (a broken invariant) exits
// 70 and says so, any other exits 1; the message is the core's, or the status's description.
inline Error method_error(const char *method, wsp_status status, const wsp_diag &diag) {
    const bool internal = status == WSP_ERR_INTERNAL;
    return Error{internal ? kExitInternal : kExitInput,
                 std::string(internal ? "internal: " : "") + method + ": " +
                     (diag.message[0] ? diag.message : wsp_strerror(status))};
}

}  // namespace wsp_cli

#endif
