// The system calls the runner's files share, wrapped once: errors as text and as exceptions,
// fork without glibc's bookkeeping, a pidfd, a descriptor moved above stdio.
#pragma once

#include <sys/time.h>
#include <sys/types.h>

#include <string>

#include "runner/unique_fd.h"

namespace sg {

/// The system's message for errno value `error` ("No such file or directory").
std::string errno_text(int error);

/// Throws std::runtime_error "what: <the system's message for error>".
[[noreturn]] void throw_errno(const std::string& what, int error);

/// fork() as a raw clone(SIGCHLD), without glibc's atfork handlers and pid cache: safe in a
/// process that itself came from a raw clone. Returns as fork() does.
pid_t raw_fork();

/// A rusage time in seconds.
double timeval_seconds(const timeval& tv);

/// pidfd_open(pid, 0): a descriptor that becomes readable when `pid` ends; -1 with errno set.
int pidfd_open(pid_t pid);

/// Makes `fd` non-blocking. Throws std::runtime_error when it cannot.
void set_nonblocking(int fd);

/// `fd` itself when it is above 2, else a close-on-exec duplicate of it above 2 (`fd` is
/// closed): the grader may run with 0-2 closed. Throws std::runtime_error when it cannot move.
UniqueFd above_stdio(int fd);

}  // namespace sg
