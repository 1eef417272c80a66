#include "checkers/board_set_checker.h"

#include <fmt/format.h>

#include <algorithm>

#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "notation/dimension_rows.h"

namespace sg {
namespace {

std::string drawn(const ref::Tiles& tiles, int rows, int cols) {
  if (rows == cols) return dimension_rows_text(tiles, rows);
  return python_list(tiles) + "\n";
}

// The items of a returned collection: a list, an iterator's or a set's items.
std::optional<nlohmann::json> items_of(const nlohmann::json& observed, std::string& how) {
  if (observed.is_array()) return observed;
  if (observed.is_object()) {
    for (const char* key : {"$iterator", "$set", "$tuple"})
      if (observed.contains(key) && observed[key].is_array()) {
        if (std::string(key) == "$iterator") how = observed.value("type", std::string("iterable"));
        return observed[key];
      }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ref::Tiles> returned_board(const nlohmann::json& item, int rows, int cols) {
  const std::size_t cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (item.is_object() && item.contains("$repr") && item["$repr"].is_string()) {
    if (rows != cols) return std::nullopt;
    // Read as the course reads a toString(): its tokens; a layout of its own is judged by
    // toString()'s own test, not again by every method that returns a board.
    return read_dimension_tokens_board(item["$repr"].get<std::string>(), rows);
  }
  if (const auto flat = as_int_list(item); flat && flat->size() == cells) return *flat;
  if (item.is_array() && item.size() == static_cast<std::size_t>(rows)) {
    ref::Tiles tiles;
    for (const auto& row : item) {
      const auto values = as_int_list(row);
      if (!values || values->size() != static_cast<std::size_t>(cols)) return std::nullopt;
      tiles.insert(tiles.end(), values->begin(), values->end());
    }
    return tiles;
  }
  return std::nullopt;
}

FunctionCallCheck check_board_set(const std::vector<ref::Tiles>& expected,
                                  const nlohmann::json& observed, int rows, int cols,
                                  const std::string& call) {
  FunctionCallCheck check;
  std::string how;
  const std::optional<nlohmann::json> items = items_of(observed, how);
  if (!items) {
    check.feedback = fmt::format("`{}` returned {}, not a collection of boards", call,
                                 elide(python_repr(observed), 5, 300));
    return check;
  }
  std::vector<ref::Tiles> got;
  for (std::size_t i = 0; i < items->size(); ++i) {
    const auto board = returned_board((*items)[i], rows, cols);
    if (!board) {
      check.feedback = fmt::format("`{}` returned, as its item {}, {}: not a {} x {} board", call,
                                   i + 1, elide(python_repr((*items)[i]), 5, 300), rows, cols);
      return check;
    }
    got.push_back(*board);
  }
  std::vector<std::string> problems;
  std::vector<ref::Tiles> left = got;
  for (const ref::Tiles& board : expected) {
    const auto found = std::find(left.begin(), left.end(), board);
    if (found == left.end()) {
      problems.push_back(fmt::format("missing the neighbor\n{}", drawn(board, rows, cols)));
    } else {
      left.erase(found);
    }
  }
  for (const ref::Tiles& board : left) {
    const bool repeated = std::count(expected.begin(), expected.end(), board) > 0;
    problems.push_back(fmt::format(
        "{}\n{}", repeated ? "a neighbor listed twice" : "a board that is not one slide away",
        drawn(board, rows, cols)));
  }
  if (problems.empty()) {
    check.passed = true;
    return check;
  }
  check.feedback =
      fmt::format("`{}` returned {} board{}, expected {}:\n{}", call, got.size(),
                  got.size() == 1 ? "" : "s", expected.size(), fmt::join(problems, "\n"));
  if (got.size() > 1 && std::all_of(got.begin(), got.end(),
                                    [&](const ref::Tiles& board) { return board == got.front(); }))
    check.feedback +=
        "\nevery board it returned is the same board: do the neighbors share one "
        "array of tiles?";
  return check;
}

}  // namespace sg
