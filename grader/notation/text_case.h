// ASCII case folding for the words trace notations compare regardless of case (move names,
// PATH-TO-GOAL, CHECK): "up", "Up" and "UP" are one move.
#pragma once

#include <string>
#include <string_view>

namespace sg {

/// `text` with every ASCII letter in upper case; other bytes unchanged.
std::string upper_case(std::string_view text);

}  // namespace sg
