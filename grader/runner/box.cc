#include "runner/box.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "runner/box_server.h"
#include "runner/box_uid_layer.h"
#include "runner/cgroup_layer.h"
#include "runner/descriptor_passing.h"
#include "runner/fork_server.h"
#include "runner/launch_plan.h"
#include "runner/namespace_layer.h"
#include "runner/output_files.h"
#include "runner/resource_names.h"
#include "runner/scratch_snapshot.h"
#include "runner/student_exec.h"
#include "runner/supervision.h"
#include "runner/system_calls.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kHelloTimeoutMs = 10'000;
// The box's processes may use this much before the first run sets the run's limits.
constexpr CgroupLimits kIdleLimits{64ull << 20, 16};

// The setup steps of a new box's pid 1 before the server starts (BoxHello::step).
constexpr const char* kBoxCreationSteps[] = {"wait for the supervisor", "set the host name",
                                             "apply the private root"};

std::int64_t monotonic_ns(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

// What a new box's pid 1 needs before it becomes the server (prepared before the clone).
struct BoxChildPlan {
  int go_fd;
  int go_write_fd;
  int parent_control_fd;
  const PrivateRoot* root;
  BoxServerConfig server;
};

[[noreturn]] void box_child_main(const BoxChildPlan& plan) noexcept {
  const int control = plan.server.control_fd;
  const auto fail = [control](int step, int error) {
    const BoxHello hello{kBoxHelloMagic, error != 0 ? error : EIO, step};
    const ssize_t ignored = ::send(control, &hello, sizeof hello, MSG_NOSIGNAL);
    (void)ignored;
    ::_exit(1);
  };
  ::close(plan.go_write_fd);
  ::close(plan.parent_control_fd);
  if (const int error = wait_for_go(plan.go_fd); error != 0) fail(0, error);
  if (::sethostname("box", 3) != 0) fail(1, errno);
  if (const int error = plan.root->apply(); error != 0) fail(2, error);
  // Keep only the control socket: nothing of the grader stays open in the box.
  if (control > 0) ::syscall(SYS_close_range, 0u, static_cast<unsigned>(control - 1), 0u);
  ::syscall(SYS_close_range, static_cast<unsigned>(control + 1), ~0u, 0u);
  run_box_server(plan.server);
}

// The request message: header, then the strings (box_server.h).
std::string encode_request(const std::string& exec_path, const std::vector<std::string>& argv,
                           const std::vector<std::string>& environment,
                           const std::array<ResourceLimit, 6>& rlimits) {
  BoxRunRequest header;
  header.magic = kBoxRequestMagic;
  header.argc = static_cast<std::uint32_t>(argv.size());
  header.envc = static_cast<std::uint32_t>(environment.size());
  header.rlimit_count = static_cast<std::uint32_t>(rlimits.size());
  std::copy(rlimits.begin(), rlimits.end(), header.rlimits);
  std::string strings;
  const auto add = [&strings](const std::string& text) {
    strings.append(text);
    strings.push_back('\0');
  };
  add(exec_path);
  add(kBoxWorkdir);
  for (const std::string& arg : argv) add(arg);
  for (const std::string& variable : environment) add(variable);
  if (strings.size() > kBoxRequestStringBytes ||
      argv.size() + environment.size() > kBoxRequestPointers) {
    throw std::runtime_error("the run's arguments and environment do not fit a box request");
  }
  header.string_bytes = static_cast<std::uint32_t>(strings.size());
  std::string message(reinterpret_cast<const char*>(&header), sizeof header);
  return message + strings;
}

std::string cleanup_step_text(BoxCleanupStep step) {
  switch (step) {
    case BoxCleanupStep::kill_processes:
      return "a process of the box survived the kill";
    case BoxCleanupStep::remove_ipc:
      return "a SysV IPC object could not be removed";
    case BoxCleanupStep::fresh_tmp:
      return "/tmp could not be mounted anew";
    case BoxCleanupStep::fresh_shm:
      return "/dev/shm could not be mounted anew";
    case BoxCleanupStep::reset_pids:
      return "the pid counter could not be reset";
    case BoxCleanupStep::none:
      break;
  }
  return "cleanup failed";
}

}  // namespace

bool Box::can_run(const Invocation& invocation) {
  std::size_t bytes = 4096;  // the program's path, /box and the fixed environment
  for (const std::string& arg : invocation.argv) bytes += arg.size() + 1;
  for (const auto& [name, value] : invocation.environment) bytes += name.size() + value.size() + 2;
  return bytes <= kBoxRequestStringBytes &&
         invocation.argv.size() + invocation.environment.size() + 16 <= kBoxRequestPointers;
}

