// The box server: box-init (box_init.h) kept alive as pid 1 of a full-tier box so that one box
// serves run after run (box.h). It waits on a control socket for a run request (the program,
// its arguments and environment, the rlimits, and the run's stdin, stdout, stderr and
// launch-report descriptors passed with SCM_RIGHTS), forks the student's process (drop to the box
// uid, rlimits, seccomp, exec), reaps everything until that process ends, and then makes the box
// clean again before it replies: it SIGKILLs and reaps every other process of the box, removes
// every SysV IPC object of the box's IPC namespace, mounts a fresh /tmp and /dev/shm, and resets
// the pid counter so the next run starts at pid 2 as in a new box. The supervisor empties /box.
//
// Child side: the server runs in a raw clone of a multi-threaded grader, so it only makes
// async-signal-safe calls and uses memory the parent prepared before the clone (BoxServerConfig).
// It has no parent-death signal (that follows the creating thread, and a pooled box outlives it):
// it exits, killing the box, when the supervisor's end of the control socket closes.
#pragma once

#include <linux/filter.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <optional>

#include "runner/box_init.h"
#include "runner/rlimit_layer.h"

namespace sg {

/// Most bytes of strings (program, working directory, arguments, environment) in one request.
inline constexpr std::size_t kBoxRequestStringBytes = 128 * 1024;
/// Most arguments plus environment variables in one request.
inline constexpr std::size_t kBoxRequestPointers = 4096;

/// A run request's fixed part; the strings follow it in the same message: the executable's
/// path, the working directory, `argc` arguments, `envc` environment entries, each NUL-ended.
/// Four descriptors come with it: stdin, stdout, stderr and the launch-report pipe.
struct BoxRunRequest {
  std::uint32_t magic = 0;  ///< kBoxRequestMagic
  std::uint32_t argc = 0;
  std::uint32_t envc = 0;
  std::uint32_t string_bytes = 0;
  std::uint32_t rlimit_count = 0;
  ResourceLimit rlimits[8]{};
};
inline constexpr std::uint32_t kBoxRequestMagic = 0x53474252;  // "SGBR"

/// Which step of making the box clean again failed (BoxRunReply::cleanup_step).
enum class BoxCleanupStep : std::int32_t {
  none = 0,
  kill_processes,  ///< A process of the box survived kill(-1) and reaping.
  remove_ipc,      ///< A SysV IPC object could not be removed.
  fresh_tmp,       ///< /tmp could not be mounted anew.
  fresh_shm,       ///< /dev/shm could not be mounted anew.
  reset_pids,      ///< /proc/sys/kernel/ns_last_pid could not be written.
};

/// The server's answer to one request, sent once the box is clean again (or could not be made
/// so: then cleanup_error is set and the box must not serve another run).
struct BoxRunReply {
  BoxInitReport run{};             ///< The student's main process, as box-init reports it.
  std::int64_t ended_ns = 0;       ///< CLOCK_MONOTONIC when that process ended (nanoseconds).
  std::int32_t fork_error = 0;     ///< errno when the student's process could not be forked.
  std::int32_t request_error = 0;  ///< errno when the request was malformed (EPROTO, E2BIG).
  std::int32_t cleanup_error = 0;  ///< errno of the first cleanup step that failed; 0: clean.
  BoxCleanupStep cleanup_step = BoxCleanupStep::none;
  std::int32_t ipc_objects_removed = 0;  ///< SysV IPC objects the run left, now removed.
};

/// The first message on the control socket: the box is ready to serve (error == 0), or its setup
/// failed at `step` (a box.h setup step) with `error` before the server started.
struct BoxHello {
  std::uint32_t magic = 0;  ///< kBoxHelloMagic
  std::int32_t error = 0;
  std::int32_t step = 0;
};
inline constexpr std::uint32_t kBoxHelloMagic = 0x53474248;  // "SGBH"

/// Names of the student-side setup steps, for launch_failure_message (LaunchStage::layer
/// indices), in the order they run: as the one-shot full tier names its layers.
inline constexpr const char* kBoxSetupStepNames[] = {"box-init+uid", "rlimits", "seccomp"};

/// What the server needs, prepared by the parent before the clone.
struct BoxServerConfig {
  int control_fd = -1;  ///< The server's end of a SOCK_SEQPACKET socket pair.
  uid_t box_uid = 0;
  const sock_fprog* seccomp = nullptr;  ///< Loaded in each student process.
  const char* tmp_options = nullptr;  ///< tmpfs options for the fresh /tmp ("size=...,mode=1777").
  const char* shm_options = nullptr;  ///< ... and /dev/shm.
  char* request_buffer = nullptr;     ///< sizeof(BoxRunRequest) + kBoxRequestStringBytes bytes.
  char** pointer_buffer = nullptr;    ///< kBoxRequestPointers + 2 slots.
  int close_fallback_limit = 65536;   ///< As ExecPlan's.
};

/// Child side, as pid 1 of the box's namespaces with the private root applied: says hello, then
/// serves requests until the control socket closes, then kills the box and exits 0. Never
/// returns.
[[noreturn]] void run_box_server(const BoxServerConfig& config) noexcept;

}  // namespace sg
