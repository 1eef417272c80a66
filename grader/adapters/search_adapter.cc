#include "adapters/search_adapter.h"

#include <fmt/format.h>

#include <regex>

#include "adapters/function_call_outcome.h"
#include "adapters/program_input.h"
#include "adapters/program_run.h"
#include "adapters/search_call_setup.h"
#include "checkers/field_extractor.h"
#include "checkers/python_value.h"
#include "checkers/reported_measures.h"
#include "checkers/state_text.h"
#include "domains/reference_cache.h"
#include "domains/sliding_tile_setup.h"
#include "reference/graph_problem.h"
#include "reference/grid_maze.h"
#include "reference/tile_problem.h"
#include "spec/edit_distance.h"

namespace sg {
namespace {

const nlohmann::json& adapter_value(const Assignment& assignment) {
  static const nlohmann::json empty = nlohmann::json::object();
  return assignment.adapter ? assignment.adapter->value : empty;
}

std::string adapter_type(const Assignment& assignment) {
  return adapter_value(assignment).value("type", "");
}

SourceLocation adapter_location(const Assignment& assignment, const std::string& key) {
  if (!assignment.adapter) return {};
  const auto found = assignment.adapter->key_locations.find("/" + key);
  return found == assignment.adapter->key_locations.end() ? assignment.adapter->where
                                                          : found->second;
}

[[noreturn]] void adapter_error(const Assignment& assignment, const std::string& key,
                                const std::string& message) {
  throw SpecError(adapter_location(assignment, key), "adapter: " + message);
}

// `call: "ucs(graph, start, goal)"`: the function and its argument words; or
// `call: "ClosestDotSearchAgent().findPathToClosestDot(game_state)"`: a method of an instance
// the class builds with no arguments.
struct CallSpec {
  std::string function;
  std::vector<std::string> arguments;
  std::string constructed;  ///< The class whose new instance's method `function` is, or empty.
};

const std::vector<std::string> kArgumentWords = {
    "graph", "maze",      "start", "goal",       "state", "heuristic", "problem",
    "limit", "max_depth", "k",     "game_state", "path",  "actions",   "take_action"};

// `submission.NAME`: the submission's own function NAME, handed as an argument (A2 searches with
// the student's actionsF_8p).
constexpr std::string_view kOwnFunction = "submission.";

bool own_function_word(const std::string& word) {
  static const std::regex pattern(R"(^submission\.[A-Za-z_][A-Za-z_0-9]*$)");
  return std::regex_match(word, pattern);
}

CallSpec read_call(const TestSpec& test, const std::vector<std::string>& words = kArgumentWords) {
  static const std::regex pattern(
      R"(^\s*(?:([A-Za-z_][A-Za-z_0-9]*)\s*\(\s*\)\s*\.\s*)?([A-Za-z_][A-Za-z_0-9]*)\s*\((.*)\)\s*$)");
  const std::string text = test.input.value("call", std::string());
  std::smatch match;
  if (!std::regex_match(text, match, pattern))
    throw SpecError(location_of(test, "/call"),
                    "call: the function and its arguments, e.g. \"ucs(graph, start, goal)\", "
                    "or a method of a new instance, e.g. "
                    "\"ClosestDotSearchAgent().findPathToClosestDot(game_state)\"");
  CallSpec call{match[2].str(), {}, match[1].str()};
  const std::string list = match[3].str();
  std::size_t start = 0;
  while (start < list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string word = list.substr(start, end - start);
    word.erase(0, word.find_first_not_of(' '));
    word.erase(word.find_last_not_of(' ') + 1);
    if (!word.empty()) call.arguments.push_back(word);
    start = end + 1;
  }
  for (const std::string& word : call.arguments) {
    const bool number = word.find_first_not_of("0123456789.-") == std::string::npos;
    if (!number && !own_function_word(word) &&
        std::find(words.begin(), words.end(), word) == words.end())
      throw SpecError(location_of(test, "/call"),
                      fmt::format("call: unknown argument '{}'{}; use {}, a number, or "
                                  "submission.NAME (the submission's own function NAME)",
                                  word, did_you_mean(word, words), fmt::join(words, ", ")));
  }
  return call;
}

nlohmann::json graph_argument(const Assignment& assignment, const SearchDomain& domain) {
  const auto* problem = dynamic_cast<const ref::GraphProblem*>(domain.problem.get());
  if (problem == nullptr) return nullptr;
  const std::string as = adapter_value(assignment).value("graph_as", "dict_of_dicts");
  if (as == "edge_list") {
    nlohmann::json edges = nlohmann::json::array();
    for (const auto& edge : problem->graph().edges)
      edges.push_back({edge.from, edge.to, number_value(edge.cost)});
    return edges;
  }
  // {"$dict": [[key, value], ...]} keeps the order (the driver makes a dict of it, and Python
  // dicts keep insertion order): each node's neighbours come in the domain's order.
  nlohmann::json graph = nlohmann::json::array();
  for (const std::string& node : ref::graph_nodes(problem->graph())) {
    nlohmann::json neighbours = nlohmann::json::array();
    for (const ref::Step& step : problem->successors(node))
      neighbours.push_back({step.state, number_value(step.cost)});
    graph.push_back(
        {node, as == "dict_of_lists" ? neighbours : nlohmann::json{{"$dict", neighbours}}});
  }
  return {{"$dict", graph}};
}

// actionsF / takeActionF for a search handed them (A2): the domain's actions in its successor
// order, built by the driver (a board's from its blank's moves, a rules world's from its file,
// any other domain's from its table of states).
nlohmann::json action_callback(const TestSpec& test, const SearchDomain& domain, bool take_action) {
  if (const auto* tiles = dynamic_cast<const ref::TileProblem*>(domain.problem.get()))
    return tile_callback(tiles->puzzle(), tiles->order(), take_action);  // move_order: validated
  if (domain.type == "rules")  // the rules' own, however large the world
    return {{"$fn", take_action ? "rules_take_action" : "rules_actions"},
            {"rules", domain.rules_file},
            {"as_list", domain.board_as_list}};
  return table_callback(domain, test, take_action);
}

// The value the submission is given for one argument word.
nlohmann::json argument_value(const std::string& word, const Assignment& assignment,
                              const TestSpec& test, const SearchDomain& domain,
                              const SearchAlgorithm& algorithm, bool problem_object) {
  const ref::Problem& problem = *domain.problem;
  if (word == "graph") return graph_argument(assignment, domain);
  if (word == "maze") {
    const auto* grid = dynamic_cast<const ref::GridProblem*>(domain.problem.get());
    return grid ? nlohmann::json(grid->maze().lines) : nlohmann::json(nullptr);
  }
  if (word == "start") return domain.value_of(problem.initial_state());
  if (word == "state") return domain.value_of(state_of_test(test, domain));
  if (word == "goal") {
    const auto goals = goal_states(domain);
    if (goals.size() == 1) return domain.value_of(goals.front());
    nlohmann::json all = nlohmann::json::array();
    for (const auto& goal : goals) all.push_back(domain.value_of(goal));
    return all;
  }
  if (word == "heuristic") {
    nlohmann::json table = state_space_table(domain, test);
    if (problem_object)
      return {{"$fn", "table_heuristic"},
              {"table", std::move(table["heuristic"])},
              {"key", table["key"]}};
    return std::move(table["heuristic"]);
  }
  if (word == "problem") return {{"$ref", "problem"}};
  if (word == "game_state")
    return {{"$fn", "berkeley_game_state"}, {"layout", domain.layout}, {"ghosts", 0}};
  if (word == "path") {  // the path the test's algorithm finds, handed to a function to show
    nlohmann::json path = nlohmann::json::array();
    const auto run = cached_reference<ReferenceRun>(
        assignment, test, "handed path", [&] { return run_reference(domain, algorithm, false); });
    for (const ref::State& state : run->path) path.push_back(domain.value_of(state));
    return path;
  }
  if (word == "actions" || word == "take_action")
    return action_callback(test, domain, word == "take_action");
  if (own_function_word(word))
    return {{"$fn", "module"}, {"name", word.substr(kOwnFunction.size())}};
  if (word == "limit") return algorithm.limit;
  if (word == "max_depth") return algorithm.max_depth;
  if (word == "k") return algorithm.beam_width;
  return nlohmann::json::parse(word, nullptr, false);  // a number
}

std::string call_text(const CallSpec& call, const Assignment& assignment, const TestSpec& test,
                      const SearchDomain& domain, const SearchAlgorithm& algorithm) {
  std::vector<std::string> shown;
  for (const std::string& word : call.arguments) {
    if (word == "graph" || word == "maze" || word == "problem" || word == "heuristic" ||
        word == "game_state") {
      shown.push_back(fmt::format("<{} {}>", word, domain.name));
    } else if (word == "actions" || word == "take_action") {
      shown.push_back(word == "actions" ? "actionsF" : "takeActionF");
    } else if (own_function_word(word)) {
      shown.push_back(word.substr(kOwnFunction.size()));
    } else {
      shown.push_back(
          python_repr(argument_value(word, assignment, test, domain, algorithm, false)));
    }
  }
  return fmt::format("{}{}({})", call.constructed.empty() ? "" : call.constructed + "().",
                     call.function, fmt::join(shown, ", "));
}

// The driver steps that make the call (after any steps binding its arguments): the function, or
// the class's new instance and then its method.
void push_call_steps(const CallSpec& call, nlohmann::json args, nlohmann::json& steps) {
  if (call.constructed.empty()) {
    steps.push_back({{"op", "call"}, {"function", call.function}, {"args", std::move(args)}});
    return;
  }
  steps.push_back({{"op", "new"},
                   {"class", call.constructed},
                   {"args", nlohmann::json::array()},
                   {"bind", "sg_instance"}});
  steps.push_back({{"op", "method"},
                   {"target", "sg_instance"},
                   {"method", call.function},
                   {"args", std::move(args)}});
}

// How many steps push_call_steps adds before the call's own.
std::size_t steps_before_call(const CallSpec& call) { return call.constructed.empty() ? 0 : 1; }

// A returned value read as a path (states or actions); items that are no state are kept as their
// repr, so the walk names them.
StudentPath path_from(const nlohmann::json& sequence, bool actions, const SearchDomain& domain) {
  StudentPath path;
  path.form = actions ? StudentPath::Form::actions : StudentPath::Form::states;
  for (const auto& item : as_sequence(sequence).value_or(std::vector<nlohmann::json>{})) {
    if (actions) {
      path.items.push_back(item.is_string() ? item.get<std::string>() : python_repr(item));
    } else {
      path.items.push_back(domain.state_of(item).value_or(python_repr(item)));
    }
  }
  return path;
}

bool is_no_path(const nlohmann::json& value, SearchCall& call) {
  if (value.is_null()) return true;
  if (value.is_string()) {
    call.outcome_word = lower_case(value.get<std::string>());
    return true;
  }
  const auto items = as_sequence(value);
  return items && items->empty();
}

// A search node returned (AIMA's Node, in the driver's {"$node": ...}): its path along its
// parents (or its own solution() and path()), its cost, or the books' failure and cutoff.
void read_node(const nlohmann::json& node, bool actions, const SearchDomain& domain,
               SearchCall& call) {
  const std::string special = node.value("special", nlohmann::json()).is_string()
                                  ? node["special"].get<std::string>()
                                  : std::string();
  if (!special.empty()) {
    call.no_path = true;
    call.outcome_word = special;
    call.notes.push_back(fmt::format("the search returned {}: read as '{}'",
                                     node.value("repr", std::string("a node")), special));
    return;
  }
  const nlohmann::json& items = node[actions ? "actions" : "states"];
  call.path = path_from(items, actions, domain);
  if (node.contains("path_cost") && node["path_cost"].is_number())
    call.cost = node["path_cost"].get<double>();
  const std::string via = node.value("via", std::string("parent"));
  call.notes.push_back(fmt::format(
      "the search returned a node ({}); its path read {}: {} {}", node.value("repr", std::string()),
      via == "parent" ? "along its parents" : "through its " + via, items.size(),
      actions ? (items.size() == 1 ? "action" : "actions")
              : (items.size() == 1 ? "state" : "states")));
}

void read_returned(const nlohmann::json& value, const std::string& returns,
                   const SearchDomain& domain, SearchCall& call) {
  const bool with_cost = returns == "path_and_cost" || returns == "actions_and_cost";
  const bool actions = returns == "actions" || returns == "actions_and_cost";
  if (value.is_object() && value.contains("$node") && value["$node"].is_object()) {
    read_node(value["$node"], actions, domain, call);
    return;
  }
  nlohmann::json path_value = value;
  if (with_cost) {
    const auto pair = as_sequence(value);
    if (!value.is_null() && (!pair || pair->size() != 2)) {
      call.unreadable = fmt::format("expected a ({}, cost) pair, got {}",
                                    actions ? "actions" : "path", python_repr(value));
      return;
    }
    if (pair) {
      path_value = (*pair)[0];
      if ((*pair)[1].is_number()) call.cost = (*pair)[1].get<double>();
    }
  }
  if (is_no_path(path_value, call)) {
    call.no_path = true;
    return;
  }
  if (!as_sequence(path_value)) {
    call.unreadable = fmt::format("expected a list of {}, got {}", actions ? "actions" : "states",
                                  python_repr(path_value));
    return;
  }
  call.path = path_from(path_value, actions, domain);
}

// ---- the Python adapters -----------------------------------------------------------------

// Whether the transcript's call step ran to its end; if not, why in `stop`. The import's notes
// go to `notes`.
bool read_call_step(const Assignment& assignment, const TestSpec& test,
                    const Observation& observation, const DriverTranscript& transcript,
                    std::size_t call_step, const std::string& call_text,
                    std::optional<EarlyStop>& stop, std::vector<std::string>& notes) {
  const std::string module_file = submission_file(assignment);
  notes = import_notes(transcript, module_file);
  const std::vector<std::string> calls(transcript.steps.size(), call_text);
  stop = diagnose_early_stop(observation, transcript, calls, module_file);
  if (stop) return false;
  for (std::size_t step = 0; step < call_step; ++step)  // building what the call needs
    if (!transcript.steps[step].ok) {
      stop = step_failure(transcript.steps[step], call_text, module_file);
      return false;
    }
  const DriverStepRecord& record = transcript.steps[call_step];
  if (!record.ok) {
    stop = step_failure(record, call_text, module_file);
    return false;
  }
  stop = output_overflow(record, call_text, test.limits.output_bytes);
  return !stop;
}

Invocation driver_invocation(const Assignment& assignment, const TestSpec& test,
                             const GradingContext& context, const SearchDomain& domain,
                             const SearchAlgorithm& algorithm) {
  const bool problem_object = adapter_type(assignment) == "problem_object";
  const CallSpec call = read_call(test);
  nlohmann::json steps = nlohmann::json::array();
  if (problem_object) {
    nlohmann::json table = state_space_table(domain, test);
    nlohmann::json problem = {
        {"$fn", "search_problem"},
        {"start", table["start"]},
        {"goals", table["goals"]},
        {"successors", table["successors"]},
        {"heuristic", table["heuristic"]},
        {"key", table["key"]},
        {"api", adapter_value(assignment).value("api", "berkeley")},
        {"methods", adapter_value(assignment).value("methods", nlohmann::json::object())}};
    steps.push_back({{"op", "let"}, {"bind", "problem"}, {"value", problem}});
  }
  nlohmann::json args = nlohmann::json::array();
  for (const std::string& word : call.arguments)
    args.push_back(argument_value(word, assignment, test, domain, algorithm, problem_object));
  push_call_steps(call, std::move(args), steps);
  if (problem_object)
    steps.push_back({{"op", "getattr"}, {"target", "problem"}, {"attr", "_visitedlist"}});
  return make_driver_invocation(assignment, test, context, std::move(steps),
                                call_text(call, assignment, test, domain, algorithm));
}

SearchCall read_driver(const Assignment& assignment, const TestSpec& test,
                       const SearchDomain& domain, const SearchAlgorithm& algorithm,
                       const Observation& observation) {
  const bool problem_object = adapter_type(assignment) == "problem_object";
  const CallSpec call = read_call(test);
  SearchCall result;
  result.call_text = call_text(call, assignment, test, domain, algorithm);
  const std::size_t call_step = (problem_object ? 1 : 0) + steps_before_call(call);
  const DriverTranscript transcript =
      read_transcript(observation, call_step + (problem_object ? 2 : 1));
  if (!read_call_step(assignment, test, observation, transcript, call_step, result.call_text,
                      result.stop, result.notes))
    return result;
  const DriverStepRecord& record = transcript.steps[call_step];
  result.returned = record.value;
  result.observed = python_repr(record.value);
  if (!record.stdout_text.empty())
    result.notes.push_back(fmt::format("`{}` printed {} line(s); only what it returned is judged",
                                       result.call_text,
                                       non_empty_lines(record.stdout_text).size()));
  const std::string returns =
      adapter_value(assignment).value("returns", problem_object ? "actions" : "path");
  read_returned(record.value, returns, domain, result);
  if (record.value.is_object() && record.value.contains("$node")) {
    const nlohmann::json& node = record.value["$node"];
    result.observed = fmt::format("{}: states {}, actions {}, path_cost {}",
                                  node.value("repr", std::string("a node")),
                                  python_repr(node.value("states", nlohmann::json::array())),
                                  python_repr(node.value("actions", nlohmann::json::array())),
                                  python_repr(node.value("path_cost", nlohmann::json())));
  }
  // AIMA's searches return None for failure (the 3rd edition's) and the string 'cutoff'.
  if (record.value.is_null() && adapter_value(assignment).value("api", "") == "aima") {
    result.outcome_word = "failure";
    result.notes.push_back("the search returned None: read as 'failure', as AIMA's code means it");
  }
  if (problem_object && transcript.steps[call_step + 1].ok) {
    std::vector<ref::State> expanded;
    for (const auto& item :
         as_sequence(transcript.steps[call_step + 1].value).value_or(std::vector<nlohmann::json>{}))
      expanded.push_back(domain.state_of(item).value_or(python_repr(item)));
    result.expanded = std::move(expanded);
  }
  return result;
}

// ---- the program adapter ----------------------------------------------------------------

// The program's arguments, input file and stdin, filled from `values` (a domain's placeholders)
// with {input} and {algorithm}.
ProgramRun program_run_of(const Assignment& assignment, const TestSpec& test, TemplateValues values,
                          const SearchAlgorithm& algorithm) {
  const nlohmann::json& adapter = adapter_value(assignment);
  const nlohmann::json args = test.input.contains("args")
                                  ? test.input["args"]
                                  : adapter.value("args", nlohmann::json::array());
  const std::string input = adapter.value("input", std::string());
  values.push_back({"{input}", input});
  values.push_back({"{algorithm}", test.input.value("run_as", algorithm.name)});
  ProgramRun run;
  for (const auto& arg : args) run.args.push_back(fill_template(arg.get<std::string>(), values));
  if (!input.empty())
    run.files.push_back(
        {input, fill_template(adapter.value("input_text", std::string("{map}")), values)});
  if (adapter.contains("stdin"))
    run.stdin_data = fill_template(adapter["stdin"].get<std::string>(), values);
  return run;
}

// The pattern in output.<key>: a string, or {pattern: ...}.
std::optional<FieldPattern> output_pattern(const nlohmann::json& adapter, const std::string& key) {
  if (!adapter.contains("output") || !adapter["output"].contains(key)) return std::nullopt;
  const auto& value = adapter["output"][key];
  return FieldPattern(value.is_string() ? value.get<std::string>()
                                        : value.value("pattern", std::string()));
}

// True when a line of `out` matches output.no_path (a plain regular expression).
bool said_no_path(const nlohmann::json& adapter, const std::string& out) {
  if (!adapter.contains("output") || !adapter["output"].contains("no_path")) return false;
  const auto& value = adapter["output"]["no_path"];
  const std::regex pattern(value.is_string() ? value.get<std::string>()
                                             : value.value("pattern", std::string()));
  for (const NumberedLine& line : non_empty_lines(out))
    if (std::regex_search(line.text, pattern)) return true;
  return false;
}

std::vector<std::string> path_items(const std::string& text, const SearchDomain& domain,
                                    bool actions, const std::string& item_pattern) {
  std::string pattern = item_pattern;
  if (pattern.empty()) {
    pattern = actions                         ? R"([A-Za-z]+)"
              : domain.type == "grid"         ? R"(\(\s*-?\d+\s*,\s*-?\d+\s*\))"
              : domain.type == "sliding_tile" ? R"(\[[^\]]*\])"
                                              : R"([^\s,;\[\]]+)";
  }
  const std::regex regex(pattern);
  std::vector<std::string> items;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), regex);
       it != std::sregex_iterator(); ++it) {
    const std::string item = it->str();
    if (item == "->" || item == "=>") continue;
    items.push_back(actions ? item : domain.state_of_text(item).value_or(item));
  }
  return items;
}

