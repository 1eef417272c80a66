// PacmanGame: the Berkeley multi-agent project's Pacman as a Game (pacman.py's rules, written
// here from its documented behaviour): agent 0 is Pacman, agents 1 .. n are the ghosts in the
// layout's order.
//
//   Pacman's legal actions: West, Stop, East, North, South (in that order, Berkeley's), each whose square is
//     not a wall. A move eats the food there (+10; the last food wins, +500) or the capsule
//     there (every ghost scared for 40 moves), then costs 1 (the time penalty).
//   A ghost's legal actions: the same without Stop, and without reversing its direction unless
//     that is its only action; a ghost between squares (scared ghosts move half a square) goes
//     on in its direction. A ghost's scared time drops by one per move of its own; at the last
//     it snaps to the nearest square.
//   After each move: a ghost within 0.7 (Manhattan) of Pacman that is scared is eaten (+200,
//     back to its start, facing Stop); one that is not makes Pacman lose (-500) unless Pacman
//     has just won. A won or lost game has no legal actions.
//   The evaluation is the score (scoreEvaluationFunction).
//
// A state's text names everything Berkeley's GameState compares except Pacman's facing (which
// no legal action depends on): "P(1,2) G(5,2,West) G(3.5,1,East,scared=39)
// food{(2,2),(4,1)} capsules{(3,3)} score=9" and " win" or " lose" at the end where the game is
// over; capsules are left out when there are none. Any agent may move in any state (the state
// does not fix the mover). No I/O, no grading.
#pragma once

#include "reference/game.h"
#include "reference/pacman_layout.h"

namespace sg::ref {

class PacmanGame : public Game {
 public:
  /// `ghosts`: how many of the layout's ghosts play (the first ones; -1: all, Berkeley's
  /// numGhosts). Throws std::invalid_argument for more ghosts than the layout has.
  explicit PacmanGame(PacmanLayout layout, int ghosts = -1);

  State initial_state() const override { return start_; }
  int agents() const override { return 1 + ghost_count_; }
  std::vector<GameMove> moves(const State& state, int agent) const override;
  bool is_terminal(const State& state) const override;
  double evaluate(const State& state) const override;
  int outcome(const State& state) const override;
  bool state_fixes_mover() const override { return false; }

  const PacmanLayout& layout() const { return layout_; }

  /// Berkeley's DirectionalGhost (ghostAgents.py) at `state` for ghost `agent` (1 ..): the
  /// probability of each of moves(state, agent), in that order. The moves whose next position
  /// (a square on, half a square when scared) is nearest Pacman by Manhattan distance (farthest
  /// when scared) share `attack` (`flee` when scared); every move shares the rest equally; the
  /// weights are divided by their sum, added best moves first. Empty when the ghost has no move.
  std::vector<double> directional_ghost(const State& state, int agent, double attack = 0.8,
                                        double flee = 0.8) const;

 private:
  PacmanLayout layout_;
  int ghost_count_ = 0;
  State start_;
};

}  // namespace sg::ref
