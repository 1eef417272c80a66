#include "notation/trace_notation.h"

#include <fmt/format.h>

#include <cctype>
#include <stdexcept>

#include "notation/lisp_trace.h"
#include "notation/text_case.h"

namespace sg {
namespace {

// Whitespace runs as one space, ends trimmed, upper case: how a check line is compared.
std::string normalised(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The moves' words in a {moves} field: "A G", "A, G", "['A', 'G']", "(A G)".
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '\'' || c == '"' ||
        c == '[' || c == ']' || c == '(' || c == ')') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

LineTemplate line(const std::string& text, const char* which,
                  const std::vector<std::string>& fields, LineLayout layout) {
  for (const std::string& field : fields)
    if (text.find("{" + field + "}") == std::string::npos)
      throw std::invalid_argument(fmt::format("{} `{}` needs {{{}}}", which, text, field));
  LineTemplate parsed = [&] {
    try {
      return LineTemplate(text, fields, layout);
    } catch (const std::invalid_argument& error) {
      throw std::invalid_argument(fmt::format("{} `{}`: {}", which, text, error.what()));
    }
  }();
  return parsed;
}

}  // namespace

TraceNotation TraceNotation::lisp() {
  TraceNotation notation;
  notation.check_ = print_lisp_check_line();
  return notation;
}

TraceNotation TraceNotation::templates(const std::string& move, const std::string& check,
                                       const std::string& path, LineLayout layout) {
  TraceNotation notation;
  notation.move_ = line(move, "move_line", {"depth", "action"}, layout);
  notation.path_ = line(path, "path_line", {"moves"}, layout);
  if (normalised(check).empty()) throw std::invalid_argument("check_line must hold some text");
  notation.check_ = check;
  return notation;
}

TraceLine TraceNotation::read(std::string_view text) const {
  TraceLine read;
  if (!move_) {
    const LispTraceLine lisp = parse_lisp_trace_line(text);
    read.type = lisp.type == LispTraceLineType::move    ? TraceLine::Type::move
                : lisp.type == LispTraceLineType::check ? TraceLine::Type::check
                : lisp.type == LispTraceLineType::path  ? TraceLine::Type::path
                                                        : TraceLine::Type::other;
    read.depth = lisp.depth;
    read.action = lisp.action;
    read.path = lisp.path;
    read.problem = lisp.problem;
    return read;
  }
  if (normalised(text) == normalised(check_)) {
    read.type = TraceLine::Type::check;
  } else if (const auto fields = move_->match(text); fields && field_number(fields->at("depth"))) {
    read.type = TraceLine::Type::move;
    read.depth = static_cast<int>(*field_number(fields->at("depth")));
    read.action = fields->at("action");
  } else if (const auto moves = path_->match(text)) {
    read.type = TraceLine::Type::path;
    read.path = words_of(moves->at("moves"));
  } else {
    read.problem = fmt::format("it reads as none of `{}`, `{}` and `{}`", move_->text(), check_,
                               path_->text());
  }
  return read;
}

bool TraceNotation::is_path_line(std::string_view text) const {
  if (!path_) return upper_case(text).find("PATH-TO-GOAL") != std::string::npos;
  return path_->match(text).has_value();
}

std::string TraceNotation::move_line(int depth, std::string_view action) const {
  if (!move_) return print_lisp_move_line(depth, action);
  return move_->render({{"depth", std::to_string(depth)}, {"action", std::string(action)}});
}

std::string TraceNotation::check_line() const { return check_; }

std::string TraceNotation::path_line(const std::vector<std::string>& moves) const {
  if (!path_) return print_lisp_path_line(moves);
  return path_->render({{"moves", fmt::format("{}", fmt::join(moves, " "))}});
}

}  // namespace sg