Box::Box(const BoxOptions& options)
    : options_(options),
      directory_(options.scratch_root,
                 fmt::format("size={},nr_inodes={},mode=0700", options.workdir_quota_bytes,
                             options.workdir_quota_inodes)),
      request_buffer_(sizeof(BoxRunRequest) + kBoxRequestStringBytes),
      pointer_buffer_(kBoxRequestPointers + 2),
      tmp_options_(fmt::format("size={},mode=1777", options.root.tmp_bytes)),
      shm_options_(fmt::format("size={},mode=1777", options.root.shm_bytes)) {
  static std::atomic<unsigned> counter{0};
  RunSteps steps(!options_.steps_log.empty());  // started with the run directory and uid lease
  const uid_t uid = lease_.uid();
  if (lease_.first_lease()) kill_uid_processes(uid);  // a crashed grader's leftovers
  const fs::path run_root = directory_.root();
  if (::chmod(run_root.c_str(), 0711) != 0) throw_errno("cannot chmod " + run_root.string(), errno);
  give_to_box_uid(directory_.workdir(), uid);
  const fs::path mount_point = run_root / "root";
  if (::mkdir(mount_point.c_str(), 0700) != 0)
    throw_errno("cannot create " + mount_point.string(), errno);
  group_ = Cgroup::create(options_.cgroups, box_cgroup_name(counter++), kIdleLimits);
  steps.mark("directory, uid, cgroup");
  const PrivateRoot root(mount_point, directory_.workdir(), options_.root);

  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
    throw_errno("cannot create the box's control socket", errno);
  }
  control_.reset(pair[0]);
  UniqueFd server_end(pair[1]);
  int go[2];
  if (::pipe2(go, O_CLOEXEC) != 0) throw_errno("cannot create a pipe", errno);
  UniqueFd go_read(go[0]);
  UniqueFd go_write(go[1]);

  struct rlimit nofile {};
  int close_fallback_limit = 65536;
  if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur != RLIM_INFINITY) {
    close_fallback_limit = static_cast<int>(std::min<rlim_t>(nofile.rlim_cur, 1 << 20));
  }
  // The server reads these in its own copy of this process's memory.
  sock_fprog filter{};
  filter.len = static_cast<unsigned short>(options_.seccomp->instructions.size());
  filter.filter = const_cast<sock_filter*>(options_.seccomp->instructions.data());

  BoxChildPlan plan{go_read.get(),
                    go_write.get(),
                    control_.get(),
                    &root,
                    {server_end.get(), uid, &filter, tmp_options_.c_str(), shm_options_.c_str(),
                     request_buffer_.data(), pointer_buffer_.data(), close_fallback_limit}};

  sigset_t all_signals;
  sigset_t old_mask;
  ::sigfillset(&all_signals);
  ::pthread_sigmask(SIG_SETMASK, &all_signals, &old_mask);  // no handler may run in the child
  const pid_t pid = static_cast<pid_t>(
      ::syscall(SYS_clone, SIGCHLD | box_namespace_flags(), nullptr, nullptr, nullptr, nullptr));
  if (pid == 0) box_child_main(plan);
  const int clone_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (pid < 0) throw_errno("cannot create the box's namespaces", clone_error);
  init_pid_ = pid;
  steps.mark("clone");
  server_end.reset();
  go_read.reset();
  init_pidfd_.reset(pidfd_open(pid));
  try {
    group_->add(pid);
  } catch (...) {
    end_server();
    throw;
  }
  const char go_byte = 'g';
  if (::write(go_write.get(), &go_byte, 1) != 1) {
    end_server();
    throw_errno("cannot release the box", errno);
  }
  go_write.reset();

  pollfd ready{control_.get(), POLLIN, 0};
  int polled;
  do {
    polled = ::poll(&ready, 1, kHelloTimeoutMs);
  } while (polled < 0 && errno == EINTR);
  BoxHello hello{};
  const ssize_t n = polled > 0 ? ::recv(control_.get(), &hello, sizeof hello, 0) : -1;
  if (n != static_cast<ssize_t>(sizeof hello) || hello.magic != kBoxHelloMagic ||
      hello.error != 0) {
    end_server();
    if (n == static_cast<ssize_t>(sizeof hello) && hello.magic == kBoxHelloMagic) {
      const bool known =
          hello.step >= 0 && hello.step < static_cast<int>(std::size(kBoxCreationSteps));
      throw std::runtime_error(
          fmt::format("the box could not {}: {}{}", known ? kBoxCreationSteps[hello.step] : "start",
                      errno_text(hello.error),
                      hello.step == 2 ? fmt::format(" ({})", root.failed_step()) : std::string()));
    }
    throw std::runtime_error(polled == 0 ? "the box did not start within 10 s"
                                         : "the box's server ended before it was ready");
  }
  steps.mark("cgroup move, private root, server ready");
  steps.append_to(options_.steps_log, "box creation");
  reusable_ = true;
}

