#include "search/search.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "rules/natural_limit.h"
#include "search/movepick.h"
#include "search/see.h"
#include "search/thread_pool.h"

namespace chuhe {

namespace {

// Late move reductions grow with the log of both the depth and the move number.
struct ReductionTable {
    int r[64][64];
    ReductionTable() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m) r[d][m] = int(0.75 + std::log(d) * std::log(m) / 2.25);
    }
};
const ReductionTable LMR;

int reduction(int depth, int moveCount) { return LMR.r[std::min(depth, 63)][std::min(moveCount, 63)]; }

// The natural limit: 120 plies without a capture (checks beyond each side's tenth not
// counted) draw, unless the side to move has no move at all (which loses, checked or not).
bool natural_limit_draw(const Position& pos) {
    return natural_limit_reached(pos) && count_legal_moves(pos) > 0;
}

// Pieces that can still force something: without one, null move is unsafe (zugzwang).
bool has_attacking_pieces(const Position& pos, Color c) {
    return pos.pieces(c, ROOK) | pos.pieces(c, HORSE) | pos.pieces(c, CANNON);
}

void update_pv(Move* pv, Move move, const Move* childPv) {
    *pv++ = move;
    while (childPv && *childPv) *pv++ = *childPv++;
    *pv = MOVE_NONE;
}

}  // namespace

constexpr int MATE_SEARCH_PLIES = 127;

// Defined here, where the search uses it, so that it is inlined.
inline bool Worker::stopped() const {
    return pool_.stop_requested() && (completedDepth_ > 0 || !is_main());
}

void Worker::clear() {
    history_.clear();
    contHist_.clear();
    captureHistory_.clear();
    counterMoves_.clear();
    lastSearchScore_ = VALUE_NONE;
}

void Worker::prepare(const Position& root, const std::vector<RootMove>& rootMoves) {
    pos_ = root;
    rootMoves_ = rootMoves;
    nodes_ = 0;
    completedDepth_ = rootDepth_ = selDepth_ = 0;
    nmpMinPly_ = 0;
    callsCnt_ = 0;
    bestMoveChanges_ = 0;
    std::fill(std::begin(iterScores_), std::end(iterScores_), lastSearchScore_);
    lastBestMove_ = MOVE_NONE;
    lastBestMoveDepth_ = 0;
    lastReported_ = RootMove(MOVE_NONE);
    multiPV_ = std::min<int>(pool_.options_.multiPV, int(rootMoves.size()));
    mateSearchNodes_ = 0;
    mateQuietMoves_ = 0;
    mateSearchDone_ = false;
    mateProof_ = VALUE_NONE;
    matePv_.clear();
    if (is_main()) mateSearch_.reset(root, MATE_SEARCH_PLIES);
    eval_.set_network(pool_.options_.net);
    eval_.reset(pos_);
}

