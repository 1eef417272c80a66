// The judgements of a constraint satisfaction test, over any Csp (reference/csp.h): an answer read
// as an assignment (a Sudoku's digits, N-Queens' rows in column order, a map's colours) is
// complete, keeps every variable in its domain (a Sudoku's givens) and violates no constraint;
// and the method a program names (ColumbiaX's "AC3" or "BTS") is the one that solved it: AC-3
// alone exactly where AC-3 alone solves the puzzle. Feedback names the first violated constraint
// and its variables. No process is run here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/grade_report.h"
#include "reference/csp.h"

namespace sg {

/// The answer in `text` as an assignment of `csp`: its words (letters and digits) are the values
/// in the variables' order, or (for a Sudoku, `digits` true) its digits are; nullopt with `why`
/// set when their number or a value is not the CSP's.
std::optional<ref::CspAssignment> read_csp_answer(const ref::Csp& csp, const std::string& text,
                                                  bool digits, std::string& why);

/// Aspect "solution": `answer` is complete, every value in its variable's domain, and violates
/// no constraint. `shown` is how feedback writes the answer.
AspectOutcome judge_csp_solution(const ref::Csp& csp, const ref::CspAssignment& answer);

/// Aspect "method": `named` (what the program said, nullopt when nothing) is `expected`, the
/// method that solves the puzzle ("AC3" where AC-3 alone does, else "BTS"); `why` says why it is
/// that one.
AspectOutcome judge_csp_method(const std::optional<std::string>& named, const std::string& expected,
                               const std::string& why);

}  // namespace sg
