#include "runner/cgroup_layer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>

namespace sg {
namespace {

class CgroupSession final : public SandboxSession {
 public:
  CgroupSession(std::unique_ptr<Cgroup> group, const Limits& limits)
      : group_(std::move(group)), limits_(limits) {}

  ~CgroupSession() override { group_->remove(); }

  void after_spawn(pid_t pid) override { group_->add(pid); }

  void sample(UsageSample& sample) noexcept override {
    try {
      if (const std::optional<double> cpu = group_->cpu_seconds()) {
        if (!sample.cpu_seconds || *sample.cpu_seconds < *cpu) sample.cpu_seconds = cpu;
      }
      sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, group_->memory_usage_bytes());
    } catch (...) {
    }
  }

  void kill_all() noexcept override { group_->kill_all(); }

  void after_exit(RunEvidence& evidence, Observation& observation) override {
    const CgroupReading reading{group_->cpu_seconds(), group_->peak_memory_bytes(),
                                group_->oom_kills(), group_->pids_limit_hits()};
    add_cgroup_evidence(reading, limits_, evidence, observation);
  }

 private:
  std::unique_ptr<Cgroup> group_;
  Limits limits_;
};

}  // namespace

void add_cgroup_evidence(const CgroupReading& reading, const Limits& limits, RunEvidence& evidence,
                         Observation& observation) {
  if (reading.cpu_seconds) {
    observation.cpu_seconds = std::max(observation.cpu_seconds, *reading.cpu_seconds);
  }
  if (reading.peak_memory_bytes > 0) {
    observation.peak_memory_bytes = reading.peak_memory_bytes;  // the figure the limit applies to
  }
  if (reading.oom_kills > 0) {
    evidence.memory_limit = fmt::format(
        "the cgroup's OOM killer ended {} process{} (memory limit {}, peak {})", reading.oom_kills,
        reading.oom_kills == 1 ? "" : "es", describe_bytes(limits.memory_bytes),
        describe_bytes(observation.peak_memory_bytes));
  }
  if (reading.pids_limit_hits > 0) {
    evidence.notes.push_back(
        fmt::format("{} fork{} refused at the process limit ({} processes and threads)",
                    reading.pids_limit_hits, reading.pids_limit_hits == 1 ? " was" : "s were",
                    limits.max_processes));
  }
}

std::unique_ptr<SandboxSession> CgroupLayer::prepare(const LaunchContext& context) {
  static std::atomic<unsigned> counter{0};
  const Limits& limits = context.invocation.limits;
  const CgroupLimits group_limits{limits.memory_bytes, limits.max_processes};
  const std::string name = fmt::format("sg-{}-{}", ::getpid(), counter++);
  return std::make_unique<CgroupSession>(Cgroup::create(support_, name, group_limits), limits);
}

}  // namespace sg
