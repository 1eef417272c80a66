// End-to-end tests of the process runner: real /bin/sh and /usr/bin/python3 programs written
// into a temporary submission directory, run under the default layers (process group + rlimits).

#include "runner/process_runner.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "runner/proc_stat.h"
#include "runner/rlimit_layer.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace process_runner_test {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr const char* kPython = "/usr/bin/python3";

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// True when `pid` no longer runs (gone, or a zombie waiting for its reaper), waiting up to 2 s.
bool process_dies(pid_t pid) {
  const auto start = Clock::now();
  while (seconds_since(start) < 2.0) {
    const std::optional<ProcStat> stat = read_proc_stat(pid);
    if (!stat || stat->state == 'Z' || stat->state == 'X') return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

class ProcessRunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "sg-runner-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    submission_ = root_ / "submission";
    fs::create_directory(submission_);
  }
  void TearDown() override { remove_tree(root_); }

  fs::path write_file(const fs::path& relative, const std::string& content,
                      fs::perms mode = fs::perms(0644)) {
    const fs::path path = submission_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    fs::permissions(path, mode);
    return path;
  }

  Invocation base() const {
    Invocation invocation;
    invocation.submission = submission_;
    invocation.limits.cpu_seconds = 5;
    invocation.limits.wall_seconds = 10;
    invocation.limits.memory_bytes = 512ull << 20;
    return invocation;
  }

  Invocation sh(const std::string& script) const {
    Invocation invocation = base();
    invocation.argv = {"/bin/sh", "-c", script};
    return invocation;
  }

  Invocation python(const std::string& code) {
    write_file("main.py", code);
    Invocation invocation = base();
    invocation.argv = {kPython, "main.py"};
    return invocation;
  }

  fs::path root_;
  fs::path submission_;
  std::unique_ptr<Runner> runner_ = make_process_runner();
};

TEST_F(ProcessRunnerTest, CapturesExitCodeStdoutAndStderr) {
  const Observation o = runner_->run(sh("echo out; echo err >&2; exit 3"));
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.exit_code, 3);
  EXPECT_FALSE(o.signal);
  EXPECT_EQ(o.detail, "exit code 3");
  EXPECT_EQ(o.stdout_stream.data, "out\n");
  EXPECT_EQ(o.stdout_stream.total_bytes, 4u);
  EXPECT_FALSE(o.stdout_stream.truncated);
  EXPECT_EQ(o.stderr_stream.data, "err\n");
  EXPECT_EQ(o.isolation_tier, "process-group+rlimits");
  EXPECT_EQ(runner_->isolation_tier(), "process-group+rlimits");
  EXPECT_GT(o.wall_seconds, 0.0);
  EXPECT_LT(o.wall_seconds, 2.0);
}

TEST_F(ProcessRunnerTest, WritesGeneratedFilesIntoTheWorkingDirectory) {
  write_file("in1", "the student's own");
  Invocation invocation = sh("cat in1; cat data/in2");
  invocation.written_files = {{"in1", "(2 2)\n"}, {"data/in2", "((1 2) (* 3))\n"}};
  const Observation o = runner_->run(invocation);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "(2 2)\n((1 2) (* 3))\n");
  invocation.written_files = {{"../escape", "x"}};
  EXPECT_EQ(runner_->run(invocation).termination, Termination::runner_error);
}

