// What grading needs from the grader's own host before the first test runs: the language's
// tools and driver files (languages/language_driver.h: Python's interpreter, Java's JDK and Gson).
// Checked once, at start, by every command that grades, so a broken setup is one grader fault (exit
// 3) with one clear message, not a "grader error" in every test of every student.
#pragma once

#include <string>
#include <vector>

#include "kinds/test_kind.h"
#include "model/assignment.h"

namespace sg {

/// Problems with `context` for grading `assignment`, each a sentence naming the path and the
/// option that sets it (--python, --driver-dir), or empty when grading can start: what the
/// submission's language needs (LanguageDriver::tool_problems); nothing for a program.
std::vector<std::string> grading_tool_problems(const GradingContext& context,
                                               const Assignment& assignment);

}  // namespace sg
