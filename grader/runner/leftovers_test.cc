#include "runner/leftovers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "runner/cgroup.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace leftovers_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A pid that ran and no longer does: a child that exited and was reaped.
pid_t dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

// A child process that idles until the test ends. Tests name leftovers after one and call it dead
// in their own sweeps (graders_but()): every grader starting beside the test sweeps leftovers of
// dead pids, and would take this test's first and change its counts, but leaves a live pid's.
class IdleChild {
 public:
  IdleChild() : pid_(::fork()) {
    if (pid_ == 0) {
      for (;;) ::pause();
    }
  }
  ~IdleChild() {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  IdleChild(const IdleChild&) = delete;
  IdleChild& operator=(const IdleChild&) = delete;

  pid_t pid() const { return pid_; }

 private:
  pid_t pid_;
};

// Which graders run, for sweep_leftovers(): every process that exists but `dead`.
GraderRuns graders_but(const IdleChild& dead) {
  return [pid = dead.pid()](pid_t grader) { return grader != pid && process_exists(grader); };
}

TEST(Leftovers, NamesCarryTheirGradersPid) {
  EXPECT_EQ(grader_pid_of("sg-123-box0"), 123);
  EXPECT_EQ(grader_pid_of("sg-123-7"), 123);
  EXPECT_EQ(grader_pid_of("sg-probe-55"), 55);
  EXPECT_EQ(grader_pid_of("sg-run-77-AbC123"), 77);
  EXPECT_FALSE(grader_pid_of("sg-run-AbC123"));  // an older version's run folder: owner unknown
  EXPECT_FALSE(grader_pid_of("sg-abc-box0"));
  EXPECT_FALSE(grader_pid_of("sg-123-boxy"));
  EXPECT_FALSE(grader_pid_of("sg-123-"));
  EXPECT_FALSE(grader_pid_of("sg-0-box0"));
  EXPECT_FALSE(grader_pid_of("searchgrader"));
  // Another instance's names are not this (default) instance's, and the other way round.
  EXPECT_FALSE(grader_pid_of("sg.ci-123-box0"));
  EXPECT_FALSE(grader_pid_of("sg.ci-run-77-AbC123"));
  EXPECT_EQ(grader_pid_of("sg.ci-123-box0", "ci"), 123);
  EXPECT_EQ(grader_pid_of("sg.ci-probe-55", "ci"), 55);
  EXPECT_EQ(grader_pid_of("sg.ci-run-77-AbC123", "ci"), 77);
  EXPECT_FALSE(grader_pid_of("sg-123-box0", "ci"));
  EXPECT_FALSE(grader_pid_of("sg.cix-123-box0", "ci"));
  EXPECT_FALSE(grader_pid_of("sg.c-i-123-box0", "c"));
  EXPECT_EQ(resource_owner("sg.ci-123-7")->instance, "ci");
  EXPECT_EQ(resource_owner("sg-123-7")->instance, "");
  EXPECT_TRUE(is_resource_name("sg.ci-123-7"));
  EXPECT_TRUE(process_exists(::getpid()));
  EXPECT_FALSE(process_exists(dead_pid()));
}

class LeftoversTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("sg-leftovers-test-" + std::to_string(::getpid()));
    remove_stale_scratch(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { remove_stale_scratch(root_); }
  fs::path root_;
};

// Only run folders of graders that no longer run go; this process's, a live process's, another
// site instance's (its dead grader's leftovers are its own instance's to sweep) and an older
// version's unnamed ones stay. A tmpfs mounted on a dead grader's folder is detached.
TEST_F(LeftoversTest, RemovesOnlyTheRunFoldersOfGradersThatNoLongerRun) {
  const IdleChild grader;
  const pid_t dead = grader.pid();
  const fs::path stale = root_ / ("sg-run-" + std::to_string(dead) + "-Xy12ab");
  const fs::path mine = root_ / ("sg-run-" + std::to_string(::getpid()) + "-Mine01");
  const fs::path live = root_ / ("sg-run-" + std::to_string(::getppid()) + "-Live01");
  const fs::path unnamed = root_ / "sg-run-Old123";
  const fs::path other_instance = root_ / ("sg.other-run-" + std::to_string(dead) + "-Oth01");
  for (const fs::path& dir : {stale, mine, live, unnamed, other_instance})
    fs::create_directories(dir / "box");
  std::ofstream(stale / "box" / "left.txt") << "what the student wrote";
  const bool mounted = ::geteuid() == 0 && ::mount("tmpfs", stale.c_str(), "tmpfs", 0, "") == 0;
  if (mounted) fs::create_directories(stale / "box");

  const LeftoverSweep sweep = sweep_leftovers({}, {root_}, false, graders_but(grader));
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(mine));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(unnamed));
  EXPECT_TRUE(fs::exists(other_instance));
  // The sweep reads the whole mount table: a killed batch beside this test may have left dead
  // graders' folders elsewhere, so counts are at least this test's.
  EXPECT_GE(sweep.run_folders, 1);
  EXPECT_GE(sweep.mounts, mounted ? 1 : 0);
  EXPECT_TRUE(mounts_at_or_below(root_).empty());
  EXPECT_TRUE(sweep.graders.count(dead));
  // Problems with other tests' folders (a grader starting beside this test sweeps them too) are
  // theirs; none may name this test's own.
  for (const std::string& problem : sweep.problems)
    EXPECT_THAT(problem, ::testing::Not(HasSubstr(root_.string()))) << sweep.summary();
  EXPECT_THAT(sweep.summary(), HasSubstr("that no longer run"));
  EXPECT_THAT(sweep.summary(), HasSubstr("run folder"));
  // Nothing left to do here: a second sweep removes nothing under this root.
  const LeftoverSweep again = sweep_leftovers({}, {root_}, false, graders_but(grader));
  EXPECT_FALSE(again.graders.count(dead));
  EXPECT_TRUE(fs::exists(mine));
  EXPECT_TRUE(fs::exists(unnamed));
}

// A dead grader's cgroup (with a nested group) goes from every hierarchy it is in; a live
// grader's stays. The live one is named after a process of this test's own: cgroups are shared
// host-wide, and a name another copy of this test could make and remove would race.
TEST_F(LeftoversTest, RemovesTheCgroupsOfGradersThatNoLongerRun) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to make cgroups";
  const CgroupSupport support = detect_cgroups();
  if (support.version == 0) GTEST_SKIP() << "no cgroups: " << support.problem;
  const IdleChild grader;
  const pid_t dead = grader.pid();
  const std::string stale = "sg-" + std::to_string(dead) + "-box0";
  const IdleChild live_grader;  // graders_but(grader) calls it live
  const std::string live = "sg-" + std::to_string(live_grader.pid()) + "-box0";
  for (const fs::path& parent : support.parents) {
    ASSERT_TRUE(fs::create_directory(parent / stale)) << parent;
    fs::create_directory(parent / stale / "nested");
    fs::create_directory(parent / live);
  }
  const LeftoverSweep sweep = sweep_leftovers(support.parents, {}, false, graders_but(grader));
  for (const fs::path& parent : support.parents) {
    EXPECT_FALSE(fs::exists(parent / stale)) << parent;
    EXPECT_TRUE(fs::exists(parent / live)) << parent;
    ::rmdir((parent / live).c_str());
  }
  EXPECT_GE(sweep.cgroups, static_cast<int>(2 * support.parents.size()));  // others: dead too
  EXPECT_TRUE(sweep.graders.count(dead));
}

}  // namespace leftovers_test
}  // namespace
}  // namespace sg
