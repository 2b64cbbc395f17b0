#include "tools/ending.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <set>
#include <unordered_map>

#include "core/movegen.h"

namespace chuhe {

namespace {

// Squares a red piece written as `letter` can ever stand on (black's are mirrored by rank).
std::vector<Square> red_squares(char letter) {
    std::vector<Square> squares;
    for (Square s = 0; s < SQUARE_NB; ++s) {
        int f = file_of(s), r = rank_of(s);
        bool palace = f >= 3 && f <= 5 && r <= 2;
        bool ok = letter == 'K'   ? palace
                  : letter == 'A' ? palace && (r == 1) == (f == 4)
                  : letter == 'B' ? ((r == 0 || r == 4) ? f == 2 || f == 6 : r == 2 && f % 4 == 0)
                  : letter == 'P' ? (r >= 5 && r < RANK_NB - 1) || ((r == 3 || r == 4) && f % 2 == 0)
                  : letter == 'O' ? r == RANK_NB - 1
                                  : true;  // rook, horse, cannon
        if (ok) squares.push_back(s);
    }
    return squares;
}

struct Placed {
    char fenChar;
    std::vector<Square> squares;
};

// What a side has at most: a material beyond it has no position, and its placements would be
// counted for hours (KRRRRR is 90^5 / 5! placements of the rooks alone).
bool within_the_game(std::string_view text, Color c, std::string* error) {
    const std::pair<char, const char*> kinds[] = {{'R', "rooks"}, {'N', "horses"}, {'C', "cannons"},
                                                  {'A', "advisors"}, {'B', "elephants"}};
    auto count = [&](char upper) {
        return int(std::count_if(text.begin(), text.end(), [&](char x) { return std::toupper(x) == upper; }));
    };
    std::string side = c == RED ? "red" : "black";
    for (auto [letter, name] : kinds)
        if (count(letter) > 2) {
            if (error) *error = side + " material '" + std::string(text) + "' has " + std::to_string(count(letter)) +
                                " " + name + ": a side has at most 2";
            return false;
        }
    if (int pawns = count('P') + count('O'); pawns > 5) {
        if (error) *error = side + " material '" + std::string(text) + "' has " + std::to_string(pawns) +
                            " pawns: a side has at most 5";
        return false;
    }
    return true;
}

bool parse_material(std::string_view text, Color c, std::vector<Placed>& pieces, std::string* error) {
    int kings = 0;
    for (char letter : text) {
        unsigned char u = static_cast<unsigned char>(letter);
        char upper = char(std::toupper(u));
        bool ownCase = c == RED ? std::isupper(u) : std::islower(u);
        if (!ownCase || std::string_view("KARBNCPO").find(upper) == std::string_view::npos) {
            if (error) *error = std::string("bad piece letter '") + letter + "' in " + (c == RED ? "red" : "black") +
                                " material '" + std::string(text) + "' (red: KARBNCPO, black: karbncpo)";
            return false;
        }
        kings += upper == 'K';
        Placed p;
        p.fenChar = upper == 'O' ? 'P' : upper;
        if (c == BLACK) p.fenChar = char(std::tolower(p.fenChar));
        for (Square s : red_squares(upper))
            p.squares.push_back(c == RED ? s : make_square(file_of(s), RANK_NB - 1 - rank_of(s)));
        pieces.push_back(p);
    }
    if (kings != 1) {
        if (error) *error = "material '" + std::string(text) + "' needs exactly one king";
        return false;
    }
    return within_the_game(text, c, error);
}

// Every part of black's material that keeps the king, letters sorted after the 'k'.
std::set<std::string> black_subsets(std::string_view black) {
    std::string others;
    for (char c : black)
        if (c != 'k') others += c;
    std::set<std::string> subsets;
    for (unsigned mask = 0; mask < (1u << others.size()); ++mask) {
        std::string m = "k";
        for (size_t j = 0; j < others.size(); ++j)
            if (mask >> j & 1) m += others[j];
        std::sort(m.begin() + 1, m.end());
        subsets.insert(m);
    }
    return subsets;
}

// A line to progress at most every five seconds.
struct Progress {
    std::ostream* out;
    std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
    template <class F>
    void report(F&& line) {
        if (!out || std::chrono::steady_clock::now() - last < std::chrono::seconds(5)) return;
        last = std::chrono::steady_clock::now();
        *out << line() << std::endl;
    }
};

// Places pieces[i..] on squares after the previous identical piece's, so that each set of
// squares is placed once.
struct Placer {
    std::vector<Placed> pieces;
    const char* sideField;
    const std::function<void(const Position&)>& visit;
    char board[SQUARE_NB] = {};
    Position pos{};

