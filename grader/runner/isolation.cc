#include "runner/isolation.h"

#include <fmt/format.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "runner/box.h"
#include "runner/box_runner.h"
#include "runner/box_uid_layer.h"
#include "runner/cgroup.h"
#include "runner/cgroup_layer.h"
#include "runner/namespace_layer.h"
#include "runner/private_root.h"
#include "runner/process_group_layer.h"
#include "runner/resource_names.h"
#include "runner/rlimit_layer.h"
#include "runner/seccomp_layer.h"
#include "runner/site_config.h"
#include "runner/uid_slots.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// Runs `body` in a child (forked, or cloned with `flags`) and returns its wait status; -1 if it
// could not be started. The child only makes async-signal-safe calls.
template <typename Body>
int in_child(unsigned long flags, Body body) {
  const pid_t pid = flags == 0 ? ::fork()
                               : static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD | flags, nullptr,
                                                              nullptr, nullptr, nullptr));
  if (pid == 0) ::_exit(body());
  if (pid < 0) return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

bool exited_zero(int status) {
  return status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::string status_text(int status) {
  if (status < 0) return "could not start a child process";
  if (WIFEXITED(status)) return fmt::format("exit code {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("signal {}", WTERMSIG(status));
  return "unknown status";
}

struct Probed {
  IsolationProbe probe;
  CgroupSupport cgroups;
  bool root = false;
  bool uid_switch = false;
  bool seccomp = false;
  bool namespaces = false;
};

Probed run_probe() {
  freeze_site_config();
  const SiteConfig& site = site_config();
  Probed p;
  p.probe.available = {IsolationTier::minimal};
  p.root = ::geteuid() == 0;
  if (!p.root) p.probe.notes.push_back("not running as root: no box uid, namespaces or cgroups");

  // Box uids: can a child take one?
  if (p.root) {
    const uid_t uid = site_config().first_box_uid;
    const int status = in_child(0, [uid] {
      if (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
          ::syscall(SYS_setresgid, uid, uid, uid) != 0 ||
          ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
        return 1;
      }
      return ::geteuid() == uid ? 0 : 2;
    });
    p.uid_switch = exited_zero(status);
    if (!p.uid_switch) {
      p.probe.notes.push_back(fmt::format("cannot switch to a box uid ({})", status_text(status)));
    }
    try {
      BoxUidLease lease;  // the lock directory must work too
    } catch (const std::exception& e) {
      p.uid_switch = false;
      p.probe.notes.push_back(e.what());
    }
  }

  // seccomp: build the real filter and load it in a child.
  try {
    const SeccompProgram program = build_seccomp_program();
    sock_fprog fprog{static_cast<unsigned short>(program.instructions.size()),
                     const_cast<sock_filter*>(program.instructions.data())};
    const int status = in_child(0, [&fprog] {
      if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return 1;
      if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &fprog) != 0) return 2;
      return 0;
    });
    p.seccomp = exited_zero(status);
    if (!p.seccomp) {
      p.probe.notes.push_back(
          fmt::format("cannot load a seccomp filter ({})", status_text(status)));
    }
  } catch (const std::exception& e) {
    p.probe.notes.push_back(e.what());
  }

  // Namespaces and the private root: build one for real in a scratch directory.
  if (p.root) {
    char scratch[] = "/tmp/sg-probe-XXXXXX";
    if (::mkdtemp(scratch) != nullptr) {
      const fs::path base = scratch;
      std::error_code error;
      fs::create_directory(base / "box", error);
      fs::create_directory(base / "root", error);
      try {
        const PrivateRoot root(base / "root", base / "box");
        const int status = in_child(box_namespace_flags(), [&root] {
          const int setup = root.apply();
          if (setup != 0) return 10;
          if (::access(kBoxWorkdir, W_OK) != 0) return 11;
          if (::access("/usr/bin", X_OK) != 0) return 12;
          if (::access("/proc/self/stat", R_OK) != 0) return 13;
          return 0;
        });
        p.namespaces = exited_zero(status);
        if (!p.namespaces) {
          p.probe.notes.push_back(fmt::format(
              "cannot create pid/mount/net/ipc/uts namespaces with a private root ({}; inside "
              "Docker without privileges this is expected)",
              status_text(status)));
        }
      } catch (const std::exception& e) {
        p.probe.notes.push_back(e.what());
      }
      remove_tree(base);
    }
  }

  // cgroups: create and remove a group.
  p.cgroups = detect_cgroups(site.cgroup_parent);
  if (p.root && p.cgroups.version != 0) {
    const std::string moves =
        ensure_cheap_cgroup_moves(site.cgroup_favordynmods, site.favordynmods_mount);
    if (!moves.empty()) p.probe.notes.push_back(moves);
    try {
      auto group = Cgroup::create(p.cgroups, probe_cgroup_name(), CgroupLimits{64ull << 20, 16});
      const std::string problem = group->remove();
      if (!problem.empty()) throw std::runtime_error(problem);
    } catch (const std::exception& e) {
      p.probe.notes.push_back(
          fmt::format("cgroup v{} found but unusable: {}", p.cgroups.version, e.what()));
      p.cgroups.version = 0;
    }
  } else if (p.cgroups.version == 0) {
    p.probe.notes.push_back("no cgroup: " + p.cgroups.problem);
  } else {
    p.cgroups.version = 0;
  }
  p.probe.cgroup = p.cgroups.version == 0 ? "none" : fmt::format("v{}", p.cgroups.version);
  if (p.cgroups.version == 0) {
    p.probe.notes.push_back("no cgroup: memory is limited by RLIMIT_AS, processes by RLIMIT_NPROC");
  }

  if (p.root && p.uid_switch && p.seccomp) {
    p.probe.available.push_back(IsolationTier::degraded);
    if (p.namespaces) p.probe.available.push_back(IsolationTier::full);
  }
  // The site may rule tiers out; what it rules out is never offered, even on request.
  std::erase_if(p.probe.available, [&](IsolationTier tier) {
    const bool allowed = tier == IsolationTier::full       ? site.allow_full
                         : tier == IsolationTier::degraded ? site.allow_degraded
                                                           : site.allow_minimal;
    if (!allowed) {
      p.probe.notes.push_back(
          fmt::format("the {} tier is not allowed by the site configuration ({})", to_string(tier),
                      site.source));
    }
    return !allowed;
  });
  p.probe.best = p.probe.available.empty() ? IsolationTier::minimal : p.probe.available.back();
  return p;
}

