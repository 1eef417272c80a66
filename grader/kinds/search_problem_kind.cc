#include "kinds/search_problem_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <regex>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/search_adapter.h"
#include "algorithms/heuristic_space.h"
#include "algorithms/problem_mutants.h"
#include "checkers/heuristic_judgements.h"
#include "checkers/problem_judgements.h"
#include "checkers/python_value.h"
#include "domains/search_domain.h"
#include "domains/sliding_tile_setup.h"
#include "reference/admissibility.h"
#include "reference/pacman_problems.h"

namespace sg {
namespace {

const std::vector<std::string> kHeuristicAspects = {"h_values",   "goal_zero",  "admissible",
                                                    "consistent", "informed_1", "informed_2",
                                                    "informed_3", "informed_4"};

// The test, read once.
struct ProblemTest {
  SearchDomain domain;
  CallWords call;
  std::string heuristic;  // empty: none
  std::size_t max_states = 20000;
  double size_leeway = 2.0;
  std::vector<std::size_t> at_most;  // informed tiers
};

// The call's words the function adapter gives values to (adapters/search_adapter.h
// call_argument); any other argument is a literal.
const std::vector<std::string> kDomainWords = {"game_state", "start", "goal", "graph", "maze"};

bool is_domain_word(const std::string& word) {
  return std::find(kDomainWords.begin(), kDomainWords.end(), word) != kDomainWords.end();
}

ProblemTest read_problem_test(const Assignment& assignment, const TestSpec& test) {
  check_keys(test, SearchProblemKind().keys());
  if (assignment.submission.language != "python")
    throw SpecError(test.where,
                    "a search_problem test drives a Python problem class: "
                    "`language: python`");
  ProblemTest read;
  read.domain = search_domain(assignment, test);
  read.call = call_words(test, kDomainWords);
  for (const std::string& word : read.call.arguments)
    if (word == "game_state" && read.domain.type != "pacman_problem")
      throw SpecError(location_of(test, "/call"),
                      "call: `game_state` is a Pacman world's (a `pacman_problem` domain)");
  if (test.input.contains("heuristic")) {
    static const std::regex identifier(R"([A-Za-z_][A-Za-z0-9_]*)");
    const auto& name = test.input["heuristic"];
    if (!name.is_string() || !std::regex_match(name.get<std::string>(), identifier))
      throw SpecError(location_of(test, "/heuristic"),
                      "heuristic: the name of a function h(state, problem) in the module");
    read.heuristic = name.get<std::string>();
  }
  read.max_states = static_cast<std::size_t>(read_whole(test, "/max_states", 1, 200000, 20000));
  if (test.input.contains("size_leeway")) {
    const auto& leeway = test.input["size_leeway"];
    if (!leeway.is_number() || leeway.get<double>() < 1)
      throw SpecError(location_of(test, "/size_leeway"),
                      "size_leeway: how many times the reference's states the student's problem "
                      "may have (1 or more)");
    read.size_leeway = leeway.get<double>();
  }
  if (test.input.contains("informed")) {
    const auto& informed = test.input["informed"];
    const std::string expected = fmt::format(
        "informed: {{at_most: 1 to {} whole numbers of expansions, each below the one before}} "
        "(e.g. {{at_most: [2000, 1600, 1200, 800]}}), with `heuristic:`",
        kMaxInformedTiers);
    if (read.heuristic.empty() || !informed.is_object() || informed.size() != 1 ||
        !informed.contains("at_most"))
      throw SpecError(location_of(test, "/informed"), expected);
    read.at_most = read_informed_at_most(test);
  }
  return read;
}

std::string call_text(const Assignment& assignment, const TestSpec& test, const ProblemTest& read) {
  std::vector<std::string> words;
  for (const std::string& word : read.call.arguments) {
    if (word == "game_state") {
      words.push_back(fmt::format("<{}>", read.domain.name));
    } else if (word == "start") {
      words.push_back(read.domain.problem->initial_state());
    } else if (word == "graph" || word == "maze") {
      words.push_back(fmt::format("<{} {}>", word, read.domain.name));
    } else if (word == "goal") {
      words.push_back(python_repr(call_argument(word, assignment, test, read.domain)));
    } else {
      words.push_back(word);
    }
  }
  return fmt::format("{}({})", read.call.function, fmt::join(words, ", "));
}

std::string expectation(const ProblemTest& read) {
  const ref::CostToGoal space = ref::cost_to_goal(*read.domain.problem, 200000);
  std::string text = fmt::format("the problem '{}' starts at {}", read.domain.name,
                                 read.domain.problem->initial_state());
  if (space.complete && !space.cheapest.empty()) {
    text += fmt::format("; it has {} states", space.states.size());
    if (std::isfinite(space.cheapest[0]))
      text += fmt::format(", and its optimal solution costs {:g}", space.cheapest[0]);
  }
  return text;
}

ProblemJudgementOptions judgement_options(const ProblemTest& read) {
  ProblemJudgementOptions options;
  options.size_leeway = read.size_leeway;
  if (read.domain.type == "pacman_problem")
    options.reference_position = [](const ref::State& state) -> std::optional<std::string> {
      const ref::Cell cell = ref::PacmanProblem::position_of(state);
      return fmt::format("({}, {})", cell.first, cell.second);
    };
  return options;
}

// The heuristic's aspects over the student's explored space.
std::vector<AspectOutcome> judged_heuristic(const ProblemTest& read,
                                            const ExploredProblem& explored,
                                            const ProblemJudgement& problem,
                                            std::vector<std::string>& notes) {
  AspectOutcome values;
  values.aspect = "h_values";
  std::vector<double> h;
  const std::vector<std::size_t> judged = searchable_states(explored, problem);
  for (const std::size_t i : judged) {
    const auto value = i < explored.h.size() ? explored.h[i] : std::nullopt;
    if (!value || *value < 0 || !std::isfinite(*value)) {
      values.feedback = fmt::format(
          "{}(state, problem) gave {} {} (your state {}): a heuristic is a number >= 0",
          read.heuristic, value ? fmt::format("{:g}", *value) : std::string("no number"),
          explored.path_to(i).empty()
              ? std::string("at the start")
              : fmt::format("after {}", fmt::join(explored.path_to(i), ", ")),
          explored.states[i]);
      break;
    }
    h.push_back(*value);
  }
  values.passed = values.feedback.empty();
  std::vector<AspectOutcome> aspects{values};
  if (!values.passed) {
    for (std::size_t k = 1; k < kHeuristicAspects.size(); ++k) {
      AspectOutcome failed;
      failed.aspect = kHeuristicAspects[k];
      failed.feedback = "not judged: " + values.feedback;
      failed.judged = false;
      aspects.push_back(failed);
    }
    return aspects;
  }
  const ExploredSpaceProblem space_problem(explored, problem.reference_of, *read.domain.problem);
  const ref::CostToGoal space =
      student_cost_to_goal(explored, problem, judged, *read.domain.problem);
  std::optional<InformedTiers> tiers;
  if (!read.at_most.empty()) {
    tiers.emplace();
    tiers->policy.strategy = ref::Strategy::astar;
    tiers->policy.duplicates = ref::Duplicates::lazy;
    tiers->policy.max_expansions = 2 * space.states.size() + 16;
    tiers->starts = {explored.states[0]};
    tiers->at_most = read.at_most;
  }
  for (AspectOutcome& aspect : judge_heuristic_aspects(
           space_problem, space, h, std::nullopt, [](const ref::State& state) { return state; },
           tiers, false, notes))
    aspects.push_back(std::move(aspect));
  return aspects;
}

}  // namespace

std::vector<MutantOutcome> SearchProblemKind::mutant_outcomes(const Assignment& assignment,
                                                              const TestSpec& test) const {
  const ProblemTest read = read_problem_test(assignment, test);
  std::vector<MutantOutcome> outcomes;
  for (const ProblemMutant& slip :
       problem_mutants(explore_reference(*read.domain.problem, read.max_states))) {
    MutantOutcome mutant{slip.id, slip.mistake, {}};
    const ProblemJudgement judged =
        judge_problem(slip.explored, *read.domain.problem, judgement_options(read));
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects = {judged.start,  judged.successors,    judged.goal_test,
                              judged.states, judged.solution_cost, judged.size};
    // The slips are the problem's; its heuristic's are the heuristic kind's (not judged here).
    for (const std::string& aspect : kHeuristicAspects)
      mutant.outcome.aspects.push_back(
          {aspect, "", true, "not judged: a slip of the problem", false});
    outcomes.push_back(std::move(mutant));
  }
  return outcomes;
}

void SearchProblemKind::validate(const Assignment& assignment, const TestSpec& test) const {
  const ProblemTest read = read_problem_test(assignment, test);
  for (const auto& [aspect, criterion] : test.grades) {
    const bool heuristic_aspect = std::find(kHeuristicAspects.begin(), kHeuristicAspects.end(),
                                            aspect) != kHeuristicAspects.end();
    if (heuristic_aspect && read.heuristic.empty())
      throw SpecError(
          location_of(test, "/grades/" + aspect),
          fmt::format("grades: `{}` judges a heuristic: name it (`heuristic:`)", aspect));
    if (aspect.rfind("informed_", 0) == 0 && std::stoul(aspect.substr(9)) > read.at_most.size())
      throw SpecError(location_of(test, "/grades/" + aspect),
                      fmt::format("grades: `{}` needs `informed: {{at_most: [...]}}` with at "
                                  "least {} tier(s)",
                                  aspect, aspect.substr(9)));
  }
}

Invocation SearchProblemKind::invocation(const Assignment& assignment, const TestSpec& test,
                                         const GradingContext& context) const {
  const ProblemTest read = read_problem_test(assignment, test);
  nlohmann::json args = nlohmann::json::array();
  for (const std::string& word : read.call.arguments)
    args.push_back(is_domain_word(word) ? call_argument(word, assignment, test, read.domain)
                                        : nlohmann::json::parse(word));
  nlohmann::json explore = {{"op", "explore"}, {"target", "problem"}, {"limit", read.max_states}};
  if (!read.heuristic.empty()) explore["heuristic"] = read.heuristic;
  nlohmann::json steps = nlohmann::json::array(
      {{{"op", "new"}, {"class", read.call.function}, {"args", args}, {"bind", "problem"}},
       explore});
  return make_driver_invocation(assignment, test, context, std::move(steps),
                                call_text(assignment, test, read));
}

TestOutcome SearchProblemKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                        const Observation& observation) const {
  const ProblemTest read = read_problem_test(assignment, test);
  TestOutcome outcome;
  outcome.call = call_text(assignment, test, read);
  outcome.expected = expectation(read);
  const std::vector<std::string> unjudged =
      read.heuristic.empty() ? kHeuristicAspects : std::vector<std::string>{};
  const std::string exploring = fmt::format("exploring {} breadth-first", outcome.call);
  const DriverRun driver =
      read_driver_run(assignment, test, observation, {outcome.call, exploring}, outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, aspects(), *driver.stop, unjudged);
    return outcome;
  }
  const DriverTranscript& transcript = driver.transcript;
  for (std::size_t i = 0; i < 2; ++i) {
    const DriverStepRecord& step = transcript.steps[i];
    if (step.ok) continue;
    EarlyStop stop = step_failure(step, i == 0 ? outcome.call : exploring, driver.module_file);
    if (step.error_path)
      stop.feedback += fmt::format("\nit raised {} (your state {})",
                                   step.error_path->empty()
                                       ? std::string("at the start")
                                       : fmt::format("after {}", fmt::join(*step.error_path, ", ")),
                                   step.error_state);
    fail_all_aspects(outcome, aspects(), stop, unjudged);
    return outcome;
  }
  ExploredProblem explored;
  try {
    explored = read_explored(transcript.steps[1].value);
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error(fmt::format("the driver's explore op: {}", error.what()));
  }
  ProblemJudgement judged = judge_problem(explored, *read.domain.problem, judgement_options(read));
  outcome.observed = fmt::format("explored {} state(s) of your problem{}; {} of them goals",
                                 explored.expanded(), explored.complete ? " (all it has)" : "",
                                 std::count(explored.goal.begin(), explored.goal.end(), true));
  outcome.notes.insert(outcome.notes.end(), judged.notes.begin(), judged.notes.end());
  outcome.aspects = {judged.start,  judged.successors,    judged.goal_test,
                     judged.states, judged.solution_cost, judged.size};
  if (!read.heuristic.empty()) {
    for (AspectOutcome& aspect : judged_heuristic(read, explored, judged, outcome.notes))
      outcome.aspects.push_back(std::move(aspect));
  } else {
    for (const std::string& aspect : kHeuristicAspects) {
      AspectOutcome none;
      none.aspect = aspect;
      none.judged = false;
      none.passed = true;
      none.feedback = "not judged: the test names no heuristic";
      outcome.aspects.push_back(none);
    }
  }
  const std::string& printed = transcript.steps[1].stdout_text;
  if (!printed.empty() || !transcript.steps[0].stdout_text.empty())
    outcome.notes.push_back(
        "the problem printed while it was explored; only what it returned "
        "is judged");
  outcome.verdict = Verdict::accepted;
  return outcome;
}

}  // namespace sg