    void place(size_t i, Square after) {
        if (i == pieces.size()) {
            std::string fen;
            for (int r = RANK_NB - 1; r >= 0; --r) {
                int empty = 0;
                for (int f = 0; f < FILE_NB; ++f) {
                    char c = board[make_square(f, r)];
                    if (!c) {
                        ++empty;
                        continue;
                    }
                    if (empty) fen += char('0' + empty);
                    empty = 0;
                    fen += c;
                }
                if (empty) fen += char('0' + empty);
                if (r) fen += '/';
            }
            if (pos.set(fen + sideField)) visit(pos);
            return;
        }
        bool sameAsPrevious = i > 0 && pieces[i].fenChar == pieces[i - 1].fenChar &&
                              pieces[i].squares == pieces[i - 1].squares;
        for (Square s : pieces[i].squares) {
            if (board[s] || (sameAsPrevious && s <= after)) continue;
            board[s] = pieces[i].fenChar;
            place(i + 1, s);
            board[s] = 0;
        }
    }
};

}  // namespace

bool for_each_placement(std::string_view red, std::string_view black, Color toMove,
                        const std::function<void(const Position&)>& visit, std::string* error) {
    std::vector<Placed> pieces;
    if (!parse_material(red, RED, pieces, error) || !parse_material(black, BLACK, pieces, error)) return false;
    // Identical pieces next to each other, for the placer's ordering.
    std::stable_sort(pieces.begin(), pieces.end(), [](const Placed& a, const Placed& b) {
        return std::make_pair(a.fenChar, a.squares.size()) < std::make_pair(b.fenChar, b.squares.size());
    });
    Placer placer{pieces, toMove == RED ? " w - - 0 1" : " b - - 0 1", visit};
    placer.place(0, -1);
    return true;
}

double ending_table_size(std::string_view red, std::string_view black, std::string* error) {
    std::vector<Placed> checked;
    if (!parse_material(red, RED, checked, error) || !parse_material(black, BLACK, checked, error)) return -1;
    // Identical pieces: squares choose count.
    auto placements = [](std::string_view text, Color c) {
        std::vector<Placed> pieces;
        parse_material(text, c, pieces, nullptr);
        std::sort(pieces.begin(), pieces.end(), [](const Placed& a, const Placed& b) {
            return std::make_pair(a.fenChar, a.squares.size()) < std::make_pair(b.fenChar, b.squares.size());
        });
        double n = 1;
        for (size_t i = 0; i < pieces.size();) {
            size_t same = i;
            while (same < pieces.size() && pieces[same].fenChar == pieces[i].fenChar &&
                   pieces[same].squares == pieces[i].squares)
                ++same;
            n *= std::round(std::exp(std::lgamma(pieces[i].squares.size() + 1.0) - std::lgamma(same - i + 1.0) -
                                     std::lgamma(pieces[i].squares.size() - (same - i) + 1.0)));
            i = same;
        }
        return n;
    };
    double total = 0;
    for (const std::string& m : black_subsets(black)) total += 2 * placements(red, RED) * placements(m, BLACK);
    return total;
}

bool solve_ending(std::string_view red, std::string_view black, EndingResult& out, std::string* error,
                  std::ostream* progressOut) {
    std::vector<Placed> checked;
    if (!parse_material(red, RED, checked, error) || !parse_material(black, BLACK, checked, error)) return false;
    std::set<std::string> subsets = black_subsets(black);
    Progress progress{progressOut};

    // Every position, its key, and its successors as indices (-1: outside the ending).
    std::vector<std::string> fens;
    std::vector<bool> full, blackToMove;
    std::unordered_map<uint64_t, int> index;
    for (const std::string& m : subsets)
        for (Color toMove : {RED, BLACK}) {
            bool ok = for_each_placement(red, m, toMove, [&](const Position& pos) {
                progress.report([&] { return "placing: " + std::to_string(fens.size()) + " positions so far"; });
                index.emplace(pos.key(), int(fens.size()));
                fens.push_back(pos.fen());
                full.push_back(m.size() == black.size());
                blackToMove.push_back(toMove == BLACK);
            }, error);
            if (!ok) return false;
        }
    const size_t n = fens.size();
    std::vector<int> succ, first(n + 1, 0);
    Position pos;
    for (size_t i = 0; i < n; ++i) {
        progress.report([&] { return "moves: " + std::to_string(i) + " of " + std::to_string(n) + " positions"; });
        pos.set(fens[i]);
        for (Move m : MoveList::of<LEGAL>(pos)) {
            pos.do_move(m);
            auto it = index.find(pos.key());
            succ.push_back(it == index.end() ? -1 : it->second);
            pos.undo_move();
        }
        first[i + 1] = int(succ.size());
    }

    // Iterate to the fixed point: black to move is lost when it has no move (mate or
    // stalemate) or every move leads to a lost position; red to move wins when some move does.
    std::vector<int> wonAt(n, -1);
    for (size_t i = 0; i < n; ++i)
        if (blackToMove[i] && first[i] == first[i + 1]) wonAt[i] = 0;
    for (int ply = 1;; ++ply) {
        std::vector<int> newly;
        for (size_t i = 0; i < n; ++i) {
            if (wonAt[i] >= 0) continue;
            auto won = [&](int s) { return s >= 0 && wonAt[s] >= 0; };
            const int* b = succ.data() + first[i];
            const int* e = succ.data() + first[i + 1];
            if (blackToMove[i] ? std::all_of(b, e, won) : std::any_of(b, e, won)) newly.push_back(int(i));
        }
        if (newly.empty()) break;
        for (int i : newly) wonAt[i] = ply;
        progress.report([&] { return "solving: wins in " + std::to_string(ply) + " plies found"; });
    }

    out = EndingResult();
    for (size_t i = 0; i < n; ++i) {
        if (!full[i]) continue;
        Color toMove = blackToMove[i] ? BLACK : RED;
        ++out.positions[toMove];
        if (wonAt[i] < 0) continue;
        ++out.wins[toMove];
        if (wonAt[i] > out.longestWin) out.longestWin = wonAt[i], out.longestFen = fens[i];
    }
    if (!out.positions[RED] && !out.positions[BLACK]) {
        if (error) *error = "no legal position has this material";
        return false;
    }
    return true;
}

int run_ending(const std::vector<std::string>& args) {
    if (args.size() != 2) {
        std::cerr << "usage: chuhe ending RED BLACK   e.g. chuhe ending KN kaabb ('O' = a pawn on the last rank)\n";
        return 2;
    }
    EndingResult r;
    std::string error;
    double size = ending_table_size(args[0], args[1], &error);
    if (size < 0) {
        std::cerr << "chuhe ending: " << error << "\n";
        return 1;
    }
    // Before the work: a table of 10^9 positions takes memory and hours, and says so first.
    std::cerr << "chuhe ending: at most " << std::fixed << std::setprecision(0) << size
              << " positions (every part of black's material, either side to move)" << std::endl;
    if (!solve_ending(args[0], args[1], r, &error, &std::cerr)) {
        std::cerr << "chuhe ending: " << error << "\n";
        return 1;
    }
    auto share = [&](Color c) {
        return r.positions[c] ? 100.0 * double(r.wins[c]) / double(r.positions[c]) : 0.0;
    };
    std::cout << std::fixed << std::setprecision(2) << args[0] << " vs " << args[1] << ": red to move "
              << r.wins[RED] << "/" << r.positions[RED] << " won (" << share(RED) << "%), black to move " << r.wins[BLACK] << "/" << r.positions[BLACK]
              << " lost (" << share(BLACK) << "%)\n";
    if (r.longestWin) std::cout << "longest win " << r.longestWin << " plies: " << r.longestFen << "\n";
    return 0;
}

}  // namespace chuhe
