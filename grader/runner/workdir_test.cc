#include "runner/workdir.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace workdir_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class WorkdirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "sg-workdir-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { remove_tree(root_); }

  static void write(const fs::path& path, const std::string& content) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
  }

  fs::path root_;
};

TEST_F(WorkdirTest, RunDirectoryIsPrivateAndRemovedOnDestruction) {
  fs::path kept_root;
  {
    RunDirectory directory(root_);
    kept_root = directory.root();
    EXPECT_EQ(directory.workdir(), directory.root() / "box");
    EXPECT_EQ(directory.io_dir(), directory.root() / "io");
    for (const fs::path& dir : {directory.root(), directory.workdir(), directory.io_dir()}) {
      struct stat st {};
      ASSERT_EQ(::stat(dir.c_str(), &st), 0);
      EXPECT_EQ(st.st_mode & 0777, 0700u) << dir;
    }
    write(directory.workdir() / "a/b/c", "x");
  }
  EXPECT_FALSE(fs::exists(kept_root));
  EXPECT_THROW(RunDirectory(root_ / "missing"), std::runtime_error);
}

TEST_F(WorkdirTest, CopiesRegularFilesAndDirectoriesOnly) {
  const fs::path source = root_ / "src";
  write(source / "main.py", "print(1)\n");
  write(source / "pkg/util.py", "x = 1\n");
  fs::permissions(source / "main.py", fs::perms(04755));
  fs::create_symlink("/etc/passwd", source / "passwd");
  fs::create_directory_symlink("/etc", source / "etc");
  ASSERT_EQ(::mkfifo((source / "fifo").c_str(), 0644), 0);
  const fs::path dest = root_ / "dest";
  fs::create_directory(dest);
  EXPECT_EQ(copy_submission(source, dest, 1000), 15u);
  EXPECT_TRUE(fs::is_regular_file(dest / "main.py"));
  EXPECT_TRUE(fs::is_regular_file(dest / "pkg/util.py"));
  EXPECT_FALSE(fs::exists(fs::symlink_status(dest / "passwd")));
  EXPECT_FALSE(fs::exists(fs::symlink_status(dest / "etc")));
  EXPECT_FALSE(fs::exists(fs::symlink_status(dest / "fifo")));
  EXPECT_EQ(fs::status(dest / "main.py").permissions(), fs::perms(0755));  // no set-uid bit

  const fs::path too_small = root_ / "small";
  fs::create_directory(too_small);
  try {
    copy_submission(source, too_small, 14);
    ADD_FAILURE() << "expected a size error";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("larger than the limit of 14 bytes"));
  }
}

TEST_F(WorkdirTest, SupportFilesReplaceWhatTheSubmissionPutThere) {
  const fs::path dest = root_ / "dest";
  write(dest / "driver/x", "student");
  write(root_ / "real_driver.py", "driver");
  place_support_file({root_ / "real_driver.py", "driver"}, dest);
  EXPECT_TRUE(fs::is_regular_file(dest / "driver"));
  place_support_file({root_ / "real_driver.py", "a/b/../c.py"}, dest);
  EXPECT_TRUE(fs::is_regular_file(dest / "a/c.py"));
  EXPECT_THROW(place_support_file({root_ / "real_driver.py", "/abs"}, dest), std::runtime_error);
  EXPECT_THROW(place_support_file({root_ / "real_driver.py", "a/../../x"}, dest),
               std::runtime_error);
  EXPECT_THROW(place_support_file({root_ / "real_driver.py", ""}, dest), std::runtime_error);
}

TEST_F(WorkdirTest, RemoveTreeDoesNotFollowSymlinks) {
  const fs::path outside = root_ / "outside";
  write(outside / "keep.txt", "keep");
  const fs::path tree = root_ / "tree";
  fs::create_directories(tree / "d");
  fs::create_directory_symlink(outside, tree / "d/link");
  fs::create_symlink(outside / "keep.txt", tree / "file_link");
  EXPECT_EQ(remove_tree(tree), "");
  EXPECT_FALSE(fs::exists(tree));
  EXPECT_TRUE(fs::exists(outside / "keep.txt"));
  EXPECT_EQ(remove_tree(root_ / "never-existed"), "");
}

// Two graders starting at once both sweep a dead grader's folder: whichever removes an entry
// first, neither reports the other's removal as a failure.
TEST_F(WorkdirTest, RemoveTreeRacingAnotherRemovalReportsNothing) {
  for (int round = 0; round < 20; ++round) {
    const fs::path tree = root_ / ("tree" + std::to_string(round));
    for (int a = 0; a < 8; ++a)
      for (int b = 0; b < 8; ++b)
        write(tree / std::to_string(a) / std::to_string(b) / "c" / "f.txt", "x");
    std::vector<std::string> errors(4);
    std::vector<std::thread> removers;
    for (std::string& error : errors)
      removers.emplace_back([&tree, &error] { error = remove_tree(tree); });
    for (std::thread& remover : removers) remover.join();
    for (const std::string& error : errors) EXPECT_EQ(error, "") << "round " << round;
    EXPECT_FALSE(fs::exists(tree));
  }
}

// Root ignores permission bits, so the chmod-000 case is checked as an unprivileged user.
TEST_F(WorkdirTest, RemoveTreeUndoesChmod000AsAnUnprivilegedUser) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to switch to an unprivileged uid";
  constexpr uid_t kNobody = 65534;
  ASSERT_EQ(::chown(root_.c_str(), kNobody, kNobody), 0);
  const fs::path tree = root_ / "tree";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::setresgid(kNobody, kNobody, kNobody) != 0 ||
        ::setresuid(kNobody, kNobody, kNobody) != 0) {
      ::_exit(10);
    }
    std::error_code ec;
    fs::create_directories(tree / "locked/inner", ec);
    std::ofstream(tree / "locked/inner/f") << "x";
    ::chmod((tree / "locked/inner").c_str(), 0);
    ::chmod((tree / "locked").c_str(), 0);
    if (::access((tree / "locked/inner").c_str(), F_OK) == 0) ::_exit(11);  // really locked
    ::_exit(remove_tree(tree).empty() ? 0 : 12);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_FALSE(fs::exists(tree));
}

}  // namespace workdir_test
}  // namespace
}  // namespace sg
