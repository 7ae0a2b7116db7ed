#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "interrupt.hpp"
#include "path_check.hpp"

namespace wsp_cli {
namespace {

std::string base_name(const std::string &path) {
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The mode a new file gets from open(2): 0666 less the umask; an existing file keeps its own.
mode_t file_mode(const std::string &path) {  // follows a symbolic link
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return st.st_mode & 07777;
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

}  // namespace

bool OutputFile::fail_with(const std::string &what, int error, Failure &failure) {
    failure = io_failure(origin_, "cannot write '" + path_ + "': " + what + (error ? std::string(": ") + std::strerror(error) : ""));
    abandon();
    return false;
}

bool OutputFile::open(const std::string &path, const std::string &origin, Failure &failure) {
    abandon();
    handed_over_ = false;
    path_ = path;
    origin_ = origin;
    if (!check_output_path(path, origin, failure)) return false;
    if (path_kind(path) == PathKind::kStream) {
        file_ = std::fopen(path.c_str(), "wb");
        if (!file_) return fail_with("cannot open it", errno, failure);
        return true;
    }
    // A symbolic link stays one: the temporary goes beside the file it points to, and replaces that.
    target_ = path;
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = ::realpath(path.c_str(), nullptr);
        if (real) target_ = real;
        std::free(real);
    }
    const std::string dir = directory_of(target_);
    // ".NAME.XXXXXX.EXT": the temporary keeps the extension, for writers that choose the format by it.
    const std::string base = base_name(target_);
    const size_t dot = base.rfind('.');
    const std::string extension = dot == std::string::npos || dot == 0 ? "" : base.substr(dot);
    temporary_ = (dir == "/" ? "" : dir) + "/." + base + ".XXXXXX" + extension;
    const int fd = ::mkstemps(&temporary_[0], static_cast<int>(extension.size()));
    if (fd < 0) {
        const int error = errno;
        temporary_.clear();
        return fail_with("cannot create a temporary file beside it", error, failure);
    }
    slot_ = register_temporary(temporary_);
    if (::fchmod(fd, file_mode(target_)) != 0 || !(file_ = ::fdopen(fd, "wb"))) {
        const int error = errno;
        if (!file_) ::close(fd);
        return fail_with("cannot set up the temporary file", error, failure);
    }
    return true;
}

bool OutputFile::write(const std::string &data, Failure &failure) {
    if (!file_) return fail_with("the file is not open", 0, failure);
    errno = 0;
    if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) return fail_with("write failed", errno, failure);
    return true;
}

std::string OutputFile::hand_over() {
    if (file_) std::fclose(file_);
    file_ = nullptr;
    handed_over_ = true;
    return temporary_.empty() ? path_ : temporary_;
}

bool OutputFile::commit(Failure &failure) {
    if (handed_over_ && !temporary_.empty()) {  // written by someone else: sync it here
        const int fd = ::open(temporary_.c_str(), O_RDONLY);
        if (fd < 0 || ::fsync(fd) != 0) {
            const int error = errno;
            if (fd >= 0) ::close(fd);
            return fail_with("sync failed", error, failure);
        }
        ::close(fd);
    } else if (!handed_over_) {
        if (!file_) return fail_with("the file is not open", 0, failure);
        errno = 0;
        if (std::fflush(file_) != 0) return fail_with("write failed", errno, failure);
        if (!temporary_.empty() && ::fsync(fileno(file_)) != 0) return fail_with("sync failed", errno, failure);
        std::FILE *f = file_;
        file_ = nullptr;
        if (std::fclose(f) != 0) return fail_with("close failed", errno, failure);
    }
    handed_over_ = false;
    if (!temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0)
        return fail_with("cannot rename '" + temporary_ + "' onto it", errno, failure);
    unregister_temporary(slot_);
    slot_ = -1;
    temporary_.clear();
    return true;
}

void OutputFile::abandon() {
    if (file_) std::fclose(file_);
    file_ = nullptr;
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
    temporary_.clear();
    unregister_temporary(slot_);
    slot_ = -1;
}

bool write_stream(std::FILE *stream, const std::string &data, const std::string &name, Failure &failure) {
    errno = 0;
    const bool ok = std::fwrite(data.data(), 1, data.size(), stream) == data.size() && std::fflush(stream) == 0;
    if (ok) return true;
    const int error = errno;
    failure = io_failure(name, "cannot write " + name + (error ? std::string(": ") + std::strerror(error) : ""));
    return false;
}

}  // namespace wsp_cli
