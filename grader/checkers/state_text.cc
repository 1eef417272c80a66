#include "checkers/state_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>

namespace sg {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::optional<std::vector<int>> find_state_list(std::string_view line) {
  const auto open = line.find_first_of("[(");
  if (open == std::string_view::npos) return std::nullopt;
  // Match the outermost bracket, allowing nested rows such as numpy's [[1 2 3]\n [4 5 6]].
  int depth = 0;
  std::size_t close = std::string_view::npos;
  for (std::size_t i = open; i < line.size(); ++i) {
    if (line[i] == '[' || line[i] == '(') ++depth;
    if (line[i] == ']' || line[i] == ')') {
      if (--depth == 0) {
        close = i;
        break;
      }
    }
  }
  if (close == std::string_view::npos) return std::nullopt;
  std::vector<int> values;
  std::size_t i = open;
  while (i < close) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '-' && i + 1 < close && std::isdigit(static_cast<unsigned char>(line[i + 1])))) {
      std::size_t end = i + 1;
      while (end < close && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
      try {
        values.push_back(std::stoi(std::string(line.substr(i, end - i))));
      } catch (const std::exception&) {
        return std::nullopt;
      }
      i = end;
    } else if (c == '[' || c == ']' || c == '(' || c == ')' || c == ',' || is_space(c)) {
      ++i;
    } else {
      return std::nullopt;  // Not a list of integers (e.g. a dict or text in brackets).
    }
  }
  if (values.empty()) return std::nullopt;
  return values;
}

std::optional<long long> find_named_int(std::string_view line, std::string_view name) {
  const std::regex pattern("(^|[^A-Za-z_])" + std::string(name) + R"(\s*[=:]?\s*(-?\d+))",
                           std::regex::icase);
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_search(line.begin(), line.end(), match, pattern)) return std::nullopt;
  try {
    return std::stoll(match[2].str());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string python_list(const std::vector<int>& values) {
  return fmt::format("[{}]", fmt::join(values, ", "));
}

std::vector<std::string> whitespace_tokens(std::string_view line) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) tokens.emplace_back(line.substr(start, i - start));
  }
  return tokens;
}

bool same_up_to_whitespace(std::string_view a, std::string_view b) {
  return whitespace_tokens(a) == whitespace_tokens(b);
}

std::vector<NumberedLine> non_empty_lines(std::string_view text) {
  std::vector<NumberedLine> lines;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (std::any_of(line.begin(), line.end(), [](char c) { return !is_space(c); })) {
      lines.push_back({number, std::move(line)});
    }
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

std::string lower_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string elide(std::string_view text, std::size_t max_lines, std::size_t max_chars) {
  std::string result;
  std::size_t lines = 0;
  std::size_t position = 0;
  while (position < text.size() && lines < max_lines && result.size() < max_chars) {
    std::size_t end = text.find('\n', position);
    if (end == std::string_view::npos) end = text.size();
    result.append(text.substr(position, std::min(end - position, max_chars - result.size())));
    result.push_back('\n');
    ++lines;
    position = end + 1;
  }
  if (position < text.size()) {
    const auto newlines =
        std::count(text.begin() + static_cast<std::ptrdiff_t>(position), text.end(), '\n');
    const auto remaining = newlines + (text.back() == '\n' ? 0 : 1);
    result +=
        fmt::format("... ({} more lines, {} more bytes)\n", remaining, text.size() - position);
  }
  while (!result.empty() && result.back() == '\n') result.pop_back();
  return result;
}

std::string elide_front(std::string_view text, std::size_t max_lines, std::size_t max_chars) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  std::string_view kept = text.substr(text.size() - std::min(text.size(), max_chars));
  std::size_t seen = 0;
  for (std::size_t i = kept.size(); i-- > 0;)
    if (kept[i] == '\n' && ++seen == max_lines) {
      kept.remove_prefix(i + 1);
      break;
    }
  const std::size_t begin = text.size() - kept.size();
  if (begin == 0) return std::string(text);
  const auto earlier = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(begin),
                                  '\n');
  return fmt::format("... ({} earlier lines)\n{}", earlier, kept);
}

}  // namespace sg