Box::~Box() {
  end_server();
  if (group_) group_->remove();
  directory_.remove();
}

void Box::end_server() noexcept {
  if (init_pid_ <= 0 || init_reaped_) return;
  // pid 1 of the box's pid namespace: killing it kills every process of the box, and it is
  // reaped only once they are all gone.
  ::kill(init_pid_, SIGKILL);
  int status = 0;
  while (::waitpid(init_pid_, &status, __WALL) < 0 && errno == EINTR) {
  }
  init_status_ = status;
  init_reaped_ = true;
  reusable_ = false;
}

// One run in the box, from the request to the server's reply (or its loss).
struct Box::Request {
  Observation observation;
  RunEvidence evidence;
  RunSteps steps;
  std::string argv0;
  bool started = false;  ///< The request was sent.
  Clock::time_point start;
  std::unique_ptr<OutputCapture> output;
  UniqueFd report_read;
  std::optional<BoxRunReply> reply;
  bool server_gone = false;
  bool peak_reset = false;
  double cpu_before = 0.0;
  std::uint64_t oom_before = 0;
  std::uint64_t pids_before = 0;

  explicit Request(bool timed) : steps(timed) {}
};

Observation Box::run(const Invocation& invocation) {
  Request request(!options_.steps_log.empty());
  request.observation.isolation_tier = options_.tier;
  try {
    send(invocation, request, UniqueFd());
    if (request.started) {
      const SupervisionResult supervision = watch(invocation.limits, request);
      conclude(invocation.limits, request, supervision);
    }
    reset_after(invocation, request);
  } catch (const std::exception& e) {
    request.evidence.runner_error = e.what();
    reusable_ = false;
  } catch (...) {
    request.evidence.runner_error = "unknown error in the runner";
    reusable_ = false;
  }
  if (!reusable_) end_server();
  request.steps.append_to(options_.steps_log, "box run");
  decide_verdict(request.evidence, request.observation);
  return request.observation;
}

void Box::send(const Invocation& invocation, Request& request, UniqueFd stdin_override) {
  if (!reusable_) throw std::logic_error("this box cannot serve another run");
  reusable_ = false;  // until the run's end proves the box clean
  validate_invocation(invocation);
  check_rlimit_limits(invocation.limits);
  const Limits& limits = invocation.limits;
  const fs::path& workdir = directory_.workdir();
  const uid_t uid = lease_.uid();

  // 1. The working directory and stdin, as a one-shot run gets them.
  copy_submission(invocation.submission, workdir, options_.max_submission_bytes);
  for (const PlacedFile& file : invocation.support_files) place_support_file(file, workdir);
  for (const WrittenFile& file : invocation.written_files) write_support_text(file, workdir);
  clear_output_files(invocation.output_files, workdir);
  give_to_box_uid(workdir, uid);
  UniqueFd stdin_fd =
      stdin_override ? std::move(stdin_override) : open_stdin(invocation, directory_.io_dir());
  request.observation.workdir = kBoxWorkdir;
  request.steps.mark("copy");

  // 2. The request.
  request.argv0 = invocation.argv[0];
  const std::string exec_path = resolve_executable(request.argv0);
  if (exec_path.empty()) {
    request.evidence.runner_error = fmt::format("could not start {}: {} (looked on PATH={})",
                                                request.argv0, errno_text(ENOENT), kAllowedPath);
    return;
  }
  const std::string message =
      encode_request(exec_path, invocation.argv, build_environment(invocation, kBoxWorkdir),
                     rlimit_table(limits, options_.rlimits));
  group_->set_limits(CgroupLimits{limits.memory_bytes, limits.max_processes});
  request.peak_reset = group_->reset_peak_memory();
  request.cpu_before = group_->cpu_seconds().value_or(0.0);
  request.oom_before = group_->oom_kills();
  request.pids_before = group_->pids_limit_hits();

  Pipe out = make_pipe();
  Pipe err = make_pipe();
  Pipe report = make_pipe();
  if (::fcntl(report.read.get(), F_SETFL, O_NONBLOCK) != 0) {
    throw_errno("cannot make a pipe non-blocking", errno);
  }
  request.start = Clock::now();
  const int fds[] = {stdin_fd.get(), out.write.get(), err.write.get(), report.write.get()};
  send_with_descriptors(control_.get(), message, fds, "cannot send the run to the box");
  request.started = true;
  request.report_read = std::move(report.read);
  request.output = std::make_unique<OutputCapture>(std::move(out.read), std::move(err.read),
                                                   request.observation);
  request.steps.mark("request");
}

