// A submission's language, one part behind one interface: how the grader builds the submission
// once, starts the driver that speaks the driver protocol (docs/driver-protocol.md) in the
// sandbox, and names things in feedback. Python (an interpreter, a fork server) and Java (javac
// once, a JVM serving the tests) stand behind it; the engine and the kinds ask language_driver()
// and name no language's client.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/assignment.h"
#include "model/grading_context.h"
#include "model/invocation.h"

namespace sg {

/// A driver process: its argv (run in the test's working directory) and the grader's files
/// staged for it (the driver itself, its libraries).
struct DriverProcess {
  std::vector<std::string> argv;
  std::vector<PlacedFile> files;
  /// A server that runs each test itself instead of forking it (Invocation::serves_in_process).
  bool serves_in_process = false;
  /// Variables the process needs beyond the runner's own.
  std::map<std::string, std::string> environment = {};
};

/// A build run once per submission in the sandbox before its tests, its tree then every test's
/// working directory (Java: javac over the submission and the driver).
struct DriverBuild {
  std::vector<std::string> argv;
  std::vector<PlacedFile> files;          ///< Staged for the build (and for every test after it).
  std::vector<WrittenFile> written = {};  ///< Written for the build, as `files` are staged.
  std::string shown;                      ///< As feedback names it: "javac *.java".
};

/// How the grader reaches submissions written in one language through the driver protocol.
class LanguageDriver {
 public:
  virtual ~LanguageDriver() = default;

  /// The spec's `submission.language`: "python", "java".
  virtual std::string_view name() const = 0;

  /// The process that runs one test's `steps` (the request on its stdin) under `limits` (a JVM's
  /// heap is sized from the memory limit; its measuring agent is started when a step calls it).
  virtual DriverProcess process(const Assignment& assignment, const GradingContext& context,
                                const Limits& limits, const nlohmann::json& steps) const = 0;

  /// The server that loads the submission once and serves its tests (`--serve` in the
  /// protocol): Python forks one process per test; a JVM runs them one after another itself,
  /// each in a class loader of its own. `limits` are the server's (covering every test's: a JVM's
  /// heap is sized from their memory). nullopt when the language has none: every test then
  /// starts its own process.
  virtual std::optional<DriverProcess> server(const Assignment& assignment,
                                              const GradingContext& context,
                                              const Limits& limits) const = 0;

  /// The build every submission needs before its tests, or nullopt (Python needs none).
  virtual std::optional<DriverBuild> build(const Assignment& assignment,
                                           const GradingContext& context) const = 0;

  /// How feedback names the submission's code: "torus_puzzle.py", "Board.java", or "your
  /// submission" when the spec accepts a file of any name.
  virtual std::string module_file(const Assignment& assignment) const = 0;

  /// What is missing on this machine to grade the language (the interpreter, the driver, the
  /// JDK, the JSON library), one sentence each saying how to get it; empty when nothing is.
  virtual std::vector<std::string> tool_problems(const GradingContext& context) const = 0;
};

/// Python: python_driver.py in the interpreter, a fork server, no build.
const LanguageDriver& python_language();
/// Java: JavaDriver.java and the measuring agent compiled with the submission by javac; a JVM
/// serves the tests (a JVM per test where the engine does not serve them: the agent then started
/// only for a test that calls it).
const LanguageDriver& java_language();

/// The driver of `language` ("python", "java"), or nullptr for one graded without a driver
/// (`program`: a command-line program) or unknown.
const LanguageDriver* language_driver(std::string_view language);

/// The driver of the assignment's language. Throws std::invalid_argument when it has none
/// (a `program` spec reaching a function-call kind: a spec error the loader reports first).
const LanguageDriver& driver_for(const Assignment& assignment);

}  // namespace sg
