// Where a program test reads the program's answer (TestSpec::answer, spec key `output`): its
// standard output, or a file it writes (ColumbiaX's output.txt, a course's solution.txt), or
// both. Every program kind judges the observation's stdout; here the file takes stdout's place
// before the kind judges it, so the same judgements, notations and feedback serve a program
// whichever way it answers. A file not written (or something else standing at its name: a
// directory, a link, a FIFO) is said so, with what the program printed instead; a file over the
// output limit is stopped as stdout is. A `reject` test reads stdout and the file, if any: a
// program refuses invalid input where it says things.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/observation.h"

namespace sg {

/// A program's answer as the test reads it.
struct ProgramAnswer {
  /// What the kind judges: `observation` with the file's contents as its stdout (after stdout's
  /// with `with_stdout`), an answer file over the output limit (or a write past the sandbox's
  /// file-size limit) as an output-limit stop.
  Observation judged;
  /// Set when the file was not written or is not a regular file: "no output.txt was written;
  /// the program printed: ..." with the end of its stdout.
  std::optional<std::string> missing;
  /// The file's name, when the test reads one ("output.txt").
  std::string file;
};

/// Reads `observation` as `test.answer` says. Without an answer file, `judged` is `observation`.
ProgramAnswer read_program_answer(const TestSpec& test, const Observation& observation);

/// Finishes the kind's `outcome` with what reading the answer found: when the file is missing,
/// every aspect fails with `missing` as its feedback (a verdict of its own, not a crash: the
/// exit status is still judged); what was read is shown as the file's, and a note says that
/// stdout was not judged when the program printed there too.
void conclude_program_answer(const ProgramAnswer& answer, const Observation& observation,
                             TestOutcome& outcome);

}  // namespace sg
