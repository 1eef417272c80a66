#include "algorithms/problem_mutants.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace sg {

ExploredProblem explore_reference(const ref::Problem& problem, std::size_t max_states) {
  ExploredProblem explored;
  std::unordered_map<ref::State, std::size_t> index{{problem.initial_state(), 0}};
  explored.states = {problem.initial_state()};
  explored.parent = {-1};
  explored.action = {""};
  for (std::size_t i = 0; i < explored.states.size() && i < max_states; ++i) {
    const ref::State state = explored.states[i];
    explored.goal.push_back(problem.is_goal(state));
    std::vector<StudentEdge> edges;
    for (const ref::Step& step : problem.successors(state)) {
      const auto [found, added] = index.emplace(step.state, explored.states.size());
      if (added) {
        explored.states.push_back(step.state);
        explored.parent.push_back(static_cast<long>(i));
        explored.action.push_back(step.action);
      }
      edges.push_back({step.action, found->second, step.cost});
    }
    explored.successors.push_back(std::move(edges));
  }
  explored.complete = explored.expanded() == explored.states.size();
  return explored;
}

std::vector<ProblemMutant> problem_mutants(const ExploredProblem& correct) {
  // Each slip returns false when it changes nothing in what was explored.
  const std::vector<std::tuple<std::string, std::string, std::function<bool(ExploredProblem&)>>>
      slips = {
          {"goal_never_true", "an isGoalState that never returns True",
           [](ExploredProblem& explored) {
             const bool any = std::count(explored.goal.begin(), explored.goal.end(), true) > 0;
             std::fill(explored.goal.begin(), explored.goal.end(), false);
             return any;
           }},
          {"last_successor_dropped", "a getSuccessors that leaves out each state's last successor",
           [](ExploredProblem& explored) {
             bool changed = false;
             for (auto& edges : explored.successors)
               if (edges.size() > 1) {
                 edges.pop_back();
                 changed = true;
               }
             return changed;
           }},
          {"step_costs_one", "a getSuccessors whose steps all cost 1, not their own cost",
           [](ExploredProblem& explored) {
             bool changed = false;
             for (auto& edges : explored.successors)
               for (StudentEdge& edge : edges)
                 if (edge.cost != 1.0) {
                   edge.cost = 1.0;
                   changed = true;
                 }
             return changed;
           }}};
  std::vector<ProblemMutant> mutants;
  for (const auto& [id, mistake, apply] : slips) {
    ExploredProblem explored = correct;
    if (apply(explored)) mutants.push_back({id, mistake, std::move(explored)});
  }
  return mutants;
}

}  // namespace sg
