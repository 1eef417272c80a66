// The CSPs courses grade, built as the textbook builds them (AIMA, chapter 6): map colouring of
// Australia (figure 6.1), N-Queens (a queen per column, variables Q1 .. Qn, values the rows
// 1 .. n), and Sudoku, 9 x 9 from 81 characters and 4 x 4 from 16 (digits given, '0' or '.' for
// an empty cell; cells A1 .. I9, row letter then column; rows, columns and boxes all-different).
// No I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/csp.h"

namespace sg::ref {

/// Australia's seven regions, coloured with `colours` (in that order: red, green, blue unless
/// given; AIMA's test of an impossible map gives two), neighbors different; variables and
/// neighbors in the order AIMA's csp.py makes them (SA, WA, NT, Q, NSW, V, T).
Csp australia_csp(const std::vector<std::string>& colours = {"red", "green", "blue"});

/// N-Queens: Q1 .. Qn, each a row 1 .. n; no two on a row or a diagonal.
Csp nqueens_csp(int n);

/// A Sudoku of 81 or 16 characters; a given digit is the cell's only value. Throws
/// std::invalid_argument naming the problem: another length, a character other than a digit,
/// '0' or '.', a digit beyond the board's size.
Csp sudoku_csp(std::string_view puzzle);

/// The board's side (9 or 4) of a Sudoku text, or nullopt for another length.
std::optional<int> sudoku_side(std::string_view puzzle);

/// A solved Sudoku CSP's assignment written as the puzzle is: its digits, row by row.
std::string sudoku_text(const Csp& csp, const CspAssignment& assignment);

}  // namespace sg::ref
