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

#include "runner/fork_server.h"
#include "runner/launch_plan.h"
#include "runner/output_files.h"
#include "runner/proc_stat.h"
#include "runner/process_group_layer.h"
#include "runner/rlimit_layer.h"
#include "runner/run_steps.h"
#include "runner/student_exec.h"
#include "runner/supervision.h"
#include "runner/system_calls.h"
#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double timeval_seconds(const timeval& tv) {
  return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
}

int pidfd_send_signal(int pidfd, int signal_number) {
  return static_cast<int>(::syscall(SYS_pidfd_send_signal, pidfd, signal_number, nullptr, 0u));
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
  ~ChildReaper() { reset(); }
  void reset() {
    if (pid <= 0 || reaped) return;
    for (auto& session : *sessions) session->kill_all();
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    reaped = true;
  }
};

// One process started under the runner's layers, from its run directory to its reaping: what
// run() does in one go and a fork session (fork_server.h) does in phases.
class LaunchedRun {
 public:
  LaunchedRun(const ProcessRunnerOptions& options, const std::vector<std::string>& layer_names,
              const std::string& tier)
      : options_(options), layer_names_(layer_names), steps_(!options.steps_log.empty()) {
    observation.isolation_tier = tier;
  }
  LaunchedRun(const LaunchedRun&) = delete;
  LaunchedRun& operator=(const LaunchedRun&) = delete;
  ~LaunchedRun() {
    reaper_.reset();
    sessions_.clear();
  }

  Observation observation;
  RunEvidence evidence;

  // 1-2: the run directory, the copies, the layers, the clone and the release. `stdin_override`,
  // when given, is the child's stdin instead of the invocation's stdin_data. Without an
  // executable on PATH, evidence.runner_error is set and nothing starts.
  void start(const Invocation& invocation, UniqueFd stdin_override = {});
  bool started() const { return pid_ > 0; }

  // 3: the loop, until the main process ends (or `extra` says the run is over).
  SupervisionResult supervise(const Limits& limits);

  // 4-5: kill what is left, reap, drain, the layers' evidence. Idempotent.
  void finish(const SupervisionResult& supervision, const Limits& limits);
  bool finished() const { return finished_; }

  // 6: the layers' sessions end, the working directory is collected (when asked) and removed.
  void end(const Invocation& invocation);

  pid_t pid() const { return pid_; }
  int pidfd() const { return pidfd_.get(); }
  const fs::path& workdir() const { return directory_->workdir(); }
  const fs::path& io_dir() const { return directory_->io_dir(); }
  OutputCapture& output() { return *output_; }
  std::chrono::steady_clock::time_point start_time() const { return start_; }
  std::vector<std::unique_ptr<SandboxSession>>& sessions() { return sessions_; }

  // Non-blocking: has the main process ended (not yet reaped)?
  bool main_ended() {
    siginfo_t info{};
    const int waited = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (waited == 0 && info.si_pid == pid_) return true;
    if (waited < 0 && errno == ECHILD) {
      reaper_.reaped = true;
      throw std::runtime_error(
          "the main process was reaped by someone else (is SIGCHLD ignored or waitpid(-1) "
          "used in the grader?)");
    }
    return false;
  }

  void kill_everything() {
    for (auto& session : sessions_) session->kill_all();
    if (!pidfd_ || pidfd_send_signal(pidfd_.get(), SIGKILL) != 0) ::kill(pid_, SIGKILL);
  }

  void sample(UsageSample& sample) {
    for (auto& session : sessions_) session->sample(sample);
    if (!sample.cpu_seconds) {  // no layer measures the tree: at least the main process
      if (const std::optional<ProcStat> stat = read_proc_stat(pid_)) {
        sample.cpu_seconds = stat->cpu_seconds + stat->children_cpu_seconds;
        sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, stat->rss_bytes);
      }
    }
  }

 private:
  const ProcessRunnerOptions& options_;
  const std::vector<std::string>& layer_names_;
  RunSteps steps_;
  std::optional<RunDirectory> directory_;
  std::vector<std::unique_ptr<SandboxSession>> sessions_;
  ChildReaper reaper_;
  pid_t pid_ = -1;
  UniqueFd pidfd_;
  UniqueFd report_read_;
  std::unique_ptr<OutputCapture> output_;
  std::chrono::steady_clock::time_point start_;
  std::string argv0_;
  bool finished_ = false;
};

