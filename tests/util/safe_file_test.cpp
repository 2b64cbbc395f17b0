// write_file_safely and check_output_path: outputs are replaced whole, and nothing but a
// regular file is ever replaced or removed; read_input_file: only regular files of bounded
// size are read.
#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "support/files.h"
#include "util/safe_file.h"

using namespace chuhe;

namespace {

// The names in dir (the temporary files a write leaves, if any).
std::vector<std::string> entries(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename());
    return names;
}

}  // namespace

TEST(SafeFile, ReplacesARegularFileWhole) {
    std::string dir = test::temp_path("safe_file", "dir");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directory(dir);
    std::string path = dir + "/out.bin", error;
    ASSERT_TRUE(write_file_safely(path, "first", &error)) << error;
    ASSERT_TRUE(write_file_safely(path, "second", &error)) << error;
    EXPECT_EQ(test::file_text(path), "second");
    EXPECT_EQ(entries(dir), std::vector<std::string>{"out.bin"}) << "no temporary file is left";
    std::filesystem::remove_all(dir);
}

TEST(SafeFile, RefusesWhatIsNotARegularFile) {
    std::string dir = test::temp_path("safe_file", "refuse");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/sub");
    std::string target = dir + "/target", link = dir + "/link", error;
    ASSERT_TRUE(write_file_safely(target, "kept", &error)) << error;
    std::filesystem::create_symlink(target, link);
    EXPECT_FALSE(write_file_safely(link, "new", &error));
    EXPECT_NE(error.find("is a symbolic link"), std::string::npos) << error;
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    EXPECT_FALSE(write_file_safely(dir + "/sub", "new", &error));
    EXPECT_NE(error.find("is not a regular file"), std::string::npos) << error;
    EXPECT_TRUE(std::filesystem::is_directory(dir + "/sub"));
    EXPECT_FALSE(check_output_path("/dev/null", &error)) << "a device is never replaced";
    EXPECT_FALSE(check_output_path(dir + "/nodir/x", &error));
    EXPECT_NE(error.find("directory '" + dir + "/nodir' does not exist"), std::string::npos) << error;
    EXPECT_TRUE(check_output_path(dir + "/new", &error)) << error;
    EXPECT_EQ(test::file_text(target), "kept");
    std::filesystem::remove_all(dir);
}

// `chuhe convert /dev/zero` died of bad_alloc and `-resultsout /dev/full` read zeros for
// ever: an input is read only when it is a regular file, and only up to a cap.
TEST(SafeFile, ReadsOnlyRegularFilesOfBoundedSize) {
    std::string dir = test::temp_path("safe_file", "input");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::string bytes = "kept", error;
    for (const char* device : {"/dev/zero", "/dev/full"}) {
        EXPECT_FALSE(read_input_file(device, bytes, &error));
        EXPECT_EQ(error, std::string("cannot read ") + device + ": it is not a regular file");
    }
    EXPECT_FALSE(read_input_file(dir, bytes, &error));
    EXPECT_EQ(error, "cannot read " + dir + ": it is a directory");
    std::string fifo = dir + "/fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_FALSE(read_input_file(fifo, bytes, &error)) << "a FIFO is refused without blocking";
    EXPECT_EQ(error, "cannot read " + fifo + ": it is not a regular file");
    EXPECT_FALSE(read_input_file(dir + "/missing", bytes, &error));
    EXPECT_EQ(error, "cannot open " + dir + "/missing");
    EXPECT_EQ(bytes, "kept") << "a failed read leaves the bytes alone";

    std::string file = dir + "/eleven";
    ASSERT_TRUE(write_file_safely(file, "eleven byte", &error)) << error;
    EXPECT_FALSE(read_input_file(file, bytes, &error, 10));
    EXPECT_EQ(error, "cannot read " + file + ": it is larger than 10 bytes, more than any such file holds");
    ASSERT_TRUE(read_input_file(file, bytes, &error, 11)) << error;
    EXPECT_EQ(bytes, "eleven byte");
    EXPECT_EQ(MAX_INPUT_FILE_BYTES, uint64_t(1) << 30);
    std::filesystem::remove_all(dir);
}

TEST(SafeFile, SameFileSeesThroughNames) {
    std::string dir = test::temp_path("safe_file", "same");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directory(dir);
    EXPECT_TRUE(same_file(dir + "/a", dir + "/./a")) << "not yet existing";
    EXPECT_FALSE(same_file(dir + "/a", dir + "/b"));
    std::string error;
    ASSERT_TRUE(write_file_safely(dir + "/a", "x", &error)) << error;
    std::filesystem::create_symlink(dir + "/a", dir + "/l");
    EXPECT_TRUE(same_file(dir + "/a", dir + "/l"));
    std::filesystem::remove_all(dir);
}
