#include "rules/rule_set.h"

namespace chuhe {

bool parse_rule_set(std::string_view text, RuleSet* rules) {
    if (text == "asian" || text == "axf")
        *rules = RuleSet::ASIAN;
    else if (text == "chinese" || text == "cxa")
        *rules = RuleSet::CHINESE;
    else
        return false;
    return true;
}

const char* rule_set_name(RuleSet rules) { return rules == RuleSet::ASIAN ? "asian" : "chinese"; }

}  // namespace chuhe
