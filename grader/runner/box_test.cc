// Tests of boxes kept between runs (ProcessRunnerOptions::reuse_boxes, box.h): runs really share
// a box, and each run finds it as a new box would be; a run killed at a limit ends its box; each
// run is measured on its own. Skipped with the reason where the full tier is unavailable.
#include "runner/box.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "runner/isolation.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace box_test {

namespace fs = std::filesystem;

std::string unavailable() {
  const auto& available = probe_isolation().available;
  if (std::find(available.begin(), available.end(), IsolationTier::full) != available.end() &&
      probe_isolation().cgroup != "none") {
    return "";
  }
  std::string why = "the full tier with a cgroup is unavailable here:";
  for (const std::string& note : probe_isolation().notes) why += " " + note + ";";
  return why;
}

#define REQUIRE_BOXES() \
  if (const std::string why = unavailable(); !why.empty()) GTEST_SKIP() << why

class BoxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    REQUIRE_BOXES();
    char pattern[] = "/tmp/sg-box-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    root_ = pattern;
    fs::permissions(root_, fs::perms(0755));
    submission_ = root_ / "submission";
    fs::create_directory(submission_);
    std::ofstream(submission_ / "solution.txt") << "the student's file\n";
    scratch_ = root_ / "scratch";
    fs::create_directory(scratch_);
    ProcessRunnerOptions options;
    options.reuse_boxes = true;
    options.scratch_root = scratch_;
    runner_ = make_sandbox_runner(IsolationTier::full, options);
  }
  void TearDown() override {
    runner_.reset();
    if (!root_.empty()) remove_tree(root_);
  }

  Invocation python(const std::string& program) const {
    Invocation invocation = shell("");
    invocation.argv = {"/usr/bin/python3", "-I", "-c", program};
    return invocation;
  }

  Invocation shell(const std::string& script) const {
    Invocation invocation;
    invocation.argv = {"/bin/sh", "-c", script};
    invocation.submission = submission_;
    invocation.limits.cpu_seconds = 5;
    invocation.limits.wall_seconds = 10;
    return invocation;
  }

  // The box a run ran in: its cgroup, "sg-<grader pid>-box<n>", unique in this process (a pid
  // namespace's inode number is reused once the namespace is gone).
  static std::string box_of(const Observation& o) {
    const std::size_t at = o.stdout_stream.data.find("sg-");
    if (at == std::string::npos) return "";
    return o.stdout_stream.data.substr(at, o.stdout_stream.data.find_first_of("/\n", at) - at);
  }

  fs::path root_;
  fs::path scratch_;
  fs::path submission_;
  std::unique_ptr<Runner> runner_;
};

// What a run leaves that a new box would not have: files in /box, /tmp and /dev/shm, a SysV
// IPC object, a daemon that outlives the main process; and a changed working directory mode.
constexpr const char* kLitterer = R"sh(
grep -o 'sg-[0-9]*-box[0-9]*' /proc/self/cgroup | head -1
echo litter > /box/left.txt; mkdir /box/dir; echo x > /box/dir/y
echo litter > /tmp/left.txt; echo litter > /dev/shm/left.txt
ipcmk -M 4096 >/dev/null; ipcmk -Q >/dev/null; ipcmk -S 1 >/dev/null
(sleep 60 & sleep 60 &) ; sleep 0.2
chmod 000 /box
)sh";

// Prints what it finds that a new box would not have; "clean" otherwise. One process (python3,
// started directly), so it must be pid 2 and alone.
constexpr const char* kInspector = R"py(
import os, socket
print(next(part for line in open("/proc/self/cgroup") for part in line.strip().split("/")
           if part.startswith("sg-")))
found = []
if os.getpid() != 2: found.append(f"pid={os.getpid()}")
for where in ("/tmp", "/dev/shm"):
    if os.listdir(where): found.append(f"{where}:{os.listdir(where)}")
