// libFuzzer target: UCCI command lines on an engine object.
#include "fuzz/protocol_driver.h"
#include "protocol/ucci.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    chuhe::fuzz::drive<chuhe::UcciProtocol>(data, size);
    return 0;
}
