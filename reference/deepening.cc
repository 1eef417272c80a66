#include "reference/deepening.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

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
    for (Step& step : problem_.successors(state)) {
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
  for (int depth = 0; depth <= max_depth && !run.budget_exceeded; ++depth) {
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

BeamRun local_beam(const Problem& problem, std::size_t k, std::size_t max_steps) {
  struct Entry {
    State state;
    long parent;  // index into entries
    std::string action;
    double g;
  };
  BeamRun run;
  std::vector<Entry> entries{{problem.initial_state(), -1, "", 0.0}};
  const auto finish = [&](std::size_t index) {
    run.found = true;
    std::vector<std::size_t> chain;
    for (long at = static_cast<long>(index); at >= 0;
         at = entries[static_cast<std::size_t>(at)].parent)
      chain.push_back(static_cast<std::size_t>(at));
    std::reverse(chain.begin(), chain.end());
    for (std::size_t i = 0; i < chain.size(); ++i) {
      run.path.push_back(entries[chain[i]].state);
      if (i > 0) run.actions.push_back(entries[chain[i]].action);
    }
    run.cost = entries[index].g;
  };
  std::vector<std::size_t> beam{0};
  run.beams.push_back({entries[0].state});
  if (problem.is_goal(entries[0].state)) {
    finish(0);
    return run;
  }
  double best = problem.h(entries[0].state);
  for (std::size_t step = 0; step < max_steps && k > 0; ++step) {
    std::vector<std::size_t> candidates;
    std::map<State, bool> seen;
    for (const std::size_t index : beam) seen[entries[index].state] = true;
    for (const std::size_t index : beam) {
      const State state = entries[index].state;
      const double g = entries[index].g;
      for (Step& next : problem.successors(state)) {
        ++run.generated;
        entries.push_back({next.state, static_cast<long>(index), next.action, g + next.cost});
        if (problem.is_goal(next.state)) {
          finish(entries.size() - 1);
          run.beams.push_back({next.state});
          return run;
        }
        if (seen.emplace(next.state, true).second) candidates.push_back(entries.size() - 1);
      }
    }
    if (candidates.empty()) break;
    std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
      return problem.h(entries[a].state) < problem.h(entries[b].state);
    });
    if (candidates.size() > k) candidates.resize(k);
    const double new_best = problem.h(entries[candidates.front()].state);
    beam = std::move(candidates);
    std::vector<State> states;
    for (const std::size_t index : beam) states.push_back(entries[index].state);
    run.beams.push_back(std::move(states));
    if (new_best >= best) break;  // no improvement: a local minimum or a plateau
    best = new_best;
  }
  return run;
}

}  // namespace sg::ref
