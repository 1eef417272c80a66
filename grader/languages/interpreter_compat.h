// What an older interpreter had that the grading machine's has removed: courses graded on
// Python 3.6 (ColumbiaX's `time.clock`, handouts' `collections.Mapping`), and their students'
// code, the course's own support files too, call names that Debian's Python 3.11 no longer
// has. A spec names the course's interpreter and what to restore (`submission.python: {version:
// "3.6", restore: [time.clock]}`); each name is put back as that version had it, before any of
// the student's code runs (a sitecustomize for a program, the driver before its import), and a
// run that used one says so in a note. Without it, a run that fails on a removed name is told
// which name, which version removed it and how the spec restores it: never a bare traceback.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/assignment.h"
#include "model/invocation.h"
#include "model/observation.h"

namespace sg {

/// A name Python removed.
struct RemovedPythonName {
  std::string name;         ///< "time.clock"
  std::string removed_in;   ///< "3.8"
  std::string restored_as;  ///< "time.process_time": what it was, in today's names
};

/// Every name this grader can restore.
const std::vector<RemovedPythonName>& removed_python_names();

/// The entry for `name`, or nullptr.
const RemovedPythonName* find_removed_python_name(std::string_view name);

/// Where the restoring code is written, relative to the working directory; the Python driver
/// runs it before importing the submission, a program finds it on its PYTHONPATH.
inline constexpr const char* kCompatFolder = ".searchgrader/compat";
/// The file the restored names write their name to when first used.
inline constexpr const char* kCompatUsedFile = ".searchgrader/compat-used";

/// Adds to `invocation` what restores `interpreter.restore`: the sitecustomize module, its
/// PYTHONPATH, and the used-names file to read back. Nothing when the list is empty.
void add_course_python(const CourseInterpreter& interpreter, Invocation& invocation);

/// Notes for an outcome: which restored names the run used (read from the used-names file);
/// and, when a traceback in `text` fails on a removed name the spec did not restore, what to
/// say instead of it: "time.clock was removed in Python 3.8; ..."; a module that is not installed
/// here ("No module named 'psutil'") is named with what the standard library offers instead.
/// Empty when none applies.
std::vector<std::string> course_python_notes(const CourseInterpreter& interpreter,
                                             const Observation& observation, std::string_view text);

}  // namespace sg
