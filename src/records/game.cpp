#include "records/game.h"

#include "core/movegen.h"

namespace chuhe {

std::string Game::tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
        if (key == name) return value;
    return {};
}

void Game::set_tag(std::string_view name, std::string_view value) {
    for (auto& [key, old] : tags)
        if (key == name) {
            old = value;
            return;
        }
    tags.emplace_back(name, value);
}

bool Game::replay(Position& pos, int plies, std::string* error) const {
    if (!pos.set(startFen, error)) return false;
    int n = plies < 0 ? int(moves.size()) : std::min(plies, int(moves.size()));
    for (int i = 0; i < n; ++i) {
        if (!MoveList::of(pos).contains(moves[i].move)) {
            if (error)
                *error = "move " + std::to_string(i + 1) + " (" +
                         Position::move_to_string(moves[i].move) + ") is not legal";
            return false;
        }
        pos.do_move(moves[i].move);
    }
    return true;
}

namespace {

int count_variations(const std::vector<GameMove>& line) {
    int n = 0;
    for (const GameMove& m : line)
        for (const Variation& v : m.variations) n += 1 + count_variations(v.moves);
    return n;
}

int count_nags(const std::vector<GameMove>& line) {
    int n = 0;
    for (const GameMove& m : line) {
        n += int(m.nags.size());
        for (const Variation& v : m.variations) n += count_nags(v.moves);
    }
    return n;
}

}  // namespace

int Game::variation_count() const { return count_variations(moves); }

int Game::nag_count() const { return count_nags(moves); }

int nag_of_suffix(std::string_view suffix) {
    static constexpr std::string_view SUFFIXES[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; ++i)
        if (suffix == SUFFIXES[i]) return i + 1;
    return 0;
}

std::string tidy_comment(std::string_view text) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && blank(text.back())) text.remove_suffix(1);
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') out += text[i];
        else if (i + 1 == text.size() || text[i + 1] != '\n') out += '\n';
    }
    return out;
}

void append_comment(std::string& to, std::string_view text) {
    std::string tidy = tidy_comment(text);
    if (tidy.empty()) return;
    if (!to.empty()) to += '\n';
    to += tidy;
}

bool is_result(std::string_view s) {
    return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

}  // namespace chuhe
