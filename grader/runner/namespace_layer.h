// NamespaceLayer: the full tier's separation from the host. The main process is created in new
// pid, mount, network, IPC and UTS namespaces (it becomes pid 1 there: the box layer's box-init)
// and builds the private root (private_root.h) before anything of the student runs.
#pragma once

#include <memory>
#include <string>

#include "runner/private_root.h"
#include "runner/sandbox_layer.h"

namespace sg {

/// The namespaces the full tier creates.
unsigned long box_namespace_flags();

/// Layer "namespaces". prepare() creates `<run>/root` (the private root's mount point, beside the
/// working directory) and plans the mounts; clone_flags() asks for CLONE_NEWPID | CLONE_NEWNS |
/// CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS; child_setup() (as pid 1 of the new pid namespace)
/// sets the host name "box" and applies the private root; visible_workdir() is /box. The network
/// namespace has only a loopback interface, down: no network at all. Needs root.
class NamespaceLayer final : public SandboxLayer {
 public:
  explicit NamespaceLayer(PrivateRootOptions options = {}) : options_(std::move(options)) {}
  std::string name() const override { return "namespaces"; }
  std::unique_ptr<SandboxSession> prepare(const LaunchContext& context) override;

 private:
  PrivateRootOptions options_;
};

}  // namespace sg
