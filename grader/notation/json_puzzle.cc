#include "notation/json_puzzle.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace sg {
namespace {

ref::Tiles read_board(const nlohmann::json& board, int n, const char* key) {
  if (!board.is_array() || board.size() != static_cast<std::size_t>(n)) {
    throw NotationError(fmt::format("'{}' must be a list of {} rows", key, n));
  }
  ref::Tiles tiles;
  for (std::size_t r = 0; r < board.size(); ++r) {
    const auto& row = board[r];
    if (!row.is_array() || row.size() != static_cast<std::size_t>(n)) {
      throw NotationError(
          fmt::format("row {} of '{}' must be a list of {} numbers", r + 1, key, n));
    }
    for (const auto& cell : row) {
      if (!cell.is_number_integer() || cell.get<long long>() < 0 ||
          cell.get<long long>() > 1'000'000) {
        throw NotationError(fmt::format("row {} of '{}' holds {}, not a tile number (0 = blank)",
                                        r + 1, key, cell.dump()));
      }
      tiles.push_back(cell.get<int>());
    }
  }
  return tiles;
}

nlohmann::json write_board(const ref::Tiles& tiles, int n) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < n; ++r) {
    rows.push_back(std::vector<int>(tiles.begin() + r * n, tiles.begin() + (r + 1) * n));
  }
  return rows;
}

}  // namespace

JsonPuzzle parse_json_puzzle(std::string_view text) {
  const nlohmann::json root = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) throw NotationError("the input is not valid JSON");
  if (!root.is_object())
    throw NotationError("the input must be a JSON object with n, start and goal");
  for (const char* key : {"n", "start", "goal"}) {
    if (!root.contains(key))
      throw NotationError(fmt::format("json does not contain '{}' key", key));
  }
  if (!root["n"].is_number_integer())
    throw NotationError("value of 'n' in json must be a whole number");
  JsonPuzzle puzzle;
  const long long n = root["n"].get<long long>();
  if (n <= 1) throw NotationError("value of 'n' in json must be greater than 1");
  if (n > 100) throw NotationError("value of 'n' in json is too large (at most 100)");
  puzzle.n = static_cast<int>(n);
  puzzle.start = read_board(root["start"], puzzle.n, "start");
  puzzle.goal = read_board(root["goal"], puzzle.n, "goal");
  return puzzle;
}

std::string print_json_puzzle(const JsonPuzzle& puzzle) {
  const std::size_t cells = static_cast<std::size_t>(puzzle.n) * static_cast<std::size_t>(puzzle.n);
  if (puzzle.n < 1 || puzzle.start.size() != cells || puzzle.goal.size() != cells) {
    throw std::invalid_argument(
        fmt::format("print_json_puzzle: boards must have n * n = {} cells", cells));
  }
  nlohmann::ordered_json root;
  root["n"] = puzzle.n;
  root["start"] = write_board(puzzle.start, puzzle.n);
  root["goal"] = write_board(puzzle.goal, puzzle.n);
  return root.dump();
}

}  // namespace sg
