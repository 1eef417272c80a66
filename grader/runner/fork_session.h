// ForkSession: "import once, test many". A fork server (the Python driver with `--serve`, see
// docs/driver-protocol.md) is started once per submission in the sandbox, imports the student's
// module once under the import's own limits, and then forks one process per test. Each forked
// test starts from the state the import left (memory copied on write), in the same sandbox (box
// uid, seccomp, no network, private root), and is judged alone: its CPU and memory are the growth
// of the sandbox's counters over the test, its output goes to pipes of its own, its wall clock
// starts at the fork, and whatever it leaves behind (processes, files in the working directory,
// /tmp and /dev/shm) is removed before the next test.
#pragma once

#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// What a forked test runs (ForkSession::run).
enum class ForkedProgram {
  server,  ///< The server's own program: the driver reads the test's request from stdin.
  exec,    ///< The fork execs the test's argv (looked up on PATH).
  python,  ///< The fork runs the Python file argv[1] itself, as `python3 FILE ARGS...` would
           ///< (sys.argv = argv[1:]), in the interpreter the import left, without a new one.
};

/// A fork server and the tests forked from it. Not thread-safe: one test at a time (the
/// per-test accounting is the growth of counters the whole sandbox shares).
class ForkSession {
 public:
  virtual ~ForkSession();

  /// Whether the server finished its start (the import) and waits for tests.
  virtual bool ready() const = 0;

  /// What the start did: its stdout (the driver's hello and import records), CPU seconds
  /// (user + system of the sandbox up to the ready message), wall seconds and peak memory. When
  /// ready(): termination `exited` with code 0. Otherwise the start's real end, with the verdict
  /// that ended it (the import's limits exceeded, the process exited, a runner error).
  virtual const Observation& start_observation() const = 0;

  /// Runs one test as a fork of the server and returns what was observed, as Runner::run does.
  /// From `test` only these count: stdin_data (the fork's stdin: the driver reads its request
  /// there), argv and environment (for `exec` and `python`), written_files (written into the
  /// working directory before the fork), limits (CPU, wall, memory, output and processes of this
  /// test alone), collect_into and description. The submission and support files are the
  /// start's. Never throws for what the test does; when the server is gone the result is a
  /// runner_error.
  virtual Observation run(const Invocation& test, ForkedProgram program) = 0;

  /// False once the server has ended (a test killed it, or what a test left could not be
  /// removed): later tests need a new session.
  virtual bool alive() const = 0;
};

}  // namespace sg
