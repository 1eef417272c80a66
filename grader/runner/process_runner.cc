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

#include "runner/proc_stat.h"
#include "runner/process_group_layer.h"
#include "runner/rlimit_layer.h"
#include "runner/unique_fd.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC
using std::chrono::milliseconds;

constexpr milliseconds kPollInterval{20};          // longest sleep of the loop (pidfd mode)
constexpr milliseconds kFallbackPollInterval{10};  // exit-detection period without a pidfd
constexpr milliseconds kCpuSampleInterval{25};
constexpr milliseconds kRekillInterval{100};  // re-send SIGKILL while a killed run lingers
constexpr milliseconds kDrainTimeout{200};    // reading leftovers after the main process ended
constexpr double kMaxLimitSeconds = 7 * 24 * 3600.0;
constexpr const char* kAllowedPath = "/usr/local/bin:/usr/bin:/bin";
constexpr std::size_t kReadChunk = 64 * 1024;
constexpr int kMaxReadsPerWakeup = 16;  // 1 MiB per stream per wakeup, then look at the clock

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

// Moves a descriptor that landed on 0-2 (the grader runs with one of them closed) above them, so
// the child's dup2 onto 0-2 cannot clobber it.
UniqueFd above_stdio(int fd) {
  if (fd >= 0 && fd < 3) {
    const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    const int error = errno;
    ::close(fd);
    if (moved < 0) throw_errno("cannot move a descriptor above 2", error);
    return UniqueFd(moved);
  }
  return UniqueFd(fd);
}

struct Pipe {
  UniqueFd read;
  UniqueFd write;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno("cannot create a pipe", errno);
  Pipe pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
  pipe.read = above_stdio(pipe.read.release());
  pipe.write = above_stdio(pipe.write.release());
  return pipe;
}

void set_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
    throw_errno("cannot make a pipe non-blocking", errno);
  }
}

// ---- Child side ---------------------------------------------------------------------------

enum ChildStage : int {
  kStageBarrier = 1,
  kStageLayer,
  kStageSignals,
  kStageChdir,
  kStageStdio,
  kStageCloseFds,
  kStageExec,
};

// What a child that could not exec writes to the report pipe.
struct ChildFailure {
  int stage;
  int layer;  // index into the sessions for kStageLayer, else -1
  int error;  // errno value
};

// Everything the child needs, prepared before fork so the child never allocates.
struct ChildPlan {
  const char* exec_path;
  char* const* argv;
  char* const* envp;
  const char* workdir;
  int stdin_fd;
  int stdout_fd;
  int stderr_fd;
  int report_fd;
  int go_fd;
  int go_write_fd;  // the parent's end of the barrier pipe: closed at once in the child
  SandboxSession* const* sessions;
  std::size_t session_count;
  int close_fallback_limit;  // highest fd + 1 to close when close_range() is unavailable
};

// Runs in the forked child: async-signal-safe calls only.
[[noreturn]] void child_main(const ChildPlan& plan) noexcept {
  int report_fd = plan.report_fd;
  const auto fail = [&report_fd](int stage, int layer, int error) {
    const ChildFailure failure{stage, layer, error};
    const ssize_t ignored = ::write(report_fd, &failure, sizeof failure);
    (void)ignored;
    ::_exit(127);
  };

  // If the grader dies while this child waits at the barrier (kill -9 of a batch), the child
  // must not wait forever holding the grader's descriptors (an output folder's lock): die with
  // the parent, and never hold the barrier's write end open ourselves.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  ::close(plan.go_write_fd);

  // Wait until the parent has run every after_spawn() hook.
  char go = 0;
  ssize_t n;
  do {
    n = ::read(plan.go_fd, &go, 1);
  } while (n < 0 && errno == EINTR);
  if (n != 1) fail(kStageBarrier, -1, n < 0 ? errno : EPIPE);
  ::close(plan.go_fd);

  for (std::size_t i = 0; i < plan.session_count; ++i) {
    const int error = plan.sessions[i]->child_setup();
    if (error != 0) fail(kStageLayer, static_cast<int>(i), error);
  }

  // Ignored signals survive exec; handlers do not, but reset them all anyway.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  ::sigemptyset(&default_action.sa_mask);
  for (int signal_number = 1; signal_number < NSIG; ++signal_number) {
    ::sigaction(signal_number, &default_action, nullptr);  // EINVAL for KILL/STOP/internal: fine
  }
  sigset_t none;
  ::sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) fail(kStageSignals, -1, errno);

  if (::chdir(plan.workdir) != 0) fail(kStageChdir, -1, errno);

  if (::dup2(plan.stdin_fd, 0) < 0 || ::dup2(plan.stdout_fd, 1) < 0 ||
      ::dup2(plan.stderr_fd, 2) < 0) {
    fail(kStageStdio, -1, errno);
  }
  // Keep only the report pipe (close-on-exec) at fd 3; close everything else above 2.
  if (report_fd != 3) {
    if (::dup3(report_fd, 3, O_CLOEXEC) < 0) fail(kStageCloseFds, -1, errno);
    report_fd = 3;
  }
  if (::syscall(SYS_close_range, 4u, ~0u, 0u) != 0) {
    for (int fd = 4; fd < plan.close_fallback_limit; ++fd) ::close(fd);
  }

  // ETXTBSY: a child that another thread forked while this run's copy of the program was still
  // open for writing holds that descriptor until it execs. Wait briefly for it (a known
  // fork/exec race; nanosleep is async-signal-safe) instead of failing the run.
  for (int attempt = 0; attempt < 200; ++attempt) {
    ::execve(plan.exec_path, plan.argv, plan.envp);
    if (errno != ETXTBSY) break;
    const timespec pause{0, 5'000'000};
    ::nanosleep(&pause, nullptr);
  }
  fail(kStageExec, -1, errno);
  ::_exit(127);  // not reached
}

