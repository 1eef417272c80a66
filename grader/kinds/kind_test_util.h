// What the runner observes, written by hand for the kinds' unit tests: a program that exited
// having printed something, or the Python driver's protocol stream for steps that each returned
// a value (docs/driver-protocol.md), so a kind's judgement is tested without running Python; and
// the lookup of one aspect of an outcome, and what a kind's validation says.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "kinds/test_kind.h"
#include "model/grade_report.h"
#include "model/observation.h"

namespace sg::test_util {

/// The outcome's aspect named `name`. Throws std::out_of_range when the outcome has none.
inline const AspectOutcome& aspect(const TestOutcome& outcome, const std::string& name) {
  for (const AspectOutcome& found : outcome.aspects)
    if (found.aspect == name) return found;
  throw std::out_of_range("no aspect " + name);
}

/// What `kind` says validating `test`: the SpecError's text (file:line:col: ...), or "no error".
inline std::string validation_error(const TestKind& kind, const Assignment& assignment,
                                    const TestSpec& test) {
  try {
    kind.validate(assignment, test);
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

/// A process that exited with `code` after printing `out` (and `err`).
inline Observation exited(std::string out, int code = 0, std::string err = "") {
  Observation observation;
  observation.termination = Termination::exited;
  observation.exit_code = code;
  observation.stdout_stream.data = std::move(out);
  observation.stderr_stream.data = std::move(err);
  return observation;
}

/// The driver's report of an import and then steps that each returned `values[i]` (JSON text)
/// and printed `printed[i]` (JSON string text, "" when absent).
inline Observation driver_returned(const std::vector<std::string>& values,
                                   const std::vector<std::string>& printed = {}) {
  std::string out = R"({"sg": "hello", "protocol": 1, "python": "3.11.2"})"
                    "\n"
                    R"({"sg": "import", "ok": true, "seconds": 0.01, "stdout": "", "stderr": ""})"
                    "\n";
  for (std::size_t i = 0; i < values.size(); ++i)
    out += R"({"sg": "begin", "index": )" + std::to_string(i) + "}\n" +
           R"({"sg": "step", "index": )" + std::to_string(i) + R"(, "ok": true, "value": )" +
           values[i] + R"(, "stdout": ")" + (i < printed.size() ? printed[i] : "") +
           R"(", "seconds": 0.01})" + "\n";
  return exited(out + "{\"sg\": \"done\"}\n");
}

}  // namespace sg::test_util
