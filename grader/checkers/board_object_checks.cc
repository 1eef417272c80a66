#include "checkers/board_object_checks.h"

#include <fmt/format.h>

#include "checkers/blank_move.h"
#include "checkers/board_set_checker.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "notation/dimension_rows.h"

namespace sg {
namespace {

std::string drawn(const ref::TilePuzzle& puzzle, const ref::Tiles& tiles) {
  return puzzle.rows() == puzzle.cols() ? dimension_rows_text(tiles, puzzle.rows())
                                        : python_list(tiles) + "\n";
}

// A returned value as Java writes it (the driver's encoding read back).
std::string shown(const nlohmann::json& value) {
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_null()) return "null";
  if (value.is_object() && value.contains("$iterator") && value["$iterator"].is_array()) {
    const std::size_t count = value["$iterator"].size();
    const std::string type = value.value("type", std::string("Iterable"));
    return count == 0 ? fmt::format("an empty {}", type)
                      : fmt::format("a {} of {} items", type, count);
  }
  return elide(python_repr(value), 12, 600);
}

}  // namespace

FunctionCallCheck check_twin(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                             const nlohmann::json& returned, const std::string& call) {
  FunctionCallCheck check;
  const std::optional<ref::Tiles> twin = returned_board(returned, puzzle.rows(), puzzle.cols());
  if (!twin) {
    check.feedback = fmt::format("`{}` returned {}, not a {} x {} board", call, shown(returned),
                                 puzzle.rows(), puzzle.cols());
    return check;
  }
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < board.size(); ++i)
    if ((*twin)[i] != board[i]) changed.push_back(i);
  const bool swapped = changed.size() == 2 && (*twin)[changed[0]] == board[changed[1]] &&
                       (*twin)[changed[1]] == board[changed[0]];
  if (swapped && board[changed[0]] != 0 && board[changed[1]] != 0) {
    check.passed = true;
    return check;
  }
  const std::string why =
      changed.empty() ? "it is the same board: a twin swaps two tiles"
      : swapped
          ? "it moves the blank: a twin swaps two tiles, neither the blank"
          : fmt::format("it changes {} cells: a twin swaps exactly two tiles", changed.size());
  check.feedback = fmt::format("`{}` returned\n{}{} (the board is\n{})", call, drawn(puzzle, *twin),
                               why, drawn(puzzle, board));
  return check;
}

FunctionCallCheck check_boolean(bool expected, const nlohmann::json& returned,
                                const std::string& call) {
  FunctionCallCheck check;
  check.passed = returned.is_boolean() && returned.get<bool>() == expected;
  if (!check.passed)
    check.feedback = fmt::format("`{}` returned {}, expected {}", call, shown(returned),
                                 expected ? "true" : "false");
  return check;
}

FunctionCallCheck check_tiles_at(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                                 const nlohmann::json& returned, const std::string& made) {
  FunctionCallCheck check;
  const std::size_t cols = static_cast<std::size_t>(puzzle.cols());
  if (!returned.is_array() || returned.size() != board.size()) {
    check.feedback = fmt::format("`{}.tileAt(row, col)` on its {} cells returned {}", made,
                                 board.size(), shown(returned));
    return check;
  }
  for (std::size_t i = 0; i < board.size(); ++i) {
    if (returned[i].is_number_integer() && returned[i].get<int>() == board[i]) continue;
    check.feedback =
        fmt::format("`{}.tileAt({}, {})` returned {}, expected {} (the board is\n{})", made,
                    i / cols, i % cols, shown(returned[i]), board[i], drawn(puzzle, board));
    return check;
  }
  check.passed = true;
  return check;
}

FunctionCallCheck check_board_text(const ref::TilePuzzle& puzzle, const ref::Tiles& board,
                                   const nlohmann::json& returned, const std::string& call,
                                   BoardTextLayout layout) {
  FunctionCallCheck check;
  const int n = puzzle.rows();
  if (!returned.is_string()) {
    check.feedback = fmt::format("`{}` returned {}, not a string", call, shown(returned));
    return check;
  }
  const std::string text = returned.get<std::string>();
  const std::string wanted = dimension_rows_text(board, n);
  const std::string got = elide(text, 12, 600);
  if (layout == BoardTextLayout::tokens) {
    check.passed = read_dimension_tokens_board(text, n) == board;
    if (!check.passed)
      check.feedback = fmt::format(
          "`{}` returned\n{}\nwhich does not draw the board (its dimension {}, then its tiles "
          "row by row):\n{}",
          call, got, n, wanted);
    return check;
  }
  if (read_dimension_lines_board(text, n) != board) {
    check.feedback = fmt::format(
        "`{}` returned\n{}\nexpected the course's layout: {} lines, the dimension alone on the "
        "first, then one row of the board on each line:\n{}",
        call, got, n + 1, wanted);
    return check;
  }
  check.passed = true;
  if (text == wanted) return check;
  if (layout == BoardTextLayout::aligned) {
    check.passed = false;
    check.feedback = fmt::format(
        "`{}` returned\n{}\nexpected the course's layout (the dimension, then each row's tiles "
        "as String.format(\"%2d \", tile), each row ending in a newline):\n{}",
        call, got, wanted);
    return check;
  }
  check.notes.push_back(
      "toString() spaces its tiles otherwise than the handout's String.format(\"%2d \", tile); "
      "the course's grader reads the dimension and the tiles as tokens on their lines, so this "
      "is not charged");
  return check;
}

