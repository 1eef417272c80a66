#include "spec/spec_loader.h"

#include <gtest/gtest.h>

#include <string>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace spec_loader_test {

const std::string kMinimal = R"(spec_version: 1
assignment:
  id: demo
  title: Demo
submission:
  language: python
  module: demo
domain:
  type: sliding_tile
  rows: 3
  cols: 3
  topology: torus
  goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]
limits:
  cpu_seconds: 5
rubric:
  - id: succ
    name: "print_succ works"
    points: 5
  - id: written
    name: "Descriptions"
    points: 20
    manual: true
tests:
  - id: t1
    kind: print_succ
    state: [1, 2, 3, 4, 0, 5, 6, 7, 8]
    visibility: after_due_date
    limits: {wall_seconds: 3}
    grades: {successors: succ}
)";

// Replaces the first occurrence of `from` in the minimal spec.
std::string variant(const std::string& from, const std::string& to) {
  std::string text = kMinimal;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

std::string error_of(const std::string& yaml) {
  try {
    load_spec_from_string(yaml, "specs/demo.yaml");
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TEST(SpecLoader, ReadsEverySection) {
  const Assignment a = load_spec_from_string(kMinimal, "specs/demo.yaml");
  EXPECT_EQ(a.id, "demo");
  EXPECT_EQ(a.submission.module, "demo");
  EXPECT_EQ(a.submission.required_files, std::vector<std::string>{"demo.py"});
  ASSERT_TRUE(a.domain);
  EXPECT_EQ(a.domain->topology, "torus");
  EXPECT_DOUBLE_EQ(a.default_limits.cpu_seconds, 5.0);
  ASSERT_EQ(a.criteria.size(), 2u);
  EXPECT_TRUE(a.criteria[1].manual);
  EXPECT_DOUBLE_EQ(a.max_points(), 25.0);
  ASSERT_EQ(a.tests.size(), 1u);
  const TestSpec& t = a.tests[0];
  EXPECT_EQ(t.visibility, Visibility::after_due_date);
  EXPECT_DOUBLE_EQ(t.limits.cpu_seconds, 5.0);   // inherited
  EXPECT_DOUBLE_EQ(t.limits.wall_seconds, 3.0);  // overridden
  EXPECT_EQ(t.grades.at("successors"), std::vector<std::string>{"succ"});
  EXPECT_EQ(t.input["state"], nlohmann::json({1, 2, 3, 4, 0, 5, 6, 7, 8}));
  EXPECT_EQ(t.key_locations.at("/state").line, 27);
  EXPECT_EQ(a.spec_sha256.size(), 64u);
}

TEST(SpecLoader, ReadsAProgramSubmission) {
  const Assignment a = load_spec_from_string(
      variant("  language: python\n  module: demo\n",
              "  language: program\n  entry: [eightpuzzle.py, eightpuzzle]\n  build: make\n"
              "  build_limits: {cpu_seconds: 90}\n"),
      "specs/demo.yaml");
  EXPECT_EQ(a.submission.language, "program");
  EXPECT_EQ(a.submission.entry, (std::vector<std::string>{"eightpuzzle.py", "eightpuzzle"}));
  EXPECT_EQ(a.submission.build, "make");
  EXPECT_EQ(a.submission.build_limits.cpu_seconds, 90);
  EXPECT_EQ(a.submission.build_limits.wall_seconds, 120);  // the build's own default
  EXPECT_TRUE(a.submission.required_files.empty());
  EXPECT_EQ(load_spec_from_string(variant("  language: python\n  module: demo\n",
                                          "  language: program\n  entry: prog\n"),
                                  "specs/demo.yaml")
                .submission.build,
            "auto");
}

TEST(SpecLoader, ProgramKeysAreCheckedAndBelongToPrograms) {
  EXPECT_NE(error_of(variant("  language: python\n  module: demo\n", "  language: program\n"))
                .find("a program submission needs an 'entry'"),
            std::string::npos);
  EXPECT_NE(error_of(variant("  module: demo\n", "  module: demo\n  entry: prog\n"))
                .find("are for `language: program` submissions"),
            std::string::npos);
  EXPECT_NE(error_of(variant("  language: python\n  module: demo\n",
                             "  language: program\n  entry: prog\n  build: ninja\n"))
                .find("submission.build must be one of auto, make, cmake, javac, none"),
            std::string::npos);
}

TEST(SpecLoader, ReadsAJavaSubmissionOfClasses) {
  const Assignment a = load_spec_from_string(
      variant("  language: python\n  module: demo\n",
              "  language: java\n  module: Board\n  build_limits: {cpu_seconds: 90}\n"),
      "specs/demo.yaml");
  EXPECT_EQ(a.submission.language, "java");
  EXPECT_EQ(a.submission.module, "Board");
  EXPECT_EQ(a.submission.build_limits.cpu_seconds, 90);
  // A class may be in a package's folder: nothing is required by name, the driver finds it.
  EXPECT_TRUE(a.submission.required_files.empty());
  EXPECT_NE(error_of(variant("  language: python\n  module: demo\n", "  language: java\n"))
                .find("in Java the class the tests start from, e.g. Board"),
            std::string::npos);
  EXPECT_NE(error_of(variant("  language: python\n  module: demo\n",
                             "  language: java\n  module: Board\n  entry: Solver\n"))
                .find("are for `language: program` submissions"),
            std::string::npos);
}

TEST(SpecLoader, InvalidYamlNamesLineAndColumn) {
  const std::string message = error_of("spec_version: 1\nassignment: [unclosed\n");
  EXPECT_NE(message.find("specs/demo.yaml:"), std::string::npos) << message;
  EXPECT_NE(message.find("invalid YAML"), std::string::npos) << message;
}

TEST(SpecLoader, MisspeltKeysGetASuggestion) {
  const std::string message = error_of(variant("cpu_seconds: 5", "cpu_second: 5"));
  EXPECT_NE(message.find("specs/demo.yaml:15:3"), std::string::npos) << message;
  EXPECT_NE(message.find("did you mean 'cpu_seconds'"), std::string::npos) << message;
}

TEST(SpecLoader, DanglingCriterionReferenceIsAnError) {
  const std::string message =
      error_of(variant("grades: {successors: succ}", "grades: {successors: sucs}"));
  EXPECT_NE(message.find("not in the rubric (did you mean 'succ'?)"), std::string::npos) << message;
}

TEST(SpecLoader, CriterionWithoutTestsMustBeManual) {
  const std::string message = error_of(variant("    manual: true\n", ""));
  EXPECT_NE(message.find("criterion 'written' has no test grading it"), std::string::npos)
      << message;
}

TEST(SpecLoader, TypesAndRangesAreChecked) {
  EXPECT_NE(error_of(variant("points: 5", "points: five")).find("expected points to be a number"),
            std::string::npos);
  EXPECT_NE(error_of(variant("goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]", "goal: [1, 2, 3, 0]"))
                .find("goal has 4 tiles"),
            std::string::npos);
  EXPECT_NE(
      error_of(variant("topology: torus", "topology: donut")).find("must be one of bounded, torus"),
      std::string::npos);
  EXPECT_NE(error_of(variant("visibility: after_due_date", "visibility: secret"))
                .find("visibility must be one of"),
            std::string::npos);
  EXPECT_NE(error_of(variant("spec_version: 1", "spec_version: 2")).find("not supported"),
            std::string::npos);
}

TEST(SpecLoader, TheBoardNotationIsNamedOnceAndReadsTheGoal) {
  const Assignment compact = load_spec_from_string(
      variant("domain:\n", "notation: {state: compact}\ndomain:\n"), "specs/demo.yaml");
  EXPECT_EQ(compact.state_notation, "compact");
  EXPECT_EQ(load_spec_from_string(kMinimal, "specs/demo.yaml").state_notation, "python_list");
  EXPECT_EQ(compact.domain->goal, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 0}));  // a list still
  const std::string with_compact_goal =
      variant("goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]", "goal: \"123 456 78b\"");
  const std::string named = with_compact_goal.substr(0, with_compact_goal.find("domain:")) +
                            "notation: {state: compact}\n" +
                            with_compact_goal.substr(with_compact_goal.find("domain:"));
  EXPECT_EQ(load_spec_from_string(named, "specs/demo.yaml").domain->goal,
            (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 0}));

  const std::string unknown =
      error_of(variant("domain:\n", "notation: {state: compcat}\ndomain:\n"));
  EXPECT_NE(unknown.find("notation.state must be one of python_list, python_rows, edn_rows, "
                         "compact, lisp"),
            std::string::npos)
      << unknown;
  // The default notation cannot read a compact goal: the error names the notation and the form.
  const std::string unread = error_of(with_compact_goal);
  EXPECT_NE(unread.find("domain.goal in the python_list notation"), std::string::npos) << unread;
  EXPECT_NE(unread.find("[1, 2, 3, 4, 5, 6, 7, 8, 0]"), std::string::npos) << unread;
}

