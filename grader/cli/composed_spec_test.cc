// The 7-tile assignment (specs/seven-tile-puzzle.yaml, written as a composition of the spec's
// parts: each test's `call:`, the function adapter, a named A*) rewritten in the seed form the
// torus spec uses (`state:` only, the spec's `search:` as the algorithm, no adapter). The seed
// form is shorthand for the composition (kinds/domain_trace.h, composed_form), so graded that
// way every fixture of fixtures/seven-tile earns exactly the score and loses exactly the
// criteria its expected.yaml states.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>

#include "cli/command_test_util.h"
#include "cli/expected_grades_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace composed_spec_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;

// The composed tile spec at `spec` with every print_succ and solve test in the seed form.
YAML::Node seed_form(const fs::path& spec) {
  YAML::Node root = YAML::LoadFile(spec.string());
  root.remove("algorithms");
  root.remove("adapter");
  root["search"]["algorithm"] = "astar";
  for (YAML::Node test : root["tests"]) {
    const std::string kind = test["kind"].as<std::string>();
    test.remove("call");
    test.remove("order");
    if (kind == "solve") {
      test.remove("algorithm");
      test["state"] = test["start"];
      test.remove("start");
    }
  }
  return root;
}

TEST(SeedFormTileSpec, GradesEverySevenTileFixtureAsTheComposedSpecDoes) {
  const fs::path source = SG_SOURCE_DIR;
  const YAML::Node composed = YAML::LoadFile((source / "specs/seven-tile-puzzle.yaml").string());
  ASSERT_TRUE(composed["adapter"]) << "the shipped spec is the composed form";
  const fs::path folder = test_util::fresh_temp_dir("seed-form");
  const fs::path spec = folder / "seven-seed-form.yaml";
  YAML::Emitter emitted;
  emitted << seed_form(source / "specs" / "seven-tile-puzzle.yaml");
  std::ofstream(spec) << emitted.c_str();
  const auto validated = run_shell(searchgrader() + " validate " + spec.string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;

  const fs::path expected = source / "fixtures/seven-tile/expected.yaml";
  const std::size_t graded = test_util::grade_as_expected(spec, expected);
  EXPECT_EQ(graded, YAML::LoadFile(expected.string())["submissions"].size())
      << "every fixture of the seven-tile spec is graded";
  fs::remove_all(folder);
}

}  // namespace composed_spec_test
}  // namespace
}  // namespace sg
