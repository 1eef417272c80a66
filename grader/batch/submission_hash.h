// A submission's content hash: what the results store keys a grade on, so an unchanged
// submission is never graded twice and a changed one always is. Covers file names (relative to
// the submission) and bytes, independent of directory listing order, timestamps and permissions.
#pragma once

#include <filesystem>
#include <string>

namespace sg {

/// SHA-256 (64 lowercase hex digits) of `submission`: a file (its name and bytes) or a folder
/// (every regular file below it, by relative path; symlinks are hashed as their target path,
/// never followed). Throws std::runtime_error naming the file if one cannot be read.
std::string submission_content_hash(const std::filesystem::path& submission);

}  // namespace sg