FunctionCallCheck check_board_solver(const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                     std::optional<std::size_t> shortest,
                                     const nlohmann::json& returned, const std::string& call) {
  FunctionCallCheck check;
  const nlohmann::json moves = returned.value("moves", nlohmann::json());
  const nlohmann::json solution = returned.value("solution", nlohmann::json());
  const nlohmann::json solvable = returned.value("solvable", nlohmann::json());
  if (!shortest) {
    std::vector<std::string> wrong;
    if (moves != -1) wrong.push_back(fmt::format("moves() returned {}, not -1", shown(moves)));
    if (!solution.is_null())
      wrong.push_back(fmt::format("solution() returned {}, not null", shown(solution)));
    if (solvable != false)
      wrong.push_back(fmt::format("isSolvable() returned {}, not false", shown(solvable)));
    check.passed = wrong.empty();
    if (!check.passed)
      check.feedback = fmt::format("the board is unsolvable:\n{}{}", drawn(puzzle, start),
                                   fmt::join(wrong, "; "));
    return check;
  }
  const auto fail = [&](const std::string& why) {
    check.feedback = fmt::format("{}, from\n{}{}", call, drawn(puzzle, start), why);
    return check;
  };
  if (returned.contains("solvable") && solvable != true)
    return fail(fmt::format("isSolvable() returned {}, expected true", shown(solvable)));
  if (moves != *shortest)
    return fail(fmt::format("moves() returned {}; a shortest solution has {} moves", shown(moves),
                            *shortest));
  const nlohmann::json items =
      solution.is_object() && solution.contains("$iterator") ? solution["$iterator"] : solution;
  if (!items.is_array()) return fail(fmt::format("solution() returned {}", shown(solution)));
  std::vector<ref::Tiles> boards;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto board = returned_board(items[i], puzzle.rows(), puzzle.cols());
    if (!board)
      return fail(fmt::format("board {} of solution() is {}, not a {} x {} board", i + 1,
                              shown(items[i]), puzzle.rows(), puzzle.cols()));
    boards.push_back(*board);
  }
  if (boards.size() != *shortest + 1)
    return fail(
        fmt::format("solution() has {} boards; moves() + 1 = {} (the initial board, "
                    "then one per move)",
                    boards.size(), *shortest + 1));
  if (boards.front() != start)
    return fail(fmt::format("the first board of solution() is\n{}not the initial board",
                            drawn(puzzle, boards.front())));
  const BoardShape shape{puzzle.rows(), puzzle.cols()};
  for (std::size_t i = 1; i < boards.size(); ++i)
    if (!blank_move_between(boards[i - 1], boards[i], shape))
      return fail(
          fmt::format("board {} of solution() is not one slide from the board before "
                      "it:\n{}cannot follow\n{}",
                      i + 1, drawn(puzzle, boards[i]), drawn(puzzle, boards[i - 1])));
  if (boards.back() != puzzle.goal())
    return fail(fmt::format("the last board of solution() is\n{}not the goal",
                            drawn(puzzle, boards.back())));
  check.passed = true;
  return check;
}

FunctionCallCheck check_raises(const std::string& expected, const nlohmann::json& returned,
                               const std::string& call) {
  FunctionCallCheck check;
  const nlohmann::json raised = returned.value("raised", nlohmann::json());
  check.passed = raised == expected;
  if (!check.passed)
    check.feedback =
        raised.is_string()
            ? fmt::format("`{}` threw {} ({}), expected {}", call, raised.get<std::string>(),
                          returned.value("message", std::string()), expected)
            : fmt::format("`{}` returned normally, expected it to throw {}", call, expected);
  return check;
}

}  // namespace sg
