#include "reference/grid_maze.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/search.h"
#include "reference/tile_problem.h"

namespace sg::ref {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace grid_maze_test {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Berkeley's tinyMaze layout.
constexpr const char* kTinyMaze =
    "%%%%%%%\n"
    "%    P%\n"
    "% %%% %\n"
    "%  %  %\n"
    "%%   %%\n"
    "%. %%%%\n"
    "%%%%%%%\n";

TEST(GridMaze, ParsesBerkeleyLayoutsAndSaysWhatIsWrong) {
  const Maze maze = parse_maze(kTinyMaze);
  EXPECT_EQ(maze.rows, 7);
  EXPECT_EQ(maze.cols, 7);
  EXPECT_EQ(maze.start, (std::pair{1, 5}));
  EXPECT_THAT(maze.goals, ElementsAre(std::pair{5, 1}));
  EXPECT_TRUE(maze.open(1, 1));
  EXPECT_FALSE(maze.open(0, 0));
  EXPECT_FALSE(maze.open(9, 9));
  try {
    parse_maze("%P P.%\n");
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_THAT(error.what(), HasSubstr("line 1, column 4: a second start"));
  }
  EXPECT_THROW(parse_maze("%P  %\n"), std::invalid_argument);  // no goal
  EXPECT_THROW(parse_maze("\n\n"), std::invalid_argument);
}

TEST(GridMaze, BerkeleyCoordinatesAndTheTinyMazeSolution) {
  const auto maze = std::make_shared<Maze>(parse_maze(kTinyMaze));
  const GridProblem problem(maze, MazeCoordinates::xy, GridProblem::berkeley_moves(),
                            MazeHeuristic::manhattan);
  EXPECT_EQ(problem.initial_state(), "(5, 5)");  // Pacman's (x, y), y from the bottom
  EXPECT_TRUE(problem.is_goal("(1, 1)"));
  EXPECT_FALSE(problem.is_state("(0, 0)"));  // a wall
  EXPECT_FALSE(problem.is_state("(5,5)"));   // not the canonical spelling
  SearchPolicy bfs;
  bfs.strategy = Strategy::breadth_first;
  const SearchRun run = search(problem, bfs);
  ASSERT_TRUE(run.found);
  // Berkeley's tinyMazeSearch: s, s, w, s, w, w, s, w.
  EXPECT_THAT(run.actions,
              ElementsAre("South", "South", "West", "South", "West", "West", "South", "West"));
  EXPECT_DOUBLE_EQ(run.cost, 8);
}

TEST(GridMaze, CellCostsAndRowColumnStates) {
  // Straight through the 9 costs 10; around through the bottom costs 6.
  const auto maze = std::make_shared<Maze>(parse_maze("#####\n#S9G#\n# # #\n#   #\n#####\n"));
  const GridProblem problem(maze, MazeCoordinates::row_col,
                            {{MazeDirection::east, "right"},
                             {MazeDirection::south, "down"},
                             {MazeDirection::west, "left"},
                             {MazeDirection::north, "up"}},
                            MazeHeuristic::manhattan);
  EXPECT_EQ(problem.initial_state(), "(1, 1)");
  SearchPolicy ucs;
  ucs.strategy = Strategy::uniform_cost;
  const SearchRun cheap = search(problem, ucs);
  EXPECT_DOUBLE_EQ(cheap.cost, 6);
  EXPECT_THAT(cheap.actions, ElementsAre("down", "down", "right", "right", "up", "up"));
  SearchPolicy bfs;
  bfs.strategy = Strategy::breadth_first;
  EXPECT_DOUBLE_EQ(search(problem, bfs).cost, 10);
  EXPECT_EQ(parse_maze_direction("N"), MazeDirection::north);
  EXPECT_EQ(parse_maze_direction("Left"), MazeDirection::west);
  EXPECT_FALSE(parse_maze_direction("sideways"));
}

// A board's state is its canonical text: every other spelling is no state.
TEST(TileProblem, ABoardsStateTextRoundTripsAndOnlyTheCanonicalSpellingReads) {
  for (const Tiles& board : {Tiles{}, Tiles{0}, Tiles{1, 2, 0}, Tiles{10, -3, 0, 15}}) {
    EXPECT_EQ(parse_tiles_state(tiles_state(board)), board) << tiles_state(board);
  }
  EXPECT_EQ(tiles_state({10, -3, 0}), "[10, -3, 0]");
  for (const char* other : {"[1,2]", "[1, 2", "1, 2]", "[01, 2]", "[-0, 1]", "[1,  2]", "[1, ]",
                            "[, 1]", "[1 2]", "[a, 1]", "[1, 2] ", "[1234567890]", "[-]"}) {
    EXPECT_EQ(parse_tiles_state(other), std::nullopt) << other;
  }
}

TEST(TileProblem, BoardsAreStatesAndBlankMovesAreActions) {
  const TileProblem problem(TilePuzzle(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}),
                            {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::manhattan);
  EXPECT_EQ(problem.initial_state(), "[1, 2, 3, 4, 5, 6, 7, 0, 8]");
  EXPECT_EQ(parse_tiles_state("[1,2]"), std::nullopt);
  SearchPolicy astar;
  astar.strategy = Strategy::astar;
  const SearchRun run = search(problem, astar);
  EXPECT_THAT(run.actions, ElementsAre("right"));
  EXPECT_DOUBLE_EQ(problem.h(problem.initial_state()), 1);
}

// The goal test compares texts: only the goal's canonical spelling is the goal, and a state
// that is no board has no successors.
TEST(TileProblem, OnlyTheGoalsCanonicalTextIsTheGoal) {
  const TileProblem problem(TilePuzzle(3, 3, Topology::bounded, {1, 2, 3, 4, 5, 6, 7, 8, 0}),
                            {1, 2, 3, 4, 5, 6, 7, 0, 8}, Heuristic::manhattan);
  EXPECT_TRUE(problem.is_goal("[1, 2, 3, 4, 5, 6, 7, 8, 0]"));
  for (const char* other : {"[1,2,3,4,5,6,7,8,0]", "[1, 2, 3, 4, 5, 6, 7, 0, 8]",
                            "[1, 2, 3, 4, 5, 6, 7, 8, 0] ", "[1, 2, 3, 4, 5, 6, 7, 8, 00]"})
    EXPECT_FALSE(problem.is_goal(other)) << other;
  EXPECT_TRUE(problem.successors("[1, 2, 3, 4, 5, 6, 7, 8, 8]").empty());
  EXPECT_TRUE(problem.successors("[1, 2, 3, 4, 5, 6, 7, 8]").empty());
  EXPECT_EQ(problem.successors("[1, 2, 3, 4, 5, 6, 7, 0, 8]").size(), 3u);
}

}  // namespace grid_maze_test
}  // namespace
}  // namespace sg::ref
