// The test kinds this grader knows, by the name specs use (`kind: solve`), and spec validation
// that needs them: kind-specific keys, bound aspects, and the reference's expected results.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "kinds/test_kind.h"

namespace sg {

class KindRegistry {
 public:
  /// A registry with every built-in kind (print_succ, solve, priority_queue).
  static KindRegistry with_builtin_kinds();

  void add(std::unique_ptr<TestKind> kind);

  /// The kind named `name`, or nullptr.
  const TestKind* find(std::string_view name) const;

  std::vector<std::string> names() const;

  /// Validates every test of the assignment: known kind (with a did-you-mean), aspects in
  /// `grades` that the kind reports, kind-specific keys and inputs, and that the domain's
  /// action_order is honoured by every test. Throws SpecErrors listing every problem.
  void validate(const Assignment& assignment) const;

  /// Same, appending the problems to `errors` instead of throwing.
  void check(const Assignment& assignment, std::vector<SpecError>& errors) const;

  /// Loads the spec at `path` and validates it (load_spec(), then validate()). Throws SpecErrors
  /// listing every problem of both stages.
  Assignment load_valid_spec(const std::filesystem::path& path) const;

 private:
  std::vector<std::unique_ptr<TestKind>> kinds_;
};

}  // namespace sg
