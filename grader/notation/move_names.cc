#include "notation/move_names.h"

#include <stdexcept>

#include "notation/text_case.h"

namespace sg {

MoveNames::MoveNames() : words_{"UP", "DOWN", "LEFT", "RIGHT"} {}

MoveNames::MoveNames(std::array<std::string, 4> words) : words_(std::move(words)) {
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (words_[i].empty() || words_[i].find_first_of(" \t\n()") != std::string::npos)
      throw std::invalid_argument("a move's word is one word without spaces or parentheses, not '" +
                                  words_[i] + "'");
    for (std::size_t j = 0; j < i; ++j)
      if (upper_case(words_[i]) == upper_case(words_[j]))
        throw std::invalid_argument("two moves are both printed '" + words_[i] +
                                    "': each move needs its own word");
  }
}

const std::string& MoveNames::name(ref::BlankMove move) const {
  return words_[static_cast<std::size_t>(move)];
}

std::optional<ref::BlankMove> MoveNames::parse(std::string_view word) const {
  const std::string wanted = upper_case(word);
  for (const ref::BlankMove move : ref::kAllBlankMoves)
    if (upper_case(name(move)) == wanted) return move;
  return std::nullopt;
}

std::string MoveNames::listed() const {
  return words_[0] + ", " + words_[1] + ", " + words_[2] + ", " + words_[3];
}

}  // namespace sg
