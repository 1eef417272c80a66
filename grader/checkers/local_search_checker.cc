#include "checkers/local_search_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "checkers/python_value.h"
#include "checkers/state_text.h"

namespace sg {
namespace {

std::string quoted(const std::string& text) { return "`" + text + "`"; }

// A returned value read as a state: a list (or tuple) of ints.
std::optional<ref::LocalState> returned_state(const nlohmann::json& value) {
  return as_int_list(value);
}

std::string path_text(const LineTemplate& line, const ref::LocalSpace& space,
                      const ref::HillClimbRun& run) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < run.path.size(); ++i)
    lines.push_back("  " + local_line_text(line, space, run.path[i], run.values[i]));
  return fmt::format("{}", fmt::join(lines, "\n"));
}

// Why `state` is not where the climb goes from `previous`: the space's choice named.
std::string wrong_step(const ref::LocalSpace& space, const ref::HillClimbOptions& options,
                       const PrintedLocalState& printed, const ref::LocalState& previous,
                       const ref::LocalState& expected, const LineTemplate& line,
                       const std::string& name) {
  const std::vector<ref::LocalState> neighbours = space.neighbours(previous);
  const bool is_neighbour =
      std::find(neighbours.begin(), neighbours.end(), printed.state) != neighbours.end() ||
      printed.state == previous;
  const double expected_value = space.value(expected);
  const std::string chosen = local_line_text(line, space, expected, expected_value);
  if (!is_neighbour)
    return fmt::format("{}: {} is not a successor of the line before ({}); the climb moves to {}",
                       printed_line_ref(printed), space.text(printed.state), space.text(previous),
                       chosen);
  const double value = space.value(printed.state);
  if (value == expected_value)
    return fmt::format(
        "{}: the states tied at {}={} are broken toward the {}: the climb moves to {}",
        printed_line_ref(printed), name, number_text(value),
        options.tie == ref::ClimbTie::lowest_state ? "lowest state (sorted order)"
                                                   : "first one generated",
        chosen);
  return fmt::format("{}: but {} has {}={}{}; the climb moves to it", printed_line_ref(printed),
                     space.text(expected), name, number_text(expected_value),
                     expected == previous ? " (the state before it, which competes too)" : "");
}

// Why the climb does not stop after the state with `value` that follows `previous_value`.
std::string goes_on_reason(const ref::HillClimbOptions& options, double value,
                           double previous_value, bool first, const std::string& name) {
  if (options.stop == ref::ClimbStop::equal_values)
    return first ? fmt::format("{}={} is not {}", name, number_text(value),
                               options.target ? number_text(*options.target) : "the target")
                 : fmt::format("{}={} differs from the line before ({}) and is not {}", name,
                               number_text(value), number_text(previous_value),
                               options.target ? number_text(*options.target) : "the target");
  return fmt::format("a neighbour is still better than {}={}", name, number_text(value));
}

std::string stop_reason(const ref::HillClimbRun& run, const ref::HillClimbOptions& options,
                        const std::string& name) {
  const double last = run.values.back();
  if (options.target && last == *options.target)
    return fmt::format("it reached {}={}", name, number_text(last));
  if (run.capped) return "the step cap";
  if (run.path.size() >= 2 && options.stop == ref::ClimbStop::equal_values)
    return fmt::format("two consecutive states have {}={}", name, number_text(last));
  return "no neighbour is better";
}

}  // namespace

// "line 3 `[0, 1, 2] - f=3`"
std::string printed_line_ref(const PrintedLocalState& printed) {
  return fmt::format("line {} {}", printed.line, quoted(printed.text));
}

// The value check of one printed line: "" when it is right.
std::string printed_value_problem(const ref::LocalSpace& space, const PrintedLocalState& printed,
                                  const std::string& name) {
  const double value = space.value(printed.state);
  if (!printed.value)
    return fmt::format("{} shows no {} (the state's is {})", printed_line_ref(printed), name,
                       number_text(value));
  if (*printed.value != value)
    return fmt::format("{}: {} of {} is {}, not {}", printed_line_ref(printed), name,
                       space.text(printed.state), number_text(value), number_text(*printed.value));
  return "";
}

