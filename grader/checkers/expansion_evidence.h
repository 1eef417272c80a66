// Evidence for a failed expansion-order judgement: the student's own expansions beside the
// reference's, so an instructor can check the claim without running the student's code.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The two expansion orders as a numbered two-column table, one expansion a line, bounded: the
/// first 3 lines, then the lines from 5 before `diverged_at` (0-based) to 3 after it, with "..."
/// for what is left out; the diverging line marked with ">". `reference_label` heads the second
/// column (e.g. "expected"). A column past its end shows nothing. Lines are indented by two
/// spaces; no trailing newline. A column is as wide as its widest shown state, at most 36
/// characters (longer states are cut with "...").
std::string expansion_table(const std::vector<std::string>& yours,
                            const std::vector<std::string>& reference, std::size_t diverged_at,
                            std::string_view reference_label);

/// The first expansion of a state already expanded, said as "(1, 9) is expanded a second time at
/// expansion 30; it was expansion 1" (1-based), or nullopt when every state is expanded once.
std::optional<std::string> first_repeated_expansion(const std::vector<std::string>& expanded);

}  // namespace sg
