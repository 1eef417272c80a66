// The tutorials in docs/spec-format.md are assignments written in YAML alone: one that starts
// from an empty file ("a new assignment") and one per test family (successors and solve traces,
// a queue class, functions, printed paths and traces, program output, JSON-reading programs, a
// program reporting every search in one run, heuristics, problem classes, game-tree search). This
// test copies each out of the page (every fenced block whose info string names a path), validates
// its spec with the built searchgrader and grades each submission, expecting exactly the score and
// the lost criteria its own expected.yaml states. It proves that adding an assignment of any family
// needs no C++, and keeps the page true.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "cli/command_test_util.h"
#include "cli/expected_grades_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace tutorial_test {

namespace fs = std::filesystem;
using test_util::grade_as_expected;
using test_util::run_shell;
using test_util::searchgrader;

// Copies every fenced block whose info string names a path, from the section headed `heading` to
// the next "## " heading, into a fresh folder; returns it (and how many files in `files`).
fs::path copy_section_files(const std::string& heading, std::size_t& files) {
  std::ifstream file(std::string(SG_SOURCE_DIR) + "/docs/spec-format.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  const auto section = doc.find(heading);
  if (section == std::string::npos) return {};
  const auto next = doc.find("\n## ", section + heading.size());
  const std::string part = doc.substr(section, next == std::string::npos ? next : next - section);
  const fs::path root = test_util::fresh_temp_dir("tutorial");
  const std::regex block(R"(```[a-z]+ (\S+)\n([\s\S]*?)```)");
  files = 0;
  for (auto it = std::sregex_iterator(part.begin(), part.end(), block);
       it != std::sregex_iterator(); ++it) {
    const fs::path path = root / (*it)[1].str();
    fs::create_directories(path.parent_path());
    std::ofstream(path) << (*it)[2].str();
    ++files;
  }
  return root;
}

// Copies the files of the tutorial under `heading` (`expected_files` of them: the spec, two
// submissions and expected.yaml, and any file the spec names) into `root`, validates its spec
// `<folder>/<folder>.yaml` and grades its two submissions as its expected.yaml states.
void grade_tutorial(const std::string& heading, const std::string& folder, fs::path& root,
                    std::size_t expected_files = 4) {
  std::size_t files = 0;
  root = copy_section_files(heading, files);
  ASSERT_FALSE(root.empty()) << "no such section in docs/spec-format.md";
  ASSERT_EQ(files, expected_files);
  const fs::path spec = root / folder / (folder + ".yaml");
  const auto validated = run_shell(searchgrader() + " validate " + spec.string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;
  EXPECT_EQ(grade_as_expected(spec, root / folder / "expected.yaml"), 2u);
}

// One tutorial per family: the page's heading and the folder its files are written to.
struct FamilyTutorial {
  const char* heading;
  const char* folder;
  std::size_t files = 4;  ///< Fenced files: a rules-file world adds its rules file.
};

class FamilyTutorials : public ::testing::TestWithParam<FamilyTutorial> {};

// The tutorial's spec validates, grades its two submissions as its expected.yaml says, and its
// audit agrees and catches every mutant it runs (the page chose its tests to).
TEST_P(FamilyTutorials, GradeTheirFixturesAsTheirExpectedYamlSaysAndCatchTheirMutants) {
  const FamilyTutorial& tutorial = GetParam();
  fs::path root;
  grade_tutorial(tutorial.heading, tutorial.folder, root, tutorial.files);
  if (HasFatalFailure()) return;
  const fs::path spec = root / tutorial.folder / (std::string(tutorial.folder) + ".yaml");
  const auto audited =
      run_shell(searchgrader() + " audit " + spec.string() + " --format json", false);
  ASSERT_EQ(audited.exit_code, 0) << audited.output;
  const auto audit = nlohmann::json::parse(audited.output);
  EXPECT_TRUE(audit["fixtures_ok"].get<bool>());
  for (const auto& mutant : audit["mutants"])
    EXPECT_TRUE(mutant["killed"].get<bool>()) << mutant.dump();
  fs::remove_all(root);
}

INSTANTIATE_TEST_SUITE_P(
    Docs, FamilyTutorials,
    ::testing::Values(
        // print_succ / solve on a board no shipped spec has (2 x 4, two empty squares)
        FamilyTutorial{"## Tutorial: a successor-listing and solve assignment", "sixtile"},
        // the same family on a grid maze with costly cells, through line templates
        FamilyTutorial{"## Tutorial: print_succ and solve on a maze", "maze"},
        // a function returning (value, move), judged on what it generated
        FamilyTutorial{"## Tutorial: a game-tree search function on tic-tac-toe", "ttt"},
        // a queue class driven step by step, on a 2 x 3 board
        FamilyTutorial{"## Tutorial: a priority-queue class on a new board", "frontier"},
        // the same queue holding a weighted graph's towns, h and costs from the domain
        FamilyTutorial{"## Tutorial: a priority-queue class on a weighted graph", "roadqueue"},
        // helper and search functions on the 15-puzzle (tests chosen to catch the depth mutants)
        FamilyTutorial{"## Tutorial: helper functions and a search function", "fifteen"},
        // the same family on a maze: the formulation's own actions(state) and result(state, a)
        FamilyTutorial{"## Tutorial: a maze's actions and result", "mazefn"},
        // a function handed a route prints it in the course's format, judged line by line
        FamilyTutorial{"## Tutorial: a route printed in the course's format", "printroute"},
        // a program's printed trace, on boards of 3 x 2 and 2 x 3
        FamilyTutorial{"## Tutorial: a program that prints its iterative-deepening trace",
                       "traced"},
        // the same trace on a road map: the moves are the towns, the path judged by the graph
        FamilyTutorial{"## Tutorial: an iterative-deepening trace on a road map", "roadtrace"},
        // the same trace reading the course's own input file, written from templates
        FamilyTutorial{"## Tutorial: an iterative-deepening program with the course's own input",
                       "ownfile"},
        // a command-line program's output read by the spec's patterns, with another goal
        FamilyTutorial{"## Tutorial: a command-line puzzle program", "cli-puzzle"},
        // a program's search reports on puzzles written as JSON
        FamilyTutorial{"## Tutorial: a program that reads a puzzle from JSON", "jsontiles"},
        // a heuristic judged on every cell of a maze against h*
        FamilyTutorial{"## Tutorial: a heuristic the student designs", "swamp"},
        // a world the course writes as a Python rules file, searched by the reference
        FamilyTutorial{"## Tutorial: a new world as a rules file", "jugs", 5},
        // the textbook's own code: AIMA's nodes and figures on a 3rd-edition rules file
        FamilyTutorial{"## Tutorial: grading the textbook's own code", "numbers", 5},
        // local search on a rules-file world: a printed hill climb judged line by line
        FamilyTutorial{"## Tutorial: the 8-puzzle by hill climbing", "puzzle8", 5},
        // a game agent's value and move on positions of a rules-file game (game_function)
        FamilyTutorial{"## Tutorial: a game agent's functions", "agent", 5},
        // a problem class over a maze, walked by the driver and matched to the reference's
        FamilyTutorial{"## Tutorial: a problem class the student formulates", "mazeproblem"},
        FamilyTutorial{"## Tutorial: a program that runs every search in one go", "allsearch"},
        // a program that writes its answer to a file (output: {file: solution.txt})
        FamilyTutorial{"## Tutorial: a program that writes its answer to a file", "mazefile"},
        // boards of three sizes in one spec, a program printing its moves a line each
        FamilyTutorial{"## Tutorial: a program that solves boards of three sizes", "sizes"}),
    [](const ::testing::TestParamInfo<FamilyTutorial>& param) {
      std::string name = param.param.folder;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

TEST(Tutorial, TheDocumentedAssignmentGradesItsFixturesAsItsExpectedYamlSays) {
  std::size_t files = 0;
  const fs::path root = copy_section_files("## Tutorial: a new assignment", files);
  ASSERT_FALSE(root.empty()) << "no such section in docs/spec-format.md";
  ASSERT_GE(files, 4u);
  const fs::path spec = root / "subway" / "subway.yaml";
  const auto validated = run_shell(searchgrader() + " validate " + spec.string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;

  EXPECT_EQ(grade_as_expected(spec, root / "subway" / "expected.yaml"), 3u);

  // Step 10: the course's CI. The audit finds expected.yaml beside the spec and agrees with it.
  const auto audited =
      run_shell(searchgrader() + " audit " + spec.string() + " --format json", false);
  ASSERT_EQ(audited.exit_code, 0) << audited.output;
  const auto audit = nlohmann::json::parse(audited.output);
  EXPECT_TRUE(audit["fixtures_ok"].get<bool>());
  EXPECT_EQ(audit["fixtures"].size(), 3u);
  EXPECT_FALSE(audit["mutants"].empty());

  // Golden expectations: frozen, then agreed with; a changed golden file fails validation at
  // the changed test.
  ASSERT_EQ(run_shell(searchgrader() + " expect " + spec.string() + " --write").exit_code, 0);
  const fs::path golden = root / "subway" / "golden" / "subway.yaml";
  ASSERT_TRUE(fs::exists(golden));
  const auto agreed = run_shell(searchgrader() + " validate " + spec.string());
  EXPECT_EQ(agreed.exit_code, 0) << agreed.output;
  EXPECT_THAT(agreed.output, ::testing::HasSubstr("golden expectations agree"));
  std::stringstream frozen;
  frozen << std::ifstream(golden).rdbuf();
  std::string edited = frozen.str();
  const auto path_at = edited.find("path (");
  ASSERT_NE(path_at, std::string::npos);
  edited.replace(path_at, 6, "path [");
  std::ofstream(golden) << edited;
  const auto disagreed = run_shell(searchgrader() + " validate " + spec.string());
  EXPECT_EQ(disagreed.exit_code, 2) << disagreed.output;
  EXPECT_THAT(disagreed.output, ::testing::HasSubstr("golden/subway.yaml:"));
  EXPECT_THAT(disagreed.output, ::testing::HasSubstr("changed"));
  fs::remove_all(root);
}

}  // namespace tutorial_test
}  // namespace
}  // namespace sg