// ---- Parent side --------------------------------------------------------------------------

// One captured stream (stdout or stderr) of a run.
struct Stream {
  const char* name;
  UniqueFd fd;
  CapturedStream* captured;
  std::string tail;
  bool eof = false;

  // Reads what is available now (bounded). Returns true if the total passed `cap` in this call.
  bool pump(std::uint64_t cap, char* buffer) {
    bool passed = false;
    for (int i = 0; i < kMaxReadsPerWakeup && !eof; ++i) {
      const ssize_t n = ::read(fd.get(), buffer, kReadChunk);
      if (n > 0) {
        const auto size = static_cast<std::uint64_t>(n);
        const std::uint64_t before = captured->total_bytes;
        captured->total_bytes += size;
        if (before < cap) captured->data.append(buffer, std::min(size, cap - before));
        if (captured->total_bytes > cap) {
          captured->truncated = true;
          if (before <= cap) passed = true;
        }
        append_tail(buffer, static_cast<std::size_t>(n));
        continue;
      }
      if (n == 0) {
        eof = true;
      } else if (errno == EINTR) {
        continue;
      } else if (errno != EAGAIN) {
        eof = true;  // a read error ends the stream
      }
      break;
    }
    return passed;
  }

  void append_tail(const char* data, std::size_t n) {
    if (n >= kStreamTailBytes) {
      tail.assign(data + n - kStreamTailBytes, kStreamTailBytes);
      return;
    }
    tail.append(data, n);
    if (tail.size() > kStreamTailBytes) tail.erase(0, tail.size() - kStreamTailBytes);
  }
};

std::string output_limit_detail(const Stream& stream, std::uint64_t cap, bool killed) {
  return fmt::format("{} passed {} bytes (the output limit){}", stream.name, cap,
                     killed ? "; killed" : "");
}

