#include "tools/convert.h"

#include <fstream>
#include <iostream>

#include "records/pgn.h"
#include "records/record_file.h"
#include "records/xqf.h"

namespace chuhe {

namespace {

const char* const USAGE =
    "usage: chuhe convert IN OUT [--format chinese|wxf|iccs|san] [--traditional]\n"
    "  IN   PGN (UTF-8 or GBK, xqbase or Western dialect) or XQF file\n"
    "  OUT  PGN file, or XQF file if its name ends in .xqf (one game); '-' writes to stdout\n"
    "  --format       PGN move notation: chinese (default), wxf, iccs (xqbase dialect) or\n"
    "                 san (Western dialect, [Variant \"xiangqi\"])\n"
    "  --traditional  Chinese moves in traditional characters (車馬進後)\n";

bool ends_with_xqf(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ext = path.substr(path.size() - 4);
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".xqf";
}

}  // namespace

int run_convert(const std::vector<std::string>& args) {
    std::vector<std::string> files;
    Notation notation = Notation::CHINESE;
    NotationStyle style;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--format" && i + 1 < args.size()) {
            if (!parse_notation_name(args[++i], &notation)) {
                std::cerr << "convert: unknown format '" << args[i] << "'\n" << USAGE;
                return 2;
            }
        } else if (args[i] == "--traditional") {
            style.traditional = true;
        } else if (args[i].size() > 1 && args[i][0] == '-' && args[i] != "-") {
            std::cerr << "convert: unknown option '" << args[i] << "'\n" << USAGE;
            return 2;
        } else {
            files.push_back(args[i]);
        }
    }
    if (files.size() != 2) {
        std::cerr << USAGE;
        return 2;
    }
    const std::string &in = files[0], &out = files[1];
    RecordFile records;
    std::string error;
    if (!read_record_file(in, records, &error)) {
        std::cerr << "convert: " << error << "\n";
        return 2;
    }
    for (const RecordError& e : records.errors) {
        std::cerr << in << ": game " << e.game;
        if (e.line) std::cerr << " (line " << e.line << ")";
        std::cerr << " skipped: " << e.message << "\n";
    }
    std::string text;
    if (ends_with_xqf(out)) {
        if (records.games.size() != 1) {
            std::cerr << "convert: an XQF file holds one game; " << in << " has "
                      << records.games.size() << " readable games\n";
            return 2;
        }
        std::string why;
        if (!xqf_can_store(records.games[0], &why)) {
            std::cerr << "convert: " << in << ": " << why << "\n";
            return 2;
        }
        text = write_xqf(records.games[0]);
        if (int nags = records.games[0].nag_count())
            std::cerr << "convert: XQF has no annotation glyphs: the game's " << nags
                      << " NAG(s) ($1 ! and the like) are not written\n";
    } else {
        for (size_t i = 0; i < records.games.size(); ++i) {
            if (i) text += "\n";
            text += write_pgn(records.games[i], notation, style);
        }
    }
    if (out == "-") {
        std::cout << text << std::flush;
        if (!std::cout) {
            std::cerr << "convert: cannot write to standard output\n";
            return 2;
        }
    } else {
        std::ofstream f(out, std::ios::binary);
        f << text;
        f.close();
        if (!f) {
            std::cerr << "convert: cannot write " << out << "\n";
            return 2;
        }
    }
    std::cerr << "convert: " << records.games.size() << " of " << records.gamesSeen
              << " games written to " << out << "\n";
    if (records.gamesSeen == 0) {
        std::cerr << "convert: " << in << " holds no game\n";
        return 1;
    }
    return records.errors.empty() ? 0 : 1;
}

}  // namespace chuhe
