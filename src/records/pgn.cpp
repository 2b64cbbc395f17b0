#include "records/pgn.h"

#include <algorithm>

#include "core/movegen.h"
#include "records/encoding.h"
#include "util/text.h"

namespace chuhe {

namespace {

struct Token {
    enum Kind { MOVE, COMMENT, NAG, OPEN, CLOSE } kind;  // OPEN/CLOSE: a variation's ( and )
    std::string text;  // the move, the comment, or the NAG's number
    int line;
};

// One game as the lexer cut it out of the file, before its moves are read.
struct RawGame {
    int number = 0;
    int line = 0;
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<Token> tokens;
    std::string result;  // the result token ending the movetext, empty if none
    std::string error;   // a lexical problem (unterminated comment, bad tag)
    int errorLine = 0;
};

// The longest word of movetext read as a move: "12...H2-E2!?" and Chinese moves with
// move numbers are far shorter.
constexpr size_t MAX_WORD_BYTES = 64;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

bool is_ideographic_space(std::string_view s, size_t i) {
    return s.substr(i, 3) == "\xE3\x80\x80";  // U+3000, common in Chinese records
}

// Whether a line (without its '\n') looks like a tag line, [Name "..."]: the lexer ends a
// comment before such a line, and write_pgn never lets a comment line look like one.
bool looks_like_tag_line(std::string_view line) {
    while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
    return line.size() > 3 && line[0] == '[' && line.back() == ']' && line.find('"') != std::string_view::npos;
}

class Lexer {
public:
    explicit Lexer(std::string_view text) : s_(text) {}

    std::vector<RawGame> run() {
        while (i_ < s_.size()) {
            char c = s_[i_];
            if (c == '\n') {
                ++line_;
                ++i_;
                lineStart_ = true;
                continue;
            }
            if (is_space(c)) { ++i_; continue; }
            if (is_ideographic_space(s_, i_)) { i_ += 3; continue; }
            bool lineStart = lineStart_;
            lineStart_ = false;
            if (c == '[' && lineStart) {
                if (!cur_ || inMoves_ || skipping_) new_game();
                skipping_ = false;
                tag_line();
                continue;
            }
            // After a result, text up to the next tag line is a footer (xqbase adds a banner).
            if (skipping_ || (c == '%' && lineStart)) {
                skip_line();
                continue;
            }
            if (!cur_) new_game();
            inMoves_ = true;
            switch (c) {
            case '{': comment(); break;
            case ';': line_comment(); break;
            case '(': open_variation(); break;
            case ')': close_variation(); break;
            case '$': nag(); break;
            default: word();
            }
        }
        end_game();
        return std::move(games_);
    }

private:
    void new_game() {
        end_game();
        games_.emplace_back();
        cur_ = &games_.back();
        cur_->number = int(games_.size());
        cur_->line = line_;
        inMoves_ = false;
    }

    void fail(const std::string& message, int line = 0) {
        if (cur_->error.empty()) {
            cur_->error = message;
            cur_->errorLine = line ? line : line_;
        }
    }

    void skip_line() {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
    }

    // [Name "value"]. \" and \\ are unescaped; quotes inside the value that are not escaped
    // (seen in real files) are kept: the value runs to the last quote before the ']'.
    void tag_line() {
        size_t end = s_.find('\n', i_);
        if (end == std::string_view::npos) end = s_.size();
        std::string_view line = s_.substr(i_, end - i_);
        i_ = end;
        while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
        size_t open = line.find('"'), close = line.rfind('"');
        size_t n = 1;
        while (n < line.size() && is_space(line[n])) ++n;
        size_t nameEnd = n;
        while (nameEnd < line.size() && !is_space(line[nameEnd]) && line[nameEnd] != '"')
            ++nameEnd;
        if (line.back() != ']' || open == std::string_view::npos || open == close ||
            nameEnd == n || line.find_first_not_of(" \t", nameEnd) != open ||
            line.find_first_not_of(" \t", close + 1) != line.size() - 1) {
            fail("malformed tag line");
            return;
        }
        std::string value;
        for (size_t p = open + 1; p < close; ++p) {
            if (line[p] == '\\' && p + 1 < close && (line[p + 1] == '"' || line[p + 1] == '\\'))
                ++p;
            value += line[p];
        }
        cur_->tags.emplace_back(std::string(line.substr(n, nameEnd - n)), std::move(value));
    }

