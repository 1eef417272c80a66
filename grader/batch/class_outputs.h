// What a class run leaves in its output folder, written from the students' current results
// (by `batch` and by `merge` alike):
//   gradebook.csv            one row per student (batch/gradebook_csv.h)
//   results.json             every student's full report (reports/json_report.h), instructor view
//   feedback/<id>.md, .html  each student's feedback, student view (hidden tests withheld)
//   summary.html             the class summary for the instructor (reports/class_summary.h)
// Each file is written to a temporary name and renamed, so a reader never sees half a file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/class_entry.h"

namespace sg {

/// Version of results.json's layout (key "format_version").
inline constexpr int kClassResultsJsonVersion = 1;

/// A file name for `student_id`: the id itself when it is made of letters, digits and ". _ - @"
/// (and does not start with '.'), otherwise those characters kept, others as '_', plus "-" and 8
/// hex digits of the id's SHA-256 so two ids never share a file.
std::string student_file_stem(const std::string& student_id);

/// Writes every output into `dir` (created if missing) and returns the paths written. Throws
/// std::runtime_error naming the file that could not be written.
std::vector<std::filesystem::path> write_class_outputs(const std::filesystem::path& dir,
                                                       const std::vector<ClassEntry>& entries);

}  // namespace sg
