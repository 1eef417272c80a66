// Figures a program measures itself and reports (ColumbiaX's running_time and max_ram_usage):
// no reference can say what they should be on the student's machine or ours, so they are
// judged present, a number and plausible against what the grader measured of the same run: no
// negative time, no more time than the run took by the wall clock, no more memory than its
// peak. Never compared with a fixed value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/grade_report.h"

namespace sg {

/// A memory figure's unit, as a spec names it: bytes, kilobytes, megabytes (2^10 and 2^20
/// bytes, as ru_maxrss / 1024 gives them; 10^3 and 10^6 are read as plausible too).
struct MemoryUnit {
  std::string name = "megabytes";
  double bytes = 1 << 20;
};

/// The unit `name` names, or nullopt (bytes, kilobytes, megabytes, gigabytes).
std::optional<MemoryUnit> memory_unit(const std::string& name);

/// Aspect "reported_time": `text` (what the program printed, nullopt when nothing matched) is a
/// number of seconds, not negative, at most the run's `wall_seconds` (the supervisor's, from
/// its start to its end, with 5 % and 50 ms to spare). `what` names the figure
/// ("running_time").
AspectOutcome judge_reported_time(const std::optional<std::string>& text, double wall_seconds,
                                  const std::string& what);

/// Aspect "reported_memory": `text` is a number of `unit`s, not negative, at most the run's
/// `peak_bytes` (its peak memory as the runner measured it, with 25 % and 64 MiB to spare for the
/// shared libraries a process's resident size counts and its cgroup may not; 0 when the runner
/// could not measure it, and then only the number is judged). Meant to catch a figure in the
/// wrong unit (ru_maxrss's kilobytes as megabytes), not to measure.
AspectOutcome judge_reported_memory(const std::optional<std::string>& text, const MemoryUnit& unit,
                                    std::uint64_t peak_bytes, const std::string& what);

}  // namespace sg