// A board's moves read case-blind ("Up" is the reference's "up"): courses capitalise them as
// they like, and the path is the same.
std::string board_move_name(const std::string& word) {
  const std::string lower = lower_case(word);
  for (const char* move : {"up", "down", "left", "right"})
    if (lower == move) return lower;
  return word;
}

// A list of names printed as Python would not print it (`[Up, Left]` for ['Up', 'Left']): read
// as the same moves, with a note saying so.
void note_unquoted_list(const std::string& text, const std::vector<std::string>& items,
                        std::vector<std::string>& notes) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos || text[first] != '[' || items.empty()) return;
  std::vector<std::string> quoted;
  for (const std::string& item : items) quoted.push_back("'" + item + "'");
  const std::string python = fmt::format("[{}]", fmt::join(quoted, ", "));
  std::string trimmed = text.substr(first);
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
    trimmed.pop_back();
  if (trimmed == python || trimmed.find('\'') != std::string::npos ||
      trimmed.find('"') != std::string::npos)
    return;
  notes.push_back(fmt::format("the path is written {}, not as Python prints the list ({}): read "
                              "as the same moves",
                              elide(trimmed, 1, 120), elide(python, 1, 120)));
}

// The test's `section:` of the program's output (output.section's headers), found case-blind;
// nullopt when the output has no such section. `found` lists the sections it has.
std::optional<OutputSection> test_section(const nlohmann::json& adapter, const TestSpec& test,
                                          const std::string& out, std::vector<std::string>& found) {
  const std::string wanted = lower_case(test.input["section"].get<std::string>());
  for (OutputSection& section : output_sections(out, *output_pattern(adapter, "section"))) {
    if (lower_case(section.name) == wanted) return std::move(section);
    found.push_back(section.name);
  }
  return std::nullopt;
}