const Probed& probed() {
  static const Probed result = run_probe();
  return result;
}

// The full tier's rlimits: the cgroup limits memory and processes where there is one.
RlimitOptions box_rlimits(bool cgroup) {
  RlimitOptions rlimits;
  rlimits.limit_address_space = !cgroup;
  rlimits.infer_memory_from_stderr = !cgroup;
  rlimits.limit_processes = true;
  rlimits.processes_backstop_only = cgroup;
  return rlimits;
}

// What the full tier's kept boxes share (box.h).
BoxOptions box_options(const Probed& p, const ProcessRunnerOptions& base,
                       std::shared_ptr<const SeccompProgram> seccomp,
                       const RlimitOptions& rlimits) {
  BoxOptions options;
  options.cgroups = p.cgroups;
  options.seccomp = std::move(seccomp);
  options.rlimits = rlimits;
  options.scratch_root = base.scratch_root.empty() ? "/tmp" : base.scratch_root;
  options.workdir_quota_bytes =
      base.workdir_quota_bytes == 0 ? kBoxWorkdirQuotaBytes : base.workdir_quota_bytes;
  options.workdir_quota_inodes = base.workdir_quota_inodes;
  options.max_submission_bytes = base.max_submission_bytes;
  options.steps_log = base.steps_log;
  return options;
}

// A fork session whose observations carry the tier's name.
class TieredSession final : public ForkSession {
 public:
  TieredSession(std::unique_ptr<ForkSession> inner, std::string tier)
      : inner_(std::move(inner)), tier_(std::move(tier)), start_(inner_->start_observation()) {
    start_.isolation_tier = tier_;
  }
  bool ready() const override { return inner_->ready(); }
  const Observation& start_observation() const override { return start_; }
  Observation run(const Invocation& test, ForkedProgram program) override {
    Observation observation = inner_->run(test, program);
    observation.isolation_tier = tier_;
    return observation;
  }
  bool alive() const override { return inner_->alive(); }

 private:
  std::unique_ptr<ForkSession> inner_;
  std::string tier_;
  Observation start_;
};

// Puts the tier's name in front of the layer list.
class TieredRunner final : public Runner {
 public:
  TieredRunner(std::unique_ptr<Runner> inner, IsolationTier tier)
      : inner_(std::move(inner)),
        tier_(fmt::format("{} ({})", to_string(tier), inner_->isolation_tier())) {}

