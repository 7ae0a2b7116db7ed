// Errors of the command-line tool: a message for a person and the exit status that goes with it.
#ifndef WSP_CLI_ERROR_HPP
#define WSP_CLI_ERROR_HPP

#include <string>

namespace wsp_cli {

enum Exit { kExitOk = 0, kExitInput = 1, kExitNotBuilt = 2, kExitInternal = 70 };

struct Error {
    Exit exit;
    std::string message;
};

}  // namespace wsp_cli

#endif
