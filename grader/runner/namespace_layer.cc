#include "runner/namespace_layer.h"

#include <fmt/format.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "runner/scratch_snapshot.h"

namespace sg {
namespace {

class NamespaceSession final : public SandboxSession {
 public:
  explicit NamespaceSession(PrivateRoot root) : root_(std::move(root)) {}

  unsigned long clone_flags() const noexcept override { return box_namespace_flags(); }

  std::optional<std::filesystem::path> visible_workdir() const override { return kBoxWorkdir; }

  int child_setup() noexcept override {
    if (::sethostname("box", 3) != 0) return errno;
    return root_.apply();
  }

  void after_spawn(pid_t pid) override { main_pid_ = pid; }

  // The box's own /tmp and /dev/shm, seen through pid 1's root.
  void fork_point() override {
    const std::filesystem::path root = fmt::format("/proc/{}/root", main_pid_);
    scratch_ = ScratchSnapshot({root / "tmp", root / "dev/shm"}, std::nullopt);
  }

  void end_fork(const Limits& /*limits*/, RunEvidence& /*evidence*/,
                Observation& /*observation*/) override {
    if (const std::string left = scratch_.remove_new(); !left.empty())
      throw std::runtime_error("cannot remove what the test left in /tmp or /dev/shm: " + left);
  }

 private:
  PrivateRoot root_;
  pid_t main_pid_ = 0;
  ScratchSnapshot scratch_;
};

}  // namespace

unsigned long box_namespace_flags() {
  return CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS;
}

std::unique_ptr<SandboxSession> NamespaceLayer::prepare(const LaunchContext& context) {
  const std::filesystem::path mount_point = context.workdir.parent_path() / "root";
  if (::mkdir(mount_point.c_str(), 0700) != 0 && errno != EEXIST) {
    throw std::runtime_error(fmt::format("cannot create {}: {}", mount_point.string(),
                                         std::error_code(errno, std::system_category()).message()));
  }
  return std::make_unique<NamespaceSession>(PrivateRoot(mount_point, context.workdir, options_));
}

}  // namespace sg
