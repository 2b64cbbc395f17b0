#include "core/position.h"

#include <cctype>
#include <initializer_list>
#include <cstring>
#include <ostream>
#include <sstream>

#include "core/movegen.h"
#include "core/zobrist.h"

namespace chuhe {

namespace {

constexpr std::string_view PIECE_CHARS = " RACPNBK racpnbk";

Piece piece_from_char(char c) {
    // H (horse) and E (elephant) are accepted as synonyms of N and B.
    switch (c) {
    case 'H': c = 'N'; break;
    case 'h': c = 'n'; break;
    case 'E': c = 'B'; break;
    case 'e': c = 'b'; break;
    default: break;
    }
    size_t i = PIECE_CHARS.find(c);
    return i == std::string_view::npos || c == ' ' ? NO_PIECE : Piece(i);
}

bool fail(std::string* error, const std::string& reason) {
    if (error) *error = reason;
    return false;
}

const char* piece_name(PieceType pt) {
    static const char* NAMES[] = {"", "rook", "advisor", "cannon", "pawn", "horse", "elephant", "king"};
    return NAMES[pt];
}

std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

}  // namespace

void Position::init() {
    init_bitboards();
    Zobrist::init();
}

Position::Position(Empty) { clear(); }

Position::Position() : Position(EMPTY) { set(START_FEN); }

void Position::clear() {
    std::memset(board_, 0, sizeof(board_));
    std::memset(rankOcc_, 0, sizeof(rankOcc_));
    std::memset(fileOcc_, 0, sizeof(fileOcc_));
    std::memset(byColor_, 0, sizeof(byColor_));
    std::memset(byPiece_, 0, sizeof(byPiece_));
    kingSq_[RED] = kingSq_[BLACK] = SQ_NONE;
    side_ = RED;
    gamePly_ = 0;
    history_.clear();
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    rankOcc_[rank_of(s)] ^= 1u << file_of(s);
    fileOcc_[file_of(s)] ^= 1u << rank_of(s);
    byColor_[color_of(p)] |= square_bb(s);
    byPiece_[p] |= square_bb(s);
    if (type_of(p) == KING) kingSq_[color_of(p)] = s;
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    byColor_[color_of(p)] ^= square_bb(s);
    byPiece_[p] ^= square_bb(s);
    board_[s] = NO_PIECE;
    rankOcc_[rank_of(s)] ^= 1u << file_of(s);
    fileOcc_[file_of(s)] ^= 1u << rank_of(s);
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard fromTo = square_bb(from) | square_bb(to);
    byColor_[color_of(p)] ^= fromTo;
    byPiece_[p] ^= fromTo;
    board_[from] = NO_PIECE;
    board_[to] = p;
    rankOcc_[rank_of(from)] ^= 1u << file_of(from);
    fileOcc_[file_of(from)] ^= 1u << rank_of(from);
    rankOcc_[rank_of(to)] ^= 1u << file_of(to);
    fileOcc_[file_of(to)] ^= 1u << rank_of(to);
    if (type_of(p) == KING) kingSq_[color_of(p)] = to;
}

bool Position::set(std::string_view fen, std::string* error) {
    std::istringstream in{std::string(fen)};
    std::string placement, side, castling, ep, halfmove, fullmove;
    in >> placement >> side >> castling >> ep >> halfmove >> fullmove;
    if (placement.empty()) return fail(error, "empty FEN");
    // Fields past the sixth are ignored, as ElephantEye does: the UCCI league runner appends
    // " - - 0 1" to a start FEN that already has all six.

    Position p(EMPTY);  // built aside so that a bad FEN leaves *this untouched
    int rank = RANK_NB - 1, file = 0;
    for (char c : placement) {
        if (c == '/') {
            if (file != FILE_NB)
                return fail(error, "FEN rank " + std::to_string(rank) + " has " +
                                       std::to_string(file) + " files, expected 9");
            if (--rank < 0) return fail(error, "FEN has more than 10 ranks");
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > FILE_NB)
                return fail(error, "FEN rank " + std::to_string(rank) + " has more than 9 files");
        } else if (Piece pc = piece_from_char(c); pc != NO_PIECE) {
            if (file >= FILE_NB)
                return fail(error, "FEN rank " + std::to_string(rank) + " has more than 9 files");
            p.put_piece(pc, make_square(file++, rank));
        } else
            return fail(error, std::string("FEN has an unknown piece letter '") + c + "'");
    }
    if (rank != 0 || file != FILE_NB)
        return fail(error, "FEN board must have 10 ranks of 9 files");

