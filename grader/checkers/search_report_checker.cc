#include "checkers/search_report_checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "checkers/move_path_checker.h"
#include "notation/lisp_grid.h"  // NotationError

namespace sg {
namespace {

// A named group's text, or "" when the group took no part in the match.
std::string field(const FieldMatch& match, const std::string& name) {
  const auto found = match.fields.find(name);
  return found == match.fields.end() ? std::string() : found->second;
}

std::optional<std::size_t> parse_count(const std::string& text) {
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  try {
    return std::stoull(text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void fail(AspectOutcome& aspect, const std::string& why) {
  if (!aspect.passed) return;
  aspect.passed = false;
  aspect.feedback = why;
}

std::string show(const SearchReportsExpected& expected, const ref::Tiles& tiles) {
  return expected.notation->print(tiles, {expected.puzzle->rows(), expected.puzzle->cols()});
}

std::optional<ref::Tiles> read(const SearchReportsExpected& expected, const std::string& text) {
  try {
    return expected.notation->parse(text, {expected.puzzle->rows(), expected.puzzle->cols()});
  } catch (const NotationError&) {
    return std::nullopt;
  }
}

std::string shown_move(const SearchReportsExpected& expected, const std::string& word) {
  return fmt::format(fmt::runtime(expected.lines.move_shown), word);
}

// Judges one section's path (moves and printed boards) against the reference.
void judge_path(const SearchReportsExpected& expected_reports, const ReportedSearch& search,
                const SearchReport& section, AspectOutcome& path) {
  const std::string label = fmt::format("{} (line {})", search.name, section.first_line);
  std::vector<ref::BlankMove> moves;
  for (const auto& move : section.moves) {
    const auto parsed = expected_reports.lines.words.parse(move.word);
    if (!parsed) {
      fail(path, fmt::format("{}: line {}: `{}` is not a move ({}: the direction the blank "
                             "moves)",
                             label, move.line, shown_move(expected_reports, move.word),
                             expected_reports.lines.words.listed()));
      return;
    }
    moves.push_back(*parsed);
  }
  MovePathExpected expected;
  expected.start = expected_reports.start;
  expected.optimal_length = expected_reports.shortest;
  expected.require_optimal = search.optimal;
  expected.max_length = search.bound;
  const MoveNotation notation{
      [&expected_reports](ref::BlankMove move) {
        return shown_move(expected_reports, expected_reports.lines.words.name(move));
      },
      [&expected_reports](const ref::Tiles& tiles) { return show(expected_reports, tiles); }};
  const AspectOutcome judged = check_move_path(*expected_reports.puzzle, expected, moves, notation);
  if (!judged.passed) {
    fail(path, fmt::format("{}: {}", label, judged.feedback));
    return;
  }
  ref::Tiles state = expected_reports.start;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    state = *expected_reports.puzzle->result(state, moves[i]);
    const auto& printed = section.moves[i].state;
    if (!printed) continue;
    if (read(expected_reports, *printed) != state) {
      fail(path, fmt::format("{}: line {}: after move {} ({}) the board is {}, but the line "
                             "shows {}",
                             label, section.moves[i].line, i + 1,
                             shown_move(expected_reports, section.moves[i].word),
                             show(expected_reports, state), *printed));
      return;
    }
  }
}

}  // namespace

ReportLines ReportLines::seed() {
  return {FieldPattern(R"(boards\s+generated\s*(?::|-)\s*(?<generated>\S*))", true),
          FieldPattern(R"(solution\s+length\s*(?::|-)\s*(?<length>\S*))", true),
          FieldPattern(R"(:action\s+:?(?<action>[A-Za-z_-]+))"),
          // The board runs to the next keyword or the map's end, whatever the notation writes.
          FieldPattern(R"(:new-state\s+(?<state>.*?)\s*(?:,?\s+:[A-Za-z]|\}|$))"), ":{}"};
}

std::vector<SearchReport> read_search_reports(const std::string& printed,
                                              const ReportLines& lines) {
  std::vector<SearchReport> sections;
  std::istringstream in(printed);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (const auto generated = lines.generated.find(line)) {
      sections.push_back({number, field(*generated, "generated"), std::nullopt, 0, {}});
      continue;
    }
    if (sections.empty()) continue;
    SearchReport& section = sections.back();
    if (const auto length = lines.length.find(line)) {
      if (!section.length) {
        section.length = field(*length, "length");
        section.length_line = number;
      }
      continue;
    }
    if (const auto move = lines.move.find(line)) {
      SearchReport::Move read{number, field(*move, "action"), std::nullopt};
      if (move->fields.contains("state")) {
        read.state = move->fields.at("state");
      } else if (lines.state) {
        if (const auto state = lines.state->find(line)) read.state = field(*state, "state");
      }
      section.moves.push_back(std::move(read));
    }
  }
  return sections;
}

std::optional<NumberedLine> solution_length_line(const std::string& printed,
                                                 const ReportLines& lines) {
  const auto match = lines.length.find(printed);
  if (!match) return std::nullopt;
  return NumberedLine{match->line_number, match->line};
}

std::vector<AspectOutcome> judge_search_reports(const SearchReportsExpected& expected,
                                                const std::string& printed) {
  const std::vector<ReportedSearch>& searches = expected.searches;
  AspectOutcome path{"path", "", true, ""};
  AspectOutcome length{"length", "", true, ""};
  AspectOutcome generated{"generated", "", true, ""};

  const std::vector<SearchReport> sections = read_search_reports(printed, expected.lines);
  if (sections.size() < searches.size()) {
    // A plain loop: clang 14 cannot compile libstdc++ 12's views (scripts/fuzz.sh builds with it).
    std::vector<std::string> names;
    for (const ReportedSearch& search : searches) names.push_back(search.name);
    const std::string why = fmt::format(
        "expected {} search report{} ({}), each starting with a \"Boards Generated: N\" line, "
        "but found {}",
        searches.size(), searches.size() == 1 ? "" : "s", fmt::join(names, ", "), sections.size());
    fail(path, why);
    fail(length, why);
    fail(generated, why);
  }
  std::map<std::string, std::size_t> boards;
  for (std::size_t i = 0; i < std::min(sections.size(), searches.size()); ++i) {
    const SearchReport& section = sections[i];
    const ReportedSearch& search = searches[i];
    judge_path(expected, search, section, path);
    if (!section.length) {
      fail(length, fmt::format("{}: no \"Solution Length: N\" line after line {}", search.name,
                               section.first_line));
    } else if (parse_count(*section.length) != section.moves.size()) {
      fail(length, fmt::format("{}: line {} says Solution Length {}, but the path printed after "
                               "it has {} move{} (the start is not a move)",
                               search.name, section.length_line, *section.length,
                               section.moves.size(), section.moves.size() == 1 ? "" : "s"));
    }
    const auto count = parse_count(section.generated);
    if (!count) {
      fail(generated, fmt::format("{}: line {}: `{}` is not a number of boards", search.name,
                                  section.first_line, section.generated));
    } else if (*count < section.moves.size()) {
      fail(generated,
           fmt::format("{}: line {} says {} boards were generated, fewer than the {} boards on "
                       "the solution path: every board on the path was generated",
                       search.name, section.first_line, *count, section.moves.size()));
    } else {
      boards[search.name] = *count;
    }
  }
  for (const auto& [fewer, more] : expected.fewer_boards) {
    if (!boards.contains(fewer) || !boards.contains(more)) continue;
    if (boards[fewer] > boards[more])
      fail(generated, fmt::format("{} reports {} boards generated, more than {}'s {}: with an "
                                  "admissible heuristic {} should not generate more boards than "
                                  "{} on the same puzzle",
                                  fewer, boards[fewer], more, boards[more], fewer, more));
  }
  return {path, length, generated};
}

}  // namespace sg
