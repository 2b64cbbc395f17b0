// The engine controller shared by the UCCI and UCI front ends: the position and the
// options set by the GUI, the transposition table and the search threads. Front ends
// only parse commands and format replies.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

#include "book/book_set.h"
#include "core/position.h"
#include "eval/nnue/network.h"
#include "rules/rule_set.h"
#include "search/thread_pool.h"
#include "strength/strength.h"

namespace chuhe {

constexpr const char* ENGINE_NAME = "Chuhe 0.1";
constexpr const char* ENGINE_AUTHOR = "the Chuhe developers";
// EvalFile's value for the net built into the binary.
constexpr const char* DEFAULT_EVAL_FILE = "<built-in>";
// Whether the network evaluates by default: it does since net 5 beat the hand-crafted
// evaluation in an SPRT at 10+0.1 s (see nets/README.md).
constexpr bool DEFAULT_USE_NNUE = true;
// The book (OwnBook / usebook) is off until the GUI turns it on: matches that measure the
// search must not be decided by book moves one side plays and the other does not.
constexpr bool DEFAULT_USE_BOOK = false;
constexpr const char* DEFAULT_BOOK_FILE = book::BUILT_IN;
// book/choose.h. The masters' moves are so concentrated that 100 games played from the
// default book alone took 3 different lines through the first 10 plies at 50, 34 at 80.
constexpr int DEFAULT_BOOK_VARIETY = 80;
constexpr int64_t MAX_SEED = 2147483647;  // GUIs keep spin values in 32-bit integers

struct EngineOptions {
    int threads = 1;
    bool ponder = false;
    int multiPV = 1;
    int moveOverhead = 10;  // milliseconds
    bool showWDL = false;
    bool debug = false;
    RuleSet rules = RuleSet::ASIAN;  // repetition rules, in the search and for `judge`
    bool useBook = DEFAULT_USE_BOOK;
    int bookVariety = DEFAULT_BOOK_VARIETY;
    // Strength (strength/strength.h): Skill Level / level, or UCI_Elo under UCI_LimitStrength.
    int skillLevel = strength::MAX_LEVEL;
    bool limitStrength = false;
    int elo = strength::MAX_ELO;
    strength::Randomness randomness = strength::Randomness::None;

    int level() const { return limitStrength ? strength::level_for_elo(elo) : skillLevel; }
};

// The move the book gives for a position, and what the book knows about it.
struct BookChoice {
    book::BookMove move;       // move.move is MOVE_NONE when the book has nothing to play
    uint64_t totalWeight = 0;  // the weight of all the book's moves in the position
};

class Engine {
public:
    static constexpr int MAX_HASH_MB = 65536;
    static constexpr int MAX_THREADS = 256;

    Engine();
    ~Engine();

    // Replaces the position by `fen` (or the start position) followed by `moves`. On any
    // error *error says why and the engine has no position (position_refused) until the
    // next good one: `go` must not search the previous one. Clears the banned moves.
    bool set_position(const std::string& fen, const std::vector<std::string>& moves,
                      std::string* error);
    // Builds a position the same way without making it current (UCCI probe).
    static bool build_position(const std::string& fen, const std::vector<std::string>& moves,
                               Position* pos, std::string* error);
    bool set_banmoves(const std::vector<std::string>& moves, std::string* error);
    const Position& position() const { return pos_; }
    bool position_refused() const { return positionRefused_; }
    // A `position` command the front end could not even parse counts as refused too.
    void refuse_position() { positionRefused_ = true; }
    // The ruling on the repetition the current position ends with, in words (write_judgement).
    std::vector<std::string> judgement(RuleSet rules) const;

    // Starts a search of the current position; listener.on_bestmove runs exactly once.
    // Returns "" or, when the system would not start all the threads, a warning for the GUI
    // (the search runs with those that started, and later searches use only that many).
    std::string go(SearchLimits limits, SearchListener listener);
    // Counts the leaves of the legal move tree of the current position to `depth` on its own
    // thread, like a search: `stop` ends it. onLine gets "move: count" per root move, then ""
    // and "Nodes searched: N" (or "info string perft stopped" when stopped).
    void perft(int depth, std::function<void(const std::string&)> onLine);
    // Asks a running search or perft to stop; false if nothing is pending (nothing to stop).
    bool stop();
    void ponderhit();
    // True unless a search is running that nobody has asked to stop; then waits for it
    // to end, so that the next command sees an idle engine.
    bool make_idle();
    void wait();

    void new_game();
    void clear_hash() { tt_.clear(); }
    bool set_hash(int megabytes) { return tt_.resize(megabytes); }
    int hash_megabytes() const { return int(tt_.megabytes()); }
    int set_threads(int n);  // the threads it got (fewer when memory runs out)
    EngineOptions& options() { return options_; }
    const EngineOptions& options() const { return options_; }
    bool probe(const Position& pos, TTData* data) const { return tt_.probe(pos.key(), data); }

    // The evaluation network: DEFAULT_EVAL_FILE (or an empty path) selects the built-in net.
    // A file that cannot be used leaves the current net in place, and *error says why.
    bool set_eval_file(const std::string& path, std::string* error);
    const std::string& eval_file() const { return evalFile_; }
    // false: the hand-crafted evaluation. Fails (and changes nothing) if no net is loaded.
    bool set_use_nnue(bool on, std::string* error);
    bool use_nnue() const { return useNnue_; }
    // The evaluation the search uses now: nullptr for the hand-crafted one.
    const nnue::Network* network() const { return useNnue_ ? net_.get() : nullptr; }

    // The opening books: files separated by ';' (empty: none, DEFAULT_BOOK_FILE: the built-in
    // one). Files that cannot be used are left out, each with its reason in *errors.
    void set_book_files(const std::string& files, std::vector<std::string>* errors);
    const std::string& book_files() const { return books_.names(); }
    // The book move to play at once instead of a search: the book is on and knows the
    // position, the move is allowed (searchmoves, banmoves), and the GUI wants a move now
    // (not ponder, infinite analysis or a mate search). A position that occurred before in
    // the game is left to the search, which knows the repetition rules.
    BookChoice book_move(const SearchLimits& limits);

    // The random numbers behind the book's choices. Seed 0 draws a seed from the system;
    // another seed restarts the sequence now and at every new game, so the same commands give
    // the same moves.
    void set_seed(uint64_t seed);
    uint64_t seed() const { return seed_; }
    uint64_t random();

private:
    // Below full strength: the level's depth and node limits, enough MultiPV lines to choose
    // from, and a listener that picks the move to play among them (strength/strength.h).
    SearchListener weakened(SearchLimits& limits, SearchOptions& so, SearchListener listener);

    Position pos_;
    std::vector<Move> banned_;
    EngineOptions options_;
    TranspositionTable tt_;
    ThreadPool pool_;
    std::mutex mutex_;
    bool thinking_ = false;  // a search started and its best move is not yet sent
    bool positionRefused_ = false;  // the last `position` was refused
    int shrinkTo_ = 0;  // threads the last search could start (0: all it asked for)
    std::thread perftThread_;
    std::atomic<bool> perftStop_{false};
    bool perftRunning_ = false;  // guarded by mutex_, like thinking_
    std::shared_ptr<const nnue::Network> net_;  // nullptr when no net is loaded
    std::string evalFile_ = DEFAULT_EVAL_FILE;
    bool useNnue_ = false;
    book::BookSet books_;
    uint64_t seed_ = 0;
    uint64_t random_ = 0;  // the generator's state (splitmix64)
};

}  // namespace chuhe
