#include "checkers/successor_listing_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "checkers/state_text.h"

namespace sg {
namespace {

struct PrintedSuccessor {
  int line_number = 0;
  std::string text;
  std::optional<ref::Tiles> state;
  std::optional<long long> h;
  /// No list at all ("print_succ started"): not an attempt at a successor. Only the format
  /// aspect judges it; the successors are judged on the other lines.
  bool chatter = false;
};

std::vector<PrintedSuccessor> read_printed(std::string_view printed) {
  std::vector<PrintedSuccessor> result;
  for (const auto& line : non_empty_lines(printed)) {
    PrintedSuccessor entry;
    entry.line_number = line.number;
    entry.text = line.text;
    entry.state = find_state_list(line.text);
    entry.h = find_named_int(line.text, "h");
    entry.chatter = !entry.state && line.text.find('[') == std::string::npos;
    result.push_back(std::move(entry));
  }
  return result;
}

bool move_wraps(const ref::TilePuzzle& puzzle, std::size_t blank_cell, ref::BlankMove move) {
  if (puzzle.topology() != ref::Topology::torus) return false;
  const int blank = static_cast<int>(blank_cell);
  const int row = blank / puzzle.cols();
  const int col = blank % puzzle.cols();
  switch (move) {
    case ref::BlankMove::up:
      return row == 0;
    case ref::BlankMove::down:
      return row == puzzle.rows() - 1;
    case ref::BlankMove::left:
      return col == 0;
    case ref::BlankMove::right:
      return col == puzzle.cols() - 1;
  }
  return false;
}

std::string join_lines(const std::vector<std::string>& lines, std::size_t max_items = 6) {
  std::string text;
  for (std::size_t i = 0; i < lines.size() && i < max_items; ++i) {
    if (!text.empty()) text += "\n";
    text += lines[i];
  }
  if (lines.size() > max_items) text += fmt::format("\n... and {} more", lines.size() - max_items);
  return text;
}

}  // namespace

std::string describe_move(const ref::TilePuzzle& puzzle, std::size_t blank_cell,
                          ref::BlankMove move) {
  const std::string direction = ref::to_string(move);
  const std::string blank =
      puzzle.blank_count() == 1
          ? std::string("the blank")
          : fmt::format("the blank on row {}, column {}",
                        blank_cell / static_cast<std::size_t>(puzzle.cols()) + 1,
                        blank_cell % static_cast<std::size_t>(puzzle.cols()) + 1);
  if (!move_wraps(puzzle, blank_cell, move)) return fmt::format("{} moves {}", blank, direction);
  switch (move) {
    case ref::BlankMove::up:
      return blank + " moves up from the top row and wraps around to the bottom row";
    case ref::BlankMove::down:
      return blank + " moves down from the bottom row and wraps around to the top row";
    case ref::BlankMove::left:
      return blank + " moves left from the first column and wraps around to the last column";
    case ref::BlankMove::right:
      return blank + " moves right from the last column and wraps around to the first column";
  }
  return direction;
}

SuccessorListingExpected expected_successor_listing(const ref::TilePuzzle& puzzle,
                                                    ref::Heuristic heuristic,
                                                    const ref::Tiles& parent, bool ascending,
                                                    const std::vector<ref::BlankMove>& move_order) {
  SuccessorListingExpected expected;
  expected.parent = parent;
  expected.heuristic_name = std::string(ref::to_string(heuristic));
  const auto successors =
      ascending ? puzzle.successors_ascending(parent) : puzzle.successors(parent, move_order);
  for (const auto& successor : successors) {
    expected.successors.push_back(
        {successor.state, ref::evaluate(puzzle, successor.state, heuristic), successor.move,
         move_wraps(puzzle, successor.blank_cell, successor.move), successor.blank_cell,
         ref::evaluate_counting_blank(puzzle, successor.state, heuristic)});
  }
  return expected;
}

std::string expected_listing_text(const SuccessorListingExpected& expected) {
  std::string text;
  for (const auto& successor : expected.successors) {
    if (!text.empty()) text += "\n";
    text += fmt::format("{} h={}", python_list(successor.state), successor.h);
  }
  return text;
}

SuccessorListingCheck check_successor_listing(const ref::TilePuzzle& puzzle,
                                              const SuccessorListingExpected& expected,
                                              std::string_view printed) {
  SuccessorListingCheck check;
  check.successors.aspect = "successors";
  check.order.aspect = "order";
  check.format.aspect = "format";
  check.expected_text = expected_listing_text(expected);

  const std::vector<PrintedSuccessor> all_lines = read_printed(printed);
  std::vector<PrintedSuccessor> lines;  // those that try to print a successor
  std::vector<std::string> chatter;
  for (const auto& line : all_lines) {
    if (line.chatter) {
      chatter.push_back(fmt::format("line {} (`{}`)", line.line_number, line.text));
    } else {
      lines.push_back(line);
    }
  }
  std::map<ref::Tiles, std::size_t> rank;
  for (std::size_t i = 0; i < expected.successors.size(); ++i)
    rank[expected.successors[i].state] = i;

  // successors: the right set, each once, each with the right h.
  std::vector<std::string> problems;
  std::map<ref::Tiles, int> seen_on_line;
  int wrong_h = 0;
  int wrong_h_as_if_blanks_counted = 0;
  for (const auto& line : lines) {
    if (!line.state) {
      problems.push_back(fmt::format("line {}: `{}` does not contain a state like {}",
                                     line.line_number, line.text, python_list(expected.parent)));
      continue;
    }
    const ref::Tiles& state = *line.state;
    if (const auto it = seen_on_line.find(state); it != seen_on_line.end()) {
      problems.push_back(fmt::format("line {}: {} is printed again (first on line {})",
                                     line.line_number, python_list(state), it->second));
      continue;
    }
    seen_on_line[state] = line.line_number;
    const auto expected_it = rank.find(state);
    if (expected_it == rank.end()) {
      const std::string invalid = puzzle.validate(state);
      if (!invalid.empty()) {
        problems.push_back(fmt::format("line {}: {} is not a state of this puzzle: {}",
                                       line.line_number, python_list(state), invalid));
      } else if (state == expected.parent) {
        problems.push_back(fmt::format("line {}: {} is the state itself, not a successor",
                                       line.line_number, python_list(state)));
      } else {
        problems.push_back(
            fmt::format("line {}: {} is not a successor of {}: no single move of {} leads there",
                        line.line_number, python_list(state), python_list(expected.parent),
                        puzzle.blank_count() == 1 ? "the blank" : "a tile into an empty square"));
      }
      continue;
    }
    const ExpectedSuccessor& want = expected.successors[expected_it->second];
    if (!line.h) {
      problems.push_back(fmt::format("line {}: no h value printed for {} (expected `h={}`)",
                                     line.line_number, python_list(state), want.h));
    } else if (*line.h != want.h) {
      ++wrong_h;
      if (*line.h == want.h_counting_blanks) ++wrong_h_as_if_blanks_counted;
      problems.push_back(fmt::format("line {}: h of {} should be {}, not {}", line.line_number,
                                     python_list(state), want.h, *line.h));
    }
  }
  for (const auto& want : expected.successors) {
    if (!seen_on_line.count(want.state)) {
      problems.push_back(fmt::format("missing successor {} ({})", python_list(want.state),
                                     describe_move(puzzle, want.blank_cell, want.move)));
    }
  }
  if (lines.empty())
    problems.insert(problems.begin(), all_lines.empty() ? "nothing was printed"
                                                        : "no line of the output holds a state");
  check.successors.passed = problems.empty();
  if (check.successors.passed && !chatter.empty()) {
    check.successors.feedback = fmt::format(
        "{} {} no state and {} not judged as a successor (only the format check counts it)",
        join_lines(chatter, 3), chatter.size() == 1 ? "holds" : "hold",
        chatter.size() == 1 ? "is" : "are");
  }
  if (!problems.empty()) {
    check.successors.feedback = join_lines(problems);
    if (wrong_h > 0 && wrong_h == wrong_h_as_if_blanks_counted) {
      check.successors.feedback += fmt::format(
          "\nhint: every wrong h is what the heuristic gives when {} counted as a tile: the "
          "heuristic ({}) must not count {}",
          puzzle.blank_count() == 1 ? "the blank is" : "each blank is", expected.heuristic_name,
          puzzle.blank_count() == 1 ? "the blank" : "the blanks");
    }
  }

  // order: the printed successors that are expected appear in the prescribed order.
  std::optional<std::pair<const PrintedSuccessor*, const PrintedSuccessor*>> inversion;
  const PrintedSuccessor* previous = nullptr;
  int ordered_count = 0;
  for (const auto& line : lines) {
    if (!line.state || !rank.count(*line.state)) continue;
    ++ordered_count;
    if (previous && rank[*line.state] < rank[*previous->state] && !inversion)
      inversion = {{previous, &line}};
    previous = &line;
  }
  if (ordered_count == 0) {
    check.order.passed = false;
    check.order.feedback = "no successor was printed, so their order cannot be checked";
  } else if (inversion) {
    check.order.passed = false;
    check.order.feedback = fmt::format(
        "line {}: {} is printed after {} (line {}), but successors must be printed in ascending "
        "order, "
        "as Python's sorted() orders the lists",
        inversion->second->line_number, python_list(*inversion->second->state),
        python_list(*inversion->first->state), inversion->first->line_number);
  } else {
    check.order.passed = true;
  }

  // format: each line is "<list> h=<n>" up to runs of whitespace; nothing else is printed.
  std::vector<std::string> format_problems;
  for (const auto& line : all_lines) {
    if (!line.state || !line.h) {
      format_problems.push_back(fmt::format("line {}: `{}` is not of the form `[1, 2, 3, ...] h=4`",
                                            line.line_number, line.text));
      continue;
    }
    const std::string canonical = fmt::format("{} h={}", python_list(*line.state), *line.h);
    if (!same_up_to_whitespace(line.text, canonical)) {
      format_problems.push_back(
          fmt::format("line {}: `{}` should read `{}`", line.line_number, line.text, canonical));
    }
  }
  check.format.passed = format_problems.empty() && !all_lines.empty();
  if (all_lines.empty()) format_problems.push_back("nothing was printed");
  if (!check.format.passed) check.format.feedback = join_lines(format_problems, 3);
  return check;
}

}  // namespace sg
