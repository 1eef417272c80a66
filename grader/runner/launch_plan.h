// What the runner prepares for a student process before starting it, the same for the one-shot
// process runner and the box (box.h): the invocation checked, the program found on the
// allow-listed PATH, the environment, stdin, and pipes whose descriptors stay clear of 0-2.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/invocation.h"
#include "runner/unique_fd.h"

namespace sg {

/// The only PATH a student process gets.
inline constexpr const char* kAllowedPath = "/usr/local/bin:/usr/bin:/bin";

/// Throws std::invalid_argument for an empty argv, a NUL byte in an argument or the
/// environment, a bad variable name, or a cpu/wall limit that is not > 0 and at most a week.
void validate_invocation(const Invocation& invocation);

/// Looks up `name` on kAllowedPath; "" when not found. Names with a slash are used as they are
/// (relative ones resolve against the working directory, as the child enters it first).
std::string resolve_executable(const std::string& name);

/// The environment: PATH, HOME and TMPDIR (= `visible_workdir`), a UTF-8 locale, Python's
/// encoding and no bytecode files, then the invocation's own variables; "NAME=value" each.
std::vector<std::string> build_environment(const Invocation& invocation,
                                           const std::filesystem::path& visible_workdir);

/// NUL-terminated pointers into `strings` (which must outlive them), for execve.
std::vector<char*> pointers_to(std::vector<std::string>& strings);

/// stdin for the run: /dev/null, or the invocation's bytes written to `io_dir`/stdin (root-only,
/// replacing an earlier run's) and opened for reading. Throws std::runtime_error.
UniqueFd open_stdin(const Invocation& invocation, const std::filesystem::path& io_dir);

/// A close-on-exec pipe whose ends are above 2 (the grader may run with 0-2 closed, and the
/// child's dup2 onto 0-2 must not clobber them). Throws std::runtime_error.
struct Pipe {
  UniqueFd read;
  UniqueFd write;
};
Pipe make_pipe();

/// In a child between clone and exec (async-signal-safe): waits for the parent's one byte on
/// `go_fd`, the barrier that says its setup of the child is done. Returns 0, or the errno of
/// the failed read (EPIPE when the parent closed the pipe without writing).
int wait_for_go(int go_fd) noexcept;

}  // namespace sg
