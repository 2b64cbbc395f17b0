#include "search/repetition.h"

namespace chuhe {

Ruling RepetitionJudge::ruling(Position& pos, int first, RuleSet rules) {
    // The cycle is known by the positions it runs through, in order.
    const std::vector<StateInfo>& h = pos.history();
    uint64_t key = rules == RuleSet::CHINESE ? 0xBB67AE8584CAA73BULL : 0x3C6EF372FE94F82BULL;
    for (size_t i = first; i < h.size(); ++i) {
        key = (key ^ h[i].key) * 0x9E3779B97F4A7C15ULL;
        key ^= key >> 29;
    }
    Entry& e = table_[key & (table_.size() - 1)];
    if (e.key != key) e = {key, rule_cycle(pos, rules)};
    return e.ruling;
}

Value RepetitionJudge::judge(Position& pos, int previous, int ply, RuleSet rules, Color* offender) {
    if (offender) *offender = COLOR_NB;
    // rule_cycle takes the same window: from the occurrence before the previous one if any.
    int before = occurrence_before(pos, previous);
    Ruling r = ruling(pos, before >= 0 ? before : previous, rules);
    // A cycle too long to judge (NO_REPETITION) is a draw, as any repetition used to be.
    if (r != Ruling::RED_LOSES && r != Ruling::BLACK_LOSES) return VALUE_DRAW;
    Color loser = r == Ruling::RED_LOSES ? RED : BLACK;
    if (before < 0) {  // the offender may still vary
        if (offender) *offender = loser;
        return VALUE_NONE;
    }
    return loser == pos.side_to_move() ? rule_loss_in(ply) : rule_win_in(ply);
}

}  // namespace chuhe
