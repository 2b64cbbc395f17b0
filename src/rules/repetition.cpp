#include "rules/repetition.h"

#include <algorithm>

namespace chuhe {

namespace {

// One chase of a move, by piece identity.
struct ChaseRecord {
    uint8_t victim;
    uint32_t attackers;  // identities of the pieces that newly threaten it
    uint32_t mover;      // identity of the piece that made the move
};

struct MoveRecord {
    int count = 0;
    ChaseRecord chases[8];
};

// What a side's moves over the cycle add up to.
struct Tally {
    int moves = 0, checks = 0, mates = 0, chases = 0, idles = 0;
    bool allCheck = true;
    uint32_t chasedAlways = ~0u;  // identities chased by every move
    bool mildChase = false;       // chinese: a chase move without a rook or unprotected piece chased alone
    bool plainMildChase = false;  // chinese: such a move that is no joint chase either
    MoveRecord record[MAX_PLY / 2 + 1];
    Chase lastChase[32];  // by identity, for the explanation

    // Nothing the side does later in the cycle can make it an offender.
    bool blameless(RuleSet rules) const {
        return moves && (rules == RuleSet::ASIAN ? !allCheck && !chasedAlways : idles > 0);
    }

    // The attackers of a chase that count, given the pieces whose threats are only defence.
    static uint32_t counted(const ChaseRecord& c, uint32_t defending) {
        return c.attackers & ~(defending & ~c.mover);
    }

    // Pieces chased on every move.
    uint32_t chased_on_every_move(uint32_t defending) const {
        uint32_t always = moves ? ~0u : 0;
        for (int i = 0; i < moves; ++i) {
            uint32_t mask = 0;
            for (int k = 0; k < record[i].count; ++k)
                if (counted(record[i].chases[k], defending)) mask |= 1u << record[i].chases[k].victim;
            always &= mask;
        }
        return always;
    }

    // Whether one and the same piece chases `victim` on every move.
    bool same_attacker(int victim, uint32_t defending) const {
        uint32_t same = ~0u;
        for (int i = 0; i < moves; ++i)
            for (int k = 0; k < record[i].count; ++k)
                if (record[i].chases[k].victim == victim) same &= counted(record[i].chases[k], defending);
        return same;
    }

