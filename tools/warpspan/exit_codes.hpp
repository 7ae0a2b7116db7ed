// The exit status of every warpspan command, in one table: the codes, their names and why each
// number was chosen. --help, the man page and docs/cli.md print this table.
#ifndef WSP_CLI_EXIT_CODES_HPP
#define WSP_CLI_EXIT_CODES_HPP

#include <cstddef>

namespace wsp_cli {

enum class ExitCode : int {
    kOk = 0,            // an exact result, or a valid bracket without --require-exact
    kInput = 1,         // an input the library or a reader rejects (kernel, file contents, witness)
    kUnavailable = 2,   // the method is not in this build (the ILP without lp_solve)
    kNotExact = 3,      // --require-exact, and the result is a bracket [lower, upper], lower < upper
    kUsage = 64,        // the command line itself is wrong (sysexits EX_USAGE)
    kInternal = 70,     // a proven invariant failed: a bug (sysexits EX_SOFTWARE)
    kMemory = 71,       // memory could not be allocated (sysexits EX_OSERR)
    kIo = 74,           // an output could not be written: disk full, unwritable path (EX_IOERR)
    kInterrupted = 130  // stopped by Ctrl-C (128 + SIGINT, as shells report it)
};

struct ExitCodeInfo {
    ExitCode code;
    const char *name;     // stable identifier, used in JSON ("usage", "io", ...)
    const char *meaning;  // one line for --help and the man page
    const char *why;      // why this number (docs/cli.md)
};

// Every exit code, ascending.
const ExitCodeInfo *exit_codes(size_t &count);
// The entry of `code` (every ExitCode has one).
const ExitCodeInfo &exit_code_info(ExitCode code);

}  // namespace wsp_cli

#endif
