// The streams of a test that a fork server runs in its own process (fork_server.h, "In-process
// tests"): a server that cannot receive descriptors (a JVM) opens them by name instead. The
// request is a file and stdout and stderr are FIFOs, all in the working directory under names
// no submission uses; the supervisor holds the FIFOs' read ends as it holds a fork's pipes.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

#include "runner/unique_fd.h"

namespace sg {

/// A test's streams for an in-process server.
struct InProcessStreams {
  static constexpr const char* kStdin = ".sg-test-stdin";
  static constexpr const char* kStdout = ".sg-test-stdout";
  static constexpr const char* kStderr = ".sg-test-stderr";
  UniqueFd stdout_read;  ///< Non-blocking; no writer until the server opens the FIFO.
  UniqueFd stderr_read;
};

/// Writes `request` to `workdir`/kStdin (write_support_text) and makes the two FIFOs there
/// (replacing what a test left under those names), owned by `box_uid` when given, and opens their
/// read ends. Throws std::runtime_error naming the path that could not be made.
InProcessStreams make_in_process_streams(const std::filesystem::path& workdir,
                                         const std::string& request, std::optional<uid_t> box_uid);

}  // namespace sg
