#include "core/movegen.h"

#include <algorithm>

#include "core/for_each_piece.h"

namespace chuhe {

namespace {

using detail::for_each_piece;

constexpr Bitboard ALL_SQUARES = ~Bitboard(0);

template <GenType Type>
Move* generate_pseudo(const Position& pos, Move* list) {
    for_each_piece<Type>(pos, ALL_SQUARES, [&](Square from, Bitboard dests) {
        while (dests) *list++ = make_move(from, pop_lsb(dests));
    });
    return list;
}

}  // namespace

template <>
Move* generate<CAPTURES>(const Position& pos, Move* list) { return generate_pseudo<CAPTURES>(pos, list); }
template <>
Move* generate<QUIETS>(const Position& pos, Move* list) { return generate_pseudo<QUIETS>(pos, list); }
template <>
Move* generate<PSEUDO_LEGAL>(const Position& pos, Move* list) {
    return generate_pseudo<PSEUDO_LEGAL>(pos, list);
}

template <>
Move* generate<LEGAL>(const Position& pos, Move* list) {
    Move* end = generate_pseudo<PSEUDO_LEGAL>(pos, list);
    return std::remove_if(list, end, [&](Move m) { return !pos.legal(m); });
}

// Most moves need no legality test at all (see StateInfo::pinned and screens), so they are
// counted by popcount; only the king's moves, pinned pieces and screen squares are tested.
int count_legal_moves(const Position& pos) {
    const StateInfo& st = pos.state();
    Bitboard king = square_bb(pos.king_square(pos.side_to_move()));
    int n = 0;
    auto testEach = [&](Square from, Bitboard dests) {
        while (dests) n += pos.king_safe_after(from, pop_lsb(dests));
    };
    if (st.checkers) {
        for_each_piece<PSEUDO_LEGAL>(pos, ALL_SQUARES, testEach);
        return n;
    }
    Bitboard screens = st.screens;
    for_each_piece<PSEUDO_LEGAL>(pos, ~(st.pinned | king), [&](Square from, Bitboard dests) {
        n += popcount(dests & ~screens);
        if (screens) testEach(from, dests & screens);
    });
    for_each_piece<PSEUDO_LEGAL>(pos, st.pinned | king, testEach);
    return n;
}

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

}  // namespace chuhe
