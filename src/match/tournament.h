// A tournament of engines: the schedule (a match, a gauntlet, or a round robin in the order of
// the CXA tables; a Swiss or knockout round by round, see planner.h), openings, games in
// parallel, results, statistics and the PGN file.
#pragma once

#include <atomic>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/engine.h"
#include "match/game.h"
#include "match/stats.h"
#include "match/tiebreak.h"

namespace chuhe::match {

// SWISS: appendix 2 (swiss.h); KNOCKOUT and DOUBLE_KNOCKOUT: single and double elimination of
// appendix 3 (knockout.h).
enum class TournamentType { ROUND_ROBIN, GAUNTLET, SWISS, KNOCKOUT, DOUBLE_KNOCKOUT };

// The -tournament name of a type.
const char* tournament_name(TournamentType type);

struct Opening {
    std::string fen;
    std::vector<Move> moves;
};

struct OpeningBook {
    std::string file;
    std::string format;  // "epd" or "pgn" (from the file name when empty)
    bool random = false;
    int start = 1;    // first opening used (1-based)
    int plies = -1;   // PGN: moves of each game used as the opening (-1: all)
};

// Reads the openings of an EPD/FEN file (one position a line; operations after the FEN are
// ignored) or of a PGN file. Returns false with the reason on any unreadable entry.
bool read_openings(const OpeningBook& book, std::vector<Opening>& out, std::string* error);

// Shard index of count (1-based): the part of the schedule one machine plays. Games are dealt
// out by pair (a -repeat pair, or a single game without -repeat) in turn, so the shards are
// disjoint, together they are the whole schedule, and each spans all of it (every shard
// plays every round and opening range, which a sequential test over batches of shards needs).
struct Shard {
    int index = 1, count = 1;
};

struct TournamentSettings {
    std::vector<EngineConfig> engines;
    TournamentType type = TournamentType::ROUND_ROBIN;
    int rounds = 1;            // a Swiss: its rounds
    int gamesPerEncounter = 1;  // a knockout: the games of an encounter before a level score plays on
    TieBreaks swissTieBreaks = TieBreaks::SWISS_OPPONENTS;  // 14.3.1 or 14.3.2
    bool repeat = false;  // each opening twice, colours swapped
    int concurrency = 1;
    std::optional<OpeningBook> openings;
    // -srand: the order=random openings and a knockout's lots. Without it run_tournament
    // draws one at random (a resume takes its match's) and prints it; the results header keeps it.
    std::optional<uint64_t> seed;
    std::string pgnOut;
    bool pgnPv = false;      // the PV in each move's comment
    std::string resultsOut;  // JSON lines, see results_file.h
    bool resume = false;     // continue the match of resultsOut (and pgnOut) where it stopped
    Shard shard;
    std::string event = "chuhe match";
    Adjudication adjudication;
    std::optional<Sprt> sprt;
    int ratingInterval = 0;  // print the Elo line every N games (0: only at the end)
};

// The pairings of a round robin, round by round, in the order of the CXA 2011 tables (appendix
// 1, the Berger tables): the first of a pair has red. With an odd number of players the pair
// with the extra number is a bye and is left out. Players are 0-based.
std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players);

// Whether the settings make a tournament of their type: a Swiss or knockout refuses shards,
// -repeat and -sprt, a Swiss more rounds than it can pair without rematches (3+ engines), a
// knockout more engines than appendix 3's tables hold (32 single, 16 double).
bool check_format(const TournamentSettings& s, std::string* error);

// One scheduled game.
struct ScheduledGame {
    int64_t number = 0;  // 1-based
    int round = 0;
    int red = 0, black = 0;  // engine indices
    int opening = -1;        // index into the openings, -1: the start position
    int64_t pairId = -1;     // games sharing an opening with colours swapped share a pair id
};

// The schedule, game by game on demand: -rounds 1000000 -games 1000000 is 10^12 games, far
// more than memory holds, and a match may stop long before its end.
class Schedule {
public:
    Schedule() = default;
    Schedule(const TournamentSettings& settings, int openingCount);
    int64_t size() const { return size_; }
    ScheduledGame at(int64_t index) const;  // 0-based, index < size()
    bool in_shard(int64_t index, Shard shard) const;

private:
    std::vector<std::pair<int, int>> cycle_;  // the pairings of one round
    int64_t size_ = 0;
    int games_ = 1, openingCount_ = 0;
    bool repeat_ = false;
};

// The whole schedule at once (for small tournaments and tests).
std::vector<ScheduledGame> make_schedule(const TournamentSettings& settings, int openingCount);

// Runs the tournament (only shard settings.shard of its schedule, and with resume only the
// games the results file lacks), printing progress and summaries to out. interrupt (Ctrl-C) stops it:
// games under way are dropped (a resume plays them), the summary so far is printed and the
// return is 130. Returns 0, 2 on a setup error (bad openings, unwritable PGN or results file,
// one file for both, a results file or PGN file of another match to resume, an engine that
// fails its first start or handshake) reported on out, or 1 when a game could not be written
// to the PGN or results file (the match stops there) or out itself failed.
int run_tournament(const TournamentSettings& settings, std::ostream& out, const std::atomic<bool>& interrupt);

}  // namespace chuhe::match
