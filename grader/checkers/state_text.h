// Reading search output back into the domain: states printed as Python lists ("[1, 2, 0]"),
// named integer fields ("h=4", "moves: 3"), and the whitespace-tolerant token comparison used to
// judge format. Tolerant readers decide correctness; the strict token comparison decides format.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The first bracketed list of integers on a line ("[1, 2, 3]", "[1,2,3]", "[1 2 3]", "(1, 2)"),
/// or nullopt. Nested brackets (numpy 2-D prints) are flattened.
std::optional<std::vector<int>> find_state_list(std::string_view line);

/// The integer after `name` and an optional '=' or ':' with any spacing ("h=4", "h = 4", "h:4",
/// "moves: 3", "moves=3"), matched as a whole word, case-insensitively; nullopt if absent.
std::optional<long long> find_named_int(std::string_view line, std::string_view name);

/// Python's str() of a list of ints: "[1, 2, 3]".
std::string python_list(const std::vector<int>& values);

/// Splits on runs of whitespace; leading and trailing whitespace is ignored.
std::vector<std::string> whitespace_tokens(std::string_view line);

/// True when the two lines are equal up to runs of whitespace (one space == three spaces, tabs
/// too), which is the default meaning of "whitespace-tolerant" for format checks.
bool same_up_to_whitespace(std::string_view a, std::string_view b);

/// Non-empty lines of a text, with their 1-based line numbers; "\r" endings removed.
struct NumberedLine {
  int number = 0;
  std::string text;
};
std::vector<NumberedLine> non_empty_lines(std::string_view text);

/// Shortens text for display: at most `max_lines` lines and `max_chars` characters, with a
/// "... (N more lines)" marker.
std::string elide(std::string_view text, std::size_t max_lines = 30, std::size_t max_chars = 4000);

/// The end of a text for display (where a program's last words are): its last `max_lines` lines
/// and `max_chars` characters at most, after a "... (N earlier lines)" marker.
std::string elide_front(std::string_view text, std::size_t max_lines = 15,
                        std::size_t max_chars = 2000);

/// `text` with ASCII letters in lower case (words read case-blind: "Failure", a section's name).
std::string lower_case(std::string text);

}  // namespace sg
