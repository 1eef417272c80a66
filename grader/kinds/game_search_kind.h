// game_search: a game-tree search the student wrote (minimax, alpha-beta, expectimax), run on a
// game of the spec's `domains` (domains/game_domain.h) handed to it as a Berkeley-style GameState
// (the Python driver's `$fn: game_state`, which records every generateSuccessor call), and judged
// against the reference's run of the same search (reference/game_search.h) by
// checkers/game_judgements.h: the action chosen at the root, and the states generated.
//
// Spec keys: domain (a game_tree or tic_tac_toe domain); algorithm (minimax | alpha_beta |
// expectimax); depth (>= 1); depth_unit (per_ply, Berkeley's self.depth: every agent moves once;
// or per_move); prune (strict, Berkeley's rule, or on_equality; alpha_beta only); ties (any:
// any optimal root action; first; last); explored (set: the same states, Berkeley's check; or
// order); and the adapter: agent (a Berkeley agent class, e.g. AlphaBetaAgent: built with
// depth='2' and asked getAction(game)) or call (a function, e.g. "minimax(game, depth)";
// words: game, depth, numbers), returning (`returns:`) the action (default), the root's value,
// or both as a pair (value_action | action_value).
// Aspects: action, explored, value (not judged where the call returns only the action). A wrong
// explored set is diagnosed against the named mistakes (pruning on equality, depth per move,
// opponents as one agent, no pruning, one ply off).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class GameSearchKind : public TestKind {
 public:
  std::string_view name() const override { return "game_search"; }
  std::vector<std::string> aspects() const override { return {"action", "explored", "value"}; }
  std::vector<std::string> keys() const override {
    return {"domain", "algorithm", "depth", "depth_unit", "prune",
            "ties",   "explored",  "agent", "call",       "returns"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: the named mistakes' searches (as the diagnosis names them), judged as students.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
