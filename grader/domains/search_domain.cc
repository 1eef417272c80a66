#include "domains/search_domain.h"

#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <memory>
#include <regex>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "checkers/python_value.h"
#include "domains/domain_section.h"
#include "domains/rules_world.h"
#include "domains/sliding_tile_setup.h"
#include "domains/tile_hints.h"
#include "notation/lisp_grid.h"  // NotationError
#include "reference/graph_problem.h"
#include "reference/grid_maze.h"
#include "reference/pacman_problems.h"
#include "reference/reframed_problem.h"
#include "reference/tile_problem.h"
#include "spec/edit_distance.h"

namespace sg {
namespace {

std::shared_ptr<const ref::Graph> read_graph(const SpecSection& section, const std::string& name) {
  only_keys(section, fmt::format("the graph domain '{}'", name),
            {"type", "file", "directed", "edges", "nodes", "heuristic", "successor_order"});
  auto graph = std::make_shared<ref::Graph>();
  const nlohmann::json& value = section.value;
  if (value.contains("directed")) {
    if (!value["directed"].is_boolean()) fail_at(section, "/directed", "directed: true or false");
    graph->directed = value["directed"].get<bool>();
  }
  if (!value.contains("edges") || !value["edges"].is_array())
    fail_at(section, "",
            fmt::format("the graph '{}' needs `edges`: a list of [from, to, cost]", name));
  for (std::size_t i = 0; i < value["edges"].size(); ++i) {
    const nlohmann::json& item = value["edges"][i];
    const std::string pointer = fmt::format("/edges/{}", i);
    ref::GraphEdge edge;
    nlohmann::json from, to, cost = 1, action = "";
    if (item.is_array() && item.size() >= 2 && item.size() <= 4) {
      from = item[0];
      to = item[1];
      if (item.size() >= 3) cost = item[2];
      if (item.size() == 4) action = item[3];
    } else if (item.is_object()) {
      from = item.value("from", nlohmann::json());
      to = item.value("to", nlohmann::json());
      cost = item.value("cost", nlohmann::json(1));
      action = item.value("action", nlohmann::json(""));
    } else {
      fail_at(section, pointer,
              "an edge is [from, to], [from, to, cost], [from, to, cost, action] "
              "or {from, to, cost, action}");
    }
    const auto from_name = name_in_spec(from);
    const auto to_name = name_in_spec(to);
    if (!from_name || !to_name || !cost.is_number() || !action.is_string())
      fail_at(section, pointer, "an edge's nodes are names, its cost a number, its action a name");
    edge.from = *from_name;
    edge.to = *to_name;
    edge.cost = cost.get<double>();
    edge.action = action.get<std::string>();
    graph->edges.push_back(std::move(edge));
  }
  if (value.contains("nodes")) {
    if (!value["nodes"].is_array()) fail_at(section, "/nodes", "nodes: a list of node names");
    for (const auto& node : value["nodes"]) {
      const auto node_text = name_in_spec(node);
      if (!node_text) fail_at(section, "/nodes", "nodes: a list of node names");
      graph->extra_nodes.insert(*node_text);
    }
  }
  if (value.contains("heuristic")) {
    if (!value["heuristic"].is_object())
      fail_at(section, "/heuristic", "heuristic: a mapping node: h");
    for (const auto& [node, h] : value["heuristic"].items()) {
      if (!h.is_number())
        fail_at(section, "/heuristic/" + node,
                fmt::format("the heuristic of {} is not a number", node));
      graph->heuristic[node] = h.get<double>();
    }
  }
  try {
    ref::validate_graph(*graph);
  } catch (const std::invalid_argument& error) {
    fail_at(section, "", fmt::format("the graph '{}': {}", name, error.what()));
  }
  return graph;
}

std::string required_string(const SpecSection& section, const std::string& key,
                            const std::vector<std::string>& choices, const std::string& fallback) {
  if (!section.value.contains(key)) return fallback;
  const auto& value = section.value[key];
  if (!value.is_string() ||
      std::find(choices.begin(), choices.end(), value.get<std::string>()) == choices.end())
    fail_at(section, "/" + key, fmt::format("{} must be one of {}", key, fmt::join(choices, ", ")));
  return value.get<std::string>();
}

SearchDomain graph_domain(const SpecSection& section, const std::string& name,
                          const TestSpec& test) {
  const auto graph = read_graph(section, name);
  const std::string order =
      required_string(section, "successor_order", {"as_listed", "alphabetical"}, "as_listed");
  const auto start =
      test.input.contains("start") ? name_in_spec(test.input["start"]) : std::nullopt;
  if (!start)
    throw SpecError(location_of(test, "/start"),
                    fmt::format("a search test on the graph '{}' needs `start:` (a node)", name));
  std::set<std::string> goals;
  const nlohmann::json goal = test.input.value("goal", nlohmann::json());
  for (const auto& item : goal.is_array() ? goal : nlohmann::json::array({goal})) {
    const auto goal_name = name_in_spec(item);
    if (!goal_name)
      throw SpecError(location_of(test, "/goal"),
                      fmt::format("a search test on the graph '{}' needs `goal:` (a node, or a "
                                  "list of nodes)",
                                  name));
    goals.insert(*goal_name);
  }
  // A start or goal the graph lacks is located at its key (a `reject` test relies on it).
  const std::set<std::string> nodes = ref::graph_nodes(*graph);
  const std::vector<std::string> known(nodes.begin(), nodes.end());
  if (!nodes.count(*start))
    throw SpecError(location_of(test, "/start"),
                    fmt::format("the start '{}' is not a node of the graph '{}'{}", *start, name,
                                did_you_mean(*start, known)));
  for (const std::string& goal_name : goals)
    if (!nodes.count(goal_name))
      throw SpecError(location_of(test, "/goal"),
                      fmt::format("the goal '{}' is not a node of the graph '{}'{}", goal_name,
                                  name, did_you_mean(goal_name, known)));
  SearchDomain domain;
  domain.name = name;
  domain.type = "graph";
  try {
    domain.problem = std::make_shared<ref::GraphProblem>(
        graph, *start, goals,
        order == "alphabetical" ? ref::GraphSuccessorOrder::alphabetical
                                : ref::GraphSuccessorOrder::as_listed);
  } catch (const std::invalid_argument& error) {
    throw SpecError(test.where, fmt::format("test '{}': {}", test.id, error.what()));
  }
  return domain;
}

SearchDomain grid_domain(const SpecSection& section, const std::string& name,
                         const TestSpec& test) {
  only_keys(section, fmt::format("the grid domain '{}'", name),
            {"type", "file", "map", "coordinates", "moves", "heuristic"});
  if (!section.value.contains("map") || !section.value["map"].is_string())
    fail_at(section, "",
            fmt::format("the grid '{}' needs `map:` (the maze's text) or `file:`", name));
  std::shared_ptr<ref::Maze> maze;
  try {
    maze = std::make_shared<ref::Maze>(ref::parse_maze(section.value["map"].get<std::string>()));
  } catch (const std::invalid_argument& error) {
    fail_at(section, "/map", fmt::format("the maze '{}': {}", name, error.what()));
  }
  const std::string coordinates =
      required_string(section, "coordinates", {"row_col", "xy"}, "row_col");
  std::vector<ref::MazeMove> moves = ref::GridProblem::berkeley_moves();
  if (section.value.contains("moves")) {
    moves.clear();
    const auto& given = section.value["moves"];
    if (!given.is_array() || given.empty())
      fail_at(section, "/moves",
              "moves: a list of move names (North, South, East, West, or up, "
              "down, left, right), in the order successors are generated");
    for (const auto& move : given) {
      const auto direction =
          move.is_string() ? ref::parse_maze_direction(move.get<std::string>()) : std::nullopt;
      if (!direction)
        fail_at(section, "/moves",
                fmt::format("{} is not a move: use North, South, East, West "
                            "(or up, down, right, left; n, s, e, w)",
                            move.dump()));
      moves.push_back({*direction, move.get<std::string>()});
    }
  }
  const std::string heuristic =
      required_string(section, "heuristic", {"manhattan", "euclidean", "zero"}, "manhattan");
  for (const char* key : {"start", "goal"}) {
    if (test.input.contains(key))
      throw SpecError(location_of(test, std::string("/") + key),
                      fmt::format("a maze takes its {} from its map (S or P, G or .)", key));
  }
  SearchDomain domain;
  domain.name = name;
  domain.type = "grid";
  domain.problem = std::make_shared<ref::GridProblem>(
      maze, coordinates == "xy" ? ref::MazeCoordinates::xy : ref::MazeCoordinates::row_col,
      std::move(moves),
      heuristic == "zero"        ? ref::MazeHeuristic::zero
      : heuristic == "euclidean" ? ref::MazeHeuristic::euclidean
                                 : ref::MazeHeuristic::manhattan);
  return domain;
}

SearchDomain pacman_domain(const SpecSection& section, const std::string& name,
                           const TestSpec& test) {
  only_keys(section, fmt::format("the Pacman search domain '{}'", name),
            {"type", "file", "layout", "problem", "goal"});
  const nlohmann::json& value = section.value;
  if (!value.contains("layout") || !value["layout"].is_string())
    fail_at(section, "/layout",
            "layout: the world in Berkeley's .lay form ('%' walls, '.' food, 'P' Pacman), "
            "written in the spec or read from `file:`");
  const std::string problem =
      required_string(section, "problem", {"position", "corners", "food", "any_food"}, "position");
  ref::Cell goal{1, 1};
  if (value.contains("goal")) {
    const auto cell = as_int_list(value["goal"]);
    if (!cell || cell->size() != 2)
      fail_at(section, "/goal", "goal: the position problem's goal square, [x, y]");
    goal = {static_cast<int>((*cell)[0]), static_cast<int>((*cell)[1])};
  }
  for (const char* key : {"start", "goal"})
    if (test.input.contains(key))
      throw SpecError(
          location_of(test, std::string("/") + key),
          fmt::format("a Pacman world takes its {} from its layout and `problem:`", key));
  SearchDomain domain;
  domain.name = name;
  domain.type = "pacman_problem";
  try {
    domain.layout = value["layout"].get<std::string>();
    domain.problem = std::make_shared<ref::PacmanProblem>(ref::parse_pacman_layout(domain.layout),
                                                          *ref::parse_pacman_goal(problem), goal);
  } catch (const std::invalid_argument& error) {
    fail_at(section, value.contains("file") ? "/file" : "/layout",
            fmt::format("the Pacman search domain '{}': {}", name, error.what()));
  }
  return domain;
}

// A board: the spec's `domain` (named "domain") or one of its `domains`, with the test's start
// (and goal), its successors in the domain's action_order under `search.successor_order:
// move_order`, else in ascending order of the boards.
SearchDomain tile_domain(const Assignment& assignment, const SlidingTileDomain& board,
                         const std::string& name, const TestSpec& test) {
  const ref::TilePuzzle puzzle = board_for_test(board, assignment.state_notation, test, false);
  const ref::Tiles start = read_state(test, "start", puzzle, assignment.state_notation);
  SearchDomain domain;
  domain.name = name;
  domain.type = "sliding_tile";
  std::vector<ref::BlankMove> order;
  if (successors_in_action_order(assignment)) order = board_action_order(board);
  domain.problem = std::make_shared<ref::TileProblem>(puzzle, start, board_heuristic(board), order);
  domain.hints = tile_hints(puzzle, board_heuristic(board));
  domain.consistent_heuristic = true;  // misplaced tiles and Manhattan (torus-aware), no blanks
  domain.board_notation = find_board_notation(assignment.state_notation);
  domain.board_shape = {puzzle.rows(), puzzle.cols()};
  return domain;
}

// A board of a rules world written in the spec's notation ("b12 345 678") as the rules' tuple,
// {"$tuple": [...]}; null for anything else.
nlohmann::json board_value_of_text(const SearchDomain& domain, const nlohmann::json& value) {
  if (!value.is_string() || !domain.board_notation) return nullptr;
  try {
    return {{"$tuple", domain.board_notation->parse(value.get<std::string>(), domain.board_shape)}};
  } catch (const std::exception&) {
    return nullptr;  // not a board in the notation: the world judges the value as it is
  }
}

// A world the course wrote as a rules file, from the test's start (or its `initial`).
SearchDomain rules_domain_from(const Assignment& assignment, const SpecSection& section,
                               const std::string& name, const TestSpec& test,
                               std::optional<int> start_depth) {
  SearchDomain domain;
  domain.name = name;
  domain.type = "rules";
  domain.rules_file = rules_file_value(section);
  domain.rules_answers = rules_problem(section, name);
  domain.problem = domain.rules_answers;
  domain.consistent_heuristic = domain.rules_answers->consistent_h();
  if (const std::optional<RulesBoard> board = rules_board(section)) {
    domain.board_notation = find_board_notation(assignment.state_notation);
    domain.board_shape = board->shape;
    domain.board_as_list = board->as_list;
  }
  // A start or a listed state the world's `initial` does not reach (a board of the other
  // parity) is asked on demand: the world explored from it, whole for a start (or as deep as
  // the test looks), one action deep for a state whose successors alone are listed.
  const char* const asked_key = test.input.contains("start")   ? "start"
                                : test.input.contains("state") ? "state"
                                                               : nullptr;
  if (asked_key == nullptr) return domain;
  const bool listed_state = asked_key == std::string("state");
  const nlohmann::json& given = test.input[asked_key];
  const nlohmann::json written = board_value_of_text(domain, given);
  const nlohmann::json& asked = written.is_null() ? given : written;
  if (const std::optional<ref::State> start = domain.state_of(asked)) {
    if (!listed_state)
      domain.problem = std::make_shared<ref::ReframedProblem>(domain.rules_answers, *start);
    return domain;
  }
  domain.rules_answers =
      rules_problem_at(section, name, asked, listed_state ? std::optional<int>(1) : start_depth,
                       location_of(test, std::string("/") + asked_key));
  domain.problem = domain.rules_answers;
  domain.consistent_heuristic = domain.rules_answers->consistent_h();
  return domain;
}

// A test's own goal on a rules world: a state of the world seen from the test's start. The
// world's h estimates the cost to its own goals, so an informed search is refused.
void give_test_goal(SearchDomain& domain, const TestSpec& test) {
  const std::optional<ref::State> goal = domain.state_of(test.input["goal"]);
  if (!goal)
    throw SpecError(location_of(test, "/goal"),
                    fmt::format("goal: {} is no state of the rules world '{}' reachable from the "
                                "test's start",
                                test.input["goal"].dump(), domain.name));
  const nlohmann::json algorithm = test.input.value("algorithm", nlohmann::json::object());
  const std::string strategy =
      algorithm.is_object() ? algorithm.value("strategy", std::string()) : std::string();
  if (strategy == "astar" || strategy == "greedy")
    throw SpecError(location_of(test, "/goal"),
                    fmt::format("goal: the rules world's h estimates the cost to its own goals "
                                "(is_goal), not to this one, so {} cannot use it; give the "
                                "class other `args:` in another domain",
                                strategy));
  domain.goal = goal;
  domain.problem = std::make_shared<ref::ReframedProblem>(domain.problem,
                                                          domain.problem->initial_state(), *goal);
  domain.consistent_heuristic = true;  // h is 0
}

// A world the course wrote as a rules file: its goals are the world's own unless the test gives
// `goal:`, and so is its start unless the test gives `start:`.
SearchDomain rules_domain(const Assignment& assignment, const SpecSection& section,
                          const std::string& name, const TestSpec& test,
                          std::optional<int> start_depth) {
  SearchDomain domain = rules_domain_from(assignment, section, name, test, start_depth);
  if (test.input.contains("goal")) give_test_goal(domain, test);
  return domain;
}

const RulesProblem* rules_world(const SearchDomain& domain) {
  return domain.type == "rules" ? domain.rules_answers.get() : nullptr;
}

// Two integers in a printed cell: "(1, 2)", "(1,2)", "1 2", "[1, 2]".
std::optional<std::pair<long long, long long>> two_ints(std::string_view text) {
  static const std::regex pattern(R"(^\s*[\(\[]?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*[\)\]]?\s*$)");
  std::cmatch match;
  if (!std::regex_match(text.begin(), text.end(), match, pattern)) return std::nullopt;
  return std::pair{std::stoll(match[1].str()), std::stoll(match[2].str())};
}

}  // namespace

std::vector<ref::State> goal_states(const SearchDomain& domain) {
  std::vector<ref::State> goals;
  if (const auto* graph = dynamic_cast<const ref::GraphProblem*>(domain.problem.get())) {
    goals.assign(graph->goals().begin(), graph->goals().end());
  } else if (const auto* grid = dynamic_cast<const ref::GridProblem*>(domain.problem.get())) {
    for (const auto& [row, col] : grid->maze().goals) goals.push_back(grid->state_of(row, col));
  } else if (const auto* tiles = dynamic_cast<const ref::TileProblem*>(domain.problem.get())) {
    goals.push_back(ref::tiles_state(tiles->puzzle().goal()));
  } else if (domain.goal) {
    goals.push_back(*domain.goal);
  } else if (const RulesProblem* world = rules_world(domain)) {
    goals = world->goals();
  }
  return goals;
}

ref::StateLess python_order(const SearchDomain& domain) {
  auto values = std::make_shared<std::unordered_map<ref::State, nlohmann::json>>();
  const auto value = [&domain, values](const ref::State& state) -> const nlohmann::json& {
    auto found = values->find(state);
    if (found == values->end()) {
      nlohmann::json read = domain.value_of(state);
      if (read.contains("$tuple")) read = read["$tuple"];
      found = values->emplace(state, std::move(read)).first;
    }
    return found->second;
  };
  return [value](const ref::State& a, const ref::State& b) { return value(a) < value(b); };
}

std::string ascending_order_wording(const SearchDomain& domain) {
  if (domain.type == "graph") return "in alphabetical order";
  if (domain.type == "sliding_tile" || domain.board_as_list)
    return "in ascending order, as Python's sorted() orders the lists";
  return "in ascending order, as Python's sorted() orders the tuples";
}

nlohmann::json number_value(double value) {
  if (std::floor(value) == value && std::fabs(value) < 1e15) return static_cast<long long>(value);
  return value;
}

nlohmann::json SearchDomain::value_of(const ref::State& state) const {
  if (const RulesProblem* world = rules_world(*this)) {
    nlohmann::json value = world->value_of(state);
    if (value.is_null()) return state;
    if (board_as_list && value.contains("$tuple")) return value["$tuple"];
    return value;
  }
  if (type == "grid" || type == "pacman_problem") {
    const auto pair = two_ints(state);
    if (pair) return {{"$tuple", {pair->first, pair->second}}};
  }
  if (type == "sliding_tile") {
    if (const auto tiles = ref::parse_tiles_state(state)) return *tiles;
  }
  return state;
}

std::optional<ref::State> SearchDomain::state_of(const nlohmann::json& value) const {
  if (const RulesProblem* world = rules_world(*this)) {
    if (auto state = world->state_of(value)) return state;
    // A list where the world's states are tuples, or a tuple where they are lists: the same
    // state, in another form (a format criterion may say so).
    if (value.is_array()) return world->state_of({{"$tuple", value}});
    if (value.is_object() && value.contains("$tuple")) return world->state_of(value["$tuple"]);
    if (value.is_object() && value.contains("$ndarray")) return state_of(value["$ndarray"]);
    if (value.is_string() && board_notation) {  // a board in the spec's notation
      const nlohmann::json board = board_value_of_text(*this, value);
      if (!board.is_null()) return world->state_of(board);
    }
    return std::nullopt;
  }
  std::optional<ref::State> state;
  if (type == "graph") {
    if (value.is_string()) state = value.get<std::string>();
    if (value.is_number_integer()) state = std::to_string(value.get<long long>());
  } else if (type == "grid" || type == "pacman_problem") {
    const auto cell = as_int_list(value);
    if (cell && cell->size() == 2) state = fmt::format("({}, {})", (*cell)[0], (*cell)[1]);
  } else if (const auto tiles = as_int_list(value)) {
    state = ref::tiles_state(*tiles);
  } else if (value.is_string()) {
    return state_of_text(value.get<std::string>());  // a board in the spec's notation
  }
  if (state && problem->is_state(*state)) return state;
  return std::nullopt;
}

std::optional<ref::State> SearchDomain::state_of_text(std::string_view text) const {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\'' || text.front() == '"'))
    text.remove_prefix(1);
  while (!text.empty() &&
         (text.back() == ' ' || text.back() == '\'' || text.back() == '"' || text.back() == ','))
    text.remove_suffix(1);
  std::optional<ref::State> state;
  if (type == "rules" && board_notation) {
    try {  // a board in the spec's notation
      const ref::Tiles tiles = board_notation->parse(text, board_shape);
      if (auto found = rules_answers->state_of({{"$tuple", tiles}})) return found;
    } catch (const NotationError&) {
    }
  }
  if (type == "rules") {
    // As repr writes it, whatever the spacing after its commas and colons.
    static const std::regex separator(R"(\s*([,:])\s*)");
    static const std::regex single(R"(, ([\)\]]))");
    state =
        std::regex_replace(std::regex_replace(std::string(text), separator, "$1 "), single, ",$1");
    if (!state->empty() && state->back() == ' ') state->pop_back();
    if (!problem->is_state(*state)) state = fmt::format("'{}'", *state);  // a string state
  } else if (type == "graph") {
    state = std::string(text);
  } else if (type == "grid" || type == "pacman_problem") {
    if (const auto pair = two_ints(text))
      state = fmt::format("({}, {})", pair->first, pair->second);
  } else if (board_notation) {
    try {
      state = ref::tiles_state(board_notation->parse(text, board_shape));
    } catch (const NotationError&) {
      return std::nullopt;
    }
  }
  if (state && problem->is_state(*state)) return state;
  return std::nullopt;
}

