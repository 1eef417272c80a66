#include "reference/deepening.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "reference/local_beam.h"

namespace sg::ref {

namespace {

struct PathStep {
  State state;
  std::string action;
  double g = 0.0;
};

class Deepening {
 public:
  Deepening(const Problem& problem, const DeepeningOptions& options, DeepeningRun& run)
      : problem_(problem), options_(options), run_(run) {}

  // Depth-limited search below path_.back(); `bound` is a depth (f_bound < 0) or an f threshold.
  DeepeningStatus recurse(int depth_left, double f_bound) {
    const PathStep& here = path_.back();
    if (f_bound >= 0) {
      const double f = here.g + problem_.h(here.state);
      if (f > f_bound + 1e-9) {
        next_bound_ = std::min(next_bound_, f);
        return DeepeningStatus::cutoff;
      }
    }
    if (problem_.is_goal(here.state)) return DeepeningStatus::found;
    if (f_bound < 0 && depth_left <= 0) return DeepeningStatus::cutoff;
    if (run_.expanded.size() >= options_.max_expansions) {
      run_.budget_exceeded = true;
      return DeepeningStatus::cutoff;
    }
    run_.expanded.push_back(here.state);
    const State state = here.state;
    const double g = here.g;
    bool cutoff = false;
    std::vector<Step> steps = problem_.successors(state);
    if (options_.reverse_successors) std::reverse(steps.begin(), steps.end());
    for (Step& step : steps) {
      ++run_.generated;
      if (options_.avoid_cycles &&
          std::any_of(path_.begin(), path_.end(),
                      [&](const PathStep& on_path) { return on_path.state == step.state; }))
        continue;
      path_.push_back({std::move(step.state), std::move(step.action), g + step.cost});
      const DeepeningStatus status = recurse(depth_left - 1, f_bound);
      if (status == DeepeningStatus::found) return status;
      path_.pop_back();
      if (status == DeepeningStatus::cutoff) cutoff = true;
      if (run_.budget_exceeded) return DeepeningStatus::cutoff;
    }
    return cutoff ? DeepeningStatus::cutoff : DeepeningStatus::failure;
  }

  DeepeningStatus run(int depth, double f_bound) {
    path_.assign(1, {problem_.initial_state(), "", 0.0});
    next_bound_ = std::numeric_limits<double>::infinity();
    const DeepeningStatus status = recurse(depth, f_bound);
    if (status == DeepeningStatus::found) {
      run_.path.clear();
      run_.actions.clear();
      for (std::size_t i = 0; i < path_.size(); ++i) {
        run_.path.push_back(path_[i].state);
        if (i > 0) run_.actions.push_back(path_[i].action);
      }
      run_.cost = path_.back().g;
    }
    run_.status = status;
    return status;
  }

  double next_bound() const { return next_bound_; }

 private:
  const Problem& problem_;
  const DeepeningOptions& options_;
  DeepeningRun& run_;
  std::vector<PathStep> path_;
  double next_bound_ = std::numeric_limits<double>::infinity();
};

}  // namespace

DeepeningRun depth_limited(const Problem& problem, int limit, const DeepeningOptions& options) {
  DeepeningRun run;
  Deepening search(problem, options, run);
  search.run(std::max(limit, 0), -1.0);
  run.depth = std::max(limit, 0);
  return run;
}

DeepeningRun iterative_deepening(const Problem& problem, int max_depth,
                                 const DeepeningOptions& options) {
  DeepeningRun run;
  Deepening search(problem, options, run);
  run.status = DeepeningStatus::cutoff;
  for (int depth = std::max(options.first_limit, 0); depth <= max_depth && !run.budget_exceeded;
       ++depth) {
    run.depth = depth;
    if (search.run(depth, -1.0) != DeepeningStatus::cutoff) break;
  }
  return run;
}

DeepeningRun ida_star(const Problem& problem, const DeepeningOptions& options) {
  DeepeningRun run;
  Deepening search(problem, options, run);
  double bound = problem.h(problem.initial_state());
  for (;;) {
    run.depth = static_cast<int>(std::ceil(bound));
    const DeepeningStatus status = search.run(0, bound);
    if (status != DeepeningStatus::cutoff || run.budget_exceeded) break;
    if (!std::isfinite(search.next_bound())) {
      run.status = DeepeningStatus::failure;
      break;
    }
    bound = search.next_bound();
  }
  return run;
}

namespace {

// A Problem's states as a local-search space: each state named by the order it was first met
// (a one-element LocalState), its value h. local_beam only compares states for equality and
// their values for order, so the numbering changes nothing in the search.
class ProblemAsSpace : public LocalSpace {
 public:
  explicit ProblemAsSpace(const Problem& problem) : problem_(problem) {}

  LocalState intern(const State& state) const {
    const auto [at, added] = ids_.emplace(state, static_cast<int>(states_.size()));
    if (added) states_.push_back(state);
    return {at->second};
  }
  const State& state(const LocalState& local) const {
    return states_[static_cast<std::size_t>(local.front())];
  }

  std::vector<LocalState> neighbours(const LocalState& local) const override {
    std::vector<LocalState> out;
    for (const Step& step : problem_.successors(state(local))) out.push_back(intern(step.state));
    return out;
  }
  double value(const LocalState& local) const override { return problem_.h(state(local)); }
  bool is_state(const LocalState& local) const override {
    return local.size() == 1 && local.front() >= 0 &&
           static_cast<std::size_t>(local.front()) < states_.size();
  }
  std::string why_not_state(const LocalState& local) const override {
    return is_state(local) ? "" : "not a state met by the search";
  }

 private:
  const Problem& problem_;
  mutable std::map<State, int> ids_;
  mutable std::vector<State> states_;
};

}  // namespace

BeamRun local_beam(const Problem& problem, std::size_t k, std::size_t max_steps) {
  const ProblemAsSpace space(problem);
  LocalBeamOptions options;
  options.k = k;
  options.max_steps = max_steps;
  options.is_goal = [&](const LocalState& local) { return problem.is_goal(space.state(local)); };
  const LocalBeamRun local =
      ref::local_beam(space, {space.intern(problem.initial_state())}, options);

  BeamRun run;
  run.generated = local.generated;
  for (const std::vector<LocalState>& beam : local.beams) {
    run.beams.emplace_back();
    for (const LocalState& state : beam) run.beams.back().push_back(space.state(state));
  }
  if (!local.reached) return run;
  run.found = true;
  // The path back through the parents; each step's action and cost is the first successor of
  // the state before that leads to it (the one the beam generated first).
  std::vector<State> path{run.beams.back().front()};
  std::size_t index = 0;
  for (std::size_t step = local.parents.size(); step-- > 0;) {
    index = local.parents[step][index];
    path.push_back(run.beams[step][index]);
  }
  std::reverse(path.begin(), path.end());
  run.path.push_back(path.front());
  for (std::size_t i = 1; i < path.size(); ++i)
    for (const Step& step : problem.successors(path[i - 1]))
      if (step.state == path[i]) {
        run.path.push_back(step.state);
        run.actions.push_back(step.action);
        run.cost += step.cost;
        break;
      }
  return run;
}

}  // namespace sg::ref
