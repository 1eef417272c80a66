// A program given invalid input (a `reject: true` test, whatever the kind): the test names an
// input the reference itself refuses (a start that is no state of the domain, a board with a
// tile repeated), the program is run on it as written, and must say so: print something about
// it, print no solution, not crash (an uncaught exception's traceback counts), not hit a limit.
// Its exit status is free (an error exit is a fine way to refuse), so the test must ignore it.
// Shared by search_program, iddfs_trace and the search kind's program adapter.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "adapters/program_input.h"
#include "checkers/state_text.h"
#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/observation.h"

namespace sg {

/// The first line of the program's stdout that holds a solution in the test's terms (a
/// "Solution Length" line, a (PATH-TO-GOAL ...) line, the adapter's path pattern), or nullopt:
/// the feedback quotes it.
using PrintsSolution = std::function<std::optional<NumberedLine>(const std::string& printed)>;

/// True for a `reject: true` test. Throws SpecError at `reject` when it is not a boolean.
bool rejects(const TestSpec& test);

/// Judges a program run on invalid input. `given` is that input as the test writes it (for
/// feedback: "given the invalid input [1, 2, 2, 4, 5, 0]: ..."). Aspect {rejection}; verdict
/// runtime_error on an uncaught exception, the stop's verdict on a limit or a signal, else
/// accepted (the engine does not judge the exit status: validate_rejection_test).
TestOutcome judge_program_rejection(const std::string& given, const Observation& observation,
                                    const PrintsSolution& prints_solution);

/// Throws SpecError at the test unless a `reject` test grades only `rejection` and ignores its
/// exit status (`exit_status: ignored`, the test's or the spec's submission's); `judged` are
/// the keys a reject test cannot have (a search's `searches`, ...), refused at their key.
void validate_rejection_test(const TestSpec& test, const std::vector<std::string>& judged);

/// Which of `keys` (e.g. "start", "goal") holds the input the reference refuses: the key at
/// which `read` (the reference reading the test's input) throws SpecError. Throws SpecError at
/// the first key when `read` succeeds ("the reference reads this as a valid ..."), and rethrows
/// an error located elsewhere (an unknown domain, a bad size) as it is.
std::string refused_key(const TestSpec& test, const std::vector<std::string>& keys,
                        const std::function<void()>& read);

/// refused_key for the test's `start` on its domain (search_domain: a node the graph lacks, a
/// board with a tile repeated or missing). Throws SpecError as refused_key.
void require_refused_start(const Assignment& assignment, const TestSpec& test);

/// The refused start's placeholders: {start} as the test writes it, the rest from its domain as
/// domain_values fills them ({goal}, {graph}, {map}; a board's {rows}, {cols}, {n}, {goal} and
/// {goal:NAME}); no {start:NAME}, which only a valid board has.
TemplateValues refused_start_values(const Assignment& assignment, const TestSpec& test);

/// Throws SpecError at the test when a template of `run` asked for the refused input in a named
/// notation ({start:python_rows}, left unfilled), which only a valid board has.
void require_written_as_given(const TestSpec& test, const ProgramRun& run);

/// program_input for a `reject` test, checked by require_written_as_given.
ProgramRun rejected_program_input(const TestSpec& test, const ProgramInputDefaults& defaults,
                                  const TemplateValues& values);

/// The test's `start` as written: its text, or its YAML value as JSON text.
std::string written_start(const TestSpec& test);

}  // namespace sg