bool Box::poll_end(Request& request) {
  if (!request.reply && !request.server_gone) {
    BoxRunReply received{};
    const ssize_t n = ::recv(control_.get(), &received, sizeof received, MSG_DONTWAIT);
    if (n == static_cast<ssize_t>(sizeof received) && received.run.magic == kBoxInitMagic) {
      request.reply = received;
      return true;
    }
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) || n > 0) request.server_gone = true;
  }
  if (request.reply) return true;
  pollfd init{init_pidfd_.get(), POLLIN, 0};
  if (request.server_gone || init_reaped_ || (init_pidfd_ && ::poll(&init, 1, 0) > 0)) {
    request.server_gone = true;
    return true;
  }
  return false;
}

void Box::sample(const Request& request, UsageSample& sample) const {
  if (const std::optional<double> cpu = group_->cpu_seconds()) {
    sample.cpu_seconds = std::max(0.0, *cpu - request.cpu_before);
  }
  sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, group_->memory_usage_bytes());
  const std::uint64_t refused = group_->pids_limit_hits();
  sample.refused_forks = refused - std::min(refused, request.pids_before);
}

SupervisionResult Box::watch(const Limits& limits, Request& request) {
  // 3. Supervise until the server replies (the student's process ended and the box is clean)
  // or pid 1 is gone (killed at a limit).
  SupervisedRun supervised;
  supervised.start = request.start;
  supervised.exit_fds = {control_.get(), init_pidfd_.get()};
  supervised.ended = [&] { return poll_end(request); };
  supervised.sample = [&](UsageSample& sample) { this->sample(request, sample); };
  supervised.kill = [this] {
    if (init_pid_ > 0 && !init_reaped_) ::kill(init_pid_, SIGKILL);
  };
  const SupervisionResult supervision =
      supervise(limits, supervised, *request.output, request.evidence);
  request.steps.mark("student");
  return supervision;
}

void Box::conclude(const Limits& limits, Request& request, const SupervisionResult& supervision) {
  RunEvidence& evidence = request.evidence;
  Observation& observation = request.observation;
  if (evidence.killed_by_supervisor || request.server_gone || !request.reply) {
    const bool killed = evidence.killed_by_supervisor;
    end_server();
    if (!killed && !request.reply) {
      evidence.supervisor_lost = "the box's server (box-init) ended without reporting the run";
    }
  }
  request.output->drain(limits.output_bytes, evidence);
  request.output->keep_tails(evidence);
  request.steps.mark("drain");

  LaunchFailure failure{};
  if (::read(request.report_read.get(), &failure, sizeof failure) ==
      static_cast<ssize_t>(sizeof failure)) {
    const std::vector<std::string> names(std::begin(kBoxSetupStepNames),
                                         std::end(kBoxSetupStepNames));
    evidence.runner_error = launch_failure_message(failure, request.argv0, names);
  }
  const std::optional<BoxRunReply>& reply = request.reply;
  if (reply && reply->request_error != 0) {
    evidence.runner_error =
        fmt::format("the box refused the run: {}", errno_text(reply->request_error));
  } else if (reply && reply->fork_error != 0) {
    evidence.runner_error = fmt::format("could not start {}: fork failed in the box: {}",
                                        request.argv0, errno_text(reply->fork_error));
  }

  // 4. Observation and evidence: the same rules as the one-shot tier's layers.
  const std::optional<double> cpu_after = group_->cpu_seconds();
  const CgroupReading reading{
      cpu_after ? std::optional<double>(std::max(0.0, *cpu_after - request.cpu_before))
                : std::nullopt,
      request.peak_reset ? group_->peak_memory_bytes() : supervision.peak_memory_bytes,
      group_->oom_kills() - std::min(request.oom_before, group_->oom_kills()),
      group_->pids_limit_hits() - std::min(request.pids_before, group_->pids_limit_hits())};
  if (reply && reply->fork_error == 0 && reply->request_error == 0) {
    observation.wall_seconds =
        std::max(0.0, static_cast<double>(reply->ended_ns - monotonic_ns(request.start)) / 1e9);
  } else {
    observation.wall_seconds =
        std::chrono::duration<double>(supervision.exit_time - request.start).count();
  }
  observation.cpu_seconds = supervision.cpu_seconds;
  observation.peak_memory_bytes = supervision.peak_memory_bytes;
  if (!reply && init_reaped_) evidence.wait_status = init_status_;  // as a one-shot run's
  add_cgroup_evidence(reading, limits, evidence, observation);
  if (!evidence.runner_error) {
    add_box_init_evidence(reply ? std::optional<BoxInitReport>(reply->run) : std::nullopt,
                          evidence);
  }
  observation.cpu_seconds = std::max(observation.cpu_seconds, evidence.main_cpu_seconds);
  add_rlimit_evidence(limits, options_.rlimits, evidence);
  add_seccomp_evidence(evidence);
  request.steps.mark("evidence");
}

