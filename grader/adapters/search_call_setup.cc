#include "adapters/search_call_setup.h"

#include <fmt/format.h>

#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/sliding_tile_setup.h"

namespace sg {

nlohmann::json tile_callback(const ref::TilePuzzle& puzzle,
                             const std::vector<ref::BlankMove>& order, bool take_action) {
  nlohmann::json names = nlohmann::json::array();
  for (const auto move : order) names.push_back(ref::to_string(move));
  return {{"$fn", take_action ? "tile_take_action" : "tile_actions"},
          {"rows", puzzle.rows()},
          {"cols", puzzle.cols()},
          {"order", names}};
}

SearchDomainRules domain_rules(std::shared_ptr<const SearchDomain> domain) {
  SearchDomainRules rules;
  rules.read_state = [domain](const nlohmann::json& value,
                              std::string& normalised) -> std::optional<nlohmann::json> {
    const std::optional<ref::State> state = domain->state_of(value);
    if (!state) return std::nullopt;
    nlohmann::json canonical = domain->value_of(*state);
    if (value.is_object() && value.contains("$ndarray"))
      normalised = "a numpy array";
    else if (value.is_object() && value.contains("$tuple") && !canonical.contains("$tuple"))
      normalised = "a tuple";
    else if (canonical.contains("$tuple") && value.is_array())
      normalised = "a list";
    return canonical;
  };
  rules.step_problem = [domain](const nlohmann::json& from,
                                const nlohmann::json& to) -> std::string {
    const auto source = domain->state_of(from);
    const auto target = domain->state_of(to);
    if (source && target)
      for (const ref::Step& step : domain->problem->successors(*source))
        if (step.state == *target) return {};
    return fmt::format("'{}' has no action from {} to {}", domain->name, python_repr(from),
                       python_repr(to));
  };
  rules.render = [](const nlohmann::json& state) { return python_repr(state); };
  return rules;
}

nlohmann::json table_callback(const SearchDomain& domain, const TestSpec& test, bool take_action) {
  nlohmann::json table = state_space_table(domain, test);
  return {{"$fn", take_action ? "table_take_action" : "table_actions"},
          {"successors", std::move(table["successors"])},
          {"key", table["key"]}};
}

}  // namespace sg
