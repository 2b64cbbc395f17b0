// Basic types shared by every part of the engine: colours, pieces, squares, moves.
#pragma once

#include <cstdint>

namespace chuhe {

enum Color : uint8_t { RED, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types; the order puts the cheap sliders first, as Pikafish does.
enum PieceType : uint8_t {
    NO_PIECE_TYPE, ROOK, ADVISOR, CANNON, PAWN, HORSE, ELEPHANT, KING, PIECE_TYPE_NB = 8
};

// A piece is colour * 8 + type: red pieces are 1..7, black pieces 9..15.
enum Piece : uint8_t {
    NO_PIECE,
    R_ROOK = 1, R_ADVISOR, R_CANNON, R_PAWN, R_HORSE, R_ELEPHANT, R_KING,
    B_ROOK = 9, B_ADVISOR, B_CANNON, B_PAWN, B_HORSE, B_ELEPHANT, B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// Squares are numbered rank * 9 + file: a0 = 0 (red's bottom left), i9 = 89.
// Files a..i run from red's left; ranks 0..9 from red's side (the ICCS convention).
using Square = int;
constexpr int FILE_NB = 9;
constexpr int RANK_NB = 10;
constexpr int SQUARE_NB = 90;
constexpr Square SQ_NONE = 90;

constexpr Square make_square(int file, int rank) { return rank * FILE_NB + file; }
constexpr int file_of(Square s) { return s % FILE_NB; }
constexpr int rank_of(Square s) { return s / FILE_NB; }
constexpr bool is_ok(Square s) { return s >= 0 && s < SQUARE_NB; }

// Rank counted from the given side's own back rank (0 = own back rank).
constexpr int relative_rank(Color c, int rank) { return c == RED ? rank : RANK_NB - 1 - rank; }

// A move packs from (bits 0-6) and to (bits 7-13). No flags are needed in xiangqi:
// there is no promotion, castling or en passant.
enum Move : uint16_t { MOVE_NONE = 0, MOVE_NULL = 1 | (1 << 7) };

constexpr Move make_move(Square from, Square to) { return Move(from | (to << 7)); }
constexpr Square from_sq(Move m) { return m & 0x7F; }
constexpr Square to_sq(Move m) { return m >> 7; }
constexpr bool is_ok(Move m) { return from_sq(m) != to_sq(m); }

// Upper bound of pseudo-legal moves: 2 rooks and 2 cannons 17 each, horses 16, pawns 15,
// advisors and elephants 8 each, king 4 = 119.
constexpr int MAX_MOVES = 128;
constexpr int MAX_PLY = 246;

}  // namespace chuhe
