// ImportSession: "import once, test many" for one submission's function-call tests. The Python
// driver is started once as a fork server (runner/fork_session.h): it imports the student's
// module under the import's own limits (spec keys limits.import_*, its CPU charged to the
// submission's time budget), and every test then runs in a fork of that interpreter, judged by
// its own limits alone. A module whose top-level code runs a long demo pays for it once, not in
// every test; what the import printed is reported once, for the submission.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/time_budget.h"
#include "kinds/test_kind.h"
#include "model/invocation.h"
#include "model/observation.h"
#include "model/verdict.h"
#include "runner/runner.h"

namespace sg {

class ImportSession {
 public:
  /// `launch` runs the fork server (the driver with `--serve`, the submission and support files
  /// in place; its limits at least every test's, as Runner::start_session needs); `import_limits`
  /// judge the import (CPU granted from `budget`, which is charged with what the import used).
  /// `module_file` names the module in feedback, e.g. "torus_puzzle.py".
  ImportSession(Runner& runner, Invocation launch, Limits import_limits, TimeBudget& budget,
                std::string module_file);

  /// Starts the server for the tests of `visibility` and imports the module once. True when the
  /// import ran: import_ok() then says whether it succeeded (when not, import_observation() says
  /// why: an exception, its limits). False when the runner cannot fork tests, when the start failed
  /// because of the grader (a runner error), or when the budget left no time to import: the tests
  /// then run each in a process of their own, as without a session.
  bool start(Visibility visibility);

  /// After start(): what the import did (the driver's hello and import records, its CPU).
  const Observation& import_observation() const { return import_; }
  /// After start(): true when the module was imported and the server waits for tests.
  bool import_ok() const { return ok_; }

  /// Runs a forkable test of `visibility` as a fork of that visibility's server, starting it
  /// first when it is not running (the visibility's first test, or an earlier test ended it; such
  /// imports are charged to the budget too, and reported nowhere). nullopt when no server could
  /// be started: the caller then runs the test in a process of its own.
  std::optional<Observation> run(const Invocation& test, Visibility visibility);

  /// CPU seconds of every import so far (seconds).
  double import_cpu_seconds() const { return import_cpu_seconds_; }

  /// Notes for the whole submission about the import: what it printed (shown once, its first
  /// lines), what a notebook's intake skipped, and how much CPU it took when that is notable
  /// (with how many imports there were in all, when more than one).
  std::vector<std::string> import_notes() const;

 private:
  // A running server for `visibility`, or null when none could be started (`failed`: the start's
  // observation).
  std::unique_ptr<ForkSession> start_server(Observation* failed);

  Runner& runner_;
  Invocation launch_;
  Limits import_limits_;
  TimeBudget& budget_;
  std::string module_file_;
  std::map<Visibility, std::unique_ptr<ForkSession>> servers_;
  Observation import_;
  bool ok_ = false;
  double import_cpu_seconds_ = 0.0;
  int imports_ = 0;
};

/// Whether `runner` can fork tests from one import on this host, for `doctor`: starts the driver
/// as a fork server on a one-line module (in a temporary folder under `scratch`) and forks one
/// test from it. Returns "" when that worked, else what failed. Never throws.
std::string fork_session_problem(Runner& runner, const GradingContext& context,
                                 const std::filesystem::path& scratch);

}  // namespace sg
