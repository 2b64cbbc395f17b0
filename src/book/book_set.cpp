#include "book/book_set.h"

namespace chuhe::book {

namespace {

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

void BookSet::load(const std::string& names, std::vector<std::string>* errors) {
    names_ = names;
    books_.clear();
    size_t start = 0;
    while (start <= names.size()) {
        size_t end = names.find(';', start);
        if (end == std::string::npos) end = names.size();
        std::string name = trim(names.substr(start, end - start));
        start = end + 1;
        if (name.empty()) continue;
        Book b;
        std::string why;
        if (b.load(name, &why)) books_.push_back(std::move(b));
        else errors->push_back(name + ": " + why);
    }
}

std::vector<BookMove> BookSet::probe(const Position& pos) const {
    for (const Book& b : books_)
        if (std::vector<BookMove> moves = b.probe(pos); !moves.empty()) return moves;
    return {};
}

}  // namespace chuhe::book
