// The submission section's single-file mode (`accept`, `definitions_only`) and the domain's
// `action_order`, as the iterative-deepening spec (A2) uses them.
#include <gmock/gmock.h>
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

// Where a program's answer is read, and the course's Python (issue 71).
TEST(SpecLoaderSubmission, AnAnswerFileAndTheCoursesPython) {
  const Assignment program = load_spec_from_string(
      spec_with("  language: program\n  entry: driver.py\n  output: {file: output.txt}\n"
                "  python: {version: \"3.6\", restore: [time.clock]}"),
      "a2.yaml");
  EXPECT_EQ(program.submission.answer.file, "output.txt");
  EXPECT_FALSE(program.submission.answer.with_stdout);
  EXPECT_EQ(program.tests.front().answer.file, "output.txt");  // every test's, by default
  EXPECT_EQ(program.submission.course_python.version, "3.6");
  EXPECT_EQ(program.submission.course_python.restore, (std::vector<std::string>{"time.clock"}));
  EXPECT_THAT(error_of(spec_with("  module: a2\n  output: {file: output.txt}")),
              testing::HasSubstr("are for `language: program`"));
  EXPECT_THAT(error_of(spec_with("  language: program\n  entry: d.py\n  output: {file: ../o}")),
              testing::HasSubstr("a path inside the submission"));
  EXPECT_THAT(error_of(spec_with("  language: program\n  entry: d.py\n  output: {stdout: true}")),
              testing::HasSubstr("output needs `file`"));
  EXPECT_THAT(error_of(spec_with("  module: a2\n  python: {restore: [time.clocks]}")),
              testing::HasSubstr("'time.clocks' is not a name this grader restores (did you mean "
                                 "'time.clock'?)"));
}

}  // namespace spec_loader_submission_test
}  // namespace
}  // namespace sg
