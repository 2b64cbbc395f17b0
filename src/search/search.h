// Alpha-beta search: iterative deepening with aspiration windows, principal variation
// search, quiescence, and the usual pruning. One Worker per thread; the workers of a
// search share the transposition table and nothing else (Lazy SMP).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/position.h"
#include "eval/evaluator.h"
#include "eval/value.h"
#include "search/history.h"
#include "search/mate_search.h"
#include "search/repetition.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace chuhe {

class ThreadPool;

struct RootMove {
    explicit RootMove(Move m) : pv(1, m) {}
    bool operator==(Move m) const { return pv[0] == m; }
    // Best first; a move not yet searched in this iteration keeps its previous order.
    bool operator<(const RootMove& o) const {
        return score != o.score ? score > o.score : previousScore > o.previousScore;
    }

    Value score = -VALUE_INFINITE;
    Value previousScore = -VALUE_INFINITE;
    Value averageScore = -VALUE_INFINITE;
    Bound bound = BOUND_EXACT;  // whether score is only a bound (aspiration failure)
    int selDepth = 0;
    std::vector<Move> pv;
};

// One principal variation as reported to the GUI.
struct SearchInfo {
    int depth = 0;
    int selDepth = 0;
    int multiPV = 1;
    Value score = VALUE_ZERO;
    Bound bound = BOUND_EXACT;
    uint64_t nodes = 0;
    TimePoint time = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    Move best = MOVE_NONE;  // MOVE_NONE: no legal (or allowed) move
    Move ponder = MOVE_NONE;
    Value score = VALUE_ZERO;
    int depth = 0;  // completed iterations (at least 1 when there is a move); 0 = no move
};

struct SearchListener {
    std::function<void(const SearchInfo&)> on_info;
    std::function<void(const SearchResult&)> on_bestmove;
};

class Worker {
public:
    Worker(ThreadPool& pool, int index) : pool_(pool), index_(index) { clear(); }

    void clear();  // forget the move-ordering statistics (new game)
    // Prepares the root for a new search; `root` includes the game history.
    void prepare(const Position& root, const std::vector<RootMove>& rootMoves);
    // Runs the search; the main worker (index 0) also reports and ends it.
    void run();

    uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    const std::vector<RootMove>& root_moves() const { return rootMoves_; }
    int completed_depth() const { return completedDepth_; }

private:
    struct Stack {
        Move* pv;
        int ply;
        Move currentMove;
        Piece movedPiece;
        PieceToHistory* contHist;  // the continuation table of currentMove
        Move killers[2];
        Value staticEval;
        int moveCount;
        bool inCheck;
    };

    bool is_main() const { return index_ == 0; }
    // Whether this worker stops now. The main worker's move is played, so it ignores a stop
    // (a clock, node limit or `stop`) until its first iteration is complete: the move it
    // plays is always a searched one, never the first one generated.
    bool stopped() const;
    void iterative_deepening();
    template <bool PvNode>
    Value search(Stack* ss, Value alpha, Value beta, int depth, bool cutNode);
    template <bool PvNode>
    Value qsearch(Stack* ss, Value alpha, Value beta, int depth = 0);
    void update_quiet_stats(Stack* ss, Move move, const Move* quiets, int quietCount, int depth);
    void update_continuation(Stack* ss, Piece pc, Square to, int bonus);
    void update_capture_stats(Move best, const Move* captures, int captureCount, int depth);
    void check_time();
    bool advance_mate_search(uint64_t minStep);
    bool apply_mate_proof();
    void report(int depth);
    SearchResult result();
    void count_node() { nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    ThreadPool& pool_;
    const int index_;
    Position pos_;
    std::vector<RootMove> rootMoves_;
    int pvIdx_ = 0, multiPV_ = 1;
    int rootDepth_ = 0, completedDepth_ = 0, selDepth_ = 0;
    int nmpMinPly_ = 0;
    int callsCnt_ = 0;
    int bestMoveChanges_ = 0;
    // The main worker's time signals: the score of its last search (VALUE_NONE after a new
    // game), the scores of the last four iterations, and the iteration the best move took
    // the lead.
    Value lastSearchScore_ = VALUE_NONE;
    Value iterScores_[4] = {};
    Move lastBestMove_ = MOVE_NONE;
    int lastBestMoveDepth_ = 0;
    RootMove lastReported_{MOVE_NONE};  // the first line of the last report
    std::atomic<uint64_t> nodes_{0};
    ButterflyHistory history_;
    ContinuationHistory contHist_;
    CaptureHistory captureHistory_;
    CounterMoves counterMoves_;
    RepetitionJudge repetitions_;
    // The main worker's mate finder, given its share of the nodes as the search goes on.
    MateSearch mateSearch_;
    uint64_t mateSearchNodes_ = 0;  // spent by the finder's proof under way
    int mateQuietMoves_ = 0;        // the moves without check it allows the attacker
    bool mateSearchDone_ = false;   // proven, both proofs failed, or the first move may not be played
    Value mateProof_ = VALUE_NONE;  // the proven mate, once found
    std::vector<Move> matePv_;
    Evaluator eval_;  // owns this thread's accumulator stack
};

}  // namespace chuhe
