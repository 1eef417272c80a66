#include "checkers/iddfs_trace_checker.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <stdexcept>

#include "checkers/state_text.h"
#include "checkers/trace_checker.h"
#include "notation/lisp_trace.h"

namespace sg {
namespace {

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string event_text(const IddfsTraceExpected& expected, const ref::TracedEvent& event) {
  return event.type == ref::IddfsEventType::check
             ? print_lisp_check_line()
             : print_lisp_move_line(event.depth, expected.action_text(event.action));
}

// Every move's printed spelling, by its upper case: a word printed in another case reads as it.
std::map<std::string, std::string> spellings(const IddfsTraceExpected& expected) {
  std::map<std::string, std::string> words;
  for (const auto& event : expected.reference.trace)
    if (event.type == ref::IddfsEventType::move) {
      const std::string text = expected.action_text(event.action);
      words.emplace(upper(text), text);
    }
  for (const auto& action : expected.reference.actions) {
    const std::string text = expected.action_text(action);
    words.emplace(upper(text), text);
  }
  return words;
}

std::string spelled(const std::map<std::string, std::string>& words, const std::string& word) {
  const auto found = words.find(upper(word));
  return found == words.end() ? word : found->second;
}

// A hint for the first divergence, in IDDFS terms.
std::string hint(const IddfsTraceExpected& expected,
                 const std::map<std::string, std::string>& words,
                 const TraceDivergence& divergence) {
  const auto& trace = expected.reference.trace;
  const std::optional<LispTraceLine> got =
      divergence.printed ? std::optional(parse_lisp_trace_line(*divergence.printed)) : std::nullopt;
  if (!divergence.expected) {
    if (trace.empty()) {
      return "the start already is the goal: print (PATH-TO-GOAL ()) without searching";
    }
    return "the search must stop at the (CHECK) that finds the goal and print the path";
  }
  const ref::TracedEvent& want = trace[divergence.index];
  if (!got) {
    return "";
  }
  if (got->type == LispTraceLineType::other) {
    return fmt::format("every trace line is (d MOVE) or (CHECK); this one is not: {}",
                       got->problem);
  }
  if (got->type == LispTraceLineType::path) {
    return "the path was printed before the search reached the goal";
  }
  if (divergence.index == 0 && got->type == LispTraceLineType::check) {
    return fmt::format(
        "depth limits start at {}: the first iteration makes one move from the start "
        "before its (CHECK)",
        expected.options.first_limit);
  }
  if (want.type == ref::IddfsEventType::check && got->type == LispTraceLineType::move) {
    return fmt::format(
        "depth {} is the depth limit of this iteration: print (CHECK) there and go "
        "no deeper",
        want.limit);
  }
  if (want.type == ref::IddfsEventType::move && got->type == LispTraceLineType::check) {
    return fmt::format(
        "(CHECK) belongs only at the depth limit ({}); at depth {} the search goes "
        "on with the next move",
        want.limit, want.depth - 1);
  }
  if (want.type == ref::IddfsEventType::move && got->type == LispTraceLineType::move) {
    if (got->depth != want.depth &&
        spelled(words, got->action) == expected.action_text(want.action)) {
      return fmt::format(
          "the depth printed with a move is the number of moves from the start after "
          "it (the first move is depth 1); here it is {}",
          want.depth);
    }
    if (got->depth == want.depth) return expected.order_hint;
  }
  return "";
}

// The reference's path as the trace prints it.
std::vector<std::string> path_text(const IddfsTraceExpected& expected) {
  std::vector<std::string> moves;
  for (const std::string& action : expected.reference.actions)
    moves.push_back(expected.action_text(action));
  return moves;
}

}  // namespace

std::string iddfs_expected_output(const IddfsTraceExpected& expected) {
  std::string out;
  for (const auto& event : expected.reference.trace) out += event_text(expected, event) + "\n";
  return out + print_lisp_path_line(path_text(expected)) + "\n";
}

IddfsOutputCheck check_iddfs_output(const IddfsTraceExpected& expected, std::string_view printed) {
  if (!expected.reference.found) {
    throw std::invalid_argument("check_iddfs_output: the reference found no path");
  }
  IddfsOutputCheck check;
  const auto& trace = expected.reference.trace;
  const std::map<std::string, std::string> words = spellings(expected);

  // Expected lines, with the iteration they belong to.
  std::vector<ExpectedTraceLine> lines;
  lines.reserve(trace.size());
  for (const auto& event : trace) {
    lines.push_back({event_text(expected, event),
                     fmt::format("in the iteration with depth limit {}", event.limit)});
  }
  {
    const std::size_t shown = std::min<std::size_t>(trace.size(), 40);
    for (std::size_t i = 0; i < shown; ++i) check.expected_text += lines[i].text + "\n";
    if (shown < trace.size()) {
      check.expected_text += fmt::format("... ({} more trace lines)\n", trace.size() - shown);
    }
    check.expected_text += print_lisp_path_line(path_text(expected)) + "\n";
  }

  // The printed trace: every non-empty line except PATH-TO-GOAL lines; the last of those is the
  // path.
  std::vector<NumberedLine> printed_trace;
  std::optional<LispTraceLine> path_line;
  std::string path_problem;
  for (NumberedLine& line : non_empty_lines(printed)) {
    // Only PATH-TO-GOAL lines are read here; trace lines are read by compare_trace, and only up
    // to the first divergence (a runaway program prints megabytes of them).
    if (upper(line.text).find("PATH-TO-GOAL") == std::string::npos) {
      printed_trace.push_back(std::move(line));
      continue;
    }
    LispTraceLine parsed = parse_lisp_trace_line(line.text);
    if (parsed.type == LispTraceLineType::path) {
      path_line = std::move(parsed);
    } else {
      path_problem = fmt::format("output line {} `{}` cannot be read: {}", line.number, line.text,
                                 parsed.problem);
    }
  }

  const TraceComparison comparison = compare_trace(
      lines, printed_trace, [&words](std::string_view text) -> std::optional<std::string> {
        const LispTraceLine line = parse_lisp_trace_line(text);
        if (line.type == LispTraceLineType::check) return print_lisp_check_line();
        if (line.type == LispTraceLineType::move)
          return print_lisp_move_line(line.depth, spelled(words, line.action));
        return std::nullopt;
      });
  check.trace.aspect = "trace";
  check.trace.passed = comparison.equal;
  if (!comparison.equal) {
    check.trace.feedback = comparison.feedback;
    const std::string why = hint(expected, words, *comparison.divergence);
    if (!why.empty()) check.trace.feedback += "\nhint: " + why;
  }

  if (path_line) {
    std::vector<std::string> moves;
    for (const std::string& word : path_line->path) moves.push_back(spelled(words, word));
    check.path = expected.judge_path(moves);
    check.path.aspect = "path";
    if (!check.path.passed) {
      check.path.feedback = fmt::format("{} (printed: `{}`)", check.path.feedback,
                                        print_lisp_path_line(path_line->path));
    }
  } else {
    check.path.aspect = "path";
    check.path.feedback =
        !path_problem.empty()
            ? path_problem
            : fmt::format("no (PATH-TO-GOAL (...)) line was printed; expected `{}`",
                          print_lisp_path_line(path_text(expected)));
  }
  return check;
}

}  // namespace sg
