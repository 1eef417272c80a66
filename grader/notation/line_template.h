// A line template: how an assignment prints one line of a trace, written in the spec, e.g.
// "{state} h={h} moves: {g}" or "Max queue length: {max_frontier}". Text outside braces is
// literal (a run of spaces matches any run of whitespace, and the line's leading and trailing
// whitespace is ignored); `{name}` is a field, one of the names the caller allows: {state},
// {action} and {moves} match any text, every other field a number ("3", "-1", "140.0"). Two fields
// need literal text between them, so a printed line splits one way only. No grading logic.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// The field texts of one printed line, by field name.
using LineFields = std::map<std::string, std::string>;

class LineTemplate {
 public:
  /// Parses `text` with the fields `allowed`. Throws std::invalid_argument naming the problem:
  /// an unclosed or empty brace, a field not in `allowed` (listing them), two fields side by
  /// side, or no field at all.
  LineTemplate(std::string_view text, const std::vector<std::string>& allowed);

  /// The template as written.
  const std::string& text() const { return text_; }
  /// The fields, in the order they appear.
  const std::vector<std::string>& fields() const { return fields_; }
  bool has(std::string_view field) const;
  /// The words that name `field` in the line: the literal text before it, trimmed of spaces
  /// and a trailing ':' or '=' ("Max queue length" in "Max queue length: {max_frontier}"); the
  /// field's name when nothing names it.
  std::string label_of(std::string_view field) const;

  /// The fields of `line` (trimmed) when it matches, or nullopt.
  std::optional<LineFields> match(std::string_view line) const;
  /// The line with each field replaced by its value (a missing value prints as "?").
  std::string render(const LineFields& values) const;

 private:
  std::string text_;
  std::vector<std::string> parts_;  // literal, field, literal, field, ..., literal
  std::vector<std::string> fields_;
  std::regex regex_;
};

/// A number as Python prints an int or a float with that value: "140", "2.5".
std::string number_text(double value);

/// The number a field holds ("140", "140.0", "-1", "2.5e3"), or nullopt.
std::optional<double> field_number(std::string_view text);

}  // namespace sg