if sorted(os.listdir("/box")) != ["solution.txt"]: found.append(f"/box:{os.listdir('/box')}")
for kind in ("shm", "sem", "msg"):
    if len(open(f"/proc/sysvipc/{kind}").readlines()) != 1: found.append(f"ipc:{kind}")
others = [p for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]
if others: found.append(f"processes:{others}")
if not os.access("/box", os.W_OK): found.append("/box not writable")
if socket.gethostname() != "box": found.append(f"hostname:{socket.gethostname()}")
adj = open("/proc/self/oom_score_adj").read().strip()
if adj != "0": found.append(f"oom_score_adj={adj}")  # the OOM killer must be able to choose it
print(" ".join(found) or "clean")
)py";

TEST_F(BoxTest, TheNextRunFindsTheBoxAsNewAfterARunThatLeftLitter) {
  const Observation litter = runner_->run(shell(kLitterer));
  ASSERT_EQ(litter.termination, Termination::exited) << litter.detail;
  ASSERT_EQ(litter.exit_code, 0) << litter.stderr_stream.data;
  const Observation inspection = runner_->run(python(kInspector));
  ASSERT_EQ(inspection.termination, Termination::exited) << inspection.detail;
  EXPECT_NE(box_of(litter), "");
  EXPECT_EQ(box_of(inspection), box_of(litter)) << "the box was not reused";
  EXPECT_NE(inspection.stdout_stream.data.find("clean"), std::string::npos)
      << inspection.stdout_stream.data << inspection.stderr_stream.data;
}

TEST_F(BoxTest, ARunKilledAtALimitEndsItsBox) {
  const char* const kWhichBox = "grep -o 'sg-[0-9]*-box[0-9]*' /proc/self/cgroup | head -1";
  const Observation first = runner_->run(shell(kWhichBox));
  Invocation hang = shell(std::string(kWhichBox) + "; sleep 30");
  hang.limits.wall_seconds = 0.5;
  const Observation killed = runner_->run(hang);
  EXPECT_EQ(killed.termination, Termination::wall_time_limit) << killed.detail;
  EXPECT_EQ(box_of(killed), box_of(first)) << "the second run had a box of its own";
  const Observation after = runner_->run(python(kInspector));
  EXPECT_NE(box_of(after), box_of(killed)) << "a killed box served another run";
  EXPECT_NE(after.stdout_stream.data.find("clean"), std::string::npos) << after.stdout_stream.data;
}

TEST_F(BoxTest, VerdictsAreThoseOfAOneShotRun) {
  const std::unique_ptr<Runner> one_shot = make_sandbox_runner(IsolationTier::full);
  Invocation cpu = shell("while :; do :; done");
  cpu.limits.cpu_seconds = 0.5;
  Invocation output = shell("yes");
  output.limits.output_bytes = 4096;
  Invocation memory = shell("python3 -c 'x = bytearray(300 << 20); print(len(x))'");
  memory.limits.memory_bytes = 128ull << 20;
  const Invocation cases[] = {
      shell("exit 3"),
      shell("kill -SEGV $$"),
      cpu,
      output,
      memory,
      shell("exec /nonexistent-program"),
      shell("python3 -c 'import ctypes; ctypes.CDLL(None).syscall(101, 0, 0, 0, 0)'"),  // ptrace
  };
  for (const Invocation& invocation : cases) {
    const Observation in_box = runner_->run(invocation);
    const Observation alone = one_shot->run(invocation);
    EXPECT_EQ(in_box.termination, alone.termination)
        << invocation.argv[2] << "\n  box: " << in_box.detail << "\n  one-shot: " << alone.detail;
    EXPECT_EQ(in_box.exit_code, alone.exit_code) << invocation.argv[2];
    EXPECT_EQ(in_box.signal, alone.signal) << invocation.argv[2];
    EXPECT_EQ(in_box.isolation_tier, alone.isolation_tier);
  }
}

