#include "records/record_file.h"

#include "records/pgn.h"
#include "records/xqf.h"
#include "util/safe_file.h"

namespace chuhe {

bool read_file_bytes(const std::string& path, std::string& bytes, std::string* error) {
    return read_input_file(path, bytes, error);
}

bool read_record_file(const std::string& path, RecordFile& out, std::string* error) {
    std::string bytes;
    if (!read_file_bytes(path, bytes, error)) return false;
    out = {};
    if (looks_like_xqf(bytes)) {
        Game g;
        std::string why;
        out.gamesSeen = 1;
        if (read_xqf(bytes, g, &why)) {
            g.number = 1;
            out.games.push_back(std::move(g));
        } else {
            out.errors.push_back({1, 0, why});
        }
        return true;
    }
    PgnReadResult r = read_pgn(bytes);
    out.games = std::move(r.games);
    out.errors = std::move(r.errors);
    out.gamesSeen = r.gamesSeen;
    return true;
}

}  // namespace chuhe