void Box::reset_after(const Invocation& invocation, Request& request) {
  // 5. What the run leaves: collected if asked, then the box made ready for the next run.
  RunEvidence& evidence = request.evidence;
  const fs::path& workdir = directory_.workdir();
  if (request.started)
    request.observation.output_files =
        read_output_files(invocation.output_files, workdir, invocation.limits.output_bytes);
  if (!invocation.collect_into.empty() && !evidence.runner_error) {
    try {
      copy_submission(workdir, invocation.collect_into, options_.max_submission_bytes);
    } catch (const std::exception& e) {
      evidence.notes.push_back(std::string("could not collect the working directory: ") + e.what());
    }
  }
  if (init_reaped_) return;
  const std::optional<BoxRunReply>& reply = request.reply;
  if (request.started && (!reply || reply->cleanup_error != 0)) {
    if (reply) {
      evidence.notes.push_back(fmt::format("the box was not reused: {}: {}",
                                           cleanup_step_text(reply->cleanup_step),
                                           errno_text(reply->cleanup_error)));
    }
    end_server();
    return;
  }
  const uid_t uid = lease_.uid();
  const std::string left = empty_directory(workdir, 0700, uid);
  const fs::path stdin_file = directory_.io_dir() / "stdin";
  const bool stdin_removed = ::unlink(stdin_file.c_str()) == 0 || errno == ENOENT;
  const fs::path fork_point = directory_.io_dir() / "fork-point";
  const bool fork_point_removed = remove_tree(fork_point).empty();
  const std::vector<pid_t> members = group_->processes();
  const bool only_server = members.size() == 1 && members[0] == init_pid_;
  request.steps.mark("reset");
  if (!left.empty() || !stdin_removed || !fork_point_removed || !only_server) {
    end_server();
    return;
  }
  reusable_ = true;
}

// A fork session in a kept box (fork_server.h): the box server runs the fork server as its
// student process; the box serves nothing else until the session ends, then is cleaned as after
// any run and given back.
class BoxForkSession final : public ForkServerSession {
 public:
  BoxForkSession(std::unique_ptr<Box> box, std::function<void(std::unique_ptr<Box>)> give_back,
                 const Invocation& launch, const Limits& start_limits)
      : box_(std::move(box)),
        give_back_(std::move(give_back)),
        launch_(launch),
        request_(!box_->options_.steps_log.empty()) {
    request_.observation.isolation_tier = box_->options_.tier;
    try {
      ForkControlSocket socket = make_fork_control_socket();
      box_->send(launch_, request_, std::move(socket.server));
      if (!request_.started) {
        finish_start();
        return;
      }
      attach(Setup{std::move(socket.supervisor), box_->directory_.workdir(),
                   box_->directory_.io_dir(), box_->lease_.uid(), kBoxWorkdir, box_->options_.tier,
                   box_->options_.steps_log, launch_.limits, launch_.serves_in_process});
      SupervisionResult supervision;
      if (start(launch_.stdin_data.value_or(""), start_limits, *request_.output,
                request_.observation, request_.evidence, request_.start, supervision)) {
        return;
      }
      box_->conclude(start_limits, request_, supervision);
    } catch (const std::exception& e) {
      request_.evidence.runner_error = e.what();
      box_->end_server();
    }
    finish_start();
  }

