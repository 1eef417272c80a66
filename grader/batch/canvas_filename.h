// Canvas "Download Submissions" names every file `name_userid_submissionid_original` (and
// `name_LATE_userid_submissionid_original` when late), where name is the student's name squashed
// to lowercase letters ("smithjane"), and a re-uploaded file's original name may carry Canvas's
// "-1" suffix ("torus_puzzle-1.py"). This parses one such name.
#pragma once

#include <optional>
#include <string>

namespace sg {

struct CanvasFileName {
  std::string name;           ///< "smithjane"
  std::string user_id;        ///< Canvas user id (digits): the student's identity.
  std::string submission_id;  ///< Digits; empty for the older `name_userid_original` form.
  std::string original;       ///< The file name the student uploaded, Canvas's "-N" removed.
  bool late = false;
};

/// Parses `file_name` (no directory part); nullopt if it does not follow Canvas's pattern.
std::optional<CanvasFileName> parse_canvas_file_name(const std::string& file_name);

}  // namespace sg
