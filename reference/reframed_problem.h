// A problem seen from another start or through another heuristic: the same successors and goal
// test, with the initial state and h replaced (and the goal, where a test gives its own). How a
// student's heuristic is run through the reference's own search (its values looked up per state),
// or a search started elsewhere than the domain's start. This file has no I/O and knows nothing of
// grading.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "reference/problem.h"

namespace sg::ref {

class ReframedProblem : public Problem {
 public:
  /// `base` must outlive this object. `h`: the estimate per state (called by the search for each
  /// state it pushes; must not throw for a state of `base`).
  ReframedProblem(const Problem& base, State initial, std::function<double(const State&)> h)
      : base_(base), initial_(std::move(initial)), h_(std::move(h)) {}
  /// `base` seen from `initial` with its own h, kept alive by this object (a rules world shared
  /// by the tests that start in it). With `goal`, that one state is the goal instead of base's
  /// goals, and h is 0 (base's h estimates the cost to its own goals).
  ReframedProblem(std::shared_ptr<const Problem> base, State initial,
                  std::optional<State> goal = std::nullopt)
      : owned_(std::move(base)),
        base_(*owned_),
        initial_(std::move(initial)),
        goal_(std::move(goal)),
        h_([this](const State& state) { return goal_ ? 0.0 : base_.h(state); }) {}
  ReframedProblem(const ReframedProblem&) = delete;
  ReframedProblem& operator=(const ReframedProblem&) = delete;

  State initial_state() const override { return initial_; }
  std::vector<Step> successors(const State& state) const override {
    return base_.successors(state);
  }
  bool is_goal(const State& state) const override {
    return goal_ ? state == *goal_ : base_.is_goal(state);
  }
  double h(const State& state) const override { return h_(state); }
  bool is_state(const State& state) const override { return base_.is_state(state); }

 private:
  std::shared_ptr<const Problem> owned_;  ///< Null when the caller keeps `base_` alive.
  const Problem& base_;
  State initial_;
  std::optional<State> goal_;
  std::function<double(const State&)> h_;
};

}  // namespace sg::ref
