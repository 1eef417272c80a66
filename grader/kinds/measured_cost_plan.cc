#include "kinds/measured_cost_plan.h"

#include <fmt/format.h>

#include "spec/test_keys.h"

namespace sg::puzzle_function {
namespace {

constexpr const char* kAgent = "searchgrader.MeasuringAgent";

void require_java(const Assignment& assignment, const SourceLocation& where) {
  if (assignment.submission.language != "java")
    throw SpecError(where,
                    "memory and calls are measured by the grader's Java agent: they need "
                    "submission.language: java");
}

nlohmann::json pairs(const std::vector<std::pair<std::string, nlohmann::json>>& items) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [key, value] : items) list.push_back({key, value});
  return {{"$dict", list}};
}

}  // namespace

SizeFormula read_bytes_bound(const Assignment& assignment, const TestSpec& test,
                             const std::string& pointer,
                             const std::vector<std::string>& variables) {
  const nlohmann::json::json_pointer at(pointer);
  const SourceLocation where = test.input.contains(at) ? location_of(test, pointer) : test.where;
  require_java(assignment, where);
  if (!test.input.contains(at) || !(test.input[at].is_string() || test.input[at].is_number()))
    throw SpecError(where, fmt::format("{} needs a bound in bytes, a formula over {} (e.g. \"4 n^2 "
                                       "+ 32 n + 64\")",
                                       pointer.substr(1), fmt::join(variables, " and ")));
  const nlohmann::json& given = test.input[at];
  return SizeFormula::parse(given.is_string() ? given.get<std::string>() : given.dump(), variables,
                            where);
}

std::optional<SizeFormula> read_solver_memory(const Assignment& assignment, const TestSpec& test) {
  if (!test.input.contains("memory")) return std::nullopt;
  const nlohmann::json& given = test.input["memory"];
  if (!given.is_object() || given.size() != 1 || !given.contains("bytes_at_most"))
    throw SpecError(location_of(test, "/memory"),
                    "memory is {bytes_at_most: a formula over n and moves}");
  return read_bytes_bound(assignment, test, "/memory/bytes_at_most", {"n", "moves"});
}

std::optional<CallsAsk> read_calls_ask(const Assignment& assignment, const TestSpec& test,
                                       const std::string& receiver) {
  if (!test.input.contains("calls")) return std::nullopt;
  const nlohmann::json& given = test.input["calls"];
  const SourceLocation where = location_of(test, "/calls");
  require_java(assignment, where);
  if (!given.is_object())
    throw SpecError(where,
                    "calls is {methods: [hamming, manhattan], computed_per_operation_at_most: "
                    "2, class: Board}");
  if (!test.input.contains("dequeues"))
    throw SpecError(where, "calls needs `dequeues:` too: the MinPQ's operations it is judged per");
  CallsAsk ask;
  ask.class_name = receiver;
  for (const auto& [key, value] : given.items()) {
    const SourceLocation at = location_of(test, "/calls/" + key);
    if (key == "methods") {
      if (!value.is_array() || value.empty())
        throw SpecError(at, "methods is a list of the board class's method names");
      ask.methods.clear();
      for (const auto& name : value) {
        if (!name.is_string() || name.get<std::string>().empty() ||
            name.get<std::string>().find(',') != std::string::npos)
          throw SpecError(at, "methods is a list of the board class's method names");
        ask.methods.push_back(name.get<std::string>());
      }
    } else if (key == "computed_per_operation_at_most") {
      if (!value.is_number() || value.get<double>() <= 0)
        throw SpecError(at, "computed_per_operation_at_most is a positive number");
      ask.per_operation = value.get<double>();
    } else if (key == "class") {
      if (!value.is_string() || value.get<std::string>().empty())
        throw SpecError(at, "class names the board class (simple or qualified)");
      ask.class_name = value.get<std::string>();
    } else {
      throw SpecError(at, fmt::format("calls has no key '{}' (methods, "
                                      "computed_per_operation_at_most, class)",
                                      key));
    }
  }
  return ask;
}

nlohmann::json deep_size_step(const std::string& target) {
  return {{"op", "call"},
          {"function", fmt::format("{}.deepSize", kAgent)},
          {"args", {{{"$ref", target}}}}};
}

nlohmann::json count_calls_step(const CallsAsk& ask) {
  return {{"op", "call"},
          {"function", fmt::format("{}.countCalls", kAgent)},
          {"args", {ask.class_name, fmt::format("{}", fmt::join(ask.methods, ","))}}};
}

nlohmann::json call_counts_step() {
  return {{"op", "call"},
          {"function", fmt::format("{}.callCounts", kAgent)},
          {"args", nlohmann::json::array()}};
}

nlohmann::json measured_deep_size(const std::map<std::string, std::uint64_t>& by_class) {
  std::uint64_t bytes = 0;
  std::vector<std::pair<std::string, nlohmann::json>> classes;
  for (const auto& [name, used] : by_class) {
    bytes += used;
    classes.emplace_back(name, used);
  }
  return pairs({{"bytes", bytes}, {"objects", by_class.size()}, {"by_class", pairs(classes)}});
}

nlohmann::json counted_calls(const CallsAsk& ask, std::uint64_t calls, std::uint64_t computed) {
  std::vector<std::pair<std::string, nlohmann::json>> methods;
  for (const std::string& method : ask.methods)
    methods.emplace_back(method, pairs({{"calls", calls}, {"computed", computed}}));
  return pairs(methods);
}

}  // namespace sg::puzzle_function