    void line_comment() {
        size_t end = s_.find('\n', i_);
        if (end == std::string_view::npos) end = s_.size();
        cur_->tokens.push_back({Token::COMMENT, std::string(s_.substr(i_ + 1, end - i_ - 1)), line_});
        i_ = end;
    }

    // Whether the line starting at p looks like a tag line: [Name "..."]
    bool tag_line_at(size_t p) const {
        size_t end = s_.find('\n', p);
        return looks_like_tag_line(s_.substr(p, end == std::string_view::npos ? end : end - p));
    }

    // An unclosed comment ends before the next tag line, so that the games after it are read.
    void comment() {
        size_t end = i_ + 1;
        int lines = 0;
        for (; end < s_.size() && s_[end] != '}'; ++end)
            if (s_[end] == '\n') {
                if (tag_line_at(end + 1)) break;
                ++lines;
            }
        if (end >= s_.size() || s_[end] != '}') fail("comment '{' is never closed");
        cur_->tokens.push_back({Token::COMMENT, std::string(s_.substr(i_ + 1, end - i_ - 1)), line_});
        line_ += lines;
        i_ = end < s_.size() && s_[end] == '}' ? end + 1 : end;
    }

    // A variation's '(' and ')' become tokens; the tree is built from them when the moves are
    // read. One that is never closed fails its game at the end of the game (the next tag line),
    // so that the games after it are still read.
    void open_variation() {
        cur_->tokens.push_back({Token::OPEN, "(", line_});
        openLines_.push_back(line_);
        ++i_;
    }

    void close_variation() {
        if (openLines_.empty()) fail("')' without '('");
        else {
            cur_->tokens.push_back({Token::CLOSE, ")", line_});
            openLines_.pop_back();
        }
        ++i_;
    }

    void end_game() {
        if (cur_ && !openLines_.empty()) fail("variation '(' is never closed", openLines_.front());
        openLines_.clear();
    }

    // $N, a numeric annotation glyph: 0 to 255 in the PGN standard.
    void nag() {
        size_t j = ++i_;
        while (j < s_.size() && s_[j] >= '0' && s_[j] <= '9' && j - i_ < 4) ++j;
        std::string number(s_.substr(i_, j - i_));
        i_ = j;
        if (number.empty() || std::stoi(number) > 255) {
            fail("'$' must be followed by a number from 0 to 255");
            return;
        }
        cur_->tokens.push_back({Token::NAG, std::to_string(std::stoi(number)), line_});
    }

    void word() {
        size_t j = i_;
        while (j < s_.size() && !is_space(s_[j]) && s_[j] != '\n' && !is_ideographic_space(s_, j) &&
               std::string_view("{}();[").find(s_[j]) == std::string_view::npos)
            ++j;
        std::string_view w = s_.substr(i_, j - i_);
        i_ = std::max(j, i_ + 1);
        // No move, number or result is this long: a run of garbage (a binary file, megabytes
        // of NULs) is one error, not a token the notation readers would scan again and again.
        if (w.size() > MAX_WORD_BYTES) {
            fail("'" + excerpt(w, 20) + "' (" + std::to_string(w.size()) + " bytes) is no move");
            return;
        }
        if (is_result(w)) {
            // Inside a variation a result only says how that line ends; the game goes on.
            if (openLines_.empty()) {
                cur_->result = w;
                skipping_ = true;
            }
            return;
        }
        // Move numbers: "12." "12..." or glued to the move, "12.Che2". WXF moves such as
        // "33.4" look like numbers and are taken as moves.
        if (classify_move_text(w) != Notation::WXF) {
            size_t k = 0;
            while (k < w.size() && w[k] >= '0' && w[k] <= '9') ++k;
            if (k < w.size() && w[k] == '.') {
                while (k < w.size() && w[k] == '.') ++k;
                w.remove_prefix(k);
            } else if (k == 0 && w.find_first_not_of('.') == std::string_view::npos) {
                return;  // "..." standing alone
            }
        }
        // "!", "?", "!!", "??", "!?", "?!" after a move (or standing alone) are NAGs 1-6.
        size_t k = w.size();
        while (k > 0 && (w[k - 1] == '!' || w[k - 1] == '?')) --k;
        int glyph = nag_of_suffix(w.substr(k));
        w.remove_suffix(w.size() - k);
        if (!w.empty()) cur_->tokens.push_back({Token::MOVE, std::string(w), line_});
        if (glyph) cur_->tokens.push_back({Token::NAG, std::to_string(glyph), line_});
    }

