#include "checkers/field_extractor.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <stdexcept>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "checkers/state_text.h"

namespace sg {
namespace {

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string trimmed(std::string text) {
  const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  while (!text.empty() && space(static_cast<unsigned char>(text.back()))) text.pop_back();
  const auto first = std::find_if_not(text.begin(), text.end(),
                                      [&](char c) { return space(static_cast<unsigned char>(c)); });
  return {first, text.end()};
}

}  // namespace

FieldPattern::FieldPattern(std::string_view pattern, bool ignore_case) : pattern_(pattern) {
  // Rewrite named groups as plain capturing groups, numbering every capturing group.
  std::string plain;
  std::size_t captures = 0;
  bool in_class = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      plain += pattern.substr(i, 2);
      ++i;
      continue;
    }
    if (in_class) {
      in_class = c != ']';
      plain += c;
      continue;
    }
    if (c == '[') {
      in_class = true;
      plain += c;
      continue;
    }
    if (c != '(') {
      plain += c;
      continue;
    }
    const std::string_view rest = pattern.substr(i + 1);
    std::size_t name_start = 0;
    if (rest.starts_with("?<") && !rest.starts_with("?<=") && !rest.starts_with("?<!")) {
      name_start = 2;
    } else if (rest.starts_with("?P<")) {
      name_start = 3;
    }
    if (name_start > 0) {
      const std::size_t close = rest.find('>', name_start);
      const std::string_view name = close == std::string_view::npos
                                        ? std::string_view()
                                        : rest.substr(name_start, close - name_start);
      if (name.empty() || !std::all_of(name.begin(), name.end(), name_char) ||
          std::isdigit(static_cast<unsigned char>(name.front()))) {
        throw std::invalid_argument(fmt::format(
            "pattern `{}`: a named group is written (?<name>...) with a name of letters, digits "
            "and _ that does not start with a digit",
            pattern));
      }
      for (const auto& [known, index] : groups_) {
        if (known == name)
          throw std::invalid_argument(
              fmt::format("pattern `{}`: group `{}` is named twice", pattern, name));
      }
      groups_.emplace_back(std::string(name), ++captures);
      plain += '(';
      i += close + 1;
      continue;
    }
    if (!rest.starts_with("?")) ++captures;
    plain += c;
  }
  if (groups_.empty()) {
    throw std::invalid_argument(
        fmt::format("pattern `{}` has no named group such as (?<length>\\d+)", pattern));
  }
  int error = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* code =
      pcre2_compile(reinterpret_cast<PCRE2_SPTR>(plain.data()), plain.size(),
                    PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | (ignore_case ? PCRE2_CASELESS : 0u),
                    &error, &offset, nullptr);
  if (code == nullptr) {
    std::array<PCRE2_UCHAR, 256> message{};
    pcre2_get_error_message(error, message.data(), message.size());
    throw std::invalid_argument(fmt::format("pattern `{}` is not a valid regular expression: {}",
                                            pattern, reinterpret_cast<const char*>(message.data())));
  }
  code_ = std::shared_ptr<const void>(code, [](const void* compiled) {
    pcre2_code_free(static_cast<pcre2_code*>(const_cast<void*>(compiled)));
  });
  std::uint32_t count = 0;
  pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &count);
  if (count != captures) {
    throw std::invalid_argument(fmt::format("pattern `{}`: cannot number its groups", pattern));
  }
}

std::vector<std::string> FieldPattern::names() const {
  std::vector<std::string> out;
  for (const auto& group : groups_) out.push_back(group.first);
  return out;
}

std::vector<FieldMatch> FieldPattern::find_all(std::string_view text) const {
  std::vector<FieldMatch> matches;
  const auto* code = static_cast<const pcre2_code*>(code_.get());
  const std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> data(
      pcre2_match_data_create_from_pattern(code, nullptr), &pcre2_match_data_free);
  for (const NumberedLine& line : non_empty_lines(text)) {
    // A line that exhausts PCRE2's match limits (a pathological pattern) is a line that does
    // not match.
    if (pcre2_match(code, reinterpret_cast<PCRE2_SPTR>(line.text.data()), line.text.size(), 0, 0,
                    data.get(), nullptr) < 0)
      continue;
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data.get());
    FieldMatch match{line.number, line.text, {}};
    for (const auto& [name, index] : groups_) {
      if (ovector[2 * index] != PCRE2_UNSET)
        match.fields[name] =
            line.text.substr(ovector[2 * index], ovector[2 * index + 1] - ovector[2 * index]);
    }
    matches.push_back(std::move(match));
  }
  return matches;
}

std::optional<FieldMatch> FieldPattern::find(std::string_view text) const {
  std::vector<FieldMatch> all = find_all(text);
  if (all.empty()) return std::nullopt;
  return std::move(all.front());
}

std::vector<OutputSection> output_sections(std::string_view text, const FieldPattern& header) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  std::vector<OutputSection> sections;
  for (const FieldMatch& match : header.find_all(text)) {
    if (!sections.empty()) sections.back().last_line = match.line_number - 1;
    sections.push_back({trimmed(match.fields.count("section") ? match.fields.at("section") : ""),
                        match.line_number,
                        static_cast<int>(lines.size()),
                        {}});
  }
  for (OutputSection& section : sections) {
    for (int number = 1; number <= static_cast<int>(lines.size()); ++number) {
      if (number > 1) section.text += '\n';
      if (number >= section.first_line && number <= section.last_line)
        section.text += lines[static_cast<std::size_t>(number - 1)];
    }
  }
  return sections;
}

}  // namespace sg
