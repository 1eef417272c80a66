#include "checkers/anneal_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "reference/python_random.h"

namespace sg {
namespace {

// Why the seeded run goes to path[index] rather than where the student's does: the draw of the
// time step that decides it.
std::string step_reason(const ref::AnnealRun& run, std::size_t index, ref::Objective objective,
                        const ref::LocalSpace& space, const std::string& name) {
  const ref::AnnealStep& step = run.steps[index - 1];
  const double from = run.values[index - 1];
  const std::string proposal = fmt::format(
      "at t={} (T={:.4g}) the draws propose {} ({}={}, from {}={})", index - 1, step.temperature,
      space.text(step.proposed), name, number_text(step.proposed_value), name, number_text(from));
  if (!step.draw) return proposal + ": better, so it is taken";
  const double change = step.proposed_value - from;
  const double delta = objective == ref::Objective::maximise ? change : -change;
  const double chance = std::exp(delta / step.temperature);
  return fmt::format(
      "{}: exp({}/{:.4g}) = {:.4g} {} {:.4g} drawn by random.uniform(0, 1), so it "
      "is {}",
      proposal, number_text(delta), step.temperature, chance,
      step.accepted ? ">" : "<=", *step.draw, step.accepted ? "taken" : "rejected (the run stays)");
}

}  // namespace

std::size_t schedule_steps(const ref::AnnealingSchedule& schedule, std::size_t cap) {
  std::size_t t = 0;
  while (t < cap && schedule.temperature(t) != 0.0) ++t;
  return t;
}

AnnealCheck check_anneal(const ref::LocalSpace& space, const ref::AnnealingSchedule& schedule,
                         ref::Objective objective, const ref::LocalState& start,
                         std::optional<long long> seed,
                         const std::vector<PrintedLocalState>& printed,
                         const nlohmann::json& returned, const LineTemplate& line,
                         const std::string& call) {
  AnnealCheck check;
  const std::string name = printed_value_name(line);
  const std::size_t steps = schedule_steps(schedule);
  // The start printed first (one line more than the time steps) or not.
  const bool with_start =
      printed.size() == steps + 1 ||
      (printed.size() != steps && !printed.empty() && printed[0].state == start);

  std::string problem;
  ref::LocalState previous = start;
  for (std::size_t i = 0; i < printed.size() && problem.empty(); ++i) {
    const PrintedLocalState& shown = printed[i];
    if (const std::string why = space.why_not_state(shown.state); !why.empty()) {
      problem = fmt::format("{}: {} is not a state of this problem: {}", printed_line_ref(shown),
                            space.text(shown.state), why);
    } else if (const std::string wrong = printed_value_problem(space, shown, name);
               !wrong.empty()) {
      problem = wrong;
    } else if (i == 0 && with_start) {
      if (shown.state != start)
        problem = fmt::format("{}: the run starts from the initial state, {}",
                              printed_line_ref(shown), space.text(start));
    } else {
      const std::vector<ref::LocalState> near = space.neighbours(previous);
      if (shown.state != previous && std::find(near.begin(), near.end(), shown.state) == near.end())
        problem = fmt::format(
            "{}: {} is neither a neighbour of the state before ({}) nor that state again (a "
            "move rejected)",
            printed_line_ref(shown), space.text(shown.state), space.text(previous));
    }
    previous = shown.state;
  }
  const std::size_t printed_steps = printed.size() - (with_start ? 1 : 0);
  if (problem.empty()) {
    if (printed.empty()) {
      problem = fmt::format("`{}` printed no state", call);
    } else if (printed_steps > steps) {
      problem = fmt::format(
          "{}: the schedule's temperature is 0 at t={}, where the run ends; it prints {} time "
          "steps (t = 0 to {}){}",
          printed_line_ref(printed[steps + (with_start ? 1 : 0)]), steps, steps,
          steps == 0 ? 0 : steps - 1, with_start ? ", after the start" : "");
    } else if (printed_steps < steps && !space.neighbours(previous).empty()) {
      problem = fmt::format(
          "the run stops after {}, at t={}, but T={:.4g} there is not 0: the schedule runs {} "
          "time steps (t = 0 to {})",
          printed_line_ref(printed.back()), printed_steps, schedule.temperature(printed_steps),
          steps, steps - 1);
    }
  }
  check.path.passed = problem.empty();
  if (!problem.empty())
    check.path.feedback = fmt::format(
        "{}\nEach line is the start or a neighbour of the line before (a move taken) or the same "
        "state (a move rejected), one per time step while T > 0.",
        problem);

  // The run ends where it printed it ends, whatever its draws (the seeded run is `drawn`'s).
  if (!printed.empty()) {
    check.returned =
        check_returned_state(space, printed.back().state, returned, call, "the last state printed");
  } else {
    const auto state = as_int_list(returned);
    check.returned.passed = state && space.is_state(*state);
    if (!check.returned.passed)
      check.returned.feedback =
          fmt::format("`{}` returned {}; expected a state", call, python_repr(returned));
  }
  if (!seed) {
    check.drawn.passed = true;
    return check;
  }

  ref::PythonRandom random(*seed);
  const ref::AnnealRun run = ref::simulated_annealing(space, start, schedule, objective, random);
  std::vector<std::string> expected_lines;
  for (std::size_t i = with_start ? 0 : 1; i < run.path.size(); ++i)
    expected_lines.push_back("  " + local_line_text(line, space, run.path[i], run.values[i]));
  // Step for step where both runs go (how long a run is, is `path`'s).
  const std::size_t offset = with_start ? 0 : 1;
  std::string differs;
  for (std::size_t i = 0; i < printed.size() && differs.empty(); ++i) {
    const std::size_t at = i + offset;
    if (at >= run.path.size()) break;
    if (printed[i].state != run.path[at])
      differs = at == 0 ? fmt::format("{}: the run starts from {}", printed_line_ref(printed[i]),
                                      space.text(start))
                        : fmt::format("{}: {}; the run moves to {}", printed_line_ref(printed[i]),
                                      step_reason(run, at, objective, space, name),
                                      space.text(run.path[at]));
  }
  check.drawn.passed = differs.empty();
  if (!differs.empty())
    check.drawn.feedback = fmt::format(
        "With random.seed({}) before the call, and the draws made as the handout says "
        "(random.choice among the neighbours, then random.uniform(0, 1) for a move that is no "
        "better), {}\nexpected the run:\n{}",
        *seed, differs, elide(fmt::format("{}", fmt::join(expected_lines, "\n")), 40));
  return check;
}

}  // namespace sg
