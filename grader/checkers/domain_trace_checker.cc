#include "checkers/domain_trace_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "checkers/state_text.h"

namespace sg {
namespace {

bool same_number(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

// The first problem, with a count of the others: "X (and 2 more lines like it)".
std::string first_of(const std::vector<std::string>& problems) {
  if (problems.empty()) return {};
  if (problems.size() == 1) return problems.front();
  return fmt::format("{} (and {} more line{} like it)", problems.front(), problems.size() - 1,
                     problems.size() == 2 ? "" : "s");
}

// The figures of one line: what `values` holds for each numeric field the template has, and the
// action. Returns the first wrong one as "h is 0, should be 253", or an empty string.
std::string wrong_figure(const LineTemplate& line, const LineFields& printed,
                         const std::map<std::string, double>& numbers, const std::string& action) {
  for (const std::string& field : line.fields()) {
    if (field == "state") continue;
    const std::string& text = printed.at(field);
    if (field == "action") {
      if (text != action) return fmt::format("the action is '{}', should be '{}'", text, action);
      continue;
    }
    const auto want = numbers.find(field);
    if (want == numbers.end()) continue;
    const std::optional<double> got = field_number(text);
    if (!got) return fmt::format("{} is '{}', not a number", field, text);
    if (!same_number(*got, want->second))
      return fmt::format("{} is {}, should be {}", field, text, number_text(want->second));
  }
  return {};
}

// The state a line out of format starts with, when the template starts with `{state}`: the
// shortest prefix (ending before a space or after a bracket) that reads as one, so a lenient
// reader cannot take the text after it too; with its text.
std::optional<std::pair<std::string, ref::State>> leading_state(const LineTemplate& line,
                                                                const StateNotation& notation,
                                                                std::string_view text) {
  if (line.text().rfind("{state}", 0) != 0) return std::nullopt;
  const std::size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return std::nullopt;
  text.remove_prefix(begin);
  for (std::size_t end = 1; end <= text.size(); ++end) {
    const bool boundary = end == text.size() || text[end] == ' ' || text[end] == '\t' ||
                          text[end - 1] == ']' || text[end - 1] == ')';
    if (!boundary) continue;
    const std::string_view prefix = text.substr(0, end);
    if (const auto state = notation.read(prefix)) return std::pair(std::string(prefix), *state);
  }
  return std::nullopt;
}

// The problems one per line, at most `max_items`: "X\nY\n... and 3 more".
std::string each_line(const std::vector<std::string>& problems, std::size_t max_items = 6) {
  std::string text;
  for (std::size_t i = 0; i < problems.size() && i < max_items; ++i) {
    if (!text.empty()) text += '\n';
    text += problems[i];
  }
  if (problems.size() > max_items)
    text += fmt::format("\n... and {} more", problems.size() - max_items);
  return text;
}

// An h a student printed that is not the domain's, with the state it was printed for.
struct WrongH {
  ref::State state;
  double printed = 0.0;
};

// The hint of the domain's slip that explains every wrong h, or an empty string.
std::string slip_hint(const DomainHints& hints, const std::vector<WrongH>& wrong) {
  if (wrong.empty()) return {};
  for (const DomainHints::HeuristicSlip& slip : hints.heuristic_slips) {
    const bool explains_all = std::all_of(wrong.begin(), wrong.end(), [&](const WrongH& each) {
      return same_number(slip.h(each.state), each.printed);
    });
    if (explains_all) return "hint: " + slip.hint;
  }
  return {};
}

// The printed h of a line whose template has one, when it is a number other than `want`.
std::optional<WrongH> wrong_h(const LineTemplate& line, const LineFields& printed,
                              const ref::State& state, double want) {
  if (!line.has("h")) return std::nullopt;
  const std::optional<double> got = field_number(printed.at("h"));
  if (!got || same_number(*got, want)) return std::nullopt;
  return WrongH{state, *got};
}

// The line as the template lays it out, its state written as the domain writes it ("[1, 2, 3,
// ...]" for a numpy array's "[1 2 3 ...]", "Arad" for "'Arad'") and its figures as printed, when
// the printed line is out of layout or its state differs beyond runs of whitespace; else an empty
// string.
std::string laid_out_line(const LineTemplate& line, const LineFields& printed,
                          const std::optional<ref::State>& state, const StateNotation& notation,
                          bool in_layout) {
  LineFields canonical = printed;
  if (state) canonical["state"] = notation.show(*state);
  if (in_layout && (!state || same_up_to_whitespace(printed.at("state"), canonical["state"])))
    return {};
  return line.render(canonical);
}

LineFields rendered(const std::string& state, const std::map<std::string, double>& numbers,
                    const std::string& action) {
  LineFields fields{{"state", state}, {"action", action}};
  for (const auto& [name, value] : numbers) fields[name] = number_text(value);
  return fields;
}

std::map<std::string, double> listing_numbers(const ref::Problem& problem, const ref::Step& step) {
  const double h = problem.h(step.state);
  return {{"cost", step.cost}, {"g", step.cost}, {"h", h}, {"f", step.cost + h}};
}

}  // namespace

const std::vector<std::string>& listing_fields() {
  static const std::vector<std::string> fields = {"state", "action", "cost", "g", "h", "f"};
  return fields;
}

const std::vector<std::string>& path_fields() {
  static const std::vector<std::string> fields = {"state", "action", "cost", "g",
                                                  "h",     "f",      "depth"};
  return fields;
}

const std::vector<std::string>& last_line_fields() {
  static const std::vector<std::string> fields = {"max_frontier"};
  return fields;
}

std::string expected_listing_text(const ref::Problem& problem,
                                  const DomainListingExpected& expected,
                                  const StateNotation& notation) {
  std::string text;
  for (const ref::Step& step : expected.successors) {
    text += expected.line.render(
        rendered(notation.show(step.state), listing_numbers(problem, step), step.action));
    text += '\n';
  }
  return text;
}

DomainListingCheck check_domain_listing(const ref::Problem& problem,
                                        const DomainListingExpected& expected,
                                        const StateNotation& notation, std::string_view printed) {
  DomainListingCheck check;
  check.successors.aspect = "successors";
  check.order.aspect = "order";
  check.format.aspect = "format";
  check.expected_text = expected_listing_text(problem, expected, notation);
  const std::string parent = notation.show(expected.parent);

  std::vector<std::string> format_problems, successor_problems;
  std::vector<ref::State> printed_order;        // expected states, in the order printed
  std::map<ref::State, int> seen_on;            // state -> line it was first printed on
  std::map<ref::State, int> non_successors_on;  // the same for states that are no successor
  std::vector<WrongH> wrong_hs;
  std::vector<std::string> chatter;  // lines with no state at all ("print_succ started")
  for (const NumberedLine& line : non_empty_lines(printed)) {
    const bool in_layout = expected.line.match(line.text).has_value();
    const std::optional<LineFields> fields = expected.line.read(line.text);
    if (!fields) {
      format_problems.push_back(fmt::format("line {}: `{}` does not read as `{}`", line.number,
                                            line.text, expected.line.text()));
      if (!leading_state(expected.line, notation, line.text))
        chatter.push_back(fmt::format("line {} (`{}`)", line.number, line.text));
      continue;
    }
    const std::string& state_text = fields->at("state");
    const std::optional<ref::State> state = notation.read(state_text);
    const auto step = std::find_if(expected.successors.begin(), expected.successors.end(),
                                   [&](const ref::Step& s) { return state && s.state == *state; });
    if (step == expected.successors.end()) {
      if (state) {
        const auto [first, added] = non_successors_on.emplace(*state, line.number);
        if (!added) {
          successor_problems.push_back(
              fmt::format("line {}: {} is printed again (first on line {})", line.number,
                          state_text, first->second));
          continue;
        }
      }
      successor_problems.push_back(
          state && *state == expected.parent
              ? fmt::format("line {}: {} is the state itself, not a successor", line.number,
                            state_text)
              : fmt::format("line {}: {} is not a successor of {}", line.number, state_text,
                            parent));
      continue;
    }
    if (const auto first = seen_on.find(step->state); first != seen_on.end()) {
      successor_problems.push_back(fmt::format("line {}: {} is printed again (first on line {})",
                                               line.number, state_text, first->second));
      continue;
    }
    if (const std::string canonical =
            laid_out_line(expected.line, *fields, state, notation, in_layout);
        !canonical.empty())
      format_problems.push_back(
          fmt::format("line {}: `{}` should read `{}`", line.number, line.text, canonical));
    seen_on[step->state] = line.number;
    printed_order.push_back(step->state);
    const std::map<std::string, double> numbers = listing_numbers(problem, *step);
    const std::string wrong = wrong_figure(expected.line, *fields, numbers, step->action);
    if (!wrong.empty())
      successor_problems.push_back(fmt::format("line {}: {}: {}", line.number, state_text, wrong));
    if (const auto h = wrong_h(expected.line, *fields, step->state, numbers.at("h")))
      wrong_hs.push_back(*h);
  }
  std::vector<std::string> missing;
  for (const ref::Step& step : expected.successors) {
    if (seen_on.count(step.state)) continue;
    missing.push_back(expected.hints.describe_step
                          ? fmt::format("{} ({})", notation.show(step.state),
                                        expected.hints.describe_step(expected.parent, step))
                          : notation.show(step.state));
  }
  if (!missing.empty()) {
    successor_problems.insert(
        successor_problems.begin(),
        fmt::format("{} successor{} of {} {} not printed: {}", missing.size(),
                    missing.size() == 1 ? "" : "s", parent, missing.size() == 1 ? "is" : "are",
                    fmt::join(missing, ", ")));
  }
  check.successors.passed = successor_problems.empty();
  check.successors.feedback = each_line(successor_problems);
  if (check.successors.passed && !chatter.empty())
    check.successors.feedback = fmt::format(
        "{} {} no state and {} not judged as a successor (only the format check counts it)",
        fmt::join(chatter.begin(), chatter.begin() + std::min<std::ptrdiff_t>(3, chatter.size()),
                  ", "),
        chatter.size() == 1 ? "holds" : "hold", chatter.size() == 1 ? "is" : "are");
  if (const std::string hint = slip_hint(expected.hints, wrong_hs); !hint.empty())
    check.successors.feedback += "\n" + hint;

  // Order: the first successor printed after one that should follow it.
  std::map<ref::State, std::size_t> rank;
  for (std::size_t i = 0; i < expected.successors.size(); ++i)
    rank.emplace(expected.successors[i].state, i);
  check.order.passed = true;
  check.order.judged = !printed_order.empty();
  for (std::size_t i = 1; i < printed_order.size(); ++i) {
    const ref::State& before = printed_order[i - 1];
    const ref::State& after = printed_order[i];
    if (rank.at(after) > rank.at(before)) continue;
    check.order.passed = false;
    check.order.feedback =
        fmt::format("line {}: {} is printed after {} (line {}), but successors must be printed {}",
                    seen_on.at(after), notation.show(after), notation.show(before),
                    seen_on.at(before), expected.order_name);
    break;
  }
  check.format.passed = format_problems.empty();
  check.format.feedback = first_of(format_problems);
  return check;
}

std::string expected_path_text(const ref::Problem& problem, const DomainPathExpected& expected,
                               const StateNotation& notation) {
  std::string text;
  double g = 0.0;
  for (std::size_t i = 0; i < expected.reference_path.size(); ++i) {
    const ref::State& state = expected.reference_path[i];
    std::string action;
    double cost = 0.0;
    if (i > 0) {
      const auto step = problem.step_between(expected.reference_path[i - 1], state);
      action = step ? step->action : "?";
      cost = step ? step->cost : 0.0;
      g += cost;
    }
    const double h = problem.h(state);
    text += expected.line.render(rendered(
        notation.show(state),
        {{"cost", cost}, {"g", g}, {"h", h}, {"f", g + h}, {"depth", static_cast<double>(i)}},
        action));
    text += '\n';
  }
  if (expected.last_line) {
    text += expected.last_line->render(
        {{"max_frontier", std::to_string(expected.reference_max_frontier)}});
    if (expected.last_line_rule == MaxQueueLine::optional &&
        expected.max_queue_judgement == QueueCountJudgement::feedback)
      text += "   (this line is optional)";
    text += '\n';
  }
  return text;
}

DomainPathCheck check_domain_path(const ref::Problem& problem, const DomainPathExpected& expected,
                                  const StateNotation& notation, std::string_view printed) {
  DomainPathCheck check;
  check.path.aspect = "path";
  check.heuristic.aspect = "heuristic";
  check.format.aspect = "format";
  check.max_queue.aspect = "max_queue";
  check.expected_text = expected_path_text(problem, expected, notation);

  struct PathLine {
    int number = 0;
    LineFields fields;
    std::optional<ref::State> state;
    std::string text;                // the line as printed
    bool figures_read = true;        // false: only the state was read, from a line out of format
    std::size_t format_problem = 0;  // its entry in format_problems, when !figures_read
  };
  std::vector<PathLine> lines;
  std::vector<std::string> format_problems;
  std::optional<NumberedLine> last_line;
  std::optional<double> count;
  const std::vector<NumberedLine> all = non_empty_lines(printed);
  for (const NumberedLine& line : all) {
    if (expected.last_line) {
      if (const auto fields = expected.last_line->read(line.text)) {
        if (!expected.last_line->match(line.text))
          format_problems.push_back(fmt::format("line {}: `{}` should read `{}`", line.number,
                                                line.text, expected.last_line->render(*fields)));
        if (last_line) {
          format_problems.push_back(
              fmt::format("line {}: `{}` is printed a second time", line.number, line.text));
        }
        last_line = line;
        count = field_number(fields->at("max_frontier"));
        if (expected.last_line_rule == MaxQueueLine::forbidden)
          format_problems.push_back(
              fmt::format("line {}: `{}` must not be printed", line.number, line.text));
        continue;
      }
    }
    const bool in_layout = expected.line.match(line.text).has_value();
    const std::optional<LineFields> fields = expected.line.read(line.text);
    if (!fields) {
      format_problems.push_back(fmt::format("line {}: `{}` does not read as `{}`", line.number,
                                            line.text, expected.line.text()));
      // The path is judged apart from the format: a line that starts with a state still counts.
      if (const auto state = leading_state(expected.line, notation, line.text))
        lines.push_back({line.number,
                         {{"state", state->first}},
                         state->second,
                         line.text,
                         false,
                         format_problems.size() - 1});
      continue;
    }
    if (last_line)
      format_problems.push_back(fmt::format("line {}: a path line after `{}`, which must come last",
                                            line.number, last_line->text));
    const std::optional<ref::State> state = notation.read(fields->at("state"));
    if (const std::string canonical =
            laid_out_line(expected.line, *fields, state, notation, in_layout);
        !canonical.empty())
      format_problems.push_back(
          fmt::format("line {}: `{}` should read `{}`", line.number, line.text, canonical));
    lines.push_back({line.number, *fields, state, line.text});
  }
  if (expected.last_line && !last_line && expected.last_line_rule == MaxQueueLine::required)
    format_problems.push_back(
        fmt::format("the last line must be `{}`", expected.last_line->text()));
  if (lines.empty()) format_problems.push_back("no path lines were printed");

  // path: a walk from the start to a goal along the domain's actions, as cheap as the optimum.
  std::string path_problem;
  double cost = 0.0;
  std::vector<ref::State> walked;
  std::vector<std::optional<ref::Step>> steps;  // the step into each line (none at the start)
  for (std::size_t i = 0; i < lines.size() && path_problem.empty(); ++i) {
    const PathLine& line = lines[i];
    const std::string& text = line.fields.at("state");
    if (!line.state) {
      path_problem = fmt::format("line {}: {} is not a state of this problem", line.number, text);
      break;
    }
    if (i == 0) {
      if (*line.state != problem.initial_state())
        path_problem = fmt::format("line {}: the path must start at {}, not {}", line.number,
                                   notation.show(problem.initial_state()), text);
      steps.push_back(std::nullopt);
    } else {
      const auto step = problem.step_between(*lines[i - 1].state, *line.state);
      if (!step) {
        path_problem = fmt::format("line {}: no action leads from {} to {}", line.number,
                                   lines[i - 1].fields.at("state"), text);
      } else {
        cost += step->cost;
      }
      steps.push_back(step);
    }
    walked.push_back(*line.state);
  }
  // The path's numbering ("moves: 0", "moves: 1", ...) is the path's: a count off by one
  // misnumbers every line.
  const auto numbering_problem = [&]() -> std::string {
    if (!expected.line.has("depth")) return {};
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (!lines[i].figures_read) continue;
      const std::optional<double> depth = field_number(lines[i].fields.at("depth"));
      if (depth && !same_number(*depth, static_cast<double>(i)))
        return fmt::format("line {}: {} should be {} (the number of {}s from the start), not {}",
                           lines[i].number, expected.line.label_of("depth"), i,
                           expected.hints.step_word.empty() ? "step" : expected.hints.step_word,
                           lines[i].fields.at("depth"));
    }
    return {};
  };
  if (path_problem.empty() && !lines.empty()) {
    if (!problem.is_goal(walked.back())) {
      path_problem = fmt::format("line {}: the path ends at {}, which is not a goal",
                                 lines.back().number, lines.back().fields.at("state"));
    } else if (!same_number(cost, expected.optimal_cost)) {
      const std::string& step = expected.hints.step_word;
      path_problem = step.empty()
                         ? fmt::format("the path costs {}; the cheapest costs {}",
                                       number_text(cost), number_text(expected.optimal_cost))
                         : fmt::format("your path takes {} {}s, but the shortest takes {}",
                                       number_text(cost), step, number_text(expected.optimal_cost));
      if (!expected.optimality.empty()) path_problem += ": " + expected.optimality;
    } else if (const std::string numbering = numbering_problem(); !numbering.empty()) {
      path_problem = numbering;
    } else if (walked != expected.reference_path) {
      std::size_t first = 0;
      while (first < walked.size() && first < expected.reference_path.size() &&
             walked[first] == expected.reference_path[first])
        ++first;
      const std::string where = fmt::format(
          "your path leaves the reference's at line {} ({} where the reference has {}); both are "
          "{} paths",
          lines[std::min(first, lines.size() - 1)].number,
          first < walked.size() ? notation.show(walked[first]) : "its end",
          first < expected.reference_path.size() ? notation.show(expected.reference_path[first])
                                                 : "its end",
          expected.hints.step_word.empty() ? "cheapest" : "shortest");
      if (expected.exact_path)
        path_problem = where +
                       ", but this test demands the exact path the assignment's search finds (see "
                       "the expected output)";
      else
        check.notes.push_back(where + " (accepted: another tie-breaking)");
    }
  }
  if (lines.empty()) path_problem = "no path was printed";
  check.path.passed = path_problem.empty();
  check.path.feedback = path_problem;

