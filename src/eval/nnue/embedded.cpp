// The default net, built into the binary: CMake passes the path of nets/default.nnue as
// CHUHE_DEFAULT_NET and the assembler includes the file's bytes as they are.
#include "eval/nnue/network.h"
#include "util/incbin.h"

#ifdef CHUHE_DEFAULT_NET
CHUHE_INCBIN(chuhe_embedded_net, CHUHE_DEFAULT_NET, 64);
#endif

namespace chuhe::nnue {

const Network* embedded_network() {
#ifdef CHUHE_DEFAULT_NET
    static const std::unique_ptr<Network> net = [] {
        std::string_view bytes(chuhe_embedded_net, size_t(chuhe_embedded_net_end - chuhe_embedded_net));
        return read_network(bytes, nullptr);
    }();
    return net.get();
#else
    return nullptr;
#endif
}

}  // namespace chuhe::nnue
