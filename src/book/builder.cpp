#include "book/builder.h"

#include "book/mirror.h"
#include "core/movegen.h"

namespace chuhe::book {

bool BookBuilder::add(const Game& game, std::string* why) {
    int redPoints;  // 2 a win, 1 a draw, 0 a loss, for red
    if (game.result == "1-0") redPoints = 2;
    else if (game.result == "1/2-1/2") redPoints = 1;
    else if (game.result == "0-1") redPoints = 0;
    else {
        *why = "no result";
        return false;
    }
    Position pos;
    if (!pos.set(game.startFen, why)) return false;
    struct Seen {
        BookKey key;
        Move move;
        Color mover;
    };
    std::vector<Seen> seen;
    for (const GameMove& gm : game.moves) {
        if (pos.game_ply() >= options_.plies) break;
        if (!MoveList::of<LEGAL>(pos).contains(gm.move)) {
            *why = "illegal move " + Position::move_to_string(gm.move) + " at ply " + std::to_string(pos.game_ply());
            return false;
        }
        BookKey k = book_key(pos);
        seen.push_back({k, k.mirrored ? mirror_move(gm.move) : gm.move, pos.side_to_move()});
        pos.do_move(gm.move);
    }
    for (const Seen& s : seen) {
        int points = s.mover == RED ? redPoints : 2 - redPoints;
        std::vector<BookRecord>& moves = positions_[s.key.key];
        BookRecord* r = nullptr;
        for (BookRecord& x : moves)
            if (x.move == s.move) r = &x;
        if (!r) r = &moves.emplace_back(BookRecord{s.key.key, s.move});
        (points == 2 ? r->wins : points == 1 ? r->draws : r->losses) += 1;
    }
    ++games_;
    return true;
}

std::vector<BookRecord> BookBuilder::records() const {
    std::vector<BookRecord> out;
    for (const auto& [key, moves] : positions_)
        for (const BookRecord& r : moves) {
            uint64_t games = uint64_t(r.wins) + r.draws + r.losses;
            double score = 50.0 * double(2 * uint64_t(r.wins) + r.draws) / double(games);
            if (games >= uint64_t(options_.minGames) && score >= options_.minScore) out.push_back(r);
        }
    return out;
}

}  // namespace chuhe::book
