// Judges a returned collection of boards (Princeton's Board.neighbors(): an Iterable<Board>)
// against the boards one move away, compared as a set: any order, each once. A board may come
// back as its toString() (the Java driver's $repr: dimension, then rows), as rows of tiles or
// as a flat list; feedback draws the missing and the extra boards the way toString() does.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checkers/puzzle_function_checker.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// One returned board read as tiles (row-major): {"$repr": "3\n 1 2 3\n..."} by its tokens (the
/// dimension, then the tiles, however the lines break: notation/dimension_rows.h), a list of
/// rows, or a flat list; nullopt when it is none of these for an `n` x `n` board.
std::optional<ref::Tiles> returned_board(const nlohmann::json& item, int rows, int cols);

/// `call` returned `observed` (a list, an Iterable's items, a set) that must hold exactly the
/// boards of `expected`, in any order, each once. Boards are `rows` x `cols`.
FunctionCallCheck check_board_set(const std::vector<ref::Tiles>& expected,
                                  const nlohmann::json& observed, int rows, int cols,
                                  const std::string& call);

}  // namespace sg