void Worker::run() {
    if (!rootMoves_.empty()) iterative_deepening();

    if (!is_main()) {
        pool_.helpersRunning_.fetch_sub(1, std::memory_order_release);
        return;
    }
    // The main worker ends the search for everybody, but while pondering or analysing the
    // best move may only be sent after ponderhit or stop.
    while (!pool_.stop_requested() && (pool_.ponder_ || pool_.limits_.infinite))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    pool_.stop();
    while (pool_.helpersRunning_.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    // A move searched to the end in an iteration cut short can still take the lead: the GUI's
    // last line then says what the best move is played for. A proven mate stands over what
    // such an iteration said (a node or depth limit, pondering or analysis go on past it).
    if (!rootMoves_.empty()) {
        apply_mate_proof();
        if (rootMoves_[0].score != -VALUE_INFINITE &&
            (rootMoves_[0].score != lastReported_.score || rootMoves_[0].pv != lastReported_.pv))
            report(rootDepth_);
    }
    SearchResult r = result();
    lastSearchScore_ = r.depth ? r.score : VALUE_NONE;
    pool_.listener_.on_bestmove(r);
}

SearchResult Worker::result() {
    SearchResult r;
    if (rootMoves_.empty()) {
        r.score = mated_in(0);
        return r;
    }
    const RootMove& best = rootMoves_[0];
    r.best = best.pv[0];
    r.score = best.score != -VALUE_INFINITE ? best.score : best.previousScore;
    r.depth = completedDepth_;
    if (r.score == -VALUE_INFINITE) r.score = VALUE_ZERO, r.depth = 0;  // stopped at once
    if (best.pv.size() > 1) r.ponder = best.pv[1];
    else {
        // A PV cut short by a TT hit at the root's child: ask the table for a reply.
        pos_.do_move(r.best);
        TTData tte;
        uint64_t key = pos_.key() ^ (find_repetition(pos_) >= 0 ? FOLD_KEY : 0);
        if (pool_.tt_.probe(key, &tte) && tte.move && pos_.pseudo_legal(tte.move) &&
            pos_.legal(tte.move))
            r.ponder = tte.move;
        pos_.undo_move();
    }
    return r;
}

void Worker::iterative_deepening() {
    Stack stack[MAX_PLY + 10] = {};
    Stack* ss = stack + 4;
    for (int i = 0; i < MAX_PLY + 6; ++i) ss[i].ply = i;
    // Before the root: continuation tables that are read but never learn anything useful.
    for (int i = 1; i <= 4; ++i) (ss - i)->contHist = contHist_.none();
    Move pv[MAX_PLY + 1];
    ss->pv = pv;

    const SearchLimits& limits = pool_.limits_;
    Value bestValue = -VALUE_INFINITE;
    int maxDepth = limits.depth ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;

    // Helpers start one ply deeper every other thread, so they are not all in lockstep.
    for (rootDepth_ = 1 + (index_ & 1); rootDepth_ <= maxDepth; ++rootDepth_) {
        if (stopped()) break;
        if (is_main()) bestMoveChanges_ /= 2;
        for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;

        for (pvIdx_ = 0; pvIdx_ < multiPV_ && !stopped(); ++pvIdx_) {
            selDepth_ = 0;
            Value prev = rootMoves_[pvIdx_].averageScore;
            Value delta = 25, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            if (rootDepth_ >= 4 && !is_decisive(prev)) {
                alpha = std::max(prev - delta, -VALUE_INFINITE);
                beta = std::min(prev + delta, VALUE_INFINITE);
            }
            while (true) {
                bestValue = search<true>(ss, alpha, beta, rootDepth_, false);
                std::stable_sort(rootMoves_.begin() + pvIdx_, rootMoves_.end());
                if (stopped()) break;
                if (is_main() && multiPV_ == 1 && (bestValue <= alpha || bestValue >= beta) &&
                    pool_.tm_.elapsed() > 3000)
                    report(rootDepth_);
                if (bestValue <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(bestValue - delta, -VALUE_INFINITE);
                } else if (bestValue >= beta) {
                    beta = std::min(bestValue + delta, VALUE_INFINITE);
                } else
                    break;
                delta += delta / 2;
            }
            std::stable_sort(rootMoves_.begin(), rootMoves_.begin() + pvIdx_ + 1);
            if (is_main() && !stopped() && pvIdx_ + 1 == multiPV_) {
                apply_mate_proof();
                report(rootDepth_);
            }
        }
        if (stopped()) break;
        completedDepth_ = rootDepth_;
        if (!is_main()) continue;

        // The rest of the finder's share, the clock checked between its steps.
        while (advance_mate_search(1) && !stopped()) {
            callsCnt_ = 0;
            check_time();
        }
        if (stopped()) break;
        if (apply_mate_proof()) report(completedDepth_);

        Value best = rootMoves_[0].score;
        // go mate N: done when a mate in N moves or less is proven.
        if (limits.mate_found(best)) pool_.stop();
        // A forced mate (either way) found under a clock: no point thinking on.
        if (limits.timed() && !pool_.ponder_ && is_mate_score(best) &&
            (VALUE_MATE - std::abs(best) <= completedDepth_ || best == mateProof_))
            pool_.stop();
        if (rootMoves_[0].pv[0] != lastBestMove_)
            lastBestMove_ = rootMoves_[0].pv[0], lastBestMoveDepth_ = completedDepth_;
        Value fourAgo = iterScores_[completedDepth_ & 3];
        iterScores_[completedDepth_ & 3] = best;
        // Stop before an iteration that would likely not finish in the optimum time. An
        // unstable best move earns more time, and so does a score falling since the last
        // move or the last four iterations (the search is finding trouble); a best move that
        // has led for eight iterations needs less.
        if (limits.use_time_management() && !pool_.ponder_) {
            double instability = 1.0 + 0.5 * std::min(bestMoveChanges_, 4);
            auto drop = [best](Value before) {
                return before == VALUE_NONE || is_decisive(before) || is_decisive(best) ? 0 : before - best;
            };
            double falling = std::clamp(1.0 + 0.04 * (drop(lastSearchScore_) + drop(fourAgo)), 1.0, 2.0);
            double settled = completedDepth_ - lastBestMoveDepth_ >= 8 ? 0.75 : 1.0;
            if (rootMoves_.size() == 1 ||
                pool_.tm_.elapsed() > pool_.tm_.optimum() * instability * falling * settled * 0.6)
                pool_.stop();
        }
    }
}

// The mate finder works on while it has spent less than an eighth of the search's nodes: a
// share that costs little where it fails, and proves the long mates by checks that alpha-beta
// sees only many iterations later, or never. Its moves count as nodes. Once the checks alone
// fail, it starts again allowing the attacker two moves that do not check in a line (the
// waiting moves of a zugzwang, a piece brought up), on a 64th of the nodes: such a tree is
// seldom disproven, so that share is spent in most positions and must stay small.
// It makes a step (up to CHUNK nodes) from check_time, inside the iterations, whenever it is
// 256 nodes behind its share, and after each iteration the rest: a proof then does not wait
// for an iteration to end, which under a node limit, or in the last iteration a clock allows,
// may never come. Returns whether it made a step.
bool Worker::advance_mate_search(uint64_t minStep) {
    constexpr uint64_t CHUNK = 2048;
    constexpr int QUIET_MOVES = 2;
    if (mateProof_ != VALUE_NONE || mateSearchDone_) return false;
    if (mateSearch_.disproven() || mateSearch_.full()) {
        if (mateQuietMoves_) {
            mateSearchDone_ = true;
            return false;
        }
        mateQuietMoves_ = QUIET_MOVES;
        mateSearch_.restart(mateQuietMoves_);
        mateSearchNodes_ = 0;
    }
    uint64_t share = nodes() / (mateQuietMoves_ ? 64 : 8);
    if (mateSearchNodes_ + minStep > share) return false;
    uint64_t step = std::min<uint64_t>(CHUNK, share - mateSearchNodes_);
    if (uint64_t limit = pool_.limits_.nodes)
        step = std::min(step, limit - std::min(limit, pool_.nodes_searched()));
    if (!step) return false;
    uint64_t made = mateSearch_.run(step);
    mateSearchNodes_ += made;
    nodes_.store(nodes() + made, std::memory_order_relaxed);
    if (!mateSearch_.proven()) return true;
    std::vector<Move> pv = mateSearch_.pv();
    mateSearchDone_ = true;
    // Only a move the search may play (searchmoves, banmoves).
    if (std::find(rootMoves_.begin(), rootMoves_.end(), pv[0]) == rootMoves_.end()) return true;
    mateProof_ = mate_in(mateSearch_.mate_plies());
    matePv_ = pv;
    // Under a clock, or a mate as short as `go mate N` asks: no point thinking on. The
    // search returns at once, and run() puts the proof before the result.
    const SearchLimits& limits = pool_.limits_;
    if ((limits.timed() && !pool_.ponder_) || limits.mate_found(mateProof_))
        pool_.stop();
    return true;
}

// A proven mate stands whatever the iterations say, unless they find one as short. Returns
// whether the best move or its score changed.
bool Worker::apply_mate_proof() {
    if (mateProof_ == VALUE_NONE || rootMoves_[0].score >= mateProof_) return false;
    RootMove& rm = *std::find(rootMoves_.begin(), rootMoves_.end(), matePv_[0]);
    rm.score = rm.averageScore = mateProof_;
    rm.bound = BOUND_EXACT;
    rm.pv = matePv_;
    rm.selDepth = std::max(rm.selDepth, int(matePv_.size()));
    std::stable_sort(rootMoves_.begin(), rootMoves_.end());
    return true;
}

void Worker::check_time() {
    if (--callsCnt_ > 0) return;
    const SearchLimits& limits = pool_.limits_;
    callsCnt_ = limits.nodes ? 1 : 512;
    advance_mate_search(256);  // a step when it falls behind
    if (pool_.ponder_) return;
    TimePoint elapsed = pool_.tm_.elapsed();
    if ((limits.use_time_management() && elapsed >= pool_.tm_.maximum()) ||
        (limits.movetime && elapsed >= limits.movetime) ||
        (limits.nodes && pool_.nodes_searched() >= limits.nodes))
        pool_.stop();
}

void Worker::report(int depth) {
    uint64_t nodes = pool_.nodes_searched();
    TimePoint elapsed = pool_.elapsed();
    int hashfull = pool_.tt_.hashfull();
    for (int i = 0; i < multiPV_; ++i) {
        const RootMove& rm = rootMoves_[i];
        bool updated = rm.score != -VALUE_INFINITE;
        if (depth == 1 && !updated) continue;
        SearchInfo info;
        info.depth = updated ? depth : std::max(1, depth - 1);
        info.selDepth = rm.selDepth;
        info.multiPV = i + 1;
        info.score = updated ? rm.score : rm.previousScore;
        info.bound = i == pvIdx_ ? rm.bound : BOUND_EXACT;
        info.nodes = nodes;
        info.time = elapsed;
        info.hashfull = hashfull;
        info.pv = rm.pv;
        if (i == 0) lastReported_ = rm;
        pool_.listener_.on_info(info);
    }
}

template <bool PvNode>
Value Worker::search(Stack* ss, Value alpha, Value beta, int depth, bool cutNode) {
    const bool rootNode = PvNode && ss->ply == 0;
    if (depth <= 0) return qsearch<PvNode>(ss, alpha, beta);

    Move pv[MAX_PLY + 1];
    Move quietsSearched[32];
    int quietCount = 0;
    Color us = pos_.side_to_move();
    ss->inCheck = pos_.in_check();
    ss->moveCount = 0;
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = MOVE_NONE;
    // Checked before the node is counted, so that a node limit is met exactly (once the first
    // iteration is complete: see stopped()).
    if (!rootNode && stopped()) return VALUE_ZERO;
    count_node();
    if (is_main()) check_time();
    if (PvNode && selDepth_ < ss->ply + 1) selDepth_ = ss->ply + 1;

    // A repeated position is either ruled on (the line ends) or searched on under its own
    // TT key, as its value depends on the history (see FOLD_KEY).
    int previous = find_repetition(pos_);
    Value ruleCap = VALUE_INFINITE;  // the rule loss this node is worth at most, see below
    Move cycleMove = MOVE_NONE;      // the offender's move round the cycle again, see below
    if (!rootNode) {
        if (stopped()) return VALUE_ZERO;
        if (ss->ply >= MAX_PLY - 1) return ss->inCheck ? VALUE_DRAW : eval_.evaluate(pos_);
        if (natural_limit_draw(pos_)) return VALUE_DRAW;
        if (previous >= 0) {
            Color offender;
            Value v = repetitions_.judge(pos_, previous, ss->ply, pool_.options_.rules, &offender);
            // The offender's own move into the third occurrence is forbidden. An offender to
            // move there has lost by the rules (whichever side completed the cycle), but if
            // every way to vary is mated, the mate is the worse loss and what the line is worth:
            // so a mate forced through a perpetual is not hidden behind the rule win. Searched
            // with beta at the rule loss, and kept out of the TT (the value depends on the
            // history, and the fold key is shared with the second occurrence).
            if (v != VALUE_NONE) {
                if (v >= VALUE_RULE_WIN_IN_MAX_PLY) return VALUE_FORBIDDEN;
                if (v > VALUE_RULE_LOSS_IN_MAX_PLY || v <= alpha) return v;
                ruleCap = beta = std::min(beta, v);
            }
            // The second occurrence with the offender to move: going round the cycle once more
            // gains it nothing (every way to vary later is a way to vary here, the same
            // positions), and at the third occurrence it would lose. So it varies now, its move
            // round the cycle forbidden; with no other move it loses by rule. This cuts a
            // defender's perpetual checks a whole cycle sooner, and the mates behind them show.
            if (offender == us) cycleMove = pos_.history()[previous + 1].move;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = std::max(mated_in(ss->ply), alpha);
        beta = std::min(mate_in(ss->ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    // Transposition table
    uint64_t key = pos_.key() ^ (previous >= 0 ? FOLD_KEY : 0);
    TTData tte;
    bool ttHit = pool_.tt_.probe(key, &tte);
    Value ttValue = ttHit ? value_from_tt(tte.value, ss->ply) : VALUE_NONE;
    Move ttMove = rootNode ? rootMoves_[pvIdx_].pv[0] : ttHit ? tte.move : MOVE_NONE;
    const bool capped = ruleCap != VALUE_INFINITE;
    if (!PvNode && !capped && ttHit && tte.depth >= depth && ttValue != VALUE_NONE &&
        pos_.rule60_count() < 100 && (tte.bound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER))) {
        if (ttMove && ttValue >= beta && pos_.empty(to_sq(ttMove)) && pos_.pseudo_legal(ttMove))
            update_quiet_stats(ss, ttMove, nullptr, 0, depth);
        return ttValue;
    }

    // Static evaluation, refined by the TT value when its bound allows.
    Value eval;
    bool improving = false;
    if (ss->inCheck) {
        ss->staticEval = eval = VALUE_NONE;
    } else {
        ss->staticEval = eval = ttHit && tte.eval != VALUE_NONE ? tte.eval : eval_.evaluate(pos_);
        if (ttValue != VALUE_NONE && (tte.bound & (ttValue > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = ttValue;
        improving = ss->ply >= 2 && (ss - 2)->staticEval != VALUE_NONE &&
                    ss->staticEval > (ss - 2)->staticEval;
    }

    // The continuation tables of the moves one and two plies back, for ProbCut and the move loop.
    const PieceToHistory* contHist[] = {(ss - 1)->contHist, (ss - 2)->contHist};

    if (!PvNode && !ss->inCheck && !capped) {
        // Reverse futility: far enough above beta that a quiet move will not lose it all. The
        // pruning margins here and below are in units where a horse is about 100.
        if (depth < 8 && eval - (45 - 15 * improving) * depth >= beta && eval < VALUE_RULE_WIN_IN_MAX_PLY)
            return eval;

        // Null move, only with pieces that can attack (xiangqi endings without them are
        // full of zugzwang), and verified at high depth.
        if ((ss - 1)->currentMove != MOVE_NULL && eval >= beta && ss->staticEval >= beta &&
            depth >= 2 && ss->ply >= nmpMinPly_ && has_attacking_pieces(pos_, us) &&
            beta > VALUE_RULE_LOSS_IN_MAX_PLY) {
            int R = 3 + depth / 4 + std::min((eval - beta) / 200, 3);
            ss->currentMove = MOVE_NULL;
            ss->movedPiece = NO_PIECE;
            ss->contHist = contHist_.none();
            eval_.do_null_move(pos_);
            Value nullValue = -search<false>(ss + 1, -beta, -beta + 1, depth - R, !cutNode);
            eval_.undo_null_move(pos_);
            if (nullValue >= beta && nullValue < VALUE_RULE_WIN_IN_MAX_PLY) {
                if (depth < 12 || nmpMinPly_) return nullValue;
                nmpMinPly_ = ss->ply + 3 * (depth - R) / 4;
                Value v = search<false>(ss, beta - 1, beta, depth - R, false);
                nmpMinPly_ = 0;
                if (v >= beta) return nullValue;
            }
        }

        // ProbCut: a good capture whose reduced search beats beta by a margin will almost
        // surely beat beta at full depth too. Not when the TT already says it does not.
        Value probCutBeta = beta + 60 - 20 * improving;
        if (depth >= 5 && !is_decisive(beta) &&
            !(ttHit && tte.depth >= depth - 3 && ttValue != VALUE_NONE && ttValue < probCutBeta)) {
            MovePicker mp(pos_, ttMove, {&history_, &captureHistory_, contHist});
            while (Move move = mp.next()) {
                if (!pos_.legal(move) || !see_ge(pos_, move, probCutBeta - ss->staticEval)) continue;
                ss->currentMove = move;
                ss->movedPiece = pos_.piece_on(from_sq(move));
                ss->contHist = contHist_.at(ss->movedPiece, to_sq(move));
                eval_.do_move(pos_, move);
                Value value = -qsearch<false>(ss + 1, -probCutBeta, -probCutBeta + 1);
                if (value >= probCutBeta)
                    value = -search<false>(ss + 1, -probCutBeta, -probCutBeta + 1, depth - 4, !cutNode);
                eval_.undo_move(pos_);
                if (stopped()) return VALUE_ZERO;
                if (value >= probCutBeta && !is_decisive(value)) {
                    pool_.tt_.store(key, value_to_tt(value, ss->ply), BOUND_LOWER, depth - 3, move,
                                    ss->staticEval);
                    return value - (probCutBeta - beta);
                }
            }
        }
    }

    // Without a TT move this node was never searched: search it a little shallower.
    if ((PvNode || cutNode) && depth >= 4 && !ttMove) --depth;

    Move prevMove = (ss - 1)->currentMove;
    Move counter = prevMove && prevMove != MOVE_NULL
                       ? counterMoves_.get((ss - 1)->movedPiece, to_sq(prevMove))
                       : MOVE_NONE;
    MovePicker mp(pos_, ttMove, {&history_, &captureHistory_, contHist}, ss->killers, counter);
    Value bestValue = -VALUE_INFINITE, value = -VALUE_INFINITE;
    Move bestMove = MOVE_NONE;
    Move capturesSearched[32];
    int moveCount = 0, captureCount = 0, forbidden = 0;  // forbidden: by the repetition rules
    bool skipQuiets = false;

    while (Move move = mp.next(skipQuiets)) {
        if (rootNode) {
            if (std::find(rootMoves_.begin() + pvIdx_, rootMoves_.end(), move) == rootMoves_.end())
                continue;
        } else if (!pos_.legal(move))
            continue;
        if (move == cycleMove) {
            ++forbidden;
            continue;
        }
        ss->moveCount = ++moveCount;
        bool capture = !pos_.empty(to_sq(move));
        bool givesCheck = pos_.gives_check(move);
        Piece movedPiece = pos_.piece_on(from_sq(move));
        int newDepth = depth - 1;
        int contScore = capture ? 0
                                : contHist[0]->get(movedPiece, to_sq(move)) +
                                      contHist[1]->get(movedPiece, to_sq(move));

        // Shallow-depth pruning, once a move has been searched and no mate is at stake.
        if (!rootNode && bestValue > VALUE_RULE_LOSS_IN_MAX_PLY && has_attacking_pieces(pos_, us)) {
            int lmrDepth = std::max(newDepth - reduction(depth, moveCount), 0);
            if (!capture && !givesCheck) {
                if (moveCount >= (3 + depth * depth) / (2 - improving)) {
                    skipQuiets = true;
                    continue;
                }
                // Continuation history: moves that failed in this very context before.
                if (lmrDepth < 4 && contScore < -3000 * (depth - 1)) continue;
                if (!ss->inCheck && lmrDepth < 6 && ss->staticEval + 50 + 45 * lmrDepth <= alpha)
                    continue;
                if (!see_ge(pos_, move, -10 * lmrDepth * lmrDepth)) continue;
            } else if (!givesCheck && !see_ge(pos_, move, -45 * depth))
                continue;
        }

        // Check extension, bounded so that long checking sequences cannot run away.
        if (givesCheck && ss->ply < 2 * rootDepth_) newDepth += 1;

        ss->currentMove = move;
        ss->movedPiece = movedPiece;
        ss->contHist = contHist_.at(movedPiece, to_sq(move));
        eval_.do_move(pos_, move);
        // The child's PV starts empty for every move: a move that raises alpha without a PV
        // re-search (it fails high) must not inherit the previous move's continuation.
        if (PvNode) pv[0] = MOVE_NONE, (ss + 1)->pv = pv;

        if (depth >= 2 && moveCount > 1 + rootNode && (!capture || cutNode)) {
            int r = reduction(depth, moveCount);
            r += cutNode;
            r += !improving;
            r -= PvNode;
            r -= givesCheck;
            if (!capture)
                r -= std::clamp((2 * history_.get(us, move) + contScore - 4000) / 12000, -2, 2);
            int d = std::clamp(newDepth - r, 1, newDepth);
            value = -search<false>(ss + 1, -(alpha + 1), -alpha, d, true);
            if (value > alpha && d < newDepth)
                value = -search<false>(ss + 1, -(alpha + 1), -alpha, newDepth, !cutNode);
        } else if (!PvNode || moveCount > 1) {
            value = -search<false>(ss + 1, -(alpha + 1), -alpha, newDepth, !cutNode);
        }
        if (PvNode && (moveCount == 1 || (value > alpha && (rootNode || capped || value < beta)))) {
            pv[0] = MOVE_NONE;
            (ss + 1)->pv = pv;
            value = -search<true>(ss + 1, -beta, -alpha, newDepth, false);
        }
        eval_.undo_move(pos_);

        if (stopped()) return VALUE_ZERO;

        if (value == -VALUE_FORBIDDEN) {
            // At the root the move was asked for (searchmoves, or the only one): it loses.
            if (rootNode) value = rule_loss_in(1);
            else {
                ss->moveCount = --moveCount;
                ++forbidden;
                continue;
            }
        }

        if (rootNode) {
            RootMove& rm = *std::find(rootMoves_.begin(), rootMoves_.end(), move);
            if (moveCount == 1 || value > alpha) {
                rm.score = value;
                rm.averageScore =
                    rm.averageScore == -VALUE_INFINITE ? value : (2 * value + rm.averageScore) / 3;
                rm.selDepth = selDepth_;
                rm.bound = value >= beta ? BOUND_LOWER : value <= alpha ? BOUND_UPPER : BOUND_EXACT;
                rm.pv.resize(1);
                for (Move* m = (ss + 1)->pv; *m; ++m) rm.pv.push_back(*m);
                if (moveCount > 1 && is_main()) ++bestMoveChanges_;
            } else
                rm.score = -VALUE_INFINITE;  // sorts below every move that was searched
        }

        if (value > bestValue) {
            bestValue = value;
            if (value > alpha) {
                bestMove = move;
                if (PvNode && !rootNode) update_pv(ss->pv, move, (ss + 1)->pv);
                if (value >= beta) break;
                alpha = value;
            }
        }
        if (move != bestMove) {
            if (!capture && quietCount < 32) quietsSearched[quietCount++] = move;
            else if (capture && captureCount < 32) capturesSearched[captureCount++] = move;
        }
    }

    // No legal move: in xiangqi that loses, in check or not; with only forbidden ones, the
    // offender has to complete the perpetual and loses by rule.
    if (!moveCount) return std::min(forbidden ? rule_loss_in(ss->ply + 1) : mated_in(ss->ply), ruleCap);

    if (bestMove) {
        if (pos_.empty(to_sq(bestMove))) {
            update_quiet_stats(ss, bestMove, quietsSearched, quietCount, depth);
            update_capture_stats(MOVE_NONE, capturesSearched, captureCount, depth);
        } else
            update_capture_stats(bestMove, capturesSearched, captureCount, depth);
    }

    if (capped) return std::min(bestValue, ruleCap);
    Bound bound = bestValue >= beta ? BOUND_LOWER : PvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    pool_.tt_.store(key, value_to_tt(bestValue, ss->ply), bound, depth, bestMove, ss->staticEval);
    return bestValue;
}

template <bool PvNode>
Value Worker::qsearch(Stack* ss, Value alpha, Value beta, int depth) {
    Move pv[MAX_PLY + 1];
    if (PvNode) {
        ss->pv[0] = MOVE_NONE;
        (ss + 1)->pv = pv;
        if (selDepth_ < ss->ply + 1) selDepth_ = ss->ply + 1;
    }
    if (stopped()) return VALUE_ZERO;
    count_node();
    if (is_main()) check_time();
    if (stopped()) return VALUE_ZERO;
    ss->inCheck = pos_.in_check();
    if (ss->ply >= MAX_PLY - 1) return ss->inCheck ? VALUE_DRAW : eval_.evaluate(pos_);
    if (natural_limit_draw(pos_)) return VALUE_DRAW;
    int previous = find_repetition(pos_);
    if (previous >= 0) {
        Value v = repetitions_.judge(pos_, previous, ss->ply, pool_.options_.rules);
        if (v != VALUE_NONE) return v >= VALUE_RULE_WIN_IN_MAX_PLY ? VALUE_FORBIDDEN : v;
    }

    // The first ply also tries the quiet moves that give check: its result is worth more (TT
    // depth 0) than that of the plies below, which search captures only (depth -1).
    const bool checks = depth == 0 && !ss->inCheck;
    const int ttDepth = checks || ss->inCheck ? 0 : -1;
    uint64_t key = pos_.key() ^ (previous >= 0 ? FOLD_KEY : 0);
    TTData tte;
    bool ttHit = pool_.tt_.probe(key, &tte);
    Value ttValue = ttHit ? value_from_tt(tte.value, ss->ply) : VALUE_NONE;
    if (!PvNode && ttHit && tte.depth >= ttDepth && ttValue != VALUE_NONE &&
        (tte.bound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return ttValue;

    Value bestValue, futilityBase;
    if (ss->inCheck) {
        ss->staticEval = VALUE_NONE;
        bestValue = futilityBase = -VALUE_INFINITE;
    } else {
        ss->staticEval = bestValue = ttHit && tte.eval != VALUE_NONE ? tte.eval : eval_.evaluate(pos_);
        if (ttValue != VALUE_NONE && (tte.bound & (ttValue > bestValue ? BOUND_LOWER : BOUND_UPPER)))
            bestValue = ttValue;
        // Stand pat: the side to move may decline every capture.
        if (bestValue >= beta) return bestValue;
        alpha = std::max(alpha, bestValue);
        futilityBase = ss->staticEval + 50;
    }

    const PieceToHistory* contHist[] = {(ss - 1)->contHist, (ss - 2)->contHist};
    MovePicker mp(pos_, ttHit ? tte.move : MOVE_NONE, {&history_, &captureHistory_, contHist}, checks);
    Move bestMove = MOVE_NONE;
    int moveCount = 0, forbidden = 0;
    while (Move move = mp.next()) {
        if (!pos_.legal(move)) continue;
        ++moveCount;
        bool givesCheck = pos_.gives_check(move);
        // A quiet check that loses material is not worth the look.
        if (!ss->inCheck && pos_.empty(to_sq(move)) && !see_ge(pos_, move, 0)) continue;
        if (!ss->inCheck && bestValue > VALUE_RULE_LOSS_IN_MAX_PLY && !givesCheck) {
            // Delta pruning: even winning the piece for free would not reach alpha.
            Value futility = futilityBase + piece_value(pos_.piece_on(to_sq(move)));
            if (futility <= alpha) {
                bestValue = std::max(bestValue, futility);
                continue;
            }
            if (!see_ge(pos_, move, 0)) continue;
        }
        ss->currentMove = move;
        ss->movedPiece = pos_.piece_on(from_sq(move));
        ss->contHist = contHist_.at(ss->movedPiece, to_sq(move));
        eval_.do_move(pos_, move);
        Value value = -qsearch<PvNode>(ss + 1, -beta, -alpha, depth - 1);
        eval_.undo_move(pos_);
        if (stopped()) return VALUE_ZERO;
        if (value == -VALUE_FORBIDDEN) {
            --moveCount;
            ++forbidden;
            continue;
        }

        if (value > bestValue) {
            bestValue = value;
            if (value > alpha) {
                bestMove = move;
                if (PvNode) update_pv(ss->pv, move, (ss + 1)->pv);
                if (value >= beta) break;
                alpha = value;
            }
        }
    }

    if (ss->inCheck && !moveCount) return forbidden ? rule_loss_in(ss->ply + 1) : mated_in(ss->ply);

    Bound bound = bestValue >= beta ? BOUND_LOWER : BOUND_UPPER;
    pool_.tt_.store(key, value_to_tt(bestValue, ss->ply), bound, ttDepth, bestMove, ss->staticEval);
    return bestValue;
}

void Worker::update_quiet_stats(Stack* ss, Move move, const Move* quiets, int quietCount,
                                int depth) {
    Color us = pos_.side_to_move();
    int bonus = history_bonus(depth);
    history_.update(us, move, bonus);
    update_continuation(ss, pos_.piece_on(from_sq(move)), to_sq(move), bonus);
    for (int i = 0; i < quietCount; ++i) {
        history_.update(us, quiets[i], -bonus);
        update_continuation(ss, pos_.piece_on(from_sq(quiets[i])), to_sq(quiets[i]), -bonus);
    }
    if (ss->killers[0] != move) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = move;
    }
    Move prev = (ss - 1)->currentMove;
    if (prev && prev != MOVE_NULL) counterMoves_.set((ss - 1)->movedPiece, to_sq(prev), move);
}

// The continuation tables of the moves one and two plies back learn this move's bonus.
void Worker::update_continuation(Stack* ss, Piece pc, Square to, int bonus) {
    for (int i = 1; i <= 2; ++i) {
        Move prev = (ss - i)->currentMove;
        if (prev && prev != MOVE_NULL) (ss - i)->contHist->update(pc, to, bonus);
    }
}

// best: the capture that cut off or raised alpha (MOVE_NONE when a quiet move did); the
// captures tried before it lose what it gains.
void Worker::update_capture_stats(Move best, const Move* captures, int captureCount, int depth) {
    int bonus = history_bonus(depth);
    auto update = [&](Move m, int b) {
        captureHistory_.update(pos_.piece_on(from_sq(m)), to_sq(m),
                               type_of(pos_.piece_on(to_sq(m))), b);
    };
    if (best) update(best, bonus);
    for (int i = 0; i < captureCount; ++i) update(captures[i], -bonus);
}

}  // namespace chuhe
