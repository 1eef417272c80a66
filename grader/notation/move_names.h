// The words a course prints for the blank's four moves. Seed 001 prints "UP", "DOWN", "LEFT",
// "RIGHT"; another course's trace may print "up" or "U". Reading is case-blind, so "Up" is the
// move named "UP"; what feedback shows is the course's own word.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "reference/tile_puzzle.h"

namespace sg {

class MoveNames {
 public:
  /// Seed 001's words: UP, DOWN, LEFT, RIGHT.
  MoveNames();

  /// The course's words, indexed as ref::BlankMove (up, down, left, right). Throws
  /// std::invalid_argument when a word is empty, holds a space or two moves share a word
  /// (case-blind), since a printed word must name one move.
  explicit MoveNames(std::array<std::string, 4> words);

  /// The word printed for `move`.
  const std::string& name(ref::BlankMove move) const;

  /// The move `word` names, compared case-blind; nullopt for any other word.
  std::optional<ref::BlankMove> parse(std::string_view word) const;

  /// "UP, DOWN, LEFT, RIGHT": the four words, for feedback.
  std::string listed() const;

 private:
  std::array<std::string, 4> words_;
};

}  // namespace sg
