#include "checkers/iddfs_trace_checker.h"

#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "checkers/state_text.h"
#include "checkers/trace_checker.h"
#include "notation/text_case.h"

namespace sg {
namespace {

std::string event_text(const IddfsTraceExpected& expected, const ref::TracedEvent& event) {
  return event.type == ref::IddfsEventType::check
             ? expected.notation.check_line()
             : expected.notation.move_line(event.depth, expected.action_text(event.action));
}

// Every move's printed spelling, by its upper case: a word printed in another case reads as it.
std::map<std::string, std::string> spellings(const IddfsTraceExpected& expected) {
  std::map<std::string, std::string> words;
  for (const auto& event : expected.reference.trace)
    if (event.type == ref::IddfsEventType::move) {
      const std::string text = expected.action_text(event.action);
      words.emplace(upper_case(text), text);
    }
  for (const auto& action : expected.reference.actions) {
    const std::string text = expected.action_text(action);
    words.emplace(upper_case(text), text);
  }
  return words;
}

std::string spelled(const std::map<std::string, std::string>& words, const std::string& word) {
  const auto found = words.find(upper_case(word));
  return found == words.end() ? word : found->second;
}

// A hint for the first divergence, in IDDFS terms.
std::string hint(const IddfsTraceExpected& expected,
                 const std::map<std::string, std::string>& words,
                 const TraceDivergence& divergence) {
  const auto& trace = expected.reference.trace;
  const std::optional<TraceLine> got =
      divergence.printed ? std::optional(expected.notation.read(*divergence.printed))
                         : std::nullopt;
  const std::string check = expected.notation.check_line();
  if (!divergence.expected) {
    if (trace.empty()) {
      return fmt::format("the start already is the goal: print {} without searching",
                         expected.notation.path_line({}));
    }
    return fmt::format("the search must stop at the {} that finds the goal and print the path",
                       check);
  }
  const ref::TracedEvent& want = trace[divergence.index];
  if (!got) {
    return "";
  }
  if (got->type == TraceLine::Type::other) {
    return fmt::format("every trace line is a move ({}) or {}; this one is not: {}",
                       expected.notation.move_line(1, "MOVE"), check, got->problem);
  }
  if (got->type == TraceLine::Type::path) {
    return "the path was printed before the search reached the goal";
  }
  if (divergence.index == 0 && got->type == TraceLine::Type::check) {
    return fmt::format(
        "depth limits start at {}: the first iteration makes one move from the start "
        "before its {}",
        expected.options.first_limit, check);
  }
  if (want.type == ref::IddfsEventType::check && got->type == TraceLine::Type::move) {
    return fmt::format(
        "depth {} is the depth limit of this iteration: print {} there and go "
        "no deeper",
        want.limit, check);
  }
  if (want.type == ref::IddfsEventType::move && got->type == TraceLine::Type::check) {
    return fmt::format(
        "{} belongs only at the depth limit ({}); at depth {} the search goes "
        "on with the next move",
        check, want.limit, want.depth - 1);
  }
  if (want.type == ref::IddfsEventType::move && got->type == TraceLine::Type::move) {
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
  return out + expected.notation.path_line(path_text(expected)) + "\n";
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
    check.expected_text += expected.notation.path_line(path_text(expected)) + "\n";
  }

  // The printed trace: every non-empty line except path lines; the last of those is the path.
  std::vector<NumberedLine> printed_trace;
  std::optional<TraceLine> path_line;
  std::string path_problem;
  for (NumberedLine& line : non_empty_lines(printed)) {
    // Only path lines are read here; trace lines are read by compare_trace, and only up
    // to the first divergence (a runaway program prints megabytes of them).
    if (!expected.notation.is_path_line(line.text)) {
      printed_trace.push_back(std::move(line));
      continue;
    }
    TraceLine parsed = expected.notation.read(line.text);
    if (parsed.type == TraceLine::Type::path) {
      path_line = std::move(parsed);
    } else {
      path_problem = fmt::format("output line {} `{}` cannot be read: {}", line.number, line.text,
                                 parsed.problem);
    }
  }

  const TraceComparison comparison =
      compare_trace(lines, printed_trace,
                    [&words, &expected](std::string_view text) -> std::optional<std::string> {
                      const TraceLine line = expected.notation.read(text);
                      if (line.type == TraceLine::Type::check)
                        return expected.notation.check_line();
                      if (line.type == TraceLine::Type::move)
                        return expected.notation.move_line(line.depth, spelled(words, line.action));
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
                                        expected.notation.path_line(path_line->path));
    }
  } else {
    check.path.aspect = "path";
    check.path.feedback = !path_problem.empty()
                              ? path_problem
                              : fmt::format("no path line was printed; expected `{}`",
                                            expected.notation.path_line(path_text(expected)));
  }
  return check;
}

}  // namespace sg