std::optional<ref::State> SearchDomain::state_of_any_text(std::string_view text) const {
  if (auto state = state_of_text(text); state || !board_notation) return state;
  SearchDomain other = *this;
  for (const BoardNotation& notation : board_notations()) {
    if (notation.name == board_notation->name) continue;
    other.board_notation = &notation;
    if (auto state = other.state_of_text(text)) return state;
  }
  return std::nullopt;
}

nlohmann::json SearchDomain::action_value(const std::string& action) const {
  if (const RulesProblem* world = rules_world(*this)) return world->action_value(action);
  return action;
}

std::optional<ref::Tiles> SearchDomain::tiles_of(const ref::State& state) const {
  if (!board_notation) return std::nullopt;
  return rules_answers ? rules_board_tiles(rules_answers->value_of(state), board_shape)
                       : ref::parse_tiles_state(state);
}

std::string SearchDomain::text_of(const ref::State& state) const {
  const std::optional<ref::Tiles> tiles = tiles_of(state);
  if (!tiles) return state;
  try {
    return board_notation->print(*tiles, board_shape);
  } catch (const std::invalid_argument&) {
    return state;  // a board the notation cannot write (compact: a tile over 9)
  }
}

SearchDomain search_domain(const Assignment& assignment, const TestSpec& test,
                           std::optional<int> start_depth) {
  if (!test.input.contains("domain")) {
    if (!assignment.domain)
      throw SpecError(test.where, "a search test needs `domain:` (one of the spec's `domains`)");
    return tile_domain(assignment, *assignment.domain, "domain", test);
  }
  const auto& name_value = test.input["domain"];
  std::vector<std::string> names;
  for (const auto& [name, section] : assignment.domains) names.push_back(name);
  const std::string name = name_value.is_string() ? name_value.get<std::string>() : "";
  const auto found = assignment.domains.find(name);
  if (found == assignment.domains.end())
    throw SpecError(
        location_of(test, "/domain"),
        fmt::format(
            "no domain '{}' in the spec's `domains`{}; it has: {}", name, did_you_mean(name, names),
            names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
  const SpecSection& section = found->second;
  const std::string type = section.value.value("type", "");
  if (type == "graph") return graph_domain(section, name, test);
  if (type == "grid") return grid_domain(section, name, test);
  if (type == "pacman_problem") return pacman_domain(section, name, test);
  if (type == "sliding_tile")
    return tile_domain(assignment, assignment.boards.at(name), name, test);
  if (type == "rules") return rules_domain(assignment, section, name, test, start_depth);
  fail_at(section, "/type",
          fmt::format("the domain '{}' needs `type: graph`, `type: grid`, `type: sliding_tile`, "
                      "`type: pacman_problem` or `type: rules`",
                      name));
}

SearchDomain states_domain(const Assignment& assignment, const TestSpec& test) {
  const nlohmann::json& name = test.input.contains("domain") ? test.input["domain"] : nullptr;
  const auto found = assignment.domains.find(name.is_string() ? name.get<std::string>() : "");
  if (found != assignment.domains.end() && !test.input.contains("start") &&
      assignment.boards.contains(found->first)) {  // a board's states need no start: its goal
    TestSpec located = test;
    located.input["start"] = assignment.boards.at(found->first).goal;
    return search_domain(assignment, located);
  }
  if (found == assignment.domains.end() || found->second.value.value("type", "") != "graph" ||
      test.input.contains("start"))
    return search_domain(assignment, test);
  const auto graph = read_graph(found->second, found->first);
  std::string first;
  if (!graph->edges.empty()) first = graph->edges.front().from;
  if (first.empty() && !graph->extra_nodes.empty()) first = *graph->extra_nodes.begin();
  TestSpec located = test;
  located.input["start"] = first;
  if (!located.input.contains("goal")) located.input["goal"] = first;
  return search_domain(assignment, located);
}

ref::State single_goal(const SearchDomain& domain, const TestSpec& test) {
  const std::vector<ref::State> goals = goal_states(domain);
  if (goals.size() != 1)
    throw SpecError(location_of(test, test.input.contains("goal") ? "/goal" : "/domain"),
                    fmt::format("the call is handed one goal state, and '{}' has {}: name one",
                                domain.name, goals.size()));
  return goals.front();
}

std::vector<ref::State> successor_states(const SearchDomain& domain, const ref::State& state) {
  std::vector<ref::State> states;
  for (ref::Step& step : domain.problem->successors(state)) states.push_back(std::move(step.state));
  return states;
}

nlohmann::json state_space_table(const SearchDomain& domain, const TestSpec& test,
                                 std::size_t max_states) {
  const ref::Problem& problem = *domain.problem;
  nlohmann::json successors = nlohmann::json::object();
  nlohmann::json heuristic = nlohmann::json::object();
  nlohmann::json goals = nlohmann::json::array();
  const ref::State start = problem.initial_state();
  std::unordered_set<ref::State> seen{start};
  std::deque<ref::State> queue{start};
  while (!queue.empty()) {
    const ref::State state = std::move(queue.front());
    queue.pop_front();
    if (problem.is_goal(state)) goals.push_back(domain.value_of(state));
    heuristic[state] = number_value(problem.h(state));
    nlohmann::json steps = nlohmann::json::array();
    for (const ref::Step& step : problem.successors(state)) {
      steps.push_back(
          {domain.value_of(step.state), domain.action_value(step.action), number_value(step.cost)});
      if (seen.insert(step.state).second) {
        if (seen.size() > max_states)
          throw SpecError(test.where,
                          fmt::format("the domain '{}' has more than {} states reachable from the "
                                      "start: too many for a problem object",
                                      domain.name, max_states));
        queue.push_back(step.state);
      }
    }
    successors[state] = std::move(steps);
  }
  return {{"start", domain.value_of(start)},
          {"goals", goals},
          {"successors", successors},
          {"heuristic", heuristic},
          {"key", domain.type == "rules" ? "state_text" : "str"}};
}

}  // namespace sg
