// A line template: how an assignment prints one line of a trace, written in the spec, e.g.
// "{state} h={h} moves: {g}" or "Max queue length: {max_frontier}". Text outside braces is
// literal; `{name}` is a field, one of the names the caller allows: {state}, {action} and {moves}
// match any text, every other field a number ("3", "-1", "140.0"). Two fields need literal text
// between them, so a printed line splits one way only. The line's leading and trailing
// whitespace is ignored.
//
// Spacing is read as students print it: by default (LineLayout::spacing_free) the spaces around
// the fixed text are any run of whitespace or none, so "{state} h={h}" reads `[...] h= 5` (what
// Python's `print(state, "h=", h)` writes), `[...]  h=5` and `[...] h =5`; a space between two
// words ("Max queue length") stays a space. LineLayout::exact, which a spec asks for, reads
// spaces only where the template has them (any run). `read` is looser still, for the figures of
// a line whose layout is wrong: ':' and '=' stand for each other and commas or semicolons may
// part the fixed text ("h = 6, moves=0" reads as "h={h} moves: {g}"). No grading logic.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace sg {

/// How strictly a line's spacing is read: `spacing_free` (any spaces, or none, around the fixed
/// text) or `exact` (spaces where the template has them, none elsewhere). A spec's `layout:`.
enum class LineLayout { spacing_free, exact };

/// The field texts of one printed line, by field name.
using LineFields = std::map<std::string, std::string>;

class LineTemplate {
 public:
  /// Parses `text` with the fields `allowed`, its lines read with `layout`. Throws
  /// std::invalid_argument naming the problem: an unclosed or empty brace, a field not in
  /// `allowed` (listing them), two fields side by side, or no field at all.
  LineTemplate(std::string_view text, const std::vector<std::string>& allowed,
               LineLayout layout = LineLayout::spacing_free);

  /// The template as written.
  const std::string& text() const { return text_; }
  /// The fields, in the order they appear.
  const std::vector<std::string>& fields() const { return fields_; }
  bool has(std::string_view field) const;
  /// The words that name `field` in the line: the literal text before it, trimmed of spaces
  /// and a trailing ':' or '=' ("Max queue length" in "Max queue length: {max_frontier}"); the
  /// field's name when nothing names it.
  std::string label_of(std::string_view field) const;

  /// The layout the template's lines are read with.
  LineLayout layout() const { return layout_; }

  /// The fields of `line` (trimmed) when it is laid out as the template says, or nullopt: a
  /// line that matches is in format.
  std::optional<LineFields> match(std::string_view line) const;
  /// The fields of `line` when it matches, or when it reads as the template with ':' and '='
  /// swapped and commas or semicolons beside the fixed text; nullopt when it does not read at all
  /// (a debug print). For judging what a line out of format says.
  std::optional<LineFields> read(std::string_view line) const;
  /// The line with each field replaced by its value (a missing value prints as "?").
  std::string render(const LineFields& values) const;

 private:
  // The regex of the whole line: the layout's, or the loose one `read` falls back to.
  std::string pattern(bool loose) const;

  std::string text_;
  LineLayout layout_;
  std::vector<std::string> parts_;  // literal, field, literal, field, ..., literal
  std::vector<std::string> fields_;
  std::regex regex_;
  std::regex loose_regex_;
};

/// A number as Python prints an int or a float with that value: "140", "2.5".
std::string number_text(double value);

/// The number a field holds ("140", "140.0", "-1", "2.5e3"), or nullopt.
std::optional<double> field_number(std::string_view text);

}  // namespace sg
