#include "notation/compact_eight.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace sg {
namespace {

void require_nine(const ref::Tiles& tiles, const char* who) {
  if (tiles.size() != 9) {
    throw std::invalid_argument(fmt::format("{}: {} cells, expected 9", who, tiles.size()));
  }
  for (int value : tiles) {
    if (value < 0 || value > 8) {
      throw std::invalid_argument(fmt::format("{}: cell value {} is not 0-8", who, value));
    }
  }
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace

ref::Tiles parse_compact_state(std::string_view text) {
  if (text.size() != 11 || text[3] != ' ' || text[7] != ' ') {
    throw NotationError(fmt::format(
        "'{}' is not three groups of three separated by spaces, like \"b12 345 678\"", text));
  }
  ref::Tiles tiles;
  bool seen[9] = {};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == 3 || i == 7) continue;
    const char c = text[i];
    int value = -1;
    if (c == 'b') value = 0;
    if (c >= '1' && c <= '8') value = c - '0';
    if (value < 0)
      throw NotationError(
          fmt::format("'{}' in '{}' is neither b (the blank) nor a tile 1-8", c, text));
    if (seen[value]) {
      throw NotationError(value == 0 ? fmt::format("'{}' has the blank twice", text)
                                     : fmt::format("'{}' has tile {} twice", text, value));
    }
    seen[value] = true;
    tiles.push_back(value);
  }
  return tiles;
}

std::string print_compact_state(const ref::Tiles& tiles) {
  require_nine(tiles, "print_compact_state");
  std::string out;
  for (std::size_t i = 0; i < 9; ++i) {
    if (i == 3 || i == 6) out += ' ';
    out += tiles[i] == 0 ? 'b' : static_cast<char>('0' + tiles[i]);
  }
  return out;
}

std::string print_pretty_grid(const ref::Tiles& tiles, int rows, int cols) {
  if (rows < 1 || cols < 1 || tiles.size() != static_cast<std::size_t>(rows * cols))
    throw std::invalid_argument(
        fmt::format("print_pretty_grid: {} cells for a {} x {} board", tiles.size(), rows, cols));
  std::size_t width = 1;
  for (const int value : tiles) width = std::max(width, std::to_string(value).size());
  const std::string dashes(static_cast<std::size_t>(cols) * (width + 3) + 1, '-');
  std::string out;
  for (int r = 0; r < rows; ++r) {
    out += dashes + "\n|";
    for (int c = 0; c < cols; ++c)
      out += fmt::format(" {:>{}} |", tiles[static_cast<std::size_t>(r * cols + c)], width);
    out += "\n";
  }
  return out;
}

ref::Tiles parse_pretty_grid(std::string_view text, int rows, int cols) {
  ref::Tiles tiles;
  std::istringstream in{std::string(text)};
  int number = 0;
  const std::size_t cells = static_cast<std::size_t>(rows * cols);
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::vector<std::string> tokens = words(line);
    if (tokens.empty()) continue;
    if (tokens.front() != "|") {
      if (!tiles.empty() && line.find_first_not_of(" -") != std::string::npos) {
        throw NotationError(fmt::format("line {}: the grid is interrupted by `{}`", number, line));
      }
      continue;
    }
    // "| a | b | c |": a bar, then each cell followed by a bar.
    bool shaped = tokens.size() == static_cast<std::size_t>(2 * cols + 1);
    for (std::size_t i = 0; shaped && i < tokens.size(); i += 2) shaped = tokens[i] == "|";
    if (!shaped) {
      throw NotationError(fmt::format(
          "line {}: a grid row reads `|{}`, not `{}`", number,
          [cols] {
            std::string row;
            for (int c = 0; c < cols; ++c) row += fmt::format(" {} |", static_cast<char>('a' + c));
            return row;
          }(),
          line));
    }
    for (std::size_t i = 1; i < tokens.size(); i += 2) {
      int value = 0;
      const std::string& cell = tokens[i];
      const auto [ptr, error] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
      if (error != std::errc() || ptr != cell.data() + cell.size()) {
        throw NotationError(fmt::format("line {}: '{}' is not a tile number", number, cell));
      }
      tiles.push_back(value);
    }
    if (tiles.size() == cells) return tiles;
  }
  throw NotationError(fmt::format("no complete {} x {} grid: found {} of its {} rows", rows, cols,
                                  tiles.size() / static_cast<std::size_t>(cols), rows));
}

}  // namespace sg
