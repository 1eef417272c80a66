#include "runner/sandbox_layer.h"

namespace sg {

SandboxSession::~SandboxSession() = default;
void SandboxSession::after_spawn(pid_t /*pid*/) {}
int SandboxSession::child_setup() noexcept { return 0; }
void SandboxSession::sample(UsageSample& /*sample*/) noexcept {}
void SandboxSession::kill_all() noexcept {}
void SandboxSession::after_exit(RunEvidence& /*evidence*/, Observation& /*observation*/) {}
void SandboxSession::fork_point() {}

void SandboxSession::begin_fork(const Limits& /*limits*/) {}

bool SandboxSession::kill_all_except(pid_t /*keep*/) noexcept { return true; }

void SandboxSession::end_fork(const Limits& /*limits*/, RunEvidence& /*evidence*/,
                              Observation& /*observation*/) {}

unsigned long SandboxSession::clone_flags() const noexcept { return 0; }
std::optional<std::filesystem::path> SandboxSession::visible_workdir() const {
  return std::nullopt;
}

SandboxLayer::~SandboxLayer() = default;

}  // namespace sg