    std::string_view s_;
    size_t i_ = 0;
    int line_ = 1;
    bool lineStart_ = true;
    bool inMoves_ = false;
    bool skipping_ = false;
    std::vector<RawGame> games_;
    RawGame* cur_ = nullptr;
    std::vector<int> openLines_;  // lines of the variations open now, outermost first
};

// Builds the move tree from the tokens: moves, comments and NAGs attach to the line being
// read, and a variation to the move before its '(' (it starts from the position before that
// move). The lexer has matched every ')' with a '('.
class TreeReader {
public:
    TreeReader(const std::vector<Token>& tokens, int rankBase) : tokens_(tokens), rankBase_(rankBase) {}

    // Reads the main line into g. Returns the number of moves read (in the whole tree); on
    // failure sets error and errorLine.
    size_t read(const Position& start, Game& g, std::string& error, int& errorLine) {
        g.moves.clear();
        g.comment.clear();
        i_ = 0;
        movesRead_ = 0;
        error_.clear();
        line(start, g.moves, g.comment, 0);
        error = error_;
        errorLine = errorLine_;
        return movesRead_;
    }

private:
    bool fail(const Token& t, std::string message) {
        error_ = std::move(message);
        errorLine_ = t.line;
        return false;
    }

    // Reads one line from pos up to its ')' (left for the caller) or the end of the tokens.
    bool line(Position pos, std::vector<GameMove>& moves, std::string& lead, int depth) {
        for (; i_ < tokens_.size(); ++i_) {
            const Token& t = tokens_[i_];
            switch (t.kind) {
            case Token::CLOSE: return true;
            case Token::COMMENT:
                append_comment(moves.empty() ? lead : moves.back().comment, t.text);
                break;
            case Token::NAG:
                if (moves.empty()) return fail(t, "$" + t.text + " before any move");
                moves.back().nags.push_back(std::stoi(t.text));
                break;
            case Token::OPEN: {
                if (moves.empty()) return fail(t, "a variation '(' before any move");
                if (depth == MAX_VARIATION_DEPTH)
                    return fail(t, "variations nested more than " +
                                       std::to_string(MAX_VARIATION_DEPTH) + " deep");
                Position before = pos;
                before.undo_move();
                Variation v;
                ++i_;
                if (!line(before, v.moves, v.comment, depth + 1)) return false;
                if (!v.moves.empty()) moves.back().variations.push_back(std::move(v));
                else append_comment(moves.back().comment, v.comment);
                break;
            }
            case Token::MOVE: {
                std::string why;
                Move m = parse_move_text(pos, t.text, &why, rankBase_);
                if (m == MOVE_NONE && depth) {
                    // A variation with a move that cannot be played keeps what came before it;
                    // the comment says what was left out.
                    append_comment(moves.empty() ? lead : moves.back().comment,
                                   "chuhe: the variation went on with '" + t.text + "' (" + why +
                                       "); the rest is left out");
                    skip_to_close();
                    return true;
                }
                if (m == MOVE_NONE)
                    return fail(t, "move " + std::to_string(moves.size() + 1) + ": " + why);
                moves.emplace_back(m);
                pos.do_move(m);
                ++movesRead_;
                break;
            }
            }
        }
        return true;
    }

    // Leaves i_ on the ')' that closes the variation being read (or at the end).
    void skip_to_close() {
        for (int open = 0; i_ < tokens_.size(); ++i_) {
            if (tokens_[i_].kind == Token::OPEN) ++open;
            else if (tokens_[i_].kind == Token::CLOSE && open-- == 0) return;
        }
    }

