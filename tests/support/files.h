// Reading a whole file from a test (results files, PGN, training records).
#pragma once

#include <string>

namespace chuhe::test {

// The bytes of the file at path ("" when it cannot be read).
std::string file_text(const std::string& path);

}  // namespace chuhe::test
