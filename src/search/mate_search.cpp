#include "search/mate_search.h"

#include <algorithm>

#include "core/movegen.h"
#include "rules/natural_limit.h"
#include "rules/repetition.h"

namespace chuhe {

void MateSearch::reset(const Position& root, int maxPlies, int quietMoves) {
    pos_ = root;
    path_.assign(1, 0);
    maxPlies_ = maxPlies;
    restart(quietMoves);
}

void MateSearch::restart(int quietMoves) {
    for (; path_.size() > 1; path_.pop_back()) pos_.undo_move();  // back to the root
    quietMoves_ = quietMoves;
    tree_.assign(1, Node{});
    nodes_ = 0;
}

uint64_t MateSearch::run(uint64_t nodes) {
    uint64_t start = nodes_;
    while (!tree_.empty() && !proven() && !disproven() && !full() && nodes_ - start < nodes) {
        // Down to the most proving node: the attacker's child that is cheapest to prove, the
        // defender's child that is cheapest to disprove.
        uint32_t n = path_.back();
        while (tree_[n].expanded) {
            const Node& node = tree_[n];
            bool attacker = (path_.size() - 1) % 2 == 0;
            uint32_t best = node.firstChild;
            for (uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c)
                if (attacker ? tree_[c].pn < tree_[best].pn : tree_[c].dn < tree_[best].dn) best = c;
            pos_.do_move(tree_[best].move);
            path_.push_back(best);
            n = best;
        }
        expand(n, int(path_.size()) - 1);
        // Back up the numbers. Where a node's numbers do not change, its ancestors' do not
        // either, and the next most proving node is below it: go on from there.
        while (true) {
            uint32_t cur = path_.back();
            uint32_t pn = tree_[cur].pn, dn = tree_[cur].dn;
            update(cur, int(path_.size()) - 1);
            if (path_.size() == 1 || (cur != n && pn == tree_[cur].pn && dn == tree_[cur].dn)) break;
            path_.pop_back();
            pos_.undo_move();
        }
    }
    return nodes_ - start;
}

void MateSearch::expand(uint32_t n, int ply) {
    tree_[n].expanded = true;
    bool attacker = ply % 2 == 0;
    // A line that repeats a position (a perpetual check, which the attacker may not keep up)
    // or reaches the natural limit is no mate; nor is one longer than we look.
    if ((ply > 0 && (find_repetition(pos_) >= 0 || natural_limit_reached(pos_))) || ply >= maxPlies_) {
        tree_[n].pn = INF, tree_[n].dn = 0;
        return;
    }
    MoveList moves = MoveList::of<LEGAL>(pos_);
    ++nodes_;
    uint32_t first = uint32_t(tree_.size());
    int quietsLeft = attacker ? quietMoves_ : 0;  // less those the attacker made on the way here
    for (size_t i = 1; i < path_.size() && quietsLeft > 0; i += 2) quietsLeft -= tree_[path_[i]].quiet;
    for (Move m : moves) {
        bool quiet = attacker && !pos_.gives_check(m);
        if (quiet && quietsLeft <= 0) continue;
        Node child;
        child.move = m;
        child.quiet = quiet;
        if (attacker) {
            // The defender's replies to the check: the fewer, the more likely the proof.
            pos_.do_move(m);
            ++nodes_;
            int replies = count_legal_moves(pos_);
            pos_.undo_move();
            if (replies == 0) child.pn = 0, child.dn = INF, child.expanded = true;
            else child.pn = uint32_t(replies);
        }
        tree_.push_back(child);
    }
    tree_[n].firstChild = first;
    tree_[n].childCount = uint16_t(tree_.size() - first);
    if (tree_[n].childCount == 0) {
        // No check left is no mate; a defender without a move is mated.
        if (attacker) tree_[n].pn = INF, tree_[n].dn = 0;
        else tree_[n].pn = 0, tree_[n].dn = INF;
    }
}

void MateSearch::update(uint32_t n, int ply) {
    Node& node = tree_[n];
    if (!node.childCount) return;  // a final result
    bool attacker = ply % 2 == 0;
    uint64_t sum = 0;
    uint32_t least = INF;
    for (uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
        const Node& child = tree_[c];
        sum += attacker ? child.dn : child.pn;
        least = std::min(least, attacker ? child.pn : child.dn);
    }
    uint32_t total = uint32_t(std::min<uint64_t>(sum, INF));
    if (attacker) node.pn = least, node.dn = total;
    else node.pn = total, node.dn = least;
}

int MateSearch::plies(uint32_t n, int ply) const {
    const Node& node = tree_[n];
    if (!node.childCount) return 0;  // the defender is mated
    bool attacker = ply % 2 == 0;
    int result = attacker ? INT32_MAX : 0;
    for (uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
        if (attacker && tree_[c].pn != 0) continue;
        int p = 1 + plies(c, ply + 1);
        result = attacker ? std::min(result, p) : std::max(result, p);
    }
    return result;
}

int MateSearch::mate_plies() const { return proven() ? plies(0, 0) : 0; }

std::vector<Move> MateSearch::pv() const {
    std::vector<Move> line;
    if (!proven()) return line;
    uint32_t n = 0;
    for (int ply = 0; tree_[n].childCount; ++ply) {
        const Node& node = tree_[n];
        bool attacker = ply % 2 == 0;
        uint32_t best = 0;
        int bestPlies = attacker ? INT32_MAX : -1;
        for (uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
            if (attacker && tree_[c].pn != 0) continue;
            int p = plies(c, ply + 1);
            if (attacker ? p < bestPlies : p > bestPlies) best = c, bestPlies = p;
        }
        line.push_back(tree_[best].move);
        n = best;
    }
    return line;
}

}  // namespace chuhe
