// Edit distance for "did you mean" suggestions on misspelt spec keys and names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// Levenshtein distance between two strings (insert, delete, substitute all cost 1).
int edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word` if it is close enough to be a plausible typo
/// (distance ≤ max(1, word.size() / 3)); empty string otherwise.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

/// " (did you mean 'x'?)" or "" — ready to append to an error message.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace sg
