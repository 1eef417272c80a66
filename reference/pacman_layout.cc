#include "reference/pacman_layout.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace sg::ref {
namespace {

std::string line_error(std::size_t line, const std::string& what) {
  return "layout line " + std::to_string(line) + ": " + what;
}

}  // namespace

PacmanLayout parse_pacman_layout(std::string_view text) {
  std::vector<std::string> rows;
  std::vector<std::size_t> line_numbers;
  std::size_t line_number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string row(text.substr(start, end - start));
    ++line_number;
    while (!row.empty() && (row.back() == ' ' || row.back() == '\r' || row.back() == '\t'))
      row.pop_back();
    rows.push_back(row);
    line_numbers.push_back(line_number);
    start = end + 1;
  }
  // Blank lines around the drawing are not rows.
  while (!rows.empty() && rows.back().empty()) {
    rows.pop_back();
    line_numbers.pop_back();
  }
  std::size_t first = 0;
  while (first < rows.size() && rows[first].empty()) ++first;
  rows.erase(rows.begin(), rows.begin() + static_cast<long>(first));
  line_numbers.erase(line_numbers.begin(), line_numbers.begin() + static_cast<long>(first));
  if (rows.empty()) throw std::invalid_argument("a layout needs at least one row of squares");

  PacmanLayout layout;
  layout.height = static_cast<int>(rows.size());
  layout.width = static_cast<int>(rows.front().size());
  layout.walls.assign(static_cast<std::size_t>(layout.width * layout.height), 0);
  std::vector<std::tuple<int, int, int>> ghosts;  // (index, x, y), sorted as Berkeley does
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (static_cast<int>(rows[r].size()) != layout.width)
      throw std::invalid_argument(line_error(
          line_numbers[r], "a row of " + std::to_string(rows[r].size()) +
                               " squares; the first row has " + std::to_string(layout.width) +
                               " (every row is as wide)"));
    const int y = layout.height - 1 - static_cast<int>(r);
    for (int x = 0; x < layout.width; ++x) {
      const char square = rows[r][static_cast<std::size_t>(x)];
      const bool border = x == 0 || y == 0 || x == layout.width - 1 || y == layout.height - 1;
      if (border && square != '%')
        throw std::invalid_argument(
            line_error(line_numbers[r],
                       "column " + std::to_string(x + 1) +
                           " is on the border and not a wall '%' (a layout is closed by walls)"));
      switch (square) {
        case '%':
          layout.walls[static_cast<std::size_t>(x * layout.height + y)] = 1;
          break;
        case '.':
          layout.food.emplace_back(x, y);
          break;
        case 'o':
          layout.capsules.emplace_back(x, y);
          break;
        case 'P':
          if (layout.pacman.first >= 0)
            throw std::invalid_argument(line_error(line_numbers[r], "a second Pacman 'P'"));
          layout.pacman = {x, y};
          break;
        case 'G':
          ghosts.emplace_back(1, x, y);
          break;
        case '1':
        case '2':
        case '3':
        case '4':
          ghosts.emplace_back(square - '0', x, y);
          break;
        default:
          break;
      }
    }
  }
  if (layout.pacman.first < 0) throw std::invalid_argument("a layout needs Pacman 'P'");
  std::sort(layout.food.begin(), layout.food.end());
  std::sort(layout.capsules.begin(), layout.capsules.end());
  std::sort(ghosts.begin(), ghosts.end());
  for (const auto& [index, x, y] : ghosts) layout.ghosts.emplace_back(x, y);
  return layout;
}

std::string draw_pacman_layout(const PacmanLayout& layout) {
  std::string text;
  for (int y = layout.height - 1; y >= 0; --y) {
    for (int x = 0; x < layout.width; ++x) {
      const Cell cell{x, y};
      char square = layout.wall(x, y) ? '%' : ' ';
      if (std::binary_search(layout.food.begin(), layout.food.end(), cell)) square = '.';
      if (std::binary_search(layout.capsules.begin(), layout.capsules.end(), cell)) square = 'o';
      if (std::find(layout.ghosts.begin(), layout.ghosts.end(), cell) != layout.ghosts.end())
        square = 'G';
      if (layout.pacman == cell) square = 'P';
      text += square;
    }
    text += '\n';
  }
  return text;
}

}  // namespace sg::ref
