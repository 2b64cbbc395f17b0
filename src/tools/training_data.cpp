#include "tools/training_data.h"

#include <cstring>
#include <fstream>

#include "util/safe_file.h"

namespace chuhe {

namespace {

bool valid_piece(unsigned code) { return code != 0 && code != 8 && type_of(Piece(code)) != NO_PIECE_TYPE; }

}  // namespace

TrainingRecord TrainingRecord::from(const Position& pos, int score, Move move, GameOutcome result) {
    TrainingRecord r;
    for (Square s = 0; s < SQUARE_NB; ++s) r.board[s] = pos.piece_on(s);
    r.stm = pos.side_to_move();
    r.score = int16_t(std::max(-32767, std::min(32767, score)));
    r.move = move;
    r.ply = uint16_t(std::min(pos.game_ply(), 65535));
    r.result = result;
    return r;
}

std::string TrainingRecord::fen() const {
    static const char* CHARS = " RACPNBK racpnbk";
    std::string f;
    for (int rank = RANK_NB - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < FILE_NB; ++file) {
            Piece p = board[make_square(file, rank)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) f += char('0' + empty), empty = 0;
            f += CHARS[p];
        }
        if (empty) f += char('0' + empty);
        if (rank) f += '/';
    }
    return f + (stm == RED ? " w" : " b");
}

void encode_record(const TrainingRecord& r, unsigned char out[RECORD_SIZE]) {
    std::memset(out, 0, RECORD_SIZE);
    int n = 0;
    for (Square s = 0; s < SQUARE_NB; ++s) {
        if (!r.board[s]) continue;
        out[s / 8] |= uint8_t(1 << (s % 8));
        out[16 + n / 2] |= uint8_t(r.board[s] << (4 * (n % 2)));
        ++n;
    }
    out[15] = RECORD_TAG;
    auto put16 = [&](int at, uint16_t v) { out[at] = uint8_t(v), out[at + 1] = uint8_t(v >> 8); };
    put16(32, uint16_t(r.score));
    put16(34, r.move);
    put16(36, r.ply);
    out[38] = r.stm;
    out[39] = r.result;
}

bool decode_record(const unsigned char in[RECORD_SIZE], TrainingRecord& r, std::string* error) {
    auto fail = [&](const char* why) {
        if (error) *error = why;
        return false;
    };
    if (in[15] != RECORD_TAG) return fail("not a training record (bad tag)");
    if (in[11] >> 2 || in[12] || in[13] || in[14]) return fail("bad occupancy (squares past i9)");
    r = TrainingRecord{};
    int n = 0;
    for (Square s = 0; s < SQUARE_NB; ++s) {
        if (!(in[s / 8] >> (s % 8) & 1)) continue;
        if (n == 32) return fail("more than 32 pieces");
        unsigned code = in[16 + n / 2] >> (4 * (n % 2)) & 0xF;
        if (!valid_piece(code)) return fail("bad piece code");
        r.board[s] = Piece(code);
        ++n;
    }
    r.score = int16_t(in[32] | in[33] << 8);
    r.move = Move(in[34] | in[35] << 8);
    r.ply = uint16_t(in[36] | in[37] << 8);
    if (in[38] > 1) return fail("bad side to move");
    if (in[39] > 2) return fail("bad result");
    r.stm = Color(in[38]);
    r.result = GameOutcome(in[39]);
    return true;
}

RecordWriter::~RecordWriter() {
    if (file_) std::fclose(file_);
}

bool RecordWriter::open(const std::string& path, bool append, std::string* error) {
    file_ = std::fopen(path.c_str(), append ? "ab" : "wb");
    path_ = path;
    if (!file_) {
        *error = "cannot open '" + path + "' for writing: " + std::strerror(errno);
        return false;
    }
    return true;
}

bool RecordWriter::write(const std::vector<TrainingRecord>& records, std::string* error) {
    std::vector<unsigned char> bytes(records.size() * RECORD_SIZE);
    for (size_t i = 0; i < records.size(); ++i) encode_record(records[i], &bytes[i * RECORD_SIZE]);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() || std::fflush(file_) != 0) {
        *error = "cannot write '" + path_ + "': " + std::strerror(errno);
        return false;
    }
    written_ += records.size();
    return true;
}

bool RecordWriter::close(std::string* error) {
    if (!file_) return true;
    bool ok = std::fclose(file_) == 0;
    file_ = nullptr;
    if (!ok) *error = "cannot close '" + path_ + "': " + std::strerror(errno);
    return ok;
}

bool read_records(const std::string& path, std::vector<TrainingRecord>& out, std::string* error) {
    if (!check_input_file(path, error)) return false;
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        *error = "cannot open '" + path + "'";
        return false;
    }
    unsigned char buf[RECORD_SIZE];
    for (uint64_t i = 0;; ++i) {
        f.read(reinterpret_cast<char*>(buf), RECORD_SIZE);
        if (f.gcount() == 0) break;
        if (size_t(f.gcount()) != RECORD_SIZE) {
            *error = path + ": truncated record at the end (file size not a multiple of 40)";
            return false;
        }
        TrainingRecord r;
        std::string why;
        if (!decode_record(buf, r, &why)) {
            *error = path + ": record " + std::to_string(i) + ": " + why;
            return false;
        }
        out.push_back(r);
    }
    return true;
}

}  // namespace chuhe
