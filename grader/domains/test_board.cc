#include "domains/test_board.h"

#include <fmt/format.h>

#include <stdexcept>

#include "domains/sliding_tile_setup.h"
#include "notation/json_puzzle.h"
#include "notation/lisp_grid.h"

namespace sg {

std::optional<ref::Tiles> TestBoard::read(const std::string& text) const {
  try {
    return notation->parse(text, shape());
  } catch (const NotationError&) {
    return std::nullopt;
  }
}

std::string board_text(const TestSpec& test, const std::string& key, const std::string& kind) {
  if (!test.input.contains(key))
    throw SpecError(test.where, fmt::format("an {} test needs `{}`", kind, key));
  if (!test.input[key].is_string())
    throw SpecError(location_of(test, "/" + key),
                    fmt::format("`{}` must be text as the input file gives it, e.g. \"{}\"", key,
                                key == "dimensions" ? "(2 2)" : "((1 2) (* 3))"));
  return test.input[key].get<std::string>();
}

TestBoardSize read_board_size(const TestSpec& test) {
  const nlohmann::json& in = test.input;
  if (in.contains("dimensions") == (in.contains("rows") || in.contains("cols")))
    throw SpecError(test.where,
                    "a board's iddfs_trace test gives its size as `rows` and `cols`, or as "
                    "`dimensions` \"(columns rows)\" (seed 001's line), not both");
  if (in.contains("dimensions")) {
    const std::string text = board_text(test, "dimensions", "iddfs_trace");
    try {
      const LispGridSize size = parse_lisp_dimensions(text);
      return {{size.rows, size.cols}, text};
    } catch (const NotationError& error) {
      throw SpecError(location_of(test, "/dimensions"), error.what());
    }
  }
  BoardShape shape;
  for (const auto& [key, field] :
       {std::pair{"rows", &shape.rows}, std::pair{"cols", &shape.cols}}) {
    if (!in.contains(key) || !in[key].is_number_integer() || in[key].get<int>() < 1 ||
        in[key].get<int>() > 16)
      throw SpecError(location_of(test, in.contains(key) ? fmt::format("/{}", key) : ""),
                      "`rows` and `cols` are whole numbers from 1 to 16");
    *field = in[key].get<int>();
  }
  return {shape, fmt::format("({} {})", shape.cols, shape.rows)};
}

TestBoard read_sized_board(const Assignment& assignment, const TestSpec& test) {
  const BoardShape shape = read_board_size(test).shape;
  const BoardNotation& notation = *find_board_notation(assignment.state_notation);
  const auto board = [&](const std::string& key) {
    try {
      return notation.parse(board_text(test, key, "iddfs_trace"), shape);
    } catch (const NotationError& error) {
      throw SpecError(location_of(test, "/" + key),
                      fmt::format("`{}` in the {} notation (the spec's notation.state): {}", key,
                                  notation.name, error.what()));
    }
  };
  const ref::Tiles start = board("start");
  const ref::Tiles goal = board("goal");
  std::optional<ref::TilePuzzle> puzzle;
  try {
    puzzle.emplace(shape.rows, shape.cols, ref::Topology::bounded, goal);
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, "/goal"), fmt::format("not a goal board: {}", error.what()));
  }
  require_one_blank(*puzzle, test, "/goal");
  if (const std::string problem = puzzle->validate(start); !problem.empty()) {
    throw SpecError(
        location_of(test, "/start"),
        fmt::format("the start does not hold the goal's tiles: {}{}", problem,
                    notation.name == "lisp" ? " (tile values shifted by one, `*` = 0)" : ""));
  }
  return {std::move(*puzzle), start, &notation};
}

TestBoard read_puzzle_board(const Assignment& assignment, const TestSpec& test) {
  const BoardNotation* notation = find_board_notation(assignment.state_notation);
  if (!test.input.contains("puzzle")) {
    if (!assignment.domain)
      throw SpecError(test.where,
                      "a search test needs `puzzle` ({n, start, goal}), or `start` on the spec's "
                      "sliding-tile `domain`");
    ref::TilePuzzle puzzle = puzzle_for_test(assignment, test);
    if (puzzle.topology() != ref::Topology::bounded)
      throw SpecError(test.where, "a search program's board is bounded (no torus)");
    ref::Tiles start = read_state(test, "start", puzzle, assignment.state_notation);
    return {std::move(puzzle), std::move(start), notation};
  }
  JsonPuzzle json;
  try {
    json = parse_json_puzzle(test.input["puzzle"].dump());
  } catch (const NotationError& error) {
    throw SpecError(location_of(test, "/puzzle"),
                    fmt::format("puzzle: {} (expected {{n, start, goal}} with n x n rows, 0 the "
                                "blank)",
                                error.what()));
  }
  std::optional<ref::TilePuzzle> made;
  try {
    made.emplace(json.n, json.n, ref::Topology::bounded, json.goal);
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, "/puzzle/goal"), error.what());
  }
  require_one_blank(*made, test, "/puzzle/goal");
  if (const std::string problem = made->validate(json.start); !problem.empty())
    throw SpecError(location_of(test, "/puzzle/start"),
                    "the start is not a board of the goal's tiles: " + problem);
  return {std::move(*made), std::move(json.start), notation};
}

std::optional<std::string> puzzle_json(const TestBoard& board) {
  if (board.puzzle.rows() != board.puzzle.cols()) return std::nullopt;
  return print_json_puzzle({board.puzzle.rows(), board.start, board.puzzle.goal()}) + "\n";
}

}  // namespace sg