TEST_F(BoxTest, EachRunIsMeasuredOnItsOwn) {
  Invocation heavy = shell("python3 -c 'x = bytearray(200 << 20); sum(range(3_000_000))'");
  heavy.limits.memory_bytes = 512ull << 20;
  const Observation first = runner_->run(heavy);
  ASSERT_EQ(first.termination, Termination::exited) << first.detail;
  EXPECT_GE(first.peak_memory_bytes, 200ull << 20);
  const Observation light = runner_->run(shell("true"));
  ASSERT_EQ(light.termination, Termination::exited) << light.detail;
  EXPECT_LT(light.peak_memory_bytes, 64ull << 20) << "the peak carried over from the last run";
  EXPECT_LT(light.cpu_seconds, first.cpu_seconds / 2) << "CPU carried over from the last run";
}

TEST_F(BoxTest, AProgramThatCannotStartLeavesTheBoxReusable) {
  Invocation invocation = shell("");
  invocation.argv = {"no-such-program-anywhere"};
  const Observation missing = runner_->run(invocation);
  EXPECT_EQ(missing.termination, Termination::runner_error);
  EXPECT_NE(missing.detail.find("no-such-program-anywhere"), std::string::npos) << missing.detail;
  const Observation after = runner_->run(python(kInspector));
  EXPECT_NE(after.stdout_stream.data.find("clean"), std::string::npos) << after.stdout_stream.data;
}

TEST_F(BoxTest, WhatARunLeftCanBeCollectedBeforeTheBoxIsEmptied) {
  const fs::path collected = root_ / "collected";
  fs::create_directory(collected);
  Invocation build = shell("echo built > program.out");
  build.collect_into = collected;
  const Observation o = runner_->run(build);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  std::ifstream in(collected / "program.out");
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "built");
  EXPECT_TRUE(fs::exists(collected / "solution.txt"));
  const Observation after = runner_->run(python(kInspector));
  EXPECT_NE(after.stdout_stream.data.find("clean"), std::string::npos) << after.stdout_stream.data;
}

// A reused box reads a run's answer file before it is emptied, and the next run of the same
// box starts without it (a program that appends writes one run's lines).
TEST_F(BoxTest, AnAnswerFileIsReadBeforeTheBoxIsEmptied) {
  Invocation run = shell("echo line >> output.txt; ln -s /etc/shadow link.txt");
  run.output_files = {"output.txt", "link.txt"};
  for (int round = 0; round < 2; ++round) {
    const Observation o = runner_->run(run);
    ASSERT_EQ(o.termination, Termination::exited) << o.detail;
    ASSERT_EQ(o.output_files.size(), 2u);
    EXPECT_EQ(o.output_files[0].content.data, "line\n") << "round " << round;
    EXPECT_EQ(o.output_files[1].other, "a symbolic link");
  }
  const Observation after = runner_->run(python(kInspector));
  EXPECT_NE(after.stdout_stream.data.find("clean"), std::string::npos) << after.stdout_stream.data;
}

TEST_F(BoxTest, NothingIsLeftWhenTheRunnerGoes) {
  const Observation o = runner_->run(shell("echo hello"));
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_FALSE(fs::is_empty(scratch_)) << "the box's run directory should be there meanwhile";
  runner_.reset();
  EXPECT_TRUE(fs::is_empty(scratch_)) << "a box's run directory outlived its runner";
  const std::string prefix = fmt::format("sg-{}-box", ::getpid());
  std::ifstream mounts("/proc/self/mounts");
  std::string device, mount_point, type;
  std::string rest;
  while (mounts >> device >> mount_point >> type && std::getline(mounts, rest)) {
    if (type != "cgroup" && type != "cgroup2") continue;
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(mount_point, error);
         it != fs::recursive_directory_iterator(); it.increment(error)) {
      EXPECT_NE(it->path().filename().string().rfind(prefix, 0), 0u)
          << "a box's cgroup outlived its runner: " << it->path();
      if (it.depth() >= 3) it.disable_recursion_pending();
    }
  }
}

}  // namespace box_test
}  // namespace
}  // namespace sg
