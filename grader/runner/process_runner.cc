#include "runner/process_runner.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "runner/launch_plan.h"
#include "runner/proc_stat.h"
#include "runner/process_group_layer.h"
#include "runner/rlimit_layer.h"
#include "runner/run_steps.h"
#include "runner/student_exec.h"
#include "runner/supervision.h"
#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC

std::string errno_text(int error) {
  return std::error_code(error, std::system_category()).message();
}

[[noreturn]] void throw_errno(const std::string& what, int error) {
  throw std::runtime_error(fmt::format("{}: {}", what, errno_text(error)));
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double timeval_seconds(const timeval& tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

int pidfd_open(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0u)); }

int pidfd_send_signal(int pidfd, int signal_number) {
  return static_cast<int>(::syscall(SYS_pidfd_send_signal, pidfd, signal_number, nullptr, 0u));
}

void set_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
    throw_errno("cannot make a pipe non-blocking", errno);
  }
}

// ---- Child side ---------------------------------------------------------------------------

// Everything the child needs, prepared before fork so the child never allocates.
struct ChildPlan {
  ExecPlan exec;
  int go_fd;
  int go_write_fd;  // the parent's end of the barrier pipe: closed at once in the child
  SandboxSession* const* sessions;
  std::size_t session_count;
};

// Runs in the forked child: async-signal-safe calls only.
[[noreturn]] void child_main(const ChildPlan& plan) noexcept {
  const int report_fd = plan.exec.report_fd;
  // If the grader dies while this child waits at the barrier (kill -9 of a batch), the child
  // must not wait forever holding the grader's descriptors (an output folder's lock): die with
  // the parent, and never hold the barrier's write end open ourselves.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  ::close(plan.go_write_fd);

  // Wait until the parent has run every after_spawn() hook.
  if (const int error = wait_for_go(plan.go_fd); error != 0)
    report_launch_failure(report_fd, {LaunchStage::barrier, -1, error});
  ::close(plan.go_fd);

  for (std::size_t i = 0; i < plan.session_count; ++i) {
    const int error = plan.sessions[i]->child_setup();
    if (error != 0)
      report_launch_failure(report_fd, {LaunchStage::layer, static_cast<int>(i), error});
  }
  exec_student(plan.exec);
}

// ---- Parent side --------------------------------------------------------------------------

// Kills and reaps the child if the run is abandoned (an exception) before it was reaped.
struct ChildReaper {
  std::vector<std::unique_ptr<SandboxSession>>* sessions = nullptr;
  pid_t pid = -1;
  bool reaped = false;

  ChildReaper() = default;
  ChildReaper(const ChildReaper&) = delete;
  ChildReaper& operator=(const ChildReaper&) = delete;
  ~ChildReaper() {
    if (pid <= 0 || reaped) return;
    for (auto& session : *sessions) session->kill_all();
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
};

class ProcessRunner final : public Runner {
 public:
  explicit ProcessRunner(ProcessRunnerOptions options) : options_(std::move(options)) {
    if (options_.scratch_root.empty()) {
      const char* tmpdir = std::getenv("TMPDIR");
      options_.scratch_root = (tmpdir != nullptr && *tmpdir != '\0') ? tmpdir : "/tmp";
    }
    for (const auto& layer : options_.layers) {
      if (!layer) throw std::invalid_argument("make_process_runner: a sandbox layer is null");
      layer_names_.push_back(layer->name());
      if (!tier_.empty()) tier_ += "+";
      tier_ += layer_names_.back();
    }
    if (tier_.empty()) tier_ = "none";
  }

  std::string isolation_tier() const override { return tier_; }

  Observation run(const Invocation& invocation) override {
    Observation observation;
    observation.isolation_tier = tier_;
    RunEvidence evidence;
    RunSteps steps(!options_.steps_log.empty());
    try {
      // A size-limited run directory (a tmpfs of its own), where the host allows mounts.
      const std::string quota =
          options_.workdir_quota_bytes > 0 && !options_.keep_workdir
              ? fmt::format("size={},nr_inodes={},mode=0700", options_.workdir_quota_bytes,
                            options_.workdir_quota_inodes)
              : std::string();
      RunDirectory directory(options_.scratch_root, quota);
      if (options_.keep_workdir) directory.keep();
      steps.mark("working directory");
      try {
        run_in(directory, invocation, observation, evidence, steps);
      } catch (const std::exception& e) {
        evidence.runner_error = e.what();
      } catch (...) {
        evidence.runner_error = "unknown error in the runner";
      }
      steps.mark("session ends");
      if (!invocation.collect_into.empty() && !evidence.runner_error) {
        try {
          copy_submission(directory.workdir(), invocation.collect_into,
                          options_.max_submission_bytes);
        } catch (const std::exception& e) {
          evidence.notes.push_back(std::string("could not collect the working directory: ") +
                                   e.what());
        }
      }
      if (!options_.keep_workdir) {
        const std::string error = directory.remove();
        if (!error.empty())
          evidence.notes.push_back("could not remove the run directory: " + error);
      }
    } catch (const std::exception& e) {
      evidence.runner_error = e.what();
    } catch (...) {
      evidence.runner_error = "unknown error in the runner";
    }
    steps.mark("remove");
    steps.append_to(options_.steps_log, tier_);
    decide_verdict(evidence, observation);
    return observation;
  }