    const std::vector<Token>& tokens_;
    int rankBase_;
    size_t i_ = 0;
    size_t movesRead_ = 0;
    std::string error_;
    int errorLine_ = 0;
};

// 0 or 1 if a SAN or coordinate move names rank 0 or rank 10 (and not both), else -1.
int rank_base_hint(const RawGame& raw) {
    bool zero = false, ten = false;
    for (const Token& t : raw.tokens) {
        if (t.kind != Token::MOVE) continue;
        Notation n = classify_move_text(t.text);
        if (n != Notation::SAN && n != Notation::ICCS) continue;
        const std::string& s = t.text;
        for (size_t i = 0; i + 1 < s.size(); ++i) {
            char f = char(s[i] | 0x20);  // file letters in either case
            if (f < 'a' || f > 'i') continue;
            bool isTen = s.compare(i + 1, 2, "10") == 0;
            ten |= isTen;
            zero |= !isTen && s[i + 1] == '0';
        }
    }
    return zero == ten ? -1 : ten ? 1 : 0;
}

bool build_game(const RawGame& raw, Game& g, RecordError& err) {
    g.number = raw.number;
    g.line = raw.line;
    err = {raw.number, raw.errorLine, raw.error};
    if (!raw.error.empty()) return false;
    std::string fen = Position::START_FEN, tagResult;
    for (const auto& [name, value] : raw.tags) {
        if (name == "FEN") fen = value;
        else if (name == "Result") tagResult = value;
        else g.tags.emplace_back(name, value);
    }
    Position start;
    std::string why;
    if (!start.set(fen, &why)) {
        err = {raw.number, raw.line, "bad FEN tag: " + why};
        return false;
    }
    g.startFen = start.fen();
    // SAN and coordinates count ranks 0-9 (XBoard, UCCI, ICCS) or 1-10 (xiangqi UCI, Fairy-
    // Stockfish, cutechess). A rank 0 or 10 in the text settles it; otherwise the dialect's
    // usual base is tried first and the other one if it reads further.
    int base = rank_base_hint(raw);
    bool western = false;
    for (const auto& [name, value] : raw.tags) western |= name == "Variant";
    int first = base >= 0 ? base : western ? 1 : 0;
    int errorLine = 0;
    size_t n = TreeReader(raw.tokens, first).read(start, g, why, errorLine);
    if (!why.empty() && base < 0) {
        Game second = g;
        std::string why2;
        int errorLine2 = 0;
        size_t n2 = TreeReader(raw.tokens, 1 - first).read(start, second, why2, errorLine2);
        if (n2 > n) {
            g = std::move(second);
            why = why2;
            errorLine = errorLine2;
        }
    }
    if (!why.empty()) {
        err = {raw.number, errorLine, why};
        return false;
    }
    g.result = !raw.result.empty() && raw.result != "*" ? raw.result
               : is_result(tagResult)                   ? tagResult
                                                        : "*";
    return true;
}

std::string escape_tag(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c != '\n' && c != '\r') out += c;
    }
    return out;
}

// PGN comments cannot contain '}': it becomes the full-width '｝'. Nor a line that looks like
// a tag line (the reader ends a comment there, so that an unclosed one does not swallow the
// next game; such a line comes from a bare '\r' in a comment, or from an XQF comment): its
// '[' becomes the full-width '［'.
std::string escape_comment(std::string_view c) {
    std::string out;
    for (size_t i = 0; i < c.size(); ++i) {
        bool lineStart = i > 0 && c[i - 1] == '\n';
        if (c[i] == '}') {
            out += "｝";
        } else if (lineStart && c[i] == '[' &&
                   looks_like_tag_line(c.substr(i, std::min(c.find('\n', i), c.size()) - i))) {
            out += "［";
        } else {
            out += c[i];
        }
    }
    return out;
}

// A variation on one line: "1. b2e2 (1. h2e2 $1) 1... h9g7 {text}", nested ones in
// brackets. Black's move gets its number ("3...") first in the line and after a comment or a
// variation, as in the main line.
struct MovetextWriter {
    Notation notation;
    NotationStyle style;

