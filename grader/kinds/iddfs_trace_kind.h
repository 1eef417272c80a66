// iddfs_trace: runs a command-line IDDFS program (seed 001) on an input file and checks what it
// prints against the reference's iterative deepening (reference/iddfs.h), with the trace and the
// final path as separate aspects (checkers/iddfs_trace_checker.h); the exit status is judged by
// the engine under the spec's `exit_status` (engine/test_verdict.h).
//
// Spec keys for a board; the boards are read in the spec's board notation (`notation: {state:
// lisp}` for the seed, notation/board_notation.h):
//   dimensions  "(3 4)"   columns, then rows (seed 001's line); or `rows` and `cols`
//   start       "((7 * 2) (9 6 4) (13 14 9) (0 11 10))"
//   goal        "((7 6 2) (9 4 9) (13 14 10) (* 0 11))"
//   input_file  name of the file written into the working directory (default "input.txt")
//   input_text  the file's text, a template (adapters/program_input.h; default the seed's three
//               lines "{dimensions}\n{start}\n{goal}\n", {start} and {goal} as the test writes
//               them; {rows}, {cols}, {start:python_rows} and the like for other courses)
//   args        the program's arguments, templates (default ["{input}"])
//   move_names  the words printed for the blank's moves: `lower`, `upper` (the seed's, default)
//               or {up: U, down: D, left: L, right: R}; read in any case, shown as written
//   max_depth   deepest iteration the reference may need (default 12; more is a spec error)
//   cross_check {moves, trace_lines}: figures pinned from the assignment that the reference must
//               reproduce (a mismatch is a spec error, never the student's fault)
//   reject      true: the `start` or `goal` is a board the reference refuses (a tile repeated or
//               missing, a row too short), or a domain's `start` a state it lacks; the program,
//               given it as written, must say so without a crash and print no path
//               (adapters/program_rejection.h; aspect `rejection`, `exit_status: ignored`)
// A graph or maze (`domain:` one of the spec's `domains`) takes `args` ({start}, {goal}) and,
// when given, `input_file` with `input_text` ({map}, {graph}).
// Aspects: trace, path (rejection for `reject` tests). Semantics (the seed's): the blank tries up,
// down, left, right; depth limits 1, 2, ...; (CHECK) and the goal test only at the depth limit; the
// start is tested silently first, so a start equal to the goal prints only (PATH-TO-GOAL ()).
#pragma once

#include "kinds/test_kind.h"

namespace sg {

class IddfsTraceKind : public TestKind {
 public:
  std::string_view name() const override { return "iddfs_trace"; }
  std::vector<std::string> aspects() const override { return {"trace", "path", "rejection"}; }
  std::vector<std::string> keys() const override {
    return {"dimensions", "rows",      "cols",       "start",       "goal",   "input_file",
            "input_text", "args",      "max_depth",  "cross_check", "domain", "move_line",
            "check_line", "path_line", "move_names", "reject"};
  }
  void validate(const Assignment& assignment, const TestSpec& test) const override;
  Invocation invocation(const Assignment& assignment, const TestSpec& test,
                        const GradingContext& context) const override;
  TestOutcome evaluate(const Assignment& assignment, const TestSpec& test,
                       const Observation& observation) const override;
  /// Mutants: the reference's IDDFS with the moves reversed, with limits from 0, and skipping
  /// the first limit; each printed trace judged as a student's output.
  std::vector<MutantOutcome> mutant_outcomes(const Assignment& assignment,
                                             const TestSpec& test) const override;
};

}  // namespace sg