 private:
  void run_in(const RunDirectory& directory, const Invocation& invocation, Observation& observation,
              RunEvidence& evidence, RunSteps& steps) const;

  ProcessRunnerOptions options_;
  std::vector<std::string> layer_names_;
  std::string tier_;
};

void ProcessRunner::run_in(const RunDirectory& directory, const Invocation& invocation,
                           Observation& observation, RunEvidence& evidence, RunSteps& steps) const {
  validate_invocation(invocation);
  const Limits& limits = invocation.limits;
  const fs::path& workdir = directory.workdir();

  // 1. The working directory and stdin.
  copy_submission(invocation.submission, workdir, options_.max_submission_bytes);
  for (const PlacedFile& file : invocation.support_files) place_support_file(file, workdir);
  for (const WrittenFile& file : invocation.written_files) write_support_text(file, workdir);
  UniqueFd stdin_fd = open_stdin(invocation, directory.io_dir());
  steps.mark("copy");

  // 2. Everything the child needs, before fork.
  const std::string& argv0 = invocation.argv[0];
  const std::string exec_path = resolve_executable(argv0);
  if (exec_path.empty()) {
    evidence.runner_error = fmt::format("could not start {}: {} (looked on PATH={})", argv0,
                                        errno_text(ENOENT), kAllowedPath);
    return;
  }
  const LaunchContext context{invocation, workdir};
  std::vector<std::unique_ptr<SandboxSession>> sessions;
  for (std::size_t i = 0; i < options_.layers.size(); ++i) {
    try {
      std::unique_ptr<SandboxSession> session = options_.layers[i]->prepare(context);
      if (!session) throw std::logic_error("prepare() returned no session");
      sessions.push_back(std::move(session));
      if (steps.enabled()) steps.mark("prepare " + layer_names_[i]);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("{} layer: {}", layer_names_[i], e.what()));
    }
  }
  std::vector<SandboxSession*> session_pointers;
  unsigned long clone_flags = 0;
  fs::path visible_workdir = workdir;
  for (auto& session : sessions) {
    session_pointers.push_back(session.get());
    clone_flags |= session->clone_flags();
    if (std::optional<fs::path> view = session->visible_workdir()) visible_workdir = *view;
  }
  std::vector<std::string> argv_storage = invocation.argv;
  std::vector<std::string> env_storage = build_environment(invocation, visible_workdir);
  const std::vector<char*> argv = pointers_to(argv_storage);
  const std::vector<char*> envp = pointers_to(env_storage);
  const std::string workdir_string = visible_workdir.string();
  observation.workdir = workdir_string;

  Pipe out = make_pipe();
  Pipe err = make_pipe();
  Pipe report = make_pipe();
  Pipe go = make_pipe();
  set_nonblocking(report.read.get());

