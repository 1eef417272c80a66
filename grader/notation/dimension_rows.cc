#include "notation/dimension_rows.h"

#include <fmt/format.h>

#include <charconv>

namespace sg {
namespace {

// The integers of a line, or none if anything else is on it.
std::vector<int> integers_of(std::string_view line) {
  std::vector<int> values;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
    if (at == line.size()) break;
    int value = 0;
    const auto [end, error] = std::from_chars(line.data() + at, line.data() + line.size(), value);
    if (error != std::errc() ||
        (end != line.data() + line.size() && *end != ' ' && *end != '\t' && *end != '\r'))
      return {};
    values.push_back(value);
    at = static_cast<std::size_t>(end - line.data());
  }
  return values;
}

// The text's lines, without their '\n'.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(
        text.substr(start, end == std::string_view::npos ? text.size() - start : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::optional<ref::Tiles> read_dimension_tokens_board(std::string_view text, int n) {
  std::string flat(text);
  for (char& c : flat)
    if (c == '\n' || c == '\f' || c == '\v') c = ' ';
  const std::vector<int> values = integers_of(flat);
  const auto cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  if (values.size() != cells + 1 || values[0] != n) return std::nullopt;
  return ref::Tiles(values.begin() + 1, values.end());
}

std::optional<ref::Tiles> read_dimension_lines_board(std::string_view text, int n) {
  std::vector<std::string_view> lines = lines_of(text);
  while (!lines.empty() && lines.back().find_first_not_of(" \t\r") == std::string_view::npos)
    lines.pop_back();
  const auto rows = static_cast<std::size_t>(n);
  if (lines.size() != rows + 1 || integers_of(lines[0]) != std::vector<int>{n}) return std::nullopt;
  ref::Tiles tiles;
  for (std::size_t row = 1; row <= rows; ++row) {
    const std::vector<int> cells = integers_of(lines[row]);
    if (cells.size() != rows) return std::nullopt;
    tiles.insert(tiles.end(), cells.begin(), cells.end());
  }
  return tiles;
}

std::vector<DimensionRowsBoard> read_dimension_rows_boards(std::string_view text, int n) {
  const std::vector<std::string_view> lines = lines_of(text);
  std::vector<DimensionRowsBoard> boards;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<int> head = integers_of(lines[i]);
    if (head.size() != 1 || head[0] != n || i + static_cast<std::size_t>(n) >= lines.size())
      continue;
    DimensionRowsBoard board;
    board.line = i + 1;
    bool whole = true;
    for (int row = 1; row <= n && whole; ++row) {
      const std::vector<int> cells = integers_of(lines[i + static_cast<std::size_t>(row)]);
      whole = cells.size() == static_cast<std::size_t>(n);
      board.tiles.insert(board.tiles.end(), cells.begin(), cells.end());
    }
    if (!whole) continue;
    boards.push_back(std::move(board));
    i += static_cast<std::size_t>(n);
  }
  return boards;
}

std::string dimension_rows_text(const ref::Tiles& tiles, int n) {
  std::string text = fmt::format("{}\n", n);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col)
      text += fmt::format("{:2d} ", tiles.at(static_cast<std::size_t>(row * n + col)));
    text += '\n';
  }
  return text;
}

}  // namespace sg
