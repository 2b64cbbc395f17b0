// Reading and writing game files whatever their format: XQF (one game) or PGN (many).
#pragma once

#include <string>
#include <vector>

#include "records/game.h"
#include "records/notation.h"

namespace chuhe {

struct RecordFile {
    std::vector<Game> games;          // games read, in file order (Game::number is set)
    std::vector<RecordError> errors;  // games skipped, with their number and line
    int gamesSeen = 0;                // games read plus games skipped
};

// Reads a PGN or XQF file (told apart by the XQF magic). Returns false with the reason only
// if the file cannot be read at all; problems with single games are in out.errors.
bool read_record_file(const std::string& path, RecordFile& out, std::string* error);

// Reads the whole file into a string of bytes: only a regular file of at most
// MAX_INPUT_FILE_BYTES (util/safe_file.h), so /dev/zero named by mistake is an error.
bool read_file_bytes(const std::string& path, std::string& bytes, std::string* error);

}  // namespace chuhe
