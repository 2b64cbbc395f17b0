#include "support/fen.h"

#include <cctype>
#include <vector>

namespace chuhe::test {

std::string colour_flipped_fen(const std::string& fen) {
    std::string board = fen.substr(0, fen.find(' '));
    std::vector<std::string> ranks;
    for (size_t at = 0;;) {
        size_t slash = board.find('/', at);
        ranks.push_back(board.substr(at, slash - at));
        if (slash == std::string::npos) break;
        at = slash + 1;
    }
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        for (char c : *it) out += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
        out += '/';
    }
    out.pop_back();
    char side = fen[fen.find(' ') + 1] == 'w' ? 'b' : 'w';
    return out + ' ' + side + " - - 0 1";
}

std::string mirrored_fen(const std::string& fen) {
    std::string board = fen.substr(0, fen.find(' ')), out, rank;
    for (size_t i = 0; i <= board.size(); ++i) {
        if (i == board.size() || board[i] == '/') {
            out += std::string(rank.rbegin(), rank.rend());
            if (i < board.size()) out += '/';
            rank.clear();
        } else {
            rank += board[i];
        }
    }
    return out + fen.substr(fen.find(' '));
}

}  // namespace chuhe::test
