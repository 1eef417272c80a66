// Running a command-line program submission for one test (`language: program`): the invocation
// (the engine's program command, then the test's arguments; input files written into the
// working directory; stdin), and what stopped the program before it finished normally (limits,
// a crash, a non-zero exit status) as a verdict with feedback in plain words.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/driver_client.h"
#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/grading_context.h"
#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// What one program test runs.
struct ProgramRun {
  std::vector<std::string> args;   ///< After the program command, e.g. {"in1"}.
  std::vector<WrittenFile> files;  ///< Input files written into the working directory.
  std::optional<std::string> stdin_data;
};

/// Throws SpecError at the test unless the spec grades a program (`language: program`), naming
/// the test's kind: "a search_program test runs a program: ...".
void require_program_submission(const Assignment& assignment, const TestSpec& test);

/// The test's `args`: a list of words (strings; an unquoted integer is its digits), passed after
/// the program command. Throws SpecError at the test when the key is missing or not a list, at
/// the item for anything but a string or an integer.
std::vector<std::string> program_args(const TestSpec& test);

/// The invocation: context.program_command + run.args, under the test's limits; its description
/// is the command line a shell reads back, then each input file ("where in1 holds:\n..."). Throws
/// std::logic_error if the engine set no program command (not a program assignment).
Invocation make_program_invocation(const TestSpec& test, const GradingContext& context,
                                   ProgramRun run);

/// Runs `invocation`'s command as the child of a small process (grader/drivers/fresh_rusage.py)
/// so that what the program measures of its own peak memory (getrusage's ru_maxrss) starts from
/// its own size, not the grader's, which a process forked by the grader would inherit. For tests
/// that judge a program's reported memory; the command's exit status and signal are kept.
void start_with_fresh_rusage(Invocation& invocation, const GradingContext& context);

/// "./eightpuzzle.py -setState '312 475 68b'": how feedback names what ran, each word quoted
/// as a POSIX shell needs it, so a student can paste it into a terminal.
std::string program_call_text(const GradingContext& context, const ProgramRun& run);

/// Why the program did not run to a normal end, or nullopt if it exited (any exit status)
/// within the limits. Runner failures are grader errors, and so is a JVM that could not start
/// under the test's limits (its own start-up error, before any student code ran).
std::optional<EarlyStop> diagnose_program_stop(const Observation& observation);

/// Finishes the outcome of a program that ran to its end: sets `aspects` (in order), the verdict
/// accepted (the engine then judges the exit status and the aspects: engine/test_verdict.h), and
/// a note if stdout was truncated.
void conclude_program_outcome(TestOutcome& outcome, std::vector<AspectOutcome> aspects,
                              const Observation& observation);

}  // namespace sg
