#include "records/xqf.h"

#include <array>
#include <cstdint>

#include "core/movegen.h"
#include "records/encoding.h"

namespace chuhe {

namespace {

constexpr size_t HEADER_SIZE = 0x400;
constexpr int PIECES = 32;

// The 16 pieces of one side in the order of the XQF piece table.
constexpr PieceType PIECE_ORDER[16] = {ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT,
                                       HORSE, ROOK, CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN};

struct TextField {
    size_t offset;
    size_t capacity;  // bytes after the length byte
    const char* tag;
};

constexpr TextField TEXT_FIELDS[] = {
    {0x50, 63, "Title"},    {0xD0, 63, "Event"},      {0x110, 15, "Date"},
    {0x120, 15, "Site"},    {0x130, 15, "Red"},       {0x140, 15, "Black"},
    {0x150, 63, "TimeControl"}, {0x190, 15, "RedTime"}, {0x1A0, 15, "BlackTime"},
    {0x1D0, 15, "Annotator"}, {0x1E0, 15, "Author"}};

const char* const RESULTS[] = {"*", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};

// Keys of the encrypted versions (XQStudio 1.1+), derived from header bytes 0x03-0x0F.
struct Keys {
    uint8_t xy = 0, from = 0, to = 0;  // offsets of piece squares, move origins, destinations
    uint32_t commentSize = 0;          // added to comment lengths
    std::array<uint8_t, 32> stream{};  // subtracted from the move records, cyclically
};

uint8_t key_square(uint8_t b) { return uint8_t(((((b * b * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8)); }

Keys make_keys(const uint8_t* h) {
    Keys k;
    uint8_t mask = h[3], sum = h[12], xy = h[13], xyf = h[14], xyt = h[15];
    k.xy = uint8_t(key_square(xy) * xy);
    k.from = uint8_t(key_square(xyf) * k.xy);
    k.to = uint8_t(key_square(xyt) * k.from);
    k.commentSize = (sum * 256u + xy) % 32000u + 767u;
    const uint8_t bytes[4] = {uint8_t((sum & mask) | h[8]), uint8_t((xy & mask) | h[9]),
                              uint8_t((xyf & mask) | h[10]), uint8_t((xyt & mask) | h[11])};
    static const char copyright[] = "[(C) Copyright Mr. Dong Shiwei.]";
    for (int i = 0; i < 32; ++i) k.stream[i] = uint8_t(copyright[i] & bytes[i % 4]);
    return k;
}

// The move records after the header, decrypted on the fly.
class RecordStream {
public:
    RecordStream(std::string_view data, const Keys& keys, bool encrypted)
        : data_(data), keys_(keys), encrypted_(encrypted) {}

    bool read(uint8_t* out, size_t n) {
        if (data_.size() - pos_ < n) return false;
        for (size_t i = 0; i < n; ++i, ++pos_) {
            uint8_t b = uint8_t(data_[pos_]);
            // The key stream is indexed by file offset; the records start at 0x400 = 0 mod 32.
            out[i] = encrypted_ ? uint8_t(b - keys_.stream[pos_ % 32]) : b;
        }
        return true;
    }

    size_t remaining() const { return data_.size() - pos_; }

private:
    std::string_view data_;
    const Keys& keys_;
    bool encrypted_;
    size_t pos_ = 0;
};

struct Record {
    int from, to;       // x * 10 + y after decoding
    bool hasNext;       // the next record is this move's first continuation
    bool hasVariation;  // a record after this move's subtree is another move in its place
    std::string comment;
};

// The move tree as the records give it: children[0] continues the line, the others are
// variations (moves in its place). Node 0 is the start position (record 0).
struct Node {
    Record record;
    std::vector<int> children;
};

bool read_record(RecordStream& in, int version, const Keys& keys, Record& r, std::string& error) {
    uint8_t b[4];
    if (!in.read(b, 4)) {
        error = "the move records end in the middle of a record";
        return false;
    }
    bool hasComment;
    if (version <= 10) {
        r.from = uint8_t(b[0] - 0x18);
        r.to = uint8_t(b[1] - 0x20);
        r.hasNext = b[2] & 0xF0;
        r.hasVariation = b[2] & 0x0F;
        hasComment = true;  // version 1.0 always stores the comment length
    } else {
        r.from = uint8_t(b[0] - 0x18 - keys.from);
        r.to = uint8_t(b[1] - 0x20 - keys.to);
        r.hasNext = b[2] & 0x80;
        r.hasVariation = b[2] & 0x40;
        hasComment = b[2] & 0x20;
    }
    r.comment.clear();
    if (!hasComment) return true;
    uint8_t l[4];
    if (!in.read(l, 4)) {
        error = "the move records end in the middle of a comment length";
        return false;
    }
    uint32_t raw = l[0] | l[1] << 8 | l[2] << 16 | uint32_t(l[3]) << 24;
    int64_t length = int64_t(raw) - (version <= 10 ? 0 : keys.commentSize);
    if (length < 0 || uint64_t(length) > in.remaining()) {
        error = "a comment length (" + std::to_string(length) + ") runs past the end of the file";
        return false;
    }
    std::string text(size_t(length), '\0');
    in.read(reinterpret_cast<uint8_t*>(text.data()), text.size());
    r.comment = tidy_comment(decode_record_text(text));
    return true;
}

char fen_letter(Color c, PieceType pt) {
    const char letters[] = " RACPNBK";
    char l = letters[pt];
    return c == RED ? l : char(l - 'A' + 'a');
}

std::string square_name(int xy) {
    return {char('a' + xy / 10), char('0' + xy % 10)};
}

// Reads the records after record 0: the tree in preorder (a move, the subtree of its first
// continuation, then the next move in its place), without recursion, so that a long game or a
// hostile file cannot exhaust the stack.
bool read_tree(RecordStream& in, int version, const Keys& keys, std::vector<Node>& nodes,
               std::string& error) {
    std::vector<int> siblingParents;  // parents of the variations still to come, innermost last
    int parent = nodes[0].record.hasNext ? 0 : -1;
    while (parent >= 0) {
        Record r;
        std::string why;
        if (!read_record(in, version, keys, r, why)) {
            error = "record " + std::to_string(nodes.size()) + ": " + why;
            return false;
        }
        int id = int(nodes.size());
        nodes.push_back({std::move(r), {}});
        nodes[parent].children.push_back(id);
        if (nodes[id].record.hasVariation) siblingParents.push_back(parent);
        if (nodes[id].record.hasNext) {
            parent = id;
        } else if (!siblingParents.empty()) {
            parent = siblingParents.back();
            siblingParents.pop_back();
        } else {
            parent = -1;
        }
    }
    return true;
}

Move move_of(const Record& r) {
    if (r.from > 89 || r.to > 89 || r.from / 10 > 8 || r.to / 10 > 8) return MOVE_NONE;
    return make_move(make_square(r.from / 10, r.from % 10), make_square(r.to / 10, r.to % 10));
}

// Turns the children of `parent` and their descendants into a line from pos: the first child
// continues it, the others become variations of that move. Recurses only into variations.
// A move that is not legal fails the game in the main line; in a variation (XQStudio files
// have them) the variation stops before it, with a comment that says so.
bool build_line(const std::vector<Node>& nodes, int parent, Position pos,
                std::vector<GameMove>& line, std::string& lead, int depth, std::string& error) {
    // Why the move of node `id` cannot be played here ("a square off the board" or
    // "e7f7, not legal in FEN"), or an empty string.
    auto illegal = [&](int id, Move& m) -> std::string {
        m = move_of(nodes[id].record);
        if (m == MOVE_NONE) return "a square off the board";
        if (!MoveList::of(pos).contains(m))
            return Position::move_to_string(m) + ", not legal in " + pos.fen();
        return {};
    };
    while (!nodes[parent].children.empty()) {
        const std::vector<int>& kids = nodes[parent].children;
        GameMove gm;
        if (std::string why = illegal(kids[0], gm.move); !why.empty()) {
            if (depth) {
                append_comment(line.empty() ? lead : line.back().comment,
                               "chuhe: the variation went on with " + why + "; the rest is left out");
                return true;
            }
            std::string where = "move " + std::to_string(line.size() + 1);
            error = gm.move == MOVE_NONE ? where + ": square off the board"
                                         : where + " (" + Position::move_to_string(gm.move) +
                                               ") is not legal in " + pos.fen();
            return false;
        }
        gm.comment = nodes[kids[0]].record.comment;
        for (size_t k = 1; k < kids.size(); ++k) {
            if (depth == MAX_VARIATION_DEPTH) {
                error = "variations nested more than " + std::to_string(MAX_VARIATION_DEPTH) +
                        " deep";
                return false;
            }
            Variation v;
            GameMove first;
            if (std::string why = illegal(kids[k], first.move); !why.empty()) {
                append_comment(gm.comment, "chuhe: a variation began with " + why + "; it is left out");
                continue;
            }
            first.comment = nodes[kids[k]].record.comment;
            Position after = pos;
            after.do_move(first.move);
            v.moves.push_back(std::move(first));
            if (!build_line(nodes, kids[k], after, v.moves, v.comment, depth + 1, error)) return false;
            gm.variations.push_back(std::move(v));
        }
        pos.do_move(gm.move);
        line.push_back(std::move(gm));
        parent = kids[0];
    }
    return true;
}

// The game's tree as XQF nodes: each move's variations are more children of its parent.
void add_line(const std::vector<GameMove>& line, int parent, std::vector<Node>& nodes) {
    for (const GameMove& gm : line) {
        Square from = from_sq(gm.move), to = to_sq(gm.move);
        int id = int(nodes.size());
        nodes.push_back({{file_of(from) * 10 + rank_of(from), file_of(to) * 10 + rank_of(to),
                          false, false, gm.comment},
                         {}});
        nodes[parent].children.push_back(id);
        for (const Variation& v : gm.variations) add_line(v.moves, parent, nodes);
        parent = id;
    }
}

}  // namespace

bool looks_like_xqf(std::string_view bytes) { return bytes.substr(0, 2) == "XQ"; }

bool read_xqf(std::string_view bytes, Game& game, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (!looks_like_xqf(bytes)) return fail("not an XQF file (no 'XQ' magic)");
    if (bytes.size() < HEADER_SIZE)
        return fail("XQF file too short: " + std::to_string(bytes.size()) +
                    " bytes, the header alone has 1024");
    const uint8_t* h = reinterpret_cast<const uint8_t*>(bytes.data());
    int version = h[2];
    if (version < 10 || version > 18)
        return fail("unknown XQF version byte " + std::to_string(version));
    bool encrypted = version >= 11;
    Keys keys = encrypted ? make_keys(h) : Keys{};

    // Piece table: 32 squares, x * 10 + y, 0xFF (or any value off the board) for captured.
    uint8_t squares[PIECES];
    for (int i = 0; i < PIECES; ++i) {
        int slot = version >= 12 ? (keys.xy + i + 1) & 31 : i;
        squares[slot] = uint8_t(h[0x10 + i] - keys.xy);
    }
    Piece board[SQUARE_NB] = {};
    for (int i = 0; i < PIECES; ++i) {
        int xy = squares[i];
        if (xy > 89 || xy / 10 > 8) continue;
        Square s = make_square(xy / 10, xy % 10);
        if (board[s] != NO_PIECE)
            return fail("two pieces on square " + square_name(xy) + " in the piece table");
        board[s] = make_piece(i < 16 ? RED : BLACK, PIECE_ORDER[i % 16]);
    }

    Game g;
    for (const TextField& f : TEXT_FIELDS) {
        size_t length = std::min<size_t>(h[f.offset], f.capacity);
        std::string text = decode_record_text(bytes.substr(f.offset + 1, length));
        while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) text.pop_back();
        if (!text.empty()) g.tags.emplace_back(f.tag, text);
    }
    g.result = h[0x33] <= 4 ? RESULTS[h[0x33]] : "*";

    // Record 0 holds only the game comment and whether moves follow.
    RecordStream in(bytes.substr(HEADER_SIZE), keys, encrypted);
    std::vector<Node> nodes(1);
    std::string why;
    if (!read_record(in, version, keys, nodes[0].record, why)) return fail(why);
    g.comment = nodes[0].record.comment;
    if (!read_tree(in, version, keys, nodes, why)) return fail(why);

    // XQF does not say who moves first: the first moving piece does.
    Color first = RED;
    bool hasMoves = !nodes[0].children.empty();
    if (hasMoves) {
        Move m = move_of(nodes[nodes[0].children[0]].record);
        if (m != MOVE_NONE && board[from_sq(m)] != NO_PIECE) first = color_of(board[from_sq(m)]);
    }
    std::string fen;
    for (int rank = RANK_NB - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < FILE_NB; ++file) {
            Piece p = board[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += fen_letter(color_of(p), type_of(p));
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    Position pos;
    // Without moves nothing shows who is to move: red, unless only black can be (red in check).
    if (!hasMoves && !pos.set(fen + " w - - 0 1") && pos.set(fen + " b - - 0 1")) first = BLACK;
    fen += first == RED ? " w - - 0 1" : " b - - 0 1";
    if (!pos.set(fen, &why)) return fail("bad start position " + fen + ": " + why);
    g.startFen = pos.fen();

    if (!build_line(nodes, 0, pos, g.moves, g.comment, 0, why)) return fail(why);
    game = std::move(g);
    return true;
}

bool xqf_can_store(const Game& game, std::string* why) {
    Position pos;
    if (pos.set(game.startFen) && pos.side_to_move() == BLACK && game.moves.empty()) {
        // The reader would take red to move (or, if red is in check, black by inference), so
        // refuse rather than write a file that reads back as another game.
        Position red;
        std::string fen = pos.fen();
        bool inferred = !red.set(fen.substr(0, fen.find(' ')) + " w");
        if (!inferred) {
            if (why) *why = "XQF 1.0 cannot record that black is to move in a game without moves";
            return false;
        }
    }
    return true;
}

std::string write_xqf(const Game& game) {
    std::string out(HEADER_SIZE, '\0');
    out[0] = 'X';
    out[1] = 'Q';
    out[2] = 10;
    Position pos;
    bool ok = pos.set(game.startFen);
    // Piece table: each piece goes to the first free slot of its kind.
    uint8_t squares[PIECES];
    std::fill(std::begin(squares), std::end(squares), 0xFF);
    if (ok)
        for (Square s = 0; s < SQUARE_NB; ++s) {
            Piece p = pos.piece_on(s);
            if (p == NO_PIECE) continue;
            int base = color_of(p) == RED ? 0 : 16;
            for (int i = 0; i < 16; ++i)
                if (PIECE_ORDER[i] == type_of(p) && squares[base + i] == 0xFF) {
                    squares[base + i] = uint8_t(file_of(s) * 10 + rank_of(s));
                    break;
                }
        }
    for (int i = 0; i < PIECES; ++i) out[0x10 + i] = char(squares[i]);
    for (int r = 0; r < 5; ++r)
        if (game.result == RESULTS[r]) out[0x33] = char(r);
    for (const TextField& f : TEXT_FIELDS) {
        std::string text = utf8_to_gbk(game.tag(f.tag));
        if (text.size() > f.capacity) text.resize(f.capacity);  // may cut a GBK pair: tolerated
        out[f.offset] = char(text.size());
        out.replace(f.offset + 1, text.size(), text);
    }
    auto put_record = [&](const Record& r, bool variation) {
        std::string c = utf8_to_gbk(r.comment);
        out += char(r.from + 0x18);
        out += char(r.to + 0x20);
        out += char((r.hasNext ? 0xF0 : 0x00) | (variation ? 0x0F : 0x00));
        out += char(0);
        for (int k = 0; k < 4; ++k) out += char((c.size() >> (8 * k)) & 0xFF);
        out += c;
    };
    std::vector<Node> nodes(1);
    if (ok) add_line(game.moves, 0, nodes);
    for (Node& n : nodes) n.record.hasNext = !n.children.empty();
    // Record 0: fixed bytes 18 20 xx FF, then the game comment.
    out += char(0x18);
    out += char(0x20);
    out += char(nodes[0].record.hasNext ? 0xF0 : 0x00);
    out += char(0xFF);
    std::string c = utf8_to_gbk(game.comment);
    for (int k = 0; k < 4; ++k) out += char((c.size() >> (8 * k)) & 0xFF);
    out += c;
    // Preorder, each node followed by its children's subtrees, as the reader expects; a node
    // says whether another child of its parent (a variation) comes after its subtree.
    std::vector<std::pair<int, size_t>> stack{{0, 0}};  // (node, next child to write)
    while (!stack.empty()) {
        auto& [parent, next] = stack.back();
        const std::vector<int>& kids = nodes[parent].children;
        if (next == kids.size()) {
            stack.pop_back();
            continue;
        }
        int id = kids[next++];
        put_record(nodes[id].record, next < kids.size());
        stack.push_back({id, 0});
    }
    return out;
}

}  // namespace chuhe
