#include "checkers/problem_judgements.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <regex>
#include <stdexcept>

#include "checkers/python_value.h"

namespace sg {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string path_text(const std::vector<std::string>& path) {
  return path.empty() ? std::string("at the start")
                      : fmt::format("after {}", fmt::join(path, ", "));
}

std::optional<double> number_of(const nlohmann::json& value) {
  if (value.is_number()) return value.get<double>();
  return std::nullopt;
}

// The first "(x, y)" in a student's state text, as "(x, y)".
std::optional<std::string> first_square(const std::string& text) {
  static const std::regex square(R"(\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\))");
  std::smatch match;
  if (!std::regex_search(text, match, square)) return std::nullopt;
  return fmt::format("({}, {})", match[1].str(), match[2].str());
}

std::string moves_text(std::vector<std::pair<std::string, double>> moves) {
  std::sort(moves.begin(), moves.end());
  std::vector<std::string> items;
  for (const auto& [action, cost] : moves) items.push_back(fmt::format("{} ({:g})", action, cost));
  return items.empty() ? std::string("none") : fmt::format("{}", fmt::join(items, ", "));
}

// The reference's optimum from its start (uniform-cost, at most `max_states`), or nullopt.
std::optional<double> reference_optimum(const ref::Problem& reference, std::size_t max_states) {
  const ref::CostToGoal space = ref::cost_to_goal(reference, max_states);
  if (!space.complete || space.cheapest.empty() || !std::isfinite(space.cheapest[0]))
    return std::nullopt;
  return space.cheapest[0];
}

}  // namespace

