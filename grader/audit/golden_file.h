// Golden expectations: the reference's expected output for every test of a spec, frozen in a
// reviewable file beside it (specs/golden/NAME.yaml) by `searchgrader expect SPEC --write`.
// `validate` recomputes them and fails where they differ, so a change to the reference that
// would change students' grades shows up in review, not in a gradebook.
//
//   # specs/golden/road-map-search.yaml
//   spec: road-map-search.yaml
//   tests:
//     bfs-romania: |-
//       path (3 steps, cost 450): Arad, Sibiu, Fagaras, Bucharest
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "kinds/kind_registry.h"
#include "model/assignment.h"

namespace sg {

/// Test id and its expected output, in the spec's test order.
using ExpectedOutputs = std::vector<std::pair<std::string, std::string>>;

/// The reference's expected output of each test (TestKind::expected_output). A test whose
/// expected output cannot be computed throws (SpecError, or what the kind threw).
ExpectedOutputs compute_expected_outputs(const Assignment& assignment, const KindRegistry& kinds);

/// specs/NAME.yaml -> specs/golden/NAME.yaml.
std::filesystem::path golden_path_of(const std::filesystem::path& spec);

/// The golden file's text for `outputs` (YAML; multi-line outputs as literal blocks).
std::string render_golden(const std::filesystem::path& spec, const ExpectedOutputs& outputs);

/// Differences between the golden file at `golden` and `outputs`, each at the golden file's
/// line (a test whose output changed, a test missing from it, one it holds that the spec does
/// not). Empty when they agree. A malformed golden file is one error at its location.
std::vector<SpecError> compare_golden(const std::filesystem::path& golden,
                                      const ExpectedOutputs& outputs);

}  // namespace sg
