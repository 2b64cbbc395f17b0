#include "records/notation.h"

#include <cstdlib>
#include <vector>

#include "core/movegen.h"
#include "records/encoding.h"

namespace chuhe {

namespace {

// Files are numbered 1..9 from the mover's right, as both WXF and Chinese notation do.
int side_file(Color c, int file) { return c == RED ? FILE_NB - file : file + 1; }

// Ranks gained toward the opponent (negative when retreating).
int forward(Color c, int fromRank, int toRank) {
    return c == RED ? toRank - fromRank : fromRank - toRank;
}

bool moves_diagonally(PieceType pt) {
    return pt == HORSE || pt == ELEPHANT || pt == ADVISOR;
}

// Everything the relative notations (WXF, Chinese) say about a move.
struct Description {
    PieceType pt;
    Color us;
    int file;          // 1..9 from the mover's right
    int index;         // 0 for the front-most of our pieces of this type on that file
    int count;         // our pieces of this type on that file
    int stackedFiles;  // files holding two or more of our pieces of this type
    char dir;          // '+' forward, '-' backward, '.' sideways
    int target;        // steps along the file, or the destination file
};

Description describe(const Position& pos, Move m) {
    Square from = from_sq(m), to = to_sq(m);
    Piece pc = pos.piece_on(from);
    Description d{type_of(pc), color_of(pc), side_file(color_of(pc), file_of(from)), 0, 0, 0,
                  '.', 0};
    int perFile[FILE_NB] = {};
    for (Bitboard b = pos.pieces(d.us, d.pt); b;) {
        Square s = pop_lsb(b);
        if (++perFile[file_of(s)] == 2) ++d.stackedFiles;
        if (file_of(s) == file_of(from)) {
            ++d.count;
            if (forward(d.us, rank_of(from), rank_of(s)) > 0) ++d.index;
        }
    }
    int fwd = forward(d.us, rank_of(from), rank_of(to));
    d.dir = fwd > 0 ? '+' : fwd < 0 ? '-' : '.';
    d.target = moves_diagonally(d.pt) || fwd == 0 ? side_file(d.us, file_of(to)) : std::abs(fwd);
    return d;
}

// --- Parsed relative notation --------------------------------------------------------------

// Which of several same-type pieces on one file the text names.
enum class Which {
    FILE_STRICT,  // by file: the only piece there, an advisor/elephant, or the middle pawn
    FILE_ANY,     // by file, any piece there (lenient reading when the strict one fails)
    FRONT,        // 前, ++
    REAR,         // 后, --
    MIDDLE,       // 中, WXF 33 (middle of an odd number)
    NTH,          // 一..五 (Chinese), FSF's 15=6: counted from the front
    WXF_FRONT,    // WXF +: the front piece, or the second of 4-5 pawns
    WXF_REAR      // WXF -: the rear piece, or the second-last of 4-5 pawns
};

struct Spec {
    PieceType pt;
    int file;  // 0 when the text does not give it
    Which which;
    int nth;
    char dir;
    int target;
};

bool matches(const Spec& s, const Description& d) {
    if (s.pt != d.pt || (s.file && s.file != d.file) || s.dir != d.dir || s.target != d.target)
        return false;
    bool many = d.count >= 2;
    switch (s.which) {
    case Which::FILE_STRICT:
        return d.count == 1 || d.pt == ADVISOR || d.pt == ELEPHANT ||
               (d.count % 2 == 1 && d.index == d.count / 2);
    case Which::FILE_ANY: return true;
    case Which::FRONT: return many && d.index == 0;
    case Which::REAR: return many && d.index == d.count - 1;
    case Which::MIDDLE: return d.count % 2 == 1 && d.count >= 3 && d.index == d.count / 2;
    case Which::NTH: return many && d.index == s.nth - 1;
    case Which::WXF_FRONT: return many && d.index == (d.count >= 4 ? 1 : 0);
    case Which::WXF_REAR: return many && d.index == d.count - (d.count >= 4 ? 2 : 1);
    }
    return false;
}

// Strict readings are tried first; lenient ones only if no strict reading names a legal move.
struct Reading {
    std::vector<Spec> strict, lenient;
};

void add_by_file(Reading& r, PieceType pt, int file, char dir, int target) {
    r.strict.push_back({pt, file, Which::FILE_STRICT, 0, dir, target});
    r.lenient.push_back({pt, file, Which::FILE_ANY, 0, dir, target});
}

bool set_error(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return false;
}

// "'text'" followed by why (appended piecewise: GCC 12 warns wrongly on chained operator+).
std::string quoted(std::string_view text, std::string_view why) {
    std::string s = "'";
    s += text;
    s += "'";
    s += why;
    return s;
}

Move select_move(const Position& pos, const Reading& r, std::string_view text,
                 std::string* error) {
    for (const std::vector<Spec>* specs : {&r.strict, &r.lenient}) {
        Move found = MOVE_NONE;
        int n = 0;
        for (Move m : MoveList::of(pos)) {
            PieceType pt = type_of(pos.piece_on(from_sq(m)));
            bool wanted = false;
            for (const Spec& s : *specs) wanted |= s.pt == pt;
            if (!wanted) continue;  // describe() only the moves of the named piece type
            Description d = describe(pos, m);
            for (const Spec& s : *specs)
                if (matches(s, d)) {
                    found = m;
                    ++n;
                    break;
                }
        }
        if (n == 1) return found;
        if (n > 1) {
            set_error(error, quoted(text, " is ambiguous: " + std::to_string(n) +
                                               " legal moves fit it"));
            return MOVE_NONE;
        }
    }
    set_error(error, quoted(text, " names no legal move"));
    return MOVE_NONE;
}

// With style.fileWhenUnique: whether "piece + file" names m alone among the legal moves.
bool file_names_it(const Position& pos, Move m, const Description& d, const NotationStyle& style) {
    if (!style.fileWhenUnique) return false;
    Spec spec{d.pt, d.file, Which::FILE_ANY, 0, d.dir, d.target};
    for (Move o : MoveList::of(pos))
        if (o != m && type_of(pos.piece_on(from_sq(o))) == d.pt && matches(spec, describe(pos, o)))
            return false;
    return true;
}

// --- WXF ---------------------------------------------------------------------------------

const char WXF_LETTERS[] = " RACPHEK";  // indexed by PieceType

PieceType wxf_piece(char c) {
    switch (c) {
    case 'K': case 'k': return KING;
    case 'A': case 'a': return ADVISOR;
    case 'E': case 'e': case 'B': case 'b': return ELEPHANT;
    case 'H': case 'h': case 'N': case 'n': return HORSE;
    case 'R': case 'r': return ROOK;
    case 'C': case 'c': return CANNON;
    case 'P': case 'p': return PAWN;
    default: return NO_PIECE_TYPE;
    }
}

bool is_digit19(char c) { return c >= '1' && c <= '9'; }

bool looks_like_wxf(std::string_view t) {
    return t.size() == 4 &&
           (wxf_piece(t[0]) || t[0] == '+' || t[0] == '-' || is_digit19(t[0])) &&
           (is_digit19(t[1]) || t[1] == '+' || t[1] == '-') &&
           (t[2] == '+' || t[2] == '-' || t[2] == '.' || t[2] == '=') && is_digit19(t[3]);
}

Move parse_wxf(const Position& pos, std::string_view t, std::string* error) {
    char dir = t[2] == '=' ? '.' : t[2];
    int target = t[3] - '0';
    Reading r;
    if (PieceType pt = wxf_piece(t[0])) {
        if (is_digit19(t[1]))
            add_by_file(r, pt, t[1] - '0', dir, target);
        else
            r.strict.push_back({pt, 0, t[1] == '+' ? Which::WXF_FRONT : Which::WXF_REAR, 0, dir,
                                target});
    } else if (t[0] == '+' || t[0] == '-') {
        if (t[1] != t[0]) {
            set_error(error, quoted(t, " is not WXF notation"));
            return MOVE_NONE;
        }
        r.strict.push_back({PAWN, 0, t[0] == '+' ? Which::FRONT : Which::REAR, 0, dir, target});
    } else if (!is_digit19(t[1])) {  // pawns on two files: file, then + or -
        r.strict.push_back({PAWN, t[0] - '0', t[1] == '+' ? Which::WXF_FRONT : Which::WXF_REAR,
                            0, dir, target});
    } else {
        // Two digits: WXF's middle pawn "33.4" (file twice), or Fairy-Stockfish's "15=6"
        // (pawn number from the front, then the file).
        if (t[0] == t[1]) r.strict.push_back({PAWN, t[0] - '0', Which::MIDDLE, 0, dir, target});
        r.strict.push_back({PAWN, t[1] - '0', Which::NTH, t[0] - '0', dir, target});
    }
    return select_move(pos, r, t, error);
}

std::string wxf_move(const Position& pos, Move m, const NotationStyle& style) {
    Description d = describe(pos, m);
    std::string s;
    char fileDigit = char('0' + d.file);
    if (d.count == 1 || d.pt == ADVISOR || d.pt == ELEPHANT || file_names_it(pos, m, d, style)) {
        s = {WXF_LETTERS[d.pt], fileDigit};
    } else if (d.pt != PAWN) {
        s = {WXF_LETTERS[d.pt], d.index == 0 ? '+' : '-'};
    } else if (d.stackedFiles >= 2) {  // 2 or 3 pawns here, 2 or 3 on another file
        char which = d.index == 0 ? '+' : d.index == d.count - 1 ? '-' : fileDigit;
        s = {fileDigit, which};
    } else if (d.count <= 3) {
        s = d.index == 0 ? "P+" : d.index == d.count - 1 ? "P-" : std::string{'P', fileDigit};
    } else {
        // 4-5 pawns: ++, P+, (P<file> for the middle of five), P-, --
        if (d.index == 0) s = "++";
        else if (d.index == d.count - 1) s = "--";
        else if (d.index == 1) s = "P+";
        else if (d.index == d.count - 2) s = "P-";
        else s = {'P', fileDigit};
    }
    s += d.dir;
    s += char('0' + d.target);
    return s;
}

// --- Chinese -----------------------------------------------------------------------------

struct ChineseChars {
    const char* pieces[COLOR_NB][PIECE_TYPE_NB];
    const char* forward;
    const char* rear;
};

const ChineseChars SIMPLIFIED = {
    {{"", "车", "仕", "炮", "兵", "马", "相", "帅"}, {"", "车", "士", "炮", "卒", "马", "象", "将"}},
    "进", "后"};
const ChineseChars TRADITIONAL = {
    {{"", "車", "仕", "炮", "兵", "馬", "相", "帥"}, {"", "車", "士", "炮", "卒", "馬", "象", "將"}},
    "進", "後"};

const char* const RED_NUMBERS[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
const char* const BLACK_NUMBERS[] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

PieceType chinese_piece(char32_t c) {
    switch (c) {
    case U'帥': case U'帅': case U'將': case U'将': return KING;
    case U'仕': case U'士': return ADVISOR;
    case U'相': case U'象': return ELEPHANT;
    case U'馬': case U'马': case U'傌': return HORSE;
    case U'車': case U'车': case U'俥': return ROOK;
    case U'炮': case U'砲': case U'包': return CANNON;
    case U'兵': case U'卒': return PAWN;
    default: return NO_PIECE_TYPE;
    }
}

// 1..9 for 一..九, ASCII and full-width digits; 0 otherwise.
int chinese_number(char32_t c) {
    static const char32_t numerals[] = U"一二三四五六七八九";
    for (int i = 0; i < 9; ++i)
        if (c == numerals[i]) return i + 1;
    if (c >= U'1' && c <= U'9') return int(c - U'0');
    if (c >= U'１' && c <= U'９') return int(c - U'１') + 1;
    return 0;
}

char chinese_direction(char32_t c) {
    switch (c) {
    case U'進': case U'进': return '+';
    case U'退': return '-';
    case U'平': return '.';
    default: return 0;
    }
}

// 前, 中, 后/後 or a number 一..五 in front of a piece: which of the stacked pieces.
bool chinese_which(char32_t c, Which* which, int* nth) {
    switch (c) {
    case U'前': *which = Which::FRONT; return true;
    case U'中': *which = Which::MIDDLE; return true;
    case U'後': case U'后': *which = Which::REAR; return true;
    default:
        *nth = chinese_number(c);
        *which = Which::NTH;
        return *nth >= 1 && *nth <= 5;
    }
}

Move parse_chinese(const Position& pos, std::string_view text, std::string* error) {
    std::u32string t;
    for (char32_t c : utf8_to_u32(text))
        if (c != U' ' && c != U'\u3000' && c != U'\t') t += c;
    auto fail = [&](const char* why) {
        set_error(error, quoted(text, ": " + std::string(why)));
        return MOVE_NONE;
    };
    if (t.size() != 4 && t.size() != 5) return fail("Chinese notation has 4 characters");
    char dir = chinese_direction(t[t.size() - 2]);
    int target = chinese_number(t.back());
    if (!dir || !target) return fail("expected 进/退/平 and a number at the end");
    Reading r;
    Which which;
    int nth = 0;
    if (t.size() == 4 && chinese_piece(t[0])) {  // 炮二平五
        int file = chinese_number(t[1]);
        if (!file) return fail("expected a file number after the piece");
        add_by_file(r, chinese_piece(t[0]), file, dir, target);
    } else if (t.size() == 4 && chinese_which(t[0], &which, &nth) && chinese_piece(t[1])) {
        r.strict.push_back({chinese_piece(t[1]), 0, which, nth, dir, target});  // 前车进一
    } else if (t.size() == 4 && chinese_which(t[0], &which, &nth) && chinese_number(t[1])) {
        r.strict.push_back({PAWN, chinese_number(t[1]), which, nth, dir, target});  // 前九平八
    } else if (t.size() == 5 && chinese_which(t[0], &which, &nth) && chinese_piece(t[1]) &&
               chinese_number(t[2])) {  // 前兵九平八
        r.strict.push_back({chinese_piece(t[1]), chinese_number(t[2]), which, nth, dir, target});
    } else {
        return fail("not Chinese move notation");
    }
    return select_move(pos, r, text, error);
}

std::string chinese_move(const Position& pos, Move m, const NotationStyle& style) {
    const ChineseChars& cc = style.traditional ? TRADITIONAL : SIMPLIFIED;
    Description d = describe(pos, m);
    const char* const* numbers = d.us == RED ? RED_NUMBERS : BLACK_NUMBERS;
    const char* piece = cc.pieces[d.us][d.pt];
    // Position among stacked pieces: 前/后 for two, 前/中/后 for three, 一..五 for more.
    auto which = [&]() -> std::string {
        if (d.count >= 4) return RED_NUMBERS[d.index + 1];
        return d.index == 0 ? "前" : d.index == d.count - 1 ? cc.rear : "中";
    };
    std::string s;
    if (d.count == 1 || d.pt == ADVISOR || d.pt == ELEPHANT || file_names_it(pos, m, d, style))
        s = std::string(piece) + numbers[d.file];
    else if (d.pt == PAWN && d.stackedFiles >= 2)
        s = which() + numbers[d.file];  // 前九平八: the file tells which stack
    else
        s = which() + piece;
    s += d.dir == '+' ? cc.forward : d.dir == '-' ? "退" : "平";
    s += numbers[d.target];
    return s;
}

// --- SAN and coordinates ---------------------------------------------------------------------

bool is_file_letter(char c) { return c >= 'a' && c <= 'i'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_iccs_file(char c) { return (c >= 'a' && c <= 'i') || (c >= 'A' && c <= 'I'); }

// h2e2, H2E2 or H2-E2. Both file letters have the same case: "A1e2" is SAN (advisor from
// rank 1 to e2).
bool looks_like_iccs(std::string_view t) {
    size_t second = t.size() == 5 && t[2] == '-' ? 3 : 2;
    return t.size() == second + 2 && is_iccs_file(t[0]) && is_digit(t[1]) &&
           is_iccs_file(t[second]) && is_digit(t[second + 1]) &&
           (t[0] >= 'a') == (t[second] >= 'a');
}

Move parse_san(const Position& pos, std::string_view text, std::string* error, int rankBase) {
    std::string_view t = text;
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' ||
                          t.back() == '?'))
        t.remove_suffix(1);
    auto fail = [&](const std::string& why) {
        set_error(error, quoted(text, ": " + std::string(why)));
        return MOVE_NONE;
    };
    // Destination: a file letter and a rank of one or two digits, at the end.
    size_t digits = 0;
    while (digits < t.size() && digits < 2 && is_digit(t[t.size() - 1 - digits])) ++digits;
    if (digits == 2 && t.substr(t.size() - 2) != "10") digits = 1;
    if (!digits || t.size() < digits + 1 || !is_file_letter(t[t.size() - 1 - digits]))
        return fail("not a move in any known notation");
    int toFile = t[t.size() - 1 - digits] - 'a';
    int toRank = std::stoi(std::string(t.substr(t.size() - digits)));
    bool sawTen = toRank == 10;
    t.remove_suffix(digits + 1);
    if (!t.empty() && (t.back() == 'x' || t.back() == '-' || t.back() == ':')) t.remove_suffix(1);
    PieceType pt = NO_PIECE_TYPE;
    if (!t.empty() && t[0] >= 'A' && t[0] <= 'Z') {
        pt = wxf_piece(t[0]);
        if (!pt) return fail("unknown piece letter");
        t.remove_prefix(1);
    }
    int fromFile = -1, fromRank = -1;
    if (!t.empty() && is_file_letter(t[0])) {
        fromFile = t[0] - 'a';
        t.remove_prefix(1);
    }
    if (!t.empty()) {
        if (t == "10") sawTen = true;
        else if (t.size() != 1 || !is_digit(t[0])) return fail("not a move in any known notation");
        fromRank = std::stoi(std::string(t));
    }
    if (sawTen) rankBase = 1;
    toRank -= rankBase;
    if (fromRank >= 0) fromRank -= rankBase;
    if (toRank < 0 || toRank >= RANK_NB || fromRank >= RANK_NB || fromRank < -1)
        return fail("rank out of range");
    // Without a piece letter it is a pawn move, unless both squares are given (coordinates).
    bool coordinates = pt == NO_PIECE_TYPE && fromFile >= 0 && fromRank >= 0;
    if (pt == NO_PIECE_TYPE && !coordinates) pt = PAWN;
    Square to = make_square(toFile, toRank);
    Move found = MOVE_NONE;
    int n = 0;
    // A pawn move without its file ("f6") goes straight ahead; XBoard writes sideways pawn
    // moves with the file they leave ("fe6"). Other writers may not: then any pawn will do.
    bool straightPawn = pt == PAWN && fromFile < 0 && !coordinates;
    for (int pass = straightPawn ? 0 : 1; pass < 2 && n == 0; ++pass)
        for (Move m : MoveList::of(pos)) {
            Square from = from_sq(m);
            if (to_sq(m) != to || (!coordinates && type_of(pos.piece_on(from)) != pt) ||
                (fromFile >= 0 && file_of(from) != fromFile) ||
                (fromRank >= 0 && rank_of(from) != fromRank) ||
                (pass == 0 && file_of(from) != toFile))
                continue;
            found = m;
            ++n;
        }
    if (n == 1) return found;
    return fail(n ? "ambiguous: " + std::to_string(n) + " legal moves fit it"
                  : "names no legal move");
}

std::string san_move(const Position& pos, Move m, int rankBase) {
    Square from = from_sq(m), to = to_sq(m);
    PieceType pt = type_of(pos.piece_on(from));
    bool capture = !pos.empty(to);
    std::string s;
    if (pt != PAWN) s += WXF_LETTERS[pt];
    bool sameFile = false, sameRank = false, other = false;
    for (Move o : MoveList::of(pos))
        if (o != m && to_sq(o) == to && type_of(pos.piece_on(from_sq(o))) == pt) {
            other = true;
            sameFile |= file_of(from_sq(o)) == file_of(from);
            sameRank |= rank_of(from_sq(o)) == rank_of(from);
        }
    // Pawns name the file they leave when they capture or move sideways (XBoard's "fe6").
    if ((other && (!sameFile || sameRank)) ||
        (pt == PAWN && (capture || file_of(from) != file_of(to))))
        s += char('a' + file_of(from));
    if (other && sameFile) s += std::to_string(rank_of(from) + rankBase);
    if (capture) s += 'x';
    s += char('a' + file_of(to));
    s += std::to_string(rank_of(to) + rankBase);
    if (pos.gives_check(m)) {
        Position after = pos;
        after.do_move(m);
        s += MoveList::of(after).size() == 0 ? '#' : '+';
    }
    return s;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

bool parse_notation_name(std::string_view name, Notation* out) {
    std::string lower;
    for (char c : name) lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "iccs") *out = Notation::ICCS;
    else if (lower == "wxf") *out = Notation::WXF;
    else if (lower == "chinese") *out = Notation::CHINESE;
    else if (lower == "san") *out = Notation::SAN;
    else return false;
    return true;
}

const char* notation_name(Notation n) {
    switch (n) {
    case Notation::ICCS: return "ICCS";
    case Notation::WXF: return "WXF";
    case Notation::CHINESE: return "Chinese";
    case Notation::SAN: return "SAN";
    }
    return "";
}

std::string move_to_text(const Position& pos, Move m, Notation n, const NotationStyle& style) {
    switch (n) {
    case Notation::ICCS: {
        std::string s = Position::move_to_string(m);
        if (!style.iccsDash) return s;
        return {char(s[0] - 'a' + 'A'), s[1], '-', char(s[2] - 'a' + 'A'), s[3]};
    }
    case Notation::WXF: return wxf_move(pos, m, style);
    case Notation::CHINESE: return chinese_move(pos, m, style);
    case Notation::SAN: return san_move(pos, m, style.sanRankBase);
    }
    return {};
}

Notation classify_move_text(std::string_view text) {
    std::string_view t = trim(text);
    for (char c : t)
        if (static_cast<unsigned char>(c) >= 0x80) return Notation::CHINESE;
    if (looks_like_wxf(t)) return Notation::WXF;
    if (looks_like_iccs(t)) return Notation::ICCS;
    return Notation::SAN;
}

Move parse_move_text(const Position& pos, std::string_view text, std::string* error,
                     int sanRankBase) {
    std::string_view t = trim(text);
    switch (classify_move_text(t)) {
    case Notation::CHINESE: return parse_chinese(pos, t, error);
    case Notation::WXF: return parse_wxf(pos, t, error);
    case Notation::ICCS:
        // Coordinates follow the caller's rank base: UCCI counts ranks 0-9, xiangqi UCI 1-10.
        if (sanRankBase == 0) return pos.parse_move(t, error);
        {
            std::string lower;
            for (char c : t)
                if (c != '-') lower += char(c >= 'A' && c <= 'I' ? c - 'A' + 'a' : c);
            return parse_san(pos, lower, error, sanRankBase);
        }
    case Notation::SAN: return parse_san(pos, t, error, sanRankBase);
    }
    return MOVE_NONE;
}

}  // namespace chuhe
