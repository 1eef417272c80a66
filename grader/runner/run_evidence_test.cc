#include "runner/run_evidence.h"

#include <gtest/gtest.h>
#include <signal.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace run_evidence_test {

constexpr int exited_with(int code) { return code << 8; }
constexpr int killed_by(int signal_number) { return signal_number; }

TEST(DecideVerdict, ExitedAndSignaledComeFromTheWaitStatus) {
  RunEvidence evidence;
  evidence.wait_status = exited_with(3);
  Observation o;
  decide_verdict(evidence, o);
  EXPECT_EQ(o.termination, Termination::exited);
  EXPECT_EQ(o.exit_code, 3);
  EXPECT_FALSE(o.signal);
  EXPECT_EQ(o.detail, "exit code 3");

  evidence.wait_status = killed_by(SIGSEGV);
  decide_verdict(evidence, o);
  EXPECT_EQ(o.termination, Termination::signaled);
  EXPECT_FALSE(o.exit_code);
  EXPECT_EQ(o.signal, SIGSEGV);
  EXPECT_EQ(o.detail, "signal 11 (SIGSEGV)");
}

TEST(DecideVerdict, FollowsThePrecedence) {
  RunEvidence evidence;
  evidence.wait_status = killed_by(SIGKILL);
  evidence.security_violation = "security";
  evidence.output_limit = "output";
  evidence.memory_limit = "memory";
  evidence.wall_time_limit = "wall";
  evidence.cpu_time_limit = "cpu";
  evidence.runner_error = "runner";
  evidence.supervisor_lost = "box-init lost";
  const std::pair<std::optional<std::string> RunEvidence::*, Termination> order[] = {
      {&RunEvidence::runner_error, Termination::runner_error},
      {&RunEvidence::cpu_time_limit, Termination::cpu_time_limit},
      {&RunEvidence::wall_time_limit, Termination::wall_time_limit},
      {&RunEvidence::memory_limit, Termination::memory_limit},
      {&RunEvidence::output_limit, Termination::output_limit},
      {&RunEvidence::security_violation, Termination::security_violation},
      {&RunEvidence::supervisor_lost, Termination::runner_error},
  };
  for (const auto& [field, termination] : order) {
    Observation o;
    decide_verdict(evidence, o);
    EXPECT_EQ(o.termination, termination);
    EXPECT_EQ(o.detail, *(evidence.*field));
    evidence.*field = std::nullopt;
  }
  Observation o;
  decide_verdict(evidence, o);
  EXPECT_EQ(o.termination, Termination::signaled);
}

TEST(DecideVerdict, RunnerErrorsClearTheStatusAndNotesAreAppended) {
  RunEvidence evidence;
  evidence.wait_status = exited_with(127);
  evidence.runner_error = "could not start x: No such file or directory";
  evidence.notes = {"note one", "note two"};
  Observation o;
  decide_verdict(evidence, o);
  EXPECT_EQ(o.termination, Termination::runner_error);
  EXPECT_FALSE(o.exit_code);
  EXPECT_EQ(o.detail, "could not start x: No such file or directory; note one; note two");

  RunEvidence never_reaped;
  decide_verdict(never_reaped, o);
  EXPECT_EQ(o.termination, Termination::runner_error);
}

TEST(Describe, SignalsStatusesAndBytes) {
  EXPECT_EQ(describe_signal(SIGKILL), "signal 9 (SIGKILL)");
  EXPECT_EQ(describe_signal(SIGXCPU), "signal 24 (SIGXCPU)");
  EXPECT_EQ(describe_signal(SIGRTMIN + 2),
            "signal " + std::to_string(SIGRTMIN + 2) + " (SIGRTMIN+2)");
  EXPECT_EQ(describe_wait_status(exited_with(0)), "exit code 0");
  EXPECT_EQ(describe_wait_status(killed_by(SIGABRT)), "signal 6 (SIGABRT)");
  EXPECT_EQ(describe_bytes(512ull << 20), "512 MiB");
  EXPECT_EQ(describe_bytes(3ull << 29), "1.5 GiB");
  EXPECT_EQ(describe_bytes(4096), "4 KiB");
  EXPECT_EQ(describe_bytes(1000), "1000 bytes");
}

}  // namespace run_evidence_test
}  // namespace
}  // namespace sg
