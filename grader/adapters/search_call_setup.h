// Shared by the kinds of the iterative-deepening assignment (search_function, puzzle_function,
// print_path), on its boards and on any domain: the sliding-tile puzzle with a test's own goal, the
// assignment's action order, the driver callbacks ({"$fn": ...}, docs/driver-protocol.md) that
// stand in for actionsF / takeActionF, how a domain's states are read back and judged, and spec
// readers for graphs and whole numbers that point at the offending key.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checkers/search_result_checker.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "reference/explicit_graph.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// {"$fn": "tile_actions" | "tile_take_action", rows, cols, order}: correct callbacks for
/// `puzzle`, built by the driver.
nlohmann::json tile_callback(const ref::TilePuzzle& puzzle,
                             const std::vector<ref::BlankMove>& order, bool take_action);

/// States of `puzzle` are lists of ints (tuples and numpy arrays accepted); a step is legal iff
/// one blank move joins the two boards.
SearchDomainRules tile_rules(const ref::TilePuzzle& puzzle);

/// States of `graph` are node names; a step is legal iff the edge is listed.
SearchDomainRules graph_rules(const ref::ExplicitGraph& graph);

/// States of any domain (a graph of the spec's `domains`, a maze) as the submission sees them
/// (SearchDomain::value_of); a step is legal iff the domain has it. `domain` is kept alive by the
/// rules.
SearchDomainRules domain_rules(std::shared_ptr<const SearchDomain> domain);

/// {"$fn": "table_actions" | "table_take_action", successors}: any domain's actions and results
/// from its table of reachable states (domains/search_domain.h state_space_table), built by the
/// driver. Throws SpecError at the test when the domain has too many states for a table.
nlohmann::json table_callback(const SearchDomain& domain, const TestSpec& test, bool take_action);

/// The test's `graph:` mapping (node: [successors]). Throws SpecError at the key.
ref::ExplicitGraph read_graph(const TestSpec& test);

}  // namespace sg