  ~BoxForkSession() override {
    if (!box_) return;
    if (ready() && !concluded_) {
      close_control();  // the server exits; the box server replies once the box is clean
      try {
        Limits closing;
        closing.cpu_seconds = 5;
        closing.wall_seconds = 2;
        closing.output_bytes = std::uint64_t{1} << 20;
        const SupervisionResult supervision = box_->watch(closing, request_);
        box_->conclude(closing, request_, supervision);
        concluded_ = true;
        box_->reset_after(launch_, request_);
      } catch (const std::exception&) {
        box_->reusable_ = false;
      }
    }
    if (!box_->reusable_) box_->end_server();
    if (box_->reusable_ && give_back_) give_back_(std::move(box_));
  }

 protected:
  pid_t main_pid() const override { return box_->init_pid_; }
  std::vector<int> run_exit_fds() const override {
    return {box_->control_.get(), box_->init_pidfd_.get()};
  }
  bool run_ended() override { return box_->poll_end(request_); }
  std::optional<int> run_end_status() override {
    if (!concluded_) {
      // The server's student (the fork server) ended: the box server cleans the box and replies.
      const Clock::time_point deadline = Clock::now() + std::chrono::seconds(2);
      while (!box_->poll_end(request_) && Clock::now() < deadline) {
        pollfd fds[2] = {{box_->control_.get(), POLLIN, 0}, {box_->init_pidfd_.get(), POLLIN, 0}};
        ::poll(fds, 2, 20);
      }
      SupervisionResult now;
      now.exit_time = Clock::now();
      box_->conclude(launch_.limits, request_, now);
      concluded_ = true;
      box_->reset_after(launch_, request_);
    }
    if (request_.reply) return request_.reply->run.status;
    return request_.evidence.wait_status;
  }
  void sample(UsageSample& sample) override {
    // Since the server's start: the box's counter also holds what ran in it before (a build).
    if (const std::optional<double> cpu = box_->group_->cpu_seconds())
      sample.cpu_seconds = std::max(0.0, *cpu - request_.cpu_before);
    sample.peak_memory_bytes =
        std::max(sample.peak_memory_bytes, box_->group_->memory_usage_bytes());
    const std::uint64_t refused = box_->group_->pids_limit_hits();
    sample.refused_forks = refused - std::min(refused, request_.pids_before);
  }
  void kill_run() override {
    if (!request_.reply) box_->end_server();
  }
  void fork_point() override {
    const fs::path root = fmt::format("/proc/{}/root", box_->init_pid_);
    scratch_ = ScratchSnapshot({root / "tmp", root / "dev/shm"}, std::nullopt);
  }
  void begin_fork(const Limits& limits) override { fork_.begin(*box_->group_, limits); }
  bool kill_all_except(pid_t keep) override {
    return kill_members_except(*box_->group_, {box_->init_pid_, keep});
  }
  void end_fork(const Limits& limits, RunEvidence& evidence, Observation& observation) override {
    fork_.end(*box_->group_, limits, evidence, observation);
    add_rlimit_evidence(limits, box_->options_.rlimits, evidence);
    add_seccomp_evidence(evidence);
    if (ended()) return;
    if (const std::string left = scratch_.remove_new(); !left.empty())
      throw std::runtime_error("cannot remove what the test left in /tmp or /dev/shm: " + left);
  }

 private:
  // The start failed: its observation is the run's, and the box is cleaned (or destroyed).
  void finish_start() {
    mark_ended();
    concluded_ = true;
    try {
      box_->reset_after(launch_, request_);
    } catch (const std::exception&) {
      box_->reusable_ = false;
    }
    decide_verdict(request_.evidence, request_.observation);
    set_start_observation(request_.observation);
  }

  std::unique_ptr<Box> box_;
  std::function<void(std::unique_ptr<Box>)> give_back_;
  Invocation launch_;
  Box::Request request_;
  bool concluded_ = false;
  ScratchSnapshot scratch_;
  CgroupForkAccounting fork_;
};

std::unique_ptr<ForkSession> Box::start_session(std::unique_ptr<Box> box,
                                                std::function<void(std::unique_ptr<Box>)> give_back,
                                                const Invocation& launch,
                                                const Limits& start_limits) {
  return std::make_unique<BoxForkSession>(std::move(box), std::move(give_back), launch,
                                          start_limits);
}

}  // namespace sg