  Observation run(const Invocation& invocation) override {
    Observation observation = inner_->run(invocation);
    observation.isolation_tier = tier_;
    return observation;
  }
  std::unique_ptr<ForkSession> start_session(const Invocation& launch,
                                             const Limits& start_limits) override {
    std::unique_ptr<ForkSession> session = inner_->start_session(launch, start_limits);
    if (!session) return nullptr;
    return std::make_unique<TieredSession>(std::move(session), tier_);
  }
  std::string isolation_tier() const override { return tier_; }

 private:
  std::unique_ptr<Runner> inner_;
  std::string tier_;
};

// The box uid must reach its working directory through the scratch root: every ancestor needs
// search permission for others.
void check_traversable(const fs::path& scratch_root) {
  fs::path path = fs::absolute(scratch_root);
  for (fs::path p = path; !p.empty(); p = p.parent_path()) {
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0) {
      throw std::runtime_error(fmt::format(
          "the scratch directory {} is not reachable for the box uid ({} lacks o+x); use e.g. /tmp",
          path.string(), p.string()));
    }
    if (p == p.parent_path()) break;
  }
}

}  // namespace

std::string_view to_string(IsolationTier tier) {
  switch (tier) {
    case IsolationTier::minimal:
      return "minimal";
    case IsolationTier::degraded:
      return "degraded";
    case IsolationTier::full:
      return "full";
  }
  return "minimal";
}

std::optional<IsolationTier> isolation_tier_from_string(std::string_view name) {
  for (IsolationTier tier :
       {IsolationTier::minimal, IsolationTier::degraded, IsolationTier::full}) {
    if (to_string(tier) == name) return tier;
  }
  return std::nullopt;
}

const IsolationProbe& probe_isolation() { return probed().probe; }

std::unique_ptr<Runner> make_sandbox_runner(IsolationTier tier, ProcessRunnerOptions base) {
  const Probed& p = probed();
  if (std::find(p.probe.available.begin(), p.probe.available.end(), tier) ==
      p.probe.available.end()) {
    std::string why;
    for (const std::string& note : p.probe.notes) why += (why.empty() ? "" : "; ") + note;
    throw std::runtime_error(fmt::format("the {} isolation tier is not available on this host: {}",
                                         to_string(tier), why));
  }
  std::vector<std::shared_ptr<SandboxLayer>> layers;
  std::optional<BoxOptions> boxes;
  if (tier == IsolationTier::minimal) {
    layers = default_sandbox_layers();
  } else {
    const bool cgroup = p.cgroups.version != 0;
    const bool full = tier == IsolationTier::full;
    if (base.scratch_root.empty()) base.scratch_root = "/tmp";
    if (base.workdir_quota_bytes == 0) base.workdir_quota_bytes = kBoxWorkdirQuotaBytes;
    if (!full) check_traversable(base.scratch_root);
    if (full) layers.push_back(std::make_shared<NamespaceLayer>());
    if (cgroup) layers.push_back(std::make_shared<CgroupLayer>(p.cgroups));
    layers.push_back(std::make_shared<BoxUidLayer>(
        BoxUidOptions{.pid_namespace = full, .sample_usage = !cgroup}));
    const RlimitOptions rlimits = box_rlimits(cgroup);
    layers.push_back(std::make_shared<RlimitLayer>(rlimits));
    // Without a network namespace, seccomp keeps the box off the network and the host's unix
    // sockets.
    const auto seccomp = std::make_shared<SeccompLayer>(/*deny_sockets=*/!full);
    layers.push_back(seccomp);
    if (full && cgroup && base.reuse_boxes && !base.keep_workdir) {
      boxes = box_options(p, base, seccomp->program(), rlimits);
    }
  }
  base.layers = std::move(layers);
  std::unique_ptr<Runner> runner = make_process_runner(std::move(base));
  if (boxes) {
    boxes->tier = runner->isolation_tier();
    runner = make_box_runner(std::move(*boxes), std::move(runner));
  }
  return std::make_unique<TieredRunner>(std::move(runner), tier);
}

std::string box_reuse_problem() {
  const Probed& p = probed();
  if (std::find(p.probe.available.begin(), p.probe.available.end(), IsolationTier::full) ==
      p.probe.available.end()) {
    return "the full tier is not available here";
  }
  if (p.cgroups.version == 0) return "no usable cgroup: " + p.cgroups.problem;
  try {
    const auto seccomp = std::make_shared<const SeccompProgram>(build_seccomp_program(false));
    Box box(box_options(p, {}, seccomp, box_rlimits(true)));
    if (!box.reusable()) return "a new box was not ready";
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::vector<uid_t> box_uids() {
  const Probed& p = probed();
  if (!(p.root && p.uid_switch && p.seccomp)) return {};
  return box_uid_pool();
}

}  // namespace sg
