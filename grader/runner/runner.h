// Runner: runs one student process to completion under limits and reports what the supervisor
// saw. The grading engine talks only to this interface; the process runner (fork + exec under
// sandbox layers) is one implementation, tests may use fakes.
#pragma once

#include <memory>
#include <string>

#include "model/invocation.h"
#include "model/observation.h"
#include "runner/fork_session.h"

namespace sg {

/// Executes invocations. Implementations are safe to call concurrently from several threads.
class Runner {
 public:
  virtual ~Runner();

  /// Runs `invocation` to completion (or until a limit kills it) and returns what was observed.
  /// Never throws because of anything the student process did; failures of the runner itself
  /// (bad invocation, copy failure, spawn failure, ...) come back as Termination::runner_error
  /// with Observation::detail saying what went wrong.
  virtual Observation run(const Invocation& invocation) = 0;

  /// Starts a fork session (fork_session.h): `launch` runs as run() would run it (its files,
  /// program and environment; its limits set the rlimits every forked test inherits, so they
  /// must be at least each test's), with a control socket as its stdin and `launch.stdin_data`
  /// sent as the first message; `start_limits` (CPU, wall, output) judge the start until the
  /// server is ready. Returns nullptr when this runner cannot fork tests (the caller then runs
  /// each test with run()). The default returns nullptr.
  virtual std::unique_ptr<ForkSession> start_session(const Invocation& launch,
                                                     const Limits& start_limits);

  /// Names the isolation this runner provides, e.g. "process-group+rlimits". Also recorded in
  /// every Observation::isolation_tier.
  virtual std::string isolation_tier() const = 0;
};

}  // namespace sg