// The value's name in feedback: the words before {value} in the line template ("f").
std::string printed_value_name(const LineTemplate& line) {
  std::string label = line.label_of("value");
  const auto last_space = label.find_last_of(" -");
  if (last_space != std::string::npos) label = label.substr(last_space + 1);
  return label.empty() ? std::string("value") : label;
}

std::string local_line_text(const LineTemplate& line, const ref::LocalSpace& space,
                            const ref::LocalState& state, double value) {
  return line.render({{"state", space.text(state)}, {"value", number_text(value)}});
}

std::vector<PrintedLocalState> read_printed_states(std::string_view output,
                                                   const LineTemplate& line) {
  std::vector<PrintedLocalState> printed;
  for (const NumberedLine& numbered : non_empty_lines(output)) {
    PrintedLocalState entry;
    entry.line = numbered.number;
    entry.text = numbered.text;
    const auto trimmed_end = entry.text.find_last_not_of(" \t");
    entry.text = entry.text.substr(0, trimmed_end + 1);
    std::optional<std::vector<int>> state;
    if (const auto fields = line.read(numbered.text)) {
      if (fields->count("state")) state = find_state_list(fields->at("state"));
      if (fields->count("value")) entry.value = field_number(fields->at("value"));
    }
    if (!state) {
      state = find_state_list(numbered.text);
      entry.value.reset();
    }
    if (!state) continue;
    entry.state = std::move(*state);
    printed.push_back(std::move(entry));
  }
  return printed;
}

NeighboursCheck check_neighbours(const ref::LocalSpace& space, const ref::LocalState& state,
                                 const nlohmann::json& returned, const std::string& call,
                                 NeighbourOrder order) {
  NeighboursCheck check;
  const std::vector<ref::LocalState> expected = space.neighbours(state);
  std::vector<std::string> expected_texts;
  for (const auto& neighbour : expected) expected_texts.push_back(space.text(neighbour));
  const std::string expected_list = fmt::format("[{}]", fmt::join(expected_texts, ", "));
  std::string normalised;
  const auto items = as_sequence(returned, &normalised);
  std::vector<ref::LocalState> got;
  bool readable = items.has_value();
  if (readable)
    for (const auto& item : *items) {
      const auto one = returned_state(item);
      if (!one) {
        readable = false;
        break;
      }
      got.push_back(*one);
    }
  if (!readable) {
    check.value.feedback = fmt::format("`{}` returned {}; expected a list of states: {}", call,
                                       python_repr(returned), expected_list);
    check.order.feedback = "not judged: no list of states was returned";
    return check;
  }
  if (!normalised.empty())
    check.value.notes.push_back(fmt::format("{} returned {}, read as a list", call, normalised));

  std::vector<ref::LocalState> sorted_got = got, sorted_expected = expected;
  std::sort(sorted_got.begin(), sorted_got.end());
  std::sort(sorted_expected.begin(), sorted_expected.end());
  if (sorted_got == sorted_expected) {
    check.value.passed = true;
  } else {
    std::vector<ref::LocalState> extra_states, missing_states;
    std::set_difference(sorted_got.begin(), sorted_got.end(), sorted_expected.begin(),
                        sorted_expected.end(), std::back_inserter(extra_states));
    std::set_difference(sorted_expected.begin(), sorted_expected.end(), sorted_got.begin(),
                        sorted_got.end(), std::back_inserter(missing_states));
    std::vector<std::string> parts;
    if (!extra_states.empty()) {
      const ref::LocalState& first = extra_states.front();
      const std::string why = space.why_not_state(first);
      parts.push_back(fmt::format("{} {} not {}: e.g. {}{}", extra_states.size(),
                                  extra_states.size() == 1 ? "state is" : "states are",
                                  expected.empty() ? "expected (none is)" : "a successor",
                                  space.text(first), why.empty() ? "" : fmt::format(" ({})", why)));
    }
    if (!missing_states.empty())
      parts.push_back(fmt::format("{} {} missing: e.g. {}", missing_states.size(),
                                  missing_states.size() == 1 ? "successor is" : "successors are",
                                  space.text(missing_states.front())));
    if (extra_states.empty() && missing_states.empty())
      parts.push_back("a state is listed more than once");
    const std::string why_none = space.why_not_state(state);
    check.value.feedback =
        fmt::format("`{}` returned {} states; expected {}{}: {}", call, got.size(), expected.size(),
                    why_none.empty() ? "" : fmt::format(" ({}: no successors)", why_none),
                    fmt::join(parts, "; "));
  }
  if (order == NeighbourOrder::space) {
    // The states both lists hold, each in its own list's order, must be the same sequence.
    const auto common = [](const std::vector<ref::LocalState>& from,
                           const std::vector<ref::LocalState>& other) {
      std::vector<ref::LocalState> kept;
      for (const auto& one : from)
        if (std::find(other.begin(), other.end(), one) != other.end() &&
            std::find(kept.begin(), kept.end(), one) == kept.end())
          kept.push_back(one);
      return kept;
    };
    const std::vector<ref::LocalState> listed = common(got, expected);
    const std::vector<ref::LocalState> due = common(expected, got);
    const auto [at, _] = std::mismatch(listed.begin(), listed.end(), due.begin(), due.end());
    check.order.passed = at == listed.end();
    if (!check.order.passed)
      check.order.feedback = fmt::format(
          "`{}` returned the states in another order: {} where {} comes first in the "
          "handout's order: {}",
          call, space.text(*at), space.text(due[static_cast<std::size_t>(at - listed.begin())]),
          expected_list);
    return check;
  }
  const auto unsorted = std::is_sorted_until(got.begin(), got.end());
  if (unsorted == got.end()) {
    check.order.passed = true;
  } else {
    check.order.feedback = fmt::format(
        "`{}` returned the states out of order: {} comes after {}; expected them "
        "sorted as Python's sorted() lists them",
        call, space.text(*unsorted), space.text(*(unsorted - 1)));
  }
  return check;
}

