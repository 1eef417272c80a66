// search_program: runs a command-line program that reads a sliding-tile puzzle from a file (seed
// 002's: n x n as JSON, notation/json_puzzle.h; any other course's: written from `input_text`,
// any rows x cols of the spec's `domain`) and runs one or more searches on it, then
// judges each search's reported solution against the reference. Also judges how the program
// rejects an invalid input file.
//
// What the program prints, per search, in the order the test lists the searches (the seed's
// report): a line "Boards Generated: N", a line "Solution Length: N", then one line per move
// holding `:action :MOVE` (MOVE = up, down, left, right: the direction the BLANK moves) and
// optionally `:new-state [[...] ...]`, the board after the move. Each "Boards Generated" line
// starts the next search's section; any other lines (headers such as "A* Search") are ignored.
// A ":" or " -" may separate a label from its number, as in the seed.
//
// Spec keys:
//   puzzle       {n, start, goal} written as the input file (rows as lists, 0 the blank); or
//   start, goal  a board of the spec's sliding-tile `domain` (any rows x cols, bounded, one
//                blank), in the spec's board notation; `goal` defaults to the domain's; or
//   puzzle_text  the input file's exact text (for invalid inputs: missing keys, bad JSON, ...)
//   input        the input file's name in the working directory (default "puzzle.json")
//   input_text   the file's text, a template (adapters/program_input.h): default "{json}", the
//                puzzle as seed 002 writes it; {n}, {start}, {goal} (the spec's board notation),
//                {start:python_rows} and the like write any other course's format
//   args         list of strings after the program command, e.g. [puzzle.json, astar-manhattan]
//   searches     (with `puzzle`) one entry per section, in print order: {search: NAME,
//                optimal: bool (default true), bound: N (a depth bound the path must respect)}.
//                NAME is free text used in feedback and in `fewer_boards` (e.g. dfs, ids, ucs,
//                astar-manhattan, astar-misplaced).
//   fewer_boards optional list of [A, B]: search A must report no more boards generated than B
//                (plausibility: A* with an admissible heuristic generates no more than uniform
//                cost on the same instance).
//   move_names   the words printed for the blank's moves: `lower` (the seed's, default),
//                `upper` or {up: U, down: D, left: L, right: R}; read case-blind
//   reject       true: the input is invalid; the program must say so without a crash (any exit
//                status: the test needs `exit_status: ignored`). The invalid input is
//                `puzzle_text` (the file, which the reference must not read as seed 002's JSON)
//                or `start`, a board the spec's `domain` cannot hold (the reference must refuse
//                it), written as given by the test's `input_text` ({start}; {goal}, {rows},
//                {cols}, {n} from the domain)
// Aspects:
//   path       each section's moves are legal from the start, reach the goal, are as short as
//              the reference's shortest path where `optimal`, respect `bound`; printed states
//              (if any) are the boards after each move
//   length     each "Solution Length" equals its section's number of moves
//   generated  each "Boards Generated" is a number at least the solution length (every board on
//              the path was generated), and the `fewer_boards` comparisons hold
//   rejection  (reject tests) something was printed about the input, no solution was printed,
//              no crash or uncaught exception, no hang
//   (and `exit`, from the engine, under `exit_status: graded`: engine/test_verdict.h)
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class SearchProgramKind : public TestKind {
 public:
  std::string_view name() const override { return "search_program"; }
  std::vector<std::string> aspects() const override {
    return {"path", "length", "generated", "rejection"};
  }
  std::vector<std::string> keys() const override {
    return {"puzzle", "start",    "goal",         "puzzle_text", "input",  "input_text",
            "args",   "searches", "fewer_boards", "reject",      "report", "move_names"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants (not for `reject` tests): the path mistakes of algorithms/board_program_mutants.h
  /// (the length counting boards, a two-move detour, a path one move short) and 0 boards
  /// generated; each printed report judged as a student's program output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
