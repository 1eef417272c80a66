#include "runner/namespace_layer.h"

#include <fmt/format.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

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

 private:
  PrivateRoot root_;
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
