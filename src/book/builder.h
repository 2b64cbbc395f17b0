// Building a book from game records: every position up to a ply limit, the moves played in
// it, and how the games went for the side that played them. A position and its mirror image
// count as one (book/mirror.h).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "book/format.h"
#include "records/game.h"

namespace chuhe::book {

struct BuildOptions {
    int plies = 20;        // positions before this game ply (0 = the start position) are taken
    int minGames = 1;      // a move needs this many games ...
    double minScore = 0;   // ... and the mover this score in per cent (draws half) to stay
};

class BookBuilder {
public:
    explicit BookBuilder(const BuildOptions& options) : options_(options) {}

    // Adds the game's positions up to the ply limit. False, with the reason, for a game
    // without a result (it says nothing about its moves) or one that does not replay; such
    // a game adds nothing.
    bool add(const Game& game, std::string* why);

    // The moves that pass the filters, ready for encode_book.
    std::vector<BookRecord> records() const;
    int games() const { return games_; }

private:
    BuildOptions options_;
    std::unordered_map<uint64_t, std::vector<BookRecord>> positions_;
    int games_ = 0;
};

}  // namespace chuhe::book