// A program's answer in a file (Invocation::output_files): cleared before the run (a stale copy
// the student submitted, an earlier run's lines), read back after it, never through a link or
// a FIFO, and capped at the output limit.
TEST_F(ProcessRunnerTest, ReadsBackTheOutputFilesAProgramWrote) {
  write_file("output.txt", "a stale answer the student submitted\n");
  Invocation invocation = sh("echo first >> output.txt; echo printed; mkdir -p out; echo x > out/b");
  invocation.output_files = {"output.txt", "out/b", "missing.txt"};
  Observation o = runner_->run(invocation);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  ASSERT_EQ(o.output_files.size(), 3u);
  EXPECT_EQ(o.output_files[0].path, "output.txt");
  EXPECT_EQ(o.output_files[0].kind, OutputFile::Kind::regular);
  EXPECT_EQ(o.output_files[0].content.data, "first\n");  // one run's lines only
  EXPECT_EQ(o.output_files[1].content.data, "x\n");
  EXPECT_EQ(o.output_files[2].kind, OutputFile::Kind::absent);
  EXPECT_EQ(o.stdout_stream.data, "printed\n");

  const auto one = [&](const std::string& script) {
    Invocation run = sh(script);
    run.output_files = {"output.txt"};
    run.limits.output_bytes = 1000;
    const Observation seen = runner_->run(run);
    EXPECT_EQ(seen.termination, Termination::exited) << seen.detail;
    return seen.output_files.at(0);
  };
  const OutputFile link = one("ln -s /etc/passwd output.txt");
  EXPECT_EQ(link.kind, OutputFile::Kind::other);
  EXPECT_EQ(link.other, "a symbolic link");
  EXPECT_TRUE(link.content.data.empty());
  EXPECT_EQ(one("mkdir output.txt").other, "a directory");
  EXPECT_EQ(one("mkfifo output.txt").other, "a FIFO");  // never opened: nothing waits on it
  EXPECT_EQ(one("mkdir real; echo secret > real/output.txt; ln -s real d").kind,
            OutputFile::Kind::absent);
  const OutputFile big = one("head -c 5000 /dev/zero > output.txt");
  EXPECT_EQ(big.kind, OutputFile::Kind::regular);
  EXPECT_EQ(big.content.data.size(), 1000u);
  EXPECT_EQ(big.content.total_bytes, 5000u);
  EXPECT_TRUE(big.content.truncated);
  Invocation through_link = sh("mkdir real; echo secret > real/o; ln -s real d");
  through_link.output_files = {"d/o"};
  const Observation linked = runner_->run(through_link);
  EXPECT_EQ(linked.output_files.at(0).kind, OutputFile::Kind::other);
  EXPECT_THAT(linked.output_files.at(0).other, HasSubstr("its folder d is not a directory"));
  Invocation escaping = sh("true");
  escaping.output_files = {"../output.txt"};
  EXPECT_EQ(runner_->run(escaping).termination, Termination::runner_error);
}

TEST_F(ProcessRunnerTest, CollectsTheWorkingDirectoryWhenAsked) {
  write_file("Makefile", "all:\n");
  const fs::path collected = root_ / "collected";
  fs::create_directory(collected);
  Invocation invocation =
      sh("mkdir out && echo built > out/prog && chmod +x out/prog && ln -s /etc/passwd link");
  invocation.collect_into = collected;
  const Observation o = runner_->run(invocation);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_TRUE(fs::is_regular_file(collected / "Makefile"));
  ASSERT_TRUE(fs::is_regular_file(collected / "out" / "prog"));
  EXPECT_NE(fs::status(collected / "out" / "prog").permissions() & fs::perms::owner_exec,
            fs::perms::none);
  EXPECT_FALSE(fs::exists(fs::symlink_status(collected / "link")));  // symlinks are never copied
}

TEST_F(ProcessRunnerTest, DeliversStdinDataFromAFileOutsideTheWorkingDirectory) {
  Invocation invocation = sh("cat; readlink /proc/self/fd/0; pwd");
  invocation.stdin_data = std::string("hello\0world\n", 12);
  const Observation o = runner_->run(invocation);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  ASSERT_THAT(o.stdout_stream.data, StartsWith(std::string("hello\0world\n", 12)));
  const std::vector<std::string> lines = lines_of(o.stdout_stream.data.substr(12));
  ASSERT_EQ(lines.size(), 2u);
  const fs::path stdin_path = lines[0];
  const fs::path cwd = lines[1];
  EXPECT_EQ(stdin_path.filename(), "stdin");
  EXPECT_EQ(stdin_path.parent_path().parent_path(), cwd.parent_path());  // a sibling dir
  EXPECT_THAT(stdin_path.string(), ::testing::Not(StartsWith(cwd.string() + "/")));
}

TEST_F(ProcessRunnerTest, ResolvesBareNamesOnThePathAndDefaultStdinIsDevNull) {
  Invocation invocation = base();
  invocation.argv = {"cat"};
  Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_EQ(o.stdout_stream.data, "");

  o = runner_->run(sh("readlink /proc/self/fd/0"));
  EXPECT_EQ(o.stdout_stream.data, "/dev/null\n");
}

