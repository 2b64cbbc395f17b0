// A mate finder over checks: a proof-number search in which the attacker only gives check
// and the defender may make any legal move. Xiangqi's long mates are mostly checks all the
// way (90 of the 105 composed problems start with one), and a best-first search proves them
// far deeper than alpha-beta at the same node count, as it follows the lines where the
// defender has the fewest replies. A proof is exact: every defence is in the tree, and a
// repetition or the natural move limit fails the line for the attacker (a perpetual check
// loses under both rule sets, and the offender must vary). Most positions have few checks,
// soon refuted: there the root is disproven in a few hundred nodes and costs nothing more.
// A proof may also allow the attacker a few moves without check in a line (reset's
// quietMoves), for the mates that begin with a waiting move or bring a piece up first.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"

namespace chuhe {

class MateSearch {
public:
    // Starts a new proof for the side to move at root (whose history counts for repetitions).
    // The attacker may make up to `quietMoves` moves that do not check in a line.
    void reset(const Position& root, int maxPlies, int quietMoves = 0);
    // A new proof from the same root, allowing the attacker `quietMoves` moves without check.
    void restart(int quietMoves);

    // Expands the tree by about `nodes` moves made (fewer when it is solved before), and
    // returns the moves made. The tree is kept: call again to go on with the same proof.
    uint64_t run(uint64_t nodes);

    bool proven() const { return !tree_.empty() && tree_[0].pn == 0; }
    bool disproven() const { return !tree_.empty() && tree_[0].dn == 0; }
    bool full() const { return tree_.size() + MAX_MOVES > MAX_TREE; }  // no room for an expansion
    // After a proof: the mate's length in plies against the defence that lasts longest in
    // the tree (at least the real distance), and its line.
    int mate_plies() const;
    std::vector<Move> pv() const;
    size_t tree_size() const { return tree_.size(); }

private:
    static constexpr uint32_t INF = 1u << 30;
    static constexpr size_t MAX_TREE = 1u << 20;  // 1M nodes, 16 MB

    struct Node {
        uint32_t pn = 1, dn = 1;
        uint32_t firstChild = 0;  // index in tree_; children are contiguous
        uint16_t childCount = 0;
        Move move = MOVE_NONE;
        bool expanded = false;
        bool quiet = false;  // an attacker's move that does not check
    };

    // Attacker to move at even plies (OR nodes), defender at odd ones (AND nodes).
    void expand(uint32_t n, int ply);
    void update(uint32_t n, int ply);
    int plies(uint32_t n, int ply) const;

    Position pos_;
    std::vector<Node> tree_;
    std::vector<uint32_t> path_;  // from the root to the node the position stands on
    int maxPlies_ = 0;
    int quietMoves_ = 0;
    uint64_t nodes_ = 0;
};

}  // namespace chuhe
