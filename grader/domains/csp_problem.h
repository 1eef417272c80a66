// The constraint satisfaction problem a test names (spec key `csp:`), built by the reference
// (reference/csp_problems.h): a Sudoku of 81 or 16 characters, N-Queens, or AIMA's map of
// Australia. Shared by the kinds that grade CSPs (kinds/csp_kind.h: a program's answer;
// kinds/csp_search_kind.h: what a Python search assigned).
#pragma once

#include <memory>
#include <string>

#include "model/assignment.h"
#include "reference/csp.h"

namespace sg {

struct CspProblem {
  enum class Family { sudoku, nqueens, map };
  std::shared_ptr<const ref::Csp> csp;
  Family family = Family::map;
  std::string written;  ///< As the test writes it: the Sudoku's characters, N, the map's name.
};

/// Reads `csp: {sudoku: "..."}`, `{nqueens: N}` (1 to 64) or `{map: australia}`. Throws SpecError
/// at the key (file:line:col) for anything else, or a puzzle the reference refuses.
CspProblem read_csp_problem(const TestSpec& test);

}  // namespace sg
