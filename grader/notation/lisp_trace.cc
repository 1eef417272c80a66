#include "notation/lisp_trace.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

#include "notation/text_case.h"

namespace sg {
namespace {

// Splits "(a b (c d))" style text into tokens: "(", ")" and atoms.
std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '(' || c == ')') {
      out.emplace_back(1, c);
      ++i;
    } else {
      const std::size_t start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) &&
             text[i] != '(' && text[i] != ')') {
        ++i;
      }
      out.emplace_back(text.substr(start, i - start));
    }
  }
  return out;
}

LispTraceLine other(std::string problem) {
  LispTraceLine line;
  line.problem = std::move(problem);
  return line;
}

}  // namespace

std::string lisp_move_name(ref::BlankMove move) { return upper_case(ref::to_string(move)); }

std::optional<ref::BlankMove> parse_lisp_move_name(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ref::parse_blank_move(lower);
}

LispTraceLine parse_lisp_trace_line(std::string_view text) {
  const std::vector<std::string> t = tokens(text);
  if (t.size() < 3 || t.front() != "(" || t.back() != ")") {
    return other("not a parenthesised trace line");
  }
  // (CHECK)
  if (t.size() == 3 && upper_case(t[1]) == "CHECK") {
    LispTraceLine line;
    line.type = LispTraceLineType::check;
    return line;
  }
  // (PATH-TO-GOAL (M ...)) or (PATH-TO-GOAL NIL)
  if (upper_case(t[1]) == "PATH-TO-GOAL") {
    LispTraceLine line;
    line.type = LispTraceLineType::path;
    if (t.size() == 4 && upper_case(t[2]) == "NIL") return line;
    if (t.size() < 5 || t[2] != "(" || t[t.size() - 2] != ")") {
      return other("a PATH-TO-GOAL line holds one list of moves, e.g. (PATH-TO-GOAL (DOWN LEFT))");
    }
    for (std::size_t i = 3; i + 2 < t.size(); ++i) {
      if (t[i] == "(" || t[i] == ")")
        return other("a PATH-TO-GOAL list holds the moves' names, no nested lists");
      line.path.push_back(t[i]);
    }
    return line;
  }
  // (d MOVE)
  if (t.size() == 4 && t[2] != "(" && t[2] != ")") {
    int depth = 0;
    const auto* end = t[1].data() + t[1].size();
    const auto [ptr, error] = std::from_chars(t[1].data(), end, depth);
    if (error == std::errc() && ptr == end) {
      LispTraceLine line;
      line.type = LispTraceLineType::move;
      line.depth = depth;
      line.action = t[2];
      return line;
    }
  }
  return other("expected (d MOVE), (CHECK) or (PATH-TO-GOAL (...))");
}

std::string print_lisp_move_line(int depth, std::string_view action) {
  return fmt::format("({} {})", depth, action);
}

std::string print_lisp_check_line() { return "(CHECK)"; }

std::string print_lisp_path_line(const std::vector<std::string>& path) {
  return fmt::format("(PATH-TO-GOAL ({}))", fmt::join(path, " "));
}

}  // namespace sg
