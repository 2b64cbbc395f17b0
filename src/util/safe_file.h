// Writing a tool's output file safely: the output is replaced whole or not at all, and nothing
// but a regular file (or the tool's own temporary file) is ever removed or renamed over. A tool
// run as root once deleted /dev/full after a failed write; a rename over /dev/null would
// replace the device.
#pragma once

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

// Whether two paths name the same file (the same inode, or the same name once resolved when
// they do not exist yet).
bool same_file(const std::string& a, const std::string& b);

}  // namespace chuhe
