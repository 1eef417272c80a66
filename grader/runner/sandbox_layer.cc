#include "runner/sandbox_layer.h"

namespace sg {

SandboxSession::~SandboxSession() = default;
void SandboxSession::after_spawn(pid_t /*pid*/) {}
int SandboxSession::child_setup() noexcept { return 0; }
void SandboxSession::sample(UsageSample& /*sample*/) noexcept {}
void SandboxSession::kill_all() noexcept {}
void SandboxSession::after_exit(RunEvidence& /*evidence*/, Observation& /*observation*/) {}

SandboxLayer::~SandboxLayer() = default;

}  // namespace sg
