// box-init: the supervising process inside the box. It is the runner's main process in the
// degraded and full tiers: it forks the student's process, reaps every orphan (as pid 1 of the
// box's pid namespace, or as a child subreaper without namespaces), kills what the student left
// behind when the student's main process ends, and reports the student's real wait status to the
// runner through a pipe (it cannot die of the student's signal itself: pid 1 ignores signals).
//
// Report convention: box-init writes one BoxInitReport to its report pipe and exits 0. No report
// (box-init was SIGKILLed by the supervisor on a limit, or failed) means: use box-init's own
// status; the layer turns a missing report without a supervisor kill into a runner error.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>

namespace sg {

/// What box-init tells the runner about the student's main process.
struct BoxInitReport {
  std::uint32_t magic = 0;         ///< kBoxInitMagic
  std::int32_t status = 0;         ///< Raw wait status of the student's main process.
  std::int32_t sigsys_deaths = 0;  ///< Processes of the box that died of SIGSYS (seccomp kills).
  std::int32_t reaped = 0;         ///< Processes box-init reaped (the main one included).
  double cpu_seconds = 0.0;  ///< User + system CPU of the main process and what it waited for.
};
inline constexpr std::uint32_t kBoxInitMagic = 0x53474249;  // "SGBI"

/// How box-init kills the box once the student's main process has ended.
struct BoxInitConfig {
  bool pid_namespace = false;  ///< true: box-init is pid 1 and kill(-1) reaches the whole box.
  uid_t box_uid = 0;           ///< Without a pid namespace: kill(-1) from a helper of this uid.
  int report_fd = -1;          ///< Write end of the report pipe.
};

/// Child side (async-signal-safe; raw clone, no allocation). Becomes box-init: sets the child
/// subreaper (no pid namespace), the parent-death signal and a new session, forks the student's
/// process and returns 0 in it (with a new session and parent-death signal, the report pipe
/// closed), or an errno value if the fork failed. Never returns in box-init itself.
int start_box_init(const BoxInitConfig& config) noexcept;

/// Parent side: reads box-init's report from the (non-blocking) read end; nullopt if none.
std::optional<BoxInitReport> read_box_init_report(int fd);

}  // namespace sg
