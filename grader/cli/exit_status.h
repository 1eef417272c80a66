// The command line's exit statuses and its one way of printing an error, shared by every
// subcommand so that scripts can trust them (README "Exit codes").
#pragma once

#include <string>

namespace sg {

inline constexpr int kExitOk = 0;             ///< Done (graded, whatever the score).
inline constexpr int kExitTestsFailed = 1;    ///< `check`: some visible tests failed.
inline constexpr int kExitUsage = 2;          ///< Unusable input: bad options, spec or files.
inline constexpr int kExitGraderFault = 3;    ///< The grader failed (never the student's zero).
inline constexpr int kExitInterrupted = 130;  ///< Stopped by Ctrl-C (batch; a rerun resumes).

/// Prints "searchgrader: error: MESSAGE" on stderr, the prefix on each line of MESSAGE.
void error_line(const std::string& message);

}  // namespace sg
