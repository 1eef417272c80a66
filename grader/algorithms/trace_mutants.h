// Mutants of a print_succ / solve function (the successor-listing and solve-trace family, on any
// domain): what a function with one mistake students make prints, in the test's own line
// templates, so `audit` can judge each as a student's output and say which test catches it.
//
// The catalogue (each only where the test can show it):
//   listing  successors_in_other_order  the domain's order where ascending is asked, or sorted
//                                       where the domain's order is
//            successors_reversed        (when both orders agree) the successors in reverse
//            h_is_f                     f = cost + h printed where h is asked
//            the domain's heuristic slips (a tile h counting the blank) and listing slips (a
//            print_succ that lists the state itself when two blanks are adjacent)
//   solve    greedy_not_astar           A*'s frontier ordered by h alone
//            the domain's heuristic slips, along the same path
//            queue_count_minus_one      -1 printed for the max queue length
#pragma once

#include <string>
#include <vector>

#include "algorithms/search_algorithm.h"
#include "checkers/domain_trace_checker.h"
#include "domains/search_domain.h"
#include "reference/queue_length.h"

namespace sg {

/// What a function with one mistake prints.
struct PrintedMutant {
  std::string id;       ///< Catalogue id, e.g. "h_is_f".
  std::string mistake;  ///< In the student's terms.
  std::string printed;  ///< Its whole output.
};

/// The listing's mutants. `ascending`: the test asks for the successors in ascending order, as
/// `less` (Python's order of the domain's states) sorts them.
std::vector<PrintedMutant> listing_mutants(const SearchDomain& domain,
                                           const DomainListingExpected& expected,
                                           const StateNotation& notation, bool ascending,
                                           const ref::StateLess& less);

/// The solve trace's mutants, for `algorithm` run on `domain`.
std::vector<PrintedMutant> path_mutants(const SearchDomain& domain,
                                        const SearchAlgorithm& algorithm,
                                        const DomainPathExpected& expected,
                                        const StateNotation& notation);

}  // namespace sg
