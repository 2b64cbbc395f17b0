// Staged move ordering: the TT move, winning captures by victim and capture history,
// killers and the counter move, quiet moves by history and continuation history, and
// losing captures last. Moves are generated only when a stage needs them, so a cutoff by
// the TT move costs no generation at all.
#pragma once

#include "core/movegen.h"
#include "search/history.h"

namespace chuhe {

class MovePicker {
public:
    // The statistics a picker orders by; contHist holds the continuation tables of the
    // moves one and two plies back.
    struct Histories {
        const ButterflyHistory* main;
        const CaptureHistory* capture;
        const PieceToHistory* const* contHist;
    };

    // Main search. killers and counter may be MOVE_NONE.
    MovePicker(const Position& pos, Move ttMove, const Histories& histories, const Move* killers,
               Move counter);
    // Quiescence search: captures (and with checks, then the quiet moves that give check),
    // or every evasion when in check.
    MovePicker(const Position& pos, Move ttMove, const Histories& histories, bool checks = false);

    // The next pseudo-legal move, MOVE_NONE when done. With skipQuiets the remaining quiet
    // moves (not the refutations already returned) are passed over.
    Move next(bool skipQuiets = false);

private:
    struct ScoredMove {
        Move move;
        int score;
    };

    void score_captures(ScoredMove* begin, ScoredMove* end);
    void score_quiets(ScoredMove* begin, ScoredMove* end);
    void score_evasions(ScoredMove* begin, ScoredMove* end);
    template <GenType T>
    ScoredMove* generate_into(ScoredMove* list);
    Move select_best();

    const Position& pos_;
    Histories hist_;
    Move ttMove_;
    Move refutations_[3];
    int stage_;
    int refIndex_ = 0;
    bool checks_ = false;
    ScoredMove *cur_, *end_, *endBad_;
    ScoredMove moves_[MAX_MOVES];
};

}  // namespace chuhe