TEST_F(ProcessRunnerTest, CopiesSubmissionDirectoryAndSupportFilesIntoTheWorkingDirectory) {
  write_file("main.sh", "#!/bin/sh\necho main ran\n", fs::perms(0755));
  write_file("sub/data.txt", "data\n");
  fs::create_symlink("/etc/hostname", submission_ / "link");
  const fs::path driver = root_ / "driver.txt";
  std::ofstream(driver) << "driver\n";
  Invocation invocation =
      sh("./main.sh; cat sub/data.txt; test -e link || echo no link; "
         "cat .searchgrader/driver.txt; test -e submission || echo flat");
  invocation.support_files = {{driver, ".searchgrader/driver.txt"}};
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "main ran\ndata\nno link\ndriver\nflat\n")
      << o.stderr_stream.data;
}

TEST_F(ProcessRunnerTest, SingleFileSubmissionKeepsItsName) {
  const fs::path file = write_file("solution.py", "print('solved')\n");
  Invocation invocation = base();
  invocation.submission = file;
  invocation.argv = {"python3", "solution.py"};
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail << o.stderr_stream.data;
  EXPECT_EQ(o.stdout_stream.data, "solved\n");
}

TEST_F(ProcessRunnerTest, RefusesOversizedSubmissionsAndEscapingSupportFiles) {
  write_file("big.bin", std::string(1000, 'x'));
  ProcessRunnerOptions options;
  options.max_submission_bytes = 999;
  const Observation big = make_process_runner(options)->run(sh("true"));
  EXPECT_EQ(big.termination, Termination::runner_error);
  EXPECT_THAT(big.detail, HasSubstr("larger than the limit of 999 bytes"));

  Invocation escaping = sh("true");
  escaping.support_files = {{submission_ / "big.bin", "../evil"}};
  const Observation o = runner_->run(escaping);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_THAT(o.detail, HasSubstr("inside the working directory"));

  Invocation missing = sh("true");
  missing.submission = root_ / "nope";
  EXPECT_EQ(runner_->run(missing).termination, Termination::runner_error);
}

TEST_F(ProcessRunnerTest, EnvironmentIsOnlyTheAllowList) {
  ::setenv("SG_RUNNER_TEST_SECRET", "hunter2", 1);
  Invocation invocation = base();
  invocation.argv = {"/usr/bin/env"};
  invocation.environment = {{"SG_EXTRA", "1"}, {"LANG", "en_US.UTF-8"}};
  const Observation o = runner_->run(invocation);
  ::unsetenv("SG_RUNNER_TEST_SECRET");
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  std::map<std::string, std::string> env;
  for (const std::string& line : lines_of(o.stdout_stream.data)) {
    const auto eq = line.find('=');
    env[line.substr(0, eq)] = line.substr(eq + 1);
  }
  std::set<std::string> names;
  for (const auto& [name, value] : env) names.insert(name);
  EXPECT_EQ(names,
            (std::set<std::string>{"HOME", "LANG", "LC_ALL", "PATH", "PYTHONDONTWRITEBYTECODE",
                                   "PYTHONIOENCODING", "SG_EXTRA", "TMPDIR"}));
  EXPECT_EQ(env["PATH"], "/usr/local/bin:/usr/bin:/bin");
  EXPECT_EQ(fs::path(env["HOME"]).filename(), "box");
  EXPECT_EQ(env["TMPDIR"], env["HOME"]);
  EXPECT_EQ(env["LANG"], "en_US.UTF-8");  // the invocation overrides the defaults
  EXPECT_EQ(env["LC_ALL"], "C.UTF-8");
  EXPECT_EQ(env["SG_EXTRA"], "1");
}

TEST_F(ProcessRunnerTest, GraderDescriptorsAreNotInherited) {
  const int leaked = ::open("/dev/null", O_RDONLY);  // deliberately without O_CLOEXEC
  ASSERT_GE(leaked, 0);
  ASSERT_EQ(::dup2(leaked, 50), 50);
  const Observation o =
      runner_->run(python("import os\n"
                          "def is_open(fd):\n"
                          "    try:\n"
                          "        os.fstat(fd)\n"
                          "        return True\n"
                          "    except OSError:\n"
                          "        return False\n"
                          "print([fd for fd in range(0, 1024) if is_open(fd)])\n"));
  ::close(leaked);
  ::close(50);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail << o.stderr_stream.data;
  EXPECT_EQ(o.stdout_stream.data, "[0, 1, 2]\n");
}