  struct rlimit nofile {};
  int close_fallback_limit = 65536;
  if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur != RLIM_INFINITY) {
    close_fallback_limit = static_cast<int>(std::min<rlim_t>(nofile.rlim_cur, 1 << 20));
  }
  const ChildPlan plan{
      {exec_path.c_str(), argv.data(), envp.data(), workdir_string.c_str(), stdin_fd.get(),
       out.write.get(), err.write.get(), report.write.get(), close_fallback_limit},
      go.read.get(),
      go.write.get(),
      session_pointers.data(),
      session_pointers.size()};

  ChildReaper reaper;
  reaper.sessions = &sessions;
  sigset_t all_signals;
  sigset_t old_mask;
  ::sigfillset(&all_signals);
  ::pthread_sigmask(SIG_SETMASK, &all_signals, &old_mask);  // no handler may run in the child
  const Clock::time_point start = Clock::now();
  // With namespace flags the child is created by the raw clone system call (it then becomes
  // pid 1 of a new pid namespace); the child only makes async-signal-safe calls either way.
  const pid_t pid = clone_flags == 0
                        ? ::fork()
                        : static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD | clone_flags, nullptr,
                                                       nullptr, nullptr, nullptr));
  if (pid == 0) child_main(plan);
  const int fork_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (pid < 0) throw_errno("fork failed", fork_error);
  reaper.pid = pid;
  steps.mark("clone");

  stdin_fd.reset();
  out.write.reset();
  err.write.reset();
  report.write.reset();
  UniqueFd pidfd;
  if (options_.use_pidfd) pidfd.reset(pidfd_open(pid));  // -1 (fallback) on old kernels

  for (std::size_t i = 0; i < sessions.size(); ++i) {
    try {
      sessions[i]->after_spawn(pid);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("{} layer: {}", layer_names_[i], e.what()));
    }
  }
  // Release the child. Our read end stays open until now, so this write cannot raise SIGPIPE.
  const char go_byte = 'g';
  ssize_t released;
  do {
    released = ::write(go.write.get(), &go_byte, 1);
  } while (released < 0 && errno == EINTR);
  if (released != 1) throw_errno("cannot release the child", errno);
  go.write.reset();
  go.read.reset();
  steps.mark("after_spawn");

  // 3. Supervise.
  OutputCapture output(std::move(out.read), std::move(err.read), observation);
  const auto kill_everything = [&] {
    for (auto& session : sessions) session->kill_all();
    if (!pidfd || pidfd_send_signal(pidfd.get(), SIGKILL) != 0) ::kill(pid, SIGKILL);
  };
  SupervisedRun supervised;
  supervised.start = start;
  supervised.exit_fds = {pidfd.get()};
  supervised.ended = [&] {
    siginfo_t info{};
    const int waited = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    if (waited == 0 && info.si_pid == pid) return true;
    if (waited < 0 && errno == ECHILD) {
      reaper.reaped = true;
      throw std::runtime_error(
          "the main process was reaped by someone else (is SIGCHLD ignored or waitpid(-1) "
          "used in the grader?)");
    }
    return false;
  };
  supervised.sample = [&](UsageSample& sample) {
    for (auto& session : sessions) session->sample(sample);
    if (!sample.cpu_seconds) {  // no layer measures the tree: at least the main process
      if (const std::optional<ProcStat> stat = read_proc_stat(pid)) {
        sample.cpu_seconds = stat->cpu_seconds + stat->children_cpu_seconds;
        sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, stat->rss_bytes);
      }
    }
  };
  supervised.kill = kill_everything;
  const SupervisionResult supervision = supervise(limits, supervised, output, evidence);
  steps.mark("student");

  // 4. The main process ended: kill what is left (the zombie keeps the pgid reserved), reap,
  // drain.
  kill_everything();
  int status = 0;
  struct rusage usage {};
  while (::wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      reaper.reaped = true;
      throw_errno("wait4 failed", errno);
    }
  }
  reaper.reaped = true;
  pidfd.reset();
  steps.mark("kill and reap");
  output.drain(limits.output_bytes, evidence);
  steps.mark("drain");
  LaunchFailure failure{};
  if (::read(report.read.get(), &failure, sizeof failure) == static_cast<ssize_t>(sizeof failure)) {
    evidence.runner_error = launch_failure_message(failure, argv0, layer_names_);
  }

  // 5. Observation and evidence, then the layers' final say.
  const double main_cpu = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
  evidence.wait_status = status;
  evidence.main_cpu_seconds = main_cpu;
  output.keep_tails(evidence);
  observation.wall_seconds = seconds(supervision.exit_time - start);
  observation.cpu_seconds = std::max(supervision.cpu_seconds, main_cpu);
  observation.peak_memory_bytes =
      std::max(supervision.peak_memory_bytes,
               static_cast<std::uint64_t>(std::max(0L, usage.ru_maxrss)) * 1024u);
  for (std::size_t i = 0; i < sessions.size(); ++i) {
    try {
      sessions[i]->after_exit(evidence, observation);
    } catch (const std::exception& e) {
      evidence.runner_error = fmt::format("{} layer: {}", layer_names_[i], e.what());
    }
  }
  steps.mark("after_exit");
}

}  // namespace

std::vector<std::shared_ptr<SandboxLayer>> default_sandbox_layers() {
  return {std::make_shared<ProcessGroupLayer>(), std::make_shared<RlimitLayer>()};
}

std::unique_ptr<Runner> make_process_runner(ProcessRunnerOptions options) {
  return std::make_unique<ProcessRunner>(std::move(options));
}

}  // namespace sg
