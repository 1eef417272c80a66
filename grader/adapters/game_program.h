// The program adapter of `game_search` tests (`language: program`): a command-line program that
// reads a game from a file (or stdin) and prints its move, the root's value and, where the
// assignment asks for it, the states it generated. Configured by the spec's `adapter:` section,
// as the `search` kind's program adapter is:
//
//   adapter:
//     type: program
//     args: ["{input}", "{depth}"]        templates: {input} {depth} {algorithm} {root} {agents}
//     input: tree.txt                       a file written into the working directory
//     input_text: "{moves}{values}"         its text: {moves} one line per move, "STATE ACTION
//                                           NEXT" (a chance move adds its probability), each
//                                           state's moves in the order they are tried; {values}
//                                           one line "STATE VALUE" per scored state; {json} the
//                                           game as the Python driver's table
//     stdin: "..."                          the same templates, on standard input
//     output:                               regular expressions with named groups
//       action: "^Move: (?<action>\S+)"
//       value: "^Value: (?<value>-?[0-9.]+)"
//       explored: "^Explored: (?<explored>.*)$"   states separated by spaces or commas
//
// An aspect whose pattern is missing is not judged (and cannot be graded). Only games whose
// state fixes the mover (trees, boards) can be written this way. Reading is here; judging is in
// checkers/game_judgements.h.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/program_run.h"
#include "domains/game_domain.h"
#include "model/assignment.h"
#include "reference/game_search.h"

namespace sg {

/// The aspects the adapter's `output` patterns can read: some of "action", "value", "explored".
std::vector<std::string> game_program_aspects(const Assignment& assignment);

/// Checks the spec's `adapter:` for a game program. Throws SpecError at the key (or at the test
/// when the spec has no program adapter, or the game's state does not fix the mover).
void validate_game_program(const Assignment& assignment, const TestSpec& test,
                           const GameDomain& domain);

/// What the program runs with: arguments, the input file and stdin, templated from the game's
/// table within `levels` moves of the root.
ProgramRun game_program_run(const Assignment& assignment, const TestSpec& test,
                            const GameDomain& domain, const ref::GameSearchOptions& options,
                            int levels);

/// What the program printed, read by the adapter's patterns.
struct GameProgramOutput {
  std::optional<std::string> action;
  std::optional<double> value;
  std::vector<ref::State> explored;
  std::vector<std::string> unread;  ///< "no line matches the value pattern `...`", ...
};
GameProgramOutput read_game_program(const Assignment& assignment, const std::string& out);

}  // namespace sg
