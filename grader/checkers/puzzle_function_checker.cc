#include "checkers/puzzle_function_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "checkers/python_value.h"
#include "checkers/state_text.h"

namespace sg {
namespace {

std::string mirrored(const std::string& action) {
  if (action == "left") return "right";
  if (action == "right") return "left";
  return action;
}

std::string blank_place(const ref::TilePuzzle& puzzle, const ref::Tiles& state) {
  const auto blank = static_cast<int>(std::find(state.begin(), state.end(), 0) - state.begin());
  return fmt::format("the blank is at row {}, column {}", blank / puzzle.cols(),
                     blank % puzzle.cols());
}

std::string order_text(const std::vector<ref::BlankMove>& order) {
  std::vector<std::string> names;
  for (const auto move : order) names.push_back(ref::to_string(move));
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::string quoted_names(const std::vector<std::string>& names) {
  std::vector<std::string> items;
  for (const auto& name : names) items.push_back(fmt::format("'{}'", name));
  return fmt::format("[{}]", fmt::join(items, ", "));
}

std::string function_part(const std::string& call) { return call.substr(0, call.find('(')); }

std::optional<std::vector<std::string>> returned_names(const nlohmann::json& observed,
                                                       const std::vector<std::string>& expected,
                                                       const std::string& call,
                                                       FunctionCallCheck& check) {
  std::string normalised;
  const auto items = as_sequence(observed, &normalised);
  std::vector<std::string> got;
  for (const auto& item : items.value_or(std::vector<nlohmann::json>{}))
    if (item.is_string()) got.push_back(item.get<std::string>());
  if (!items || got.size() != items->size()) {
    check.feedback = fmt::format("`{}` returned {}; expected a list of action names, {}", call,
                                 python_repr(observed), quoted_names(expected));
    return std::nullopt;
  }
  if (!normalised.empty() && normalised != "a tuple")
    check.notes.push_back(fmt::format("`{}` returned {}; its items were compared as a list",
                                      function_part(call), normalised));
  return got;
}

std::vector<std::string> legal_actions(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                       const std::vector<ref::BlankMove>& order) {
  std::vector<std::string> names;
  for (const auto& successor : puzzle.successors(state, order))
    names.push_back(ref::to_string(successor.move));
  return names;
}

namespace {

// Every blank's (row, column), row-major.
std::vector<std::pair<int, int>> blank_cells(const ref::TilePuzzle& puzzle,
                                             const ref::Tiles& state) {
  std::vector<std::pair<int, int>> cells;
  for (std::size_t i = 0; i < state.size(); ++i)
    if (state[i] == 0)
      cells.emplace_back(static_cast<int>(i) / puzzle.cols(), static_cast<int>(i) % puzzle.cols());
  return cells;
}

std::string cells_text(const std::vector<std::pair<int, int>>& cells) {
  std::vector<std::string> items;
  for (const auto& [row, col] : cells) items.push_back(fmt::format("({}, {})", row, col));
  return fmt::format("[{}]", fmt::join(items, ", "));
}

// A returned list of (row, column) pairs, or nullopt.
std::optional<std::vector<std::pair<int, int>>> returned_cells(const nlohmann::json& observed) {
  if (!observed.is_array()) return std::nullopt;
  std::vector<std::pair<int, int>> cells;
  for (const auto& item : observed) {
    const auto pair = as_int_list(item);
    if (!pair || pair->size() != 2) return std::nullopt;
    cells.emplace_back((*pair)[0], (*pair)[1]);
  }
  return cells;
}

FunctionCallCheck check_several_blanks(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                       const nlohmann::json& observed, const std::string& call) {
  FunctionCallCheck check;
  std::vector<std::pair<int, int>> want = blank_cells(puzzle, state);
  auto got = returned_cells(observed);
  if (!got) {
    check.feedback = fmt::format(
        "`{}` returned {}; the board has {} blanks, so expected every blank's (row, column): {}",
        call, python_repr(observed), want.size(), cells_text(want));
    return check;
  }
  std::sort(got->begin(), got->end());  // any order: a column-wise scan is as right
  if (*got == want) {
    check.passed = true;
    return check;
  }
  auto swapped = *got;
  for (auto& [row, col] : swapped) std::swap(row, col);
  std::sort(swapped.begin(), swapped.end());
  check.feedback =
      swapped == want
          ? fmt::format("`{}` returned {}, but the blanks are at {}: row first, then column", call,
                        python_repr(observed), cells_text(want))
          : fmt::format("`{}` returned {}, but the blanks are at {} (0-based, row-major)", call,
                        python_repr(observed), cells_text(want));
  return check;
}

}  // namespace

std::string expected_blanks_text(const ref::TilePuzzle& puzzle, const ref::Tiles& state) {
  const std::vector<std::pair<int, int>> cells = blank_cells(puzzle, state);
  if (cells.size() == 1) return fmt::format("({}, {})", cells[0].first, cells[0].second);
  return cells_text(cells);
}

FunctionCallCheck check_find_blank(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                   const nlohmann::json& observed, const std::string& call) {
  if (std::count(state.begin(), state.end(), 0) > 1)
    return check_several_blanks(puzzle, state, observed, call);
  FunctionCallCheck check;
  const auto blank = static_cast<int>(std::find(state.begin(), state.end(), 0) - state.begin());
  const int row = blank / puzzle.cols();
  const int col = blank % puzzle.cols();
  std::string normalised;
  const auto pair = as_int_list(observed, &normalised);
  if (!pair || pair->size() != 2) {
    check.feedback = fmt::format("`{}` returned {}; expected the blank's row and column, ({}, {})",
                                 call, python_repr(observed), row, col);
    return check;
  }
  if ((*pair)[0] == row && (*pair)[1] == col) {
    check.passed = true;
    if (normalised == "a numpy array") {
      check.notes.push_back(fmt::format(
          "`{}` returned a numpy array; compared as a (row, column) pair", function_part(call)));
    }
    return check;
  }
  if ((*pair)[0] == col && (*pair)[1] == row) {
    check.feedback = fmt::format(
        "`{}` returned {}, but the blank is at row {}, column {}: row first, then column", call,
        python_repr(observed), row, col);
  } else {
    check.feedback =
        fmt::format("`{}` returned {}, but the blank is at row {}, column {} (0-based, row-major)",
                    call, python_repr(observed), row, col);
  }
  return check;
}

FunctionCallCheck check_actions(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                const std::vector<ref::BlankMove>& order,
                                const nlohmann::json& observed, const std::string& call) {
  const std::vector<std::string> expected = legal_actions(puzzle, state, order);
  return check_action_names(expected, observed, call, [&](const std::vector<std::string>& got) {
    std::vector<std::string> sorted_got = got, sorted_expected = expected;
    std::sort(sorted_got.begin(), sorted_got.end());
    std::sort(sorted_expected.begin(), sorted_expected.end());
    std::vector<std::string> mirror;
    for (const auto& action : got) mirror.push_back(mirrored(action));
    std::sort(mirror.begin(), mirror.end());
    std::string why;
    if (sorted_got == sorted_expected) {
      why = fmt::format("the right actions in the wrong order: return them in the order {}",
                        order_text(order));
    } else if (mirror == sorted_expected) {
      why =
          "left and right are mirrored: an action names where the BLANK moves, so 'left' moves the "
          "blank one "
          "column left (column - 1) and is valid unless the blank is in the first column";
    } else {
      why = fmt::format("{}, so exactly the moves that keep it on the board are valid",
                        blank_place(puzzle, state));
    }
    return why;
  });
}

FunctionCallCheck check_action_names(
    const std::vector<std::string>& expected, const nlohmann::json& observed,
    const std::string& call,
    const std::function<std::string(const std::vector<std::string>& got)>& explain) {
  FunctionCallCheck check;
  const std::optional<std::vector<std::string>> got =
      returned_names(observed, expected, call, check);
  if (!got) return check;
  if (*got == expected) {
    check.passed = true;
    return check;
  }
  check.feedback = fmt::format("`{}` returned {}, expected {}: {}", call, quoted_names(*got),
                               quoted_names(expected), explain(*got));
  return check;
}

FunctionCallCheck check_take_action(const ref::TilePuzzle& puzzle, const ref::Tiles& state,
                                    ref::BlankMove move, const nlohmann::json& observed,
                                    const std::string& call) {
  FunctionCallCheck check;
  const auto expected = puzzle.result(state, move);
  if (!expected)
    throw std::invalid_argument(fmt::format("{} is not a legal move here", ref::to_string(move)));
  std::string normalised;
  const auto got = as_int_list(observed, &normalised);
  if (!got) {
    check.feedback = fmt::format("`{}` returned {}; expected the new state {}", call,
                                 python_repr(observed), python_list(*expected));
    return check;
  }
  if (*got == *expected) {
    check.passed = true;
    if (!normalised.empty()) {
      check.notes.push_back(
          fmt::format("`{}` returned {}; compared as a list", function_part(call), normalised));
    }
    return check;
  }
  std::string why;
  for (const auto other : ref::kAllBlankMoves) {
    const auto result = puzzle.result(state, other);
    if (other != move && result && *result == *got) {
      why = fmt::format(": that is the blank moving {}; '{}' moves the blank {}",
                        ref::to_string(other), ref::to_string(move), ref::to_string(move));
    }
  }
  if (why.empty() && *got == state) why = ": the state is unchanged";
  check.feedback = fmt::format("`{}` returned {}, expected {}{}", call, python_list(*got),
                               python_list(*expected), why);
  return check;
}

FunctionCallCheck check_unchanged(const ref::Tiles& before, const nlohmann::json& after,
                                  const std::string& call) {
  FunctionCallCheck check;
  const auto now = as_int_list(after);
  if (now && *now == before) {
    check.passed = true;
    return check;
  }
  check.feedback = fmt::format(
      "`{}` modified the state passed to it (it is now {}): copy the state (e.g. "
      "`state[:]` or `list(state)`) and change the copy; the search needs the parent state "
      "intact",
      call, python_repr(after));
  return check;
}

}  // namespace sg