// Looks up argv[0] on the allow-listed PATH; "" when not found. Names with a slash are used as
// they are (relative ones resolve against the working directory, as the child chdirs first).
std::string resolve_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  std::string_view path = kAllowedPath;
  while (!path.empty()) {
    const std::size_t colon = path.find(':');
    const std::string_view dir = path.substr(0, colon);
    path = colon == std::string_view::npos ? std::string_view() : path.substr(colon + 1);
    std::string candidate = fmt::format("{}/{}", dir, name);
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

void check_limit_seconds(const char* name, double value) {
  if (!(value > 0) || !std::isfinite(value) || value > kMaxLimitSeconds) {
    throw std::invalid_argument(fmt::format(
        "invalid limits: {} must be > 0 and at most {:g} (got {})", name, kMaxLimitSeconds, value));
  }
}

void validate(const Invocation& invocation) {
  if (invocation.argv.empty() || invocation.argv[0].empty()) {
    throw std::invalid_argument("invalid invocation: argv is empty");
  }
  for (const std::string& arg : invocation.argv) {
    if (arg.find('\0') != std::string::npos) {
      throw std::invalid_argument("invalid invocation: an argument contains a NUL byte");
    }
  }
  for (const auto& [name, value] : invocation.environment) {
    if (name.empty() || name.find('=') != std::string::npos ||
        name.find('\0') != std::string::npos || value.find('\0') != std::string::npos) {
      throw std::invalid_argument(
          fmt::format("invalid invocation: bad environment variable \"{}\"", name));
    }
  }
  check_limit_seconds("cpu_seconds", invocation.limits.cpu_seconds);
  check_limit_seconds("wall_seconds", invocation.limits.wall_seconds);
}

std::vector<std::string> build_environment(const Invocation& invocation, const fs::path& workdir) {
  std::map<std::string, std::string> variables = {
      {"PATH", kAllowedPath},
      {"HOME", workdir.string()},
      {"TMPDIR", workdir.string()},
      {"LANG", "C.UTF-8"},
      {"LC_ALL", "C.UTF-8"},
      {"PYTHONIOENCODING", "utf-8"},
      {"PYTHONDONTWRITEBYTECODE", "1"},
  };
  for (const auto& [name, value] : invocation.environment) variables[name] = value;
  std::vector<std::string> environment;
  environment.reserve(variables.size());
  for (const auto& [name, value] : variables) environment.push_back(name + "=" + value);
  return environment;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

UniqueFd open_stdin(const Invocation& invocation, const RunDirectory& directory) {
  if (!invocation.stdin_data) {
    UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!null) throw_errno("cannot open /dev/null", errno);
    return above_stdio(null.release());
  }
  const fs::path path = directory.io_dir() / "stdin";
  {
    UniqueFd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (!out) throw_errno(fmt::format("cannot create {}", path.string()), errno);
    const std::string& data = *invocation.stdin_data;
    for (std::size_t written = 0; written < data.size();) {
      const ssize_t n = ::write(out.get(), data.data() + written, data.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw_errno(fmt::format("cannot write {}", path.string()), errno);
      written += static_cast<std::size_t>(n);
    }
  }
  UniqueFd in(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!in) throw_errno(fmt::format("cannot open {}", path.string()), errno);
  return above_stdio(in.release());
}

std::string child_failure_message(const ChildFailure& failure, const std::string& argv0,
                                  const std::vector<std::string>& layer_names) {
  const std::string reason = errno_text(failure.error);
  switch (failure.stage) {
    case kStageExec:
      return fmt::format("could not start {}: {}", argv0, reason);
    case kStageLayer: {
      const bool known =
          failure.layer >= 0 && static_cast<std::size_t>(failure.layer) < layer_names.size();
      return fmt::format("could not start {}: the {} layer's setup failed: {}", argv0,
                         known ? layer_names[static_cast<std::size_t>(failure.layer)] : "?",
                         reason);
    }
    case kStageBarrier:
      return fmt::format("could not start {}: the child lost the runner before exec: {}", argv0,
                         reason);
    case kStageSignals:
      return fmt::format("could not start {}: cannot reset signals: {}", argv0, reason);
    case kStageChdir:
      return fmt::format("could not start {}: cannot enter the working directory: {}", argv0,
                         reason);
    case kStageStdio:
      return fmt::format("could not start {}: cannot set up stdin/stdout/stderr: {}", argv0,
                         reason);
    case kStageCloseFds:
      return fmt::format("could not start {}: cannot close inherited descriptors: {}", argv0,
                         reason);
    default:
      return fmt::format("could not start {}: {}", argv0, reason);
  }
}

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
    try {
      RunDirectory directory(options_.scratch_root);
      if (options_.keep_workdir) directory.keep();
      // A size-limited working directory (a tmpfs over box/), where the host allows mounts.
      bool quota_mounted = false;
      if (options_.workdir_quota_bytes > 0 && !options_.keep_workdir) {
        const std::string mount_options =
            fmt::format("size={},nr_inodes={},mode=0700", options_.workdir_quota_bytes,
                        options_.workdir_quota_inodes);
        quota_mounted = ::mount("tmpfs", directory.workdir().c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                                mount_options.c_str()) == 0;
      }
      try {
        run_in(directory, invocation, observation, evidence);
      } catch (const std::exception& e) {
        evidence.runner_error = e.what();
      } catch (...) {
        evidence.runner_error = "unknown error in the runner";
      }
      if (!invocation.collect_into.empty() && !evidence.runner_error) {
        try {
          copy_submission(directory.workdir(), invocation.collect_into,
                          options_.max_submission_bytes);
        } catch (const std::exception& e) {
          evidence.notes.push_back(std::string("could not collect the working directory: ") +
                                   e.what());
        }
      }
      if (quota_mounted && ::umount2(directory.workdir().c_str(), MNT_DETACH) != 0) {
        evidence.notes.push_back(
            fmt::format("could not unmount the working directory: {}", errno_text(errno)));
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
    decide_verdict(evidence, observation);
    return observation;
  }

 private:
  void run_in(const RunDirectory& directory, const Invocation& invocation, Observation& observation,
              RunEvidence& evidence) const;

  ProcessRunnerOptions options_;
  std::vector<std::string> layer_names_;
  std::string tier_;
};

void ProcessRunner::run_in(const RunDirectory& directory, const Invocation& invocation,
                           Observation& observation, RunEvidence& evidence) const {
  validate(invocation);
  const Limits& limits = invocation.limits;
  const fs::path& workdir = directory.workdir();

  // 1. The working directory and stdin.
  copy_submission(invocation.submission, workdir, options_.max_submission_bytes);
  for (const PlacedFile& file : invocation.support_files) place_support_file(file, workdir);
  for (const WrittenFile& file : invocation.written_files) write_support_text(file, workdir);
  UniqueFd stdin_fd = open_stdin(invocation, directory);

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
  set_nonblocking(out.read.get());
  set_nonblocking(err.read.get());
  set_nonblocking(report.read.get());

  struct rlimit nofile {};
  int close_fallback_limit = 65536;
  if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur != RLIM_INFINITY) {
    close_fallback_limit = static_cast<int>(std::min<rlim_t>(nofile.rlim_cur, 1 << 20));
  }
  const ChildPlan plan{exec_path.c_str(),
                       argv.data(),
                       envp.data(),
                       workdir_string.c_str(),
                       stdin_fd.get(),
                       out.write.get(),
                       err.write.get(),
                       report.write.get(),
                       go.read.get(),
                       go.write.get(),
                       session_pointers.data(),
                       session_pointers.size(),
                       close_fallback_limit};

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

  // 3. Supervise.
  Stream streams[2] = {{"stdout", std::move(out.read), &observation.stdout_stream, {}, false},
                       {"stderr", std::move(err.read), &observation.stderr_stream, {}, false}};
  std::vector<char> buffer(kReadChunk);
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(limits.wall_seconds));
  Clock::time_point next_sample = start + kCpuSampleInterval;
  Clock::time_point next_rekill{};
  double cpu_seen = 0.0;
  std::uint64_t peak_seen = 0;
  bool killed = false;

  const auto kill_everything = [&] {
    for (auto& session : sessions) session->kill_all();
    if (!pidfd || pidfd_send_signal(pidfd.get(), SIGKILL) != 0) ::kill(pid, SIGKILL);
  };
  const auto supervisor_kill = [&](Clock::time_point now) {
    killed = true;
    evidence.killed_by_supervisor = true;
    kill_everything();
    next_rekill = now + kRekillInterval;
  };
  const auto take_sample = [&] {
    UsageSample sample;
    for (auto& session : sessions) session->sample(sample);
    if (!sample.cpu_seconds) {  // no layer measures the tree: at least the main process
      if (const std::optional<ProcStat> stat = read_proc_stat(pid)) {
        sample.cpu_seconds = stat->cpu_seconds + stat->children_cpu_seconds;
        sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, stat->rss_bytes);
      }
    }
    if (sample.cpu_seconds) cpu_seen = std::max(cpu_seen, *sample.cpu_seconds);
    peak_seen = std::max(peak_seen, sample.peak_memory_bytes);
  };
  const auto to_timespec = [](Clock::duration d) {
    const auto ns =
        std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
    return timespec{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  };

  bool exited = false;
  Clock::time_point exit_time{};
  while (!exited) {
    Clock::time_point now = Clock::now();
    if (!killed) {
      if (now >= deadline) {
        evidence.wall_time_limit = fmt::format("killed after {:.2f} s wall clock (limit {:g} s)",
                                               seconds(now - start), limits.wall_seconds);
        supervisor_kill(now);
      } else if (now >= next_sample) {
        take_sample();
        next_sample = now + kCpuSampleInterval;
        if (cpu_seen > limits.cpu_seconds) {
          evidence.cpu_time_limit =
              fmt::format("killed after {:.2f} s CPU (limit {:g} s)", cpu_seen, limits.cpu_seconds);
          supervisor_kill(now);
        }
      }
    } else if (now >= next_rekill) {
      kill_everything();
      next_rekill = now + kRekillInterval;
    }

    Clock::time_point wake = now + (pidfd ? kPollInterval : kFallbackPollInterval);
    wake = killed ? std::min(wake, next_rekill) : std::min({wake, deadline, next_sample});
    pollfd fds[3];
    int stream_slot[2] = {-1, -1};
    nfds_t count = 0;
    for (int i = 0; i < 2; ++i) {
      if (streams[i].eof) continue;
      stream_slot[i] = static_cast<int>(count);
      fds[count++] = {streams[i].fd.get(), POLLIN, 0};
    }
    const int pidfd_slot = pidfd ? static_cast<int>(count) : -1;
    if (pidfd) fds[count++] = {pidfd.get(), POLLIN, 0};
    const timespec timeout = to_timespec(wake - now);
    const int ready = ::ppoll(fds, count, &timeout, nullptr);
    if (ready < 0 && errno != EINTR) throw_errno("poll failed", errno);

    for (int i = 0; i < 2; ++i) {
      if (ready <= 0 || stream_slot[i] < 0 || fds[stream_slot[i]].revents == 0) continue;
      if (streams[i].pump(limits.output_bytes, buffer.data()) && !killed) {
        evidence.output_limit = output_limit_detail(streams[i], limits.output_bytes, true);
        supervisor_kill(Clock::now());
      }
    }
    if (pidfd_slot < 0 || (ready > 0 && fds[pidfd_slot].revents != 0)) {
      siginfo_t info{};
      const int waited =
          ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
      if (waited == 0 && info.si_pid == pid) {
        exited = true;
        exit_time = Clock::now();
      } else if (waited < 0 && errno == ECHILD) {
        reaper.reaped = true;
        throw std::runtime_error(
            "the main process was reaped by someone else (is SIGCHLD ignored or waitpid(-1) "
            "used in the grader?)");
      }
    }
  }

  // 4. The main process ended: account, kill what is left (the zombie keeps the pgid reserved),
  // reap, drain.
  take_sample();
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

  const Clock::time_point drain_deadline = Clock::now() + kDrainTimeout;
  for (;;) {
    pollfd fds[2];
    int index[2];
    nfds_t count = 0;
    for (int i = 0; i < 2; ++i) {
      if (streams[i].eof) continue;
      index[count] = i;
      fds[count++] = {streams[i].fd.get(), POLLIN, 0};
    }
    const Clock::time_point now = Clock::now();
    if (count == 0 || now >= drain_deadline) break;
    const timespec timeout = to_timespec(drain_deadline - now);
    const int ready = ::ppoll(fds, count, &timeout, nullptr);
    if (ready < 0 && errno != EINTR) break;
    for (nfds_t k = 0; ready > 0 && k < count; ++k) {
      if (fds[k].revents == 0) continue;
      Stream& stream = streams[index[k]];
      if (stream.pump(limits.output_bytes, buffer.data()) && !evidence.output_limit) {
        evidence.output_limit = output_limit_detail(stream, limits.output_bytes, false);
      }
    }
  }
  for (Stream& stream : streams) {
    if (stream.eof) continue;
    evidence.notes.push_back(fmt::format(
        "{} was still held open {} ms after the main process ended (a process outside the "
        "sandbox's reach?); stopped reading it",
        stream.name, kDrainTimeout.count()));
  }

  ChildFailure failure{};
  if (::read(report.read.get(), &failure, sizeof failure) == static_cast<ssize_t>(sizeof failure)) {
    evidence.runner_error = child_failure_message(failure, argv0, layer_names_);
  }

  // 5. Observation and evidence, then the layers' final say.
  const double main_cpu = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
  evidence.wait_status = status;
  evidence.main_cpu_seconds = main_cpu;
  evidence.stdout_tail = std::move(streams[0].tail);
  evidence.stderr_tail = std::move(streams[1].tail);
  observation.wall_seconds = seconds(exit_time - start);
  observation.cpu_seconds = std::max(cpu_seen, main_cpu);
  observation.peak_memory_bytes =
      std::max(peak_seen, static_cast<std::uint64_t>(std::max(0L, usage.ru_maxrss)) * 1024u);
  for (std::size_t i = 0; i < sessions.size(); ++i) {
    try {
      sessions[i]->after_exit(evidence, observation);
    } catch (const std::exception& e) {
      evidence.runner_error = fmt::format("{} layer: {}", layer_names_[i], e.what());
    }
  }
}

}  // namespace

std::vector<std::shared_ptr<SandboxLayer>> default_sandbox_layers() {
  return {std::make_shared<ProcessGroupLayer>(), std::make_shared<RlimitLayer>()};
}

std::unique_ptr<Runner> make_process_runner(ProcessRunnerOptions options) {
  return std::make_unique<ProcessRunner>(std::move(options));
}

}  // namespace sg
