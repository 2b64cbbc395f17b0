// libFuzzer target: UCI command lines on an engine object.
#include "fuzz/protocol_driver.h"
#include "protocol/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    chuhe::fuzz::drive<chuhe::UciProtocol>(data, size);
    return 0;
}
