#include "kinds/game_search_kind.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "domains/game_domain.h"
#include "kinds/kind_test_util.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace game_search_kind_test {

using ::testing::HasSubstr;

Assignment spec_with(const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: multiAgents}
domains:
  tree:
    type: game_tree
    root: A
    moves: {A: [[a1, B], [a2, C]], B: [[b1, B1], [b2, B2]], C: [[c1, C1], [c2, C2]]}
    values: {B: 0, C: 0, B1: 3, B2: 5, C1: 3, C2: 1}
  bare: {type: game_tree, root: A, moves: {A: [[a1, B]], B: [[b1, B1]]}, values: {B1: 2}}
  ttt: {type: tic_tac_toe, start: "XO.XO...."}
  c4: {type: connect_four, rows: 4, cols: 5, evaluation: open_windows}
  romania: {type: graph, edges: [[A, B, 1]]}
  ring:
    type: pacman
    layout: |
      %%%%%%
      %P..G%
      % %% %
      %G   %
      %%%%%%
  open: {type: pacman, layout: "%%%%\n%P G\n%%%%\n"}
  crowd: {type: pacman, layout: "%%%%\n%PG%\n%%%%\n", ghosts: 2}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: game_search
    grades: {action: a}
)yaml" + test_keys,
                               "specs/demo.yaml");
}

std::string validation_error(const Assignment& assignment) {
  return test_util::validation_error(GameSearchKind(), assignment, assignment.tests.back());
}

const std::string kTree = "    domain: tree\n    algorithm: alpha_beta\n    depth: 1\n";

TEST(GameSearchKind, ValidatesAnAgentOrACallOnATreeOrTicTacToe) {
  EXPECT_EQ(validation_error(spec_with(kTree + "    agent: AlphaBetaAgent\n")), "no error");
  EXPECT_EQ(validation_error(spec_with("    domain: ttt\n    algorithm: minimax\n    depth: 2\n"
                                       "    call: minimax(game, depth)\n    ties: first\n")),
            "no error");
}

