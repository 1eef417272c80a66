// Tests of fork sessions (fork_session.h) with the real Python driver as the fork server, in
// every tier this host has and in a kept box: the module is imported once; each test starts
// from the state the import left, whatever the test before it changed (globals, files,
// processes left behind); each test is judged alone (CPU, limits, output); a test that kills the
// server ends only the session. Skipped with the reason where a tier is unavailable.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "runner/isolation.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace fork_session_test {

namespace fs = std::filesystem;

struct Setting {
  IsolationTier tier;
  bool kept_box;
};

std::string name_of(const ::testing::TestParamInfo<Setting>& info) {
  return std::string(to_string(info.param.tier)) + (info.param.kept_box ? "_kept_box" : "");
}

// Values of the driver's protocol records of `type` in a run's stdout, in order.
std::vector<nlohmann::json> records(const Observation& observation, const std::string& type) {
  std::vector<nlohmann::json> found;
  std::istringstream lines(observation.stdout_stream.data);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_object() && record.value("sg", "") == type) found.push_back(record);
  }
  return found;
}

// The value the first step returned (null when it did not finish or failed).
nlohmann::json first_value(const Observation& observation) {
  const std::vector<nlohmann::json> steps = records(observation, "step");
  if (steps.empty() || !steps[0].value("ok", false)) return nullptr;
  return steps[0]["value"];
}

constexpr const char* kModule = R"(import os, sys, time
print("imported once")
with open("import_marks.txt", "a") as marks:
    marks.write("x")
COUNTER = 0
BALLAST = None
if os.environ.get("IMPORT_BURN"):
    end = time.process_time() + 0.6
    while time.process_time() < end:
        pass
if os.environ.get("IMPORT_LOWERS_CPU_LIMIT"):
    import resource
    resource.setrlimit(resource.RLIMIT_CPU, (3, 3))
if os.environ.get("IMPORT_BALLAST"):
    BALLAST = bytearray(96 << 20)
    for i in range(0, len(BALLAST), 4096):
        BALLAST[i] = 1

def bump():
    global COUNTER
    COUNTER += 1
    return COUNTER

def read(name):
    try:
        with open(name) as f:
            return f.read()
    except OSError as e:
        return "missing: " + type(e).__name__

def write(name, text):
    with open(name, "w") as f:
        f.write(text)
    return True

def remove(name):
    os.remove(name)
    return True

def leave_child(escape):
    pid = os.fork()
    if pid == 0:
        if escape:
            os.setsid()
        time.sleep(60)
        os._exit(0)
    return pid

def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False

def kill_server():
    os.kill(os.getppid(), 9)
    time.sleep(2)
    return "survived"

def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return True

def spin():
    while True:
        pass

def allocate(mib):
    block = bytearray(mib << 20)
    for i in range(0, len(block), 4096):
        block[i] = 1
    return len(block) >> 20
)";

class ForkSessionTest : public ::testing::TestWithParam<Setting> {
 protected:
  void SetUp() override {
    const auto& available = probe_isolation().available;
    if (std::find(available.begin(), available.end(), GetParam().tier) == available.end())
      GTEST_SKIP() << "tier " << to_string(GetParam().tier) << " unavailable here";
    if (GetParam().kept_box && (!box_reuse_problem().empty() || probe_isolation().cgroup == "none"))
      GTEST_SKIP() << "boxes cannot be kept here: " << box_reuse_problem();
    char pattern[] = "/tmp/sg-fork-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    root_ = pattern;
    fs::permissions(root_, fs::perms(0755));
    submission_ = root_ / "submission";
    fs::create_directory(submission_);
    write_module(kModule);
    scratch_ = root_ / "scratch";
    fs::create_directory(scratch_);
    fs::permissions(scratch_, fs::perms(0711));
    ProcessRunnerOptions options;
    options.reuse_boxes = GetParam().kept_box;
    options.scratch_root = scratch_;
    runner_ = make_sandbox_runner(GetParam().tier, options);
  }
  void TearDown() override {
    runner_.reset();
    if (!root_.empty()) remove_tree(root_);
  }

