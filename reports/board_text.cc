#include "reports/board_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sg::report_detail {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  return trim_right(text);
}

std::vector<std::string_view> tokens(std::string_view text, bool commas) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (is_space(text[i]) || (commas && text[i] == ','))) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j]) && !(commas && text[j] == ',')) ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

bool is_integer(std::string_view token) {
  if (!token.empty() && token.front() == '-') token.remove_prefix(1);
  return !token.empty() &&
         std::all_of(token.begin(), token.end(), [](char c) { return std::isdigit(c & 0xff); });
}

bool is_blank_mark(std::string_view token) {
  return token == "*" || token == "b" || token == "_" || token == "B";
}

// "[1, 2, 3, 4, 5, 6, 7, 8, 0]" somewhere in the line, with a square number of integers.
std::optional<BoardInLine> bracket_board(std::string_view line) {
  for (std::size_t open = line.find('['); open != std::string_view::npos;
       open = line.find('[', open + 1)) {
    const std::size_t close = line.find(']', open);
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view inside = line.substr(open + 1, close - open - 1);
    if (inside.find('[') != std::string_view::npos) continue;
    const std::vector<std::string_view> cells = tokens(inside, true);
    const auto side = static_cast<std::size_t>(std::lround(std::sqrt(cells.size())));
    if (cells.size() < 4 || side * side != cells.size() ||
        !std::all_of(cells.begin(), cells.end(), is_integer)) {
      continue;
    }
    BoardInLine board;
    board.before = std::string(line.substr(0, open));
    board.after = std::string(line.substr(close + 1));
    for (std::size_t r = 0; r < side; ++r) {
      board.rows.emplace_back();
      for (std::size_t c = 0; c < side; ++c) board.rows.back().emplace_back(cells[r * side + c]);
    }
    return board;
  }
  return std::nullopt;
}

// "((7 * 2) (9 6 4) (13 14 9))": the first "((" opens it, rows of equal length.
std::optional<BoardInLine> paren_board(std::string_view line) {
  const std::size_t open = line.find("((");
  if (open == std::string_view::npos) return std::nullopt;
  BoardInLine board;
  std::size_t i = open + 1;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i < line.size() && line[i] == ')') break;
    if (i >= line.size() || line[i] != '(') return std::nullopt;
    const std::size_t close = line.find(')', i);
    if (close == std::string_view::npos) return std::nullopt;
    const std::vector<std::string_view> cells = tokens(line.substr(i + 1, close - i - 1), false);
    if (cells.empty()) return std::nullopt;
    for (const std::string_view cell : cells) {
      if (!is_integer(cell) && !is_blank_mark(cell)) return std::nullopt;
    }
    board.rows.emplace_back(cells.begin(), cells.end());
    i = close + 1;
  }
  if (i >= line.size() || board.rows.size() < 2) return std::nullopt;
  for (const auto& row : board.rows) {
    if (row.size() != board.rows.front().size()) return std::nullopt;
  }
  board.before = std::string(line.substr(0, open));
  board.after = std::string(line.substr(i + 1));
  return board;
}

// "125 348 67b": the whole line is the board, one token per row, one character per cell.
std::optional<BoardInLine> compact_board(std::string_view line) {
  const std::vector<std::string_view> rows = tokens(trim(line), false);
  if (rows.size() < 2 || rows.front().size() < 2) return std::nullopt;
  bool digit = false;
  for (const std::string_view row : rows) {
    if (row.size() != rows.front().size()) return std::nullopt;
    for (const char c : row) {
      if (!std::isalnum(c & 0xff) && c != '*' && c != '_') return std::nullopt;
      digit = digit || std::isdigit(c & 0xff);
    }
  }
  if (!digit) return std::nullopt;
  BoardInLine board;
  for (const std::string_view row : rows) {
    board.rows.emplace_back();
    for (const char c : row) board.rows.back().emplace_back(1, c);
  }
  return board;
}

// A line that could be one row of a multi-line board: >= 2 integer or blank tokens.
std::optional<std::vector<std::string>> grid_row(std::string_view line) {
  const std::vector<std::string_view> cells = tokens(trim(line), false);
  if (cells.size() < 2) return std::nullopt;
  for (const std::string_view cell : cells) {
    if (!is_integer(cell) && !is_blank_mark(cell)) return std::nullopt;
  }
  return std::vector<std::string>(cells.begin(), cells.end());
}

}  // namespace

std::optional<BoardInLine> find_board(std::string_view line) {
  if (auto board = bracket_board(line)) return board;
  if (auto board = paren_board(line)) return board;
  return compact_board(line);
}

std::vector<BoardBlock> find_board_blocks(const std::vector<std::string_view>& lines) {
  std::vector<BoardBlock> blocks;
  BoardBlock current;
  const auto flush = [&] {
    if (current.rows.size() >= 2) blocks.push_back(current);
    current.rows.clear();
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto row = grid_row(lines[i]);
    if (row && !current.rows.empty() && row->size() != current.rows.front().size()) {
      flush();
    }
    if (!row) {
      flush();
      continue;
    }
    if (current.rows.empty()) current.first = i;
    current.rows.push_back(std::move(*row));
  }
  flush();
  return blocks;
}

std::optional<FirstDifference> first_difference(const std::vector<std::string_view>& expected,
                                                const std::vector<std::string_view>& observed) {
  const std::size_t common = std::min(expected.size(), observed.size());
  for (std::size_t i = 0; i < common; ++i) {
    const std::string_view a = trim_right(expected[i]);
    const std::string_view b = trim_right(observed[i]);
    if (a == b) continue;
    std::size_t column = 0;
    while (column < a.size() && column < b.size() && a[column] == b[column]) ++column;
    return FirstDifference{i, column, false, false};
  }
  if (expected.size() == observed.size()) return std::nullopt;
  FirstDifference difference;
  difference.line = common;
  difference.expected_missing = expected.size() < observed.size();
  difference.observed_missing = observed.size() < expected.size();
  return difference;
}

bool meaningful_difference(const std::vector<std::string_view>& expected,
                           const std::vector<std::string_view>& observed,
                           const FirstDifference& difference) {
  if (difference.expected_missing || difference.observed_missing || difference.column > 0) {
    return true;
  }
  const std::size_t n = difference.line;
  if (n < expected.size() && n < observed.size() && find_board(expected[n]) &&
      find_board(observed[n])) {
    return true;
  }
  for (const std::string_view want : expected) {
    const std::string_view a = trim(want);
    if (a.empty()) continue;
    for (const std::string_view got : observed) {
      if (a == trim(got)) return true;
    }
  }
  return false;
}

}  // namespace sg::report_detail
