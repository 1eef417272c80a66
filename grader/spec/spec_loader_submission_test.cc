// The submission section's single-file mode (`accept`, `definitions_only`) and the domain's
// `action_order`, as the iterative-deepening spec (A2) uses them.
#include <gtest/gtest.h>

#include <string>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace spec_loader_submission_test {

std::string spec_with(const std::string& submission, const std::string& domain_extra = "") {
  return R"(spec_version: 1
assignment: {id: a2}
submission:
)" + submission +
         R"(
domain:
  type: sliding_tile
  goal: [1, 2, 3, 4, 0, 5, 6, 7, 8]
)" + domain_extra +
         R"(
rubric:
  - {id: c, points: 5}
tests:
  - {id: t, kind: print_succ, state: [1, 2, 3, 4, 0, 5, 6, 7, 8], grades: {successors: c}}
)";
}

std::string error_of(const std::string& yaml) {
  try {
    load_spec_from_string(yaml, "a2.yaml");
  } catch (const SpecError& error) {
    return error.what();
  }
  return "";
}

TEST(SpecLoaderSubmission, AcceptReplacesRequiredFiles) {
  const Assignment assignment = load_spec_from_string(
      spec_with("  module: a2_submission\n  accept: ['.ipynb', '.py']\n  definitions_only: true",
                "  action_order: [left, right, up, down]\n"),
      "a2.yaml");
  EXPECT_EQ(assignment.submission.accept, (std::vector<std::string>{".ipynb", ".py"}));
  EXPECT_TRUE(assignment.submission.definitions_only);
  EXPECT_TRUE(assignment.submission.required_files.empty());
  EXPECT_EQ(assignment.domain->action_order,
            (std::vector<std::string>{"left", "right", "up", "down"}));
}

TEST(SpecLoaderSubmission, DefaultsStayAsTheTorusSpecExpects) {
  const Assignment assignment =
      load_spec_from_string(spec_with("  module: torus_puzzle"), "a2.yaml");
  EXPECT_TRUE(assignment.submission.accept.empty());
  EXPECT_FALSE(assignment.submission.definitions_only);
  EXPECT_EQ(assignment.submission.required_files, (std::vector<std::string>{"torus_puzzle.py"}));
  EXPECT_TRUE(assignment.domain->action_order.empty());
}

TEST(SpecLoaderSubmission, MistakesAreNamedWithTheirPlace) {
  EXPECT_NE(
      error_of(spec_with("  module: a2\n  accept: ['.ipynb']")).find("definitions_only: true"),
      std::string::npos);
  EXPECT_NE(error_of(spec_with("  module: a2\n  accept: ['.ipnb']\n  definitions_only: true"))
                .find("'.ipnb'"),
            std::string::npos);
  EXPECT_NE(error_of(spec_with("  module: a2\n  accept: ['.py']\n  required_files: [a2.py]"))
                .find("not both"),
            std::string::npos);
  EXPECT_NE(
      error_of(spec_with("  module: a2", "  action_order: [left, left]\n")).find("listed twice"),
      std::string::npos);
}

}  // namespace spec_loader_submission_test
}  // namespace
}  // namespace sg
