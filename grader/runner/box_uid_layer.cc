#include "runner/box_uid_layer.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "runner/box_init.h"
#include "runner/kill_except.h"
#include "runner/proc_stat.h"
#include "runner/scratch_snapshot.h"
#include "runner/system_calls.h"
#include "runner/uid_slots.h"
#include "runner/unique_fd.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

}  // namespace

void give_to_box_uid(const fs::path& root, uid_t uid) {
  if (::lchown(root.c_str(), uid, uid) != 0) {
    throw std::runtime_error(
        fmt::format("cannot chown {} to {}: {}", root.string(), uid, errno_text(errno)));
  }
  std::error_code error;
  for (fs::recursive_directory_iterator it(root, fs::directory_options::none, error), end;
       !error && it != end; it.increment(error)) {
    if (::lchown(it->path().c_str(), uid, uid) != 0) {
      throw std::runtime_error(
          fmt::format("cannot chown {} to {}: {}", it->path().string(), uid, errno_text(errno)));
    }
  }
  if (error) {
    throw std::runtime_error(fmt::format("cannot walk {}: {}", root.string(), error.message()));
  }
}

namespace {

class BoxUidSession final : public SandboxSession {
 public:
  BoxUidSession(const LaunchContext& context, const BoxUidOptions& options) : options_(options) {
    uid_ = lease_.uid();
    // Leftovers of a grader that crashed mid-run can only predate this process's first lease of
    // the uid: each session ends with the uid's processes gone.
    if (lease_.first_lease()) kill_uid_processes(uid_);
    give_to_box_uid(context.workdir, uid_);
    const fs::path run_root = context.workdir.parent_path();
    if (::chmod(run_root.c_str(), 0711) != 0) {
      throw std::runtime_error(
          fmt::format("cannot chmod {}: {}", run_root.string(), errno_text(errno)));
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
      throw std::runtime_error(
          fmt::format("cannot create box-init's report pipe: {}", errno_text(errno)));
    }
    report_read_.reset(fds[0]);
    report_write_.reset(fds[1]);
    config_.pid_namespace = options.pid_namespace;
    config_.box_uid = uid_;
    config_.report_fd = fds[1];
  }

  ~BoxUidSession() override {
    // With a pid namespace, box-init was pid 1 and is reaped by now: the kernel killed every
    // other process of the box before that, and its IPC objects, /tmp and /dev/shm went with
    // its namespaces. Without one, find the uid's processes and files.
    if (options_.pid_namespace) return;
    // Only once nothing of the uid runs: a live process could recreate what is removed.
    if (kill_uid_processes(uid_)) remove_uid_leftovers(uid_);
  }

  void after_spawn(pid_t pid) override {
    init_pid_ = pid;
    report_write_.reset();  // box-init holds its own copy
  }

  int child_setup() noexcept override {
    if (const int error = start_box_init(config_); error != 0) return error;
    return drop_to_box_uid(uid_);  // the student's process
  }

  void sample(UsageSample& sample) noexcept override {
    if (!options_.sample_usage) return;
    const GroupUsage usage = sample_processes_of_uid(uid_);
    double cpu = usage.cpu_seconds;
    if (const std::optional<ProcStat> init = read_proc_stat(init_pid_)) {
      cpu += init->children_cpu_seconds;  // box processes already reaped by box-init
    }
    if (!sample.cpu_seconds || *sample.cpu_seconds < cpu) sample.cpu_seconds = cpu;
    sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, usage.max_rss_bytes);
    // RLIMIT_NPROC of the box uid counts its tasks: at the limit, the next fork fails.
    sample.tasks = std::max<std::uint64_t>(sample.tasks, static_cast<std::uint64_t>(usage.tasks));
  }

  void kill_all() noexcept override {
    // Killing pid 1 of the box's pid namespace kills everything in it; no /proc scan needed.
    if (options_.pid_namespace) {
      if (init_pid_ > 0) ::kill(init_pid_, SIGKILL);
      return;
    }
    kill_uid_processes(uid_);
  }

  void after_exit(RunEvidence& evidence, Observation& /*observation*/) override {
    add_box_init_evidence(read_box_init_report(report_read_.get()), evidence);
  }

  // box-init runs as root: a scan of the uid never reaches it. With a cgroup (no sampling here)
  // the cgroup layer holds every process of the box and kills them; the scan of /proc would only
  // cost time.
  bool kill_all_except(pid_t keep) noexcept override {
    if (!options_.sample_usage) return true;
    try {
      return kill_all_but(live_processes_of_uid(uid_), {keep});
    } catch (...) {
      return false;
    }
  }

  // Without namespaces a test writes the host's shared scratch directories (the namespace layer
  // looks after a box's own).
  void fork_point() override {
    if (options_.pid_namespace) return;
    scratch_ = ScratchSnapshot({"/tmp", "/var/tmp", "/dev/shm"}, uid_);
  }

  void end_fork(const Limits& /*limits*/, RunEvidence& /*evidence*/,
                Observation& /*observation*/) override {
    if (options_.pid_namespace) return;
    if (const std::string left = scratch_.remove_new(); !left.empty())
      throw std::runtime_error("cannot remove what the test left in /tmp: " + left);
  }

 private:
  BoxUidOptions options_;
  BoxUidLease lease_;
  uid_t uid_ = 0;
  pid_t init_pid_ = 0;
  UniqueFd report_read_;
  UniqueFd report_write_;
  BoxInitConfig config_;
  ScratchSnapshot scratch_;
};

}  // namespace

int drop_to_box_uid(uid_t uid) noexcept {
  const long id = static_cast<long>(uid);
  if (::syscall(SYS_setgroups, 0, nullptr) != 0) return errno;
  if (::syscall(SYS_setresgid, id, id, id) != 0) return errno;
  if (::syscall(SYS_setresuid, id, id, id) != 0) return errno;
  if (::geteuid() == 0 || ::getuid() == 0) return EPERM;
  return 0;
}

void add_box_init_evidence(const std::optional<BoxInitReport>& report, RunEvidence& evidence) {
  if (!report) {
    if (!evidence.killed_by_supervisor && !evidence.runner_error) {
      evidence.supervisor_lost = fmt::format(
          "box-init ended without reporting the student's status ({})",
          evidence.wait_status ? describe_wait_status(*evidence.wait_status) : "no status");
    }
    return;
  }
  evidence.wait_status = report->status;
  evidence.main_cpu_seconds = report->cpu_seconds;
  const bool main_sigsys = WIFSIGNALED(report->status) && WTERMSIG(report->status) == SIGSYS;
  if (report->sigsys_deaths > (main_sigsys ? 1 : 0) && !evidence.security_violation) {
    evidence.security_violation =
        "a process of the box was killed by the seccomp filter (SIGSYS): a forbidden system call";
  }
}

std::unique_ptr<SandboxSession> BoxUidLayer::prepare(const LaunchContext& context) {
  return std::make_unique<BoxUidSession>(context, options_);
}

}  // namespace sg
