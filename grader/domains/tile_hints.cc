#include "domains/tile_hints.h"

#include <fmt/format.h>

#include "reference/tile_problem.h"

namespace sg {
namespace {

bool move_wraps(const ref::TilePuzzle& puzzle, std::size_t blank_cell, ref::BlankMove move) {
  if (puzzle.topology() != ref::Topology::torus) return false;
  const int row = static_cast<int>(blank_cell) / puzzle.cols();
  const int col = static_cast<int>(blank_cell) % puzzle.cols();
  switch (move) {
    case ref::BlankMove::up:
      return row == 0;
    case ref::BlankMove::down:
      return row == puzzle.rows() - 1;
    case ref::BlankMove::left:
      return col == 0;
    case ref::BlankMove::right:
      return col == puzzle.cols() - 1;
  }
  return false;
}

}  // namespace

std::string describe_move(const ref::TilePuzzle& puzzle, std::size_t blank_cell,
                          ref::BlankMove move) {
  const std::string blank =
      puzzle.blank_count() == 1
          ? std::string("the blank")
          : fmt::format("the blank on row {}, column {}",
                        blank_cell / static_cast<std::size_t>(puzzle.cols()) + 1,
                        blank_cell % static_cast<std::size_t>(puzzle.cols()) + 1);
  if (!move_wraps(puzzle, blank_cell, move))
    return fmt::format("{} moves {}", blank, ref::to_string(move));
  switch (move) {
    case ref::BlankMove::up:
      return blank + " moves up from the top row and wraps around to the bottom row";
    case ref::BlankMove::down:
      return blank + " moves down from the bottom row and wraps around to the top row";
    case ref::BlankMove::left:
      return blank + " moves left from the first column and wraps around to the last column";
    case ref::BlankMove::right:
      return blank + " moves right from the last column and wraps around to the first column";
  }
  return ref::to_string(move);
}

DomainHints tile_hints(const ref::TilePuzzle& puzzle, ref::Heuristic heuristic) {
  DomainHints hints;
  hints.step_word = "move";
  const bool one_blank = puzzle.blank_count() == 1;
  const char* const blanks = one_blank ? "the blank" : "the blanks";
  if (heuristic != ref::Heuristic::zero) {
    hints.heuristic_slips.push_back(
        {"heuristic_counts_blank", "counts the blank as a tile in the heuristic",
         [puzzle, heuristic](const ref::State& state) {
           const auto tiles = ref::parse_tiles_state(state);
           return tiles
                      ? static_cast<double>(ref::evaluate_counting_blank(puzzle, *tiles, heuristic))
                      : -1.0;
         },
         fmt::format("every wrong h is what {} gives when {} counted as a tile: the heuristic "
                     "must not count {}, so do not count {} in h",
                     heuristic == ref::Heuristic::manhattan ? "the sum of Manhattan distances"
                                                            : "the count of misplaced tiles",
                     one_blank ? "the blank is" : "each blank is", blanks, blanks)});
  }
  if (puzzle.blank_count() > 1) {
    hints.listing_slips.push_back(
        {"blanks_swap", "lists the state itself where two blanks are side by side",
         [puzzle](const ref::State& parent) {
           std::vector<ref::State> extra;
           const auto tiles = ref::parse_tiles_state(parent);
           if (!tiles) return extra;
           for (const std::size_t cell : puzzle.blank_cells(*tiles))
             for (const ref::BlankMove move : ref::kAllBlankMoves) {
               const std::optional<std::size_t> target = puzzle.target_cell(cell, move);
               if (target && (*tiles)[*target] == 0 && *target > cell) extra.push_back(parent);
             }
           return extra;
         }});
  }
  hints.describe_step = [puzzle](const ref::State& parent, const ref::Step& step) {
    const auto from = ref::parse_tiles_state(parent);
    const auto to = ref::parse_tiles_state(step.state);
    if (from && to)
      for (const auto& successor : puzzle.successors(*from, ref::kAllBlankMoves))
        if (successor.state == *to)
          return describe_move(puzzle, successor.blank_cell, successor.move);
    return step.action;
  };
  return hints;
}

}  // namespace sg
