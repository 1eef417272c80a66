#include "checkers/search_result_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "checkers/python_value.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace search_result_checker_test {

using ::testing::HasSubstr;
using json = nlohmann::json;

// The course grader's graph {a: [b, z, d], b: [a], e: [z], d: [y], y: [z]}, as its edges.
const std::set<std::pair<std::string, std::string>> kEdges = {
    {"a", "b"}, {"a", "z"}, {"a", "d"}, {"b", "a"}, {"e", "z"}, {"d", "y"}, {"y", "z"}};

SearchDomainRules graph_rules() {
  SearchDomainRules rules;
  rules.read_state = [](const json& value, std::string&) -> std::optional<json> {
    if (value.is_string()) return value;
    return std::nullopt;
  };
  rules.step_problem = [](const json& from, const json& to) {
    return kEdges.contains({from.get<std::string>(), to.get<std::string>()})
               ? std::string()
               : std::string("no edge");
  };
  rules.render = [](const json& state) { return python_repr(state); };
  return rules;
}

ExpectedSearchResult ids_path(std::vector<json> path, int limit = 5) {
  ExpectedSearchResult expected;
  expected.outcome = ExpectedSearchResult::Outcome::path;
  expected.path = std::move(path);
  expected.start = expected.path.front();
  expected.goal = expected.path.back();
  expected.limit = limit;
  expected.function = "iterativeDeepeningSearch";
  return expected;
}

TEST(SearchResultChecker, AcceptsTheReferencePathAndCutoffInAnyCase) {
  EXPECT_TRUE(
      check_search_result(ids_path({"a", "z"}), graph_rules(), json{"a", "z"}).result.passed);
  ExpectedSearchResult cutoff;
  cutoff.outcome = ExpectedSearchResult::Outcome::cutoff;
  cutoff.function = "iterativeDeepeningSearch";
  const auto check = check_search_result(cutoff, graph_rules(), "Cutoff");
  EXPECT_TRUE(check.result.passed);
  ASSERT_EQ(check.notes.size(), 1u);
  EXPECT_THAT(check.notes[0], HasSubstr("case-insensitively"));
}

TEST(SearchResultChecker, FailureWhereACutoffOccurredIsExplained) {
  ExpectedSearchResult cutoff;
  cutoff.outcome = ExpectedSearchResult::Outcome::cutoff;
  cutoff.function = "depthLimitedSearch";
  const auto check = check_search_result(cutoff, graph_rules(), "failure");
  EXPECT_FALSE(check.result.passed);
  EXPECT_THAT(check.result.feedback, HasSubstr("the search was cut off"));
}

TEST(SearchResultChecker, PathWithoutStartIsNamed) {
  const auto check = check_search_result(ids_path({"a", "d", "y"}), graph_rules(), json{"d", "y"});
  EXPECT_FALSE(check.result.passed);
  EXPECT_THAT(check.result.feedback, HasSubstr("lacks the start state 'a'"));
}

TEST(SearchResultChecker, DepthLimitedPathMustOmitTheStart) {
  ExpectedSearchResult expected = ids_path({"d", "y"}, 3);
  expected.includes_start = false;
  expected.start = "a";
  expected.function = "depthLimitedSearch";
  EXPECT_TRUE(check_search_result(expected, graph_rules(), json{"d", "y"}).result.passed);
  const auto check = check_search_result(expected, graph_rules(), json{"a", "d", "y"});
  EXPECT_FALSE(check.result.passed);
  EXPECT_THAT(check.result.feedback, HasSubstr("omits it"));
}

TEST(SearchResultChecker, IllegalStepsAndTuplesAreJudgedInTheDomain) {
  const auto bad = check_search_result(ids_path({"a", "d", "y"}), graph_rules(), json{"a", "y"});
  EXPECT_FALSE(bad.result.passed);
  EXPECT_THAT(bad.result.feedback, HasSubstr("not one legal move"));
  const auto tuple =
      check_search_result(ids_path({"a", "z"}), graph_rules(), json{{"$tuple", {"a", "z"}}});
  EXPECT_TRUE(tuple.result.passed);
  ASSERT_EQ(tuple.notes.size(), 1u);
  EXPECT_THAT(tuple.notes[0], HasSubstr("as a tuple"));
}

TEST(SearchResultChecker, NoneAndAPathWhereNoneExists) {
  EXPECT_THAT(check_search_result(ids_path({"a", "z"}), graph_rules(), nullptr).result.feedback,
              HasSubstr("returned None"));
  ExpectedSearchResult failure;
  failure.outcome = ExpectedSearchResult::Outcome::failure;
  failure.function = "iterativeDeepeningSearch";
  EXPECT_FALSE(check_search_result(failure, graph_rules(), json{"d", "y"}).result.passed);
}

}  // namespace search_result_checker_test
}  // namespace
}  // namespace sg
