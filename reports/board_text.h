// Boards inside rendered outputs: recognising a puzzle state in a line of expected or observed
// text ("[1, 0, 3, 4, 2, 5, 6, 7, 8] h=5", "125 348 67b", "((1 2 3) (4 * 5))", or a block of
// lines "1 2 3" / "4 0 5" / ...) so the HTML feedback can draw it as a grid, and finding the
// first place where an observed output departs from the expected one. Presentation only: what
// counts as a wrong answer was decided by the checkers.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg::report_detail {

/// A board found in text: `rows` of cells (each cell the tile's text, "0", "b" or "*" for the
/// blank as printed), with the text before and after it on the same line kept as it was.
struct BoardInLine {
  std::string before;
  std::vector<std::vector<std::string>> rows;
  std::string after;
};

/// The board in `line`, if there is one:
/// - a bracketed list of n integers where n is a square of at least 4 ("[1, 2, 3, 4]" → 2×2);
/// - a parenthesised list of at least two equal-length rows ("((1 2 3) (4 * 5))");
/// - a whole line of at least two equal-length tokens of digits, letters, '*' or '_', at least
///   one with a digit ("125 348 67b").
std::optional<BoardInLine> find_board(std::string_view line);

/// A block of consecutive lines that together form one board ("1 2 3" / "4 0 5" / "7 8 6"):
/// lines [first, first + rows.size()) of the text, each a row of the same number (>= 2) of
/// integer or blank ('*', 'b', '_') tokens, at least two rows.
struct BoardBlock {
  std::size_t first = 0;
  std::vector<std::vector<std::string>> rows;
};

/// Every maximal board block in `lines`, in order, not overlapping.
std::vector<BoardBlock> find_board_blocks(const std::vector<std::string_view>& lines);

/// Where observed output first departs from expected output. Lines are compared after trimming
/// trailing spaces (as people read them). `line` is 0-based; `column` is the byte offset of the
/// first differing byte within that line of each text (equal for both, by construction).
/// `expected_missing` / `observed_missing`: one text ended before the other.
struct FirstDifference {
  std::size_t line = 0;
  std::size_t column = 0;
  bool expected_missing = false;
  bool observed_missing = false;
};

/// The first difference between `expected` and `observed` (each already split into lines), or
/// nullopt if they agree line for line.
std::optional<FirstDifference> first_difference(const std::vector<std::string_view>& expected,
                                                const std::vector<std::string_view>& observed);

/// True if `difference` (from first_difference()) is worth pointing at: the outputs are alike
/// enough for "line N differs" to help. False when the expected text is not literal output but a
/// description of checks ("contains: ...") or the output has nothing in common with it: no line
/// in common, the differing lines differ from their first character, and they do not both hold a
/// board.
bool meaningful_difference(const std::vector<std::string_view>& expected,
                           const std::vector<std::string_view>& observed,
                           const FirstDifference& difference);

}  // namespace sg::report_detail