TEST_F(ProcessRunnerTest, SignalDispositionsAndMaskAreReset) {
  struct sigaction ignore {};
  struct sigaction previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  sigset_t usr1;
  sigset_t old_mask;
  ::sigemptyset(&usr1);
  ::sigaddset(&usr1, SIGUSR1);
  ::pthread_sigmask(SIG_BLOCK, &usr1, &old_mask);
  Invocation invocation = base();
  invocation.argv = {"/bin/grep", "-E", "^Sig(Ign|Blk)", "/proc/self/status"};
  const Observation o = runner_->run(invocation);
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  ::sigaction(SIGPIPE, &previous, nullptr);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n");
}

TEST_F(ProcessRunnerTest, AppliesRlimitsWithHardEqualToSoft) {
  Invocation invocation = base();
  invocation.argv = {"/bin/cat", "/proc/self/limits"};
  invocation.limits.cpu_seconds = 2.5;
  invocation.limits.memory_bytes = 300ull << 20;
  invocation.limits.max_open_files = 77;
  const Observation o = runner_->run(invocation);
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  std::map<std::string, std::pair<std::string, std::string>> limits;
  for (const std::string& line : lines_of(o.stdout_stream.data)) {
    std::istringstream fields(line.substr(26));
    std::string soft, hard;
    fields >> soft >> hard;
    std::string name = line.substr(0, 26);
    name.erase(name.find_last_not_of(' ') + 1);
    limits[name] = {soft, hard};
  }
  using Pair = std::pair<std::string, std::string>;
  EXPECT_EQ(limits["Max cpu time"], Pair("4", "4"));
  EXPECT_EQ(limits["Max address space"], Pair("314572800", "314572800"));
  EXPECT_EQ(limits["Max open files"], Pair("77", "77"));
  EXPECT_EQ(limits["Max core file size"], Pair("0", "0"));
  EXPECT_EQ(limits["Max file size"], Pair("67108864", "67108864"));
}

TEST_F(ProcessRunnerTest, WallTimeLimitKillsASleeper) {
  Invocation invocation = sh("sleep 30");
  invocation.limits.wall_seconds = 0.5;
  const auto start = Clock::now();
  const Observation o = runner_->run(invocation);
  const double elapsed = seconds_since(start);
  EXPECT_EQ(o.termination, Termination::wall_time_limit) << o.detail;
  EXPECT_THAT(o.detail, HasSubstr("wall clock (limit 0.5 s)"));
  EXPECT_EQ(o.signal, SIGKILL);
  EXPECT_GE(o.wall_seconds, 0.5);
  EXPECT_LT(o.wall_seconds, 1.0);
  EXPECT_LT(elapsed, 1.5);
}

TEST_F(ProcessRunnerTest, ClosingStdoutIsNotExiting) {
  Invocation invocation = sh("echo bye; exec 1>&- 2>&-; sleep 30");
  invocation.limits.wall_seconds = 0.5;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::wall_time_limit) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "bye\n");
}

TEST_F(ProcessRunnerTest, SelfStoppedProcessHitsTheWallLimit) {
  Invocation invocation = sh("kill -STOP $$; echo resumed");
  invocation.limits.wall_seconds = 0.5;
  const auto start = Clock::now();
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::wall_time_limit) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "");
  EXPECT_LT(seconds_since(start), 1.5);
}

TEST_F(ProcessRunnerTest, CpuTimeLimitKillsABusyLoop) {
  Invocation invocation = python("while True:\n    pass\n");
  invocation.limits.cpu_seconds = 0.5;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::cpu_time_limit) << o.detail;
  EXPECT_THAT(o.detail, HasSubstr("s CPU (limit 0.5 s)"));
  EXPECT_GE(o.cpu_seconds, 0.5);
  EXPECT_LT(o.cpu_seconds, 0.7);
  EXPECT_LT(o.wall_seconds, 3.0);
}

TEST_F(ProcessRunnerTest, CpuTimeLimitCountsTheWholeProcessGroup) {
  // Each child stops at 0.45 s of CPU, under the limit; together they pass 0.6 s.
  write_file("busy.py",
             "import time\n"
             "while time.process_time() < 0.45:\n"
             "    pass\n");
  Invocation invocation = sh("python3 busy.py & python3 busy.py & wait; echo both finished");
  invocation.limits.cpu_seconds = 0.6;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::cpu_time_limit) << o.detail;
  EXPECT_EQ(o.stdout_stream.data, "");
  EXPECT_GE(o.cpu_seconds, 0.6);
  EXPECT_LT(o.cpu_seconds, 0.9);
}