  // heuristic: every printed figure right for its line.
  std::vector<std::string> figure_problems;
  std::vector<WrongH> wrong_hs;
  double g = 0.0;
  for (std::size_t i = 0; i < lines.size() && i < steps.size(); ++i) {
    if (!lines[i].state) break;
    const double step_cost = steps[i] ? steps[i]->cost : 0.0;
    if (i > 0 && !steps[i]) break;  // past the first illegal step, g means nothing
    g += step_cost;
    const double h = problem.h(*lines[i].state);
    const std::map<std::string, double> figures = {
        {"cost", step_cost}, {"g", g}, {"h", h}, {"f", g + h}, {"depth", static_cast<double>(i)}};
    const std::string action = steps[i] ? steps[i]->action : "";
    if (!lines[i].figures_read) {
      // Show the line as it should read, its figures the reference's.
      format_problems[lines[i].format_problem] =
          fmt::format("line {}: `{}` should read `{}`", lines[i].number, lines[i].text,
                      expected.line.render(rendered(lines[i].fields.at("state"), figures, action)));
      figure_problems.push_back(fmt::format("line {}: its figures do not read as `{}`",
                                            lines[i].number, expected.line.text()));
      continue;
    }
    std::map<std::string, double> judged = figures;
    judged.erase("depth");  // the path's numbering: judged with the path
    const std::string wrong = wrong_figure(expected.line, lines[i].fields, judged, action);
    if (!wrong.empty())
      figure_problems.push_back(
          fmt::format("line {}: {}: {}", lines[i].number, lines[i].fields.at("state"), wrong));
    if (const auto wrong_estimate = wrong_h(expected.line, lines[i].fields, *lines[i].state, h))
      wrong_hs.push_back(*wrong_estimate);
  }
  check.heuristic.passed = figure_problems.empty();
  check.heuristic.feedback = first_of(figure_problems);
  if (const std::string hint = slip_hint(expected.hints, wrong_hs); !hint.empty())
    check.heuristic.feedback += "\n" + hint;
  // format: judged last, as a line out of format is shown as it should read once its figures
  // are known.
  if (lines.empty())
    std::rotate(format_problems.begin(), format_problems.end() - 1,
                format_problems.end());  // "no path lines" first
  check.format.passed = format_problems.empty();
  check.format.feedback = first_of(format_problems);
  if (lines.empty()) {
    check.heuristic.passed = false;
    check.heuristic.feedback = "no states were printed, so no figures could be checked";
  }

