#include "kinds/csp_search_kind.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "checkers/csp_judgements.h"
#include "checkers/python_value.h"
#include "domains/csp_problem.h"
#include "domains/reference_cache.h"
#include "reference/csp_search.h"
#include "reference/min_conflicts.h"
#include "spec/test_keys.h"

namespace sg {
namespace {

// The search the reference runs, and what it did.
struct CspRun {
  bool solved = false;
  ref::CspAssignment solution;
  std::vector<std::pair<std::size_t, std::size_t>> assignments;
};

struct CspSearchTest {
  CspProblem problem;
  bool min_conflicts = false;
  ref::RepairChoice repair = ref::RepairChoice::conflicted;  // min_conflicts'; `any` for a mutant
  ref::BacktrackingPolicy policy;                            // backtracking's, with the seed
  std::vector<ref::BacktrackingPolicy> accepted;  // other policies whose assignments pass too
  std::int64_t seed = 0;
  std::optional<long long> max_steps;  // min_conflicts': given to the call too
  std::string function;
  std::vector<std::pair<std::string, nlohmann::json>>
      kwargs;  // name -> a module function or a number
  bool judge_solution = true;
  bool judge_assignments = true;
};

std::string policy_words(const CspSearchTest& read, const ref::BacktrackingPolicy& p) {
  if (read.min_conflicts)
    return fmt::format("min-conflicts as the book's code draws, random.seed({})", read.seed);
  const char* variables = p.variables == ref::VariableOrder::first_unassigned ? "first_unassigned"
                          : p.variables == ref::VariableOrder::mrv            ? "mrv"
                          : p.variables == ref::VariableOrder::mrv_degree     ? "mrv_degree"
                                                                              : "aima_mrv";
  const char* values = p.values == ref::ValueOrder::domain ? "domain"
                       : p.values == ref::ValueOrder::lcv  ? "lcv"
                                                           : "aima_lcv";
  const char* inference = p.inference == ref::Inference::none               ? "none"
                          : p.inference == ref::Inference::forward_checking ? "forward_checking"
                                                                            : "mac";
  return fmt::format("backtracking with variables {}, values {}, inference {}, random.seed({})",
                     variables, values, inference, read.seed);
}

std::string policy_words(const CspSearchTest& read) { return policy_words(read, read.policy); }

// A `policies` mapping at `pointer` read over `policy` (the keys it gives replace).
void read_policy(const TestSpec& test, const std::string& pointer,
                 ref::BacktrackingPolicy& policy) {
  read_mapping(test, pointer, {"variables", "values", "inference", "restore"},
               "policies: {variables: mrv, values: lcv, inference: forward_checking}");
  const auto one = [&](const char* key, auto parse, auto& into, const char* words) {
    const std::string word = read_name(test, pointer + "/" + key, "");
    if (word.empty()) return;
    const auto parsed = parse(word);
    if (!parsed)
      throw SpecError(location_of(test, pointer + "/" + key),
                      fmt::format("{}: one of {}", key, words));
    into = *parsed;
  };
  one("variables", ref::parse_variable_order, policy.variables,
      "first_unassigned, mrv, mrv_degree, aima_mrv");
  one("values", ref::parse_value_order, policy.values, "domain, lcv, aima_lcv");
  one("inference", ref::parse_inference, policy.inference, "none, forward_checking, mac");
  one("restore", ref::parse_domain_restore, policy.restore, "snapshot, append");
}

CspSearchTest read_test(const Assignment& assignment, const TestSpec& test) {
  check_keys(test, CspSearchKind().keys());
  if (assignment.submission.language != "python")
    throw SpecError(test.where,
                    "a csp_search test calls a Python function (`submission: {language: "
                    "python}`) with the CSP");
  CspSearchTest read;
  read.problem = read_csp_problem(test);
  read.min_conflicts = read_word(test, "algorithm", "backtracking",
                                 {"backtracking", "min_conflicts"}) == "min_conflicts";
  read.seed = read_whole(test, "/seed", 0, 4294967295LL, 0);
  if (test.input.contains("max_steps")) {
    if (!read.min_conflicts)
      throw SpecError(location_of(test, "/max_steps"),
                      "max_steps: min-conflicts' limit (`algorithm: min_conflicts`)");
    read.max_steps = read_whole(test, "/max_steps", 0, 10000000);
  }
  read.policy.restore = ref::DomainRestore::append;
  if (test.input.contains("policies")) {
    if (read.min_conflicts)
      throw SpecError(location_of(test, "/policies"),
                      "policies: backtracking's (min-conflicts draws as the book's code does)");
    read_policy(test, "/policies", read.policy);
  }
  read.policy.seed = read.seed;
  if (test.input.contains("accept")) {
    const nlohmann::json& accept = test.input["accept"];
    if (read.min_conflicts || !accept.is_array())
      throw SpecError(location_of(test, "/accept"),
                      "accept: a list of backtracking policies whose assignments pass too, each "
                      "over the test's ({variables: mrv})");
    for (std::size_t i = 0; i < accept.size(); ++i) {
      ref::BacktrackingPolicy other = read.policy;
      read_policy(test, "/accept/" + std::to_string(i), other);
      read.accepted.push_back(other);
    }
  }
  const nlohmann::json& call =
      read_mapping(test, "/call", {"function", "kwargs"},
                   "call: {function: backtracking_search, kwargs: {inference: forward_checking}}");
  read.function = read_name(test, "/call/function", "");
  if (read.function.empty())
    throw SpecError(location_of(test, "/call"), "call: {function: NAME} names the search to call");
  if (call.contains("kwargs")) {
    if (!call["kwargs"].is_object())
      throw SpecError(location_of(test, "/call/kwargs"),
                      "kwargs: {select_unassigned_variable: mrv}, each a function of the "
                      "submission's module by its name");
    for (const auto& [name, value] : call["kwargs"].items()) {
      if (value.is_string())
        read.kwargs.emplace_back(name, nlohmann::json{{"$fn", "module"}, {"name", value}});
      else if (value.is_number_integer())
        read.kwargs.emplace_back(name, value);
      else
        throw SpecError(location_of(test, "/call/kwargs/" + name),
                        fmt::format("kwargs.{}: a function of the submission's module, by its "
                                    "name, or a whole number",
                                    name));
    }
  }
  if (read.max_steps && std::none_of(read.kwargs.begin(), read.kwargs.end(),
                                     [](const auto& kwarg) { return kwarg.first == "max_steps"; }))
    read.kwargs.emplace_back("max_steps", *read.max_steps);
  if (test.input.contains("judge")) {
    read_mapping(test, "/judge", {"solution", "assignments"},
                 "judge: {solution: true, assignments: true}");
    read.judge_solution = read_flag(test, "/judge/solution", false);
    read.judge_assignments = read_flag(test, "/judge/assignments", false);
    if (!read.judge_solution && !read.judge_assignments)
      throw SpecError(location_of(test, "/judge"), "judge: at least one of solution, assignments");
  }
  return read;
}

CspRun run_reference(const CspSearchTest& read) {
  CspRun run;
  if (read.min_conflicts) {
    ref::PythonRandom random(read.seed);
    const ref::MinConflictsRun ran =
        ref::min_conflicts(*read.problem.csp, random,
                           static_cast<std::size_t>(read.max_steps.value_or(100000)), read.repair);
    run.solved = ran.solved;
    run.solution = ran.assignment;
    run.assignments = ran.assignments;
    return run;
  }
  const ref::BacktrackingRun ran = ref::backtracking_search(*read.problem.csp, read.policy);
  run.solved = ran.solved;
  run.solution = ran.solution;
  run.assignments = ran.assignments;
  return run;
}

// AIMA's forms: N-Queens' columns and rows as integers from 0; else the names, as text.
nlohmann::json variable_json(const CspProblem& problem, std::size_t variable) {
  if (problem.family == CspProblem::Family::nqueens) return variable;
  return problem.csp->name(variable);
}
nlohmann::json value_json(const CspProblem& problem, std::size_t value) {
  if (problem.family == CspProblem::Family::nqueens)
    return std::stoi(problem.csp->values()[value]) - 1;
  return problem.csp->values()[value];
}

std::string assignment_text(const CspProblem& problem,
                            const std::pair<std::size_t, std::size_t>& step) {
  return fmt::format("{} = {}", python_repr(variable_json(problem, step.first)),
                     python_repr(value_json(problem, step.second)));
}

std::string call_text(const CspSearchTest& read) {
  std::string text = read.function + "(csp";
  for (const auto& [name, value] : read.kwargs)
    text += fmt::format(", {}={}", name,
                        value.is_object() ? value["name"].get<std::string>() : value.dump());
  return text + ")";
}

nlohmann::json call_steps(const CspSearchTest& read) {
  const ref::Csp& csp = *read.problem.csp;
  nlohmann::json variables = nlohmann::json::array(), domains = nlohmann::json::array(),
                 neighbors = nlohmann::json::array();
  for (std::size_t v = 0; v < csp.size(); ++v) {
    variables.push_back(variable_json(read.problem, v));
    nlohmann::json domain = nlohmann::json::array(), others = nlohmann::json::array();
    for (const std::size_t value : csp.domain(v)) domain.push_back(value_json(read.problem, value));
    for (const std::size_t other : csp.neighbors(v))
      others.push_back(variable_json(read.problem, other));
    domains.push_back({variable_json(read.problem, v), domain});
    neighbors.push_back({variable_json(read.problem, v), others});
  }
  nlohmann::json kwargs = nlohmann::json::object();
  for (const auto& [name, value] : read.kwargs) kwargs[name] = value;
  return nlohmann::json::array(
      {{{"op", "let"},
        {"bind", "csp"},
        {"value",
         {{"$fn", "aima_csp"},
          {"variables", variables},
          {"domains", domains},
          {"neighbors", neighbors},
          {"constraint",
           read.problem.family == CspProblem::Family::nqueens ? "queens" : "different"}}}},
       {{"op", "seed"}, {"value", read.seed}},
       {{"op", "call"},
        {"function", read.function},
        {"args", nlohmann::json::array({{{"$ref", "csp"}}})},
        {"kwargs", kwargs}},
       {{"op", "getattr"}, {"target", "csp"}, {"attr", "_assigned"}}});
}

// The variable or value whose driver value is `value`, or nullopt.
std::optional<std::size_t> variable_of(const CspProblem& problem, const nlohmann::json& value) {
  for (std::size_t v = 0; v < problem.csp->size(); ++v)
    if (variable_json(problem, v) == value) return v;
  return std::nullopt;
}
std::optional<std::size_t> value_of(const CspProblem& problem, const nlohmann::json& value) {
  for (std::size_t x = 0; x < problem.csp->values().size(); ++x)
    if (value_json(problem, x) == value) return x;
  return std::nullopt;
}

// The returned assignment (a dict), judged; None where the reference finds no solution.
AspectOutcome judge_returned(const CspSearchTest& read, const CspRun& run,
                             const nlohmann::json& returned) {
  if (returned.is_null())
    return run.solved ? AspectOutcome{"solution", "", false,
                                      "returned None: no solution found, where the reference's "
                                      "search finds one"}
                      : AspectOutcome{"solution", "", true,
                                      "returned None, as the reference's search does: it finds "
                                      "no solution"};
  if (!run.solved)
    return {"solution", "", false,
            fmt::format("returned {}; the reference's search finds no solution and returns None",
                        elide(python_repr(returned), 1, 300))};
  const nlohmann::json pairs = returned.is_object() && returned.contains("$dict")
                                   ? returned["$dict"]
                                   : nlohmann::json::array();
  nlohmann::json items = pairs;
  if (returned.is_object() && !returned.contains("$dict"))
    for (const auto& [key, value] : returned.items()) items.push_back({key, value});
  if (!returned.is_object())
    return {"solution", "", false,
            fmt::format("returned {}: a dict from each variable to its value was expected",
                        elide(python_repr(returned), 1, 300))};
  ref::CspAssignment answer(read.problem.csp->size());
  for (const nlohmann::json& item : items) {
    const auto variable = variable_of(read.problem, item[0]);
    const auto value = value_of(read.problem, item[1]);
    if (!variable)
      return {"solution", "", false,
              fmt::format("the returned dict has the key {}, which is no variable of the CSP",
                          python_repr(item[0]))};
    if (!value)
      return {"solution", "", false,
              fmt::format("the returned dict gives {} the value {}, which is in no domain",
                          python_repr(item[0]), python_repr(item[1]))};
    answer[*variable] = *value;
  }
  return judge_csp_solution(*read.problem.csp, answer);
}

// The recorded assigns, judged against the reference's, the first difference named.
AspectOutcome judge_assignments(const CspSearchTest& read, const CspRun& run,
                                const std::vector<std::pair<std::size_t, std::size_t>>& made) {
  const auto& want = run.assignments;
  const auto listed = [&](const std::vector<std::pair<std::size_t, std::size_t>>& steps) {
    std::string text;
    for (std::size_t i = 0; i < steps.size() && i < 12; ++i)
      text += (i ? ", " : "") + assignment_text(read.problem, steps[i]);
    if (steps.size() > 12) text += fmt::format(", ... ({} in all)", steps.size());
    return text;
  };
  if (made == want)
    return {"assignments", "", true,
            fmt::format("{} assignment(s), in the reference's order", made.size())};
  for (const ref::BacktrackingPolicy& other : read.accepted) {
    CspSearchTest alternative = read;
    alternative.policy = other;
    if (made == run_reference(alternative).assignments)
      return {"assignments", "", true,
              fmt::format("{} assignment(s), in the order of {} (a policy the test accepts)",
                          made.size(), policy_words(read, other))};
  }
  std::size_t first = 0;
  while (first < made.size() && first < want.size() && made[first] == want[first]) ++first;
  std::string feedback;
  if (first < made.size() && first < want.size())
    feedback = fmt::format("assignment {}: your search assigned {}; the reference ({}) assigns {}",
                           first + 1, assignment_text(read.problem, made[first]),
                           policy_words(read), assignment_text(read.problem, want[first]));
  else if (first == made.size())
    feedback = fmt::format(
        "your search made {} assignment(s) and stopped; the reference ({}) "
        "goes on with {}",
        made.size(), policy_words(read), assignment_text(read.problem, want[first]));
  else
    feedback = fmt::format(
        "your search made {} assignments; the reference ({}) makes {}: the "
        "first extra one is {}",
        made.size(), policy_words(read), want.size(), assignment_text(read.problem, made[first]));
  feedback += fmt::format("\nyours ({}): {}\nthe reference's ({}): {}", made.size(), listed(made),
                          want.size(), listed(want));
  return {"assignments", "", false, feedback};
}

std::vector<std::string> judged(const CspSearchTest& read) {
  std::vector<std::string> aspects;
  if (read.judge_solution) aspects.push_back("solution");
  if (read.judge_assignments) aspects.push_back("assignments");
  return aspects;
}

std::vector<AspectOutcome> judge(const CspSearchTest& read, const CspRun& run,
                                 const nlohmann::json& returned,
                                 const std::vector<std::pair<std::size_t, std::size_t>>& made) {
  std::vector<AspectOutcome> aspects;
  if (read.judge_solution) aspects.push_back(judge_returned(read, run, returned));
  if (read.judge_assignments) aspects.push_back(judge_assignments(read, run, made));
  return aspects;
}

std::string expected_text(const CspSearchTest& read, const CspRun& run) {
  std::string solution = "None (no solution)";
  if (run.solved) {
    solution.clear();
    for (std::size_t v = 0; v < run.solution.size(); ++v)
      solution += (v ? ", " : "") + assignment_text(read.problem, {v, *run.solution[v]});
  }
  std::string steps;
  for (std::size_t i = 0; i < run.assignments.size() && i < 40; ++i)
    steps += (i ? ", " : "") + assignment_text(read.problem, run.assignments[i]);
  if (run.assignments.size() > 40) steps += ", ...";
  return fmt::format("{}\nreturns: {}\nassignments ({}): {}", policy_words(read), solution,
                     run.assignments.size(), steps);
}

std::shared_ptr<const CspRun> reference_of(const Assignment& assignment, const TestSpec& test,
                                           const CspSearchTest& read) {
  return cached_reference<CspRun>(assignment, test, "csp-search",
                                  [&] { return run_reference(read); });
}

}  // namespace

std::vector<std::string> CspSearchKind::judged_aspects(const Assignment& assignment,
                                                       const TestSpec& test) const {
  try {
    return judged(read_test(assignment, test));
  } catch (const SpecError&) {
    return aspects();
  }
}

void CspSearchKind::validate(const Assignment& assignment, const TestSpec& test) const {
  const CspSearchTest read = read_test(assignment, test);
  const auto asked = judged(read);
  for (const auto& [aspect, criteria] : test.grades)
    if (std::find(asked.begin(), asked.end(), aspect) == asked.end())
      throw SpecError(location_of(test, "/grades/" + aspect),
                      fmt::format("grades: `{}` is not judged by this test's `judge`", aspect));
  reference_of(assignment, test, read);
}

Invocation CspSearchKind::invocation(const Assignment& assignment, const TestSpec& test,
                                     const GradingContext& context) const {
  const CspSearchTest read = read_test(assignment, test);
  return make_driver_invocation(assignment, test, context, call_steps(read), call_text(read));
}

TestOutcome CspSearchKind::evaluate(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation) const {
  const CspSearchTest read = read_test(assignment, test);
  const auto run = reference_of(assignment, test, read);
  TestOutcome outcome;
  outcome.call = call_text(read);
  outcome.expected = expected_text(read, *run);
  const DriverRun driver =
      read_driver_run(assignment, test, observation,
                      {"building the CSP", "random.seed(" + std::to_string(read.seed) + ")",
                       outcome.call, "reading what it assigned"},
                      outcome);
  if (driver.stop) {
    fail_all_aspects(outcome, judged(read), *driver.stop);
    return outcome;
  }
  const DriverStepRecord& called = driver.transcript.steps[2];
  if (!called.ok) {
    fail_all_aspects(outcome, judged(read), step_failure(called, outcome.call, driver.module_file));
    return outcome;
  }
  std::vector<std::pair<std::size_t, std::size_t>> made;
  for (const nlohmann::json& item :
       as_sequence(driver.transcript.steps[3].value).value_or(std::vector<nlohmann::json>{})) {
    const auto pair = as_sequence(item);
    if (!pair || pair->size() != 2) continue;
    const auto variable = variable_of(read.problem, (*pair)[0]);
    const auto value = value_of(read.problem, (*pair)[1]);
    if (variable && value) made.emplace_back(*variable, *value);
  }
  outcome.observed = fmt::format(
      "returned: {}\nassignments ({}): ", elide(python_repr(called.value), 1, 600), made.size());
  for (std::size_t i = 0; i < made.size() && i < 40; ++i)
    outcome.observed += (i ? ", " : "") + assignment_text(read.problem, made[i]);
  if (made.size() > 40) outcome.observed += ", ...";
  if (!called.stdout_text.empty())
    outcome.notes.push_back(
        fmt::format("`{}` printed; only what it returned and assigned is judged", outcome.call));
  outcome.verdict = Verdict::accepted;
  outcome.aspects = judge(read, *run, called.value, made);
  return outcome;
}

std::vector<MutantOutcome> CspSearchKind::mutant_outcomes(const Assignment& assignment,
                                                          const TestSpec& test) const {
  const CspSearchTest read = read_test(assignment, test);
  const auto run = reference_of(assignment, test, read);
  std::vector<MutantOutcome> outcomes;
  const auto add = [&](const char* id, const char* mistake, auto change) {
    CspSearchTest wrong = read;
    change(wrong);
    const CspRun ran = run_reference(wrong);
    nlohmann::json returned = nullptr;
    if (ran.solved) {
      nlohmann::json pairs = nlohmann::json::array();
      for (std::size_t v = 0; v < ran.solution.size(); ++v)
        pairs.push_back(
            {variable_json(read.problem, v), value_json(read.problem, *ran.solution[v])});
      returned = {{"$dict", pairs}};
    }
    MutantOutcome mutant{id, mistake, {}};
    mutant.outcome.verdict = Verdict::accepted;
    mutant.outcome.aspects = judge(read, *run, returned, ran.assignments);
    outcomes.push_back(std::move(mutant));
  };
  if (read.min_conflicts) {
    add("any_variable", "a min-conflicts that repairs any variable, conflicted or not",
        [](CspSearchTest& t) { t.repair = ref::RepairChoice::any; });
    return outcomes;
  }
  if (read.policy.variables != ref::VariableOrder::first_unassigned)
    add("first_unassigned", "an MRV that takes the first unassigned variable",
        [](CspSearchTest& t) { t.policy.variables = ref::VariableOrder::first_unassigned; });
  if (read.policy.values != ref::ValueOrder::domain)
    add("domain_order", "an LCV that keeps the domain's order",
        [](CspSearchTest& t) { t.policy.values = ref::ValueOrder::domain; });
  if (read.policy.inference != ref::Inference::none)
    add("no_inference", "an inference that prunes nothing",
        [](CspSearchTest& t) { t.policy.inference = ref::Inference::none; });
  return outcomes;
}

}  // namespace sg
