// Where a submission's files are: students upload a single file under another name
// ("torus_puzzle (2).py"), or a folder that wraps the real one (hw2/torus_puzzle.py), or a folder
// whose one candidate was renamed by the browser ("torus_puzzle (1).py"). This finds the folder
// holding the required files, or says plainly what was expected and what was found. With
// SubmissionInterface::accept (A2: one notebook or .py file of any name, "Darcy-A2.ipynb") it finds
// that one file, given directly or in a folder, and stages it as `module` + its extension.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "model/invocation.h"

namespace sg {

struct SubmissionLayout {
  std::filesystem::path root;        ///< What the runner copies (a directory or a single file).
  std::vector<PlacedFile> renamed;   ///< A single file staged under the required name.
  std::vector<std::string> missing;  ///< Required files not found.
  std::string missing_feedback;      ///< Feedback for every test when files are missing.
  std::vector<std::string> notes;    ///< What was adjusted, for the report.
  /// Sum of the sizes of the submission's regular files (symbolic links not followed), bytes.
  std::uint64_t size_bytes = 0;
};

/// Inspects `submission`. Throws std::invalid_argument if it does not exist.
SubmissionLayout inspect_submission(const std::filesystem::path& submission,
                                    const SubmissionInterface& interface);

}  // namespace sg
