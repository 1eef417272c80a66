#include "checkers/program_output_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <stdexcept>

#include "checkers/blank_move.h"
#include "checkers/field_extractor.h"
#include "checkers/move_path_checker.h"
#include "checkers/state_text.h"
#include "notation/compact_eight.h"
#include "notation/dimension_rows.h"

namespace sg {
namespace {

std::string trim(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return "";
  const auto end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

std::vector<std::string> words_of(const std::string& text) {
  static const std::regex word("[A-Za-z]+");
  std::vector<std::string> words;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator();
       ++it)
    words.push_back(it->str());
  return words;
}

ActionNotation action_notation(const BoardExpectation& expected_board) {
  ActionNotation notation;
  notation.state_text = [&expected_board](const ref::State& state) {
    return expected_board.show(state);
  };
  notation.why_illegal = [&expected_board](const ref::State& state, const std::string& action) {
    return blank_edge_reason(expected_board.tiles(state), expected_board.shape.rows,
                             expected_board.shape.cols, action);
  };
  notation.goal_text = expected_board.goal_text;
  return notation;
}

}  // namespace

ref::Tiles BoardExpectation::tiles(const ref::State& of) const {
  std::optional<ref::Tiles> board = board_of ? board_of(of) : std::nullopt;
  if (!board) throw std::logic_error("the state " + of + " is no board");
  return std::move(*board);
}

std::string BoardExpectation::show(const ref::Tiles& board) const {
  return notation->print(board, shape);
}

std::string state_line(const BoardExpectation& expected_board,
                       const nlohmann::json& notation_name) {
  return find_board_notation(notation_name.get<std::string>())
      ->print(expected_board.tiles(*expected_board.state), expected_board.shape);
}

std::set<std::string> allowed_moves(const BoardExpectation& expected_board) {
  std::set<std::string> moves;
  for (const ref::Step& step : expected_board.world->successors(*expected_board.state))
    moves.insert(step.action);
  return moves;
}

std::string state_line_wanted(const BoardExpectation& expected_board,
                              const nlohmann::json& notation_name) {
  const BoardNotation& notation = *find_board_notation(notation_name.get<std::string>());
  return fmt::format("expected the state printed as a line `{}` (the {} notation: {})",
                     state_line(expected_board, notation_name), notation.name, notation.source);
}

std::string judge_grid(const BoardExpectation& expected_board, const ref::Tiles& grid) {
  const ref::Tiles expected = expected_board.tiles(*expected_board.state);
  if (grid == expected) return "";
  return fmt::format(
      "the grid printed shows {}, expected {}:\n{}", expected_board.show(grid),
      expected_board.show(expected),
      print_pretty_grid(expected, expected_board.shape.rows, expected_board.shape.cols));
}

std::string judge_allowed_moves(const BoardExpectation& expected_board,
                                const std::vector<std::string>& listed, const std::string& shown,
                                const std::string& where) {
  const std::set<std::string> expected = allowed_moves(expected_board);
  const std::set<std::string> got(listed.begin(), listed.end());
  if (got == expected && got.size() == listed.size()) return "";
  return fmt::format("{}the allowed moves in {} are {}, got `{}`", where,
                     expected_board.show(*expected_board.state), fmt::join(expected, ", "), shown);
}

std::string run_output_check(const std::string& type, const nlohmann::json& value,
                             const BoardExpectation& expected_board, const std::string& printed) {
  if (type == "contains") {
    const auto text = value.get<std::string>();
    return printed.find(text) != std::string::npos
               ? ""
               : fmt::format("expected `{}` in the output", text);
  }
  if (type == "absent") {
    const auto text = value.get<std::string>();
    return printed.find(text) == std::string::npos
               ? ""
               : fmt::format("the output should not contain `{}`", text);
  }
  if (type == "state") {
    for (const auto& line : non_empty_lines(printed))
      if (trim(line.text) == state_line(expected_board, value)) return "";
    return state_line_wanted(expected_board, value);
  }
  if (type == "grid") {
    try {
      return judge_grid(expected_board, parse_pretty_grid(printed, expected_board.shape.rows,
                                                          expected_board.shape.cols));
    } catch (const std::exception& error) {
      return fmt::format("expected the state as a grid:\n{}({})",
                         print_pretty_grid(expected_board.tiles(*expected_board.state),
                                           expected_board.shape.rows, expected_board.shape.cols),
                         error.what());
    }
  }
  if (type == "allowed_moves") {
    const FieldPattern pattern(value.get<std::string>());
    const auto match = pattern.find(printed);
    if (!match || !match->fields.contains("moves"))
      return fmt::format("expected the allowed moves ({}) on a line matching `{}`",
                         fmt::join(allowed_moves(expected_board), ", "), pattern.pattern());
    return judge_allowed_moves(expected_board, words_of(match->fields.at("moves")),
                               match->fields.at("moves"),
                               fmt::format("line {}: ", match->line_number));
  }
  if (type == "field") {
    const FieldPattern pattern(value["pattern"].get<std::string>());
    const auto match = pattern.find(printed);
    if (!match) return fmt::format("expected a line matching `{}`", pattern.pattern());
    for (const auto& [name, expected] : value["equals"].items()) {
      const auto found = match->fields.find(name);
      const std::string got = found == match->fields.end() ? "(nothing)" : found->second;
      // An integer written unquoted in the spec is its digits.
      const std::string wanted =
          expected.is_string() ? expected.get<std::string>() : expected.dump();
      if (got != wanted)
        return fmt::format("line {} `{}`: expected {} = {}, got {}", match->line_number,
                           match->line, name, wanted, got);
    }
    return "";
  }
  throw std::logic_error("unknown output check " + type);
}

AspectOutcome judge_solution(const nlohmann::json& value, const BoardExpectation& expected_board,
                             const std::vector<std::string>& path,
                             const std::optional<PrintedLength>& length) {
  ActionPathExpected expected;
  expected.start = *expected_board.start;
  expected.optimal_length = expected_board.shortest.value();
  expected.require_optimal = value.value("optimal", true);
  AspectOutcome aspect =
      check_action_path(*expected_board.world, expected, path, action_notation(expected_board));
  aspect.aspect = "path";
  if (!aspect.passed || !value.contains("length")) return aspect;
  if (!length) {
    aspect.passed = false;
    aspect.feedback = fmt::format("expected the solution length on a line matching `{}`",
                                  value["length"].get<std::string>());
  } else if (length->text != std::to_string(path.size())) {
    aspect.passed = false;
    aspect.feedback = fmt::format(
        "{}: the solution length is the number of moves in the path, {}, not {} (start and goal "
        "are not moves)",
        length->where, path.size(), length->text);
  }
  return aspect;
}

namespace {

// The length a solution check's `length` pattern reads from `printed` (its group `length`).
std::optional<PrintedLength> printed_length(const nlohmann::json& value,
                                            const std::string& printed) {
  if (!value.contains("length")) return std::nullopt;
  const auto found = FieldPattern(value["length"].get<std::string>()).find(printed);
  if (!found || !found->fields.contains("length")) return std::nullopt;
  return PrintedLength{found->fields.at("length"),
                       fmt::format("line {} `{}`", found->line_number, found->line)};
}

// A solution printed as boards (`boards: dimension_rows`): the first must be the start, each
// next one slide from the one before; the moves between them are the path judged.
AspectOutcome run_boards_solution_check(const nlohmann::json& value,
                                        const BoardExpectation& expected_board,
                                        const std::string& printed) {
  AspectOutcome aspect{"path", "", false, ""};
  const int n = expected_board.shape.rows;
  const std::vector<DimensionRowsBoard> boards = read_dimension_rows_boards(printed, n);
  const std::optional<ref::Tiles> start = expected_board.board_of(*expected_board.start);
  if (boards.empty()) {
    aspect.feedback = fmt::format(
        "expected the solution as {} x {} boards, each its dimension and then its rows as "
        "toString() draws them, starting with the initial board:\n{}",
        n, n, dimension_rows_text(*start, n));
    return aspect;
  }
  if (boards.front().tiles != *start) {
    aspect.feedback = fmt::format(
        "the first board of the solution (line {}) is not the initial board; it is\n{}but the "
        "solution starts at\n{}",
        boards.front().line, dimension_rows_text(boards.front().tiles, n),
        dimension_rows_text(*start, n));
    return aspect;
  }
  std::vector<std::string> path;
  for (std::size_t i = 1; i < boards.size(); ++i) {
    const std::optional<ref::BlankMove> move =
        blank_move_between(boards[i - 1].tiles, boards[i].tiles, expected_board.shape);
    if (!move) {
      aspect.feedback = fmt::format(
          "board {} of the solution (line {}) is not one move from the board before it (line "
          "{}):\n{}cannot follow\n{}",
          i + 1, boards[i].line, boards[i - 1].line, dimension_rows_text(boards[i].tiles, n),
          dimension_rows_text(boards[i - 1].tiles, n));
      return aspect;
    }
    path.push_back(ref::to_string(*move));
  }
  return judge_solution(value, expected_board, path, printed_length(value, printed));
}

}  // namespace

AspectOutcome run_solution_check(const nlohmann::json& value,
                                 const BoardExpectation& expected_board,
                                 const std::string& printed) {
  if (value.contains("boards")) return run_boards_solution_check(value, expected_board, printed);
  AspectOutcome aspect{"path", "", false, ""};
  const FieldPattern path_pattern(value["path"].get<std::string>());
  const auto match = path_pattern.find(printed);
  if (!match || !match->fields.contains("moves")) {
    aspect.feedback =
        fmt::format("expected the solution path on a line matching `{}`", path_pattern.pattern());
    return aspect;
  }
  std::set<std::string> ignored;
  for (const auto& word : value.value("ignore", nlohmann::json::array()))
    ignored.insert(word.get<std::string>());
  std::vector<std::string> path;
  for (const auto& word : words_of(match->fields.at("moves"))) {
    if (ignored.contains(word)) continue;
    if (!ref::parse_blank_move(word)) {
      aspect.feedback =
          fmt::format("line {}: `{}` in the solution path is not a move (up, down, left, right)",
                      match->line_number, word);
      return aspect;
    }
    path.push_back(word);
  }
  return judge_solution(value, expected_board, path, printed_length(value, printed));
}

std::string output_check_type(const nlohmann::json& check) {
  for (const auto& [key, value] : check.items()) return key;
  return "";
}

}  // namespace sg
