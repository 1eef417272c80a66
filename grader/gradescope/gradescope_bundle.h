// The Gradescope autograder bundle: the zip an instructor uploads to Gradescope. At its root:
// setup.sh (installs packages, builds searchgrader from the sources in the zip), run_autograder
// (grades /autograder/submission, always writes /autograder/results/results.json), spec/<file>
// (the assignment's spec) with every file it refers to beside it at the same relative path (maze
// and graph files, support files, specs/calibration/<file>), and searchgrader-src/ (the project's
// sources). The two scripts are
// templates kept beside this file (grader/gradescope/setup.sh, run_autograder); see
// docs/gradescope.md for what Gradescope does with each.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sg {

/// One file of the bundle: its path inside the zip ('/'-separated, relative), its bytes and its
/// permission bits (0755 for the scripts, 0644 otherwise).
struct BundleFile {
  std::string path;
  std::string contents;
  unsigned mode = 0644;
};

/// Every file of the bundle for the spec at `spec_path`, sorted by path. `source_dir` is the
/// project's source folder (it must hold CMakeLists.txt and grader/gradescope/); everything in it
/// is included under searchgrader-src/ except hidden entries (.git), build folders (any folder
/// named build* or holding a CMakeCache.txt), symbolic links to folders and __pycache__.
/// `referenced` are the files the spec refers to (Assignment::referenced_files), bundled under
/// spec/ at their path relative to the spec's folder. Throws std::runtime_error naming the file or
/// folder for unreadable input, a referenced file outside the spec's folder, or a source folder
/// that is not SearchGrader's.
std::vector<BundleFile> gradescope_bundle_files(
    const std::filesystem::path& spec_path, const std::filesystem::path& source_dir,
    const std::vector<std::filesystem::path>& referenced = {});

/// Writes `files` as a zip archive to `out` (through a temporary file renamed into place).
/// Throws std::runtime_error naming `out` and libarchive's message on failure.
void write_zip(const std::vector<BundleFile>& files, const std::filesystem::path& out);

}  // namespace sg
