#include "search/movepick.h"

#include <algorithm>

#include "search/see.h"

namespace chuhe {

namespace {

enum Stage {
    MAIN_TT, CAPTURE_INIT, GOOD_CAPTURE, REFUTATION, QUIET_INIT, QUIET, BAD_CAPTURE,
    EVASION_TT, EVASION_INIT, EVASION,
    QSEARCH_TT, QCAPTURE_INIT, QCAPTURE, QCHECK_INIT, QCHECK,
    DONE
};

// Most valuable victim first, then least valuable attacker.
int mvv_lva(const Position& pos, Move m) {
    return 16 * piece_value(pos.piece_on(to_sq(m))) - type_of(pos.piece_on(from_sq(m)));
}

// A capture by its victim and capture history.
int capture_score(const Position& pos, const CaptureHistory& history, Move m) {
    Piece victim = pos.piece_on(to_sq(m));
    return 32 * piece_value(victim) +
           history.get(pos.piece_on(from_sq(m)), to_sq(m), type_of(victim)) / 2;
}

// A quiet move by its history and its continuation histories one and two plies back.
int quiet_score(const Position& pos, const ButterflyHistory& main,
                const PieceToHistory* const* contHist, Move m) {
    Piece pc = pos.piece_on(from_sq(m));
    Square to = to_sq(m);
    return 2 * main.get(pos.side_to_move(), m) + contHist[0]->get(pc, to) +
           contHist[1]->get(pc, to);
}

}  // namespace

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& histories,
                       const Move* killers, Move counter)
    : pos_(pos), hist_(histories), ttMove_(ttMove),
      refutations_{killers[0], killers[1], counter} {
    if (pos.in_check()) stage_ = EVASION_TT;
    else stage_ = MAIN_TT;
    if (ttMove_ && !pos.pseudo_legal(ttMove_)) ttMove_ = MOVE_NONE;
    if (!ttMove_) ++stage_;
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& histories, bool checks)
    : pos_(pos), hist_(histories), ttMove_(ttMove), refutations_{}, checks_(checks) {
    stage_ = pos.in_check() ? EVASION_TT : QSEARCH_TT;
    if (ttMove_ && !(pos.pseudo_legal(ttMove_) && (pos.in_check() || !pos.empty(to_sq(ttMove_)))))
        ttMove_ = MOVE_NONE;
    if (!ttMove_) ++stage_;
}

template <GenType T>
MovePicker::ScoredMove* MovePicker::generate_into(ScoredMove* list) {
    Move buffer[MAX_MOVES];
    Move* end = generate<T>(pos_, buffer);
    for (Move* m = buffer; m != end; ++m) *list++ = {*m, 0};
    return list;
}

void MovePicker::score_captures(ScoredMove* begin, ScoredMove* end) {
    for (ScoredMove* s = begin; s != end; ++s)
        s->score = capture_score(pos_, *hist_.capture, s->move);
}

void MovePicker::score_quiets(ScoredMove* begin, ScoredMove* end) {
    for (ScoredMove* s = begin; s != end; ++s)
        s->score = quiet_score(pos_, *hist_.main, hist_.contHist, s->move);
}

void MovePicker::score_evasions(ScoredMove* begin, ScoredMove* end) {
    Color us = pos_.side_to_move();
    for (ScoredMove* s = begin; s != end; ++s)
        s->score = pos_.empty(to_sq(s->move))
                       ? hist_.main->get(us, s->move) +
                             hist_.contHist[0]->get(pos_.piece_on(from_sq(s->move)), to_sq(s->move))
                       : (1 << 20) + mvv_lva(pos_, s->move);
}

// Moves the best-scored remaining move to the front and returns it.
Move MovePicker::select_best() {
    ScoredMove* best = std::max_element(cur_, end_, [](const ScoredMove& a, const ScoredMove& b) {
        return a.score < b.score;
    });
    std::swap(*best, *cur_);
    return (cur_++)->move;
}

Move MovePicker::next(bool skipQuiets) {
    while (true) {
        switch (stage_) {
        case MAIN_TT:
        case EVASION_TT:
        case QSEARCH_TT:
            ++stage_;
            return ttMove_;

        case CAPTURE_INIT:
        case QCAPTURE_INIT:
            cur_ = endBad_ = moves_;
            end_ = generate_into<CAPTURES>(moves_);
            score_captures(cur_, end_);
            ++stage_;
            break;

        case GOOD_CAPTURE:
            while (cur_ < end_) {
                Move m = select_best();
                if (m == ttMove_) continue;
                if (see_ge(pos_, m, 0)) return m;
                *endBad_++ = cur_[-1];  // losing captures wait for the last stage
            }
            ++stage_;
            refIndex_ = 0;
            break;

        case REFUTATION:
            while (refIndex_ < 3) {
                Move m = refutations_[refIndex_++];
                if (m && m != ttMove_ && pos_.empty(to_sq(m)) && pos_.pseudo_legal(m) &&
                    !(refIndex_ == 3 && (m == refutations_[0] || m == refutations_[1])))
                    return m;
            }
            ++stage_;
            break;

        case QUIET_INIT:
            if (!skipQuiets) {
                cur_ = endBad_;
                end_ = generate_into<QUIETS>(cur_);
                score_quiets(cur_, end_);
                std::stable_sort(cur_, end_, [](const ScoredMove& a, const ScoredMove& b) {
                    return a.score > b.score;
                });
            } else {
                cur_ = end_ = endBad_;
            }
            ++stage_;
            break;

        case QUIET:
            while (!skipQuiets && cur_ < end_) {
                Move m = (cur_++)->move;
                if (m != ttMove_ && m != refutations_[0] && m != refutations_[1] &&
                    m != refutations_[2])
                    return m;
            }
            ++stage_;
            cur_ = moves_;
            end_ = endBad_;
            break;

        case BAD_CAPTURE:
            if (cur_ < end_) return (cur_++)->move;
            stage_ = DONE;
            break;

        case EVASION_INIT:
            cur_ = moves_;
            end_ = generate_into<PSEUDO_LEGAL>(moves_);
            score_evasions(cur_, end_);
            ++stage_;
            break;

        case EVASION:
        case QCAPTURE:
        case QCHECK:
            while (cur_ < end_) {
                Move m = select_best();
                if (m != ttMove_) return m;
            }
            stage_ = stage_ == QCAPTURE && checks_ ? QCHECK_INIT : DONE;
            break;

        case QCHECK_INIT:
            // In the order of the quiet moves, as the filtered list they replace: ties go alike.
            cur_ = moves_;
            end_ = generate_into<QUIET_CHECKS>(moves_);
            score_quiets(cur_, end_);
            ++stage_;
            break;

        case DONE:
            return MOVE_NONE;
        }
    }
}

}  // namespace chuhe
