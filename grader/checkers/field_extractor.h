// Extraction of named fields from printed output by regular expression, e.g.
// `Solution Length: (?<length>\d+)` reads {"length": "12"} from a line "Solution Length: 12".
// Reusable by every spec whose program prints figures among other text (seed 004's "Solution
// Length", "Max queue length: 46"). The pattern is Perl-compatible (PCRE2, Debian's libpcre2)
// with named groups written `(?<name>...)` or Python's `(?P<name>...)`; it is searched in each
// line (not anchored). PCRE2 matches without recursion, so a line of any length (a depth-first
// path of ten thousand moves) is read, where std::regex overflowed its stack.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// One line that matched, with its named fields (a group that did not take part is absent).
struct FieldMatch {
  int line_number = 0;  ///< 1-based line of the text.
  std::string line;     ///< The whole line, "\r" removed.
  std::map<std::string, std::string> fields;
};

/// A compiled pattern with named groups.
class FieldPattern {
 public:
  /// Compiles `pattern` (letters' case ignored with `ignore_case`). Throws std::invalid_argument
  /// naming the problem: an invalid regular expression, an empty, malformed or repeated group
  /// name, or no named group at all.
  explicit FieldPattern(std::string_view pattern, bool ignore_case = false);

  /// The pattern as written.
  const std::string& pattern() const { return pattern_; }
  /// The group names, in the order their groups open.
  std::vector<std::string> names() const;

  /// The first line of `text` where the pattern is found, or nullopt.
  std::optional<FieldMatch> find(std::string_view text) const;
  /// Every line of `text` where the pattern is found (the first match in each line).
  std::vector<FieldMatch> find_all(std::string_view text) const;

 private:
  std::string pattern_;
  std::shared_ptr<const void> code_;  // the compiled pcre2_code_8, shared by copies
  std::vector<std::pair<std::string, std::size_t>> groups_;  // name -> capture index
};

/// One section of a program's output: a program that runs several searches in one go and prints
/// a header before each ("== UCS ==", "A*:").
struct OutputSection {
  std::string name;    ///< The header's group `section`, spaces trimmed.
  int first_line = 0;  ///< The header's line, 1-based.
  int last_line = 0;   ///< The section's last line (the line before the next header).
  /// The whole output with every line outside the section left empty, so that a line found in
  /// it keeps its number in the output.
  std::string text;
};

/// The sections of `text`, in order: each starts at a line where `header` (a pattern with the
/// group `section`) is found and runs to the line before the next such line; the header line is
/// part of its section (a one-line report reads there). Lines before the first header belong to
/// no section.
std::vector<OutputSection> output_sections(std::string_view text, const FieldPattern& header);

}  // namespace sg
