#include "notation/line_template.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace sg {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The regex of one literal between fields (or at the line's ends). `exact` reads spaces where
// the template has them (any run) and none where it has none. Otherwise spaces around the fixed
// text and around its punctuation are any run or none ("h= 5", "h = 5", "moves:0"), but a space
// between two words stays a space, and a literal that is only spaces still parts two fields.
// `loose` also takes ':' for '=' (and back) and commas or semicolons where spaces may be ("h = 6,
// moves=0"), for reading a line's figures when its layout is wrong.
std::string regex_literal(std::string_view literal, LineLayout layout, bool loose) {
  const bool exact = layout == LineLayout::exact && !loose;
  const std::string space_some = loose ? R"([\s,;]+)" : R"(\s+)";
  const std::string space_any = loose ? R"([\s,;]*)" : R"(\s*)";
  const bool only_spaces = literal.find_first_not_of(" \t") == std::string_view::npos;
  if (only_spaces && !literal.empty()) return space_some;
  std::string out;
  if (!exact && !literal.empty() && literal.front() != ' ' && literal.front() != '\t')
    out += space_any;
  for (std::size_t i = 0; i < literal.size(); ++i) {
    const char c = literal[i];
    if (c == ' ' || c == '\t') {
      std::size_t end = i;
      while (end < literal.size() && (literal[end] == ' ' || literal[end] == '\t')) ++end;
      const bool between_words =
          i > 0 && end < literal.size() && word_char(literal[i - 1]) && word_char(literal[end]);
      out += exact || between_words ? space_some : space_any;
      i = end - 1;
      continue;
    }
    // Between a word and punctuation ("h" and "=" in "h="), spaces or none: `h = 5`.
    const bool after_text = i > 0 && literal[i - 1] != ' ' && literal[i - 1] != '\t';
    if (!exact && after_text && !(word_char(literal[i - 1]) && word_char(c))) out += space_any;
    if (loose && (c == ':' || c == '=')) {
      out += "[:=]";
      continue;
    }
    if (std::string_view(R"(\^$.|?*+()[]{}/)").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  if (!exact && !literal.empty() && literal.back() != ' ' && literal.back() != '\t')
    out += space_any;
  return out;
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace

LineTemplate::LineTemplate(std::string_view text, const std::vector<std::string>& allowed,
                           LineLayout layout)
    : text_(trim(text)), layout_(layout) {
  std::string literal;
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] != '{') {
      if (text_[i] == '}') throw std::invalid_argument("a '}' without its '{'");
      literal += text_[i];
      continue;
    }
    const std::size_t close = text_.find('}', i);
    if (close == std::string::npos) throw std::invalid_argument("a '{' without its '}'");
    const std::string name = text_.substr(i + 1, close - i - 1);
    if (name.empty()) throw std::invalid_argument("an empty field '{}'");
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      throw std::invalid_argument(
          fmt::format("unknown field {{{}}}: use {}", name, fmt::join(allowed, ", ")));
    }
    if (!fields_.empty() && literal.empty()) {
      throw std::invalid_argument(
          fmt::format("{{{}}} follows {{{}}} with no text between them", name, fields_.back()));
    }
    parts_.push_back(literal);
    literal.clear();
    fields_.push_back(name);
    parts_.push_back("{" + name + "}");
    i = close;
  }
  if (fields_.empty()) throw std::invalid_argument("a line template needs a field, e.g. {state}");
  parts_.push_back(literal);
  regex_ = std::regex(pattern(false));
  loose_regex_ = std::regex(pattern(true));
}

std::string LineTemplate::pattern(bool loose) const {
  std::string out = "^";
  for (std::size_t part = 0; part < parts_.size(); ++part) {
    if (part % 2 == 0) {
      out += regex_literal(parts_[part], layout_, loose);
      continue;
    }
    const std::string& name = fields_[part / 2];
    if (name == "moves") {
      // An empty path is a path (the start is the goal): "path: " reads, trimmed, as "path:".
      if (!out.empty() && out.back() == '+' && out.size() >= 2 &&
          (out[out.size() - 2] == 's' || out[out.size() - 2] == ']'))
        out.back() = '*';
      out += "(.*?)";
    } else if (name == "state" || name == "action") {
      out += "(.+?)";
    } else {
      out += R"(([-+]?[0-9.][0-9.eE+-]*))";
    }
  }
  return out + "$";
}

bool LineTemplate::has(std::string_view field) const {
  return std::find(fields_.begin(), fields_.end(), field) != fields_.end();
}

std::string LineTemplate::label_of(std::string_view field) const {
  const auto found = std::find(fields_.begin(), fields_.end(), field);
  if (found == fields_.end()) return std::string(field);
  std::string label = trim(parts_[2 * static_cast<std::size_t>(found - fields_.begin())]);
  if (!label.empty() && (label.back() == ':' || label.back() == '=')) label.pop_back();
  label = trim(label);
  return label.empty() ? std::string(field) : label;
}

namespace {

std::optional<LineFields> fields_of(const std::regex& regex, const std::vector<std::string>& fields,
                                    std::string_view line) {
  const std::string trimmed = trim(line);
  std::smatch match;
  if (!std::regex_match(trimmed, match, regex)) return std::nullopt;
  LineFields values;
  for (std::size_t i = 0; i < fields.size(); ++i) values[fields[i]] = trim(match[i + 1].str());
  return values;
}

}  // namespace

std::optional<LineFields> LineTemplate::match(std::string_view line) const {
  return fields_of(regex_, fields_, line);
}

std::optional<LineFields> LineTemplate::read(std::string_view line) const {
  if (auto fields = match(line)) return fields;
  return fields_of(loose_regex_, fields_, line);
}

std::string LineTemplate::render(const LineFields& values) const {
  std::string out;
  std::size_t field = 0;
  for (std::size_t i = 0; i < parts_.size(); ++i) {
    if (i % 2 == 0) {
      out += parts_[i];
      continue;
    }
    const auto value = values.find(fields_[field++]);
    out += value == values.end() ? std::string("?") : value->second;
  }
  return out;
}

std::string number_text(double value) {
  if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 1e15)
    return fmt::format("{}", static_cast<long long>(value));
  return fmt::format("{}", value);
}

std::optional<double> field_number(std::string_view text) {
  const std::string copy = trim(text);
  if (copy.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace sg
