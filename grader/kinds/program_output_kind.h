// program_output: runs a command-line program (`language: program`) with the spec's arguments
// (and optional input files written into its working directory), then checks what it printed
// with configurable checks against the reference's 3 x 3 sliding-tile puzzle (seed 004's
// compact notation "b12 345 678", notation/compact_eight.h). Reusable by any spec whose program
// takes commands on its command line and prints states, messages, figures and move paths.
//
// Spec keys:
//   args    list of strings after the program command, e.g. ["-setState", "b12 345 678",
//           "-move", "right", "-printState"]
//   files   optional mapping file name -> text, written into the working directory (e.g. the
//           command file for -readCommands)
//   start   the state the program is set to, compact notation (required by the state, grid,
//           allowed-moves and solution checks)
//   goal    the goal, compact notation (default "b12 345 678")
//   moves   optional list of blank moves the reference applies to `start` to get the state the
//           state and grid checks expect (all must be legal)
//   checks  non-empty list; each item is a mapping with exactly one of these keys:
//     contains: "text"        the text appears in stdout (aspect output)
//     absent: "text"          the text does not appear in stdout (aspect output)
//     state: compact          a line is exactly the expected state (start + moves) in compact
//                             notation, up to surrounding spaces (aspect output)
//     grid: pretty            the pretty grid (notation/compact_eight.h) of the expected state is
//                             printed; the first grid in stdout is read (aspect output)
//     allowed_moves: REGEX    a line matches REGEX, whose named group `moves` holds the blank's
//                             legal moves in the expected state, as words in any order (output)
//     field: {pattern: REGEX, equals: {name: "value", ...}}
//                             a line matches REGEX (named groups, checkers/field_extractor.h)
//                             and each named field equals its value (aspect output)
//     solution: {path: REGEX, length: REGEX, ignore: [words], optimal: bool}
//                             `path`'s group `moves` holds the moves as words ("'up', 'left'"),
//                             `ignore` words dropped (e.g. start, goal); the path must be legal
//                             from `start` and reach `goal`, and with optimal: true (default) be
//                             as short as the reference's shortest path; `length`'s group
//                             `length`, if given, must equal the number of moves (aspect path)
// Aspects: output, path (and `exit` under `exit_status: graded`: engine/test_verdict.h).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class ProgramOutputKind : public TestKind {
 public:
  std::string_view name() const override { return "program_output"; }
  std::vector<std::string> aspects() const override { return {"output", "path"}; }
  std::vector<std::string> keys() const override {
    return {"args", "files", "domain", "start", "goal", "moves", "checks"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants of seed 004's mistakes, judged by the test's own checks: the commands' moves not
  /// applied (moves_ignored), moves named for the tile (tile_moves), a length counting both ends
  /// (length_counts_states), a path two moves too long (detour) or one move short (stops_short).
  /// Checks a mistake does not reach pass as a correct program's do.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
