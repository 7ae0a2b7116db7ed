// What a path names, and whether it can be read or written, checked before any work starts so that a
// long analysis is never thrown away at the end for a typo in an output path.
#ifndef WSP_CLI_PATH_CHECK_HPP
#define WSP_CLI_PATH_CHECK_HPP

#include <string>

#include "failure.hpp"

namespace wsp_cli {

enum class PathKind {
    kMissing,
    kRegular,
    kDirectory,
    kStream,  // a character device or a FIFO (/dev/null, /dev/stdout, <(...)): read or written in place
    kOther,   // a socket or a block device
};

PathKind path_kind(const std::string &path);  // follows symbolic links

// The directory a file of `path` goes into: "." for "x.json", "/" for "/x".
std::string directory_of(const std::string &path);

// A file to read: a regular file or a stream. A missing file, a directory or another special file is
// an input error (exit 1) whose message says which; `origin` is the flag or operand ("--spec", "CONFIG").
bool check_input_path(const std::string &path, const std::string &origin, Failure &failure);

// A file to write: a stream is written in place; anything else must not be a directory, and its
// directory must exist and take a new file, which is tested by creating and removing one (access()
// says yes to root even where the file system is read-only); an existing file must be writable.
// Failures are I/O errors (exit 74) that name the path.
bool check_output_path(const std::string &path, const std::string &origin, Failure &failure);

}  // namespace wsp_cli

#endif
