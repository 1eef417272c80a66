// Paths in what a submission printed, as the student knows them. A traceback or a compiler
// error names files by where the sandbox put them ("/box/./eightpuzzle.py", or a scratch folder
// such as "/tmp/sg-run-X1b2/box/eightpuzzle.py"); feedback shows them relative to the
// submission ("eightpuzzle.py"), the same in every tier and every run, so repeated errors are
// recognised as one.
#pragma once

#include <string>

#include "model/grade_report.h"

namespace sg {

/// `text` with every `workdir` + "/" (and "/./") removed and a bare `workdir` shown as ".".
/// Unchanged when `workdir` is empty or "/".
std::string relative_to_submission(std::string text, const std::string& workdir);

/// Applies relative_to_submission() to the outcome's observed output, feedback, notes and aspect
/// feedback.
void show_paths_relative_to_submission(TestOutcome& outcome, const std::string& workdir);

}  // namespace sg
