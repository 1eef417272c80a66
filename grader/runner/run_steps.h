// RunSteps: how long each step of one sandboxed run took in the supervisor (wall clock), for the
// per-process setup cost in docs/performance.md. The runner records steps only when
// ProcessRunnerOptions::steps_log names a file; each run then appends one JSON line
//   {"tier":"...","steps":[["workdir",0.21],["copy",0.35],...,["student",43.2],...]}
// (milliseconds; "student" is the time from the release of the child to its exit, which holds
// the child's own setup: private root, box-init, seccomp, exec).
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace sg {

/// Accumulates named steps of one run. Cheap when disabled: mark() returns at once.
class RunSteps {
 public:
  explicit RunSteps(bool enabled);

  /// Ends the current step, naming it `step`: its time is from the previous mark (or
  /// construction) to now.
  void mark(std::string step);

  /// Appends this run's line to `log` (created if missing; appends are atomic per line, so
  /// concurrent runs never interleave within a line). Never throws; a failure is ignored.
  void append_to(const std::filesystem::path& log, const std::string& tier) const;

  bool enabled() const { return enabled_; }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point last_;
  std::vector<std::pair<std::string, double>> steps_;
};

}  // namespace sg
