#include "checkers/domain_function_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace domain_function_checker_test {

using ::testing::HasSubstr;

// A graph's states: node names, passed and returned as strings.
StateValues node_names() {
  return {[](const nlohmann::json& value) -> std::optional<ref::State> {
            if (value.is_string() && value.get<std::string>().size() == 1)
              return value.get<std::string>();
            return std::nullopt;
          },
          [](const ref::State& state) { return nlohmann::json(state); }, "roads"};
}

TEST(DomainFunctionChecker, ActionsMustBeTheDomainsInItsOrder) {
  EXPECT_TRUE(check_domain_actions({"B", "C"}, {"B", "C"}, "actions('A')").passed);
  const FunctionCallCheck swapped = check_domain_actions({"B", "C"}, {"C", "B"}, "actions('A')");
  EXPECT_FALSE(swapped.passed);
  EXPECT_THAT(swapped.feedback, HasSubstr("the right actions in the wrong order"));
  const FunctionCallCheck wrong = check_domain_actions({"B", "C"}, {"B", "D"}, "actions('A')");
  EXPECT_THAT(wrong.feedback, HasSubstr("['C'] missing; ['D'] not possible from this state"));
  const FunctionCallCheck twice = check_domain_actions({"B", "C"}, {"B", "C", "C"}, "actions('A')");
  EXPECT_THAT(twice.feedback, HasSubstr("an action listed twice"));
  EXPECT_THAT(check_domain_actions({"B"}, 3, "actions('A')").feedback,
              HasSubstr("returned 3; expected a list of action names, ['B']"));
}

TEST(DomainFunctionChecker, AResultIsTheStateTheActionLeadsTo) {
  EXPECT_TRUE(check_domain_result(node_names(), "B", "B", "result('A', 'B')").passed);
  const FunctionCallCheck wrong = check_domain_result(node_names(), "B", "A", "result('A', 'B')");
  EXPECT_THAT(wrong.feedback, HasSubstr("returned 'A'; expected the state 'B'"));
  const FunctionCallCheck none = check_domain_result(node_names(), "B", "BB", "result('A', 'B')");
  EXPECT_THAT(none.feedback, HasSubstr("no state of 'roads'"));
}

TEST(DomainFunctionChecker, TheArgumentMustBeLeftAsItWas) {
  EXPECT_TRUE(check_domain_unchanged(node_names(), "A", "A", "result('A', 'B')").passed);
  EXPECT_THAT(check_domain_unchanged(node_names(), "A", "B", "result('A', 'B')").feedback,
              HasSubstr("modified the state passed to it (it is now 'B')"));
}

}  // namespace domain_function_checker_test
}  // namespace
}  // namespace sg
