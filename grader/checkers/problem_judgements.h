// Judgements of a search problem a student formulated (a Berkeley-style problem object:
// getStartState, isGoalState, getSuccessors), from the state space the driver's `explore` op
// walked breadth-first through the student's own code, against the reference's problem. The
// student's states are in the student's own representation: each is matched to the reference's
// state reached by the same actions from the start (the first path found), so no projection of
// representations is needed; what cannot be told apart that way is itself a named mistake.
// Only where a search can go is judged: the states reachable from the start without passing
// through a goal (the reference's), goals included. No search that stops at its first goal
// expands a goal or sees a state beyond one, so what the student's problem says there (a goal
// test that holds only on the corner visited last, say) is a note, never points.
//   successors     — every searchable state's actions and step costs (a goal's excepted) are
//                    the reference's legal moves there (and, with a position projection, lead
//                    to the same squares);
//   goal_test      — isGoalState agrees with the reference on every searchable state;
//   states         — no state of the student's stands for two states the problem tells apart
//                    (two paths reach the student's state, and the reference's states differ:
//                    a corners state that forgets the corners visited);
//   solution_cost  — the cheapest path to a goal in the student's space (the reference's own
//                    uniform-cost search over it, never the student's search) costs the
//                    reference's optimum;
//   size           — the student's space has at most `size_leeway` times the reference's states
//                    (a state that carries the path or a counter makes every search slower);
//   start          — with a position projection, the start is Pacman's square.
// Heuristic judgements over the same space (h at each explored state, h* of its reference
// state): see checkers/heuristic_judgements.h. This file knows no domain and runs no process.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/admissibility.h"
#include "reference/problem.h"

namespace sg {

/// One successor as getSuccessors gave it.
struct StudentEdge {
  std::string action;
  std::size_t to = 0;          ///< Index of the successor state.
  std::optional<double> cost;  ///< nullopt: not a number.
};

/// What the driver's `explore` op returned (docs/driver-protocol.md).
struct ExploredProblem {
  std::vector<std::string> states;  ///< The student's states as text, in the order found.
  std::vector<bool> goal;           ///< isGoalState, per expanded state (a prefix of states).
  std::vector<std::vector<StudentEdge>> successors;  ///< Per expanded state.
  std::vector<long> parent;                          ///< -1 for the start.
  std::vector<std::string> action;                   ///< The action from the parent.
  std::vector<std::optional<double>> h;              ///< Per expanded state, when asked.
  bool complete = false;                             ///< Every state found was expanded.
  /// The first state Python could not hash (compared by == through a frozen key instead) and
  /// why ("unhashable type: 'set'"); empty when every state had a hash.
  std::string unhashable_state;
  std::string unhashable_reason;

  std::size_t expanded() const { return successors.size(); }
  /// The actions from the start to state `index`.
  std::vector<std::string> path_to(std::size_t index) const;
};

/// Reads the op's value. Throws std::invalid_argument for a value of another shape.
ExploredProblem read_explored(const nlohmann::json& value);

struct ProblemJudgementOptions {
  /// > 0: `size` fails past this many times the reference's states.
  double size_leeway = 2.0;
  /// Reads Pacman's square from a reference state ("(x, y)"); when set, the student's square is
  /// the first "(x, y)" in the state's text, and `start` and the successors' squares are judged.
  std::function<std::optional<std::string>(const ref::State&)> reference_position;
  std::size_t max_reference_states = 200000;
};

struct ProblemJudgement {
  AspectOutcome start;
  AspectOutcome successors;
  AspectOutcome goal_test;
  AspectOutcome states;
  AspectOutcome solution_cost;
  AspectOutcome size;
  /// The reference's state for each of the student's states (nullopt past an illegal action).
  std::vector<std::optional<ref::State>> reference_of;
  /// Per student state: reachable from the start along states that are not goals (the
  /// reference's goal test; the state itself may be one). Only these are judged.
  std::vector<bool> searchable;
  /// Per student state: searchable and not a goal, so a search may expand it.
  std::vector<bool> expandable;
  std::vector<std::string> notes;
};

ProblemJudgement judge_problem(const ExploredProblem& explored, const ref::Problem& reference,
                               const ProblemJudgementOptions& options);

/// The student's expanded states a search can reach (ProblemJudgement::searchable), in the order
/// explored: the states the heuristic judgements ask about.
std::vector<std::size_t> searchable_states(const ExploredProblem& explored,
                                           const ProblemJudgement& judgement);

/// The student's explored space as a reference space for the heuristic judgements: the states
/// `judged` lists (searchable_states) and the edges from those a search expands, h* of each
/// state's reference state (infinity where none is known). Only meaningful where `states`
/// passed.
ref::CostToGoal student_cost_to_goal(const ExploredProblem& explored,
                                     const ProblemJudgement& judgement,
                                     const std::vector<std::size_t>& judged,
                                     const ref::Problem& reference,
                                     std::size_t max_reference_states = 200000);

/// The student's explored space as a problem: its states' text, successors from the student's
/// edges, goals and h the reference's (through reference_of).
class ExploredSpaceProblem : public ref::Problem {
 public:
  ExploredSpaceProblem(const ExploredProblem& explored,
                       std::vector<std::optional<ref::State>> reference_of,
                       const ref::Problem& reference);
  ref::State initial_state() const override;
  std::vector<ref::Step> successors(const ref::State& state) const override;
  bool is_goal(const ref::State& state) const override;
  /// The reference's h of the state's reference state (0 where none is known).
  double h(const ref::State& state) const override;

 private:
  const ExploredProblem& explored_;
  std::vector<std::optional<ref::State>> reference_of_;
  const ref::Problem& reference_;
  std::map<std::string, std::size_t> index_;
};

}  // namespace sg
