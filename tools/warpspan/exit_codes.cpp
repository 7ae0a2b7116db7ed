#include "exit_codes.hpp"

namespace wsp_cli {
namespace {

const ExitCodeInfo kExitCodes[] = {
    {ExitCode::kOk, "ok", "success: an exact result, or a valid bracket when --require-exact is not given",
     "the Unix convention for success; a bracket is a valid (safe) result, so it succeeds unless the caller "
     "asks for exactness"},
    {ExitCode::kInput, "input",
     "invalid input: a kernel string, configuration, graph, PTX, witness or input file that is rejected; "
     "also ipet when --timeout stopped it before a WCET",
     "kept from warpspan 0.x, where 1 meant invalid input"},
    {ExitCode::kUnavailable, "unavailable", "the method is not available in this build (the ILP needs lp_solve)",
     "kept from warpspan 0.x, where 2 meant a method not built"},
    {ExitCode::kNotExact, "not_exact",
     "--require-exact was given and the result is a bracket, not T(W) exactly (the bracket is still printed)",
     "a result with a caveat, not a failure (like diff's 1): the next small number after 0.x's codes"},
    {ExitCode::kUsage, "usage",
     "usage error: an unknown command or flag, a malformed or out-of-range flag value, a missing operand",
     "sysexits.h EX_USAGE"},
    {ExitCode::kInternal, "internal", "internal error: a proven invariant failed; please report it",
     "sysexits.h EX_SOFTWARE, kept from warpspan 0.x"},
    {ExitCode::kMemory, "memory",
     "out of memory: a workspace or the tool's own memory could not be allocated (e.g. --memory larger than the "
     "machine allows); nothing was computed",
     "sysexits.h EX_OSERR (an operating-system resource ran out), so that it is told apart from invalid input"},
    {ExitCode::kIo, "io", "I/O error: an output file or stdout could not be written (the message names it)",
     "sysexits.h EX_IOERR"},
    {ExitCode::kInterrupted, "interrupted",
     "interrupted by Ctrl-C (the first one still prints and saves the best result found so far)",
     "128 + SIGINT, what a shell reports for a process killed by Ctrl-C, so scripts stop their loops"},
};

}  // namespace

const ExitCodeInfo *exit_codes(size_t &count) {
    count = sizeof kExitCodes / sizeof kExitCodes[0];
    return kExitCodes;
}

const ExitCodeInfo &exit_code_info(ExitCode code) {
    for (const ExitCodeInfo &e : kExitCodes)
        if (e.code == code) return e;
    return kExitCodes[5];  // unreachable: every enumerator is in the table (tested)
}

}  // namespace wsp_cli