TEST_F(ProcessRunnerTest, OutputLimitStopsYesQuickly) {
  Invocation invocation = base();
  invocation.argv = {"yes"};
  invocation.limits.output_bytes = 64 * 1024;
  const auto start = Clock::now();
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::output_limit) << o.detail;
  EXPECT_EQ(o.detail, "stdout passed 65536 bytes (the output limit); killed");
  EXPECT_EQ(o.stdout_stream.data.size(), 64u * 1024);
  EXPECT_EQ(o.stdout_stream.data.substr(0, 4), "y\ny\n");
  EXPECT_TRUE(o.stdout_stream.truncated);
  EXPECT_GT(o.stdout_stream.total_bytes, 64u * 1024);
  EXPECT_LT(seconds_since(start), 1.0);
}

TEST_F(ProcessRunnerTest, OutputOfExactlyTheCapIsNotOverTheLimit) {
  Invocation invocation = python("import sys\nsys.stdout.write('z' * 1000)\n");
  invocation.limits.output_bytes = 1000;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.stdout_stream.data.size(), 1000u);
  EXPECT_FALSE(o.stdout_stream.truncated);
}

TEST_F(ProcessRunnerTest, StderrFloodWithIdleStdoutDoesNotDeadlock) {
  Invocation invocation = python(
      "import sys\n"
      "for _ in range(128):\n"
      "    sys.stderr.write('e' * 65536)\n"
      "sys.stderr.flush()\n"
      "print('done')\n");
  invocation.limits.output_bytes = 16ull << 20;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.stderr_stream.total_bytes, 8ull << 20);
  EXPECT_EQ(o.stdout_stream.data, "done\n");

  invocation.limits.output_bytes = 1 << 20;
  const Observation capped = runner_->run(invocation);
  EXPECT_EQ(capped.termination, Termination::output_limit);
  EXPECT_THAT(capped.detail, StartsWith("stderr passed 1048576 bytes"));
  EXPECT_EQ(capped.stderr_stream.data.size(), 1u << 20);
}

TEST_F(ProcessRunnerTest, GrandchildHoldingStdoutDoesNotHangAndIsKilled) {
  const auto start = Clock::now();
  const Observation o = runner_->run(sh("sleep 100 & echo $!; echo hi"));
  const double elapsed = seconds_since(start);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_EQ(o.detail, "exit code 0");
  const std::vector<std::string> lines = lines_of(o.stdout_stream.data);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], "hi");
  EXPECT_LT(elapsed, 1.0);
  EXPECT_TRUE(process_dies(std::stoi(lines[0])));
}

TEST_F(ProcessRunnerTest, SetsidEscapeeHoldingStdoutCostsOnlyTheDrainTimeout) {
  // A known gap of this tier: a process that leaves the group survives the group kill. The runner
  // still returns promptly and says a pipe was held open.
  const auto start = Clock::now();
  const Observation o = runner_->run(sh("setsid sleep 3 & echo $!; sleep 0.2"));
  const double elapsed = seconds_since(start);
  const std::vector<std::string> lines = lines_of(o.stdout_stream.data);
  ASSERT_EQ(lines.size(), 1u) << o.detail;
  const pid_t escapee = std::stoi(lines[0]);
  ::kill(escapee, SIGKILL);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_THAT(o.detail, HasSubstr("stdout was still held open 200 ms after"));
  EXPECT_LT(elapsed, 1.0);
}

TEST_F(ProcessRunnerTest, DeathBySignalIsSignaled) {
  const Observation o = runner_->run(sh("kill -SEGV $$"));
  EXPECT_EQ(o.termination, Termination::signaled) << o.detail;
  EXPECT_EQ(o.signal, SIGSEGV);
  EXPECT_FALSE(o.exit_code);
  EXPECT_EQ(o.detail, "signal 11 (SIGSEGV)");

  const Observation killed = runner_->run(sh("kill -KILL $$"));
  EXPECT_EQ(killed.termination, Termination::signaled) << killed.detail;
  EXPECT_EQ(killed.signal, SIGKILL);
}

TEST_F(ProcessRunnerTest, ProgramsThatCannotStartAreRunnerErrors) {
  Invocation invocation = base();
  invocation.argv = {"/nonexistent/prog", "x"};
  Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_EQ(o.detail, "could not start /nonexistent/prog: No such file or directory");
  EXPECT_FALSE(o.exit_code);

  invocation.argv = {"sg-no-such-program"};
  o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_THAT(o.detail,
              StartsWith("could not start sg-no-such-program: No such file or directory"));

  write_file("data.txt", "not a program\n");
  invocation.argv = {"./data.txt"};
  o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_EQ(o.detail, "could not start ./data.txt: Permission denied");
}

