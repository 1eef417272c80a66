// The supervisor's side of the fork-server protocol (docs/driver-protocol.md, "Fork server"),
// shared by the one-shot process runner and the kept box: what a fork session does once its
// server process is running, whatever runs it.
//
//   supervisor                                     server (the run's student process, stdin =
//                                                  a SOCK_SEQPACKET unix socket)
//   start request (the launch's stdin_data)  --->  imports the module (records on its stdout)
//                                            <---  {"ready": true}
//   {"rlimit_cpu": N[, "argv": [...]]} + stdin,
//   stdout, stderr (SCM_RIGHTS)              --->  forks; the fork runs the test
//                                            <---  {"ended": true, "status": <wait status>}
//   ... one test at a time ...
//   close                                    --->  exits
//
// In-process tests (a server that cannot fork, e.g. a JVM): the request names the test's
// streams instead of passing them, {"rlimit_cpu": N, "stdin": F, "stdout": F, "stderr": F}, as
// paths relative to the working directory (a file holding the request; two FIFOs the
// supervisor reads as it reads a fork's pipes). The server runs the test itself, closes the
// FIFOs and reports {"ended": true, "status": S} (S as a wait status: what the test's process
// would have exited with). The test's CPU, memory and output are measured as a fork's are; a
// test stopped at a limit is stopped by killing the server, which ends the session. A server
// that reports {"ended": true, "last": true} ends the session after the test (its state is no
// longer fit for another: a heap or stack exhausted, threads left running).
//
// The server is the student's code after an import, so nothing it says is trusted beyond what
// it can only hurt itself with: the sender of "ready" must be the run's main process or its child
// (SO_PASSCRED), the test's CPU and memory come from the sandbox's counters, its wall clock and
// output from the supervisor, and after each test every process but the server is killed and the
// working directory is put back as the import left it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "runner/fork_session.h"
#include "runner/run_evidence.h"
#include "runner/run_steps.h"
#include "runner/sandbox_layer.h"
#include "runner/supervision.h"
#include "runner/unique_fd.h"
#include "runner/workdir_snapshot.h"

namespace sg {

/// The two ends of a fork session's control socket (SOCK_SEQPACKET, close-on-exec): `supervisor`
/// has SO_PASSCRED set; `server` becomes the server's stdin. Throws std::runtime_error.
struct ForkControlSocket {
  UniqueFd supervisor;
  UniqueFd server;
};
ForkControlSocket make_fork_control_socket();

/// A fork session over a run that holds its server. Derived classes start the run (with the
/// server end of make_fork_control_socket() as its stdin), call start() and implement the hooks;
/// run() is the same for every host.
class ForkServerSession : public ForkSession {
 public:
  ~ForkServerSession() override;

  bool ready() const final { return ready_; }
  const Observation& start_observation() const final { return start_observation_; }
  Observation run(const Invocation& test, ForkedProgram program) final;
  bool alive() const final { return ready_ && !ended_; }

 protected:
  using Clock = std::chrono::steady_clock;

  /// What the derived class gives: the control socket's supervisor end, the working directory on
  /// the grader's side (with the io/ directory beside it for stdin files), the uid that owns the
  /// working directory (nullopt: leave ownership as it is), its path as the server sees it, and
  /// the tier string.
  struct Setup {
    UniqueFd control;
    std::filesystem::path workdir;
    std::filesystem::path io_dir;
    std::optional<uid_t> box_uid;
    std::string visible_workdir;
    std::string tier;
    /// When set: each forked test appends its steps' timings here (run_steps.h), as "fork test".
    std::filesystem::path steps_log;
    /// The limits the server was launched under (its rlimits, which every fork inherits and
    /// cannot raise): a test asking for more is refused as a runner error.
    Limits server_limits;
    /// The server runs tests itself (Invocation::serves_in_process): no fork, no descriptors.
    bool in_process;
  };
  ForkServerSession() = default;
  /// Once the run holding the server has started.
  void attach(Setup setup);

  /// Sends `request` (the start's stdin_data) and supervises the start under `limits` until the
  /// server says it is ready or the run ends. `output` is the run's stdout and stderr, captured
  /// into `observation`. Returns true when ready (start_observation() then holds the start); on
  /// false the derived class finishes the run with `supervision` and calls
  /// set_start_observation().
  bool start(const std::string& request, const Limits& limits, OutputCapture& output,
             Observation& observation, RunEvidence& evidence, Clock::time_point started,
             SupervisionResult& supervision);
  void set_start_observation(Observation observation) {
    start_observation_ = std::move(observation);
  }
  /// Closes the control socket: the server exits (the derived class then ends its run).
  void close_control() { control_.reset(); }
  /// Marks the session over (the run holding the server has ended or was killed).
  void mark_ended() { ended_ = true; }
  bool ended() const { return ended_; }

  // ---- What the host provides ----
  /// The run's main process (box-init, the box server, or the server itself), grader's pid
  /// namespace: the server must be it or its child.
  virtual pid_t main_pid() const = 0;
  /// Descriptors that become readable when the run holding the server may have ended.
  virtual std::vector<int> run_exit_fds() const = 0;
  /// Non-blocking: has the run holding the server ended?
  virtual bool run_ended() = 0;
  /// Once the server has ended (or was killed): waits (up to 2 s) for the run holding it to end
  /// on its own, then kills what is left and returns the server's wait status, if known.
  /// Idempotent.
  virtual std::optional<int> run_end_status() = 0;
  /// What the sandbox measures now for the whole run (CPU of the tree, memory).
  virtual void sample(UsageSample& sample) = 0;
  /// SIGKILLs the whole run (the server too), without waiting; the session ends.
  virtual void kill_run() = 0;
  /// Layer hooks of a forked test (sandbox_layer.h: fork_point, begin_fork, kill_all_except,
  /// end_fork).
  virtual void fork_point() = 0;
  virtual void begin_fork(const Limits& limits) = 0;
  virtual bool kill_all_except(pid_t keep) = 0;
  virtual void end_fork(const Limits& limits, RunEvidence& evidence, Observation& observation) = 0;

 private:
  // One message from the server, and the pid that sent it (grader's namespace; 0 if unknown).
  struct Message {
    std::string text;
    pid_t sender = 0;
  };
  std::optional<Message> receive(bool wait);
  bool is_server(pid_t sender) const;
  void run_test(const Invocation& test, ForkedProgram program, Observation& observation,
                RunEvidence& evidence, RunSteps& steps);
  bool sweep();

  UniqueFd control_;
  std::filesystem::path workdir_;
  std::filesystem::path io_dir_;
  std::optional<uid_t> box_uid_;
  std::string visible_workdir_;
  std::string tier_;
  std::filesystem::path steps_log_;
  Limits server_limits_;
  bool in_process_ = false;
  /// In-process servers: the server's CPU so far (the start and every test), seconds, against
  /// its RLIMIT_CPU, which no test can lower or raise for itself.
  double server_cpu_seconds_ = 0.0;
  int in_process_tests_ = 0;
  bool ready_ = false;
  bool ended_ = false;
  bool control_closed_ = false;  ///< The server closed its end (it exited).
  pid_t server_pid_ = 0;
  Observation start_observation_;
  std::optional<WorkdirSnapshot> snapshot_;
};

}  // namespace sg
