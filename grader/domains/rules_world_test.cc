#include "domains/rules_world.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "domains/search_domain.h"
#include "reference/game_search.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace rules_world_test {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A world of three states as the driver's explore op answers it: (0, 0) -> (0, 1) by "up"
// (cost 2) and -> (1, 0) by the tuple action (1, 0) (cost 1); (1, 0) -> (0, 1) by "up"
// (cost 3); (0, 1) is the goal; h is 1, 0, 1.
nlohmann::json three_states() {
  return nlohmann::json::parse(R"json({
    "states": ["(0, 0)", "(0, 1)", "(1, 0)"],
    "values": [{"$tuple": [0, 0]}, {"$tuple": [0, 1]}, {"$tuple": [1, 0]}],
    "goal": [false, true, false],
    "successors": [[["up", 1, 2], [{"$tuple": [1, 0]}, 2, 1]], [], [["up", 1, 3]]],
    "parent": [-1, 0, 0], "action": [null, "up", {"$tuple": [1, 0]}],
    "h": [1, 0, 1], "complete": true})json");
}

TEST(RulesProblem, SearchesTheStatesTheRulesAnswered) {
  const RulesProblem world(three_states());
  EXPECT_EQ(world.initial_state(), "(0, 0)");
  EXPECT_EQ(world.size(), 3u);
  const auto steps = world.successors("(0, 0)");
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].action, "up");
  EXPECT_EQ(steps[0].state, "(0, 1)");
  EXPECT_EQ(steps[0].cost, 2);
  EXPECT_EQ(steps[1].action, "(1, 0)");  // a tuple action is named by its repr
  EXPECT_TRUE(world.is_goal("(0, 1)"));
  EXPECT_FALSE(world.is_goal("(1, 0)"));
  EXPECT_EQ(world.h("(1, 0)"), 1);
  EXPECT_THAT(world.goals(), ElementsAre("(0, 1)"));
  EXPECT_FALSE(world.is_state("(5, 5)"));
  EXPECT_TRUE(world.successors("(5, 5)").empty());
}

TEST(RulesProblem, HandsTheSubmissionTheRulesOwnValues) {
  const RulesProblem world(three_states());
  EXPECT_EQ(world.value_of("(1, 0)"), nlohmann::json::parse(R"({"$tuple": [1, 0]})"));
  EXPECT_TRUE(world.value_of("(9, 9)").is_null());
  EXPECT_EQ(world.state_of(nlohmann::json::parse(R"({"$tuple": [0, 1]})")), "(0, 1)");
  EXPECT_EQ(world.state_of(nlohmann::json::parse("[0, 1]")), std::nullopt);  // a list is not it
  EXPECT_EQ(world.action_value("(1, 0)"), nlohmann::json::parse(R"({"$tuple": [1, 0]})"));
  EXPECT_EQ(world.action_value("up"), "up");
}

TEST(RulesProblem, KnowsWhenItsHeuristicIsConsistent) {
  EXPECT_TRUE(RulesProblem(three_states()).consistent_h());
  nlohmann::json overrated = three_states();
  overrated["h"] = {3, 0, 1};  // h(0, 0) = 3 > 2 + h(0, 1) by "up"
  EXPECT_FALSE(RulesProblem(overrated).consistent_h());
  nlohmann::json goal_above_zero = three_states();
  goal_above_zero["h"] = {1, 1, 1};  // (0, 1) is a goal
  EXPECT_FALSE(RulesProblem(goal_above_zero).consistent_h());
  nlohmann::json without_h = three_states();
  without_h.erase("h");
  EXPECT_FALSE(RulesProblem(without_h).consistent_h());
}

TEST(RulesProblem, RefusesAnswersOfAnotherShape) {
  nlohmann::json answers = three_states();
  answers["successors"][0][0] = {"up", 7, 1};  // past the states
  EXPECT_THROW(RulesProblem{answers}, std::invalid_argument);
  answers = three_states();
  answers["values"].erase(0);
  EXPECT_THROW(RulesProblem{answers}, std::invalid_argument);
}

// A game as the driver's explore op answers it (api aima_game): 'a' (agent 0 to move) -> 'b'
// by "left" or -> 'c' by the tuple move (0, 1); 'b' is over (utility 1); 'c' (agent 1 to move)
// -> 'd' by "right"; 'd' is over (utility -1); the world has no evaluate, so 'c' has no score.
nlohmann::json little_game() {
  return nlohmann::json::parse(R"json({
    "states": ["'a'", "'b'", "'c'", "'d'"], "mover": [0, 1, 1, 0],
    "terminal": [false, true, false, true], "score": [null, 1, null, -1],
    "moves": [[["left", 1], [{"$tuple": [0, 1]}, 2]], [], [["right", 3]], []],
    "players": ["'X'", "'O'"], "complete": true})json");
}