TEST(SpecLoader, DuplicateIdsAreRejected) {
  const std::string twice = kMinimal + R"(  - id: t1
    kind: print_succ
    state: [1, 2, 3, 4, 0, 5, 6, 7, 8]
)";
  EXPECT_NE(error_of(twice).find("duplicate test id 't1'"), std::string::npos);
}

TEST(SpecLoader, MissingFileIsAClearError) {
  try {
    load_spec("/nonexistent/spec.yaml");
    FAIL();
  } catch (const SpecError& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/spec.yaml: no such spec file"),
              std::string::npos);
  }
}

}  // namespace spec_loader_test
}  // namespace
}  // namespace sg

namespace sg {
namespace {
namespace spec_loader_test {

// Found by replaying the fuzz corpus: a spec named without a folder ("spec.yaml", as
// `searchgrader validate spec.yaml` names it) that refers to a file crashed the loader with a
// filesystem_error instead of resolving the file in the working directory.
TEST(SpecLoader, ASpecNamedWithoutAFolderFindsItsFilesInTheWorkingDirectory) {
  const std::string with_support =
      variant("  module: demo\n", "  module: demo\n  support_files: [no-such-helper.py]\n");
  for (const std::string name : {"spec.yaml", ""}) {
    std::vector<SpecError> errors;
    EXPECT_NO_THROW(read_spec_from_string(with_support, name, errors)) << name;
    ASSERT_FALSE(errors.empty()) << name;
    EXPECT_NE(std::string(errors[0].what()).find("no-such-helper.py"), std::string::npos)
        << errors[0].what();
  }
}

}  // namespace spec_loader_test
}  // namespace
}  // namespace sg