  void write_module(const std::string& text) const {
    std::ofstream(submission_ / "mod.py") << text;
  }

  Invocation launch(std::map<std::string, std::string> environment = {}) const {
    Invocation invocation;
    invocation.argv = {"/usr/bin/python3", "-I", "-B", ".searchgrader/python_driver.py", "--serve"};
    invocation.submission = submission_;
    invocation.support_files.push_back(
        {fs::path(SG_DRIVER_DIR) / "python_driver.py", ".searchgrader/python_driver.py"});
    invocation.stdin_data =
        nlohmann::json{{"protocol", 1}, {"module", "mod"}, {"capture_limit_bytes", 65536}}.dump();
    invocation.environment = std::move(environment);
    invocation.limits.cpu_seconds = 10;
    invocation.limits.wall_seconds = 20;
    invocation.limits.memory_bytes = std::uint64_t{1} << 30;
    return invocation;
  }

  static Limits start_limits() {
    Limits limits;
    limits.cpu_seconds = 5;
    limits.wall_seconds = 10;
    return limits;
  }

  static Invocation call(const std::string& function, nlohmann::json args = nlohmann::json::array(),
                         double cpu_seconds = 5) {
    Invocation invocation;
    nlohmann::json step = {{"op", "call"}, {"function", function}, {"args", std::move(args)}};
    invocation.stdin_data =
        nlohmann::json{{"protocol", 1}, {"module", "mod"}, {"steps", {step}}}.dump();
    invocation.limits.cpu_seconds = cpu_seconds;
    invocation.limits.wall_seconds = cpu_seconds * 2 + 2;
    invocation.limits.memory_bytes = std::uint64_t{256} << 20;
    return invocation;
  }

  std::unique_ptr<ForkSession> open(std::map<std::string, std::string> environment = {}) {
    std::unique_ptr<ForkSession> session =
        runner_->start_session(launch(std::move(environment)), start_limits());
    if (session && !session->ready()) {
      ADD_FAILURE() << "not ready: " << session->start_observation().detail << "\n"
                    << session->start_observation().stdout_stream.data
                    << session->start_observation().stderr_stream.data;
    }
    return session;
  }

  fs::path root_;
  fs::path submission_;
  fs::path scratch_;
  std::unique_ptr<Runner> runner_;
};

TEST_P(ForkSessionTest, ImportsOnceAndStartsEachTestFromTheImportsState) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  const Observation& start = session->start_observation();
  const std::vector<nlohmann::json> imports = records(start, "import");
  ASSERT_EQ(imports.size(), 1u) << start.stdout_stream.data;
  EXPECT_TRUE(imports[0].value("ok", false));
  EXPECT_EQ(imports[0].value("stdout", ""), "imported once\n");
  for (int round = 0; round < 3; ++round) {
    const Observation test = session->run(call("bump"), ForkedProgram::server);
    EXPECT_EQ(test.termination, Termination::exited) << test.detail;
    EXPECT_EQ(first_value(test), 1) << "round " << round << ": " << test.stdout_stream.data;
    // What the import printed is not this test's.
    const std::vector<nlohmann::json> own_import = records(test, "import");
    ASSERT_EQ(own_import.size(), 1u);
    EXPECT_EQ(own_import[0].value("stdout", "?"), "");
    EXPECT_TRUE(own_import[0].value("forked", false));
  }
  EXPECT_EQ(first_value(session->run(call("read", {"import_marks.txt"}), ForkedProgram::server)),
            "x");
  EXPECT_TRUE(session->alive());
}

