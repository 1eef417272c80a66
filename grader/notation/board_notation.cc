#include "notation/board_notation.h"

#include <fmt/format.h>

#include <cctype>
#include <stdexcept>

#include "notation/lisp_grid.h"

namespace sg {
namespace {

std::size_t cells_of(BoardShape shape) {
  return static_cast<std::size_t>(shape.rows) * static_cast<std::size_t>(shape.cols);
}

void require_shape(const ref::Tiles& tiles, BoardShape shape, std::string_view name) {
  if (tiles.size() != cells_of(shape))
    throw std::invalid_argument(fmt::format("{}: {} cells for a {} x {} board", name, tiles.size(),
                                            shape.rows, shape.cols));
}

// The board 1, 2, ..., blank of the shape in `notation`: what an error shows as the form
// expected (the static 3 x 3 example where the notation cannot write it).
std::string example_for(std::string_view notation, BoardShape shape) {
  const BoardNotation* found = find_board_notation(notation);
  ref::Tiles board(cells_of(shape));
  for (std::size_t i = 0; i + 1 < board.size(); ++i) board[i] = static_cast<int>(i + 1);
  try {
    return found->print(board, shape);
  } catch (const std::invalid_argument&) {
    return found->example;
  }
}

// Brackets that do not close (the start of a list of boards, `[[1, 2, ...]`) make no board.
void require_closed_brackets(std::string_view text, BoardShape shape, std::string_view notation) {
  int depth = 0;
  for (const char c : text) {
    depth += c == '[' || c == '(' ? 1 : c == ']' || c == ')' ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth != 0)
    throw NotationError(
        fmt::format("'{}' is not a board written like `{}`: its brackets do not "
                    "close",
                    text, example_for(notation, shape)));
}

// Every integer in the text, brackets, commas and spacing aside: a list's, a tuple's, rows' or
// numpy's spelling reads the same (`array([...])` too). Any other character (a letter, a quote,
// a brace) means the text is not a board: a debug line such as `[{'state': [1, 2, ...], 'h': 0}]`
// is no board, though it holds one.
ref::Tiles read_numbers(std::string_view text, BoardShape shape, std::string_view notation) {
  for (const std::string_view prefix : {"np.array(", "numpy.array(", "array("}) {
    const std::size_t begin = text.find_first_not_of(" \t");
    const std::size_t end = text.find_last_not_of(" \t");
    if (begin != std::string_view::npos && text.substr(begin, prefix.size()) == prefix &&
        text[end] == ')') {
      text = text.substr(begin + prefix.size(), end - begin - prefix.size());
      break;
    }
  }
  const std::size_t stray = text.find_first_not_of("0123456789-[](), \t\r\n");
  if (stray != std::string_view::npos)
    throw NotationError(fmt::format("'{}' is not a board written like `{}`: '{}' is no part of one",
                                    text, example_for(notation, shape), text[stray]));
  require_closed_brackets(text, shape, notation);
  ref::Tiles tiles;
  for (std::size_t i = 0; i < text.size();) {
    const bool negative = text[i] == '-' && i + 1 < text.size() &&
                          std::isdigit(static_cast<unsigned char>(text[i + 1]));
    if (!negative && !std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i + (negative ? 1 : 0);
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end - i > 9)
      throw NotationError(fmt::format("'{}' is too large for a tile", text.substr(i, end - i)));
    tiles.push_back(std::stoi(std::string(text.substr(i, end - i))));
    i = end;
  }
  if (tiles.size() != cells_of(shape))
    throw NotationError(fmt::format(
        "'{}' holds {} numbers, not the {} of a {} x {} board written "
        "like `{}`",
        text, tiles.size(), cells_of(shape), shape.rows, shape.cols, example_for(notation, shape)));
  return tiles;
}

std::string print_rows(const ref::Tiles& tiles, BoardShape shape, std::string_view separator,
                       std::string_view name) {
  require_shape(tiles, shape, name);
  std::vector<std::string> rows;
  for (int r = 0; r < shape.rows; ++r) {
    const auto begin = tiles.begin() + static_cast<std::ptrdiff_t>(r) * shape.cols;
    rows.push_back(fmt::format("[{}]", fmt::join(begin, begin + shape.cols, separator)));
  }
  return fmt::format("[{}]", fmt::join(rows, separator));
}

ref::Tiles parse_python_list(std::string_view text, BoardShape shape) {
  return read_numbers(text, shape, "python_list");
}
std::string print_python_list(const ref::Tiles& tiles, BoardShape shape) {
  require_shape(tiles, shape, "python_list");
  return fmt::format("[{}]", fmt::join(tiles, ", "));
}

ref::Tiles parse_comma_list(std::string_view text, BoardShape shape) {
  return read_numbers(text, shape, "comma_list");
}
std::string print_comma_list(const ref::Tiles& tiles, BoardShape shape) {
  require_shape(tiles, shape, "comma_list");
  return fmt::format("{}", fmt::join(tiles, ","));
}

ref::Tiles parse_python_rows(std::string_view text, BoardShape shape) {
  return read_numbers(text, shape, "python_rows");
}
std::string print_python_rows(const ref::Tiles& tiles, BoardShape shape) {
  return print_rows(tiles, shape, ", ", "python_rows");
}

ref::Tiles parse_edn_rows(std::string_view text, BoardShape shape) {
  return read_numbers(text, shape, "edn_rows");
}
std::string print_edn_rows(const ref::Tiles& tiles, BoardShape shape) {
  return print_rows(tiles, shape, " ", "edn_rows");
}

// One character a cell, rows apart or together: "b12 345 678", "b12345678"; b (or 0) the blank.
// A list's brackets and commas are skipped, so "[1, 2, 3, ...]" reads as the same board: the
// format check, not the reader, says it should read "123 ...".
ref::Tiles parse_compact(std::string_view text, BoardShape shape) {
  require_closed_brackets(text, shape, "compact");
  ref::Tiles tiles;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == '[' || c == ']' || c == ',') continue;
    if (c == 'b' || c == 'B' || c == '0') {
      tiles.push_back(0);
    } else if (c >= '1' && c <= '9') {
      tiles.push_back(c - '0');
    } else {
      throw NotationError(
          fmt::format("'{}' in '{}' is neither b (the blank) nor a tile 1-9, as in "
                      "`{}`",
                      c, text, example_for("compact", shape)));
    }
  }
  if (tiles.size() != cells_of(shape))
    throw NotationError(
        fmt::format("'{}' has {} cells, not the {} of a {} x {} board written like "
                    "`{}`",
                    text, tiles.size(), cells_of(shape), shape.rows, shape.cols,
                    example_for("compact", shape)));
  return tiles;
}
std::string print_compact(const ref::Tiles& tiles, BoardShape shape) {
  require_shape(tiles, shape, "compact");
  std::string out;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0 && i % static_cast<std::size_t>(shape.cols) == 0) out += ' ';
    if (tiles[i] < 0 || tiles[i] > 9)
      throw std::invalid_argument(fmt::format("compact: tile {} is not 1-9", tiles[i]));
    out += tiles[i] == 0 ? 'b' : static_cast<char>('0' + tiles[i]);
  }
  return out;
}

