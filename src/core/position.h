// The board: piece placement, side to move, make/unmake with incremental Zobrist keys,
// FEN input/output, attack and legality queries.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.h"
#include "core/types.h"

namespace chuhe {

// What make/unmake needs to restore, plus what is known about the position it leads to.
struct StateInfo {
    uint64_t key = 0;
    int rule60 = 0;         // plies since the last capture (the FEN half-move field)
    int pliesFromNull = 0;  // plies since the last null move (repetition scans stop there)
    Move move = MOVE_NONE;  // the move that led here (MOVE_NONE at the root)
    Piece captured = NO_PIECE;
    Bitboard checkers = 0;  // enemy pieces giving check to the side to move
    // For fast legality: a move needs the full test only if it moves the king, moves a piece
    // in `pinned`, lands on a square in `screens`, or is made while in check.
    Bitboard pinned = 0;   // own pieces whose leaving may expose the own king
    Bitboard screens = 0;  // empty squares between the own king and an enemy cannon that sees it
};

class Position {
public:
    static constexpr const char* START_FEN =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    static void init();  // attack tables and Zobrist keys; call once at start-up

    Position();

    // Reads a FEN. On failure returns false, leaves the position unchanged and writes the
    // reason to *error. Positions the rules make impossible are rejected too.
    bool set(std::string_view fen, std::string* error = nullptr);
    std::string fen() const;

    // Board access
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Color side_to_move() const { return side_; }
    Square king_square(Color c) const { return kingSq_[c]; }
    Bitboard pieces() const { return byColor_[RED] | byColor_[BLACK]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(Color c, PieceType pt) const { return byPiece_[make_piece(c, pt)]; }
    Bitboard pieces(PieceType pt) const {
        return byPiece_[make_piece(RED, pt)] | byPiece_[make_piece(BLACK, pt)];
    }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }
    // Occupancy of rank r (bit = file) and of file f (bit = rank), kept for the slider tables.
    unsigned rank_occupancy(int r) const { return rankOcc_[r]; }
    unsigned file_occupancy(int f) const { return fileOcc_[f]; }
    // The mailbox board, with an always-empty entry at SQ_NONE (see leg_index).
    const Piece* board() const { return board_; }

    // State
    const StateInfo& state() const { return history_.back(); }
    uint64_t key() const { return state().key; }
    int rule60_count() const { return state().rule60; }
    Piece captured_piece() const { return state().captured; }
    Move last_move() const { return state().move; }
    Bitboard checkers() const { return state().checkers; }
    bool in_check() const { return state().checkers != 0; }
    int game_ply() const { return gamePly_; }
    // Plies made since set(): history() has one entry per position, the first is the root.
    int plies_since_root() const { return int(history_.size()) - 1; }
    const std::vector<StateInfo>& history() const { return history_; }

    // Attacks: pieces of colour `by` attacking square s, with the current occupancy or with
    // a hypothetical one (the attackers themselves are taken from the board as it is).
    Bitboard attackers_to(Square s, Color by) const { return attackers_to(s, by, pieces()); }
    Bitboard attackers_to(Square s, Color by, Bitboard occ) const;
    // Squares a piece of type pt and colour c on s attacks with occupancy occ.
    static Bitboard attacks_from(PieceType pt, Color c, Square s, Bitboard occ);

    // Legality. `legal` expects a pseudo-legal move (as produced by generate()).
    bool legal(Move m) const;
    // The full test behind legal(): is the own king safe after moving from -> to?
    bool king_safe_after(Square from, Square to) const;
    bool pseudo_legal(Move m) const;  // for moves from the TT or killers: may be any value
    bool gives_check(Move m) const;

    // Make/unmake. Moves must be legal.
    void do_move(Move m);
    void undo_move();
    void do_null_move();
    void undo_null_move();

    // ICCS coordinates ("h2e2"; upper case and "H2-E2" are accepted on input).
    // Returns MOVE_NONE and writes the reason when the text is malformed or the move illegal.
    Move parse_move(std::string_view text, std::string* error = nullptr) const;
    static std::string move_to_string(Move m);

    // Debug check: recomputes the key and the check info and compares them.
    bool is_consistent(std::string* error = nullptr) const;
    uint64_t compute_key() const;

private:
    enum Empty { EMPTY };
    explicit Position(Empty);
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void set_check_info(StateInfo& st) const;
    Bitboard king_attackers(Square ksq, Color by, Bitboard occ) const;
    std::string validate() const;

    Piece board_[SQUARE_NB + 1];
    uint16_t rankOcc_[RANK_NB];
    uint16_t fileOcc_[FILE_NB];
    Bitboard byColor_[COLOR_NB];
    Bitboard byPiece_[PIECE_NB];
    Square kingSq_[COLOR_NB];
    Color side_;
    int gamePly_;
    std::vector<StateInfo> history_;
};

std::ostream& operator<<(std::ostream& os, const Position& pos);

}  // namespace chuhe
