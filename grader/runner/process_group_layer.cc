#include "runner/process_group_layer.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>

#include "runner/kill_except.h"
#include "runner/proc_stat.h"

namespace sg {
namespace {

class ProcessGroupSession final : public SandboxSession {
 public:
  ProcessGroupSession() : parent_(::getpid()) {}

  void after_spawn(pid_t pid) override { pgid_ = pid; }

  int child_setup() noexcept override {
    if (::setsid() < 0) return errno;
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return errno;
    // The runner may already be gone (the death signal was armed too late to see it).
    if (::getppid() != parent_) return ESRCH;
    return 0;
  }

  void sample(UsageSample& sample) noexcept override {
    if (pgid_ <= 0) return;
    const GroupUsage usage = sample_process_group(pgid_);
    if (usage.processes == 0) return;
    if (!sample.cpu_seconds || *sample.cpu_seconds < usage.cpu_seconds) {
      sample.cpu_seconds = usage.cpu_seconds;
    }
    if (usage.max_rss_bytes > sample.peak_memory_bytes) {
      sample.peak_memory_bytes = usage.max_rss_bytes;
    }
  }

  void kill_all() noexcept override {
    if (pgid_ > 0) ::kill(-pgid_, SIGKILL);
  }

  // A member that left the group with setsid() is out of reach, as it is for kill_all().
  bool kill_all_except(pid_t keep) noexcept override {
    if (pgid_ <= 0) return true;
    try {
      return kill_all_but(live_group_members(pgid_), {keep});
    } catch (...) {
      return false;
    }
  }

 private:
  pid_t parent_;
  pid_t pgid_ = 0;
};

}  // namespace

std::unique_ptr<SandboxSession> ProcessGroupLayer::prepare(const LaunchContext& /*context*/) {
  return std::make_unique<ProcessGroupSession>();
}

}  // namespace sg
