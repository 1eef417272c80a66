// Class intake: from what an instructor downloads to one submission per student. Three layouts
// are recognised, in a folder or in an archive (zip/tar, unpacked into a staging folder first):
//   folders     one entry per student: a folder (student id = folder name) or a single file
//               (student id = file name without its extension);
//   gradescope  "Export Submissions": submission_<id>/ folders plus submission_metadata.yml,
//               whose :submitters: give each student's name, email and SID (a group
//               submission yields one entry per member, sharing the folder);
//   canvas      "Download Submissions": flat files `name[_LATE]_userid_submissionid_file`,
//               grouped per Canvas user id into a staged folder of their original names.
// An archive holding a single wrapping folder is unwrapped first. Hidden entries (".x",
// "__MACOSX") are ignored.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace sg {

/// Input that is not a class: unreadable, no students, a student id that occurs twice, a broken
/// submission_metadata.yml. The message names the file and what was expected.
class ClassInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ClassLayout { folders, gradescope, canvas };

/// "folders", "gradescope", "canvas".
const char* to_string(ClassLayout layout);

/// One student's submission, ready to grade.
struct ClassSubmission {
  std::string student_id;      ///< Unique within the class: the gradebook's key.
  std::string student_name;    ///< Empty when the layout has no names (folders).
  std::filesystem::path path;  ///< The folder or file to grade (maybe inside the staging folder).
  std::string source;          ///< Where it came from, for people: "canvas.zip: smith_12_34_a.py".
  bool late = false;           ///< Canvas marked it late.
};

struct ClassIntake {
  ClassLayout layout = ClassLayout::folders;
  std::vector<ClassSubmission> submissions;  ///< Sorted by student id.
  std::vector<std::string> warnings;         ///< Skipped entries and why.
};

struct IntakeOptions {
  /// Where archives are unpacked and Canvas files regrouped; each input gets its own subfolder.
  std::filesystem::path staging_dir;
  /// Entries of an input folder never taken as students (e.g. the output folder inside it).
  std::vector<std::filesystem::path> exclude;
};

/// Reads one INPUT (a folder or an archive). `index` distinguishes inputs' staging subfolders.
/// Throws ClassInputError.
ClassIntake read_class_input(const std::filesystem::path& input, const IntakeOptions& options,
                             int index = 0);

/// Reads every input and joins them; a student id present in two inputs is an error naming
/// both sources. Throws ClassInputError.
std::vector<ClassSubmission> read_class(const std::vector<std::filesystem::path>& inputs,
                                        const IntakeOptions& options,
                                        std::vector<std::string>* warnings = nullptr);

}  // namespace sg
