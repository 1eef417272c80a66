#include "checkers/search_answer_checker.h"

#include <fmt/format.h>

namespace sg {

std::vector<AspectOutcome> judge_search_answer(const SearchAnswerExpected& expected,
                                               const SearchAnswer& call) {
  const std::vector<std::string>& aspects = expected.aspects;
  std::vector<AspectOutcome> judged_aspects;
  const auto fail_all = [&](const std::string& why) {
    for (const std::string& aspect : aspects) judged_aspects.push_back({aspect, "", false, why});
    return judged_aspects;
  };
  if (!call.unreadable.empty()) return fail_all("the result cannot be read: " + call.unreadable);

  const ReferenceRun& reference = expected.runs.front();
  if (!reference.found) {
    // No path exists within what the algorithm searches: the submission must say so, and
    // what it expanded on the way is judged as on the way to a goal.
    const bool said_so = call.no_path;
    std::vector<std::vector<ref::State>> expansions;
    for (const ReferenceRun& run : expected.runs) expansions.push_back(run.expanded);
    for (const std::string& aspect : aspects) {
      AspectOutcome judged{aspect, "", said_so, ""};
      if (aspect == "expansions" && said_so) {
        judged =
            judge_expansions(call.expanded.value_or(std::vector<ref::State>{}), expected.expansions,
                             expansions, *expected.problem, expected.policy, false);
      } else if (aspect == "expanded_count" && said_so) {
        std::vector<double> counts;
        for (const auto& order : expansions) counts.push_back(static_cast<double>(order.size()));
        judged = judge_count("expanded_count", "nodes expanded", call.expanded_count, counts,
                             expected.tolerance);
      } else if (aspect == "outcome") {
        judged.passed = call.outcome_word == reference.outcome;
        if (!judged.passed)
          judged.feedback =
              fmt::format("the search should end with '{}', not {}", reference.outcome,
                          call.outcome_word.empty() ? "a path" : "'" + call.outcome_word + "'");
      } else if (!said_so) {
        judged.feedback =
            fmt::format("no goal can be reached ({}), but a path was returned", reference.outcome);
      }
      judged_aspects.push_back(std::move(judged));
    }
    return judged_aspects;
  }
  if (call.no_path || !call.path)
    return fail_all(
        fmt::format("no path was given, but the goal can be reached: the reference "
                    "finds {}",
                    fmt::join(reference.path, ", ")));

  const PathWalk walk = walk_path(*expected.problem, *call.path);
  std::vector<std::vector<ref::State>> paths, expansions;
  std::vector<double> counts;
  for (const ReferenceRun& run : expected.runs) {
    paths.push_back(run.path);
    expansions.push_back(run.expanded);
    counts.push_back(static_cast<double>(run.expanded.size()));
  }
  for (const std::string& aspect : aspects) {
    if (aspect == "path") {
      judged_aspects.push_back(judge_path(walk));
    } else if (aspect == "optimal") {
      judged_aspects.push_back(judge_optimal(walk, *expected.optimal));
    } else if (aspect == "exact") {
      judged_aspects.push_back(judge_exact_path(walk, paths));
    } else if (aspect == "cost") {
      judged_aspects.push_back(judge_reported_cost(walk, call.cost));
    } else if (aspect == "expansions") {
      judged_aspects.push_back(judge_expansions(call.expanded.value_or(std::vector<ref::State>{}),
                                                expected.expansions, expansions, *expected.problem,
                                                expected.policy));
    } else if (aspect == "expanded_count" && expected.expanded_count_ties &&
               expected.ties != nullptr) {
      judged_aspects.push_back(judge_range(
          "expanded_count", "nodes expanded", call.expanded_count, expected.ties->fewest_expanded,
          expected.ties->most_expanded,
          fmt::format("an A* expands every state with f < {0:g} and some with f = {0:g}, the "
                      "goal's cost",
                      expected.ties->optimal_cost)));
    } else if (aspect == "expanded_count") {
      judged_aspects.push_back(judge_count("expanded_count", "nodes expanded", call.expanded_count,
                                           counts, expected.tolerance));
    } else if (aspect == "outcome") {
      AspectOutcome judged{"outcome", "", walk.reaches_goal, ""};
      if (!judged.passed) judged.feedback = "the search should find a path to a goal";
      judged_aspects.push_back(std::move(judged));
    } else if (aspect == "search_depth") {
      std::vector<double> depths;
      for (const ReferenceRun& run : expected.runs)
        depths.push_back(static_cast<double>(run.actions.size()));
      AspectOutcome judged = judge_count("search_depth", "as the search depth", call.search_depth,
                                         depths, 0.0);
      if (!judged.passed && call.search_depth)
        judged.feedback = fmt::format(
            "search depth {} reported; the goal the search finds is {} moves deep (the path's "
            "length)",
            *call.search_depth, reference.actions.size());
      judged_aspects.push_back(std::move(judged));
    } else if (aspect == "max_search_depth") {
      if (expected.max_depth_ties && expected.ties != nullptr) {
        judged_aspects.push_back(judge_range(
            "max_search_depth", "as the deepest node's depth", call.max_search_depth,
            expected.ties->least_max_depth.value_or(0), expected.ties->most_max_depth.value_or(0),
            "an A* puts the goal on its frontier and no node deeper than one move below a state "
            "with f <= C*"));
      } else {
        std::vector<double> depths;
        for (const ReferenceRun& run : expected.runs)
          depths.push_back(static_cast<double>(run.max_depth));
        AspectOutcome judged = judge_count("max_search_depth", "as the deepest node's depth",
                                           call.max_search_depth, depths, 0.0);
        if (!judged.passed && call.max_search_depth)
          judged.feedback = fmt::format(
              "max search depth {} reported; the deepest node this search ever puts on its "
              "frontier is {} moves deep",
              *call.max_search_depth, reference.max_depth);
        judged_aspects.push_back(std::move(judged));
      }
    }
  }
  return judged_aspects;
}

}  // namespace sg
