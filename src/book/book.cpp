#include "book/book.h"

#include <algorithm>

#include <sys/stat.h>

#include "book/mirror.h"
#include "core/movegen.h"
#include "records/record_file.h"

namespace chuhe::book {

bool Book::read(std::string_view bytes, std::string* error) {
    // ElephantEye's files have no magic: any other file is read as one, and the reason it is
    // not one is given too.
    bool ours = bytes.substr(0, sizeof MAGIC) == std::string_view(MAGIC, sizeof MAGIC);
    if (!ours && !bytes.empty()) {
        EleEyeBook b;
        std::string why;
        if (!b.read(bytes, &why)) {
            *error = "not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (" + why + ")";
            return false;
        }
        eleeye_book_ = std::move(b);
        records_.clear();
        eleeye_ = true;
        return true;
    }
    if (!decode_book(bytes, &records_, error)) return false;
    eleeye_book_ = EleEyeBook();
    eleeye_ = false;
    return true;
}

bool Book::load(const std::string& path, std::string* error) {
    if (path == BUILT_IN) {
        std::string_view bytes = embedded_book();
        if (bytes.empty()) {
            *error = "this build has no built-in book";
            return false;
        }
        return read(bytes, error);
    }
    // Only a regular file of a sane size: a device or a FIFO named by mistake (/dev/zero,
    // /dev/stdin) would never end or fill the memory.
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) {
        *error = "cannot open " + path;
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        *error = "not a regular file";
        return false;
    }
    if (uint64_t(st.st_size) > MAX_FILE_BYTES) {
        *error = "too large for a book (" + std::to_string(st.st_size) + " bytes; at most " +
                 std::to_string(MAX_FILE_BYTES) + ")";
        return false;
    }
    std::string bytes;
    return read_file_bytes(path, bytes, error) && read(bytes, error);
}

std::vector<BookMove> Book::probe(const Position& pos) const {
    if (eleeye_) return eleeye_book_.probe(pos);
    BookKey k = book_key(pos);
    auto first = std::lower_bound(records_.begin(), records_.end(), k.key,
                                  [](const BookRecord& r, uint64_t key) { return r.key < key; });
    const MoveList legal = MoveList::of<LEGAL>(pos);
    std::vector<BookMove> moves;
    for (auto r = first; r != records_.end() && r->key == k.key; ++r) {
        Move m = k.mirrored ? mirror_move(r->move) : r->move;
        // A key collision (or a book from other records) may bring moves that are not legal.
        if (!legal.contains(m)) continue;
        moves.push_back({m, r->wins, r->draws, r->losses});
    }
    std::stable_sort(moves.begin(), moves.end(),
                     [](const BookMove& a, const BookMove& b) { return a.weight() > b.weight(); });
    return moves;
}

size_t Book::positions() const {
    if (eleeye_) return eleeye_book_.positions();
    size_t n = 0;
    for (size_t i = 0; i < records_.size(); ++i) n += !i || records_[i].key != records_[i - 1].key;
    return n;
}

}  // namespace chuhe::book