ref::Tiles parse_lisp(std::string_view text, BoardShape shape) {
  return parse_lisp_grid(text, {shape.cols, shape.rows});
}
std::string print_lisp(const ref::Tiles& tiles, BoardShape shape) {
  return print_lisp_grid(tiles, {shape.cols, shape.rows});
}

}  // namespace

const std::vector<BoardNotation>& board_notations() {
  static const std::vector<BoardNotation> notations = {
      {"python_list", "[1, 2, 3, 4, 5, 6, 7, 8, 0]", "Python's str() of a list of the cells",
       parse_python_list, print_python_list},
      {"python_rows", "[[1, 2, 3], [4, 5, 6], [7, 8, 0]]", "rows as lists (JSON, seed 002's input)",
       parse_python_rows, print_python_rows},
      {"edn_rows", "[[1 2 3] [4 5 6] [7 8 0]]", "Clojure vectors (seed 002's :new-state)",
       parse_edn_rows, print_edn_rows},
      {"compact", "123 456 78b", "one group of characters a row, b the blank (seed 004)",
       parse_compact, print_compact},
      {"lisp", "((0 1 2) (3 4 5) (6 7 *))", "one list a row, * the blank (seed 001)", parse_lisp,
       print_lisp},
      {"comma_list", "1,2,3,4,5,6,7,8,0",
       "the cells joined by commas, one command-line word (ColumbiaX's driver.py)",
       parse_comma_list, print_comma_list},
  };
  return notations;
}

const BoardNotation* find_board_notation(std::string_view name) {
  for (const BoardNotation& notation : board_notations())
    if (notation.name == name) return &notation;
  return nullptr;
}

std::string board_notation_names() {
  std::string names;
  const auto& all = board_notations();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) names += i + 1 == all.size() ? " or " : ", ";
    names += all[i].name;
  }
  return names;
}

}  // namespace sg
