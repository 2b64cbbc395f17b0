// Training records for the network: one position with its search score and the game's
// result, 40 bytes, no file header, so that files can be appended to and concatenated.
//
// Layout (little-endian): bytes 0-15 the occupancy as a 128-bit set (bit = square, bits
// 120-127 hold RECORD_TAG), bytes 16-31 one 4-bit piece code per occupied square in square
// order (low nibble first), then int16 score (side to move's view, engine units), uint16 the
// move played, uint16 the game ply, uint8 the side to move, uint8 the result (0 black won,
// 1 draw, 2 red won).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/position.h"

namespace chuhe {

constexpr size_t RECORD_SIZE = 40;
constexpr uint8_t RECORD_TAG = 0xC5;

enum GameOutcome : uint8_t { BLACK_WON = 0, DRAWN = 1, RED_WON = 2 };

struct TrainingRecord {
    Piece board[SQUARE_NB] = {};
    Color stm = RED;
    int16_t score = 0;
    Move move = MOVE_NONE;
    uint16_t ply = 0;
    GameOutcome result = DRAWN;

    static TrainingRecord from(const Position& pos, int score, Move move, GameOutcome result);
    std::string fen() const;  // board and side to move
};

void encode_record(const TrainingRecord& r, unsigned char out[RECORD_SIZE]);
// False (with the reason) if the bytes are not a well-formed record.
bool decode_record(const unsigned char in[RECORD_SIZE], TrainingRecord& r, std::string* error);

// Appends records to a file; every write is whole records, flushed, and checked.
class RecordWriter {
public:
    ~RecordWriter();
    bool open(const std::string& path, bool append, std::string* error);
    bool write(const std::vector<TrainingRecord>& records, std::string* error);
    bool close(std::string* error);
    uint64_t written() const { return written_; }

private:
    std::FILE* file_ = nullptr;
    std::string path_;
    uint64_t written_ = 0;
};

// Reads a records file whole (used by tests and small tools; the trainer streams).
bool read_records(const std::string& path, std::vector<TrainingRecord>& out, std::string* error);

}  // namespace chuhe
