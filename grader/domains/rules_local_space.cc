#include "domains/rules_local_space.h"

#include <fmt/format.h>

#include "checkers/python_value.h"
#include "domains/rules_world.h"

namespace sg {
namespace {

// One call's argument list, [[state]], in the driver's encoding (ask_rules makes it a tuple).
nlohmann::json one_state_call(const ref::LocalState& state) {
  nlohmann::json calls = nlohmann::json::array();
  calls.push_back(nlohmann::json::array());
  calls.back().push_back(nlohmann::json(state));
  return calls;
}

}  // namespace

bool rules_section_is_local(const SpecSection& section) {
  return section.value.value("type", "") == "rules" && section.value.contains("is") &&
         section.value["is"] == "local";
}

RulesLocalSpace::RulesLocalSpace(const SpecSection& section, std::string name, SourceLocation where)
    : section_(section), name_(std::move(name)), where_(std::move(where)) {}

std::string RulesLocalSpace::text(const ref::LocalState& state) const {
  return python_repr(rules_position(nlohmann::json(state)));  // the rules' tuple: "(1, 2)", "(2,)"
}

std::vector<ref::LocalState> RulesLocalSpace::neighbours(const ref::LocalState& state) const {
  const nlohmann::json asked =
      ask_rules(section_, name_, "neighbors", one_state_call(state), where_);
  const auto listed = as_sequence(asked.at(0));
  if (!listed)
    throw SpecError(where_, fmt::format("the rules' neighbors{} gave {}, not a list of states",
                                        text(state), python_repr(asked.at(0))));
  std::vector<ref::LocalState> found;
  nlohmann::json each = nlohmann::json::array();
  for (const auto& item : *listed) {
    const auto next = as_int_list(item);
    if (!next)
      throw SpecError(where_, fmt::format("the rules' neighbors{} gave {}: a local-search state "
                                          "is a sequence of integers",
                                          text(state), python_repr(item)));
    found.push_back(*next);
    each.push_back(one_state_call(*next).front());
  }
  if (found.empty()) return found;
  // Their values in one call: hill climbing asks each of them next.
  const nlohmann::json values = ask_rules(section_, name_, "value", each, where_);
  std::lock_guard lock(mutex_);
  for (std::size_t i = 0; i < found.size(); ++i)
    if (values.at(i).is_number() && !values.at(i).is_boolean())
      values_.emplace(found[i], values.at(i).get<double>());
  return found;
}

double RulesLocalSpace::value(const ref::LocalState& state) const {
  {
    std::lock_guard lock(mutex_);
    if (const auto known = values_.find(state); known != values_.end()) return known->second;
  }
  const nlohmann::json asked = ask_rules(section_, name_, "value", one_state_call(state), where_);
  const nlohmann::json& answer = asked.at(0);
  if (!answer.is_number() || answer.is_boolean())
    throw SpecError(where_, fmt::format("the rules' value{} gave {}, not a number", text(state),
                                        python_repr(answer)));
  std::lock_guard lock(mutex_);
  values_.emplace(state, answer.get<double>());
  return answer.get<double>();
}

}  // namespace sg