TEST_P(ForkSessionTest, WhatATestWritesRemovesOrLeavesRunningIsGoneForTheNext) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  EXPECT_EQ(first_value(
                session->run(call("write", {"scratch.txt", "from test 1"}), ForkedProgram::server)),
            true);
  EXPECT_EQ(
      first_value(session->run(call("write", {"mod.py", "overwritten"}), ForkedProgram::server)),
      true);
  EXPECT_EQ(first_value(session->run(call("remove", {"import_marks.txt"}), ForkedProgram::server)),
            true);
  // In the minimal tier a child that leaves the process group is out of reach (docs/sandbox.md).
  const bool escape = GetParam().tier != IsolationTier::minimal;
  const nlohmann::json child =
      first_value(session->run(call("leave_child", {escape}), ForkedProgram::server));
  ASSERT_TRUE(child.is_number_integer());
  EXPECT_EQ(first_value(session->run(call("read", {"scratch.txt"}), ForkedProgram::server)),
            "missing: FileNotFoundError");
  EXPECT_EQ(first_value(session->run(call("read", {"import_marks.txt"}), ForkedProgram::server)),
            "x");
  const nlohmann::json module_text =
      first_value(session->run(call("read", {"mod.py"}), ForkedProgram::server));
  EXPECT_EQ(module_text, kModule);
  EXPECT_EQ(first_value(session->run(call("alive", {child}), ForkedProgram::server)), false);
  if (GetParam().tier != IsolationTier::minimal) {
    EXPECT_EQ(first_value(
                  session->run(call("write", {"/tmp/left-by-a-test", "x"}), ForkedProgram::server)),
              true);
    EXPECT_EQ(
        first_value(session->run(call("read", {"/tmp/left-by-a-test"}), ForkedProgram::server)),
        "missing: FileNotFoundError");
  }
  EXPECT_TRUE(session->alive());
}

TEST_P(ForkSessionTest, EachTestIsMeasuredAndLimitedAlone) {
  const auto session = open({{"IMPORT_BURN", "1"}});
  ASSERT_TRUE(session && session->ready());
  EXPECT_GE(session->start_observation().cpu_seconds, 0.5);
  const Observation quick = session->run(call("bump"), ForkedProgram::server);
  EXPECT_EQ(quick.termination, Termination::exited) << quick.detail;
  EXPECT_LT(quick.cpu_seconds, 0.3) << "the import's CPU is not the test's";
  const Observation busy = session->run(call("burn", {0.4}), ForkedProgram::server);
  EXPECT_GE(busy.cpu_seconds, 0.35);
  const Observation spinning =
      session->run(call("spin", nlohmann::json::array(), 0.5), ForkedProgram::server);
  EXPECT_EQ(spinning.termination, Termination::cpu_time_limit) << spinning.detail;
  EXPECT_LT(spinning.cpu_seconds, 1.5);
  EXPECT_TRUE(session->alive()) << "a test killed at its limit leaves the server";
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, ATestAskingForMoreThanTheServerHasIsAGraderFault) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  // The server runs under 10 s of CPU (backstop 11 s): a fork could not raise it to 31 s.
  const Observation refused =
      session->run(call("spin", nlohmann::json::array(), 30), ForkedProgram::server);
  EXPECT_EQ(refused.termination, Termination::runner_error) << refused.detail;
  EXPECT_NE(refused.detail.find("CPU 30 s > 10 s"), std::string::npos) << refused.detail;
  EXPECT_TRUE(session->alive()) << "nothing ran: the session goes on";
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, AnImportThatLowersItsCpuLimitIsToldInTheTestsStderr) {
  const auto session = open({{"IMPORT_LOWERS_CPU_LIMIT", "1"}});
  ASSERT_TRUE(session && session->ready());
  const Observation test = session->run(call("bump"), ForkedProgram::server);
  EXPECT_EQ(first_value(test), 1) << test.stdout_stream.data;
  EXPECT_NE(test.stderr_stream.data.find("cannot set this test's CPU backstop to 6 s"),
            std::string::npos)
      << test.stderr_stream.data;
}

