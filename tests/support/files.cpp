#include "support/files.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <unistd.h>

namespace chuhe::test {

std::string file_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string temp_path(const std::string& topic, const std::string& name) {
    return ::testing::TempDir() + "chuhe_" + topic + "_" + std::to_string(::getpid()) + "_" + name;
}

}  // namespace chuhe::test
