// Box: one full-tier sandbox kept alive for run after run (ProcessRunnerOptions::reuse_boxes):
// its own pid, mount, IPC, UTS and network namespaces (the private root of private_root.h; only
// a loopback, down), a cgroup, a box uid, a run directory on a tmpfs of its own, and
// the box server (box_server.h) as pid 1. Making these is most of what a one-shot full-tier run
// costs (docs/performance.md); a box pays for it once.
//
// A run in a box sees what a one-shot run sees: the same file system, limits, environment and
// verdicts. Between runs the server kills and reaps every process of the box, removes its SysV
// IPC objects, mounts a fresh /tmp and /dev/shm and resets the pid counter; the supervisor
// empties /box and the run's stdin and checks that only the server is left in the box's cgroup.
// A run the supervisor killed (a limit), a failed check, a lost server: the box is not reusable
// and must be destroyed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/invocation.h"
#include "model/observation.h"
#include "runner/cgroup.h"
#include "runner/fork_session.h"
#include "runner/private_root.h"
#include "runner/rlimit_layer.h"
#include "runner/run_evidence.h"
#include "runner/run_steps.h"
#include "runner/seccomp_layer.h"
#include "runner/supervision.h"
#include "runner/uid_slots.h"
#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {

/// What every box of a runner shares.
struct BoxOptions {
  CgroupSupport cgroups;  ///< Must have a usable version.
  PrivateRootOptions root;
  std::shared_ptr<const SeccompProgram> seccomp;     ///< The full tier's filter.
  RlimitOptions rlimits;                             ///< As the full tier's rlimit layer.
  std::filesystem::path scratch_root = "/tmp";       ///< Where run directories go.
  std::uint64_t workdir_quota_bytes = 512ull << 20;  ///< The run directory's tmpfs.
  std::uint64_t workdir_quota_inodes = 65536;
  std::uint64_t max_submission_bytes = 64ull << 20;  ///< As ProcessRunnerOptions'.
  std::filesystem::path steps_log;                   ///< As ProcessRunnerOptions'.
  std::string tier;  ///< The layer names (Observation::isolation_tier), as the one-shot tier.
};

class Box {
 public:
  /// Creates the box and waits (up to 10 s) until its server is ready. Blocks while every box
  /// uid slot is taken. Throws std::runtime_error naming the step that failed.
  explicit Box(const BoxOptions& options);
  /// Kills the box (pid 1 first, so every process of it goes), removes its cgroup and run
  /// directory, returns its uid. Never throws.
  ~Box();
  Box(const Box&) = delete;
  Box& operator=(const Box&) = delete;

  /// Whether a request for `invocation` fits the server's buffers (arguments plus environment
  /// under 128 KiB and 4096 entries). Runs that do not fit go to a one-shot runner.
  static bool can_run(const Invocation& invocation);

  /// Runs `invocation` as Runner::run does: never throws for what the student does; a failure
  /// of the box or the runner comes back as Termination::runner_error. Afterwards reusable()
  /// tells whether the box may serve another run.
  Observation run(const Invocation& invocation);

  /// True while the box is clean and checked after its last run.
  bool reusable() const { return reusable_; }

  /// A fork session (fork_session.h) in `box`, which must be reusable: the box server runs
  /// `launch` with the session's control socket as stdin and serves nothing else until the
  /// session ends. Then the box is cleaned as after any run and, when reusable, passed to
  /// `give_back` (else destroyed).
  static std::unique_ptr<ForkSession> start_session(
      std::unique_ptr<Box> box, std::function<void(std::unique_ptr<Box>)> give_back,
      const Invocation& launch, const Limits& start_limits);

 private:
  friend class BoxForkSession;
  using Clock = std::chrono::steady_clock;
  struct Request;
  // A run's phases: the copies and the request; supervision until the reply; evidence; the
  // box made ready again (or destroyed).
  void send(const Invocation& invocation, Request& request, UniqueFd stdin_override);
  bool poll_end(Request& request);
  void sample(const Request& request, UsageSample& sample) const;
  SupervisionResult watch(const Limits& limits, Request& request);
  void conclude(const Limits& limits, Request& request, const SupervisionResult& supervision);
  void reset_after(const Invocation& invocation, Request& request);
  void end_server() noexcept;

  BoxOptions options_;
  RunDirectory directory_;
  BoxUidLease lease_;
  std::unique_ptr<Cgroup> group_;
  UniqueFd control_;
  UniqueFd init_pidfd_;
  pid_t init_pid_ = -1;
  bool init_reaped_ = false;
  int init_status_ = 0;  ///< pid 1's wait status once reaped.
  bool reusable_ = false;
  // Memory the server uses in its copy of this process (allocated before the clone).
  std::vector<char> request_buffer_;
  std::vector<char*> pointer_buffer_;
  std::string tmp_options_;
  std::string shm_options_;
};

}  // namespace sg