TEST_F(ProcessRunnerTest, InvalidInvocationsAreRunnerErrors) {
  Invocation invocation = base();
  EXPECT_EQ(runner_->run(invocation).termination, Termination::runner_error);  // empty argv
  invocation = sh("true");
  invocation.limits.wall_seconds = 0;
  Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_THAT(o.detail, HasSubstr("wall_seconds"));
  invocation = sh("true");
  invocation.environment = {{"A=B", "c"}};
  EXPECT_EQ(runner_->run(invocation).termination, Termination::runner_error);
  invocation = sh("true");
  invocation.limits.memory_bytes = 0;
  o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_THAT(o.detail, HasSubstr("rlimits layer: invalid limits: memory_bytes"));
}

TEST_F(ProcessRunnerTest, PythonMemoryErrorUnderTheAddressSpaceLimitIsMemoryLimit) {
  Invocation invocation = python("x = bytearray(4 << 30)\nprint(len(x))\n");
  invocation.limits.memory_bytes = 512ull << 20;
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::memory_limit) << o.detail;
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.detail,
            "inferred from \"MemoryError\" at the end of stderr (exit code 1) under the "
            "address-space limit of 512 MiB (rlimit tier)");
}

TEST_F(ProcessRunnerTest, ReportsPeakMemoryAndCpu) {
  Invocation invocation = python(
      "import time\n"
      "block = b'x' * (64 << 20)\n"
      "t = time.process_time()\n"
      "while time.process_time() - t < 0.1:\n"
      "    pass\n");
  const Observation o = runner_->run(invocation);
  EXPECT_EQ(o.termination, Termination::exited) << o.detail << o.stderr_stream.data;
  EXPECT_GT(o.peak_memory_bytes, 64ull << 20);
  EXPECT_LT(o.peak_memory_bytes, 256ull << 20);
  EXPECT_GE(o.cpu_seconds, 0.1);
}

TEST_F(ProcessRunnerTest, RemovesTheWorkingDirectoryEvenWhenTheStudentLockedIt) {
  const Observation o = runner_->run(
      sh("mkdir -p locked/inner && echo x > locked/inner/f && ln -s /etc locked/etc && "
         "chmod 000 locked/inner locked && pwd"));
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  const fs::path workdir = lines_of(o.stdout_stream.data).at(0);
  EXPECT_EQ(workdir.filename(), "box");
  EXPECT_FALSE(fs::exists(fs::symlink_status(workdir)));
  EXPECT_FALSE(fs::exists(fs::symlink_status(workdir.parent_path())));
  EXPECT_TRUE(fs::exists("/etc/passwd"));
}

TEST_F(ProcessRunnerTest, KeepWorkdirLeavesTheRunDirectory) {
  ProcessRunnerOptions options;
  options.keep_workdir = true;
  options.scratch_root = root_;
  const Observation o = make_process_runner(options)->run(sh("echo kept > note; pwd"));
  ASSERT_EQ(o.termination, Termination::exited) << o.detail;
  const fs::path workdir = lines_of(o.stdout_stream.data).at(0);
  EXPECT_EQ(workdir.parent_path().parent_path(), root_);
  EXPECT_TRUE(fs::exists(workdir / "note"));
}

TEST_F(ProcessRunnerTest, WorksWithoutAPidfd) {
  ProcessRunnerOptions options;
  options.use_pidfd = false;
  const auto runner = make_process_runner(options);
  Observation o = runner->run(sh("echo fallback; exit 4"));
  EXPECT_EQ(o.termination, Termination::exited) << o.detail;
  EXPECT_EQ(o.exit_code, 4);
  EXPECT_EQ(o.stdout_stream.data, "fallback\n");

  Invocation invocation = sh("sleep 30");
  invocation.limits.wall_seconds = 0.3;
  o = runner->run(invocation);
  EXPECT_EQ(o.termination, Termination::wall_time_limit) << o.detail;
  EXPECT_LT(o.wall_seconds, 0.8);
}