TEST(RulesGame, EachStatesMovesAreItsMoversAlone) {
  const RulesGame game(little_game());
  EXPECT_EQ(game.initial_state(), "'a'");
  EXPECT_EQ(game.agents(), 2);
  const auto moves = game.moves("'a'", 0);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[1].action, "(0, 1)");
  EXPECT_EQ(moves[1].state, "'c'");
  EXPECT_TRUE(game.moves("'a'", 1).empty());
  EXPECT_EQ(game.moves("'c'", 1).size(), 1u);
  EXPECT_TRUE(game.is_terminal("'b'"));
  EXPECT_EQ(game.evaluate("'d'"), -1);
  EXPECT_EQ(game.outcome("'b'"), 1);
  EXPECT_THROW(game.evaluate("'c'"), std::out_of_range);  // not over, and no evaluate
}

TEST(RulesGame, AStateAtTheDepthAskedIsCutAndKeepsItsScore) {
  nlohmann::json answers = little_game();
  answers["moves"][2] = nlohmann::json::array();  // 'c' listed, not expanded
  answers["cut"] = {2};
  answers["score"][2] = 0;
  answers["values"] = {"a", "b", "c", "d"};
  const RulesGame game(answers);
  EXPECT_TRUE(game.is_cut("'c'"));
  EXPECT_FALSE(game.is_cut("'b'"));
  EXPECT_TRUE(game.moves("'c'", 1).empty());
  EXPECT_EQ(game.evaluate("'c'"), 0);
  EXPECT_EQ(game.action_value("(0, 1)"), nlohmann::json::parse(R"({"$tuple": [0, 1]})"));
  EXPECT_TRUE(game.action_value("(9, 9)").is_null());
  EXPECT_EQ(game.value_of("'c'"), "c");
  answers["cut"] = {7};
  EXPECT_THROW(RulesGame{answers}, std::invalid_argument);
}

// 'a' (agent 0): "safe" -> 'c' (over, 3) or "gamble" -> 'b', where chance moves: "win" -> 'd'
// (over, 10) with probability 0.2, "lose" -> 'e' (over, 0) with 0.8.
nlohmann::json gamble() {
  return nlohmann::json::parse(R"json({
    "states": ["'a'", "'b'", "'c'", "'d'", "'e'"], "mover": [0, 1, 1, 0, 0],
    "terminal": [false, false, true, true, true], "score": [null, null, 3, 10, 0],
    "moves": [[["safe", 2], ["gamble", 1]], [["win", 3, 0.2], ["lose", 4, 0.8]], [], [], []],
    "players": ["'me'", "'chance'"], "complete": true})json");
}

TEST(RulesGame, ChanceMovesCarryTheRulesProbabilitiesIntoExpectimax) {
  const RulesGame game(gamble());
  const auto chances = game.moves("'b'", 1);
  ASSERT_EQ(chances.size(), 2u);
  EXPECT_DOUBLE_EQ(chances[0].probability, 0.2);
  EXPECT_DOUBLE_EQ(game.moves("'a'", 0)[0].probability, 0);  // a player's choice
  ref::GameSearchOptions options;
  options.algorithm = ref::GameAlgorithm::expectimax;
  options.depth = 2;
  const ref::GameSearchRun run = ref::game_search(game, options);
  EXPECT_DOUBLE_EQ(run.value, 3);  // 0.2 x 10 + 0.8 x 0 = 2 < 3; a uniform chance would gamble
  EXPECT_EQ(run.action, "safe");
  nlohmann::json uniform = gamble();
  uniform["moves"][1] = nlohmann::json::parse(R"([["win", 3], ["lose", 4]])");
  EXPECT_EQ(ref::game_search(RulesGame(uniform), options).action, "gamble");
}

TEST(RulesGame, RefusesChanceMovesWhoseProbabilitiesDoNotSumToOne) {
  nlohmann::json answers = gamble();
  answers["moves"][1][1][2] = 0.7;
  try {
    RulesGame{answers};
    FAIL() << "a sum of 0.9 was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_THAT(error.what(), HasSubstr("at 'b' the moves' probabilities sum to 0.9"));
  }
  answers = gamble();
  answers["moves"][1][1] = nlohmann::json::parse(R"(["lose", 4])");  // one stated, one not
  EXPECT_THROW(RulesGame{answers}, std::invalid_argument);
  answers["moves"][1][1] = nlohmann::json::parse(R"(["lose", 4, -0.8])");
  EXPECT_THROW(RulesGame{answers}, std::invalid_argument);
}

