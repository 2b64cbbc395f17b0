// write_file_safely and check_output_path: outputs are replaced whole, and nothing but a
// regular file is ever replaced or removed.
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
