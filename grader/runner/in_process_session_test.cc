// Tests of in-process fork sessions (fork_server.h, "In-process tests"): a server that runs each
// test itself, as the Java driver's JVM does, here a few lines of Python speaking the same
// protocol, in every tier this host has and in a kept box. Each test gets its own streams and
// is measured alone; a test stopped at a limit, or one that ends the server, ends the session
// with its own verdict; a server that says a test was its last ends after it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "runner/isolation.h"
#include "runner/workdir.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace in_process_session_test {

namespace fs = std::filesystem;

// The server: its stdin is the control socket (one message per read and write).
constexpr const char* kServer = R"(import json, os, sys
start = os.read(0, 65536)
print(json.dumps({"sg": "hello", "start": json.loads(start)["module"]}), flush=True)
os.write(0, b'{"ready": true}')
served = 0
while True:
    message = os.read(0, 65536)
    if not message:
        sys.exit(0)
    header = json.loads(message)
    with open(header["stdin"]) as f:
        request = json.load(f)
    served += 1
    out = open(header["stdout"], "w")
    err = open(header["stderr"], "w")
    action = request.get("do", "")
    if action == "spin":
        while True:
            pass
    if action == "exit":
        out.write("leaving\n")
        out.flush()
        os._exit(3)
    out.write(json.dumps({"served": served, "pid": os.getpid()}) + "\n")
    err.write("test %d\n" % served)
    out.close()
    err.close()
    os.write(0, json.dumps({"ended": True, "status": 0, "last": action == "last"}).encode())
)";

class InProcessSessionTest : public ::testing::TestWithParam<std::pair<IsolationTier, bool>> {
 protected:
  void SetUp() override {
    const auto [tier, kept_box] = GetParam();
    const auto& available = probe_isolation().available;
    if (std::find(available.begin(), available.end(), tier) == available.end())
      GTEST_SKIP() << "tier " << to_string(tier) << " unavailable here";
    if (kept_box && (!box_reuse_problem().empty() || probe_isolation().cgroup == "none"))
      GTEST_SKIP() << "boxes cannot be kept here: " << box_reuse_problem();
    char pattern[] = "/tmp/sg-in-process-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    root_ = pattern;
    fs::permissions(root_, fs::perms(0755));
    fs::create_directory(root_ / "submission");
    std::ofstream(root_ / "submission" / "server.py") << kServer;
    fs::create_directory(root_ / "scratch");
    fs::permissions(root_ / "scratch", fs::perms(0711));
    ProcessRunnerOptions options;
    options.reuse_boxes = kept_box;
    options.scratch_root = root_ / "scratch";
    runner_ = make_sandbox_runner(tier, options);
  }
  void TearDown() override {
    runner_.reset();
    if (!root_.empty()) remove_tree(root_);
  }

  std::unique_ptr<ForkSession> open() {
    Invocation launch;
    launch.argv = {"/usr/bin/python3", "-I", "-B", "server.py"};
    launch.submission = root_ / "submission";
    launch.stdin_data = R"({"module": "mod"})";
    launch.serves_in_process = true;
    launch.limits.cpu_seconds = 20;
    launch.limits.wall_seconds = 40;
    Limits start;
    start.cpu_seconds = 5;
    start.wall_seconds = 10;
    std::unique_ptr<ForkSession> session = runner_->start_session(launch, start);
    if (session && !session->ready())
      ADD_FAILURE() << "not ready: " << session->start_observation().detail;
    return session;
  }

  static Invocation test(const std::string& action, double cpu_seconds = 5) {
    Invocation invocation;
    invocation.stdin_data = nlohmann::json{{"do", action}}.dump();
    invocation.limits.cpu_seconds = cpu_seconds;
    invocation.limits.wall_seconds = cpu_seconds * 2 + 2;
    return invocation;
  }

  static nlohmann::json first_line(const Observation& observation) {
    const std::string& out = observation.stdout_stream.data;
    return nlohmann::json::parse(out.substr(0, out.find('\n')), nullptr, false);
  }

  fs::path root_;
  std::unique_ptr<Runner> runner_;
};

TEST_P(InProcessSessionTest, EachTestRunsInTheServerItselfWithStreamsOfItsOwn) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  EXPECT_NE(session->start_observation().stdout_stream.data.find(R"("start": "mod")"),
            std::string::npos);
  int pid = 0;
  for (int served = 1; served <= 3; ++served) {
    const Observation observation = session->run(test("answer"), ForkedProgram::server);
    EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
    EXPECT_EQ(observation.exit_code, 0);
    const nlohmann::json line = first_line(observation);
    // One process, its state kept: the count goes on, the pid stays.
    EXPECT_EQ(line.value("served", 0), served) << observation.stdout_stream.data;
    if (served == 1) pid = line.value("pid", 0);
    EXPECT_EQ(line.value("pid", -1), pid);
    EXPECT_EQ(observation.stderr_stream.data, "test " + std::to_string(served) + "\n");
  }
  EXPECT_TRUE(session->alive());
}

TEST_P(InProcessSessionTest, ATestStoppedAtALimitEndsTheSessionWithItsOwnVerdict) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  EXPECT_EQ(session->run(test("answer"), ForkedProgram::server).termination, Termination::exited);
  const Observation spinning = session->run(test("spin", 0.5), ForkedProgram::server);
  EXPECT_EQ(spinning.termination, Termination::cpu_time_limit) << spinning.detail;
  EXPECT_GE(spinning.cpu_seconds, 0.5);
  EXPECT_LT(spinning.cpu_seconds, 3.0) << "the earlier test's CPU counted";
  EXPECT_EQ(spinning.detail.find("forked from"), std::string::npos) << spinning.detail;
  EXPECT_FALSE(session->alive());
  EXPECT_EQ(session->run(test("answer"), ForkedProgram::server).termination,
            Termination::runner_error);
}

TEST_P(InProcessSessionTest, ATestThatEndsTheServerIsTheTestsOwnEnd) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  const Observation leaving = session->run(test("exit"), ForkedProgram::server);
  EXPECT_EQ(leaving.termination, Termination::exited) << leaving.detail;
  EXPECT_EQ(leaving.exit_code, 3);
  EXPECT_EQ(leaving.stdout_stream.data, "leaving\n");
  EXPECT_FALSE(session->alive());
}

TEST_P(InProcessSessionTest, AServerThatCallsATestItsLastEndsAfterIt) {
  const auto session = open();
  ASSERT_TRUE(session && session->ready());
  const Observation last = session->run(test("last"), ForkedProgram::server);
  EXPECT_EQ(last.termination, Termination::exited) << last.detail;
  EXPECT_EQ(first_line(last).value("served", 0), 1);
  EXPECT_FALSE(session->alive());
}

std::string name_of(const ::testing::TestParamInfo<std::pair<IsolationTier, bool>>& info) {
  return std::string(to_string(info.param.first)) + (info.param.second ? "_kept_box" : "");
}

INSTANTIATE_TEST_SUITE_P(Tiers, InProcessSessionTest,
                         ::testing::Values(std::pair{IsolationTier::minimal, false},
                                           std::pair{IsolationTier::degraded, false},
                                           std::pair{IsolationTier::full, false},
                                           std::pair{IsolationTier::full, true}),
                         name_of);

}  // namespace in_process_session_test
}  // namespace
}  // namespace sg
