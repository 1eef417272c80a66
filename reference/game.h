// Game: a game of several agents in the textbook's terms (AIMA chapter 5) and the Berkeley
// multi-agent project's: agents 0 .. n-1 move in turn (0, 1, ..., n-1, then 0 again); agent 0 is
// the one the search plays for (it maximises), the others oppose it (minimise) or move by chance.
// A state is text, one canonical text per state, as in problem.h. A state is terminal when the
// game is over there (a win, a loss, a draw); every state has a score for agent 0: its utility
// where the game is over, the evaluation function elsewhere (used where a search stops early).
// This file has no I/O and knows nothing of grading.
#pragma once

#include <string>
#include <vector>

#include "reference/problem.h"

namespace sg::ref {

/// One legal move: its name, the state it leads to and, for a move by chance, its probability.
struct GameMove {
  std::string action;        ///< e.g. "West", "(1, 2)", "a1".
  State state;               ///< The successor.
  double probability = 0.0;  ///< 0: not stated (a chance agent picks uniformly).
};

class Game {
 public:
  virtual ~Game() = default;

  /// The state the search starts from; agent 0 moves there.
  virtual State initial_state() const = 0;

  /// How many agents move in turn (2 for tic-tac-toe; Pacman and its ghosts for Berkeley's).
  virtual int agents() const = 0;

  /// The legal moves of `agent` in `state`, in the domain's order (the order a search that
  /// "does not reorder" follows). Empty where the agent has no legal action.
  virtual std::vector<GameMove> moves(const State& state, int agent) const = 0;

  /// True where the game is over (isWin() or isLose() in Berkeley's terms).
  virtual bool is_terminal(const State& state) const = 0;

  /// Agent 0's score of `state`: the utility where the game is over, else the evaluation
  /// function. Throws std::out_of_range for a state the game gives no score (an explicit tree's
  /// inner state where no value was written).
  virtual double evaluate(const State& state) const = 0;

  /// +1 where agent 0 has won (Berkeley's isWin()), -1 where it has lost (isLose()), 0 where
  /// the game goes on or is drawn. By default the sign of a terminal state's score.
  virtual int outcome(const State& state) const {
    if (!is_terminal(state)) return 0;
    const double score = evaluate(state);
    return score > 0 ? 1 : score < 0 ? -1 : 0;
  }

  /// Whether a state fixes who moves there (a board's marks do). Where it does not (Pacman:
  /// any agent may move next in a position), moves(state, agent) differs by agent.
  virtual bool state_fixes_mover() const { return true; }
};

}  // namespace sg::ref