void LaunchedRun::start(const Invocation& invocation, UniqueFd stdin_override) {
  // A size-limited run directory (a tmpfs of its own), where the host allows mounts.
  const std::string quota =
      options_.workdir_quota_bytes > 0 && !options_.keep_workdir
          ? fmt::format("size={},nr_inodes={},mode=0700", options_.workdir_quota_bytes,
                        options_.workdir_quota_inodes)
          : std::string();
  directory_.emplace(options_.scratch_root, quota);
  if (options_.keep_workdir) directory_->keep();
  steps_.mark("working directory");

  validate_invocation(invocation);
  const fs::path& workdir = directory_->workdir();

  // 1. The working directory and stdin.
  copy_submission(invocation.submission, workdir, options_.max_submission_bytes);
  for (const PlacedFile& file : invocation.support_files) place_support_file(file, workdir);
  for (const WrittenFile& file : invocation.written_files) write_support_text(file, workdir);
  clear_output_files(invocation.output_files, workdir);
  UniqueFd stdin_fd =
      stdin_override ? std::move(stdin_override) : open_stdin(invocation, directory_->io_dir());
  steps_.mark("copy");

  // 2. Everything the child needs, before fork.
  argv0_ = invocation.argv[0];
  const std::string exec_path = resolve_executable(argv0_);
  if (exec_path.empty()) {
    evidence.runner_error = fmt::format("could not start {}: {} (looked on PATH={})", argv0_,
                                        errno_text(ENOENT), kAllowedPath);
    return;
  }
  const LaunchContext context{invocation, workdir};
  for (std::size_t i = 0; i < options_.layers.size(); ++i) {
    try {
      std::unique_ptr<SandboxSession> session = options_.layers[i]->prepare(context);
      if (!session) throw std::logic_error("prepare() returned no session");
      sessions_.push_back(std::move(session));
      if (steps_.enabled()) steps_.mark("prepare " + layer_names_[i]);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("{} layer: {}", layer_names_[i], e.what()));
    }
  }
  std::vector<SandboxSession*> session_pointers;
  unsigned long clone_flags = 0;
  fs::path visible_workdir = workdir;
  for (auto& session : sessions_) {
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

  reaper_.sessions = &sessions_;
  sigset_t all_signals;
  sigset_t old_mask;
  ::sigfillset(&all_signals);
  ::pthread_sigmask(SIG_SETMASK, &all_signals, &old_mask);  // no handler may run in the child
  start_ = Clock::now();
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
  pid_ = pid;
  reaper_.pid = pid;
  steps_.mark("clone");

  stdin_fd.reset();
  out.write.reset();
  err.write.reset();
  report.write.reset();
  report_read_ = std::move(report.read);
  if (options_.use_pidfd) pidfd_.reset(pidfd_open(pid));  // -1 (fallback) on old kernels

  for (std::size_t i = 0; i < sessions_.size(); ++i) {
    try {
      sessions_[i]->after_spawn(pid);
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
  steps_.mark("after_spawn");
  output_ = std::make_unique<OutputCapture>(std::move(out.read), std::move(err.read), observation);
}

SupervisionResult LaunchedRun::supervise(const Limits& limits) {
  SupervisedRun supervised;
  supervised.start = start_;
  supervised.exit_fds = {pidfd_.get()};
  supervised.ended = [this] { return main_ended(); };
  supervised.sample = [this](UsageSample& sample) { this->sample(sample); };
  supervised.kill = [this] { kill_everything(); };
  SupervisionResult result = sg::supervise(limits, supervised, *output_, evidence);
  steps_.mark("student");
  return result;
}

void LaunchedRun::finish(const SupervisionResult& supervision, const Limits& limits) {
  if (finished_ || pid_ <= 0) return;
  finished_ = true;
  // 4. The main process ended: kill what is left (the zombie keeps the pgid reserved), reap,
  // drain.
  kill_everything();
  int status = 0;
  struct rusage usage {};
  while (::wait4(pid_, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      reaper_.reaped = true;
      throw_errno("wait4 failed", errno);
    }
  }
  reaper_.reaped = true;
  pidfd_.reset();
  steps_.mark("kill and reap");
  output_->drain(limits.output_bytes, evidence);
  steps_.mark("drain");
  LaunchFailure failure{};
  if (::read(report_read_.get(), &failure, sizeof failure) ==
      static_cast<ssize_t>(sizeof failure)) {
    evidence.runner_error = launch_failure_message(failure, argv0_, layer_names_);
  }

  // 5. Observation and evidence, then the layers' final say.
  const double main_cpu = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
  evidence.wait_status = status;
  evidence.main_cpu_seconds = main_cpu;
  output_->keep_tails(evidence);
  observation.wall_seconds = seconds(supervision.exit_time - start_);
  observation.cpu_seconds = std::max(supervision.cpu_seconds, main_cpu);
  observation.peak_memory_bytes =
      std::max(supervision.peak_memory_bytes,
               static_cast<std::uint64_t>(std::max(0L, usage.ru_maxrss)) * 1024u);
  for (std::size_t i = 0; i < sessions_.size(); ++i) {
    try {
      sessions_[i]->after_exit(evidence, observation);
    } catch (const std::exception& e) {
      evidence.runner_error = fmt::format("{} layer: {}", layer_names_[i], e.what());
    }
  }
  steps_.mark("after_exit");
}

void LaunchedRun::end(const Invocation& invocation) {
  try {
    reaper_.reset();
    sessions_.clear();
    steps_.mark("session ends");
    if (directory_)
      observation.output_files = read_output_files(
          invocation.output_files, directory_->workdir(), invocation.limits.output_bytes);
    if (directory_ && !invocation.collect_into.empty() && !evidence.runner_error) {
      try {
        copy_submission(directory_->workdir(), invocation.collect_into,
                        options_.max_submission_bytes);
      } catch (const std::exception& e) {
        evidence.notes.push_back(std::string("could not collect the working directory: ") +
                                 e.what());
      }
    }
    if (directory_ && !options_.keep_workdir) {
      const std::string error = directory_->remove();
      if (!error.empty()) evidence.notes.push_back("could not remove the run directory: " + error);
    }
  } catch (const std::exception& e) {
    evidence.runner_error = e.what();
  }
  steps_.mark("remove");
  steps_.append_to(options_.steps_log, observation.isolation_tier);
}

// A fork session over a one-shot run (fork_server.h): the server is the run's student process.
class ProcessForkSession final : public ForkServerSession {
 public:
  ProcessForkSession(const ProcessRunnerOptions& options,
                     const std::vector<std::string>& layer_names, const std::string& tier,
                     const Invocation& launch, const Limits& start_limits)
      : run_(options, layer_names, tier), launch_(launch) {
    try {
      ForkControlSocket socket = make_fork_control_socket();
      run_.start(launch_, std::move(socket.server));
      if (!run_.started()) {  // no such program
        run_.end(launch_);
        run_ended_ = true;
        decide_verdict(run_.evidence, run_.observation);
        set_start_observation(run_.observation);
        return;
      }
      struct stat owner {};
      std::optional<uid_t> box_uid;
      if (::stat(run_.workdir().c_str(), &owner) == 0) box_uid = owner.st_uid;
      attach(Setup{std::move(socket.supervisor), run_.workdir(), run_.io_dir(), box_uid,
                   run_.observation.workdir, tier, options.steps_log, launch_.limits,
                   launch_.serves_in_process});
      SupervisionResult supervision;
      if (start(launch_.stdin_data.value_or(""), start_limits, run_.output(), run_.observation,
                run_.evidence, run_.start_time(), supervision)) {
        return;
      }
      run_.finish(supervision, start_limits);
    } catch (const std::exception& e) {
      run_.evidence.runner_error = e.what();
      if (run_.started()) {
        run_.kill_everything();
        SupervisionResult now;
        now.exit_time = Clock::now();
        try {
          run_.finish(now, start_limits);
        } catch (const std::exception&) {
        }
      }
    }
    mark_ended();
    run_.end(launch_);
    run_ended_ = true;
    decide_verdict(run_.evidence, run_.observation);
    set_start_observation(run_.observation);
  }

  ~ProcessForkSession() override {
    if (run_.started() && !run_.finished()) {
      // Closing the control socket ends the server; a server that lingers is killed.
      close_control();
      try {
        Limits closing;
        closing.cpu_seconds = 5;
        closing.wall_seconds = 2;
        closing.output_bytes = std::uint64_t{1} << 20;
        const SupervisionResult supervision = run_.supervise(closing);
        run_.finish(supervision, closing);
      } catch (const std::exception&) {
      }
    }
    if (!run_ended_) run_.end(launch_);
  }

 protected:
  pid_t main_pid() const override { return run_.pid(); }
  std::vector<int> run_exit_fds() const override { return {run_.pidfd()}; }
  bool run_ended() override { return run_.finished() || run_.main_ended(); }
  std::optional<int> run_end_status() override {
    if (!run_.finished()) {
      try {
        // box-init ends the run when the server ends, and reports the server's status.
        const Clock::time_point deadline = Clock::now() + std::chrono::seconds(2);
        while (!run_.main_ended() && Clock::now() < deadline) {
          pollfd exit{run_.pidfd(), POLLIN, 0};
          ::poll(&exit, 1, 20);
        }
        SupervisionResult now;
        now.exit_time = Clock::now();
        run_.kill_everything();
        run_.finish(now, launch_.limits);
      } catch (const std::exception&) {
        return std::nullopt;
      }
    }
    return run_.evidence.wait_status;
  }
  void sample(UsageSample& sample) override { run_.sample(sample); }
  void kill_run() override {
    if (!run_.finished()) run_.kill_everything();
  }
  void fork_point() override {
    for (auto& session : run_.sessions()) session->fork_point();
  }
  void begin_fork(const Limits& limits) override {
    for (auto& session : run_.sessions()) session->begin_fork(limits);
  }
  bool kill_all_except(pid_t keep) override {
    bool none = true;
    for (auto& session : run_.sessions()) none = session->kill_all_except(keep) && none;
    return none;
  }
  void end_fork(const Limits& limits, RunEvidence& evidence, Observation& observation) override {
    for (auto& session : run_.sessions()) session->end_fork(limits, evidence, observation);
  }

 private:
  LaunchedRun run_;
  Invocation launch_;
  bool run_ended_ = false;  ///< run_.end() was called: the run directory is gone.
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
    LaunchedRun launched(options_, layer_names_, tier_);
    try {
      launched.start(invocation);
      if (launched.started()) {
        const SupervisionResult supervision = launched.supervise(invocation.limits);
        launched.finish(supervision, invocation.limits);
      }
    } catch (const std::exception& e) {
      launched.evidence.runner_error = e.what();
    } catch (...) {
      launched.evidence.runner_error = "unknown error in the runner";
    }
    launched.end(invocation);
    decide_verdict(launched.evidence, launched.observation);
    return launched.observation;
  }

  std::unique_ptr<ForkSession> start_session(const Invocation& launch,
                                             const Limits& start_limits) override {
    return std::make_unique<ProcessForkSession>(options_, layer_names_, tier_, launch,
                                                start_limits);
  }

 private:
  ProcessRunnerOptions options_;
  std::vector<std::string> layer_names_;
  std::string tier_;
};

}  // namespace

std::vector<std::shared_ptr<SandboxLayer>> default_sandbox_layers() {
  return {std::make_shared<ProcessGroupLayer>(), std::make_shared<RlimitLayer>()};
}

std::unique_ptr<Runner> make_process_runner(ProcessRunnerOptions options) {
  return std::make_unique<ProcessRunner>(std::move(options));
}

}  // namespace sg