FunctionCallCheck check_returned_state(const ref::LocalSpace& space,
                                       const std::optional<ref::LocalState>& expected,
                                       const nlohmann::json& returned, const std::string& call,
                                       const std::string& why) {
  FunctionCallCheck check;
  const std::string expected_text = expected ? space.text(*expected) : "None";
  if (!expected) {
    check.passed = returned.is_null();
    if (!check.passed)
      check.feedback =
          fmt::format("`{}` returned {}; expected None: {}", call, python_repr(returned), why);
    return check;
  }
  std::string normalised;
  const auto got = as_int_list(returned, &normalised);
  check.passed = got && *got == *expected;
  const bool space_tuples = space.text(*expected).front() == '(';  // the rules' own tuples
  if (check.passed && !normalised.empty() && !(space_tuples && normalised == "a tuple"))
    check.notes.push_back(fmt::format("{} returned {}, read as a list", call, normalised));
  if (!check.passed)
    check.feedback = fmt::format("`{}` returned {}; expected {}: {}", call, python_repr(returned),
                                 expected_text, why);
  return check;
}

ClimbCheck check_climb(const ref::LocalSpace& space, const ref::HillClimbOptions& options,
                       const ref::LocalState& start, const std::vector<PrintedLocalState>& printed,
                       const nlohmann::json& returned, const LineTemplate& line,
                       const std::string& call) {
  ClimbCheck check;
  const std::string name = printed_value_name(line);
  const ref::HillClimbRun run = ref::hill_climb(space, start, options);
  const std::string expected_path = path_text(line, space, run);
  const std::size_t length = run.path.size();
  const std::string reason = stop_reason(run, options, name);

  check.returned = check_returned_state(space, run.path.back(), returned, call,
                                        fmt::format("the climb's last state ({})", reason));

  // The readings the handout leaves open: a last state equal to the one before printed once,
  // a start already at the target printed twice.
  const bool may_drop_repeat = length >= 2 && run.path[length - 1] == run.path[length - 2];
  const bool may_repeat_start = length == 1;

  std::string problem;
  if (printed.empty()) problem = fmt::format("`{}` printed no state", call);
  for (std::size_t i = 0; i < printed.size() && problem.empty(); ++i) {
    const PrintedLocalState& shown = printed[i];
    if (i == 0 && shown.state != start) {
      problem = fmt::format("{}: the climb starts from the initial state, {}",
                            printed_line_ref(shown), space.text(start));
      break;
    }
    if (const std::string why = space.why_not_state(shown.state); !why.empty()) {
      problem = fmt::format("{}: {} is not a state of this problem: {}", printed_line_ref(shown),
                            space.text(shown.state), why);
      break;
    }
    if (const std::string wrong = printed_value_problem(space, shown, name); !wrong.empty()) {
      problem = wrong;
      break;
    }
    if (i == 0) continue;
    const ref::LocalState& previous = printed[i - 1].state;
    if (i < length) {
      if (shown.state != run.path[i])
        problem = wrong_step(space, options, shown, previous, run.path[i], line, name);
      continue;
    }
    if (i == 1 && may_repeat_start && shown.state == start) continue;
    problem = fmt::format("{}: the climb stops at line {} ({}), where {}", printed_line_ref(shown),
                          printed[length - 1].line, quoted(printed[length - 1].text), reason);
  }
  if (problem.empty() && printed.size() < length &&
      !(may_drop_repeat && printed.size() == length - 1)) {
    const std::size_t k = printed.size();  // the climb goes on to run.path[k]
    problem = fmt::format(
        "the climb stops after {}, but it goes on: {}; next comes {}",
        printed_line_ref(printed.back()),
        goes_on_reason(options, run.values[k - 1], k >= 2 ? run.values[k - 2] : 0.0, k == 1, name),
        local_line_text(line, space, run.path[k], run.values[k]));
  }
  if (problem.empty()) {
    check.path.passed = true;
    if (printed.size() != length)
      check.path.notes.push_back(
          printed.size() < length
              ? fmt::format("{}: the last state, the one choose_next returned for itself, is "
                            "printed once (the handout allows it)",
                            call)
              : fmt::format("{}: the start, already at {}={}, is printed twice (the handout "
                            "allows it)",
                            call, name, number_text(run.values[0])));
    return check;
  }
  check.path.feedback = fmt::format("{}\nexpected the climb:\n{}", problem, expected_path);
  return check;
}