namespace sg {
namespace {
namespace spec_loader_test {

// Found by fuzzing: a byte that is not UTF-8 (a spec saved as Latin-1) crashed the loader when
// it wrote the spec as JSON. It is a spec error at its line and column.
TEST(SpecLoader, ASpecThatIsNotUtf8IsAnErrorAtTheByte) {
  const std::string latin1 = variant("  title: Demo\n", "  title: Caf\xE9\n");
  std::vector<SpecError> errors;
  EXPECT_NO_THROW(read_spec_from_string(latin1, "specs/demo.yaml", errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].where().line, 4);
  EXPECT_EQ(errors[0].where().column, 13);
  EXPECT_NE(std::string(errors[0].what()).find("not UTF-8: byte 0xE9"), std::string::npos);
  // Well-formed multi-byte characters are fine.
  errors.clear();
  read_spec_from_string(
      variant("  title: Demo\n", "  title: Caf\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x98\x80\n"),
      "specs/demo.yaml", errors);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0].what());
  // A YAML escape can make a byte that is not UTF-8 out of a file that is (found by fuzzing):
  // it is read as U+FFFD.
  errors.clear();
  const Assignment escaped = read_spec_from_string(
      variant("  title: Demo\n", "  title: \"Caf\\x85\"\n"), "specs/demo.yaml", errors);
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors[0].what());
  EXPECT_FALSE(escaped.grading_sha256.empty());
}

}  // namespace spec_loader_test
}  // namespace
}  // namespace sg
