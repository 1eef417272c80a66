#include "domains/sliding_tile_setup.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "checkers/python_value.h"
#include "notation/board_notation.h"
#include "notation/lisp_grid.h"  // NotationError
#include "spec/edit_distance.h"

namespace sg {

ref::TilePuzzle make_puzzle(const Assignment& assignment, const TestSpec& test) {
  if (!assignment.domain) {
    throw SpecError(
        test.where,
        fmt::format("a {} test needs a `domain:` section (type: sliding_tile)", test.kind));
  }
  const SlidingTileDomain& domain = *assignment.domain;
  return ref::TilePuzzle(domain.rows, domain.cols,
                         domain.topology == "torus" ? ref::Topology::torus : ref::Topology::bounded,
                         domain.goal);
}

ref::TilePuzzle board_for_test(const SlidingTileDomain& board, const std::string& notation,
                               const TestSpec& test, bool one_blank) {
  const ref::TilePuzzle domain(
      board.rows, board.cols,
      board.topology == "torus" ? ref::Topology::torus : ref::Topology::bounded, board.goal);
  if (!test.input.contains("goal")) {
    if (one_blank) require_one_blank(domain, test, "");
    return domain;
  }
  const ref::Tiles goal = read_state(test, "goal", domain, notation);
  ref::TilePuzzle puzzle(domain.rows(), domain.cols(), domain.topology(), goal);
  if (one_blank) require_one_blank(puzzle, test, "/goal");
  return puzzle;
}

ref::TilePuzzle puzzle_for_test(const Assignment& assignment, const TestSpec& test,
                                bool one_blank) {
  make_puzzle(assignment, test);  // the spec has a board
  return board_for_test(*assignment.domain, assignment.state_notation, test, one_blank);
}

std::optional<ref::TilePuzzle> puzzle_of_size(const ref::TilePuzzle& puzzle, int rows, int cols) {
  if (rows == puzzle.rows() && cols == puzzle.cols()) return puzzle;
  const ref::Tiles& goal = puzzle.goal();
  const int size = static_cast<int>(goal.size());
  ref::Tiles blank_last(goal.size()), blank_first(goal.size());
  for (int i = 0; i < size; ++i) {
    blank_last[static_cast<std::size_t>(i)] = i + 1 == size ? 0 : i + 1;
    blank_first[static_cast<std::size_t>(i)] = i;
  }
  const bool last = goal == blank_last;
  if (!last && goal != blank_first) return std::nullopt;
  if (rows < 1 || cols < 1 || rows * cols < 2) return std::nullopt;
  ref::Tiles resized(static_cast<std::size_t>(rows * cols));
  for (int i = 0; i < rows * cols; ++i)
    resized[static_cast<std::size_t>(i)] = last ? (i + 1 == rows * cols ? 0 : i + 1) : i;
  return ref::TilePuzzle(rows, cols, puzzle.topology(), std::move(resized));
}

void require_one_blank(const ref::TilePuzzle& puzzle, const TestSpec& test,
                       const std::string& pointer) {
  if (puzzle.blank_count() == 1) return;
  throw SpecError(pointer.empty() ? test.where : location_of(test, pointer),
                  fmt::format("a {} test names the blank's moves (up, down, left, right), so its "
                              "puzzle needs exactly one blank; this goal has {}",
                              test.kind, puzzle.blank_count()));
}

ref::Heuristic board_heuristic(const SlidingTileDomain& board) {
  return ref::parse_heuristic(board.heuristic).value_or(ref::Heuristic::misplaced_tiles);
}

ref::Heuristic assignment_heuristic(const Assignment& assignment) {
  return assignment.domain ? board_heuristic(*assignment.domain) : ref::Heuristic::misplaced_tiles;
}

std::vector<ref::BlankMove> board_action_order(const SlidingTileDomain& board) {
  std::vector<ref::BlankMove> order;
  for (const auto& name : board.action_order) order.push_back(*ref::parse_blank_move(name));
  if (order.empty()) order.assign(std::begin(ref::kAllBlankMoves), std::end(ref::kAllBlankMoves));
  return order;
}

std::vector<ref::BlankMove> assignment_action_order(const Assignment& assignment) {
  if (assignment.domain) return board_action_order(*assignment.domain);
  return {std::begin(ref::kAllBlankMoves), std::end(ref::kAllBlankMoves)};
}

std::vector<ref::Tiles> successor_boards(const ref::TilePuzzle& puzzle,
                                         const std::vector<ref::BlankMove>& order,
                                         const ref::Tiles& board) {
  std::vector<ref::Tiles> boards;
  for (auto& successor : puzzle.successors(board, order))
    boards.push_back(std::move(successor.state));
  return boards;
}

bool successors_in_action_order(const Assignment& assignment) {
  return assignment.search.successor_order == "move_order";
}

std::string heuristic_wording(ref::Heuristic heuristic) {
  switch (heuristic) {
    case ref::Heuristic::misplaced_tiles:
      return "misplaced tiles, not counting the blank";
    case ref::Heuristic::manhattan:
      return "sum of Manhattan distances";
    case ref::Heuristic::zero:
      return "zero";
  }
  return "heuristic";
}

ref::Tiles read_state(const TestSpec& test, const std::string& key, const ref::TilePuzzle& puzzle,
                      std::string_view notation) {
  const SourceLocation where = location_of(test, "/" + key);
  if (!test.input.contains(key)) {
    throw SpecError(test.where, fmt::format("a {} test needs `{}:` (a state, row-major, 0 = blank)",
                                            test.kind, key));
  }
  std::optional<ref::Tiles> state = as_int_list(test.input[key]);
  if (!state && test.input[key].is_string()) {
    const BoardNotation* board_notation = find_board_notation(notation);
    try {
      state =
          board_notation->parse(test.input[key].get<std::string>(), {puzzle.rows(), puzzle.cols()});
    } catch (const NotationError& error) {
      throw SpecError(where,
                      fmt::format("`{}` in the {} notation: {}", key, notation, error.what()));
    }
  }
  if (!state)
    throw SpecError(where, fmt::format("`{}` must be a list of integers or a board written in the "
                                       "{} notation",
                                       key, notation));
  const std::string problem = puzzle.validate(*state);
  if (!problem.empty())
    throw SpecError(where, fmt::format("`{}` is not a state of this puzzle: {}", key, problem));
  return *state;
}

MoveNames read_move_names(const TestSpec& test, MoveNames fallback) {
  if (!test.input.contains("move_names")) return fallback;
  const nlohmann::json& value = test.input["move_names"];
  const SourceLocation where = location_of(test, "/move_names");
  if (value == "upper") return MoveNames();
  if (value == "lower") return MoveNames({"up", "down", "left", "right"});
  const char* const expected =
      "move_names: `lower`, `upper` or the four moves' words, e.g. {up: U, down: D, left: L, "
      "right: R}";
  if (!value.is_object() || value.size() != 4) throw SpecError(where, expected);
  std::array<std::string, 4> words;
  for (const ref::BlankMove move : ref::kAllBlankMoves) {
    const std::string key = ref::to_string(move);
    if (!value.contains(key) || !value[key].is_string()) throw SpecError(where, expected);
    words[static_cast<std::size_t>(move)] = value[key].get<std::string>();
  }
  try {
    return MoveNames(std::move(words));
  } catch (const std::invalid_argument& error) {
    throw SpecError(where, fmt::format("move_names: {}", error.what()));
  }
}

}  // namespace sg