TEST(RulesPosition, ASpecsListsAreTheRulesTuples) {
  EXPECT_EQ(rules_position(nlohmann::json::parse(R"([["b ", " r"], "b"])")),
            nlohmann::json::parse(R"({"$tuple": [{"$tuple": ["b ", " r"]}, "b"]})"));
  EXPECT_EQ(rules_position("b"), "b");
}

TEST(RulesGame, RefusesAnswersOfAnotherShape) {
  nlohmann::json answers = little_game();
  answers["moves"][0][0] = {"left", 9};
  EXPECT_THROW(RulesGame{answers}, std::invalid_argument);
  answers = little_game();
  answers.erase("mover");
  EXPECT_THROW(RulesGame{answers}, std::invalid_argument);
}

// Answers a fixed explore value and counts how often it was asked.
class CountingOracle : public RulesOracle {
 public:
  explicit CountingOracle(nlohmann::json answers) : answers_(std::move(answers)) {}
  nlohmann::json explore(const RulesQuery& query) const override {
    ++asked;
    last_world = query.world;
    last_start = query.start;
    last_depth = query.max_depth;
    return answers_;
  }
  // Each call's answer: its arguments, as the oracle received them.
  nlohmann::json ask(const RulesQuery&, const std::string& method,
                     const nlohmann::json& args_list) const override {
    ++asked;
    last_method = method;
    return args_list;
  }
  mutable std::atomic<int> asked{0};
  mutable std::string last_world;
  mutable std::string last_method;
  mutable nlohmann::json last_start;
  mutable std::optional<int> last_depth;

 private:
  nlohmann::json answers_;
};

class RulesDomain : public ::testing::Test {
 protected:
  void SetUp() override {
    cache_ =
        fs::temp_directory_path() / ("sg-rules-cache-" + std::to_string(std::random_device{}()));
    setenv("SEARCHGRADER_CACHE_DIR", cache_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("SEARCHGRADER_CACHE_DIR");
    std::error_code ignored;
    fs::remove_all(cache_, ignored);
  }

  // A spec whose domain is a rules world given inline (`source:`, as a student copy writes
  // it: the file then goes by rules.py); `marker` makes the rules text, and so the world's key,
  // this test's own.
  static Assignment spec(const std::string& marker, const std::string& extra = "") {
    return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
domains:
  grid:
    type: rules
    source: "# )yaml" + marker + R"yaml("
    world: Grid
)yaml" + extra + R"yaml(rubric: [{id: a, points: 1}]
tests:
  - {id: t, kind: search, domain: grid, grades: {path: a}}
)yaml",
                                 "specs/demo.yaml");
  }

  fs::path cache_;
};

TEST_F(RulesDomain, IsAskedOnceAndKeptOnDiskForTheNextRun) {
  const auto oracle = std::make_shared<CountingOracle>(three_states());
  install_rules_oracle(oracle);
  const Assignment assignment = spec("asked once");
  const SearchDomain domain = search_domain(assignment, assignment.tests.back());
  EXPECT_EQ(domain.type, "rules");
  EXPECT_EQ(oracle->last_world, "Grid");
  EXPECT_EQ(domain.value_of("(0, 0)"), nlohmann::json::parse(R"({"$tuple": [0, 0]})"));
  EXPECT_EQ(domain.state_of(nlohmann::json::parse("[1, 0]")), "(1, 0)");  // a list for a tuple
  EXPECT_EQ(domain.state_of_text("(1,0)"), "(1, 0)");
  EXPECT_THAT(goal_states(domain), ElementsAre("(0, 1)"));
  search_domain(assignment, assignment.tests.back());
  EXPECT_EQ(oracle->asked, 1);
  // Another claim is another world in this process; its answers come from the disk.
  const Assignment claimed = spec("asked once", "    admissible: true\n");
  search_domain(claimed, claimed.tests.back());
  EXPECT_EQ(oracle->asked, 1);
  EXPECT_FALSE(fs::is_empty(cache_ / "rules"));
}

TEST_F(RulesDomain, AWorldWithoutAReachableGoalIsASpecError) {
  nlohmann::json answers = three_states();
  answers["goal"] = {false, false, false};
  install_rules_oracle(std::make_shared<CountingOracle>(answers));
  const Assignment assignment = spec("no goal");
  try {
    search_domain(assignment, assignment.tests.back());
    ADD_FAILURE() << "no goal";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(),
                HasSubstr("demo.yaml:6:5: the rules domain 'grid' (rules.py): no goal "
                          "can be reached from the initial state (0, 0)"));
  }
  EXPECT_TRUE(!fs::exists(cache_ / "rules") || fs::is_empty(cache_ / "rules"));
}

