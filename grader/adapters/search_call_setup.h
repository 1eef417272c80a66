// What a function handed a domain's rules is given and how its answer is read (A2's searches and
// helpers, on boards and on any domain): the driver callbacks ({"$fn": ...},
// docs/driver-protocol.md) that stand in for actionsF / takeActionF, and how the states a bounded
// search returned are read back and judged (checkers/search_result_checker.h).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checkers/search_result_checker.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// {"$fn": "tile_actions" | "tile_take_action", rows, cols, order}: correct callbacks for
/// `puzzle`, built by the driver.
nlohmann::json tile_callback(const ref::TilePuzzle& puzzle,
                             const std::vector<ref::BlankMove>& order, bool take_action);

/// States of any domain (a board, a graph of the spec's `domains`, a maze) as the submission sees
/// them (SearchDomain::value_of); a step is legal iff the domain has it. `domain` is kept alive by
/// the rules.
SearchDomainRules domain_rules(std::shared_ptr<const SearchDomain> domain);

/// {"$fn": "table_actions" | "table_take_action", successors}: any domain's actions and results
/// from its table of reachable states (domains/search_domain.h state_space_table), built by the
/// driver. Throws SpecError at the test when the domain has too many states for a table.
nlohmann::json table_callback(const SearchDomain& domain, const TestSpec& test, bool take_action);

}  // namespace sg
