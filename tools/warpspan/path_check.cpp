#include "path_check.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace wsp_cli {

PathKind path_kind(const std::string &path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return PathKind::kMissing;
    if (S_ISREG(st.st_mode)) return PathKind::kRegular;
    if (S_ISDIR(st.st_mode)) return PathKind::kDirectory;
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return PathKind::kStream;
    return PathKind::kOther;
}

namespace {

// A character device worth reading: /dev/null (empty) or a terminal. Others (/dev/zero, /dev/urandom)
// never end and would be read until memory runs out.
bool readable_device(const std::string &path) {
    struct stat st, null_st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISCHR(st.st_mode)) return true;  // a FIFO: a pipe ends
    if (::stat("/dev/null", &null_st) == 0 && S_ISCHR(null_st.st_mode) && st.st_rdev == null_st.st_rdev) return true;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return true;  // access() below names the error
    const bool tty = ::isatty(fd) != 0;
    ::close(fd);
    return tty;
}

}  // namespace

std::string directory_of(const std::string &path) {
    const size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

bool check_input_path(const std::string &path, const std::string &origin, Failure &failure) {
    auto fail = [&](const std::string &why) {
        failure = cli_failure(ExitCode::kInput, origin, "cannot read '" + path + "': " + why, "path");
        return false;
    };
    if (path.empty()) return fail("empty file name");
    switch (path_kind(path)) {
        case PathKind::kRegular:
        case PathKind::kStream:
            if (::access(path.c_str(), R_OK) != 0) return fail(std::strerror(errno));
            if (!readable_device(path))
                return fail("it is a device that never ends (like /dev/zero), not a file; give a file or a pipe");
            return true;
        case PathKind::kMissing: return fail(std::strerror(errno ? errno : ENOENT));
        case PathKind::kDirectory: return fail("it is a directory, not a file");
        case PathKind::kOther: return fail("it is a socket or a device, not a file");
    }
    return fail("unknown file type");
}

bool check_output_path(const std::string &path, const std::string &origin, Failure &failure) {
    auto fail = [&](const std::string &why) {
        failure = io_failure(origin, "cannot write '" + path + "': " + why);
        return false;
    };
    if (path.empty()) return fail("empty file name");
    const PathKind kind = path_kind(path);
    if (kind == PathKind::kStream) return true;
    if (kind == PathKind::kDirectory || path.back() == '/') return fail("it is a directory, not a file");
    if (kind == PathKind::kOther) return fail("it is a socket or a device, not a file");
    const std::string dir = directory_of(path);
    const PathKind dir_kind = path_kind(dir);
    if (dir_kind == PathKind::kMissing) return fail("no such directory '" + dir + "'");
    if (dir_kind != PathKind::kDirectory) return fail("'" + dir + "' is not a directory");
    if (kind == PathKind::kRegular && ::access(path.c_str(), W_OK) != 0)
        return fail(std::string("the file is not writable (") + std::strerror(errno) + ")");
    std::string probe = (dir == "/" ? "" : dir) + "/.warpspan-probe-XXXXXX";
    const int fd = ::mkstemp(&probe[0]);
    if (fd < 0) return fail("cannot create a file in '" + dir + "' (" + std::strerror(errno) + ")");
    ::close(fd);
    ::unlink(probe.c_str());
    return true;
}

}  // namespace wsp_cli