TEST_F(RulesDomain, AStepCostThatIsNotPositiveIsASpecError) {
  nlohmann::json answers = three_states();
  answers["successors"][2][0][2] = 0;
  install_rules_oracle(std::make_shared<CountingOracle>(answers));
  const Assignment assignment = spec("free step");
  EXPECT_THAT([&] { search_domain(assignment, assignment.tests.back()); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("action_cost((1, 0), up, (0, 1)) is 0: step costs must be positive")));
}

TEST_F(RulesDomain, AnAdmissibleClaimIsChecked) {
  nlohmann::json answers = three_states();
  answers["h"] = {9, 0, 1};  // h*((0, 0)) is 2
  install_rules_oracle(std::make_shared<CountingOracle>(answers));
  const Assignment unclaimed = spec("overestimates");
  EXPECT_NO_THROW(search_domain(unclaimed, unclaimed.tests.back()));
  const Assignment claimed = spec("overestimates", "    admissible: true\n");
  EXPECT_THAT([&] { search_domain(claimed, claimed.tests.back()); },
              ::testing::ThrowsMessage<SpecError>(HasSubstr(
                  "h is not admissible as the domain claims (admissible: true): h((0, 0)) = 9 "
                  "but the cheapest path to a goal costs 2")));
}

TEST_F(RulesDomain, AGameIsAGameSearchsDomainAndNotASearchs) {
  install_rules_oracle(std::make_shared<CountingOracle>(little_game()));
  Assignment assignment = spec("a game", "    is: game\n");
  EXPECT_THAT([&] { search_domain(assignment, assignment.tests.back()); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("'grid' is a game (`is: game`): a game_search test's domain")));
  const auto game = rules_game(assignment.domains.at("grid"), "grid");
  EXPECT_EQ(game->agents(), 2);
  EXPECT_EQ(game->evaluate("'b'"), 1);
}

TEST_F(RulesDomain, APositionIsExploredToItsDepthAndAskedOnce) {
  const auto oracle = std::make_shared<CountingOracle>(little_game());
  install_rules_oracle(oracle);
  Assignment assignment = spec("a position", "    is: game\n");
  const SpecSection& section = assignment.domains.at("grid");
  const auto game = rules_game_at(section, "grid", nlohmann::json::array({1, 2}), 2, section.where);
  EXPECT_EQ(game->agents(), 2);
  rules_game_at(section, "grid", nlohmann::json::array({1, 2}), 2, section.where);
  EXPECT_EQ(oracle->asked, 1);
  rules_game_at(section, "grid", nlohmann::json::array({1, 2}), 3, section.where);
  EXPECT_EQ(oracle->asked, 2);  // another depth is another question
}

TEST_F(RulesDomain, AskedMethodsGetTheRulesValuesAndAreKeptOnDisk) {
  const auto oracle = std::make_shared<CountingOracle>(little_game());
  install_rules_oracle(oracle);
  Assignment assignment = spec("asked methods", "    is: game\n");
  const SpecSection& section = assignment.domains.at("grid");
  const nlohmann::json args = nlohmann::json::parse(R"([[[1, 2], "b"]])");
  const nlohmann::json answers = ask_rules(section, "grid", "utility", args, section.where);
  EXPECT_EQ(oracle->last_method, "utility");
  EXPECT_EQ(answers, nlohmann::json::parse(R"([[{"$tuple": [1, 2]}, "b"]])"));
  ask_rules(section, "grid", "utility", args, section.where);
  EXPECT_EQ(oracle->asked, 1);
  EXPECT_FALSE(fs::is_empty(cache_ / "rules"));
}

TEST_F(RulesDomain, AListedStateTheWorldDoesNotReachIsAskedOneActionDeep) {
  const auto oracle = std::make_shared<CountingOracle>(three_states());
  install_rules_oracle(oracle);
  Assignment assignment = spec("a state outside");
  assignment.tests.back().input["state"] = nlohmann::json::parse("[5, 5]");
  search_domain(assignment, assignment.tests.back());
  EXPECT_EQ(oracle->asked, 2);  // the world, then the state's neighbourhood
  EXPECT_EQ(oracle->last_start, nlohmann::json::parse(R"({"$tuple": [5, 5]})"));
  EXPECT_EQ(oracle->last_depth, 1);
}

