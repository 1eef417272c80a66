#include "runner/cgroup_layer.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>

#include "runner/kill_except.h"
#include "runner/resource_names.h"

namespace sg {
namespace {

class CgroupSession final : public SandboxSession {
 public:
  CgroupSession(std::unique_ptr<Cgroup> group, const Limits& limits)
      : group_(std::move(group)), limits_(limits) {}

  ~CgroupSession() override { group_->remove(); }

  void after_spawn(pid_t pid) override {
    group_->add(pid);
    main_pid_ = pid;
  }

  void sample(UsageSample& sample) noexcept override {
    try {
      if (const std::optional<double> cpu = group_->cpu_seconds()) {
        if (!sample.cpu_seconds || *sample.cpu_seconds < *cpu) sample.cpu_seconds = cpu;
      }
      sample.peak_memory_bytes = std::max(sample.peak_memory_bytes, group_->memory_usage_bytes());
      sample.refused_forks = std::max(sample.refused_forks, group_->pids_limit_hits());
    } catch (...) {
    }
  }

  void kill_all() noexcept override { group_->kill_all(); }

  void after_exit(RunEvidence& evidence, Observation& observation) override {
    const CgroupReading reading{group_->cpu_seconds(), group_->peak_memory_bytes(),
                                group_->oom_kills(), group_->pids_limit_hits()};
    add_cgroup_evidence(reading, limits_, evidence, observation);
  }

  void begin_fork(const Limits& limits) override { fork_.begin(*group_, limits); }

  bool kill_all_except(pid_t keep) noexcept override {
    return kill_members_except(*group_, {keep, main_pid_});
  }

  void end_fork(const Limits& limits, RunEvidence& evidence, Observation& observation) override {
    fork_.end(*group_, limits, evidence, observation);
  }

 private:
  pid_t main_pid_ = 0;
  CgroupForkAccounting fork_;
  std::unique_ptr<Cgroup> group_;
  Limits limits_;
};

}  // namespace

void CgroupForkAccounting::begin(const Cgroup& group, const Limits& limits) {
  base_memory_ = group.memory_usage_bytes();
  const int processes = static_cast<int>(group.processes().size());
  group.set_limits(CgroupLimits{base_memory_ + limits.memory_bytes,
                                limits.max_processes > 0 ? limits.max_processes + processes : 0});
  peak_reset_ = group.reset_peak_memory();
  oom_before_ = group.oom_kills();
  refused_before_ = group.pids_limit_hits();
}

void CgroupForkAccounting::end(const Cgroup& group, const Limits& limits, RunEvidence& evidence,
                               Observation& observation) const {
  const std::uint64_t peak = group.peak_memory_bytes();
  const std::uint64_t oom = group.oom_kills();
  const std::uint64_t refused = group.pids_limit_hits();
  const CgroupReading reading{
      std::nullopt, peak_reset_ && peak > base_memory_ ? peak - base_memory_ : 0,
      oom - std::min(oom, oom_before_), refused - std::min(refused, refused_before_)};
  add_cgroup_evidence(reading, limits, evidence, observation);
}

bool kill_members_except(const Cgroup& group, std::initializer_list<pid_t> keep) noexcept {
  try {
    return kill_all_but(group.processes(), keep);
  } catch (...) {
    return false;
  }
}

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
  if (reading.pids_limit_hits > 0 && !evidence.process_limit)
    evidence.process_limit = describe_process_limit(limits.max_processes, reading.pids_limit_hits);
}

std::unique_ptr<SandboxSession> CgroupLayer::prepare(const LaunchContext& context) {
  static std::atomic<unsigned> counter{0};
  const Limits& limits = context.invocation.limits;
  const CgroupLimits group_limits{limits.memory_bytes, limits.max_processes};
  const std::string name = run_cgroup_name(counter++);
  return std::make_unique<CgroupSession>(Cgroup::create(support_, name, group_limits), limits);
}

}  // namespace sg
