#include "protocol/output.h"

#include <iostream>
#include <mutex>

namespace chuhe {

void send_line(std::string_view line) {
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    std::cout << line << '\n' << std::flush;
}

}  // namespace chuhe
