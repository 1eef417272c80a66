// ProcessRunner: the Runner that forks and execs the student process on this host, under a stack
// of SandboxLayers, and supervises it from one poll loop (pipes + pidfd): wall clock, group CPU,
// output caps. The walking-skeleton tier uses a process group and rlimits; namespaces, cgroups
// and seccomp plug in later as further layers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "runner/runner.h"
#include "runner/sandbox_layer.h"

namespace sg {

/// The default layers: ProcessGroupLayer, then RlimitLayer (tier "process-group+rlimits").
std::vector<std::shared_ptr<SandboxLayer>> default_sandbox_layers();

/// How a process runner is set up. All runs of one runner share these.
struct ProcessRunnerOptions {
  /// Where per-run directories are created; empty means $TMPDIR, or /tmp when unset.
  std::filesystem::path scratch_root;
  /// Keep each run's directory (`<scratch_root>/sg-run-<pid>-XXXXXX`) instead of removing it.
  bool keep_workdir = false;
  /// Largest submission (sum of its regular files' sizes, bytes) that is copied; a larger one
  /// makes the run a runner_error.
  std::uint64_t max_submission_bytes = 64ull << 20;
  /// Isolation layers, called in this order (child_setup too). Shared by concurrent runs.
  std::vector<std::shared_ptr<SandboxLayer>> layers = default_sandbox_layers();
  /// Wait for the main process through a pidfd (Linux >= 5.3). When false, or when pidfd_open
  /// fails, the loop polls waitid(WNOHANG | WNOWAIT) every 10 ms instead. Mostly for tests.
  bool use_pidfd = true;
  /// When > 0: the run directory (the working directory and its private siblings) is a private
  /// tmpfs of this many bytes (and workdir_quota_inodes inodes), mounted before the submission is
  /// copied in and unmounted after the run, so a run cannot fill the host's disk through it (and
  /// the run's directories cost no disk I/O). Needs CAP_SYS_ADMIN; when the
  /// mount is refused the run goes on without a quota. Ignored with keep_workdir. The box tiers
  /// set it (isolation.h); tmpfs pages the student writes count toward its memory cgroup.
  std::uint64_t workdir_quota_bytes = 0;
  std::uint64_t workdir_quota_inodes = 65536;
  /// Full tier only (isolation.h): keep boxes between runs (box_runner.h). A run then takes a
  /// clean box from the runner's pool instead of building its namespaces, private root, cgroup
  /// and box-init anew, and the box is emptied and checked after it; a box that fails a check
  /// or was killed at a limit is destroyed. Boxes live as long as the runner, so a caller that
  /// needs nothing left behind after run() returns (the hostile suite) keeps this off. Ignored
  /// with keep_workdir and where the host has no usable cgroup.
  bool reuse_boxes = false;
  /// When set: every run appends how long each of its steps took to this file (run_steps.h), for
  /// the benchmark's per-process setup cost. Empty: nothing is timed.
  std::filesystem::path steps_log;
};

/// Creates the fork/exec runner. One run:
/// 1. A fresh private directory (RunDirectory): the submission and support files are copied into
///    its `box/` (the working directory); stdin_data is written to `io/stdin` outside it and
///    opened as fd 0 (no stdin_data: /dev/null).
/// 2. fork + execve (clone() with the namespace flags the layers ask for, see
///    SandboxSession::clone_flags). argv[0] without a slash is looked up on
///    PATH=/usr/local/bin:/usr/bin:/bin. The environment is only PATH, HOME=<workdir>,
///    TMPDIR=<workdir> (the working directory as the process sees it:
///    SandboxSession::visible_workdir, e.g. /box), LANG=C.UTF-8, LC_ALL=C.UTF-8,
///    PYTHONIOENCODING=utf-8, PYTHONDONTWRITEBYTECODE=1, then Invocation::environment (which may
///    override them). The child runs the layers' hooks, resets every signal to SIG_DFL with none
///    blocked, enters the working directory, gets stdin/stdout/stderr and no other descriptor. If
///    it cannot start, the run is runner_error "could not start <argv0>: <reason>".
/// 3. One loop supervises: stdout and stderr are read concurrently and each keeps at most
///    Limits::output_bytes (passing it kills the run: output_limit); the wall clock
///    (CLOCK_MONOTONIC from fork) is checked against Limits::wall_seconds, the layers' CPU
///    sample (every 25 ms) against Limits::cpu_seconds.
/// 4. The main process's exit ends the run: the layers kill what is left (the process group),
///    the main process is reaped (wait4: CPU, ru_maxrss), the pipes are drained for at most
///    200 ms, and a pipe still held open after that is noted in the detail.
/// 5. The verdict follows decide_verdict()'s precedence; cpu_seconds is the larger of the
///    sampled group CPU and the reaped rusage; peak_memory_bytes the largest resident set seen.
/// 6. The run directory is removed (unless keep_workdir); a failure to remove it is noted in the
///    detail.
/// Requirements on the calling process: it must not ignore SIGCHLD nor reap with waitpid(-1)
/// (the run would end as runner_error "reaped by someone else"). Throws std::invalid_argument if
/// a layer in `options.layers` is null.
/// Invalid invocations (empty argv, non-positive or non-finite cpu/wall limits, an environment
/// name with '=' or NUL, NUL inside argv) are runner_error.
std::unique_ptr<Runner> make_process_runner(ProcessRunnerOptions options = {});

}  // namespace sg
