// print_succ and solve composed from the spec's parts: a domain the spec names under `domains:`
// (a graph, a grid maze) or its sliding-tile `domain`, the function called through the spec's
// function adapter with the test's `call:` words (e.g. `print_succ(graph, heuristic, state)`),
// what it prints read through the test's line templates (notation/line_template.h) and judged by
// checkers/domain_trace_checker.h. A tile test in the seed form (no `call:`) is shorthand for
// one such composition (composed_form); the tile domain's own hints come with the domain.
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

#include "checkers/domain_trace_checker.h"
#include "domains/search_domain.h"
#include "kinds/test_kind.h"
#include "notation/line_template.h"

namespace sg {

/// The line template the test writes at `key` (or `fallback`), with the fields `allowed`, read
/// with the spec's layout (`notation: {layout: exact}`, else spacing-free). Throws SpecError at
/// the key: not text, an unknown field, no field.
LineTemplate line_template(const Assignment& assignment, const TestSpec& test,
                           const std::string& key, const char* fallback,
                           const std::vector<std::string>& allowed);

/// How the domain reads a printed state (a board in any notation reads as what it is, and its
/// line's format is then judged against the spec's) and writes one.
StateNotation notation_of(const SearchDomain& domain);

/// True when the test is a composition of the spec's parts: it names one of the spec's `domains`
/// (`domain:`) or gives its `call:` (then on the spec's sliding-tile `domain`), so the function
/// adapter makes the call, the test's line templates read what it prints and the shared
/// judgements judge it. Otherwise the test is a tile test in the seed form: see composed_form.
bool composed_test(const TestSpec& test);

/// A sliding-tile print_succ or solve test written in the seed form (`state:`, no `call:`) as
/// the composed test it stands for: `print_succ(state)` listed in the order the spec's `search:`
/// prescribes, or `solve(start)` with the spec's `search:` as its algorithm (its tie-break and
/// its frontier update); the test's `function:` renames the call. A print_path test (A2's
/// printPath_8p, on any domain) is `printPath_8p(start, goal, path)`, handed the path iterative
/// deepening finds within its `limit`. A composed test is returned as it is.
TestSpec composed_form(const Assignment& assignment, const TestSpec& test);

/// Throws SpecError unless the spec calls functions (`adapter: {type: function}`) and the test
/// gives its `call:`: what a test that composes the spec's parts needs.
void require_function_adapter(const Assignment& assignment, const TestSpec& test);

/// Throws SpecError at the first of `keys` (the composed tests' own: line, order, start, ...) that
/// a tile test without `call:` gives, which that test would ignore: it says to give `call:`.
void refuse_composed_keys(const TestSpec& test, const std::vector<std::string>& keys);

/// The keys these tests add to their kind's.
std::vector<std::string> domain_listing_keys();
std::vector<std::string> domain_path_keys();

/// Throws SpecError at the offending key (templates, domain, state, algorithm, call).
void validate_domain_listing(const Assignment& assignment, const TestSpec& test);
void validate_domain_path(const Assignment& assignment, const TestSpec& test);

/// Throws SpecError at the offending key of a print_path test (composed): no path within its
/// limit, a line template with an unknown field.
void validate_handed_path(const Assignment& assignment, const TestSpec& test);

/// Calls the test's `call:` through the function adapter (any of these kinds).
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
/// A print_path test's outcome: `prints` (something was printed; the format is the student's
/// choice unless the test gives `line:`), and with `line:` the printed path judged as a solve
/// trace is, against the path handed in (path, heuristic, format).
TestOutcome evaluate_handed_path(const Assignment& assignment, const TestSpec& test,
                                 const Observation& observation);

/// Mutants: the listing in the other order and with h left out (0); a path found by uniform-cost
/// search when the heuristic should have been used (h printed as 0).
std::vector<MutantOutcome> domain_listing_mutants(const Assignment& assignment,
                                                  const TestSpec& test,
                                                  const std::vector<std::string>& aspects);
std::vector<MutantOutcome> domain_path_mutants(const Assignment& assignment, const TestSpec& test,
                                               const std::vector<std::string>& aspects);

}  // namespace sg
