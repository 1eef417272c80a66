#include "checkers/solution_path_checker.h"

#include <fmt/format.h>

#include <regex>

#include "checkers/state_text.h"

namespace sg {
namespace {

struct PrintedStep {
  int line_number = 0;
  std::string text;
  ref::Tiles state;
  std::optional<long long> h;
  std::optional<long long> moves;
};

struct PrintedSolution {
  std::vector<PrintedStep> steps;
  std::optional<long long> max_queue;  ///< From a "Max queue length: N" line.
  int max_queue_line_number = 0;
  std::string max_queue_text;
  std::vector<NumberedLine> other_lines;  ///< Neither a state nor the max-queue line.
};

const std::regex& max_queue_pattern() {
  static const std::regex pattern(R"(max\s*queue\s*length\s*[:=]?\s*(-?\d+))", std::regex::icase);
  return pattern;
}

// The max_queue aspect: see QueueCountJudgement.
AspectOutcome judge_max_queue(const SolutionPathExpected& expected,
                              const PrintedSolution& solution) {
  AspectOutcome outcome;
  outcome.aspect = "max_queue";
  if (expected.max_queue_judgement == QueueCountJudgement::feedback) {
    outcome.judged = false;
    outcome.feedback = "not judged: the spec shows the max queue length as feedback only";
    return outcome;
  }
  if (!solution.max_queue) {
    outcome.feedback = "no `Max queue length: N` line was printed";
    return outcome;
  }
  const long long printed = *solution.max_queue;
  const bool exact = expected.max_queue_judgement == QueueCountJudgement::exact;
  const auto low =
      static_cast<long long>(exact ? expected.reference_max_queue : expected.max_queue_low);
  const auto high =
      static_cast<long long>(exact ? expected.reference_max_queue : expected.max_queue_high);
  if (printed < 1) {
    outcome.feedback = fmt::format(
        "line {}: Max queue length {} cannot be a queue's largest length: the start alone puts "
        "one entry on the frontier ({} here)",
        solution.max_queue_line_number, printed,
        low == high ? fmt::format("the reference's reaches {}", low)
                    : fmt::format("a correct A* reaches {} to {}", low, high));
  } else if (printed < low || printed > high) {
    outcome.feedback =
        exact ? fmt::format(
                    "line {}: you printed Max queue length: {}; the assignment's queue "
                    "reaches {} on this state",
                    solution.max_queue_line_number, printed, low)
              : fmt::format(
                    "line {}: you printed Max queue length: {}; a correct A* on this state "
                    "reaches {} to {} entries at its largest, whichever of the queues the "
                    "handout allows it keeps (a lower g updated in place or pushed again, "
                    "closed states skipped before or after the push, either tie-break)",
                    solution.max_queue_line_number, printed, low, high);
  } else {
    outcome.passed = true;
  }
  return outcome;
}

PrintedSolution read_printed(std::string_view printed) {
  PrintedSolution solution;
  for (auto& line : non_empty_lines(printed)) {
    std::smatch match;
    if (std::regex_search(line.text, match, max_queue_pattern())) {
      solution.max_queue = std::stoll(match[1].str());
      solution.max_queue_line_number = line.number;
      solution.max_queue_text = line.text;
      continue;
    }
    if (auto state = find_state_list(line.text)) {
      solution.steps.push_back({line.number, line.text, std::move(*state),
                                find_named_int(line.text, "h"),
                                find_named_int(line.text, "moves")});
      continue;
    }
    solution.other_lines.push_back(std::move(line));
  }
  return solution;
}

std::string canonical_line(const ref::Tiles& state, long long h, long long moves) {
  return fmt::format("{} h={} moves: {}", python_list(state), h, moves);
}

}  // namespace

std::string expected_solution_text(const SolutionPathExpected& expected) {
  std::string text;
  for (const auto& step : expected.reference_path)
    text += canonical_line(step.state, step.h, step.g) + "\n";
  text += fmt::format("Max queue length: {}", expected.reference_max_queue);
  if (expected.max_queue_line == MaxQueueLine::optional) text += "   (this line is optional)";
  return text;
}

SolutionPathCheck check_solution_path(const ref::TilePuzzle& puzzle, ref::Heuristic heuristic,
                                      const SolutionPathExpected& expected,
                                      std::string_view printed) {
  SolutionPathCheck check;
  check.path.aspect = "path";
  check.heuristic.aspect = "heuristic";
  check.format.aspect = "format";
  check.expected_text = expected_solution_text(expected);

  const PrintedSolution solution = read_printed(printed);
  const auto& steps = solution.steps;
  const int optimal_moves = static_cast<int>(expected.reference_path.size()) - 1;

  // path
  std::string path_problem;
  if (steps.empty()) {
    path_problem = fmt::format(
        "solve() printed no states; expected {} lines like `{}`", expected.reference_path.size(),
        canonical_line(expected.start, expected.reference_path.front().h, 0));
  } else {
    for (const auto& step : steps) {
      const std::string invalid = puzzle.validate(step.state);
      if (!invalid.empty()) {
        path_problem = fmt::format("line {}: {} is not a state of this puzzle: {}",
                                   step.line_number, python_list(step.state), invalid);
        break;
      }
    }
  }
  if (path_problem.empty() && steps.front().state != expected.start) {
    path_problem = fmt::format("line {}: the path must begin with the start state {}, not {}",
                               steps.front().line_number, python_list(expected.start),
                               python_list(steps.front().state));
  }
  if (path_problem.empty()) {
    for (std::size_t i = 1; i < steps.size(); ++i) {
      if (!puzzle.move_between(steps[i - 1].state, steps[i].state)) {
        path_problem = fmt::format("line {}: {} does not follow from {} by one legal move of {}{}",
                                   steps[i].line_number, python_list(steps[i].state),
                                   python_list(steps[i - 1].state),
                                   puzzle.blank_count() == 1 ? "the blank" : "a blank",
                                   puzzle.topology() == ref::Topology::torus
                                       ? " (it swaps with a neighbour, wrapping around the edges)"
                                       : "");
        break;
      }
    }
  }
  if (path_problem.empty() && !puzzle.is_goal(steps.back().state)) {
    path_problem = fmt::format("line {}: the path ends at {}, which is not the goal {}",
                               steps.back().line_number, python_list(steps.back().state),
                               python_list(puzzle.goal()));
  }
  const int student_moves = static_cast<int>(steps.size()) - 1;
  if (path_problem.empty() && student_moves != optimal_moves) {
    path_problem = student_moves > optimal_moves
                       ? fmt::format(
                             "your path takes {} moves, but the shortest takes {}: A* with an "
                             "admissible heuristic must find a shortest path",
                             student_moves, optimal_moves)
                       : fmt::format(
                             "your path takes {} moves, fewer than the optimum {}: a state must be "
                             "missing from the printed path",
                             student_moves, optimal_moves);
  }
  if (path_problem.empty()) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (steps[i].moves && *steps[i].moves != static_cast<long long>(i)) {
        path_problem =
            fmt::format("line {}: moves should be {} (the number of moves from the start), not {}",
                        steps[i].line_number, i, *steps[i].moves);
        break;
      }
    }
  }
  if (path_problem.empty()) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (steps[i].state != expected.reference_path[i].state) {
        const std::string where = fmt::format(
            "your path leaves the reference's at line {} ({} where the reference has {}); both are "
            "shortest paths",
            steps[i].line_number, python_list(steps[i].state),
            python_list(expected.reference_path[i].state));
        if (expected.exact_path) {
          path_problem =
              where +
              ", but this test demands the exact path that the assignment's tie-breaking gives";
        } else {
          check.notes.push_back(where + " (accepted: another tie-breaking)");
        }
        break;
      }
    }
  }
  check.path.passed = path_problem.empty();
  check.path.feedback = path_problem;

  // heuristic: every printed h matches its state.
  std::string heuristic_problem;
  int wrong = 0;
  int wrong_where_blank_counts = 0;
  for (const auto& step : steps) {
    if (!step.h || !puzzle.validate(step.state).empty()) continue;
    const int want = ref::evaluate(puzzle, step.state, heuristic);
    if (*step.h != want) {
      ++wrong;
      if (*step.h == ref::evaluate_counting_blank(puzzle, step.state, heuristic))
        ++wrong_where_blank_counts;
      if (heuristic_problem.empty()) {
        heuristic_problem =
            fmt::format("line {}: h of {} should be {} ({}), not {}", step.line_number,
                        python_list(step.state), want, expected.heuristic_name, *step.h);
      }
    }
  }
  if (wrong > 1) heuristic_problem += fmt::format(" ({} lines have a wrong h)", wrong);
  if (wrong > 0 && wrong == wrong_where_blank_counts) {
    heuristic_problem += puzzle.blank_count() == 1
                             ? "\nhint: each wrong h is what the heuristic gives when the blank "
                               "is counted as a tile: do not count the blank"
                             : "\nhint: each wrong h is what the heuristic gives when the blanks "
                               "are counted as tiles: do not count them";
  }
  if (steps.empty()) heuristic_problem = "no states were printed, so no h values could be checked";
  check.heuristic.passed = heuristic_problem.empty();
  check.heuristic.feedback = heuristic_problem;

  // format
  std::vector<std::string> format_problems;
  for (const auto& step : steps) {
    const std::string canonical =
        canonical_line(step.state, step.h.value_or(0), step.moves.value_or(0));
    if (!step.h || !step.moves || !same_up_to_whitespace(step.text, canonical)) {
      format_problems.push_back(
          fmt::format("line {}: `{}` should read `{}`", step.line_number, step.text,
                      canonical_line(step.state, step.h.value_or(0), step.moves.value_or(0))));
    }
  }
  for (const auto& line : solution.other_lines) {
    format_problems.push_back(fmt::format("line {}: unexpected line `{}`", line.number, line.text));
  }
  if (solution.max_queue) {
    const std::string canonical = fmt::format("Max queue length: {}", *solution.max_queue);
    if (expected.max_queue_line == MaxQueueLine::forbidden) {
      format_problems.push_back(fmt::format("line {}: the max queue length must not be printed",
                                            solution.max_queue_line_number));
    } else if (!same_up_to_whitespace(solution.max_queue_text, canonical)) {
      format_problems.push_back(fmt::format("line {}: `{}` should read `{}`",
                                            solution.max_queue_line_number, solution.max_queue_text,
                                            canonical));
    }
  } else if (expected.max_queue_line == MaxQueueLine::required) {
    format_problems.push_back("the last line must be `Max queue length: N`");
  }
  if (steps.empty()) format_problems.insert(format_problems.begin(), "no path lines were printed");
  check.format.passed = format_problems.empty();
  if (!format_problems.empty()) {
    check.format.feedback = format_problems.front();
    if (format_problems.size() > 1) {
      check.format.feedback +=
          fmt::format(" (and {} more line{} like it)", format_problems.size() - 1,
                      format_problems.size() == 2 ? "" : "s");
    }
  }

  check.max_queue = judge_max_queue(expected, solution);
  if (!check.max_queue.judged && solution.max_queue &&
      *solution.max_queue != static_cast<long long>(expected.reference_max_queue)) {
    check.notes.push_back(
        fmt::format("you printed Max queue length: {}; the assignment's PriorityQueue reaches {} "
                    "on this state{}",
                    *solution.max_queue, expected.reference_max_queue,
                    expected.max_queue_line == MaxQueueLine::optional ? " (not graded)" : ""));
  }
  return check;
}

}  // namespace sg
