// Seed 002's input notation (sliding-tile searches in Clojure): a JSON object
//   {"n": 3, "start": [[1, 2, 3], [4, 0, 5], [6, 7, 8]], "goal": [[...]]}
// for an n x n puzzle (n > 1), rows as lists, 0 the blank. The seed validates the keys and n > 1;
// this reads the same and also checks the shapes. Printing gives the canonical one-line form.
#pragma once

#include <string>
#include <string_view>

#include "notation/lisp_grid.h"  // NotationError
#include "reference/tile_puzzle.h"

namespace sg {

struct JsonPuzzle {
  int n = 0;
  ref::Tiles start;  ///< Row-major, 0 = blank.
  ref::Tiles goal;
};

/// Parses the JSON text. Throws NotationError with the seed's wording where it has one
/// ("json does not contain 'n' key", "value of 'n' in json must be greater than 1") and naming the
/// problem otherwise (not JSON, a row of the wrong length, a value that is not a whole number).
JsonPuzzle parse_json_puzzle(std::string_view text);
/// {"n":3,"start":[[...],...],"goal":[[...],...]}. Throws std::invalid_argument on wrong sizes.
std::string print_json_puzzle(const JsonPuzzle& puzzle);

}  // namespace sg
