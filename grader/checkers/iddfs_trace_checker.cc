#include "checkers/iddfs_trace_checker.h"

#include <fmt/format.h>

#include <stdexcept>

#include "checkers/move_path_checker.h"
#include "checkers/state_text.h"
#include "checkers/trace_checker.h"
#include "notation/lisp_trace.h"

namespace sg {
namespace {

std::string event_text(const ref::IddfsEvent& event) {
  return event.type == ref::IddfsEventType::check ? print_lisp_check_line()
                                                  : print_lisp_move_line(event.depth, event.move);
}

std::string move_order_text(const std::vector<ref::BlankMove>& order) {
  std::vector<std::string> names;
  for (ref::BlankMove move : order) names.push_back(lisp_move_name(move));
  return fmt::format("{}", fmt::join(names, ", "));
}

// A hint for the first divergence, in IDDFS terms.
std::string hint(const IddfsTraceExpected& expected, const TraceDivergence& divergence) {
  const auto& trace = expected.reference.trace;
  const std::optional<LispTraceLine> got =
      divergence.printed ? std::optional(parse_lisp_trace_line(*divergence.printed)) : std::nullopt;
  if (!divergence.expected) {
    if (trace.empty()) {
      return "the start already is the goal: print (PATH-TO-GOAL ()) without searching";
    }
    return "the search must stop at the (CHECK) that finds the goal and print the path";
  }
  const ref::IddfsEvent& want = trace[divergence.index];
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
    if (got->depth != want.depth && got->move == want.move) {
      return fmt::format(
          "the depth printed with a move is the number of moves from the start after "
          "it (the first move is depth 1); here it is {}",
          want.depth);
    }
    if (got->depth == want.depth) {
      return fmt::format(
          "the blank tries its moves in the order {}, skipping only moves off the "
          "board (moving back to the previous state is tried too)",
          move_order_text(expected.options.move_order));
    }
  }
  return "";
}

}  // namespace

std::string iddfs_expected_output(const ref::IddfsResult& reference) {
  std::string out;
  for (const auto& event : reference.trace) out += event_text(event) + "\n";
  return out + print_lisp_path_line(reference.path) + "\n";
}

IddfsOutputCheck check_iddfs_output(const ref::TilePuzzle& puzzle,
                                    const IddfsTraceExpected& expected, std::string_view printed) {
  if (!expected.reference.found) {
    throw std::invalid_argument("check_iddfs_output: the reference found no path");
  }
  IddfsOutputCheck check;
  const auto& trace = expected.reference.trace;

  // Expected lines, with the iteration they belong to.
  std::vector<ExpectedTraceLine> lines;
  lines.reserve(trace.size());
  for (const auto& event : trace) {
    lines.push_back(
        {event_text(event), fmt::format("in the iteration with depth limit {}", event.limit)});
  }
  {
    const std::size_t shown = std::min<std::size_t>(trace.size(), 40);
    for (std::size_t i = 0; i < shown; ++i) check.expected_text += lines[i].text + "\n";
    if (shown < trace.size()) {
      check.expected_text += fmt::format("... ({} more trace lines)\n", trace.size() - shown);
    }
    check.expected_text += print_lisp_path_line(expected.reference.path) + "\n";
  }

  // The printed trace: every non-empty line except PATH-TO-GOAL lines; the last of those is the
  // path.
  std::vector<NumberedLine> printed_trace;
  std::optional<LispTraceLine> path_line;
  std::string path_problem;
  for (NumberedLine& line : non_empty_lines(printed)) {
    // Only PATH-TO-GOAL lines are read here; trace lines are read by compare_trace, and only up
    // to the first divergence (a runaway program prints megabytes of them).
    if (line.text.find("PATH-TO-GOAL") == std::string::npos &&
        line.text.find("path-to-goal") == std::string::npos) {
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

  const TraceComparison comparison =
      compare_trace(lines, printed_trace, [](std::string_view text) -> std::optional<std::string> {
        const LispTraceLine line = parse_lisp_trace_line(text);
        if (line.type == LispTraceLineType::check) return print_lisp_check_line();
        if (line.type == LispTraceLineType::move)
          return print_lisp_move_line(line.depth, line.move);
        return std::nullopt;
      });
  check.trace.aspect = "trace";
  check.trace.passed = comparison.equal;
  if (!comparison.equal) {
    check.trace.feedback = comparison.feedback;
    const std::string why = hint(expected, *comparison.divergence);
    if (!why.empty()) check.trace.feedback += "\nhint: " + why;
  }

  const MoveNotation notation{lisp_move_name,
                              [&](const ref::Tiles& state) { return expected.show_state(state); }};
  if (path_line) {
    MovePathExpected want;
    want.start = expected.start;
    want.optimal_length = expected.reference.path.size();
    check.path = check_move_path(puzzle, want, path_line->path, notation);
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
                          print_lisp_path_line(expected.reference.path));
  }
  return check;
}

}  // namespace sg
