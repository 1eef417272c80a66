// A named board notation is a line of YAML: the 8-tile assignment (specs/eight-tile-puzzle.yaml)
// rewritten to print boards in seed 004's compact notation (`notation: {state: compact}`, its
// goal and test boards written "123 456 78b"), with no C++. A submission that prints
// "b12 345 678" earns full marks; the course's list-printing solution keeps every correctness
// criterion (boards are read tolerantly) and loses only the format, shown the line as it should
// read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace named_notation_spec_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;

std::string compact(const YAML::Node& board) {
  std::string text;
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (i > 0 && i % 3 == 0) text += ' ';
    const int cell = board[i].as<int>();
    text += cell == 0 ? 'b' : static_cast<char>('0' + cell);
  }
  return text;
}

// Seed 001's: one list a row, `*` the blank, every other tile written one less.
std::string lisp(const YAML::Node& board) {
  std::string text = "(";
  for (std::size_t i = 0; i < board.size(); ++i) {
    text += i % 3 == 0 ? (i > 0 ? ") (" : "(") : " ";
    const int cell = board[i].as<int>();
    text += cell == 0 ? "*" : std::to_string(cell - 1);
  }
  return text + "))";
}

YAML::Node notation_form(const fs::path& spec, const std::string& name,
                         std::string (*write)(const YAML::Node&)) {
  YAML::Node root = YAML::LoadFile(spec.string());
  root["notation"]["state"] = name;
  root["domain"]["goal"] = write(root["domain"]["goal"]);
  for (YAML::Node test : root["tests"])
    for (const char* key : {"state", "start"})
      if (test[key]) test[key] = write(test[key]);
  return root;
}

fs::path write_spec(const YAML::Node& root, const fs::path& spec) {
  YAML::Emitter emitted;
  emitted << root;
  std::ofstream(spec) << emitted.c_str();
  return spec;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
    text.replace(at, from.size(), to), at += to.size();
}

nlohmann::json grade(const fs::path& spec, const fs::path& submission) {
  const auto result = run_shell(
      searchgrader() + " grade " + spec.string() + " " + submission.string() + " --format json",
      false);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return nlohmann::json::parse(result.output);
}

std::vector<std::string> lost(const nlohmann::json& report) {
  std::vector<std::string> ids;
  for (const auto& criterion : report["criteria"])
    if (criterion["status"] != "passed") ids.push_back(criterion["id"].get<std::string>());
  return ids;
}

TEST(NamedNotationSpec, TheEightTileAssignmentInCompactNotationIsYamlAlone) {
  const fs::path source = SG_SOURCE_DIR;
  const fs::path folder = test_util::fresh_temp_dir("compact-notation");
  const fs::path spec =
      write_spec(notation_form(source / "specs" / "eight-tile-puzzle.yaml", "compact", compact),
                 folder / "eight-tile-compact.yaml");
  const auto validated = run_shell(searchgrader() + " validate " + spec.string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;

  // The course's solution with its two state prints written in the compact notation.
  std::string module = read_text(source / "fixtures/eight-tile/correct/funny_puzzle.py");
  replace_all(module, "print(succ_state,", "print(compact(succ_state),");
  replace_all(module, "print(current_state,", "print(compact(current_state),");
  module +=
      "\n\ndef compact(state):\n"
      "    cells = ''.join('b' if v == 0 else str(v) for v in state)\n"
      "    return ' '.join(cells[i:i + 3] for i in range(0, 9, 3))\n";
  const fs::path compact_submission = folder / "compact";
  fs::create_directories(compact_submission);
  std::ofstream(compact_submission / "funny_puzzle.py") << module;

  const nlohmann::json full = grade(spec, compact_submission);
  EXPECT_DOUBLE_EQ(full["score"].get<double>(), 100.0) << full.dump(1);

  const nlohmann::json lists = grade(spec, source / "fixtures/eight-tile/correct");
  EXPECT_DOUBLE_EQ(lists["score"].get<double>(), 90.0) << lists.dump(1);
  EXPECT_EQ(lost(lists), std::vector<std::string>{"solve_format"});
  EXPECT_THAT(lists.dump(), HasSubstr("should read `123 456 7b8 h=1 moves: 0`"));
  fs::remove_all(folder);
}

// A board the spec's notation cannot read but another named one can (a Python list where the
// spec asks for seed 001's s-expressions) is judged for what it is: the path keeps its points,
// the format shows the line as it should read.
TEST(NamedNotationSpec, ABoardInAnotherNotationLosesTheFormatNotThePath) {
  const fs::path source = SG_SOURCE_DIR;
  const fs::path folder = test_util::fresh_temp_dir("lisp-notation");
  const fs::path spec =
      write_spec(notation_form(source / "specs" / "eight-tile-puzzle.yaml", "lisp", lisp),
                 folder / "eight-tile-lisp.yaml");
  const auto validated = run_shell(searchgrader() + " validate " + spec.string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;
  const nlohmann::json lists = grade(spec, source / "fixtures/eight-tile/correct");
  EXPECT_DOUBLE_EQ(lists["score"].get<double>(), 90.0) << lists.dump(1);
  EXPECT_EQ(lost(lists), std::vector<std::string>{"solve_format"});
  EXPECT_THAT(lists.dump(), HasSubstr("should read `((0 1 2) (3 4 5) (6 * 7)) h=1 moves: 0`"));
  fs::remove_all(folder);
}

}  // namespace named_notation_spec_test
}  // namespace
}  // namespace sg