TEST_P(ForkSessionTest, OutputLimitAndExecJudgeTheTestAlone) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  Invocation flood;
  flood.argv = {"/bin/sh", "-c", "head -c 3000000 /dev/zero"};
  flood.limits.cpu_seconds = 5;
  flood.limits.wall_seconds = 10;
  flood.limits.output_bytes = 1 << 20;
  const Observation flooded = session->run(flood, ForkedProgram::exec);
  EXPECT_EQ(flooded.termination, Termination::output_limit) << flooded.detail;
  Invocation echo = flood;
  echo.argv = {"/bin/sh", "-c", "cat; echo \" $PWD $GREETING\"; exit 3"};
  echo.stdin_data = "from stdin";
  echo.environment = {{"GREETING", "hello"}};
  const Observation echoed = session->run(echo, ForkedProgram::exec);
  EXPECT_EQ(echoed.termination, Termination::exited) << echoed.detail;
  EXPECT_EQ(echoed.exit_code, 3);
  EXPECT_EQ(echoed.stdout_stream.data,
            fmt::format("from stdin {} hello\n", session->start_observation().workdir));
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, MemoryIsCountedFromTheForkPoint) {
  if (probe_isolation().cgroup == "none" || GetParam().tier == IsolationTier::minimal)
    GTEST_SKIP() << "memory is limited per test by a cgroup only";
  const auto session = open({{"IMPORT_BALLAST", "1"}});
  ASSERT_TRUE(session && session->ready());
  // 96 MiB held by the server; each test may use 256 MiB more.
  const Observation fits = session->run(call("allocate", {128}), ForkedProgram::server);
  EXPECT_EQ(fits.termination, Termination::exited) << fits.detail;
  EXPECT_EQ(first_value(fits), 128);
  EXPECT_LT(fits.peak_memory_bytes, std::uint64_t{200} << 20) << "the server's memory counted";
  const Observation too_much = session->run(call("allocate", {400}), ForkedProgram::server);
  EXPECT_EQ(too_much.termination, Termination::memory_limit) << too_much.detail;
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, ATestThatKillsTheServerEndsOnlyTheSession) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  const Observation killer = session->run(call("kill_server"), ForkedProgram::server);
  EXPECT_EQ(killer.termination, Termination::signaled) << killer.detail;
  EXPECT_NE(killer.detail.find("forked from ended"), std::string::npos) << killer.detail;
  EXPECT_FALSE(session->alive());
  const Observation after = session->run(call("bump"), ForkedProgram::server);
  EXPECT_EQ(after.termination, Termination::runner_error);
  const auto again = open();
  ASSERT_TRUE(again && again->ready());
  EXPECT_EQ(first_value(again->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, AModuleThatForksAtImportDoesNotServe) {
  write_module(std::string(kModule) + "\nif os.fork() == 0:\n    time.sleep(0.2)\n");
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
  EXPECT_EQ(first_value(session->run(call("bump"), ForkedProgram::server)), 1);
}

TEST_P(ForkSessionTest, AFailedOrEndlessImportIsTheStartsVerdict) {
  write_module("raise ValueError('broken at import')\n");
  auto failed = runner_->start_session(launch(), start_limits());
  ASSERT_TRUE(failed);
  EXPECT_FALSE(failed->ready());
  EXPECT_EQ(failed->start_observation().termination, Termination::exited)
      << failed->start_observation().detail;
  const std::vector<nlohmann::json> imports = records(failed->start_observation(), "import");
  ASSERT_EQ(imports.size(), 1u);
  EXPECT_FALSE(imports[0].value("ok", true));
  failed.reset();

  write_module("while True:\n    pass\n");
  Limits limits = start_limits();
  limits.cpu_seconds = 0.5;
  const auto endless = runner_->start_session(launch(), limits);
  ASSERT_TRUE(endless);
  EXPECT_FALSE(endless->ready());
  EXPECT_EQ(endless->start_observation().termination, Termination::cpu_time_limit)
      << endless->start_observation().detail;
}

std::vector<Setting> settings() {
  return {{IsolationTier::minimal, false},
          {IsolationTier::degraded, false},
          {IsolationTier::full, false},
          {IsolationTier::full, true}};
}

INSTANTIATE_TEST_SUITE_P(Tiers, ForkSessionTest, ::testing::ValuesIn(settings()), name_of);

}  // namespace fork_session_test
}  // namespace
}  // namespace sg
