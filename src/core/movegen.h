// Move generation. generate<LEGAL> gives exactly the legal moves; the other kinds are
// pseudo-legal (the search checks Position::legal before making them). QUIET_CHECKS are the
// QUIETS for which Position::gives_check holds, in the same order (src/core/movegen_checks.cpp).
#pragma once

#include "core/position.h"

namespace chuhe {

enum GenType { CAPTURES, QUIETS, PSEUDO_LEGAL, LEGAL, QUIET_CHECKS };

template <GenType>
Move* generate(const Position& pos, Move* list);

// Number of legal moves, without listing them (perft's bulk counting at the last ply).
int count_legal_moves(const Position& pos);

struct MoveList {
    template <GenType T = LEGAL>
    static MoveList of(const Position& pos) {
        MoveList ml;
        ml.end_ = generate<T>(pos, ml.moves_);
        return ml;
    }
    const Move* begin() const { return moves_; }
    const Move* end() const { return end_; }
    int size() const { return int(end_ - moves_); }
    bool contains(Move m) const;

private:
    Move moves_[MAX_MOVES];
    Move* end_ = moves_;
};

}  // namespace chuhe
