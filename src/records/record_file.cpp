#include "records/record_file.h"

#include <fstream>
#include <sys/stat.h>
#include <sstream>

#include "records/pgn.h"
#include "records/xqf.h"

namespace chuhe {

bool read_file_bytes(const std::string& path, std::string& bytes, std::string* error) {
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (error) *error = "cannot read " + path + ": it is a directory";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error) *error = "cannot open " + path;
        return false;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) {
        if (error) *error = "cannot read " + path;
        return false;
    }
    bytes = std::move(ss).str();
    return true;
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