  // max_queue
  if (expected.max_queue_judgement == QueueCountJudgement::feedback || !expected.last_line) {
    check.max_queue.judged = false;
    check.max_queue.feedback = "not judged: the spec shows the max queue length as feedback only";
    if (count && !same_number(*count, static_cast<double>(expected.reference_max_frontier)))
      check.notes.push_back(
          fmt::format("you printed `{}`; the reference's frontier reaches {} "
                      "(not graded)",
                      last_line->text, expected.reference_max_frontier));
  } else if (!count) {
    check.max_queue.feedback = fmt::format("no line reads as `{}`", expected.last_line->text());
  } else {
    const bool exact = expected.max_queue_judgement == QueueCountJudgement::exact;
    const double low =
        static_cast<double>(exact ? expected.reference_max_frontier : expected.max_frontier_low);
    const double high =
        static_cast<double>(exact ? expected.reference_max_frontier : expected.max_frontier_high);
    const std::string reach = low == high ? fmt::format("reaches {}", number_text(low))
                                          : fmt::format(
                                                "reaches {} to {}, whichever frontier the "
                                                "handout allows it keeps (a lower g updated in "
                                                "place or pushed again, closed states skipped "
                                                "before or after the push, either tie-break)",
                                                number_text(low), number_text(high));
    if (*count < 1) {
      check.max_queue.feedback = fmt::format(
          "line {}: {} {} cannot be a frontier's largest length: the start alone puts one entry "
          "on the frontier (a correct {} on this state {})",
          last_line->number, expected.last_line->label_of("max_frontier"), number_text(*count),
          expected.algorithm_title, reach);
    } else if (*count < low || *count > high) {
      check.max_queue.feedback =
          fmt::format("line {}: you printed `{}`; a correct {} on this state {}", last_line->number,
                      last_line->text, expected.algorithm_title, reach);
    } else {
      check.max_queue.passed = true;
    }
  }
  return check;
}

}  // namespace sg
