#include "tools/book.h"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <sstream>

#include "book/book.h"
#include "book/builder.h"
#include "protocol/parse.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "util/position_text.h"
#include "util/safe_file.h"

namespace chuhe {

namespace {

const char* const USAGE =
    "usage: chuhe book build OUT RECORDS... [--plies N] [--min-games N] [--min-score S]\n"
    "       chuhe book probe FILE FEN|startpos\n"
    "  build  a book from PGN or XQF records ('-': PGN from standard input): positions\n"
    "         before ply N (default 20); moves played in at least N games (default 1)\n"
    "         whose mover scored at least S per cent, draws half (default 0)\n"
    "  probe  the book's moves for a position (FILE may be <built-in>)\n";

int fail(const std::string& message) {
    std::cerr << "chuhe book: " << message << "\n" << USAGE;
    return 2;
}

bool read_records(const std::string& path, RecordFile& out, std::string* error) {
    if (path != "-") return read_record_file(path, out, error);
    std::string bytes(std::istreambuf_iterator<char>(std::cin), {});
    PgnReadResult read = read_pgn(bytes);
    out.games = std::move(read.games);
    out.errors = std::move(read.errors);
    out.gamesSeen = read.gamesSeen;
    return true;
}

int run_build(const std::vector<std::string>& args) {
    std::vector<std::string> files;
    book::BuildOptions options;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            if (i + 1 >= args.size()) return fail(a + " needs a value");
            const std::string& v = args[++i];
            int64_t n = 0;
            if (!parse_number(v, a == "--plies" ? 1000 : a == "--min-score" ? 100 : 1 << 30, &n))
                return fail("bad value '" + v + "' for " + a);
            if (a == "--plies") options.plies = int(n);
            else if (a == "--min-games" && n >= 1) options.minGames = int(n);
            else if (a == "--min-score") options.minScore = double(n);
            else return fail("unknown option or bad value: " + a + " " + v);
        } else {
            files.push_back(a);
        }
    }
    if (files.size() < 2) return fail("build needs an output file and at least one record file");
    std::string error;
    if (!check_output_path(files[0], &error)) {  // before the records are read
        std::cerr << "chuhe book: " << error << "\n";
        return 2;
    }

    book::BookBuilder builder(options);
    int skipped = 0;
    for (size_t f = 1; f < files.size(); ++f) {
        RecordFile records;
        if (!read_records(files[f], records, &error)) return fail(error);
        for (const RecordError& e : records.errors)
            std::cerr << files[f] << ": game " << e.game << " (line " << e.line << ") unreadable: " << e.message << "\n";
        skipped += int(records.errors.size());
        int noResult = 0;
        for (const Game& g : records.games) {
            std::string why;
            if (builder.add(g, &why)) continue;
            ++skipped;
            if (why == "no result") ++noResult;
            else std::cerr << files[f] << ": game " << g.number << " skipped: " << why << "\n";
        }
        if (noResult) std::cerr << files[f] << ": " << noResult << " games without a result skipped\n";
    }
    std::vector<book::BookRecord> records = builder.records();
    std::string bytes = book::encode_book(records);
    if (!write_file_safely(files[0], bytes, &error)) {
        std::cerr << "chuhe book: " << error << "\n";
        return 1;
    }
    book::Book check;
    std::string why;
    check.read(bytes, &why);
    std::cout << "games " << builder.games() << " used, " << skipped << " skipped; positions "
              << check.positions() << ", moves " << records.size() << ", " << bytes.size() << " bytes\n";
    return 0;
}

int run_probe(const std::vector<std::string>& args) {
    if (args.size() < 2) return fail("probe needs a book file and a FEN");
    std::string fen;
    for (size_t i = 1; i < args.size(); ++i) fen += (i > 1 ? " " : "") + args[i];
    Position pos;
    std::string error;
    if (!set_position_text(pos, fen, &error)) return fail("bad FEN: " + error);
    book::Book b;
    if (!b.load(args[0], &error)) {
        std::cerr << "chuhe book: " << args[0] << ": " << error << "\n";
        return 1;
    }
    std::vector<book::BookMove> moves = b.probe(pos);
    if (moves.empty()) {
        std::cout << "not in book\n";
        return 0;
    }
    uint64_t total = 0;
    for (const book::BookMove& m : moves) total += m.weight();
    for (const book::BookMove& m : moves) {
        char line[160];
        double weight = total ? 100.0 * double(m.weight()) / double(total) : 0.0;
        if (m.stated)  // an ElephantEye book: a weight and no games
            std::snprintf(line, sizeof line, "%s value %u weight %.1f%%", Position::move_to_string(m.move).c_str(),
                          m.stated, weight);
        else
            std::snprintf(line, sizeof line, "%s games %llu won %u drawn %u lost %u score %.1f%% weight %.1f%%",
                          Position::move_to_string(m.move).c_str(), (unsigned long long)m.games(), m.wins,
                          m.draws, m.losses, m.score(), weight);
        std::cout << line << "\n";
    }
    return 0;
}

}  // namespace

int run_book(const std::vector<std::string>& args) {
    if (args.empty()) return fail("build or probe?");
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "build") return run_build(rest);
    if (args[0] == "probe") return run_probe(rest);
    return fail("unknown book command '" + args[0] + "'");
}

}  // namespace chuhe
