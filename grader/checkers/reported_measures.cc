#include "checkers/reported_measures.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace sg {
namespace {

// The number `text` holds, or nullopt with `why` set.
std::optional<double> number_in(const std::optional<std::string>& text, const std::string& what,
                                std::string& why) {
  if (!text) {
    why = fmt::format("no {} was reported", what);
    return std::nullopt;
  }
  try {
    std::size_t used = 0;
    const double value = std::stod(*text, &used);
    if (used == text->size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  why = fmt::format("{} is `{}`, not a number", what, *text);
  return std::nullopt;
}

}  // namespace

std::optional<MemoryUnit> memory_unit(const std::string& name) {
  if (name == "bytes") return MemoryUnit{name, 1};
  if (name == "kilobytes") return MemoryUnit{name, 1 << 10};
  if (name == "megabytes") return MemoryUnit{name, 1 << 20};
  if (name == "gigabytes") return MemoryUnit{name, 1 << 30};
  return std::nullopt;
}

AspectOutcome judge_reported_time(const std::optional<std::string>& text, double wall_seconds,
                                  const std::string& what) {
  AspectOutcome outcome{"reported_time", "", false, ""};
  const std::optional<double> seconds = number_in(text, what, outcome.feedback);
  if (!seconds) return outcome;
  const double most = wall_seconds * 1.05 + 0.05;
  if (*seconds < 0) {
    outcome.feedback = fmt::format("{} is {}: a time cannot be negative", what, *text);
  } else if (*seconds > most) {
    outcome.feedback = fmt::format(
        "{} is {} s, but the whole run took {:.2f} s by the wall clock: is it measured in "
        "seconds, from the search's start to its end?",
        what, *text, wall_seconds);
  } else {
    outcome.passed = true;
  }
  return outcome;
}

AspectOutcome judge_reported_memory(const std::optional<std::string>& text, const MemoryUnit& unit,
                                    std::uint64_t peak_bytes, const std::string& what) {
  AspectOutcome outcome{"reported_memory", "", false, ""};
  const std::optional<double> amount = number_in(text, what, outcome.feedback);
  if (!amount) return outcome;
  if (*amount < 0) {
    outcome.feedback = fmt::format("{} is {}: memory cannot be negative", what, *text);
    return outcome;
  }
  // A process's resident size counts the shared libraries it maps, which its cgroup (what the
  // runner measures) may not be charged for: an interpreter's 10 to 30 MB.
  const double most = static_cast<double>(peak_bytes) * 1.25 + (64 << 20);
  if (peak_bytes > 0 && *amount * unit.bytes > most) {
    outcome.feedback = fmt::format(
        "{} is {} {}, but the run's memory peaked at {:.1f} {}: is it in {} (ru_maxrss is in "
        "kilobytes on Linux: divide by 1024)?",
        what, *text, unit.name, static_cast<double>(peak_bytes) / unit.bytes, unit.name, unit.name);
    return outcome;
  }
  outcome.passed = true;
  return outcome;
}

}  // namespace sg
