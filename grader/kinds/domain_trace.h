// print_succ and solve on a domain the spec names under `domains:` (a graph, a grid maze): the
// function is called through the spec's function adapter with the test's `call:` words (e.g.
// `print_succ(graph, heuristic, state)`), and what it prints is read through the test's line
// templates (notation/line_template.h) and judged by checkers/domain_trace_checker.h. The
// sliding-tile tests of the two kinds (no `domain:`) keep their tile checkers and hints.
//
// Test keys, both:  domain, call, line (a line template)
//   print_succ:     state (whose successors are printed), order (as_listed | ascending),
//                   start and goal (a graph's; start defaults to state)
//   solve:          algorithm (the spec's `algorithms` name or a mapping), start and goal
//                   (graphs), exact_path, last_line (default "Max queue length: {max_frontier}"),
//                   max_queue_line (optional | required | forbidden), max_queue_length
//                   (feedback | exact | range)
#pragma once

#include <string>
#include <vector>

#include "kinds/test_kind.h"

namespace sg {

/// True when the test names one of the spec's `domains` (`domain:`).
bool on_named_domain(const TestSpec& test);

/// The keys these tests add to their kind's.
std::vector<std::string> domain_listing_keys();
std::vector<std::string> domain_path_keys();

/// Throws SpecError at the offending key (templates, domain, state, algorithm, call).
void validate_domain_listing(const Assignment& assignment, const TestSpec& test);
void validate_domain_path(const Assignment& assignment, const TestSpec& test);

/// Calls the test's `call:` through the function adapter (either kind).
Invocation domain_trace_invocation(const Assignment& assignment, const TestSpec& test,
                                   const GradingContext& context);

/// The outcome with the aspects successors, order, format (listing) or path, heuristic, format,
/// max_queue (path), in the order `aspects` names them.
TestOutcome evaluate_domain_listing(const Assignment& assignment, const TestSpec& test,
                                    const Observation& observation,
                                    const std::vector<std::string>& aspects);
TestOutcome evaluate_domain_path(const Assignment& assignment, const TestSpec& test,
                                 const Observation& observation,
                                 const std::vector<std::string>& aspects);

/// Mutants: the listing in the other order and with h left out (0); a path found by uniform-cost
/// search when the heuristic should have been used (h printed as 0).
std::vector<MutantOutcome> domain_listing_mutants(const Assignment& assignment,
                                                  const TestSpec& test,
                                                  const std::vector<std::string>& aspects);
std::vector<MutantOutcome> domain_path_mutants(const Assignment& assignment, const TestSpec& test,
                                               const std::vector<std::string>& aspects);

}  // namespace sg
