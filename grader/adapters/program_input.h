// What a program is given, written from the spec's templates: its arguments, an input file and
// its text, each a template whose placeholders ({start}, {goal}, {rows}, {map}, ...) the test's
// domain or boards fill. A course whose program reads `3 3` then two boards a line, or JSON, or
// a maze map, says so in YAML (`input_text: "{rows} {cols}\n{start}\n{goal}\n"`), not in C++.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "adapters/program_run.h"
#include "domains/search_domain.h"
#include "model/assignment.h"
#include "notation/board_notation.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// Placeholder ("{start}") and the text it stands for, filled in order.
using TemplateValues = std::vector<std::pair<std::string, std::string>>;

/// `text` with every placeholder of `values` replaced, in order; a filled-in value is not
/// scanned again, so a board that prints `{` cannot be mistaken for a placeholder.
std::string fill_template(std::string text, const TemplateValues& values);

/// A board problem's placeholders: {rows}, {cols}, {start} and {goal} in `notation` (the spec's
/// board notation), and {start:NAME} / {goal:NAME} in each named notation (`python_rows` for a
/// JSON file, whatever the spec's notation is). Throws std::invalid_argument when a board does
/// not fit `shape`.
TemplateValues board_values(const ref::Tiles& start, const ref::Tiles& goal, BoardShape shape,
                            const BoardNotation& notation);

/// A domain's placeholders: {start} (the initial state as the domain writes it), {goal} (the
/// first goal), {map} (a maze's text), {graph} (a graph's edges, "from to cost" a line); a board
/// domain's as board_values.
TemplateValues domain_values(const SearchDomain& domain);

/// How a kind runs its program when the test says nothing: the seed's command line and file.
struct ProgramInputDefaults {
  std::vector<std::string> args;  ///< Templates, e.g. {"{input}"}.
  std::string file_key;           ///< The test's key naming the input file: "input_file".
  std::string file_name;          ///< When the test names none: "input.txt"; "" for no file.
  std::string file_text;          ///< Template of the file's text.
};

/// The test's program input: `args` (a list of templates), the file named by `file_key` and its
/// text `input_text` (a template), each the test's or else `defaults`'s, filled from `values`
/// plus {input} (the file's name). Throws SpecError at the offending key: args not a list of
/// strings, a file name with a `/` or a leading dot, input_text not text.
ProgramRun program_input(const TestSpec& test, const ProgramInputDefaults& defaults,
                         const TemplateValues& values);

/// The same checks without filling anything, for `validate`.
void validate_program_input(const TestSpec& test, const ProgramInputDefaults& defaults);

}  // namespace sg