TEST_F(RulesDomain, ABoardIsReadAndWrittenInTheSpecsNotationAndHandedOverAsAList) {
  install_rules_oracle(std::make_shared<CountingOracle>(three_states()));
  const Assignment assignment = spec("a board", "    board: {rows: 1, cols: 2}\n");
  const SearchDomain domain = search_domain(assignment, assignment.tests.back());
  EXPECT_EQ(domain.value_of("(0, 1)"), nlohmann::json::parse("[0, 1]"));
  EXPECT_EQ(domain.text_of("(0, 1)"), "[0, 1]");  // python_list, the default notation
  EXPECT_EQ(domain.state_of_text("[1, 0]"), "(1, 0)");
  EXPECT_EQ(domain.state_of_text("(1, 0)"), "(1, 0)");  // its repr, too
  EXPECT_EQ(domain.state_of(nlohmann::json::parse("[1, 0]")), "(1, 0)");
  const Assignment as_tuples = spec("tuples", "    board: {rows: 1, cols: 2, as: tuple}\n");
  EXPECT_EQ(search_domain(as_tuples, as_tuples.tests.back()).value_of("(0, 1)"),
            nlohmann::json::parse(R"({"$tuple": [0, 1]})"));
  const Assignment too_big = spec("too big", "    board: {rows: 2, cols: 2}\n");
  EXPECT_THAT([&] { search_domain(too_big, too_big.tests.back()); },
              ::testing::ThrowsMessage<SpecError>(
                  HasSubstr("the state (0, 0) is not a board of 2 x 2 tiles")));
  const Assignment no_cols = spec("no cols", "    board: {rows: 2}\n");
  EXPECT_THAT([&] { search_domain(no_cols, no_cols.tests.back()); },
              ::testing::ThrowsMessage<SpecError>(HasSubstr("board: {rows: 3, cols: 3")));
}

TEST_F(RulesDomain, ATestMayStartAtAnotherOfItsStates) {
  const auto oracle = std::make_shared<CountingOracle>(three_states());
  install_rules_oracle(oracle);
  Assignment assignment = spec("start");
  assignment.tests.back().input["start"] = nlohmann::json::parse("[1, 0]");  // the tuple (1, 0)
  const SearchDomain domain = search_domain(assignment, assignment.tests.back());
  EXPECT_EQ(domain.problem->initial_state(), "(1, 0)");
  EXPECT_EQ(domain.problem->successors("(1, 0)").size(), 1u);
  EXPECT_TRUE(domain.problem->is_goal("(0, 1)"));
  EXPECT_EQ(oracle->asked, 1);  // the world explored from `initial` holds it
}

// A search that takes its goal as an argument (A2's iterativeDeepeningSearch(start, goal, ...)):
// the test's goal replaces the world's is_goal, h is 0 (the world's estimates its own goals,
// so A* is refused), and the goal must be a state of the world.
TEST_F(RulesDomain, ATestMayGiveItsOwnGoalOneOfTheWorldsStates) {
  install_rules_oracle(std::make_shared<CountingOracle>(three_states()));
  Assignment assignment = spec("goal");
  assignment.tests.back().input["goal"] = nlohmann::json::parse("[1, 0]");
  const SearchDomain domain = search_domain(assignment, assignment.tests.back());
  EXPECT_TRUE(domain.problem->is_goal("(1, 0)"));
  EXPECT_FALSE(domain.problem->is_goal("(0, 1)"));  // the world's own goal no longer is one
  EXPECT_EQ(domain.problem->h("(0, 0)"), 0);
  EXPECT_THAT(goal_states(domain), ElementsAre("(1, 0)"));
  EXPECT_EQ(domain.value_of(goal_states(domain).front()),
            nlohmann::json::parse(R"({"$tuple": [1, 0]})"));
  assignment.tests.back().input["goal"] = nlohmann::json::parse("[5, 5]");
  EXPECT_THAT(
      [&] { search_domain(assignment, assignment.tests.back()); },
      ::testing::ThrowsMessage<SpecError>(HasSubstr("goal: [5,5] is no state of the rules world")));
  assignment.tests.back().input["goal"] = nlohmann::json::parse("[1, 0]");
  assignment.tests.back().input["algorithm"] = {{"strategy", "astar"}};
  EXPECT_THAT(
      [&] { search_domain(assignment, assignment.tests.back()); },
      ::testing::ThrowsMessage<SpecError>(HasSubstr("h estimates the cost to its own goals")));
}

}  // namespace rules_world_test
}  // namespace
}  // namespace sg
