#include "notation/line_template.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace sg {
namespace {

std::string regex_literal(std::string_view literal) {
  std::string out;
  bool in_space = false;
  for (const char c : literal) {
    if (c == ' ' || c == '\t') {
      if (!in_space) out += R"(\s+)";
      in_space = true;
      continue;
    }
    in_space = false;
    if (std::string_view(R"(\^$.|?*+()[]{}/)").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace

LineTemplate::LineTemplate(std::string_view text, const std::vector<std::string>& allowed)
    : text_(trim(text)) {
  std::string literal;
  std::string pattern = "^";
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
    const bool text_field = name == "state" || name == "action" || name == "moves";
    std::string before = regex_literal(literal);
    if (name == "moves") {
      // An empty path is a path (the start is the goal): "path: " reads, trimmed, as "path:".
      if (before.size() >= 3 && before.compare(before.size() - 3, 3, R"(\s+)") == 0)
        before.back() = '*';
      pattern += before + "(.*?)";
    } else {
      pattern += before + (text_field ? "(.+?)" : R"(([-+]?[0-9.][0-9.eE+-]*))");
    }
    literal.clear();
    fields_.push_back(name);
    parts_.push_back("{" + name + "}");
    i = close;
  }
  if (fields_.empty()) throw std::invalid_argument("a line template needs a field, e.g. {state}");
  parts_.push_back(literal);
  pattern += regex_literal(literal) + "$";
  regex_ = std::regex(pattern);
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

std::optional<LineFields> LineTemplate::match(std::string_view line) const {
  const std::string trimmed = trim(line);
  std::smatch match;
  if (!std::regex_match(trimmed, match, regex_)) return std::nullopt;
  LineFields values;
  for (std::size_t i = 0; i < fields_.size(); ++i) values[fields_[i]] = trim(match[i + 1].str());
  return values;
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