// Connect Four's whole tree is far too large for a table: only the levels the search reaches
// and one ply more are listed.
TEST(GameSearchKind, AConnectFourTableStopsOnePlyPastTheSearch) {
  const Assignment assignment = spec_with(
      "    domain: c4\n    algorithm: alpha_beta\n    depth: 1\n    agent: AlphaBetaAgent\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  const GameDomain c4 = game_domain(assignment, assignment.tests.back());
  const nlohmann::json table = c4.table(assignment.tests.back(), 4);
  EXPECT_EQ(table["moves"][std::string(20, '.')].size(), 5u);
  // 5 + 25 + 125 + 625 boards after 1 to 4 moves at most (transpositions merge some); the
  // fourth level is scored without moves.
  EXPECT_LE(table["scores"].size(), 1u + 5 + 25 + 125 + 625);
  EXPECT_LE(table["moves"].size(), 1u + 5 + 25 + 125);
  EXPECT_THROW(c4.table(assignment.tests.back(), 12, 1000), SpecError);
}

TEST(GameSearchKind, NamesTheKeyOfEveryMistake) {
  EXPECT_THAT(validation_error(spec_with(kTree)), HasSubstr("names its adapter"));
  EXPECT_THAT(validation_error(spec_with("    domain: romania\n    algorithm: minimax\n"
                                         "    depth: 1\n    agent: A\n")),
              HasSubstr("domain: one of the spec's games"));
  EXPECT_THAT(validation_error(spec_with("    domain: tree\n    algorithm: negamax\n    depth: 1\n"
                                         "    agent: A\n")),
              HasSubstr("algorithm must be minimax, alpha_beta or expectimax"));
  EXPECT_THAT(validation_error(spec_with("    domain: tree\n    algorithm: minimax\n    depth: 0\n"
                                         "    agent: A\n")),
              HasSubstr("depth: a whole number from 1 to 20"));
  EXPECT_THAT(validation_error(spec_with("    domain: tree\n    algorithm: minimax\n    depth: 1\n"
                                         "    prune: strict\n    agent: A\n")),
              HasSubstr("prune: only for algorithm: alpha_beta"));
  EXPECT_THAT(validation_error(spec_with(kTree + "    call: ab(game, tree)\n")),
              HasSubstr("call: unknown argument 'tree'"));
  EXPECT_THAT(validation_error(spec_with(kTree + "    agent: A\n    returns: value\n")),
              HasSubstr("`returns` is for `call:`"));
  EXPECT_THAT(
      validation_error(spec_with(kTree + "    call: ab(game, depth)\n    returns: value\n")),
      HasSubstr("grades: `action` is not judged where the call returns value only"));
  EXPECT_EQ(
      validation_error(spec_with(kTree + "    call: ab(game, depth)\n    returns: value_action\n")),
      "no error");
  // Counted per move, depth 1 stops at B, an inner state the tree gives no value.
  EXPECT_THAT(validation_error(spec_with("    domain: bare\n    algorithm: minimax\n    depth: 1\n"
                                         "    depth_unit: per_move\n    agent: A\n")),
              HasSubstr("the game tree gives state 'B' no value"));
}

TEST(GameSearchKind, TheGameTableListsEveryStateWithItsMovesScoresAndEnds) {
  const Assignment assignment = spec_with(kTree + "    agent: AlphaBetaAgent\n");
  const GameDomain tree = game_domain(assignment, assignment.tests.back());
  const nlohmann::json table = tree.table(assignment.tests.back(), 4);
  EXPECT_EQ(table["root"], "A");
  EXPECT_EQ(table["moves"]["B"].dump(), R"([["b1","B1"],["b2","B2"]])");
  EXPECT_EQ(table["scores"]["C2"], 1.0);

  TestSpec on_ttt = assignment.tests.back();
  on_ttt.input["domain"] = "ttt";
  const nlohmann::json board = game_domain(assignment, on_ttt).table(on_ttt, 9);
  // X wins with (2, 0): that board is a win, and has no moves.
  EXPECT_NE(board["wins"].dump().find("XO.XO.X.."), std::string::npos);
  EXPECT_FALSE(board["moves"].contains("XO.XO.X.."));
  EXPECT_EQ(board["moves"]["XO.XO...."].size(), 5u);
}

// Any agent may move in a Pacman position: the table lists each agent's moves per state, and
// also along the turns of a search that takes both ghosts as one (agents 0, 1, 0, 1, ...).
TEST(GameSearchKind, APacmanTableListsEachAgentsMovesAlsoForGhostsTakenAsOne) {
  const Assignment assignment = spec_with(
      "    domain: ring\n    algorithm: minimax\n    depth: 1\n    agent: MinimaxAgent\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  const GameDomain ring = game_domain(assignment, assignment.tests.back());
  EXPECT_EQ(ring.game->agents(), 3);
  const nlohmann::json table = ring.table(assignment.tests.back(), 3);
  EXPECT_TRUE(table["per_agent"].get<bool>());
  const std::string root = table["root"];
  EXPECT_EQ(root, "P(1,3) G(1,1,Stop) G(4,3,Stop) food{(2,3),(3,3)} score=0");
  EXPECT_EQ(table["moves"][root]["0"].dump(),
            R"([["Stop","P(1,3) G(1,1,Stop) G(4,3,Stop) food{(2,3),(3,3)} score=-1"],)"
            R"(["East","P(2,3) G(1,1,Stop) G(4,3,Stop) food{(3,3)} score=9"],)"
            R"(["South","P(1,2) G(1,1,Stop) G(4,3,Stop) food{(2,3),(3,3)} score=-1"]])");
  // After Pacman's East and ghost 1's move, Pacman moves again only if ghost 2 is forgotten.
  const std::string east = "P(2,3) G(1,1,Stop) G(4,3,Stop) food{(3,3)} score=9";
  const std::string ghost_1 = table["moves"][east]["1"][0][1];
  EXPECT_TRUE(table["moves"][ghost_1].contains("2"));
  EXPECT_TRUE(table["moves"][ghost_1].contains("0"));
  EXPECT_EQ(table["scores"][east], 9.0);
}

TEST(GameSearchKind, APacmanLayoutsMistakeIsNamedAtItsKey) {
  const std::string test = "    algorithm: minimax\n    depth: 1\n    agent: A\n";
  EXPECT_THAT(validation_error(spec_with("    domain: open\n" + test)),
              HasSubstr("on the border and not a wall"));
  EXPECT_THAT(validation_error(spec_with("    domain: crowd\n" + test)),
              HasSubstr("the layout has 1 ghost(s), not 2"));
}

Assignment program_spec(const std::string& adapter, const std::string& test_keys) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: program, entry: [game.py]}
domains:
  tree:
    type: game_tree
    root: A
    moves: {A: [[a1, B], [a2, C]], B: [[b1, B1], [b2, B2]], C: [[c1, C1, 0.25], [c2, C2, 0.75]]}
    values: {B1: 3, B2: 5, C1: 3, C2: 1}
  pacman: {type: pacman, layout: "%%%%%\n%P.G%\n%%%%%\n"}
)yaml" + adapter + R"yaml(
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: game_search
    algorithm: minimax
    depth: 1
)yaml" + test_keys,
                               "specs/demo.yaml");
}

