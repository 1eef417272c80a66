// The student copy of a spec, for handing out with the assignment (`searchgrader export-student`):
// the same spec with every test whose visibility is not `visible` removed, so students can run
// the visible tests themselves (`searchgrader check`) without learning a hidden test's name,
// inputs or expected output. The rubric is kept whole; a header comment says which criteria are
// also (or only) graded by hidden tests.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace sg {

struct StudentSpec {
  std::string yaml;  ///< The student copy: header comment, then the filtered spec.
  std::size_t kept_tests = 0;
  std::size_t removed_tests = 0;
  /// Criteria graded by at least one removed test, rubric order.
  std::vector<std::string> criteria_with_hidden_tests;
  /// Criteria graded only by removed tests. A criterion no test grades does not validate, so the
  /// copy marks these `manual: true` (their points stay in the rubric as "graded later").
  std::vector<std::string> criteria_only_hidden;
  /// The spec's support files, to hand out beside the copy: the name the copy gives each
  /// (relative to the copy, as in the original) and where the file is now.
  std::vector<std::pair<std::string, std::filesystem::path>> support_files;
};

/// Builds the student copy of the spec at `spec_path`. Comments of the original are not kept
/// (yaml-cpp drops them); mapping keys keep their order. The copy stands on its own: `domains`
/// that only hidden tests use are removed (a hidden test's maze is its input), and the others'
/// `file:` is written into the copy. The result loads with load_spec once its support files
/// are beside it.
/// Throws SpecError if the spec is invalid or has no visible test (nothing to hand out).
StudentSpec make_student_spec(const std::filesystem::path& spec_path);

}  // namespace sg
