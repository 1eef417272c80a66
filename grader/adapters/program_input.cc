#include "adapters/program_input.h"

#include <fmt/format.h>

#include "domains/sliding_tile_setup.h"  // location_of
#include "reference/graph_problem.h"
#include "reference/grid_maze.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {

std::string graph_text(const SearchDomain& domain) {
  const auto* problem = dynamic_cast<const ref::GraphProblem*>(domain.problem.get());
  if (problem == nullptr) return "";
  std::string text;
  for (const auto& edge : problem->graph().edges)
    text += fmt::format("{} {} {}\n", edge.from, edge.to, edge.cost);
  return text;
}

bool plain_file_name(const nlohmann::json& name) {
  if (!name.is_string()) return false;
  const std::string text = name.get<std::string>();
  return !text.empty() && text.find('/') == std::string::npos && text.front() != '.';
}

}  // namespace

std::string fill_template(std::string text, const TemplateValues& values) {
  std::string filled;
  filled.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    bool replaced = false;
    if (text[at] == '{') {
      for (const auto& [key, value] : values) {
        if (text.compare(at, key.size(), key) == 0) {
          filled += value;
          at += key.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) filled += text[at++];
  }
  return filled;
}

TemplateValues board_values(const ref::Tiles& start, const ref::Tiles& goal, BoardShape shape,
                            const BoardNotation& notation) {
  TemplateValues values = {{"{rows}", std::to_string(shape.rows)},
                           {"{cols}", std::to_string(shape.cols)},
                           {"{start}", notation.print(start, shape)},
                           {"{goal}", notation.print(goal, shape)}};
  for (const BoardNotation& named : board_notations()) {
    // A board a notation cannot write (compact and a tile over 9) leaves its placeholder as is.
    for (const auto& [key, tiles] : {std::pair{"start", &start}, std::pair{"goal", &goal}}) {
      try {
        values.push_back({fmt::format("{{{}:{}}}", key, named.name), named.print(*tiles, shape)});
      } catch (const std::invalid_argument&) {
      }
    }
  }
  return values;
}

TemplateValues domain_values(const SearchDomain& domain) {
  if (const auto* tiles = dynamic_cast<const ref::TileProblem*>(domain.problem.get());
      tiles != nullptr && domain.board_notation != nullptr) {
    const auto start = ref::parse_tiles_state(domain.problem->initial_state());
    if (start)
      return board_values(*start, tiles->puzzle().goal(), domain.board_shape,
                          *domain.board_notation);
  }
  std::string map;
  if (const auto* grid = dynamic_cast<const ref::GridProblem*>(domain.problem.get()))
    for (const auto& line : grid->maze().lines) map += line + "\n";
  const auto goals = goal_states(domain);
  return {{"{start}", domain.problem->initial_state()},
          {"{goal}", goals.empty() ? std::string() : goals.front()},
          {"{map}", map},
          {"{graph}", graph_text(domain)}};
}

void validate_program_input(const TestSpec& test, const ProgramInputDefaults& defaults) {
  const nlohmann::json& in = test.input;
  if (in.contains("args")) program_args(test);
  if (!defaults.file_key.empty() && in.contains(defaults.file_key) &&
      !plain_file_name(in[defaults.file_key]))
    throw SpecError(location_of(test, "/" + defaults.file_key),
                    defaults.file_key + " must be a plain file name, e.g. in1");
  if (in.contains("input_text") && !in["input_text"].is_string())
    throw SpecError(location_of(test, "/input_text"),
                    "input_text is the input file's text, a template such as "
                    "\"{rows} {cols}\\n{start}\\n{goal}\\n\"");
}

ProgramRun program_input(const TestSpec& test, const ProgramInputDefaults& defaults,
                         const TemplateValues& values) {
  validate_program_input(test, defaults);
  const nlohmann::json& in = test.input;
  const std::string file = !defaults.file_key.empty() && in.contains(defaults.file_key)
                               ? in[defaults.file_key].get<std::string>()
                               : defaults.file_name;
  TemplateValues filled = values;
  filled.push_back({"{input}", file});
  ProgramRun run;
  for (const std::string& arg : in.contains("args") ? program_args(test) : defaults.args)
    run.args.push_back(fill_template(arg, filled));
  if (!file.empty())
    run.files.push_back({file, fill_template(in.value("input_text", defaults.file_text), filled)});
  return run;
}

}  // namespace sg