const std::string kProgramAdapter = R"yaml(adapter:
  type: program
  args: ["{input}", "{depth}"]
  input: tree.txt
  input_text: "root {root}\n{moves}{values}"
  output: {action: "^Move: (?<action>\\S+)", value: "^Value: (?<value>\\S+)"})yaml";

TEST(GameSearchKind, AProgramGetsTheTreeAsLinesAndIsJudgedByItsPatterns) {
  const Assignment assignment =
      program_spec(kProgramAdapter, "    domain: tree\n    grades: {action: a, value: a}\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  GradingContext context;
  context.program_command = {"./game.py"};
  const Invocation invocation =
      GameSearchKind().invocation(assignment, assignment.tests.back(), context);
  ASSERT_EQ(invocation.written_files.size(), 1u);
  EXPECT_EQ(invocation.written_files[0].destination, "tree.txt");
  const std::string& text = invocation.written_files[0].content;
  EXPECT_THAT(text, HasSubstr("root A\nA a1 B\nA a2 C\n"));
  EXPECT_THAT(text, HasSubstr("C c1 C1 0.25\n"));  // a chance move's probability
  EXPECT_THAT(text, HasSubstr("B1 3\n"));
  // Judged: the move and the value; `explored` has no pattern, so it cannot be graded.
  EXPECT_THAT(validation_error(
                  program_spec(kProgramAdapter, "    domain: tree\n    grades: {explored: a}\n")),
              HasSubstr("`explored` is not judged: the adapter's `output` has no `explored`"));
}

TEST(GameSearchKind, AProgramNeedsAnAdapterAndAGameWhoseStatesSayWhoMoves) {
  EXPECT_THAT(validation_error(program_spec("", "    domain: tree\n    grades: {action: a}\n")),
              HasSubstr("reads the spec's `adapter: {type: program"));
  EXPECT_THAT(validation_error(
                  program_spec(kProgramAdapter, "    domain: pacman\n    grades: {action: a}\n")),
              HasSubstr("its states do not say whose move it is"));
  EXPECT_THAT(validation_error(program_spec(
                  kProgramAdapter, "    domain: tree\n    agent: X\n    grades: {action: a}\n")),
              HasSubstr("agent: a program's output is read"));
}

TEST(GameSearchKind, AnAgentCannotBeAskedToWeighProbabilitiesItCannotSee) {
  Assignment assignment =
      spec_with("    domain: tree\n    algorithm: expectimax\n    depth: 1\n    agent: A\n");
  EXPECT_EQ(validation_error(assignment), "no error");
  assignment.domains["tree"].value["moves"]["C"] =
      nlohmann::json::parse(R"([["c1", "C1", 0.25], ["c2", "C2", 0.75]])");
  EXPECT_THAT(validation_error(assignment), HasSubstr("states chance probabilities (at 'C')"));
}

}  // namespace game_search_kind_test
}  // namespace
}  // namespace sg