    // The perpetual chases AXF forbids. Rule 32: pieces that take turns chasing two or more
    // pieces, each on every move, do not chase perpetually; one piece chased on every move by
    // one and the same attacker, or the only piece chased on every move, is chased perpetually.
    uint32_t forbidden_chases(uint32_t defending) const {
        uint32_t chased = chased_on_every_move(defending), forbidden = 0;
        for (uint32_t b = chased; b; b &= b - 1)
            if (!(chased & (chased - 1)) || same_attacker(__builtin_ctz(b), defending)) forbidden |= b & -b;
        return forbidden;
    }
};

std::string side_name(Color c) { return c == RED ? "red" : "black"; }

std::string describe_chase(const Chase& c) {
    std::string why =
        c.rook() && (type_of(c.attackerPiece) == HORSE || type_of(c.attackerPiece) == CANNON)
            ? "a rook attacked by a " + std::string(type_of(c.attackerPiece) == HORSE ? "horse" : "cannon")
        : c.falseRoots && !c.roots ? "protected only by a false root"
        : c.unprotected()          ? "unprotected"
        : c.joint                  ? "attacked by more pieces than protect it"
                                   : "protected, but capturing wins material";
    return "the " + piece_at(c.victimPiece, c.victim) + " (" + why + ")";
}

void rule_asian(const Tally (&t)[COLOR_NB], CycleJudgement& j) {
    bool check[COLOR_NB], chase[COLOR_NB];
    // AXF rule 19 and diagram 61: a piece that the opponent chases on every move and that stays
    // where it is defends; threats it gains from its side's other moves are no chase.
    uint32_t hunted[COLOR_NB] = {t[BLACK].chased_on_every_move(0), t[RED].chased_on_every_move(0)};
    for (Color c : {RED, BLACK}) {
        Conduct& d = j.conduct[c];
        check[c] = t[c].allCheck;
        uint32_t forbidden = t[c].forbidden_chases(hunted[c]);
        chase[c] = !check[c] && forbidden;
        if (!check[c] && forbidden != t[c].forbidden_chases(0))
            j.grounds.push_back("AXF rule 19: a " + side_name(c) +
                                " piece chased on every move that does not move "
                                "itself makes no chase by what other " +
                                side_name(c) + " moves let it threaten");
        if (!check[c] && t[c].chased_on_every_move(hunted[c]) && !forbidden)
            j.grounds.push_back("AXF rule 32: " + side_name(c) +
                                "'s pieces take turns chasing two or more pieces "
                                "on every move: allowed");
        if (check[c]) {
            d.kind = Conduct::PERPETUAL_CHECK;
            d.summary = "checks on every move: perpetual check";
        } else if (chase[c]) {
            d.kind = Conduct::FORBIDDEN;
            d.chased = forbidden;
            std::string what;
            for (uint32_t b = forbidden; b; b &= b - 1)
                what += (what.empty() ? "" : " and ") + describe_chase(t[c].lastChase[__builtin_ctz(b)]);
            d.summary = "chases " + what + " on every move: perpetual chase";
        } else {
            d.summary = "allowed: " + std::to_string(t[c].checks) + " check(s), " +
                        std::to_string(t[c].chases) + " chase(s), " + std::to_string(t[c].idles) +
                        " idle move(s), no forbidden perpetual chase";
        }
    }
    auto loses = [&](Color c) { j.ruling = c == RED ? Ruling::RED_LOSES : Ruling::BLACK_LOSES; };
    // Rule numbers as in Eric Wu's English translation of the Asian rules (chapter 4, section 4),
    // the numbering the AXF cases in ../shared/data/rules cite: rule 6 perpetual check, rule 7
    // mutual perpetual check.
    if (check[RED] && check[BLACK]) {
        j.ruling = Ruling::DRAW;
        j.grounds.push_back("AXF rule 7: both sides check perpetually (mutual perpetual check): draw");
    } else if (check[RED] || check[BLACK]) {
        Color c = check[RED] ? RED : BLACK;
        loses(c);
        j.grounds.push_back("AXF rule 6: perpetual check, with one piece or several, is forbidden in all cases: " +
                            side_name(c) + " must vary");
        if (chase[~c])
            j.grounds.push_back("AXF: perpetual check weighs more than the opponent's perpetual chase");
    } else if (chase[RED] && chase[BLACK]) {
        j.ruling = Ruling::DRAW;
        j.grounds.push_back("AXF: both sides chase perpetually (mutual chase): draw");
    } else if (chase[RED] || chase[BLACK]) {
        Color c = chase[RED] ? RED : BLACK;
        loses(c);
        j.grounds.push_back(
            "AXF: perpetually chasing an unprotected piece, or a rook with a horse or cannon, is "
            "forbidden (a protector that cannot legally recapture is no protector; the king and "
            "pawns may chase): " +
            side_name(c) + " must vary");
    } else {
        j.ruling = Ruling::DRAW;
        j.grounds.push_back(
            "AXF: neither side checks or chases perpetually (idle moves, one check one chase, "
            "chasing different pieces in turn and perpetual mate threats are allowed): draw");
    }
}

void rule_chinese(const Tally (&t)[COLOR_NB], CycleJudgement& j) {
    static const char* FORMS[8] = {"",
                                   "長將 (perpetual check)",
                                   "長殺 (perpetual mate threat)",
                                   "一將一殺 (check and mate threat in turn)",
                                   "長捉 (perpetual chase)",
                                   "一將一捉 (check and chase in turn)",
                                   "一殺一捉 (mate threat and chase in turn)",
                                   "將, 殺 and 捉 in turn"};
    for (Color c : {RED, BLACK}) {
        Conduct& d = j.conduct[c];
        const Tally& s = t[c];
        if (s.allCheck) {
            d.kind = Conduct::PERPETUAL_CHECK;
            d.summary = std::string("checks on every move: ") + FORMS[1] + ", 24.9";
        } else if (s.idles) {
            d.summary = "allowed moves (允許著法, 24.14): " + std::to_string(s.idles) + " of " +
                        std::to_string(s.moves) + " moves are idle (閒, 24.8)";
        } else {
            d.kind = Conduct::FORBIDDEN;
            d.severe = !s.mildChase;
            d.jointOnly = s.mildChase && !s.plainMildChase;
            int form = (s.checks ? 1 : 0) | (s.mates ? 2 : 0) | (s.chases ? 4 : 0);
            d.summary = std::string("forbidden moves (禁止著法, 24.13): ") + FORMS[form] +
                        (d.severe ? "" : ", chasing only protected pieces or by joint chase");
        }
    }
    auto loses = [&](Color c) { j.ruling = c == RED ? Ruling::RED_LOSES : Ruling::BLACK_LOSES; };
    const Conduct& r = j.conduct[RED];
    const Conduct& b = j.conduct[BLACK];
    if (r.kind == Conduct::PERPETUAL_CHECK && b.kind == Conduct::PERPETUAL_CHECK) {
        j.ruling = Ruling::DRAW;
        j.grounds.push_back("CXA 25.4, 26.8.4: both sides check perpetually: draw");
    } else if (r.kind == Conduct::PERPETUAL_CHECK || b.kind == Conduct::PERPETUAL_CHECK) {
        Color c = r.kind == Conduct::PERPETUAL_CHECK ? RED : BLACK;
        loses(c);
        j.grounds.push_back("CXA 25.1: single-sided perpetual check is never allowed; 23.5.1 and 4.1.4: " +
                            side_name(c) + " loses");
    } else if (r.kind == Conduct::FORBIDDEN && b.kind == Conduct::FORBIDDEN) {
        j.grounds.push_back("CXA 25.4: both sides make forbidden moves, see 26.8");
        if (r.severe != b.severe) {
            Color c = r.severe ? RED : BLACK;
            loses(c);
            if (j.conduct[~c].jointOnly)
                j.grounds.push_back(
                    "CXA 26.8.2 / 26.8.3: a single-piece chase of a rook or an unprotected piece "
                    "against a joint chase: " +
                    side_name(c) + " must vary");
            else
                j.grounds.push_back(
                    "CXA 26.8.1: perpetual mate threats, chases of a rook or of an unprotected "
                    "piece must vary against lesser forbidden moves: " +
                    side_name(c) + " must vary");
            j.grounds.push_back("CXA 23.5.2.2: the side that must vary and does not loses");
        } else {
            j.ruling = Ruling::DRAW;
            j.grounds.push_back("CXA 26.8.4, 23.5.2.1: otherwise neither must vary: draw");
        }
    } else if (r.kind == Conduct::FORBIDDEN || b.kind == Conduct::FORBIDDEN) {
        Color c = r.kind == Conduct::FORBIDDEN ? RED : BLACK;
        loses(c);
        j.grounds.push_back("CXA 25.3: forbidden moves against allowed moves: " + side_name(c) +
                            " must vary; 23.5.2.2 and 4.1.5: not varying loses");
    } else {
        j.ruling = Ruling::DRAW;
        j.grounds.push_back("CXA 25.2: both sides make allowed moves: draw (23.5.2.1, 4.2.3)");
    }
}

}  // namespace

const char* ruling_text(Ruling r) {
    switch (r) {
    case Ruling::DRAW: return "draw";
    case Ruling::RED_LOSES: return "red loses";
    case Ruling::BLACK_LOSES: return "black loses";
    default: return "no repetition";
    }
}

int find_repetition(const Position& pos) {
    const std::vector<StateInfo>& h = pos.history();
    int last = int(h.size()) - 1;
    int reach = std::min(std::min(h[last].rule60, h[last].pliesFromNull), last);
    for (int i = last - 4; i >= last - reach; i -= 2)
        if (h[i].key == h[last].key) return i;
    return -1;
}

namespace {

// Classifies the cycle's moves, replaying them from the earlier occurrence (where pos stands on
// entry; it ends on the current position), and rules on them.
void judge_moves(Position& pos, const Move* moves, int length, RuleSet rules, unsigned flags,
                 CycleJudgement& j) {
    bool explain = flags & EXPLAIN;
    // Piece identities, so that a chased piece is followed as it moves.
    int8_t id[SQUARE_NB];
    for (Square s = 0, n = 0; s < SQUARE_NB; ++s) id[s] = pos.empty(s) ? -1 : n++;

    Tally t[COLOR_NB];
    for (int i = 0; i < length; ++i) {
        Move m = moves[i];
        Color us = pos.side_to_move();
        id[to_sq(m)] = id[from_sq(m)];
        id[from_sq(m)] = -1;
        pos.do_move(m);
        Tally& s = t[us];
        if (!explain && s.blameless(rules)) {
            s.record[s.moves++].count = 0;  // nothing later can make it an offender
            continue;
        }
        MoveNature n = classify_last_move(pos, rules, flags);
        MoveRecord& r = s.record[s.moves++];
        r.count = 0;
        s.allCheck &= n.check;
        uint32_t mask = 0;
        bool severe = false, joint = false;
        for (int k = 0; k < n.chaseCount; ++k) {
            const Chase& c = n.chases[k];
            ChaseRecord& cr = r.chases[r.count++];
            cr = {uint8_t(id[c.victim]), 0, 1u << id[to_sq(m)]};
            for (Bitboard b = c.attackers; b;) cr.attackers |= 1u << id[pop_lsb(b)];
            mask |= 1u << id[c.victim];
            s.lastChase[id[c.victim]] = c;
            severe |= (c.rook() || c.unprotected()) && !c.joint;
            joint |= c.joint;
        }
        s.chasedAlways &= mask;
        if (n.check)
            s.checks++;
        else if (n.mateThreat)
            s.mates++;
        else if (n.chaseCount) {
            s.chases++;
            s.mildChase |= !severe;
            s.plainMildChase |= !severe && !joint;
        } else
            s.idles++;
        if (explain) j.moves.push_back(std::move(n));
    }
    if (rules == RuleSet::ASIAN)
        rule_asian(t, j);
    else
        rule_chinese(t, j);
}

}  // namespace

CycleJudgement judge_cycle(Position& pos, RuleSet rules, bool explain) {
    CycleJudgement j;
    j.first = find_repetition(pos);
    if (j.first < 0) return j;
    j.last = pos.plies_since_root();
    // A position on the board for the third time: the cycle runs over both repetitions (CXA
    // 23.1 counts three), so that two different loops through it are judged together.
    const std::vector<StateInfo>& h = pos.history();
    int reach = j.last - std::min(std::min(h[j.last].rule60, h[j.last].pliesFromNull), j.last);
    for (int i = j.first - 4; i >= reach; i -= 2)
        if (h[i].key == h[j.last].key) {
            j.first = i;
            break;
        }
    int length = j.last - j.first;
    if (length > MAX_PLY) {
        j.first = -1;
        return j;
    }
    Move moves[MAX_PLY];
    for (int i = 0; i < length; ++i) moves[i] = h[j.first + 1 + i].move;

    unsigned flags = rules == RuleSet::CHINESE || explain ? unsigned(MATE_THREATS) : 0u;
    if (explain) flags |= EXPLAIN;
    // Whether a capture would be answered by mate is worked out only when a chase decides.
    bool lazy = !explain && rules == RuleSet::ASIAN;
    for (int i = 0; i < length; ++i) pos.undo_move();
    judge_moves(pos, moves, length, rules, flags | (lazy ? NO_MATE_TEST : 0u), j);
    bool chaseDecides =
        (j.conduct[RED].kind == Conduct::FORBIDDEN || j.conduct[BLACK].kind == Conduct::FORBIDDEN) &&
        j.conduct[RED].kind != Conduct::PERPETUAL_CHECK && j.conduct[BLACK].kind != Conduct::PERPETUAL_CHECK;
    if (lazy && chaseDecides) {
        CycleJudgement full;
        full.first = j.first, full.last = j.last;
        for (int i = 0; i < length; ++i) pos.undo_move();
        judge_moves(pos, moves, length, rules, flags, full);
        return full;
    }
    return j;
}

int occurrence_before(const Position& pos, int previous) {
    const std::vector<StateInfo>& h = pos.history();
    int last = int(h.size()) - 1;
    int reach = last - std::min(std::min(h[last].rule60, h[last].pliesFromNull), last);
    for (int i = previous - 4; i >= reach; i -= 2)
        if (h[i].key == h[last].key) return i;
    return -1;
}

bool loses_by_rule(Position& pos, Move m, RuleSet rules) {
    Color us = pos.side_to_move();
    pos.do_move(m);
    int previous = find_repetition(pos);
    bool loses = previous >= 0 && occurrence_before(pos, previous) >= 0 &&
                 rule_cycle(pos, rules) == (us == RED ? Ruling::RED_LOSES : Ruling::BLACK_LOSES);
    pos.undo_move();
    return loses;
}

}  // namespace chuhe
