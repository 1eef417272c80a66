#include "batch/submission_hash.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace submission_hash_test {

namespace fs = std::filesystem;

class SubmissionHashTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-hash-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const fs::path& relative, const std::string& content) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << content;
  }
  fs::path dir_;
};

TEST_F(SubmissionHashTest, SameFilesSameHashWhereverTheyLive) {
  write("a/torus_puzzle.py", "x = 1\n");
  write("a/lib/pq.py", "y = 2\n");
  // Created in the other order, in another folder.
  write("b/lib/pq.py", "y = 2\n");
  write("b/torus_puzzle.py", "x = 1\n");
  EXPECT_EQ(submission_content_hash(dir_ / "a"), submission_content_hash(dir_ / "b"));
  EXPECT_EQ(submission_content_hash(dir_ / "a").size(), 64u);
}

TEST_F(SubmissionHashTest, BytesAndNamesBothCount) {
  write("a/torus_puzzle.py", "x = 1\n");
  write("b/torus_puzzle.py", "x = 2\n");
  write("c/renamed.py", "x = 1\n");
  const std::string a = submission_content_hash(dir_ / "a");
  EXPECT_NE(a, submission_content_hash(dir_ / "b"));
  EXPECT_NE(a, submission_content_hash(dir_ / "c"));
  // A single file is hashed with its name too.
  EXPECT_NE(submission_content_hash(dir_ / "a" / "torus_puzzle.py"),
            submission_content_hash(dir_ / "c" / "renamed.py"));
}

TEST_F(SubmissionHashTest, LargeFilesAreStreamedAndMissingOnesAreErrors) {
  write("big/data.bin", std::string(300 * 1024, 'z'));
  write("big2/data.bin", std::string(300 * 1024, 'z') + "!");
  EXPECT_NE(submission_content_hash(dir_ / "big"), submission_content_hash(dir_ / "big2"));
  EXPECT_THROW(submission_content_hash(dir_ / "missing"), std::runtime_error);
}

}  // namespace submission_hash_test
}  // namespace
}  // namespace sg
