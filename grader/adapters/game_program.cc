#include "adapters/game_program.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "checkers/field_extractor.h"
#include "domains/domain_section.h"
#include "domains/sliding_tile_setup.h"

namespace sg {
namespace {

const nlohmann::json& adapter_of(const Assignment& assignment) {
  static const nlohmann::json kNone = nlohmann::json::object();
  return assignment.adapter ? assignment.adapter->value : kNone;
}

std::string number_text(double value) { return fmt::format("{:g}", value); }

// {moves}: "STATE ACTION NEXT [PROBABILITY]" per move; {values}: "STATE VALUE" per state.
std::pair<std::string, std::string> tree_lines(const nlohmann::json& table) {
  std::string moves;
  for (const auto& [state, listed] : table["moves"].items())
    for (const auto& move : listed) {
      moves +=
          fmt::format("{} {} {}", state, move[0].get<std::string>(), move[1].get<std::string>());
      if (move.size() > 2) moves.append(" ").append(number_text(move[2].get<double>()));
      moves += '\n';
    }
  std::string values;
  for (const auto& [state, score] : table["scores"].items())
    values += fmt::format("{} {}\n", state, number_text(score.get<double>()));
  return {moves, values};
}

std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values) {
  for (const auto& [key, value] : values)
    for (std::size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  return text;
}

std::optional<FieldPattern> pattern_of(const Assignment& assignment, const std::string& key) {
  const nlohmann::json& adapter = adapter_of(assignment);
  if (!adapter.contains("output") || !adapter["output"].contains(key) ||
      !adapter["output"][key].is_string())
    return std::nullopt;
  return FieldPattern(adapter["output"][key].get<std::string>());
}

}  // namespace

std::vector<std::string> game_program_aspects(const Assignment& assignment) {
  std::vector<std::string> aspects;
  for (const char* key : {"action", "explored", "value"})
    if (pattern_of(assignment, key)) aspects.push_back(key);
  return aspects;
}

void validate_game_program(const Assignment& assignment, const TestSpec& test,
                           const GameDomain& domain) {
  if (!assignment.adapter || assignment.adapter->value.value("type", "") != "program")
    throw SpecError(test.where,
                    "a game_search test of a program (`language: program`) reads the spec's "
                    "`adapter: {type: program, args, input, input_text, output: {action, value, "
                    "explored}}`");
  if (!domain.game->state_fixes_mover())
    throw SpecError(location_of(test, "/domain"),
                    fmt::format("the game '{}' cannot be written for a program: its states do "
                                "not say whose move it is (use a Python agent)",
                                domain.name));
  const SpecSection& section = *assignment.adapter;
  only_keys(section, "a game program's adapter",
            {"type", "args", "input", "input_text", "stdin", "output"});
  const nlohmann::json& adapter = section.value;
  if (!adapter.contains("args") || !adapter["args"].is_array())
    fail_at(section, "/args", "args: the program's arguments, e.g. [\"{input}\", \"{depth}\"]");
  for (const auto& arg : adapter["args"])
    if (!arg.is_string()) fail_at(section, "/args", "args: strings");
  for (const char* key : {"input", "input_text", "stdin"})
    if (adapter.contains(key) && !adapter[key].is_string())
      fail_at(section, std::string("/") + key, std::string(key) + ": a string");
  if (!adapter.contains("output") || !adapter["output"].is_object())
    fail_at(section, "/output",
            "output: regular expressions with named groups, e.g. {action: \"^Move: "
            "(?<action>\\\\S+)\", value: \"^Value: (?<value>-?[0-9.]+)\"}");
  for (const auto& [key, pattern] : adapter["output"].items()) {
    if (key != "action" && key != "value" && key != "explored")
      fail_at(section, "/output/" + key, "output: action, value or explored");
    if (!pattern.is_string())
      fail_at(section, "/output/" + key, "a regular expression with the group (?<" + key + ">...)");
    try {
      const FieldPattern compiled(pattern.get<std::string>());
      const auto names = compiled.names();
      if (std::find(names.begin(), names.end(), key) == names.end())
        fail_at(section, "/output/" + key, "the pattern needs the group (?<" + key + ">...)");
    } catch (const std::invalid_argument& error) {
      fail_at(section, "/output/" + key, error.what());
    }
  }
}

ProgramRun game_program_run(const Assignment& assignment, const TestSpec& test,
                            const GameDomain& domain, const ref::GameSearchOptions& options,
                            int levels) {
  const nlohmann::json table = domain.table(test, levels);
  const auto [moves, values] = tree_lines(table);
  const nlohmann::json& adapter = adapter_of(assignment);
  const std::string input = adapter.value("input", std::string());
  const std::vector<std::pair<std::string, std::string>> words = {
      {"{input}", input},
      {"{depth}", std::to_string(options.depth)},
      {"{algorithm}", std::string(ref::to_string(options.algorithm))},
      {"{root}", domain.game->initial_state()},
      {"{agents}", std::to_string(domain.game->agents())},
      {"{moves}", moves},
      {"{values}", values},
      {"{json}", table.dump()}};
  ProgramRun run;
  for (const auto& arg : adapter.value("args", nlohmann::json::array()))
    run.args.push_back(fill(arg.get<std::string>(), words));
  if (!input.empty())
    run.files.push_back(
        {input, fill(adapter.value("input_text", std::string("{moves}{values}")), words)});
  if (adapter.contains("stdin")) run.stdin_data = fill(adapter["stdin"].get<std::string>(), words);
  return run;
}

GameProgramOutput read_game_program(const Assignment& assignment, const std::string& out) {
  GameProgramOutput read;
  auto field = [&](const std::string& key) -> std::optional<std::string> {
    const auto pattern = pattern_of(assignment, key);
    if (!pattern) return std::nullopt;
    const auto match = pattern->find(out);
    if (!match || !match->fields.count(key)) {
      read.unread.push_back(
          fmt::format("no line matches the {} pattern `{}`", key, pattern->pattern()));
      return std::nullopt;
    }
    return match->fields.at(key);
  };
  read.action = field("action");
  if (const auto value = field("value")) {
    try {
      read.value = std::stod(*value);
    } catch (const std::exception&) {
      read.unread.push_back(fmt::format("the value '{}' is not a number", *value));
    }
  }
  if (const auto explored = field("explored")) {
    static const std::regex kItem(R"([^\s,;\[\]]+)");
    for (auto it = std::sregex_iterator(explored->begin(), explored->end(), kItem);
         it != std::sregex_iterator(); ++it)
      read.explored.push_back(it->str());
  }
  return read;
}

}  // namespace sg
