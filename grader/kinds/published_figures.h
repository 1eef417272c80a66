// `cross_check: {moves: 11, max_queue_length: 4}`: figures an assignment publishes (its handout's
// "Max queue length: 27944", a walk-through's path) that the reference's run of the test must
// reproduce. A mismatch is the spec's error, never the student's: it says the reference's
// semantics or the spec is wrong, at `validate`. Each kind says which figures it can compute.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "model/assignment.h"

namespace sg {

/// One figure the reference computed for the test: its value (a number or a word, compared as
/// JSON) and how feedback shows it (e.g. "a path of 6 moves", or empty for the value itself).
struct ReferenceFigure {
  nlohmann::json value;
  std::string shown;
};

/// Checks the test's `cross_check` (if any) against `figures` (name -> the reference's figure).
/// `from` says what the reference ran on, for the message ("from [1, 2, 0]"; may be empty).
/// Throws SpecError at /cross_check when it is not a mapping, names a figure not in `figures`,
/// or pins a value the reference does not reproduce.
void check_published_figures(const TestSpec& test,
                             const std::map<std::string, ReferenceFigure>& figures,
                             const std::string& from = "");

}  // namespace sg
