// The grader's side of the driver protocol (docs/driver-protocol.md), whatever the submission's
// language (languages/language_driver.h): builds the invocation that runs a test's steps inside
// the sandbox, reads the transcript back from the
// observed stdout, and explains whatever stopped the test early (import failure, timeout in a
// named step, crash) as a verdict with feedback.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/grading_context.h"
#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// One step's record from the driver.
struct DriverStepRecord {
  bool begun = false;
  bool finished = false;
  bool ok = false;
  nlohmann::json value;
  nlohmann::json lines;  ///< For `str` steps: each line as a literal, or null.
  nlohmann::json items;  ///< For `str` steps: the literals, whatever separates them, or null.
  /// For steps that ask for it: the returned value's exact types ("list[tuple[int64, int64]]").
  std::string type_shape;
  std::string stdout_text;
  std::string stderr_text;
  bool stdout_truncated = false;
  std::uint64_t stdout_bytes = 0;  ///< All that the step printed, including what was cut.
  bool stderr_truncated = false;
  double seconds = 0.0;
  std::string error_type;
  std::string error_message;
  std::string traceback;
  std::optional<std::size_t> error_index;  ///< `map` steps: the call that raised.
  /// `explore` steps: the actions from the start to the state where a call raised, and its text.
  std::optional<std::vector<std::string>> error_path;
  std::string error_state;

  /// "TypeError: message" followed by the traceback.
  std::string error_text() const;
};

/// Everything the driver reported for one test.
struct DriverTranscript {
  bool started = false;  ///< The hello line arrived.
  /// The driver's runtime, from its hello line: false for Python, true for the JVM (feedback
  /// speaks of loading a class, not of importing a module).
  bool java = false;
  /// The import record's notes (the Java driver: a class found in a package).
  std::vector<std::string> import_remarks;
  bool import_finished = false;
  bool import_ok = false;
  double import_seconds = 0.0;
  std::string import_stdout;
  std::string import_stderr;
  std::string import_error_type;
  std::string import_error_message;
  std::string import_traceback;
  /// With definitions-only intake: the driver's record of what ran and what was skipped
  /// (docs/driver-protocol.md); null otherwise.
  nlohmann::json intake;
  std::vector<DriverStepRecord> steps;
  bool done = false;
  int last_begun = -1;  ///< Index of the last step that began (the one running if killed).
};

/// The invocation running `steps` (driver step objects) against the assignment's module.
/// `description` is what feedback calls it, e.g. "solve([1, 2, 3, ...])".
Invocation make_driver_invocation(const Assignment& assignment, const TestSpec& test,
                                  const GradingContext& context, nlohmann::json steps,
                                  std::string description);

/// The server every forkable test of the assignment may run in (engine/import_session.h): the
/// driver with `--serve`, whose start request imports the assignment's module (or reads a
/// notebook's definitions) once; Python's forks each test, Java's runs them one after another
/// (serves_in_process). `limits` are the server's (covering every test's). nullopt when the
/// language has none. The submission and its support files are the caller's.
std::optional<Invocation> make_driver_launch(const Assignment& assignment,
                                             const GradingContext& context, const Limits& limits);

/// Parses the protocol stream in observation.stdout_stream; ignores lines that are not protocol
/// objects. `step_count` sizes the step list.
DriverTranscript read_transcript(const Observation& observation, std::size_t step_count);

/// A verdict with feedback for a test that could not run to completion.
struct EarlyStop {
  Verdict verdict = Verdict::runtime_error;
  std::string feedback;
};

/// Why the test did not complete normally, or nullopt if the import succeeded and the driver
/// reached `done` within the limits. `step_calls[i]` names step i for feedback; `module_file`
/// is e.g. "torus_puzzle.py".
std::optional<EarlyStop> diagnose_early_stop(const Observation& observation,
                                             const DriverTranscript& transcript,
                                             const std::vector<std::string>& step_calls,
                                             const std::string& module_file);

/// Feedback for a step that raised: names a missing function plainly, else type, message and
/// traceback. MemoryError maps to memory_limit_exceeded, everything else to runtime_error.
EarlyStop step_failure(const DriverStepRecord& step, const std::string& call,
                       const std::string& module_file);

/// An output-limit stop if the step printed more than the test's output limit (the driver keeps
/// only the first `limit_bytes` of each stream), else nullopt.
std::optional<EarlyStop> output_overflow(const DriverStepRecord& step, const std::string& call,
                                         std::uint64_t limit_bytes);

/// Notes about the import (what top-level code printed, with its first lines; how long it took;
/// with definitions-only intake what was skipped and which imports failed). `cpu_seconds`: the
/// import's CPU time when it ran once for the whole submission (a fork session), said when it
/// is 1 s or more; without it the driver's own wall-clock figure is said when over 1 s.
/// `in_process`: the session's server ran the tests itself (a JVM) rather than forking them.
std::vector<std::string> import_notes(const DriverTranscript& transcript,
                                      const std::string& module_file,
                                      std::optional<double> cpu_seconds = std::nullopt,
                                      bool in_process = false);

}  // namespace sg
