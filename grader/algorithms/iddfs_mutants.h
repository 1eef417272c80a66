// Mutants of an iterative-deepening program that prints its trace (seed 001's family,
// iddfs_trace tests): the reference's traced IDDFS (reference/iddfs.h) with one mistake students
// make, so `audit` can print each one's trace and judge it as a student's output.
//
// The catalogue:
//   moves_reversed      the moves tried in the reverse of the required order
//   limit_starts_at_0   depth limit 0 first, checking the start aloud
//   skips_first_limit   the first depth limit skipped (an off-by-one in the loop)
#pragma once

#include <string>
#include <vector>

#include "reference/iddfs.h"

namespace sg {

struct IddfsMutant {
  std::string id;       ///< Catalogue id, e.g. "limit_starts_at_0".
  std::string mistake;  ///< In the student's terms.
  ref::IddfsOptions options;
};

/// The catalogue's mutants of `options` (the test's semantics), in catalogue order.
/// `blank_moves`: the moves are a board's blank's (feedback says so).
std::vector<IddfsMutant> iddfs_mutants(const ref::IddfsOptions& options, bool blank_moves);

}  // namespace sg
