// The results file of a match (-resultsout): JSON lines, the first a header that identifies the
// match configuration (everything that decides which games are played and how: engines, time
// controls, schedule, openings, seed, adjudication; not the shard, the concurrency or the
// output files), then one line per finished game, appended whole as each game ends. Shards of
// one match carry equal configurations, so `chuhe match merge` can tell them from shards of
// another; a kill -9 leaves at most a half-written last line, which readers drop.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "match/tournament.h"
#include "util/json.h"

namespace chuhe::match {

constexpr const char* RESULTS_FORMAT = "chuhe-match-results";

// One finished game as the results file holds it.
struct FinishedGame {
    int64_t number = 0;  // 1-based schedule index (the PGN's Round is ROUND.NUMBER)
    int round = 0;
    int red = 0, black = 0;  // engine indices
    std::string redName, blackName;
    int opening = -1;        // index into the (ordered) openings, -1: the start position
    int64_t pairId = -1;     // -repeat pairs share it
    std::string fen;         // the game's start position
    std::vector<std::string> moves;  // ICCS, from fen, the opening's moves first
    int bookMoves = 0;
    std::string result, termination;
    int64_t pgnEnd = -1;  // size of the PGN file once this game was written (-1: no PGN file)
};

// What identifies the match (the header's "config").
Json match_config(const TournamentSettings& s);
// The header line (with its newline). pgnStart: the PGN file's size before the match (-1: none).
std::string results_header(const TournamentSettings& s, int64_t scheduleSize, int64_t pgnStart);
FinishedGame finished_game(const ScheduledGame& g, const GameResult& r, const TournamentSettings& s);
// One game's line (with its newline).
std::string results_line(const FinishedGame& g);

struct ResultsFile {
    bool hasHeader = false;
    Json config;
    std::vector<std::string> engines;  // names, from the configuration
    std::string shard;                 // "I/N"
    int64_t scheduleSize = 0;
    int64_t pgnStart = -1;
    std::vector<FinishedGame> games;
    int64_t completeBytes = 0;  // where the whole lines end (a half-written last line starts there)
};

// Reads a results file. A last line without its newline (a write cut short) is dropped; any
// other line that is not what the runner writes is an error naming the file and line, as are
// two lines for the same game. A missing file is an error, and so is one that is no regular
// file or is larger than MAX_INPUT_FILE_BYTES; an empty one has no header.
bool read_results_file(const std::string& path, ResultsFile& out, std::string* error);
// The same for the text of a results file; name stands for the file in error messages.
bool parse_results(const std::string& text, const std::string& name, ResultsFile& out, std::string* error);

// Whether pgn (the bytes of a PGN file) is the one the results file describes: between
// pgn_start and each game's pgn_end lies exactly that game (its Round tag ROUND.GAME, start
// position, moves and result), and after the last one only games of this match (its engines)
// that the results file lacks: one written before a kill, or a results file cut back by hand. A resume cuts the PGN file back only then: cut to another match's
// pgn_end, a PGN file of its own would lose its games. false with the reason.
bool pgn_matches_results(const std::string& pgn, const ResultsFile& results, std::string* error);

}  // namespace chuhe::match