TEST_F(ProcessRunnerTest, EightConcurrentRunsFromEightThreads) {
  write_file("echo.py",
             "import sys\n"
             "data = sys.stdin.read()\n"
             "print(data.upper())\n"
             "sys.stderr.write(data)\n"
             "sys.exit(int(data.split('-')[1]) % 7)\n");
  constexpr int kThreads = 8;
  constexpr int kRunsPerThread = 3;
  std::atomic<int> failures{0};
  std::vector<std::string> problems(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRunsPerThread; ++r) {
        const int id = t * kRunsPerThread + r;
        Invocation invocation = base();
        invocation.argv = {kPython, "echo.py"};
        invocation.stdin_data = fmt::format("run-{}", id);
        if (r == 2 && t % 2 == 0) {  // some runs hit a limit meanwhile
          invocation.argv = {"/bin/sh", "-c", "sleep 30"};
          invocation.limits.wall_seconds = 0.4;
        }
        const Observation o = runner_->run(invocation);
        const bool limited = r == 2 && t % 2 == 0;
        const bool ok = limited ? o.termination == Termination::wall_time_limit
                                : (o.termination == Termination::exited && o.exit_code == id % 7 &&
                                   o.stdout_stream.data == fmt::format("RUN-{}\n", id) &&
                                   o.stderr_stream.data == fmt::format("run-{}", id));
        if (!ok) {
          ++failures;
          problems[static_cast<std::size_t>(t)] += fmt::format(
              "run {}: {} / {} / {}\n", id, o.detail, o.stdout_stream.data, o.stderr_stream.data);
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::string all;
  for (const std::string& p : problems) all += p;
  EXPECT_EQ(failures.load(), 0) << all;
}

TEST_F(ProcessRunnerTest, AGraderIgnoringSigchldGetsARunnerErrorNotAHang) {
  // With SIGCHLD ignored the kernel reaps the child itself; the runner must notice, not spin.
  struct sigaction ignore {};
  struct sigaction previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGCHLD, &ignore, &previous);
  ProcessRunnerOptions fallback;
  fallback.use_pidfd = false;
  const Observation with_pidfd = runner_->run(sh("exit 0"));
  const Observation without_pidfd = make_process_runner(fallback)->run(sh("exit 0"));
  ::sigaction(SIGCHLD, &previous, nullptr);
  for (const Observation& o : {with_pidfd, without_pidfd}) {
    EXPECT_EQ(o.termination, Termination::runner_error);
    EXPECT_THAT(o.detail, HasSubstr("reaped by someone else"));
  }
}

// ---- The layer plug-in contract, with a fake layer ------------------------------------------

struct HookLog {
  std::atomic<pid_t> spawned{0};
  std::atomic<int> samples{0};
  std::atomic<int> kills{0};
  std::atomic<int> exits{0};
  std::atomic<int> destroyed{0};
};

class FakeLayer final : public SandboxLayer {
 public:
  FakeLayer(HookLog* log, int child_error, bool refuse)
      : log_(log), child_error_(child_error), refuse_(refuse) {}
  std::string name() const override { return "fake"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override {
    if (refuse_) throw std::runtime_error("refused");
    EXPECT_TRUE(fs::is_directory(context.workdir));
    return std::make_unique<Session>(log_, child_error_);
  }

 private:
  class Session final : public SandboxSession {
   public:
    Session(HookLog* log, int child_error) : log_(log), child_error_(child_error) {}
    ~Session() override { ++log_->destroyed; }
    void after_spawn(pid_t pid) override { log_->spawned = pid; }
    int child_setup() noexcept override { return child_error_; }
    void sample(UsageSample& /*sample*/) noexcept override { ++log_->samples; }
    void kill_all() noexcept override { ++log_->kills; }
    void after_exit(RunEvidence& evidence, Observation& /*observation*/) override {
      ++log_->exits;
      if (evidence.stdout_tail.find("forbidden") != std::string::npos) {
        evidence.security_violation = "fake layer saw a forbidden word";
      }
    }

   private:
    HookLog* log_;
    int child_error_;
  };
  HookLog* log_;
  int child_error_;
  bool refuse_;
};

TEST_F(ProcessRunnerTest, LayersGetEveryHookAndCanAddEvidence) {
  HookLog log;
  ProcessRunnerOptions options;
  options.layers.push_back(std::make_shared<FakeLayer>(&log, 0, false));
  const auto runner = make_process_runner(options);
  EXPECT_EQ(runner->isolation_tier(), "process-group+rlimits+fake");
  const Observation o = runner->run(sh("sleep 0.1; echo forbidden"));
  EXPECT_EQ(o.termination, Termination::security_violation) << o.detail;
  EXPECT_EQ(o.detail, "fake layer saw a forbidden word");
  EXPECT_GT(log.spawned.load(), 0);
  EXPECT_GE(log.samples.load(), 2);
  EXPECT_GE(log.kills.load(), 1);
  EXPECT_EQ(log.exits.load(), 1);
  EXPECT_EQ(log.destroyed.load(), 1);
}

TEST_F(ProcessRunnerTest, LayerFailuresAreRunnerErrors) {
  HookLog log;
  ProcessRunnerOptions options;
  options.layers.push_back(std::make_shared<FakeLayer>(&log, EPERM, false));
  Observation o = make_process_runner(options)->run(sh("echo never"));
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_EQ(o.detail,
            "could not start /bin/sh: the fake layer's setup failed: Operation not permitted");
  EXPECT_EQ(o.stdout_stream.data, "");

  options.layers.back() = std::make_shared<FakeLayer>(&log, 0, true);
  o = make_process_runner(options)->run(sh("echo never"));
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_EQ(o.detail, "fake layer: refused");
}

TEST_F(ProcessRunnerTest, RunsWithoutAnyLayer) {
  ProcessRunnerOptions options;
  options.layers.clear();
  const auto runner = make_process_runner(options);
  EXPECT_EQ(runner->isolation_tier(), "none");
  Invocation invocation = python("while True:\n    pass\n");
  invocation.limits.cpu_seconds = 0.3;
  const Observation o = runner->run(invocation);
  EXPECT_EQ(o.termination, Termination::cpu_time_limit) << o.detail;  // main-process sampling
}

// ---- RlimitLayer's evidence, on synthetic wait statuses --------------------------------------

class RlimitEvidenceTest : public ::testing::Test {
 protected:
  RunEvidence finish(int wait_status, const std::string& stderr_tail, double main_cpu = 0.1) {
    Invocation invocation;
    invocation.limits.cpu_seconds = 1.0;
    invocation.limits.memory_bytes = 256ull << 20;
    const fs::path workdir = "/tmp";
    RlimitLayer layer;
    auto session = layer.prepare(LaunchContext{invocation, workdir});
    RunEvidence evidence;
    evidence.wait_status = wait_status;
    evidence.stderr_tail = stderr_tail;
    evidence.main_cpu_seconds = main_cpu;
    Observation observation;
    session->after_exit(evidence, observation);
    return evidence;
  }
};

constexpr int exited_with(int code) { return code << 8; }
constexpr int killed_by(int signal_number) { return signal_number; }

TEST_F(RlimitEvidenceTest, InfersMemoryLimitFromTheEndOfStderr) {
  RunEvidence e = finish(killed_by(SIGABRT),
                         "terminate called after throwing an instance of 'std::bad_alloc'\n"
                         "  what():  std::bad_alloc\n");
  ASSERT_TRUE(e.memory_limit);
  EXPECT_EQ(*e.memory_limit,
            "inferred from \"std::bad_alloc\" at the end of stderr (signal 6 (SIGABRT)) under the "
            "address-space limit of 256 MiB (rlimit tier)");
  EXPECT_TRUE(finish(exited_with(1), "sh: 1: Cannot fork: Cannot allocate memory\n").memory_limit);
  EXPECT_FALSE(finish(exited_with(0), "MemoryError\n").memory_limit);  // exited cleanly
  EXPECT_FALSE(finish(exited_with(1), "MemoryError\n" + std::string(600, '.')).memory_limit);
  EXPECT_FALSE(finish(exited_with(1), "ValueError\n").memory_limit);
}

TEST_F(RlimitEvidenceTest, BlamesTheCpuBackstopForAnUnexplainedKill) {
  // RLIMIT_CPU = ceil(1.0) + 1 = 2 s; the kernel sends SIGKILL at the limit when hard == soft.
  RunEvidence e = finish(killed_by(SIGKILL), "", 2.0);
  ASSERT_TRUE(e.cpu_time_limit);
  EXPECT_THAT(*e.cpu_time_limit,
              StartsWith("killed by the RLIMIT_CPU backstop (signal 9 (SIGKILL))"));
  EXPECT_TRUE(finish(killed_by(SIGXCPU), "", 0.2).cpu_time_limit);
  EXPECT_FALSE(finish(killed_by(SIGKILL), "", 0.3).cpu_time_limit);  // the student's own kill
}

}  // namespace process_runner_test
}  // namespace
}  // namespace sg
