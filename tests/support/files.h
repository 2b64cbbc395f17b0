// Files in tests: reading a whole one (results files, PGN, training records), and a name for a
// scratch file.
#pragma once

#include <string>

namespace chuhe::test {

// The bytes of the file at path ("" when it cannot be read).
std::string file_text(const std::string& path);

// A path in the test's temporary directory, "chuhe_TOPIC_PID_NAME": the process id keeps test
// runs in parallel (ctest -j) from sharing files.
std::string temp_path(const std::string& topic, const std::string& name);

}  // namespace chuhe::test
