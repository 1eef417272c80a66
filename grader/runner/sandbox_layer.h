// SandboxLayer: one isolation mechanism plugged into the process runner (a process group,
// rlimits; later namespaces, cgroups, seccomp, a dedicated uid). The runner owns the lifecycle of
// a run (working directory, pipes, fork/exec, the supervision loop, the verdict); each layer adds
// its mechanism through hooks called at fixed points:
//
//   parent: SandboxLayer::prepare()            before fork; builds a per-run SandboxSession
//   parent: SandboxSession::after_spawn(pid)   child exists but is held before its own hooks
//   child:  SandboxSession::child_setup()      after the release, before exec (async-signal-safe)
//   parent: SandboxSession::sample()           every ~25 ms while the main process runs
//   parent: SandboxSession::kill_all()         on a limit, and when the main process has exited
//   parent: SandboxSession::after_exit()       after reaping and draining: accounting, evidence
//   parent: ~SandboxSession()                  cleanup (e.g. remove a cgroup)
//
// A run that holds a fork server (fork_server.h) also calls, between its start and its end:
//
//   parent: SandboxSession::fork_point()            once, when the server is ready
//   parent: SandboxSession::begin_fork(limits)      before each forked test
//   parent: SandboxSession::kill_all_except(pid)    on the test's limit, and until the test's
//                                                   processes are gone
//   parent: SandboxSession::end_fork(...)           after each forked test
//
// A SandboxLayer object is shared by every run of a runner (and so by several threads at once):
// prepare() must be thread-safe and keep per-run state in the session it returns.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "model/invocation.h"
#include "model/observation.h"
#include "runner/run_evidence.h"

namespace sg {

/// What a layer may know when it prepares a run (parent side, before fork).
struct LaunchContext {
  const Invocation& invocation;
  /// The run's private working directory, already populated with the submission.
  const std::filesystem::path& workdir;
};

/// Resource usage sampled live while the main process runs. Layers that can measure something
/// fill it in; the runner keeps the maximum over layers and over time.
struct UsageSample {
  /// User + system CPU seconds of everything the run has started so far (nullopt: not measured).
  std::optional<double> cpu_seconds;
  /// Largest resident set (bytes) seen in any process of the run; 0 when not measured.
  std::uint64_t peak_memory_bytes = 0;
  /// Forks refused at the process limit since the run (or the forked test) began: the cgroup's
  /// pids.events `max`. 0 when none, or not measured.
  std::uint64_t refused_forks = 0;
  /// Tasks (processes and threads) counted against RLIMIT_NPROC, from a /proc scan of the box
  /// uid: where no cgroup refuses forks, reaching Limits::max_processes means the next fork
  /// fails (EAGAIN). 0 when not counted.
  std::uint64_t tasks = 0;
};

/// Per-run state and hooks of one layer. Created by SandboxLayer::prepare(), destroyed after the
/// run (the destructor is the cleanup hook and must not throw).
class SandboxSession {
 public:
  virtual ~SandboxSession();

  /// Parent side, right after fork. The child is blocked before child_setup() until every
  /// session's after_spawn() returned, so e.g. a cgroup can be joined before the child runs.
  /// `pid` is the main process (its pgid once the process-group layer ran). Throw std::exception
  /// to abort the run: the child is killed and the run becomes runner_error with what().
  virtual void after_spawn(pid_t pid);

  /// Child side, after fork and before exec, in session order. Only async-signal-safe calls, no
  /// allocation, no locks: use data prepared in the parent. Returns 0, or an errno value to
  /// abort (reported as runner_error "could not start <argv0>: <layer> setup failed: <error>").
  virtual int child_setup() noexcept;

  /// Parent side, called every ~25 ms while the main process runs and once when it has
  /// exited (before kill_all()). Adds what this layer can measure to `sample`. Must not throw.
  virtual void sample(UsageSample& sample) noexcept;

  /// Parent side: SIGKILL everything this layer contains (e.g. the whole process group). Called
  /// when a limit is hit and once the main process has exited, always while the main process is
  /// not yet reaped (so its pid, and a pgid equal to it, cannot have been reused). Idempotent.
  virtual void kill_all() noexcept;

  /// Parent side, after the main process was reaped, leftovers were killed and the pipes
  /// drained. May read final accounting, adjust `observation` (cpu_seconds, peak_memory_bytes)
  /// and add evidence (e.g. memory_limit). The verdict is decided afterwards from the evidence.
  /// Throw std::exception to turn the run into runner_error.
  virtual void after_exit(RunEvidence& evidence, Observation& observation);

  // ---- Fork sessions (fork_server.h): tests forked from a server the run holds ----

  /// The server finished its start (the import): record what it left where a test could write
  /// outside the working directory, so end_fork() can remove what a test adds. Throw
  /// std::exception when that cannot be recorded (the session does not start). Default: nothing.
  virtual void fork_point();

  /// Before a forked test, with only the server (and the layer's own processes) running: start
  /// the test's accounting and apply its limits where the layer enforces them for the whole run
  /// (a cgroup: memory and processes on top of what the server holds now). Throw std::exception
  /// to make the test a runner error. Default: nothing.
  virtual void begin_fork(const Limits& limits);

  /// SIGKILLs every process of the run except `keep` (the server) and the layer's own (box-init).
  /// Returns true when there was no such process to kill (zombies aside): callers repeat until
  /// it does. Default: true.
  virtual bool kill_all_except(pid_t keep) noexcept;

  /// After a forked test, its processes gone and evidence.wait_status the fork's status (when the
  /// server reported it): the test's evidence (OOM kills, refused forks and peak memory since
  /// begin_fork; the rlimit and seccomp verdicts) and the removal of what the test left in
  /// shared scratch directories. Throw std::exception when something cannot be removed (the
  /// session then ends). Default: nothing.
  virtual void end_fork(const Limits& limits, RunEvidence& evidence, Observation& observation);

  /// Namespace flags (CLONE_NEWPID, CLONE_NEWNS, ...) the main process must be created with; the
  /// runner ORs every session's flags and uses clone() instead of fork() when any is set. Read
  /// once, before the spawn. Default 0.
  virtual unsigned long clone_flags() const noexcept;

  /// Where the working directory appears to the student process when a layer gives it another
  /// view of the file system (e.g. "/box" inside a private root). The runner then chdirs there
  /// and uses it for HOME and TMPDIR. nullopt (the default): the host path.
  virtual std::optional<std::filesystem::path> visible_workdir() const;
};

/// An isolation mechanism. Shared between concurrent runs; see the file comment.
class SandboxLayer {
 public:
  virtual ~SandboxLayer();

  /// Short name, joined with "+" into the runner's isolation tier, e.g. "rlimits".
  virtual std::string name() const = 0;

  /// Parent side, before fork: validates what this layer needs from the invocation and builds
  /// the per-run session (never null). Throw std::exception to refuse the run (runner_error with
  /// what()). Must be thread-safe.
  virtual std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) = 0;
};

}  // namespace sg
