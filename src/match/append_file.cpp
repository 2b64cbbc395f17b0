#include "match/append_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace chuhe::match {

namespace {

bool fail(std::string* error, const std::string& what, const std::string& path) {
    if (error) *error = what + " '" + path + "': " + std::strerror(errno);
    return false;
}

}  // namespace

AppendFile::~AppendFile() {
    if (fd_ >= 0) ::close(fd_);
}

bool AppendFile::open(const std::string& path, std::string* error) {
    if (fd_ >= 0) ::close(fd_);
    path_ = path;
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    return fd_ >= 0 || fail(error, "cannot open", path);
}

bool AppendFile::append(const std::string& text, std::string* error) {
    // A regular file takes the whole buffer in one write unless the disk is full or a signal
    // interrupts it; the loop finishes such a short write instead of losing the rest.
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += size_t(n);
    }
    if (done == text.size() && ::fdatasync(fd_) == 0) return true;
    if (error) *error = std::strerror(errno);
    return false;
}

int64_t AppendFile::size() const {
    struct stat st;
    return fd_ >= 0 && ::fstat(fd_, &st) == 0 ? int64_t(st.st_size) : -1;
}

bool AppendFile::truncate(int64_t size, std::string* error) {
    return ::ftruncate(fd_, off_t(size)) == 0 || fail(error, "cannot truncate", path_);
}

}  // namespace chuhe::match
