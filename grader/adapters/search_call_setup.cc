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

SearchDomainRules tile_rules(const ref::TilePuzzle& puzzle) {
  SearchDomainRules rules;
  rules.read_state = [&puzzle](const nlohmann::json& value,
                               std::string& normalised) -> std::optional<nlohmann::json> {
    const auto tiles = as_int_list(value, &normalised);
    if (!tiles || !puzzle.validate(*tiles).empty()) return std::nullopt;
    return nlohmann::json(*tiles);
  };
  rules.step_problem = [&puzzle](const nlohmann::json& from,
                                 const nlohmann::json& to) -> std::string {
    return puzzle.move_between(from.get<ref::Tiles>(), to.get<ref::Tiles>())
               ? std::string()
               : std::string("no single move of the blank turns one into the other");
  };
  rules.render = [](const nlohmann::json& state) { return python_list(state.get<ref::Tiles>()); };
  return rules;
}

SearchDomainRules graph_rules(const ref::ExplicitGraph& graph) {
  SearchDomainRules rules;
  rules.read_state = [](const nlohmann::json& value,
                        std::string&) -> std::optional<nlohmann::json> {
    if (value.is_string()) return value;
    return std::nullopt;
  };
  rules.step_problem = [&graph](const nlohmann::json& from,
                                const nlohmann::json& to) -> std::string {
    const auto source = from.get<std::string>();
    const auto target = to.get<std::string>();
    if (graph.has_edge(source, target)) return {};
    return fmt::format("the graph has no edge from '{}' to '{}'", source, target);
  };
  rules.render = [](const nlohmann::json& state) { return python_repr(state); };
  return rules;
}

SearchDomainRules domain_rules(std::shared_ptr<const SearchDomain> domain) {
  SearchDomainRules rules;
  rules.read_state = [domain](const nlohmann::json& value,
                              std::string& normalised) -> std::optional<nlohmann::json> {
    const std::optional<ref::State> state = domain->state_of(value);
    if (!state) return std::nullopt;
    nlohmann::json canonical = domain->value_of(*state);
    if (canonical.contains("$tuple") && value.is_array()) normalised = "a list";
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
  return {{"$fn", take_action ? "table_take_action" : "table_actions"},
          {"successors", state_space_table(domain, test)["successors"]}};
}

ref::ExplicitGraph read_graph(const TestSpec& test) {
  const SourceLocation where = location_of(test, "/graph");
  if (!test.input.contains("graph") || !test.input["graph"].is_object()) {
    throw SpecError(test.input.contains("graph") ? where : test.where,
                    "`graph:` must be a mapping of node: [successor, ...]");
  }
  std::map<std::string, std::vector<std::string>> table;
  for (const auto& [node, successors] : test.input["graph"].items()) {
    if (!successors.is_array())
      throw SpecError(where, fmt::format("graph node '{}' needs a list of successors", node));
    for (const auto& successor : successors) {
      if (!successor.is_string()) {
        throw SpecError(
            where, fmt::format("the successors of '{}' must be node names (quote numbers)", node));
      }
      table[node].push_back(successor.get<std::string>());
    }
  }
  try {
    return ref::ExplicitGraph(std::move(table));
  } catch (const std::invalid_argument& error) {
    throw SpecError(where, error.what());
  }
}

}  // namespace sg