    if (side.empty()) return fail(error, "FEN has no side to move");
    if (side == "w" || side == "r" || side == "W" || side == "R")
        p.side_ = RED;
    else if (side == "b" || side == "B")
        p.side_ = BLACK;
    else
        return fail(error, "FEN side to move must be 'w' (or 'r') or 'b', not '" + side + "'");

    auto number = [](const std::string& s, int& out) {
        if (s.empty() || s == "-") return true;
        if (s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return false;
        out = std::stoi(s);
        return true;
    };
    int rule60 = 0, fullmoves = 1;
    if (!number(halfmove, rule60)) return fail(error, "FEN half-move field is not a number: '" + halfmove + "'");
    if (!number(fullmove, fullmoves)) return fail(error, "FEN move number is not a number: '" + fullmove + "'");
    p.gamePly_ = 2 * std::max(fullmoves - 1, 0) + (p.side_ == BLACK);
    if (rule60 > p.gamePly_)
        return fail(error, "FEN half-move field " + std::to_string(rule60) + " is larger than the " +
                               std::to_string(p.gamePly_) + " plies played before move " +
                               std::to_string(std::max(fullmoves, 1)));

    if (std::string reason = p.validate(); !reason.empty()) return fail(error, reason);

    StateInfo st;
    st.key = p.compute_key();
    st.rule60 = rule60;
    p.history_.reserve(256);
    p.history_.push_back(st);
    p.set_check_info(p.history_.back());
    *this = std::move(p);
    return true;
}

// Why a placement is impossible under the rules, or "" when it is possible.
std::string Position::validate() const {
    static const int MAX_COUNT[PIECE_TYPE_NB] = {0, 2, 2, 2, 5, 2, 2, 1};
    for (Color c : {RED, BLACK}) {
        const char* side = c == RED ? "red" : "black";
        if (count(c, KING) != 1)
            return std::string(side) + " must have exactly one king, has " + std::to_string(count(c, KING));
        for (PieceType pt : {ROOK, ADVISOR, CANNON, PAWN, HORSE, ELEPHANT})
            if (count(c, pt) > MAX_COUNT[pt])
                return std::string(side) + " has " + std::to_string(count(c, pt)) + " " + piece_name(pt) +
                       "s, at most " + std::to_string(MAX_COUNT[pt]) + " allowed";
        for (Bitboard b = pieces(c); b;) {
            Square s = pop_lsb(b);
            PieceType pt = type_of(board_[s]);
            int f = file_of(s), r = relative_rank(c, rank_of(s));
            bool ok = true;
            switch (pt) {
            case KING: ok = f >= 3 && f <= 5 && r <= 2; break;
            case ADVISOR: ok = (r == 0 || r == 2) ? (f == 3 || f == 5) : (r == 1 && f == 4); break;
            case ELEPHANT: ok = (r == 0 || r == 4) ? (f == 2 || f == 6) : (r == 2 && (f % 4 == 0)); break;
            // An uncrossed pawn cannot move sideways, so it stays on its starting file.
            case PAWN: ok = r >= 5 || (r >= 3 && f % 2 == 0); break;
            default: break;
            }
            if (!ok) return std::string(side) + " " + piece_name(pt) + " on " + square_name(s) + " is on a square it can never reach";
        }
        // Pawns start on five different files and cannot leave theirs before the river.
        int uncrossedOnFile[FILE_NB] = {};
        for (Bitboard b = pieces(c, PAWN); b;) {
            Square s = pop_lsb(b);
            if (relative_rank(c, rank_of(s)) < 5 && ++uncrossedOnFile[file_of(s)] > 1)
                return std::string(side) + " has two pawns on file " + char('a' + file_of(s)) +
                       " that have not crossed the river";
        }
    }
    Bitboard occ = pieces();
    if (file_first_blockers(kingSq_[RED], occ) & pieces(BLACK, KING))
        return "the kings face each other on an open file";
    if (king_attackers(kingSq_[~side_], side_, occ))
        return std::string("the side not to move (") + (side_ == RED ? "black" : "red") + ") is in check";
    return "";
}

std::string Position::fen() const {
    std::string s;
    for (int r = RANK_NB - 1; r >= 0; --r) {
        int empties = 0;
        for (int f = 0; f < FILE_NB; ++f) {
            Piece p = board_[make_square(f, r)];
            if (p == NO_PIECE) {
                ++empties;
                continue;
            }
            if (empties) s += char('0' + empties), empties = 0;
            s += PIECE_CHARS[p];
        }
        if (empties) s += char('0' + empties);
        if (r) s += '/';
    }
    s += side_ == RED ? " w - - " : " b - - ";
    s += std::to_string(rule60_count()) + " " + std::to_string(1 + gamePly_ / 2);
    return s;
}

uint64_t Position::compute_key() const {
    uint64_t k = side_ == BLACK ? Zobrist::side : 0;
    for (Square s = 0; s < SQUARE_NB; ++s)
        if (board_[s]) k ^= Zobrist::psq[board_[s]][s];
    return k;
}

Bitboard Position::attacks_from(PieceType pt, Color c, Square s, Bitboard occ) {
    switch (pt) {
    case ROOK: return rook_attacks(s, occ);
    case CANNON: return cannon_attacks(s, occ);
    case HORSE: return horse_moves(s, occ);
    case ELEPHANT: return elephant_moves(s, occ);
    case ADVISOR: return Tables::advisor_moves[s];
    case KING: return Tables::king_moves[s];
    case PAWN: return Tables::pawn_moves[c][s];
    default: return 0;
    }
}

Bitboard Position::attackers_to(Square s, Color by, Bitboard occ) const {
    return (rook_attacks(s, occ) & pieces(by, ROOK)) | (cannon_attacks(s, occ) & pieces(by, CANNON)) |
           (horse_attackers(s, occ) & pieces(by, HORSE)) |
           (Tables::pawn_attackers[by][s] & pieces(by, PAWN)) |
           (elephant_moves(s, occ) & pieces(by, ELEPHANT)) |
           (Tables::advisor_moves[s] & pieces(by, ADVISOR)) | (Tables::king_moves[s] & pieces(by, KING));
}

// Pieces of `by` attacking the king square ksq, counting the flying general: a king sees the
// other king along an open file. Advisors and elephants never reach the enemy palace.
inline Bitboard Position::king_attackers(Square ksq, Color by, Bitboard occ) const {
    return (rook_attacks(ksq, occ) & (pieces(by, ROOK) | pieces(by, KING))) |
           (cannon_attacks(ksq, occ) & pieces(by, CANNON)) |
           (horse_attackers(ksq, occ) & pieces(by, HORSE)) |
           (Tables::pawn_attackers[by][ksq] & pieces(by, PAWN));
}

namespace {

// What one line (rank or file) through the king holds, as bit sets along that line.
struct LineThreats {
    unsigned checkers = 0, pinned = 0, screens = 0;
};

// Along a line through the king at `pos`: an enemy rook (on a file also the enemy king) that
// is the first blocker, or a cannon that is the second, gives check. An own first blocker in
// front of such a rook is pinned; both blockers in front of a cannon that is the third are
// pinned; the empty squares in front of a cannon that is the first blocker become a screen if
// filled. The two halves of the line are its two directions.
inline LineThreats scan_line(const LineMasks& m, int pos, unsigned rooks, unsigned cannons, unsigned own) {
    LineThreats t;
    t.checkers = (m.first & rooks) | (m.second & cannons);
    unsigned below = (1u << pos) - 1;
    for (unsigned half : {below, ~below & ~(1u << pos)}) {
        unsigned b1 = m.first & half, b2 = m.second & half, b3 = m.third & half;
        if (b2 & rooks) t.pinned |= b1 & own;
        if (b3 & cannons) t.pinned |= (b1 | b2) & own;
        if (b1 & cannons) t.screens |= m.quiet & half;
    }
    return t;
}

}  // namespace

// Fills checkers, pinned and screens for the side to move (see StateInfo).
void Position::set_check_info(StateInfo& st) const {
    Color us = side_, them = ~us;
    Square ksq = kingSq_[us];
    int r = rank_of(ksq), f = file_of(ksq);
    Bitboard own = pieces(us), rooks = pieces(them, ROOK), cannons = pieces(them, CANNON);

    // The kings never share a rank, so the enemy king only matters on the file.
    LineThreats onRank = scan_line(Tables::rank_lines[f][rankOcc_[r]], f, rank_bits(rooks, r),
                                   rank_bits(cannons, r), rank_bits(own, r));
    LineThreats onFile = scan_line(Tables::file_lines[r][fileOcc_[f]], r,
                                   file_bits(rooks | pieces(them, KING), f), file_bits(cannons, f),
                                   file_bits(own, f));
    // Checks, pins and screens are rare: skip the 128-bit conversions of empty line masks.
    st.checkers = (horse_attackers(ksq, board_) & pieces(them, HORSE)) |
                  (Tables::pawn_attackers[them][ksq] & pieces(them, PAWN));
    st.pinned = st.screens = 0;
    if (onRank.checkers | onRank.pinned | onRank.screens) {
        st.checkers |= rank_to_bb(onRank.checkers, r);
        st.pinned |= rank_to_bb(onRank.pinned, r);
        st.screens |= rank_to_bb(onRank.screens, r);
    }
    if (onFile.checkers | onFile.pinned | onFile.screens) {
        st.checkers |= file_to_bb(onFile.checkers, f);
        st.pinned |= file_to_bb(onFile.pinned, f);
        st.screens |= file_to_bb(onFile.screens, f);
    }

    // Horse legs: an own piece on the leg of an enemy horse that would otherwise give check.
    if (Tables::horse_attackers[ksq][0] & pieces(them, HORSE))
        for (int i = 0; i < 4; ++i) {
            Square leg = Tables::diagonal_neighbours[ksq][i];
            if (leg != SQ_NONE && (own & square_bb(leg)) &&
                (Tables::horse_attackers[ksq][0xF ^ (1u << i)] & pieces(them, HORSE)))
                st.pinned |= square_bb(leg);
        }
}

bool Position::king_safe_after(Square from, Square to) const {
    Color us = side_, them = ~us;
    Square ksq = from == kingSq_[us] ? to : kingSq_[us];
    int r = rank_of(ksq), f = file_of(ksq);
    // Line occupancies of the king's rank and file after the move, without a 128-bit gather.
    unsigned rankOcc = rankOcc_[r], fileOcc = fileOcc_[f];
    if (rank_of(from) == r) rankOcc ^= 1u << file_of(from);
    if (file_of(from) == f) fileOcc ^= 1u << rank_of(from);
    if (rank_of(to) == r) rankOcc |= 1u << file_of(to);
    if (file_of(to) == f) fileOcc |= 1u << rank_of(to);
    Bitboard alive = ~square_bb(to);  // a captured piece attacks no more
    Bitboard rooks = (pieces(them, ROOK) | pieces(them, KING)) & alive, cannons = pieces(them, CANNON) & alive;
    const LineMasks& onRank = Tables::rank_lines[f][rankOcc];
    const LineMasks& onFile = Tables::file_lines[r][fileOcc];
    if ((rank_to_bb(onRank.first, r) | file_to_bb(onFile.first, f)) & rooks) return false;
    if ((rank_to_bb(onRank.second, r) | file_to_bb(onFile.second, f)) & cannons) return false;
    if (Tables::pawn_attackers[them][ksq] & pieces(them, PAWN) & alive) return false;
    Bitboard occ = (pieces() ^ square_bb(from)) | square_bb(to);
    return !(horse_attackers(ksq, occ) & pieces(them, HORSE) & alive);
}

bool Position::legal(Move m) const {
    const StateInfo& st = state();
    Square from = from_sq(m), to = to_sq(m);
    if (st.checkers || from == kingSq_[side_] || ((st.pinned >> from) & 1) || ((st.screens >> to) & 1))
        return king_safe_after(from, to);
    return true;
}

bool Position::pseudo_legal(Move m) const {
    Square from = from_sq(m), to = to_sq(m);
    if (m == MOVE_NONE || m == MOVE_NULL || !is_ok(from) || !is_ok(to) || from == to) return false;
    Piece pc = board_[from];
    if (pc == NO_PIECE || color_of(pc) != side_ || (pieces(side_) & square_bb(to))) return false;
    Bitboard occ = pieces();
    if (type_of(pc) == CANNON)
        return (slider_quiets(from, occ) & square_bb(to)) ||
               (cannon_attacks(from, occ) & pieces(~side_) & square_bb(to));
    return attacks_from(type_of(pc), side_, from, occ) & square_bb(to);
}

bool Position::gives_check(Move m) const {
    Square from = from_sq(m), to = to_sq(m);
    Color us = side_, them = ~us;
    Square ksq = kingSq_[them];
    Bitboard occ = (pieces() ^ square_bb(from)) | square_bb(to);
    Piece pc = board_[from];
    // Direct check by the moved piece, then discovered checks by the others (flying general too).
    Bitboard ownAfter = (pieces(us) ^ square_bb(from)) | square_bb(to);
    Bitboard others = ownAfter ^ square_bb(to);
    bool direct = false;
    switch (type_of(pc)) {
    case ROOK: direct = rook_attacks(to, occ) & square_bb(ksq); break;
    case CANNON: direct = cannon_attacks(to, occ) & square_bb(ksq); break;
    case HORSE: direct = horse_attackers(ksq, occ) & square_bb(to); break;
    case PAWN: direct = Tables::pawn_attackers[us][ksq] & square_bb(to); break;
    case KING: direct = file_first_blockers(ksq, occ) & square_bb(to); break;
    default: break;
    }
    return direct || (king_attackers(ksq, us, occ) & others);
}

void Position::do_move(Move m) {
    Square from = from_sq(m), to = to_sq(m);
    history_.push_back(history_.back());
    StateInfo& st = history_.back();
    st.key ^= Zobrist::side;
    st.rule60++;
    st.pliesFromNull++;
    st.move = m;
    st.captured = board_[to];
    if (st.captured) {
        st.key ^= Zobrist::psq[st.captured][to];
        remove_piece(to);
        st.rule60 = 0;
    }
    Piece pc = board_[from];
    st.key ^= Zobrist::psq[pc][from] ^ Zobrist::psq[pc][to];
    move_piece(from, to);
    side_ = ~side_;
    ++gamePly_;
    set_check_info(st);
}

void Position::undo_move() {
    const StateInfo& st = history_.back();
    Square from = from_sq(st.move), to = to_sq(st.move);
    move_piece(to, from);
    if (st.captured) put_piece(st.captured, to);
    side_ = ~side_;
    --gamePly_;
    history_.pop_back();
}

void Position::do_null_move() {
    history_.push_back(history_.back());
    StateInfo& st = history_.back();
    st.key ^= Zobrist::side;
    st.rule60++;
    st.pliesFromNull = 0;
    st.move = MOVE_NULL;
    st.captured = NO_PIECE;
    side_ = ~side_;
    ++gamePly_;
    set_check_info(st);
}

void Position::undo_null_move() {
    side_ = ~side_;
    --gamePly_;
    history_.pop_back();
}

Move Position::parse_move(std::string_view text, std::string* error) const {
    std::string t;
    for (char c : text)
        if (c != '-') t += char(std::tolower(static_cast<unsigned char>(c)));
    auto square = [&](size_t i) {
        return t[i] >= 'a' && t[i] <= 'i' && t[i + 1] >= '0' && t[i + 1] <= '9'
                   ? make_square(t[i] - 'a', t[i + 1] - '0')
                   : SQ_NONE;
    };
    if (t.size() != 4 || square(0) == SQ_NONE || square(2) == SQ_NONE) {
        fail(error, "malformed move '" + std::string(text) + "': expected ICCS coordinates such as h2e2");
        return MOVE_NONE;
    }
    Square from = square(0), to = square(2);
    Move m = make_move(from, to);
    std::string name(text);
    if (board_[from] == NO_PIECE)
        fail(error, "illegal move '" + name + "': no piece on " + square_name(from));
    else if (color_of(board_[from]) != side_)
        fail(error, "illegal move '" + name + "': the piece on " + square_name(from) + " is " +
                        (side_ == RED ? "black's" : "red's") + " and " + (side_ == RED ? "red" : "black") +
                        " is to move");
    else if (!pseudo_legal(m))
        fail(error, "illegal move '" + name + "': the " + piece_name(type_of(board_[from])) + " on " +
                        square_name(from) + " cannot move to " + square_name(to));
    else if (!legal(m))
        fail(error, "illegal move '" + name + "': it leaves the own king in check or facing the other king");
    else
        return m;
    return MOVE_NONE;
}

std::string Position::move_to_string(Move m) {
    if (m == MOVE_NONE) return "(none)";
    if (m == MOVE_NULL) return "0000";
    return square_name(from_sq(m)) + square_name(to_sq(m));
}

bool Position::is_consistent(std::string* error) const {
    if (compute_key() != key()) return fail(error, "Zobrist key differs from recomputation");
    StateInfo fresh = state();
    set_check_info(fresh);
    if (fresh.checkers != checkers() || fresh.pinned != state().pinned || fresh.screens != state().screens)
        return fail(error, "check info differs from recomputation");
    for (int r = 0; r < RANK_NB; ++r)
        if (rankOcc_[r] != rank_bits(pieces(), r)) return fail(error, "rank occupancy differs from the bitboards");
    for (int f = 0; f < FILE_NB; ++f)
        if (fileOcc_[f] != file_bits(pieces(), f)) return fail(error, "file occupancy differs from the bitboards");
    for (Square s = 0; s < SQUARE_NB; ++s) {
        Piece p = board_[s];
        bool inBoards = p ? bool(byPiece_[p] & square_bb(s)) && bool(byColor_[color_of(p)] & square_bb(s))
                          : !(pieces() & square_bb(s));
        if (!inBoards) return fail(error, "bitboards disagree with the board on " + square_name(s));
    }
    return true;
}

std::ostream& operator<<(std::ostream& os, const Position& pos) {
    for (int r = RANK_NB - 1; r >= 0; --r) {
        os << r << ' ';
        for (int f = 0; f < FILE_NB; ++f) {
            Piece p = pos.piece_on(make_square(f, r));
            os << (p ? PIECE_CHARS[p] : '.') << ' ';
        }
        os << '\n';
    }
    return os << "  a b c d e f g h i\n" << pos.fen() << '\n';
}

}  // namespace chuhe
