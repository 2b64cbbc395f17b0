#include "util/safe_file.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace chuhe {

namespace {

bool fail(std::string* error, const std::string& why) {
    if (error) *error = why;
    return false;
}

std::string directory_of(const std::string& path) {
    size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// A name beside path that nothing uses yet, opened with O_EXCL: the file is the caller's own,
// never a link or device someone left under that name. -1 with errno set on failure.
int create_temporary(const std::string& path, std::string& name) {
    static std::atomic<unsigned> counter{0};
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = path + ".tmp" + std::to_string(::getpid()) + "." + std::to_string(counter++);
        int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1;
}

bool write_all(int fd, const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC;
            return false;
        }
        done += size_t(n);
    }
    return true;
}

// A size in the unit it is given in: "1024 MB", "100 bytes".
std::string size_text(uint64_t bytes) {
    if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0) return std::to_string(bytes >> 20) + " MB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace

bool check_output_path(const std::string& path, std::string* error) {
    if (path.empty()) return fail(error, "no output file named");
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode))
            return fail(error, "'" + path + "' is a symbolic link: name the file it points to");
        if (!S_ISREG(st.st_mode)) return fail(error, "'" + path + "' exists and is not a regular file");
    } else if (errno != ENOENT) {
        return fail(error, "cannot use '" + path + "': " + std::strerror(errno));
    }
    std::string dir = directory_of(path);
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return fail(error, "cannot write '" + path + "': directory '" + dir + "' does not exist");
    if (::access(dir.c_str(), W_OK) != 0)
        return fail(error, "cannot write '" + path + "': directory '" + dir + "': " + std::strerror(errno));
    return true;
}

bool write_file_safely(const std::string& path, const std::string& bytes, std::string* error) {
    if (!check_output_path(path, error)) return false;
    std::string tmp;
    int fd = create_temporary(path, tmp);
    if (fd < 0) return fail(error, "cannot create a temporary file beside '" + path + "': " + std::strerror(errno));
    bool written = write_all(fd, bytes) && ::fsync(fd) == 0;
    int saved = errno;
    written = ::close(fd) == 0 && written;
    if (!written) {
        ::unlink(tmp.c_str());  // ours: created above with O_EXCL
        return fail(error, "cannot write '" + tmp + "': " + std::strerror(saved ? saved : errno));
    }
    // Checked again: the path may have changed while the bytes were written.
    std::string why;
    if (!check_output_path(path, &why) || ::rename(tmp.c_str(), path.c_str()) != 0) {
        if (why.empty()) why = "cannot replace '" + path + "': " + std::strerror(errno);
        ::unlink(tmp.c_str());
        return fail(error, why);
    }
    return true;
}

bool read_input_file(const std::string& path, std::string& bytes, std::string* error, uint64_t maxBytes) {
    auto refuse = [&](const struct stat& st) -> const char* {
        if (S_ISDIR(st.st_mode)) return "it is a directory";
        if (!S_ISREG(st.st_mode)) return "it is not a regular file";
        return nullptr;
    };
    struct stat st;
    // Before the open: opening a FIFO for reading blocks until someone writes to it.
    if (::stat(path.c_str(), &st) != 0) return fail(error, "cannot open " + path);
    if (const char* why = refuse(st)) return fail(error, "cannot read " + path + ": " + why);
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return fail(error, "cannot open " + path);
    // Again on what was opened: the name may have been swapped for a device meanwhile.
    const char* why = ::fstat(fd, &st) != 0 ? "cannot examine it" : refuse(st);
    std::string what = why ? why : "";
    std::string data;
    char chunk[1 << 16];
    while (what.empty()) {
        ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) what = std::strerror(errno);
        if (n <= 0) break;
        data.append(chunk, size_t(n));
        // Counted as it is read, not taken from the size: the file may grow while it is read.
        if (data.size() > maxBytes)
            what = "it is larger than " + size_text(maxBytes) + ", more than any such file holds";
    }
    ::close(fd);
    if (!what.empty()) return fail(error, "cannot read " + path + ": " + what);
    bytes = std::move(data);
    return true;
}

bool check_input_file(const std::string& path, std::string* error) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return fail(error, "cannot open " + path);
    if (S_ISDIR(st.st_mode)) return fail(error, "cannot read " + path + ": it is a directory");
    if (!S_ISREG(st.st_mode)) return fail(error, "cannot read " + path + ": it is not a regular file");
    return true;
}

std::string input_error_detail(const std::string& path, const std::string& error) {
    std::string prefix = "cannot read " + path + ": ";
    return error.rfind(prefix, 0) == 0 ? error.substr(prefix.size()) : "";
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    std::error_code ea, eb;
    auto ca = std::filesystem::weakly_canonical(a, ea), cb = std::filesystem::weakly_canonical(b, eb);
    return ea || eb ? a == b : ca == cb;
}

}  // namespace chuhe