    std::string write(Position pos, const Variation& v) const {
        std::string out;
        if (!v.comment.empty()) out += "{" + escape_comment(v.comment) + "} ";
        bool numbered = false;  // the next black move follows its red move directly
        for (size_t i = 0; i < v.moves.size(); ++i) {
            const GameMove& gm = v.moves[i];
            if (i) out += ' ';
            if (!MoveList::of(pos).contains(gm.move)) {
                out += "{chuhe: move " + std::to_string(i + 1) + " of a variation (" +
                       Position::move_to_string(gm.move) + ") is not legal; the variation stops}";
                break;
            }
            std::string number = std::to_string(pos.game_ply() / 2 + 1);
            if (pos.side_to_move() == RED) out += number + ". ";
            else if (!numbered) out += number + "... ";
            out += move_to_text(pos, gm.move, notation, style);
            for (int nag : gm.nags) out += " $" + std::to_string(nag);
            Position before;
            if (!gm.variations.empty()) before = pos;
            pos.do_move(gm.move);
            numbered = gm.comment.empty() && gm.variations.empty();
            if (!gm.comment.empty()) out += " {" + escape_comment(gm.comment) + "}";
            for (const Variation& sub : gm.variations) out += " (" + write(before, sub) + ")";
        }
        return out;
    }
};

}  // namespace

PgnReadResult read_pgn(std::string_view bytes) {
    PgnReadResult result;
    std::string text = decode_pgn_text(bytes);
    for (const RawGame& raw : Lexer(text).run()) {
        ++result.gamesSeen;
        Game g;
        RecordError err;
        if (build_game(raw, g, err)) result.games.push_back(std::move(g));
        else result.errors.push_back(std::move(err));
    }
    return result;
}

std::string write_pgn(const Game& game, Notation notation, const NotationStyle& style) {
    bool western = notation == Notation::SAN;
    NotationStyle st = style;
    st.iccsDash = true;  // the xqbase PGN form of ICCS
    std::string out;
    auto tag = [&](std::string_view name, std::string_view value) {
        out += '[';
        out += name;
        out += " \"";
        out += escape_tag(value);
        out += "\"]\n";
    };
    if (!western) tag("Game", "Chinese Chess");
    for (const auto& [name, value] : game.tags) {
        if (name == "Game" || name == "Format" || name == "Variant" || name == "SetUp" ||
            name == "FEN" || name == "Result")
            continue;
        if (western && name == "Red") tag("White", value);
        else if (!western && name == "White") tag("Red", value);
        else tag(name, value);
    }
    tag("Result", game.result);
    if (western) tag("Variant", "xiangqi");
    Position pos;
    std::string why;
    bool ok = pos.set(game.startFen, &why);
    if (ok && pos.fen() != Position::START_FEN) {
        if (western) tag("SetUp", "1");
        tag("FEN", pos.fen());
    }
    if (!western) tag("Format", notation_name(notation));
    out += "\n";
    if (!game.comment.empty()) out += "{" + escape_comment(game.comment) + "}\n";
    if (!ok) out += "{chuhe: bad start position: " + escape_comment(why) + "}\n";
    bool lineOpen = false;  // a red move was written on the current line
    // Move numbers go on from the start position's (its FEN's move number).
    int firstPly = ok ? pos.game_ply() : 0;
    MovetextWriter variations{notation, st};
    for (size_t i = 0; ok && i < game.moves.size(); ++i) {
        const GameMove& gm = game.moves[i];
        if (!MoveList::of(pos).contains(gm.move)) {
            if (lineOpen) out += "\n";
            out += "{chuhe: move " + std::to_string(i + 1) + " (" +
                   Position::move_to_string(gm.move) + ") is not legal; the record stops}\n";
            lineOpen = false;
            break;
        }
        std::string number = std::to_string((firstPly + i) / 2 + 1);
        // Black's move on a line of its own (after a comment, or first from a FEN) carries
        // the move number with an ellipsis, as PGN readers expect in either dialect.
        if (pos.side_to_move() == RED) out += number + ". ";
        else if (lineOpen) out += " ";
        else out += number + "... ";
        out += move_to_text(pos, gm.move, notation, st);
        for (int nag : gm.nags) out += " $" + std::to_string(nag);
        Position before;
        if (!gm.variations.empty()) before = pos;
        pos.do_move(gm.move);
        lineOpen = pos.side_to_move() == BLACK;
        if (!gm.comment.empty()) {
            out += "\n{" + escape_comment(gm.comment) + "}\n";
            lineOpen = false;
        } else if (!lineOpen || !gm.variations.empty()) {
            out += "\n";
            lineOpen = false;
        }
        for (const Variation& v : gm.variations) out += "(" + variations.write(before, v) + ")\n";
    }
    if (lineOpen) out += "\n";
    out += game.result + "\n";
    return out;
}

}  // namespace chuhe
