#include "checkers/domain_function_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "checkers/python_value.h"
#include "notation/line_template.h"  // number_text

namespace sg {

FunctionCallCheck check_domain_actions(const std::vector<std::string>& expected,
                                       const nlohmann::json& observed, const std::string& call) {
  return check_action_names(expected, observed, call, [&](const std::vector<std::string>& got) {
    std::vector<std::string> missing, extra;
    for (const auto& name : expected)
      if (std::find(got.begin(), got.end(), name) == got.end()) missing.push_back(name);
    for (const auto& name : got)
      if (std::find(expected.begin(), expected.end(), name) == expected.end())
        extra.push_back(name);
    std::string why;
    if (missing.empty() && extra.empty() && got.size() == expected.size()) {
      why =
          fmt::format("the right actions in the wrong order: return them in the domain's order, {}",
                      quoted_names(expected));
    } else {
      std::vector<std::string> parts;
      if (!missing.empty()) parts.push_back(fmt::format("{} missing", quoted_names(missing)));
      if (!extra.empty())
        parts.push_back(fmt::format("{} not possible from this state", quoted_names(extra)));
      if (parts.empty()) parts.push_back("an action listed twice");
      why = fmt::format("{}", fmt::join(parts, "; "));
    }
    return why;
  });
}

FunctionCallCheck check_domain_result(const StateValues& states, const ref::State& expected,
                                      const nlohmann::json& observed, const std::string& call) {
  FunctionCallCheck check;
  const std::optional<ref::State> got = states.read(observed);
  if (got == expected) {
    check.passed = true;
    return check;
  }
  check.feedback = fmt::format(
      "`{}` returned {}; expected the state {}{}", call, python_repr(observed),
      python_repr(states.write(expected)),
      got ? "" : fmt::format(" (what it returned is no state of '{}')", states.domain_name));
  return check;
}

FunctionCallCheck check_goal_test(bool expected, const nlohmann::json& observed,
                                  const std::string& call) {
  FunctionCallCheck check;
  std::optional<bool> got;
  if (observed.is_boolean()) got = observed.get<bool>();
  if (observed.is_number_integer() && (observed == 0 || observed == 1)) {
    got = observed == 1;
    check.notes.push_back(fmt::format("`{}` returned {}; read as {}", function_part(call),
                                      observed.dump(), *got ? "True" : "False"));
  }
  if (got == expected) {
    check.passed = true;
    return check;
  }
  check.feedback =
      fmt::format("`{}` returned {}, expected {}: the state {} the goal", call,
                  python_repr(observed), expected ? "True" : "False", expected ? "is" : "is not");
  return check;
}

FunctionCallCheck check_heuristic_value(double expected, const nlohmann::json& observed,
                                        const std::string& call, const std::string& wording) {
  FunctionCallCheck check;
  if (observed.is_number() && !observed.is_boolean() &&
      std::fabs(observed.get<double>() - expected) <= 1e-9) {
    check.passed = true;
    return check;
  }
  check.feedback = fmt::format("`{}` returned {}, expected {} ({})", call, python_repr(observed),
                               number_text(expected), wording);
  return check;
}

FunctionCallCheck check_domain_unchanged(const StateValues& states, const ref::State& before,
                                         const nlohmann::json& after, const std::string& call) {
  FunctionCallCheck check;
  if (states.read(after) == before) {
    check.passed = true;
    return check;
  }
  check.feedback = fmt::format(
      "`{}` modified the state passed to it (it is now {}): build the new state as a copy; the "
      "search needs the parent state intact",
      call, python_repr(after));
  return check;
}

}  // namespace sg