FunctionCallCheck check_restart_results(const ref::LocalSpace& space,
                                        const ref::HillClimbOptions& options,
                                        const std::vector<PrintedLocalState>& printed,
                                        const LineTemplate& line, const std::string& call) {
  FunctionCallCheck check;
  const std::string name = printed_value_name(line);
  const auto fail = [&](std::string why) {
    check.feedback = fmt::format("`{}`: {}", call, why);
    return check;
  };
  if (printed.empty()) return fail("printed no state; expected the best state found");
  for (const PrintedLocalState& shown : printed) {
    if (const std::string why = space.why_not_state(shown.state); !why.empty())
      return fail(fmt::format("{}: {} is not a state of this problem: {}", printed_line_ref(shown),
                              space.text(shown.state), why));
    if (shown.value)
      if (const std::string wrong = printed_value_problem(space, shown, name); !wrong.empty())
        return fail(wrong);
  }
  const double best = space.value(printed.front().state);
  for (const PrintedLocalState& shown : printed) {
    const double value = space.value(shown.state);
    if (value != best)
      return fail(fmt::format(
          "{} has {}={}, but {} has {}={}: only the best states found are printed, all of one "
          "value (is a climb's path printed too?)",
          printed_line_ref(shown), name, number_text(value), printed_line_ref(printed.front()),
          name, number_text(best)));
  }
  if (options.target && best == *options.target && printed.size() > 1)
    return fail(
        fmt::format("a solution ({}={}) stops the restarts and is printed alone; {} "
                    "lines show states",
                    name, number_text(best), printed.size()));
  for (std::size_t i = 1; i < printed.size(); ++i)
    if (printed[i].state < printed[i - 1].state)
      return fail(
          fmt::format("{} comes before {} in sorted order; the results are printed "
                      "sorted",
                      printed_line_ref(printed[i]), printed_line_ref(printed[i - 1])));
  for (const PrintedLocalState& shown : printed) {
    if (options.target && best == *options.target) break;
    std::vector<ref::LocalState> from = space.neighbours(shown.state);
    from.push_back(shown.state);
    const bool reachable = std::any_of(from.begin(), from.end(), [&](const ref::LocalState& p) {
      if (space.value(p) != best) return false;
      const auto next = ref::choose_next(space, p, options);
      return next && *next == shown.state;
    });
    if (!reachable)
      return fail(fmt::format(
          "{}: no climb ends at {}: choose_next reaches it from no state of {}={} (itself or a "
          "successor), so the climb could not stop there",
          printed_line_ref(shown), space.text(shown.state), name, number_text(best)));
  }
  check.passed = true;
  return check;
}

}  // namespace sg
