// A file that only grows by whole records: each append is one write(2) on an O_APPEND
// descriptor followed by fdatasync, so a match killed at any moment (kill -9, a power cut)
// leaves at most its last record half written, never two records interleaved or one lost
// after it was reported.
#pragma once

#include <cstdint>
#include <string>

namespace chuhe::match {

class AppendFile {
public:
    AppendFile() = default;
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;
    ~AppendFile();

    // Opens (creating) path for appending; false with the reason.
    bool open(const std::string& path, std::string* error);
    bool is_open() const { return fd_ >= 0; }
    // Appends text and waits until it is on disk; false with the system's reason.
    bool append(const std::string& text, std::string* error);
    // The file's size in bytes (-1 when it cannot be known).
    int64_t size() const;
    // Cuts the file to size bytes (a half-written last record); false with the reason.
    bool truncate(int64_t size, std::string* error);
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
};

}  // namespace chuhe::match
