// Outputs that never lose a result and never leave half a file. An output file is opened before any
// work starts (so an unwritable path fails at once, not after an hour of search), written to a
// temporary file in the same directory and renamed onto its name on commit: the file appears whole or
// not at all, and an existing file keeps its old contents until then. A character device or FIFO
// (/dev/null, /dev/stdout) is written in place, and a symbolic link stays a link (the file it points to
// is replaced). Every write, the flush, fsync and the close are
// checked (ENOSPC, /dev/full); failures are I/O errors (exit 74) that name the path.
#ifndef WSP_CLI_OUTPUT_FILE_HPP
#define WSP_CLI_OUTPUT_FILE_HPP

#include <cstdio>
#include <string>

#include "failure.hpp"

namespace wsp_cli {

class OutputFile {
public:
    OutputFile() = default;
    ~OutputFile() { abandon(); }
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Checks the path (path_check.hpp) and creates the temporary ".NAME.XXXXXX.EXT" beside it; `origin` is
    // the flag that named it ("--svg", "-o").
    bool open(const std::string &path, const std::string &origin, Failure &failure);
    bool write(const std::string &data, Failure &failure);
    // For a writer that opens the file by name itself (wsp_host_ilp_write): closes this handle and
    // returns the name to write to (the temporary, or the path of a stream); commit() still renames.
    std::string hand_over();
    // Flushes, syncs and closes the temporary, then renames it onto the path.
    bool commit(Failure &failure);
    // Removes the temporary (nothing is renamed); the destructor does it for an uncommitted file.
    void abandon();

    bool is_open() const { return file_ != nullptr; }
    const std::string &path() const { return path_; }
    const std::string &temporary() const { return temporary_; }  // empty for a stream

private:
    bool fail_with(const std::string &what, int error, Failure &failure);

    std::string path_, origin_, temporary_;
    std::string target_;  // the file renamed onto: the path, or what a symbolic link there points to
    std::FILE *file_ = nullptr;
    bool handed_over_ = false;
    int slot_ = -1;
};

// Writes all of `data` to `stream` and flushes it; a short write or a failed flush is an I/O error
// naming `name` ("stdout"). Use it for stdout: `warpspan ... >/dev/full` fails with exit 74.
bool write_stream(std::FILE *stream, const std::string &data, const std::string &name, Failure &failure);

}  // namespace wsp_cli

#endif
