#include "notation/lisp_grid.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <limits>
#include <sstream>
#include <vector>

namespace sg {
namespace {

// A parsed s-expression: an atom or a list.
struct Sexp {
  bool is_list = false;
  std::string atom;
  std::vector<Sexp> items;
};

class SexpParser {
 public:
  explicit SexpParser(std::string_view text) : text_(text) {}

  Sexp parse_whole() {
    Sexp value = parse();
    skip_space();
    if (pos_ != text_.size()) {
      throw NotationError(
          fmt::format("unexpected '{}' after the closing parenthesis", text_[pos_]));
    }
    return value;
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  Sexp parse() {
    skip_space();
    if (pos_ == text_.size()) throw NotationError("the text ended where a value was expected");
    Sexp value;
    if (text_[pos_] == '(') {
      ++pos_;
      value.is_list = true;
      for (;;) {
        skip_space();
        if (pos_ == text_.size()) throw NotationError("a '(' is never closed");
        if (text_[pos_] == ')') {
          ++pos_;
          return value;
        }
        value.items.push_back(parse());
      }
    }
    if (text_[pos_] == ')') throw NotationError("a ')' closes nothing");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) &&
           text_[pos_] != '(' && text_[pos_] != ')') {
      ++pos_;
    }
    value.atom = std::string(text_.substr(start, pos_ - start));
    return value;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

int positive_int(const Sexp& item, std::string_view what) {
  int value = 0;
  const auto* end = item.atom.data() + item.atom.size();
  const auto [ptr, error] = std::from_chars(item.atom.data(), end, value);
  if (item.is_list || error != std::errc() || ptr != end || value < 1) {
    throw NotationError(fmt::format("the {} must be a whole number of at least 1", what));
  }
  return value;
}

}  // namespace

int lisp_cell_value(std::string_view cell) {
  if (cell == "*") return 0;
  int value = 0;
  const auto* end = cell.data() + cell.size();
  const auto [ptr, error] = std::from_chars(cell.data(), end, value);
  if (cell.empty() || error != std::errc() || ptr != end || value < 0 ||
      value == std::numeric_limits<int>::max()) {
    throw NotationError(
        fmt::format("'{}' is neither a tile (a whole number, 0 or more) nor the blank '*'", cell));
  }
  return value + 1;
}

std::string lisp_cell_text(int value) { return value == 0 ? "*" : std::to_string(value - 1); }

LispGridSize parse_lisp_dimensions(std::string_view text) {
  const Sexp sexp = SexpParser(text).parse_whole();
  if (!sexp.is_list || sexp.items.size() != 2) {
    throw NotationError(fmt::format(
        "the dimensions line must be two numbers in parentheses, columns then rows, e.g. (3 4); "
        "got '{}'",
        text));
  }
  return {positive_int(sexp.items[0], "number of columns"),
          positive_int(sexp.items[1], "number of rows")};
}

std::string print_lisp_dimensions(LispGridSize size) {
  return fmt::format("({} {})", size.cols, size.rows);
}

ref::Tiles parse_lisp_grid(std::string_view text, LispGridSize size) {
  const Sexp sexp = SexpParser(text).parse_whole();
  if (!sexp.is_list) throw NotationError("a board must be a list of rows, e.g. ((1 2) (* 3))");
  if (sexp.items.size() != static_cast<std::size_t>(size.rows)) {
    throw NotationError(
        fmt::format("the board has {} rows, expected {}", sexp.items.size(), size.rows));
  }
  ref::Tiles tiles;
  for (std::size_t r = 0; r < sexp.items.size(); ++r) {
    const Sexp& row = sexp.items[r];
    if (!row.is_list) {
      throw NotationError(fmt::format("row {} is '{}', not a parenthesised list", r + 1, row.atom));
    }
    if (row.items.size() != static_cast<std::size_t>(size.cols)) {
      throw NotationError(
          fmt::format("row {} has {} cells, expected {}", r + 1, row.items.size(), size.cols));
    }
    for (const Sexp& cell : row.items) {
      if (cell.is_list) throw NotationError(fmt::format("row {} holds a nested list", r + 1));
      tiles.push_back(lisp_cell_value(cell.atom));
    }
  }
  return tiles;
}

std::string print_lisp_grid(const ref::Tiles& tiles, LispGridSize size) {
  if (tiles.size() != static_cast<std::size_t>(size.rows) * static_cast<std::size_t>(size.cols)) {
    throw std::invalid_argument(fmt::format("print_lisp_grid: {} cells for a {} x {} board",
                                            tiles.size(), size.cols, size.rows));
  }
  std::string out = "(";
  for (int r = 0; r < size.rows; ++r) {
    if (r > 0) out += ' ';
    out += '(';
    for (int c = 0; c < size.cols; ++c) {
      if (c > 0) out += ' ';
      out += lisp_cell_text(tiles[static_cast<std::size_t>(r * size.cols + c)]);
    }
    out += ')';
  }
  return out + ")";
}

LispPuzzleFile parse_lisp_puzzle_file(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream stream{std::string(text)};
  std::string line;
  while (std::getline(stream, line)) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
  }
  if (lines.size() != 3) {
    throw NotationError(fmt::format(
        "an input file has 3 lines (dimensions, start, goal), this one has {}", lines.size()));
  }
  LispPuzzleFile file;
  file.size = parse_lisp_dimensions(lines[0]);
  try {
    file.start = parse_lisp_grid(lines[1], file.size);
  } catch (const NotationError& error) {
    throw NotationError(fmt::format("start state: {}", error.what()));
  }
  try {
    file.goal = parse_lisp_grid(lines[2], file.size);
  } catch (const NotationError& error) {
    throw NotationError(fmt::format("goal state: {}", error.what()));
  }
  return file;
}

std::string print_lisp_puzzle_file(const LispPuzzleFile& file) {
  return print_lisp_dimensions(file.size) + "\n" + print_lisp_grid(file.start, file.size) + "\n" +
         print_lisp_grid(file.goal, file.size) + "\n";
}

}  // namespace sg
