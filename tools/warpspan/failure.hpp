// Errors as data: what went wrong (the library's status name or the CLI's own), what input it is
// about (the library's field name), where (line, column, index; the flag or file:line it came from),
// a message for a person, and the exit code. Rendered as one line on stderr, or with --json as one
// JSON object on stdout:
//   {"tool": "warpspan", "version": "1.1.0", "schema": 1,
//    "error": {"status": "range", "field": "warps", "line": 0, "column": 0, "index": 0,
//              "message": "...", "origin": "--warps"},
//    "exit": 64}
#ifndef WSP_CLI_FAILURE_HPP
#define WSP_CLI_FAILURE_HPP

#include <cstdint>
#include <cstdio>
#include <string>

#include "exit_codes.hpp"
#include "json_writer.hpp"
#include "warpspan.h"

namespace wsp_cli {

struct Failure {
    ExitCode exit = ExitCode::kInternal;
    // wsp_status_name() of a library status ("kernel_character", "range", ...), or for the CLI's own
    // errors the exit code's name ("usage", "io", "not_exact", "interrupted").
    std::string status = "internal";
    std::string field = "none";  // wsp_field_name(): the input the error is about
    uint32_t line = 0, column = 0, index = 0;  // 1-based; 0 where it does not apply
    std::string origin;   // where the value came from: "--warps", "voronoi.cfg:4", "out.json"
    std::string message;  // one line for a person, not repeating the origin; not for parsing
};

// The CLI's own errors: status is the exit code's name.
Failure cli_failure(ExitCode exit, const std::string &origin, const std::string &message,
                    const std::string &field = "none");
Failure usage_failure(const std::string &origin, const std::string &message, const std::string &field = "none");
Failure io_failure(const std::string &path, const std::string &message);

// A library call that returned `status` with `diag`; `origin` says which input it was given (a flag
// or a file). The exit code follows from the status: internal, unavailable (no lp_solve), io, else
// input.
Failure library_failure(int32_t status, const wsp_diag &diag, const std::string &origin);

// "warpspan: error: ORIGIN: MESSAGE", or without "ORIGIN: " when there is none (no newline).
std::string failure_text(const Failure &failure);
// The JSON object above.
std::string failure_json(const Failure &failure, JsonWriter::Style style = JsonWriter::Style::kPretty);

// Prints the failure (JSON on `out` when `json`, else the text line on `err`; the text line also when
// the JSON cannot be written) and returns its exit code as an int for main().
int report_failure(const Failure &failure, bool json, std::FILE *out = stdout, std::FILE *err = stderr);

}  // namespace wsp_cli

#endif