SearchCall read_program(const Assignment& assignment, const TestSpec& test,
                        const SearchDomain& domain, const Observation& observation) {
  SearchCall result;  // call_text stays empty: the engine names the invocation
  std::string out = observation.stdout_stream.data;
  result.observed = elide(out, 30, 3000);
  if (auto stop = diagnose_program_stop(observation)) {
    result.stop = stop;
    return result;
  }
  const nlohmann::json& adapter = adapter_value(assignment);
  if (test.input.contains("section")) {
    std::vector<std::string> found;
    const auto section = test_section(adapter, test, out, found);
    if (!section) {
      result.unreadable = fmt::format(
          "the output has no section `{}` (a line matching `{}`); {}",
          test.input["section"].get<std::string>(), output_pattern(adapter, "section")->pattern(),
          found.empty() ? std::string("no line matches it")
                        : fmt::format("its sections: {}", fmt::join(found, ", ")));
      return result;
    }
    std::string shown;
    for (const NumberedLine& line : non_empty_lines(section->text))
      shown += fmt::format("{}{}", shown.empty() ? "" : "\n", line.text);
    result.observed = fmt::format("section `{}` (lines {} to {}):\n{}", section->name,
                                  section->first_line, section->last_line, elide(shown, 30, 3000));
    out = section->text;
  }
  if (said_no_path(adapter, out)) {
    result.no_path = true;
  } else if (const auto path = output_pattern(adapter, "path")) {
    // `lines: each`: a path printed a step per line, each matching line giving its items.
    const auto& config = adapter["output"]["path"];
    const bool each_line = config.is_object() && config.value("lines", "one") == "each";
    std::vector<FieldMatch> matches;
    if (each_line) {
      matches = path->find_all(out);
    } else if (auto match = path->find(out)) {
      matches.push_back(std::move(*match));
    }
    std::erase_if(matches, [](const FieldMatch& match) { return !match.fields.count("path"); });
    if (matches.empty()) {
      result.unreadable = fmt::format("no line matches the path pattern `{}`", path->pattern());
    } else {
      const bool actions = config.is_object() && config.value("form", "states") == "actions";
      StudentPath student;
      student.form = actions ? StudentPath::Form::actions : StudentPath::Form::states;
      for (const FieldMatch& match : matches) {
        const auto items = path_items(match.fields.at("path"), domain, actions,
                                      config.is_object() ? config.value("items", "") : "");
        student.items.insert(student.items.end(), items.begin(), items.end());
        if (actions) note_unquoted_list(match.fields.at("path"), items, result.notes);
      }
      if (actions && domain.type == "sliding_tile")
        for (std::string& item : student.items) item = board_move_name(item);
      result.path = std::move(student);
    }
  }
  const auto number = [&](const std::string& key) -> std::optional<double> {
    const auto pattern = output_pattern(adapter, key);
    if (!pattern) return std::nullopt;
    const auto match = pattern->find(out);
    if (!match || !match->fields.count(key)) return std::nullopt;
    try {
      return std::stod(match->fields.at(key));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  result.cost = number("cost");
  result.expanded_count = number("expanded");
  result.search_depth = number("search_depth");
  result.max_search_depth = number("max_search_depth");
  // What the program measured itself is kept as it was printed: the judgement says whether it
  // is a number at all.
  const auto text = [&](const std::string& key) -> std::optional<std::string> {
    const auto pattern = output_pattern(adapter, key);
    if (!pattern) return std::nullopt;
    const auto match = pattern->find(out);
    if (!match || !match->fields.count(key)) return std::nullopt;
    return match->fields.at(key);
  };
  result.reported_time = text("reported_time");
  result.reported_memory = text("reported_memory");
  return result;
}

}  // namespace

std::vector<std::string> adapter_can_judge(const Assignment& assignment) {
  const std::string type = adapter_type(assignment);
  const nlohmann::json& adapter = adapter_value(assignment);
  std::vector<std::string> aspects = {"path", "optimal", "exact", "outcome"};
  if (type == "problem_object") {
    aspects.push_back("expansions");
  } else if (type == "function") {
    aspects.push_back("result");
    const std::string returns = adapter.value("returns", "path");
    if (returns == "path_and_cost" || returns == "actions_and_cost") aspects.push_back("cost");
  } else if (type == "program" && adapter.contains("output")) {
    if (adapter["output"].contains("cost")) aspects.push_back("cost");
    if (adapter["output"].contains("expanded")) aspects.push_back("expanded_count");
    for (const char* key : {"search_depth", "max_search_depth", "reported_time", "reported_memory"})
      if (adapter["output"].contains(key)) aspects.push_back(key);
  }
  return aspects;
}

void validate_search_adapter(const Assignment& assignment, const TestSpec& test,
                             const SearchDomain& domain, const SearchAlgorithm& algorithm) {
  if (!assignment.adapter)
    throw SpecError(test.where,
                    "a search test needs the spec's `adapter:` (type: function, "
                    "problem_object or program)");
  const nlohmann::json& adapter = adapter_value(assignment);
  const std::string type = adapter_type(assignment);
  const std::vector<std::string> types = {"function", "problem_object", "program"};
  if (std::find(types.begin(), types.end(), type) == types.end())
    adapter_error(assignment, "type", "type: function, problem_object or program");
  const std::map<std::string, std::vector<std::string>> keys = {
      {"function", {"type", "graph_as", "returns"}},
      {"problem_object", {"type", "api", "methods", "returns"}},
      {"program", {"type", "args", "input", "input_text", "stdin", "output"}}};
  for (const auto& [key, value] : adapter.items()) {
    const auto& allowed = keys.at(type);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      adapter_error(assignment, key,
                    fmt::format("a {} adapter has no key '{}'{}; its keys: {}", type, key,
                                did_you_mean(key, allowed), fmt::join(allowed, ", ")));
  }
  if (type == "problem_object") {
    const nlohmann::json& api =
        adapter.contains("api") ? adapter["api"] : nlohmann::json("berkeley");
    if (api != "berkeley" && api != "aima")
      adapter_error(assignment, "api",
                    "api: berkeley (getStartState, isGoalState, getSuccessors; the states "
                    "getSuccessors is called on are the expansions) or aima (initial, actions, "
                    "result, is_goal, action_cost, h; the states actions is called on)");
  }
  if (type == "program") {
    require_program_submission(assignment, test);
    if (test.input.contains("call"))
      throw SpecError(location_of(test, "/call"), "a program is run with `args`, not `call`");
    if (!adapter.contains("args") && !test.input.contains("args"))
      adapter_error(assignment, "type",
                    "a program adapter needs `args` (templates such as "
                    "\"{input}\", \"{algorithm}\")");
    if (adapter.contains("output")) {
      if (!adapter["output"].is_object())
        adapter_error(assignment, "output", "output: a mapping path, cost, expanded, no_path");
      static const std::vector<std::string> output_keys = {
          "path",         "cost",          "expanded",        "no_path",        "section",
          "search_depth", "max_search_depth", "reported_time", "reported_memory"};
      for (const auto& [key, value] : adapter["output"].items()) {
        if (std::find(output_keys.begin(), output_keys.end(), key) == output_keys.end())
          adapter_error(
              assignment, "output",
              fmt::format("output has no key '{}' ({})", key, fmt::join(output_keys, ", ")));
        if (key == "reported_memory" && value.is_object() &&
            !memory_unit(value.value("unit", "megabytes")))
          adapter_error(assignment, "output",
                        "output.reported_memory.unit: bytes, kilobytes, megabytes or gigabytes");
        if (key == "path" && value.is_object()) {
          for (const auto& [option, setting] : value.items())
            if (option != "pattern" && option != "form" && option != "items" && option != "lines")
              adapter_error(assignment, "output",
                            fmt::format("output.path has no key '{}' (pattern, form, items, "
                                        "lines)",
                                        option));
          const std::string lines = value.value("lines", "one");
          if (lines != "one" && lines != "each")
            adapter_error(assignment, "output",
                          "output.path.lines: one (the whole path on one line) or each (a step "
                          "per line)");
        }
        const std::string text =
            value.is_string() ? value.get<std::string>() : value.value("pattern", std::string());
        try {
          if (key == "no_path") {
            const std::regex plain(text);  // a plain expression: only whether a line matches
            continue;
          }
          const FieldPattern pattern(text);
          const auto names = pattern.names();
          if (std::find(names.begin(), names.end(), key) == names.end())
            adapter_error(
                assignment, "output",
                fmt::format("the {} pattern needs a group named `{}`: (?<{}>...)", key, key, key));
        } catch (const std::regex_error& error) {
          adapter_error(assignment, "output", fmt::format("output.{}: {}", key, error.what()));
        } catch (const std::invalid_argument& error) {
          adapter_error(assignment, "output", fmt::format("output.{}: {}", key, error.what()));
        }
      }
    }
    if (test.input.contains("section")) {
      if (!test.input["section"].is_string() || test.input["section"].get<std::string>().empty())
        throw SpecError(location_of(test, "/section"),
                        "section: the name of the output's section this test reads, e.g. UCS");
      if (!output_pattern(adapter, "section"))
        throw SpecError(location_of(test, "/section"),
                        "section: the adapter's `output` needs `section`, a pattern whose group "
                        "`section` names each section's header line, e.g. \"^== (?<section>.+) "
                        "==\"");
    }
    program_run_of(assignment, test, domain_values(domain), algorithm);
    return;
  }
  if (test.input.contains("section"))
    throw SpecError(location_of(test, "/section"),
                    "section: a part of a program's output; this spec's adapter calls Python");
  if (assignment.submission.language != "python")
    adapter_error(
        assignment, "type",
        fmt::format("a {} adapter calls Python: the submission needs `language: python`", type));
  const CallSpec call = read_call(test);
  const std::string returns =
      adapter.value("returns", type == "problem_object" ? "actions" : "path");
  const std::vector<std::string> forms = {"path", "path_and_cost", "actions", "actions_and_cost"};
  if (std::find(forms.begin(), forms.end(), returns) == forms.end())
    adapter_error(assignment, "returns", fmt::format("returns: one of {}", fmt::join(forms, ", ")));
  const std::string graph_as = adapter.value("graph_as", "dict_of_dicts");
  if (graph_as != "dict_of_dicts" && graph_as != "dict_of_lists" && graph_as != "edge_list")
    adapter_error(assignment, "graph_as", "graph_as: dict_of_dicts, dict_of_lists or edge_list");
  for (const std::string& word : call.arguments) {
    if (word == "graph" && domain.type != "graph")
      throw SpecError(location_of(test, "/call"), "`graph` is an argument for a graph domain");
    if (word == "maze" && domain.type != "grid")
      throw SpecError(location_of(test, "/call"), "`maze` is an argument for a grid domain");
    if (word == "problem" && type != "problem_object")
      throw SpecError(location_of(test, "/call"),
                      "`problem` is the argument of a problem_object adapter");
    if (word == "game_state" && domain.type != "pacman_problem")
      throw SpecError(location_of(test, "/call"),
                      "`game_state` is an argument for a Pacman world (a `pacman_problem` domain)");
    if (word == "state") state_of_test(test, domain);  // the test gives a state of the domain
    if (word == "actions" || word == "take_action") {
      if (const auto* tiles = dynamic_cast<const ref::TileProblem*>(domain.problem.get())) {
        if (!successors_in_action_order(assignment))
          throw SpecError(location_of(test, "/call"),
                          fmt::format("`{}` hands the search the blank's moves in "
                                      "`domain.action_order`, which the reference follows only "
                                      "with `search.successor_order: move_order`",
                                      word));
        require_one_blank(tiles->puzzle(), test, "/call");
      } else if (domain.type != "rules") {
        table_callback(domain, test, false);  // small enough?
      }
    }
  }
  if (type == "problem_object") state_space_table(domain, test);  // small enough?
}

Invocation search_invocation(const Assignment& assignment, const TestSpec& test,
                             const GradingContext& context, const SearchDomain& domain,
                             const SearchAlgorithm& algorithm) {
  if (adapter_type(assignment) == "program")
    return make_program_invocation(
        test, context, program_run_of(assignment, test, domain_values(domain), algorithm));
  return driver_invocation(assignment, test, context, domain, algorithm);
}

SearchCall read_search_call(const Assignment& assignment, const TestSpec& test,
                            const SearchDomain& domain, const SearchAlgorithm& algorithm,
                            const Observation& observation) {
  if (adapter_type(assignment) == "program")
    return read_program(assignment, test, domain, observation);
  return read_driver(assignment, test, domain, algorithm, observation);
}

PrintedCall read_printed_call(const Assignment& assignment, const TestSpec& test,
                              const SearchDomain& domain, const SearchAlgorithm& algorithm,
                              const Observation& observation) {
  PrintedCall result;
  const CallSpec call = read_call(test);
  result.call_text = call_text(call, assignment, test, domain, algorithm);
  const std::size_t call_step = steps_before_call(call);
  const DriverTranscript transcript = read_transcript(observation, call_step + 1);
  if (read_call_step(assignment, test, observation, transcript, call_step, result.call_text,
                     result.stop, result.notes))
    result.printed = transcript.steps[call_step].stdout_text;
  return result;
}

ref::State state_of_test(const TestSpec& test, const SearchDomain& domain) {
  const auto state = test.input.contains("state") ? domain.state_of(test.input["state"])
                                                  : std::optional<ref::State>();
  if (!test.input.contains("state"))
    throw SpecError(test.input.contains("call") ? location_of(test, "/call") : test.where,
                    "the call's `state` is the test's `state:`, which this test does not give");
  if (!state)
    throw SpecError(location_of(test, "/state"),
                    fmt::format("`state:` must be a state of the domain '{}' (a {})", domain.name,
                                domain.type == "grid"           ? "cell [row, col] inside the maze"
                                : domain.type == "sliding_tile" ? "board, row by row, 0 the blank"
                                : domain.type == "pacman_problem" ? "state as the problem writes it"
                                                                  : "node of the graph"));
  return *state;
}

namespace {

CallWords plain_call(const TestSpec& test, CallSpec call) {
  if (!call.constructed.empty())
    throw SpecError(location_of(test, "/call"),
                    fmt::format("call: this test calls a function of the module, not a method of "
                                "a new {} (that is for `search` tests)",
                                call.constructed));
  return {std::move(call.function), std::move(call.arguments)};
}

}  // namespace

CallWords call_words(const TestSpec& test) { return plain_call(test, read_call(test)); }

CallWords call_words(const TestSpec& test, const std::vector<std::string>& words) {
  return plain_call(test, read_call(test, words));
}

nlohmann::json call_argument(const std::string& word, const Assignment& assignment,
                             const TestSpec& test, const SearchDomain& domain) {
  return argument_value(word, assignment, test, domain, SearchAlgorithm{}, false);
}

ProgramRun search_program_run(const Assignment& assignment, const TestSpec& test,
                              const SearchAlgorithm& algorithm, const TemplateValues& values) {
  if (!assignment.adapter || adapter_type(assignment) != "program")
    throw SpecError(test.where,
                    "this test runs a program on the domain's placeholders: the spec's `adapter:` "
                    "needs `type: program`");
  require_program_submission(assignment, test);
  return program_run_of(assignment, test, values, algorithm);
}

std::optional<NumberedLine> search_program_path_line(const Assignment& assignment,
                                                     const std::string& printed) {
  const auto path = output_pattern(adapter_value(assignment), "path");
  if (!path || said_no_path(adapter_value(assignment), printed)) return std::nullopt;
  const auto match = path->find(printed);
  if (!match || !match->fields.count("path")) return std::nullopt;
  return NumberedLine{match->line_number, match->line};
}

}  // namespace sg
