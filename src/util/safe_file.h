// A tool's files handled safely. Outputs: replaced whole or not at all, and nothing but a
// regular file (or the tool's own temporary file) is ever removed or renamed over. A tool run
// as root once deleted /dev/full after a failed write; a rename over /dev/null would replace
// the device. Inputs: only a regular file of a bounded size is read, since a device named by
// mistake (/dev/zero, /dev/full) never ends and a FIFO may block for ever.
#pragma once

#include <cstdint>
#include <string>

namespace chuhe {

// Whether path can take a tool's output: it is a regular file or does not exist, and its
// directory exists and can be written. Tools call this before their work starts, so a bad path
// costs nothing; false with the reason.
bool check_output_path(const std::string& path, std::string* error);

// Writes bytes to a new temporary file beside path (created exclusively, so it is the tool's
// own), syncs it and renames it over path, which must pass check_output_path. On any failure
// the temporary file is removed, path is untouched, and *error says why.
bool write_file_safely(const std::string& path, const std::string& bytes, std::string* error);

// The most an input read whole (game records, a results file, an openings file) may hold:
// far beyond any real one, and still well inside the memory of a small machine.
constexpr uint64_t MAX_INPUT_FILE_BYTES = uint64_t(1) << 30;

// Reads the file at path whole into bytes: it must be a regular file (checked before it is
// opened, and again on the open descriptor) of at most maxBytes bytes. False with the reason:
// "cannot open PATH", "cannot read PATH: it is a directory", "... it is not a regular file",
// "... it is larger than N MB".
bool read_input_file(const std::string& path, std::string& bytes, std::string* error,
                     uint64_t maxBytes = MAX_INPUT_FILE_BYTES);

// For inputs read as a stream of any size (training records, tuning data): path must name a
// regular file (a device such as /dev/zero never ends, a FIFO blocks). False with the reason,
// worded as read_input_file's.
bool check_input_file(const std::string& path, std::string* error);

// The reason in read_input_file's error for path without the path ("it is a directory"), for
// callers that name the file themselves; "" when the file could not be opened.
std::string input_error_detail(const std::string& path, const std::string& error);

// Whether two paths name the same file (the same inode, or the same name once resolved when
// they do not exist yet).
bool same_file(const std::string& a, const std::string& b);

}  // namespace chuhe
