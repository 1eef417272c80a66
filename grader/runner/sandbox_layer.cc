#include "runner/sandbox_layer.h"

namespace sg {

SandboxSession::~SandboxSession() = default;
void SandboxSession::after_spawn(pid_t /*pid*/) {}
int SandboxSession::child_setup() noexcept { return 0; }
void SandboxSession::sample(UsageSample& /*sample*/) noexcept {}
void SandboxSession::kill_all() noexcept {}
void SandboxSession::after_exit(RunEvidence& /*evidence*/, Observation& /*observation*/) {}
unsigned long SandboxSession::clone_flags() const noexcept { return 0; }
std::optional<std::filesystem::path> SandboxSession::visible_workdir() const {
  return std::nullopt;
}

SandboxLayer::~SandboxLayer() = default;

}  // namespace sg
