#include "support/files.h"

#include <fstream>
#include <sstream>

namespace chuhe::test {

std::string file_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

}  // namespace chuhe::test
