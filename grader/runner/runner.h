// Runner: runs one student process to completion under limits and reports what the supervisor
// saw. The grading engine talks only to this interface; the process runner (fork + exec under
// sandbox layers) is one implementation, tests may use fakes.
#pragma once

#include <string>

#include "model/invocation.h"
#include "model/observation.h"

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

  /// Names the isolation this runner provides, e.g. "process-group+rlimits". Also recorded in
  /// every Observation::isolation_tier.
  virtual std::string isolation_tier() const = 0;
};

}  // namespace sg
