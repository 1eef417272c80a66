#include "checkers/measured_cost_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "checkers/python_value.h"

namespace sg {
namespace {

std::int64_t count(const nlohmann::json& map, const std::string& key) {
  const nlohmann::json value = map.is_object() ? map.value(key, nlohmann::json()) : nullptr;
  return value.is_number_integer() ? value.get<std::int64_t>() : -1;
}

FunctionCallCheck unreadable(const std::string& call, const std::string& what,
                             const nlohmann::json& got) {
  return {false,
          fmt::format("{}: the grader's agent returned {} where {} was expected (a grader "
                      "error, not yours)",
                      call, got.dump(), what),
          {}};
}

// numerator / denominator written with as many decimals as it takes to show it above `bound`
// (81 / 40 is "2.02", never a rounded "2.0" beside "at most 2").
std::string ratio_above(std::int64_t numerator, std::int64_t denominator, double bound) {
  const double ratio = static_cast<double>(numerator) / static_cast<double>(denominator);
  std::string text = fmt::format("{:.1f}", ratio);
  for (int decimals = 2; decimals <= 9 && std::stod(text) <= bound; ++decimals)
    text = fmt::format("{:.{}f}", ratio, decimals);
  return text;
}

}  // namespace

FunctionCallCheck check_deep_size(const nlohmann::json& measured, double bound,
                                  const std::string& bound_text, const std::string& call) {
  const nlohmann::json size = plain_map(measured);
  const std::int64_t bytes = count(size, "bytes");
  if (bytes < 0) return unreadable(call, "a deep size", measured);
  if (static_cast<double>(bytes) <= bound) return {true, "", {}};
  // The classes by their bytes, the largest first: where the memory went.
  std::vector<std::pair<std::int64_t, std::string>> classes;
  if (size.contains("by_class") && size["by_class"].is_object())
    for (const auto& [name, used] : size["by_class"].items())
      if (used.is_number_integer()) classes.emplace_back(used.get<std::int64_t>(), name);
  std::sort(classes.rbegin(), classes.rend());
  std::vector<std::string> parts;
  for (const auto& [used, name] : classes) parts.push_back(fmt::format("{} {}", name, used));
  return {
      false,
      fmt::format("{} uses {} bytes, more than the {:.0f} asked ({}).\n"
                  "measured: the object and every object it reaches, {} in all, as the "
                  "JVM's java.lang.instrument sizes them; by class, in bytes: {}",
                  call, bytes, bound, bound_text, count(size, "objects"), fmt::join(parts, ", ")),
      {}};
}

FunctionCallCheck check_computed_calls(const nlohmann::json& calls, const nlohmann::json& queue,
                                       double per_operation, const std::string& call) {
  const nlohmann::json methods = plain_map(calls);
  const nlohmann::json counts = plain_map(queue);
  const std::int64_t inserts = count(counts, "inserts");
  const std::int64_t removals = count(counts, "delMins");
  if (!methods.is_object()) return unreadable(call, "the calls counted", calls);
  if (inserts < 0 || removals < 0) return unreadable(call, "the MinPQ's counts", queue);
  std::int64_t computed = 0;
  std::vector<std::string> parts;
  std::string busiest;
  std::int64_t busiest_computed = -1;
  for (const auto& [name, one] : methods.items()) {
    const std::int64_t made = count(one, "calls");
    const std::int64_t worked = count(one, "computed");
    if (made < 0 || worked < 0) return unreadable(call, "the calls counted", calls);
    computed += worked;
    parts.push_back(fmt::format("{}() {} times ({} computing)", name, made, worked));
    if (worked > busiest_computed) {
      busiest_computed = worked;
      busiest = name;
    }
  }
  const std::int64_t operations = inserts + removals;
  // A ratio is judged over operations that happened: a Solver that answers a board already
  // solved without its queue has nothing to compute per operation.
  if (operations == 0)
    return {true,
            "",
            {"computations per MinPQ operation not judged on a Solver that made no MinPQ "
             "operation"}};
  if (static_cast<double>(computed) <= per_operation * static_cast<double>(operations))
    return {true, "", {}};
  return {false,
          fmt::format("{}: over {} MinPQ operations ({} insert(), {} delMin()) it called {}: "
                      "{} computations per operation, more than the {} asked.\n"
                      "A search node whose priority is computed once, when the node is made, "
                      "computes {}() about once per insert(); does compareTo() or the Comparator "
                      "call {}() on every comparison? (A call that returns a value the Board "
                      "computed in its constructor is not counted as computing.)",
                      call, operations, inserts, removals, fmt::join(parts, " and "),
                      ratio_above(computed, operations, per_operation), per_operation, busiest,
                      busiest),
          {}};
}

}  // namespace sg