std::vector<std::string> ExploredProblem::path_to(std::size_t index) const {
  std::vector<std::string> path;
  while (index < parent.size() && parent[index] >= 0) {
    path.push_back(action[index]);
    index = static_cast<std::size_t>(parent[index]);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

ExploredProblem read_explored(const nlohmann::json& value) {
  if (!value.is_object() || !value.contains("states") || !value["states"].is_array() ||
      !value.contains("successors") || !value["successors"].is_array())
    throw std::invalid_argument("the explore op returned no states and successors");
  ExploredProblem explored;
  for (const auto& state : value["states"])
    explored.states.push_back(state.is_string() ? state.get<std::string>() : state.dump());
  for (const auto& goal : value.value("goal", nlohmann::json::array()))
    explored.goal.push_back(goal.is_boolean() && goal.get<bool>());
  for (const auto& listed : value["successors"]) {
    std::vector<StudentEdge> edges;
    for (const auto& edge : listed) {
      if (!edge.is_array() || edge.size() != 3 || !edge[1].is_number_integer())
        throw std::invalid_argument("a successor is not [action, index, cost]");
      edges.push_back({action_text(edge[0]), edge[1].get<std::size_t>(), number_of(edge[2])});
    }
    explored.successors.push_back(std::move(edges));
  }
  for (const auto& parent : value.value("parent", nlohmann::json::array()))
    explored.parent.push_back(parent.is_number_integer() ? parent.get<long>() : -1);
  for (const auto& action : value.value("action", nlohmann::json::array()))
    explored.action.push_back(action.is_null() ? std::string() : action_text(action));
  for (const auto& h : value.value("h", nlohmann::json::array()))
    explored.h.push_back(number_of(h));
  explored.complete = value.value("complete", false);
  if (const auto unhashable = value.find("unhashable");
      unhashable != value.end() && unhashable->is_object()) {
    explored.unhashable_state = unhashable->value("state", "");
    explored.unhashable_reason = unhashable->value("reason", "");
  }
  if (explored.parent.size() != explored.states.size() ||
      explored.action.size() != explored.states.size() ||
      explored.goal.size() != explored.successors.size())
    throw std::invalid_argument("the explore op's lists differ in length");
  for (const auto& edges : explored.successors)
    for (const StudentEdge& edge : edges)
      if (edge.to >= explored.states.size())
        throw std::invalid_argument("a successor's index is past the states");
  return explored;
}

ProblemJudgement judge_problem(const ExploredProblem& explored, const ref::Problem& reference,
                               const ProblemJudgementOptions& options) {
  ProblemJudgement judgement;
  judgement.start.aspect = "start";
  judgement.successors.aspect = "successors";
  judgement.goal_test.aspect = "goal_test";
  judgement.states.aspect = "states";
  judgement.solution_cost.aspect = "solution_cost";
  judgement.size.aspect = "size";
  const std::size_t count = explored.states.size();
  auto& reference_of = judgement.reference_of;
  reference_of.assign(count, std::nullopt);
  if (count == 0) return judgement;
  reference_of[0] = reference.initial_state();
  for (std::size_t i = 1; i < count; ++i) {
    const long parent = explored.parent[i];
    if (parent < 0 || !reference_of[static_cast<std::size_t>(parent)]) continue;
    if (const auto step = reference.step_named(*reference_of[static_cast<std::size_t>(parent)],
                                               explored.action[i]))
      reference_of[i] = step->state;
  }

  // start
  if (options.reference_position) {
    const auto expected = options.reference_position(*reference_of[0]);
    const auto found = first_square(explored.states[0]);
    judgement.start.passed = expected && found && *expected == *found;
    if (!judgement.start.passed)
      judgement.start.feedback =
          fmt::format("getStartState() is {}: {}; Pacman starts at {}", explored.states[0],
                      found ? "Pacman there is at " + *found : std::string("no (x, y) in it"),
                      expected.value_or("?"));
  } else {
    judgement.start.judged = false;
    judgement.start.passed = true;
    judgement.start.feedback = "not judged: the spec gives no position to compare";
  }

  // Where a search can go: from the start, expanding no goal.
  auto& searchable = judgement.searchable;
  auto& expandable = judgement.expandable;
  searchable.assign(count, false);
  expandable.assign(count, false);
  std::vector<std::size_t> waiting = {0};
  searchable[0] = true;
  while (!waiting.empty()) {
    const std::size_t i = waiting.back();
    waiting.pop_back();
    if (i >= explored.expanded() || (reference_of[i] && reference.is_goal(*reference_of[i])))
      continue;
    expandable[i] = true;
    for (const StudentEdge& edge : explored.successors[i])
      if (!searchable[edge.to]) {
        searchable[edge.to] = true;
        waiting.push_back(edge.to);
      }
  }

  // successors and goal_test, on every state a search can reach whose reference state is known;
  // beyond a goal, the first difference of each is a note
  std::size_t wrong_successors = 0;
  std::size_t wrong_goals = 0;
  std::string successors_beyond, goal_beyond;
  for (std::size_t i = 0; i < explored.expanded(); ++i) {
    if (!reference_of[i]) continue;
    const ref::State& here = *reference_of[i];
    const bool goal_here = reference.is_goal(here);
    std::vector<std::pair<std::string, double>> theirs;
    for (const StudentEdge& edge : explored.successors[i])
      theirs.emplace_back(edge.action, edge.cost.value_or(kInfinity));
    std::vector<std::pair<std::string, double>> ours;
    std::map<std::string, ref::State> ours_to;
    for (const ref::Step& step : reference.successors(here)) {
      ours.emplace_back(step.action, step.cost);
      ours_to[step.action] = step.state;
    }
    auto sorted_theirs = theirs;
    auto sorted_ours = ours;
    std::sort(sorted_theirs.begin(), sorted_theirs.end());
    std::sort(sorted_ours.begin(), sorted_ours.end());
    std::string squares_wrong;
    if (options.reference_position && sorted_theirs == sorted_ours)
      for (const StudentEdge& edge : explored.successors[i]) {
        const auto expected = options.reference_position(ours_to[edge.action]);
        const auto found = first_square(explored.states[edge.to]);
        if (expected && found && *expected != *found && squares_wrong.empty())
          squares_wrong = fmt::format("{} leads to {} (your state {}), not {}", edge.action, *found,
                                      explored.states[edge.to], *expected);
      }
    if (sorted_theirs != sorted_ours || !squares_wrong.empty()) {
      const std::string what = fmt::format(
          "{} (your state {}; the problem's {}): {}", path_text(explored.path_to(i)),
          explored.states[i], here,
          squares_wrong.empty() ? fmt::format("getSuccessors gives {}; the legal moves are {}",
                                              moves_text(theirs), moves_text(ours))
                                : squares_wrong);
      if (expandable[i]) {
        if (wrong_successors++ == 0) judgement.successors.feedback = what;
      } else if (successors_beyond.empty()) {
        successors_beyond = what;
      }
    }
    if (explored.goal[i] != goal_here) {
      const std::string what =
          fmt::format("{} (your state {}; the problem's {}): isGoalState says {}, but it is {}",
                      path_text(explored.path_to(i)), explored.states[i], here,
                      explored.goal[i] ? "True" : "False", goal_here ? "a goal" : "not a goal");
      if (searchable[i]) {
        if (wrong_goals++ == 0) judgement.goal_test.feedback = what;
      } else if (goal_beyond.empty()) {
        goal_beyond = what;
      }
    }
  }
  const auto searched = static_cast<std::size_t>(std::count(
      expandable.begin(), expandable.begin() + static_cast<long>(explored.expanded()), true));
  const auto searchable_count = static_cast<std::size_t>(std::count(
      searchable.begin(), searchable.begin() + static_cast<long>(explored.expanded()), true));
  constexpr const char* kBeyond =
      "beyond a goal, where no search that stops at its first goal goes (not graded): ";
  if (!goal_beyond.empty()) judgement.notes.push_back(kBeyond + goal_beyond);
  if (!successors_beyond.empty()) judgement.notes.push_back(kBeyond + successors_beyond);
  judgement.successors.passed = wrong_successors == 0;
  if (wrong_successors > 1)
    judgement.successors.feedback +=
        fmt::format("\n({} of the {} states a search expands have wrong successors)",
                    wrong_successors, searched);
  judgement.goal_test.passed = wrong_goals == 0;
  if (wrong_goals > 1)
    judgement.goal_test.feedback +=
        fmt::format("\n({} of the {} states a search reaches are judged wrongly)", wrong_goals,
                    searchable_count);

  // states: an edge a search follows whose reference result differs from its target's
  std::size_t merged = 0;
  for (std::size_t i = 0; i < explored.expanded() && merged == 0; ++i) {
    if (!reference_of[i] || !expandable[i]) continue;
    for (const StudentEdge& edge : explored.successors[i]) {
      const auto step = reference.step_named(*reference_of[i], edge.action);
      if (!step || !reference_of[edge.to] || step->state == *reference_of[edge.to]) continue;
      ++merged;
      std::vector<std::string> other = explored.path_to(i);
      other.push_back(edge.action);
      judgement.states.feedback = fmt::format(
          "your state {} is reached {} and {}, which the problem tells apart: {} and {} (a "
          "state must hold everything the goal test and the moves depend on)",
          explored.states[edge.to], path_text(explored.path_to(edge.to)), path_text(other),
          *reference_of[edge.to], step->state);
      break;
    }
  }
  judgement.states.passed = merged == 0;

  // solution_cost: uniform-cost over the student's explored space
  const auto optimum = reference_optimum(reference, options.max_reference_states);
  std::vector<double> cost(count, kInfinity);
  using Entry = std::pair<double, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> frontier;
  cost[0] = 0;
  frontier.push({0, 0});
  std::optional<std::size_t> reached;
  while (!frontier.empty()) {
    const auto [g, i] = frontier.top();
    frontier.pop();
    if (g > cost[i]) continue;
    if (i >= explored.expanded()) continue;
    if (explored.goal[i]) {
      reached = i;
      break;
    }
    for (const StudentEdge& edge : explored.successors[i]) {
      const double step = edge.cost.value_or(kInfinity);
      if (step >= 0 && g + step < cost[edge.to]) {
        cost[edge.to] = g + step;
        frontier.push({cost[edge.to], edge.to});
      }
    }
  }
  if (!optimum) {
    judgement.solution_cost.judged = false;
    judgement.solution_cost.passed = true;
    judgement.solution_cost.feedback = "not judged: the reference finds no solution";
  } else if (!reached) {
    judgement.solution_cost.feedback =
        explored.complete
            ? fmt::format("no state your isGoalState accepts is reachable; the optimum costs {:g}",
                          *optimum)
            : fmt::format(
                  "no goal among the first {} states of your problem; the optimum "
                  "costs {:g}",
                  explored.expanded(), *optimum);
  } else {
    judgement.solution_cost.passed = std::fabs(cost[*reached] - *optimum) < 1e-9;
    if (!judgement.solution_cost.passed)
      judgement.solution_cost.feedback = fmt::format(
          "the cheapest path to a goal of your problem costs {:g} ({}: your state {}); the "
          "optimum costs {:g}",
          cost[*reached], fmt::join(explored.path_to(*reached), ", "), explored.states[*reached],
          *optimum);
  }

  if (!explored.unhashable_state.empty())
    judgement.notes.push_back(fmt::format(
        "your states cannot be hashed ({}: {}), so they were compared by == instead (not graded); "
        "a search that keeps its visited states in a set or a dict, as Berkeley's graph search "
        "does, would fail on them: a tuple or a frozenset would not",
        explored.unhashable_reason, explored.unhashable_state));

  // size
  const ref::CostToGoal space = ref::cost_to_goal(reference, options.max_reference_states);
  if (space.complete && options.size_leeway > 0) {
    const double limit = options.size_leeway * static_cast<double>(space.states.size());
    const double found = static_cast<double>(count);
    judgement.size.passed = found <= limit;
    judgement.size.judged = explored.complete || found > limit;
    judgement.notes.push_back(fmt::format("your problem has {}{} states; the problem has {}",
                                          explored.complete ? "" : "more than ", count,
                                          space.states.size()));
    if (!judgement.size.passed)
      judgement.size.feedback = fmt::format(
          "your problem has {}{} states, more than {:g} times the {} the problem has (a state "
          "should hold only what the goal test and the moves depend on)",
          explored.complete ? "" : "more than ", count, options.size_leeway, space.states.size());
  } else {
    judgement.size.judged = false;
    judgement.size.passed = true;
    judgement.size.feedback = "not judged: the problem is too large to count";
  }
  return judgement;
}

std::vector<std::size_t> searchable_states(const ExploredProblem& explored,
                                           const ProblemJudgement& judgement) {
  std::vector<std::size_t> judged;
  for (std::size_t i = 0; i < explored.expanded(); ++i)
    if (i < judgement.searchable.size() && judgement.searchable[i]) judged.push_back(i);
  return judged;
}

ref::CostToGoal student_cost_to_goal(const ExploredProblem& explored,
                                     const ProblemJudgement& judgement,
                                     const std::vector<std::size_t>& judged,
                                     const ref::Problem& reference,
                                     std::size_t max_reference_states) {
  const ref::CostToGoal truth = ref::cost_to_goal(reference, max_reference_states);
  std::map<ref::State, double> cheapest;
  for (std::size_t i = 0; i < truth.states.size(); ++i)
    cheapest[truth.states[i]] = truth.cheapest[i];
  std::map<std::size_t, std::size_t> position;  // explored index -> index in the space
  for (std::size_t k = 0; k < judged.size(); ++k) position[judged[k]] = k;
  ref::CostToGoal space;
  space.complete = explored.complete;
  space.sampled = !explored.complete || !truth.complete;
  for (const std::size_t i : judged) {
    space.states.push_back(explored.states[i]);
    double h_star = kInfinity;
    if (judgement.reference_of[i]) {
      const auto found = cheapest.find(*judgement.reference_of[i]);
      if (found != cheapest.end()) h_star = found->second;
    }
    space.cheapest.push_back(h_star);
  }
  for (const std::size_t i : judged) {
    std::vector<std::pair<std::size_t, double>> edges;
    if (judgement.expandable[i])
      for (const StudentEdge& edge : explored.successors[i])
        if (const auto to = position.find(edge.to); to != position.end())
          edges.emplace_back(to->second, edge.cost.value_or(1.0));
    space.edges.push_back(std::move(edges));
  }
  return space;
}

ExploredSpaceProblem::ExploredSpaceProblem(const ExploredProblem& explored,
                                           std::vector<std::optional<ref::State>> reference_of,
                                           const ref::Problem& reference)
    : explored_(explored), reference_of_(std::move(reference_of)), reference_(reference) {
  for (std::size_t i = 0; i < explored_.states.size(); ++i) index_.emplace(explored_.states[i], i);
}

ref::State ExploredSpaceProblem::initial_state() const { return explored_.states.at(0); }

std::vector<ref::Step> ExploredSpaceProblem::successors(const ref::State& state) const {
  std::vector<ref::Step> steps;
  const auto found = index_.find(state);
  if (found == index_.end() || found->second >= explored_.expanded()) return steps;
  for (const StudentEdge& edge : explored_.successors[found->second])
    steps.push_back({edge.action, explored_.states[edge.to], edge.cost.value_or(1.0)});
  return steps;
}

bool ExploredSpaceProblem::is_goal(const ref::State& state) const {
  const auto found = index_.find(state);
  if (found == index_.end() || !reference_of_[found->second]) return false;
  return reference_.is_goal(*reference_of_[found->second]);
}

double ExploredSpaceProblem::h(const ref::State& state) const {
  const auto found = index_.find(state);
  if (found == index_.end() || !reference_of_[found->second]) return 0;
  return reference_.h(*reference_of_[found->second]);
}

}  // namespace sg
