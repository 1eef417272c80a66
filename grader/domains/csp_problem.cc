#include "domains/csp_problem.h"

#include <stdexcept>

#include "reference/csp_problems.h"
#include "spec/test_keys.h"

namespace sg {

CspProblem read_csp_problem(const TestSpec& test) {
  const nlohmann::json& given = read_mapping(test, "/csp", {"sudoku", "nqueens", "map"},
                                             "csp: {sudoku: \"003020600...\"}, {nqueens: 8} or "
                                             "{map: australia}");
  if (given.size() != 1)
    throw SpecError(location_of(test, "/csp"), "csp names one problem: sudoku, nqueens or map");
  CspProblem problem;
  try {
    if (given.contains("sudoku")) {
      if (!given["sudoku"].is_string())
        throw SpecError(location_of(test, "/csp/sudoku"),
                        "sudoku: the puzzle's 81 (or 16) characters, as a string");
      problem.family = CspProblem::Family::sudoku;
      problem.written = given["sudoku"].get<std::string>();
      problem.csp = std::make_shared<const ref::Csp>(ref::sudoku_csp(problem.written));
    } else if (given.contains("nqueens")) {
      const long long n = read_whole(test, "/csp/nqueens", 1, 64);
      problem.family = CspProblem::Family::nqueens;
      problem.written = std::to_string(n);
      problem.csp = std::make_shared<const ref::Csp>(ref::nqueens_csp(static_cast<int>(n)));
    } else {
      problem.written = read_name(test, "/csp/map", "");
      if (problem.written != "australia")
        throw SpecError(location_of(test, "/csp/map"), "map: australia (AIMA's figure 6.1)");
      problem.csp = std::make_shared<const ref::Csp>(ref::australia_csp());
    }
  } catch (const std::invalid_argument& error) {
    throw SpecError(location_of(test, "/csp"), error.what());
  }
  return problem;
}

}  // namespace sg
