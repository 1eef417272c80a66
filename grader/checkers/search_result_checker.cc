#include "checkers/search_result_checker.h"

#include <fmt/format.h>

#include <algorithm>

#include "checkers/python_value.h"
#include "checkers/state_text.h"

namespace sg {
namespace {

using Outcome = ExpectedSearchResult::Outcome;

std::string outcome_word(Outcome outcome) {
  return outcome == Outcome::cutoff ? "cutoff" : "failure";
}

std::string render_path(const std::vector<nlohmann::json>& path, const SearchDomainRules& rules) {
  std::vector<std::string> items;
  for (const auto& state : path) items.push_back(rules.render(state));
  return fmt::format("[{}]", fmt::join(items, ", "));
}

// Moves in the path as the function returns it.
int moves_of(const std::vector<nlohmann::json>& path, bool includes_start) {
  return static_cast<int>(path.size()) - (includes_start ? 1 : 0);
}

std::string why_string_is_wrong(const ExpectedSearchResult& expected, const std::string& word,
                                const SearchDomainRules& rules) {
  if (expected.outcome == Outcome::path) {
    const int moves = moves_of(expected.path, expected.includes_start);
    std::string text = fmt::format(
        "returned '{}', but the goal {} is {} move{} from {} (within the limit of {}): "
        "expected {}",
        word, rules.render(expected.goal), moves, moves == 1 ? "" : "s",
        rules.render(expected.start), expected.limit, render_path(expected.path, rules));
    if (expected.includes_start && moves == expected.limit && word == "cutoff") {
      text +=
          "; the path is exactly maxDepth moves long: iterative deepening must try every depth "
          "limit from 0 to "
          "maxDepth inclusive";
    }
    return text;
  }
  if (expected.outcome == Outcome::cutoff && word == "failure") {
    return fmt::format(
        "returned 'failure', but the search was cut off: some state at the depth limit was not "
        "expanded, so the goal may lie deeper and the answer is 'cutoff' ('failure' means every "
        "state was searched; keep track of whether any recursive call returned 'cutoff')");
  }
  if (expected.outcome == Outcome::failure && word == "cutoff") {
    return "returned 'cutoff', but every path from the start dead-ends within the limit without "
           "reaching the goal, "
           "so nothing was cut off and the answer is 'failure'";
  }
  return fmt::format("returned '{}', expected '{}'", word, outcome_word(expected.outcome));
}

}  // namespace

std::string render_expected(const ExpectedSearchResult& expected, const SearchDomainRules& rules) {
  if (expected.outcome == Outcome::path) return render_path(expected.path, rules);
  return fmt::format("'{}'", outcome_word(expected.outcome));
}

SearchResultCheck check_search_result(const ExpectedSearchResult& expected,
                                      const SearchDomainRules& rules,
                                      const nlohmann::json& observed) {
  SearchResultCheck check;
  check.result.aspect = "result";
  check.expected_text = render_expected(expected, rules);
  auto fail = [&](std::string why) {
    check.result.passed = false;
    check.result.feedback = fmt::format("{}: {}", expected.function, why);
    return check;
  };

  if (observed.is_null()) return fail("returned None (is a `return` missing?)");
  if (observed.is_string()) {
    const std::string text = observed.get<std::string>();
    const std::string word = lower_case(text);
    if ((word == "cutoff" || word == "failure") && expected.outcome != Outcome::path &&
        word == outcome_word(expected.outcome)) {
      check.result.passed = true;
      if (text != word) {
        check.notes.push_back(fmt::format("{} returned '{}'; compared case-insensitively with '{}'",
                                          expected.function, text, word));
      }
      return check;
    }
    if (word == "cutoff" || word == "failure")
      return fail(why_string_is_wrong(expected, word, rules));
    return fail(fmt::format(
        "returned the string '{}': the answer is a path (a list of states), 'cutoff' or "
        "'failure'",
        text));
  }

  std::string container_note;
  const auto items = as_sequence(observed, &container_note);
  if (!items) {
    return fail(fmt::format(
        "returned {}, which is neither a path (a list of states) nor 'cutoff' or 'failure'",
        python_repr(observed)));
  }
  if (expected.outcome != Outcome::path) {
    return fail(fmt::format(
        "returned a path, {}, but the answer is '{}'{}", python_repr(observed),
        outcome_word(expected.outcome),
        expected.outcome == Outcome::cutoff
            ? fmt::format(" (no path of at most {} moves reaches the goal)", expected.limit)
            : " (the goal cannot be reached)"));
  }
  std::vector<nlohmann::json> path;
  std::string state_note;
  for (std::size_t i = 0; i < items->size(); ++i) {
    std::string normalised;
    const auto state = rules.read_state((*items)[i], normalised);
    if (!state) {
      return fail(fmt::format("item {} of the returned path, {}, is not a state of this problem", i,
                              python_repr((*items)[i])));
    }
    if (!normalised.empty() && state_note.empty()) state_note = normalised;
    path.push_back(*state);
  }
  if (!container_note.empty()) {
    check.notes.push_back(fmt::format("{} returned the path as {}; compared as a list",
                                      expected.function, container_note));
  }
  if (!state_note.empty()) {
    check.notes.push_back(
        fmt::format("{} returned states as {}; compared as lists", expected.function, state_note));
  }

  const std::string got = render_path(path, rules);
  if (path.empty()) {
    if (expected.path.empty()) {
      check.result.passed = true;
      return check;
    }
    return fail(
        fmt::format("returned an empty path, expected {}{}", check.expected_text,
                    expected.includes_start ? " (the path starts with the start state)" : ""));
  }
  if (expected.includes_start && path.front() != expected.start) {
    if (rules.step_problem(expected.start, path.front()).empty() || path.front() == expected.goal) {
      return fail(fmt::format(
          "the path {} lacks the start state {}: iterativeDeepeningSearch must put startState "
          "first (depthLimitedSearch's path omits it; iterativeDeepeningSearch inserts it)",
          got, rules.render(expected.start)));
    }
    return fail(fmt::format("the path {} must begin with the start state {}", got,
                            rules.render(expected.start)));
  }
  if (!expected.includes_start && path.front() == expected.start &&
      expected.start != expected.goal) {
    return fail(fmt::format(
        "the path {} begins with the start state {}, but depthLimitedSearch's path omits it "
        "(iterativeDeepeningSearch adds it): expected {}",
        got, rules.render(expected.start), check.expected_text));
  }
  if (path.back() != expected.goal) {
    return fail(fmt::format("the path {} ends at {}, not at the goal {}", got,
                            rules.render(path.back()), rules.render(expected.goal)));
  }
  nlohmann::json previous = expected.includes_start ? path.front() : expected.start;
  for (std::size_t i = expected.includes_start ? 1 : 0; i < path.size(); ++i) {
    const std::string problem = rules.step_problem(previous, path[i]);
    if (!problem.empty()) {
      return fail(fmt::format("in the path {}, step {} from {} to {} is not one legal move: {}",
                              got, i, rules.render(previous), rules.render(path[i]), problem));
    }
    previous = path[i];
  }
  const int moves = moves_of(path, expected.includes_start);
  const int reference_moves = moves_of(expected.path, expected.includes_start);
  if (expected.includes_start && moves > reference_moves) {
    return fail(fmt::format(
        "the path {} has {} moves, but a shortest path has {}: iterative deepening returns a "
        "path to the shallowest goal, e.g. {}",
        got, moves, reference_moves, check.expected_text));
  }
  if (!expected.includes_start && moves > expected.limit) {
    return fail(fmt::format("the path {} has {} moves, more than the depth limit {}", got, moves,
                            expected.limit));
  }
  check.result.passed = true;
  if (path != expected.path) {
    check.notes.push_back(
        fmt::format("{} returned {}, another valid path than the reference's {}; accepted",
                    expected.function, got, check.expected_text));
  }
  return check;
}

}  // namespace sg
