#include "domains/rules_local_space.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "domains/rules_world.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace rules_local_space_test {

namespace fs = std::filesystem;
using ref::LocalState;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A line of cells 0..9 as a rules file would answer it: neighbors of (x,) are (x - 1,) and
// (x + 1,) on the line, its value |x - 7|; a state (13,) answers a neighbour that is no state.
class LineOracle : public RulesOracle {
 public:
  nlohmann::json explore(const RulesQuery&) const override { return nullptr; }
  nlohmann::json ask(const RulesQuery&, const std::string& method,
                     const nlohmann::json& args_list) const override {
    ++asked;
    nlohmann::json answers = nlohmann::json::array();
    for (const auto& args : args_list) {
      const int x = args.at(0).at("$tuple").at(0).get<int>();
      if (method == "value") {
        answers.push_back(std::abs(x - 7));
        continue;
      }
      nlohmann::json near = nlohmann::json::array();
      if (x == 13) near.push_back("thirteen");
      for (const int next : {x - 1, x + 1})
        if (next >= 0 && next <= 9) near.push_back({{"$tuple", {next}}});
      answers.push_back(near);
    }
    return answers;
  }
  mutable std::atomic<int> asked{0};
};

class RulesLocal : public ::testing::Test {
 protected:
  void SetUp() override {
    cache_ = fs::temp_directory_path() /
             ("sg-rules-local-cache-" + std::to_string(std::random_device{}()));
    setenv("SEARCHGRADER_CACHE_DIR", cache_.c_str(), 1);
    oracle_ = std::make_shared<LineOracle>();
    install_rules_oracle(oracle_);
    assignment_ = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: line}
submission: {language: python, module: m}
domains:
  line: {type: rules, is: local, source: "# a line )yaml" +
                                            std::to_string(std::random_device{}()) +
                                            R"yaml(", world: Line}
rubric: [{id: a, points: 1}]
tests:
  - {id: t, kind: local_search, space: line, role: climb, function: climb, calls: [[[2]]],
     grades: {path: a}}
)yaml",
                                        "specs/line.yaml");
  }
  void TearDown() override {
    unsetenv("SEARCHGRADER_CACHE_DIR");
    std::error_code ignored;
    fs::remove_all(cache_, ignored);
  }

  fs::path cache_;
  std::shared_ptr<LineOracle> oracle_;
  Assignment assignment_;
};

TEST_F(RulesLocal, TheReferenceClimbsThroughTheRulesAnswers) {
  const SpecSection& section = assignment_.domains.at("line");
  EXPECT_TRUE(rules_section_is_local(section));
  const RulesLocalSpace space(section, "line", section.where);
  EXPECT_THAT(space.neighbours({2}), ElementsAre(LocalState{1}, LocalState{3}));
  EXPECT_EQ(space.text({2}), "(2,)");
  EXPECT_EQ(space.text({1, 2}), "(1, 2)");
  ref::HillClimbOptions options;
  options.current_competes = false;
  options.tie = ref::ClimbTie::first_generated;
  options.stop = ref::ClimbStop::no_better;
  options.target.reset();
  const ref::HillClimbRun run = ref::hill_climb(space, {2}, options);
  ASSERT_EQ(run.path.size(), 6u);
  EXPECT_EQ(run.path.back(), LocalState{7});
  EXPECT_EQ(run.values.back(), 0);
  // Each step asks the neighbours and their values once; the start's value once more.
  const int asked = oracle_->asked;
  EXPECT_LE(asked, 2 * 6 + 1);
  ref::hill_climb(RulesLocalSpace(section, "line", section.where), {2}, options);
  EXPECT_EQ(oracle_->asked, asked);  // asked once, then kept
}

TEST_F(RulesLocal, AnAnswerThatIsNoStateIsASpecError) {
  const SpecSection& section = assignment_.domains.at("line");
  const RulesLocalSpace space(section, "line", section.where);
  EXPECT_THAT([&] { space.neighbours({13}); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("the rules' neighbors(13,) gave 'thirteen': a local-search state is "
                            "a sequence of integers")));
}

}  // namespace rules_local_space_test
}  // namespace
}  // namespace sg
