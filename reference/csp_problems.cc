#include "reference/csp_problems.h"

#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace sg::ref {

Csp australia_csp(const std::vector<std::string>& colours) {
  // In the order AIMA's parse_neighbors('SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T: ') makes
  // them: the variables as first named, each one's neighbors as they were linked.
  Csp csp;
  for (const char* region : {"SA", "WA", "NT", "Q", "NSW", "V", "T"})
    csp.add_variable(region, colours);
  const auto at = [&](const char* name) { return *csp.find(name); };
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{{"SA", "WA"},
                                                                             {"SA", "NT"},
                                                                             {"SA", "Q"},
                                                                             {"SA", "NSW"},
                                                                             {"SA", "V"},
                                                                             {"NT", "WA"},
                                                                             {"NT", "Q"},
                                                                             {"NSW", "Q"},
                                                                             {"NSW", "V"}})
    csp.add_different(at(a), at(b));
  return csp;
}

namespace {
// Appended, not `"Q" + std::to_string(...)`: that trips gcc 12's -Wrestrict when optimised.
std::string queen_name(int column) { return std::string("Q").append(std::to_string(column)); }
}  // namespace

Csp nqueens_csp(int n) {
  if (n < 1) throw std::invalid_argument("N-Queens needs n >= 1");
  Csp csp;
  std::vector<std::string> rows;
  for (int r = 1; r <= n; ++r) rows.push_back(std::to_string(r));
  for (int c = 1; c <= n; ++c) csp.add_variable(queen_name(c), rows);
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const int apart = b - a;
      // Value i is row i + 1: the rows were the first values named.
      csp.add_relation(
          static_cast<std::size_t>(a), static_cast<std::size_t>(b),
          [apart](std::size_t x, std::size_t y) {
            const int rx = static_cast<int>(x), ry = static_cast<int>(y);
            return rx != ry && std::abs(rx - ry) != apart;
          },
          queen_name(a + 1)
              .append(" and ")
              .append(queen_name(b + 1))
              .append(" not on one row or diagonal"));
    }
  return csp;
}

std::optional<int> sudoku_side(std::string_view puzzle) {
  if (puzzle.size() == 81) return 9;
  if (puzzle.size() == 16) return 4;
  return std::nullopt;
}

Csp sudoku_csp(std::string_view puzzle) {
  const std::optional<int> side = sudoku_side(puzzle);
  if (!side)
    throw std::invalid_argument("a Sudoku is 81 characters (9 x 9) or 16 (4 x 4), not " +
                                std::to_string(puzzle.size()));
  const int n = *side, box = n == 9 ? 3 : 2;
  std::vector<std::string> digits;
  for (int d = 1; d <= n; ++d) digits.push_back(std::to_string(d));
  Csp csp;
  for (int i = 0; i < n * n; ++i) {
    const char c = puzzle[static_cast<std::size_t>(i)];
    const std::string cell =
        std::string(1, static_cast<char>('A' + i / n)).append(std::to_string(i % n + 1));
    if (c == '0' || c == '.') {
      csp.add_variable(cell, digits);
    } else if (c >= '1' && c <= '0' + n) {
      csp.add_variable(cell, {std::string(1, c)});
    } else {
      std::string message = "cell ";
      message.append(cell).append(" of the Sudoku holds '").append(1, c);
      message.append("': a digit from 1 to ").append(std::to_string(n));
      throw std::invalid_argument(message.append(", or 0 or . for an empty cell"));
    }
  }
  const auto cell = [n](int r, int c) { return static_cast<std::size_t>(r * n + c); };
  for (int r = 0; r < n; ++r) {
    std::vector<std::size_t> row, column;
    for (int c = 0; c < n; ++c) {
      row.push_back(cell(r, c));
      column.push_back(cell(c, r));
    }
    csp.add_all_different(row);
    csp.add_all_different(column);
  }
  for (int br = 0; br < n; br += box)
    for (int bc = 0; bc < n; bc += box) {
      std::vector<std::size_t> square;
      for (int r = br; r < br + box; ++r)
        for (int c = bc; c < bc + box; ++c) square.push_back(cell(r, c));
      csp.add_all_different(square);
    }
  return csp;
}

std::string sudoku_text(const Csp& csp, const CspAssignment& assignment) {
  std::string text;
  for (std::size_t v = 0; v < csp.size(); ++v)
    text += assignment[v] ? csp.values()[*assignment[v]] : std::string("0");
  return text;
}

}  // namespace sg::ref
