#include "batch/class_intake.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>
#include <system_error>

#include "batch/archive_extract.h"
#include "batch/canvas_filename.h"

namespace sg {

namespace fs = std::filesystem;

namespace {

constexpr const char* kGradescopeMetadata = "submission_metadata.yml";

bool ignored(const fs::path& entry, const std::vector<fs::path>& exclude) {
  const std::string name = entry.filename().string();
  if (name.empty() || name.front() == '.' || name == "__MACOSX") return true;
  std::error_code error;
  for (const auto& excluded : exclude)
    if (fs::exists(excluded) && fs::equivalent(entry, excluded, error)) return true;
  return false;
}

std::vector<fs::path> entries_of(const fs::path& dir, const std::vector<fs::path>& exclude) {
  std::vector<fs::path> entries;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (!ignored(entry.path(), exclude)) entries.push_back(entry.path());
  if (error)
    throw ClassInputError(
        fmt::format("{}: cannot list the folder: {}", dir.string(), error.message()));
  std::sort(entries.begin(), entries.end());
  return entries;
}

// Gradescope writes Ruby symbols as keys (":submitters"); accept plain keys too.
YAML::Node field(const YAML::Node& map, const std::string& key) {
  if (!map.IsMap()) return YAML::Node();
  if (const YAML::Node value = map[":" + key]) return value;
  if (const YAML::Node value = map[key]) return value;
  return YAML::Node();
}

std::string text_field(const YAML::Node& map, const std::string& key) {
  const YAML::Node value = field(map, key);
  return value && value.IsScalar() ? value.as<std::string>() : std::string();
}

ClassIntake read_gradescope(const fs::path& root, const std::string& label) {
  const fs::path metadata_path = root / kGradescopeMetadata;
  YAML::Node metadata;
  try {
    metadata = YAML::LoadFile(metadata_path.string());
  } catch (const YAML::Exception& error) {
    throw ClassInputError(fmt::format("{}:{}:{}: invalid YAML: {}", metadata_path.string(),
                                      error.mark.line + 1, error.mark.column + 1, error.msg));
  }
  if (!metadata.IsMap()) {
    throw ClassInputError(fmt::format(
        "{}: expected a map of submission_<id> to {{:submitters: [...]}}", metadata_path.string()));
  }
  ClassIntake intake;
  intake.layout = ClassLayout::gradescope;
  for (const auto& item : metadata) {
    const std::string folder = item.first.as<std::string>();
    const fs::path path = root / folder;
    if (!fs::is_directory(path)) {
      intake.warnings.push_back(fmt::format("{}: {} is listed but has no folder; skipped",
                                            metadata_path.string(), folder));
      continue;
    }
    const YAML::Node submitters = field(item.second, "submitters");
    if (!submitters || !submitters.IsSequence() || submitters.size() == 0) {
      throw ClassInputError(fmt::format(
          "{}:{}: {}: expected `:submitters:` with a list of {{:name:, :email:, :sid:}}",
          metadata_path.string(), item.second.Mark().line + 1, folder));
    }
    for (const auto& submitter : submitters) {
      ClassSubmission submission;
      const std::string email = text_field(submitter, "email");
      const std::string sid = text_field(submitter, "sid");
      submission.student_id = !email.empty() ? email : !sid.empty() ? sid : folder;
      submission.student_name = text_field(submitter, "name");
      submission.path = path;
      submission.source = fmt::format("{}: {}", label, folder);
      intake.submissions.push_back(std::move(submission));
    }
  }
  return intake;
}

bool is_canvas_folder(const std::vector<fs::path>& entries) {
  if (entries.empty()) return false;
  for (const auto& entry : entries) {
    if (!fs::is_regular_file(entry)) return false;
    if (!parse_canvas_file_name(entry.filename().string())) return false;
  }
  return true;
}

ClassIntake read_canvas(const std::vector<fs::path>& entries, const fs::path& staging,
                        const std::string& label) {
  ClassIntake intake;
  intake.layout = ClassLayout::canvas;
  std::map<std::string, ClassSubmission> students;
  for (const auto& entry : entries) {
    const auto parsed = parse_canvas_file_name(entry.filename().string());
    ClassSubmission& student = students[parsed->user_id];
    const fs::path folder = staging / parsed->user_id;
    if (student.student_id.empty()) {
      student.student_id = parsed->user_id;
      student.student_name = parsed->name;
      student.path = folder;
      student.source = fmt::format("{}: {}", label, entry.filename().string());
      fs::create_directories(folder);
    } else {
      student.source += ", " + entry.filename().string();
    }
    student.late = student.late || parsed->late;
    fs::path target = folder / parsed->original;
    if (fs::exists(target)) {
      // Two uploads with the same original name: keep both, the later under Canvas's name.
      intake.warnings.push_back(fmt::format("{}: {} uploaded {} twice; kept both", label,
                                            parsed->user_id, parsed->original));
      target = folder / entry.filename();
    }
    fs::copy_file(entry, target, fs::copy_options::overwrite_existing);
  }
  for (auto& [id, student] : students) {
    if (student.late) student.source += " [late]";  // kept in the store's source_path
    intake.submissions.push_back(std::move(student));
  }
  return intake;
}

ClassIntake read_folders(const std::vector<fs::path>& entries, const std::string& label) {
  ClassIntake intake;
  intake.layout = ClassLayout::folders;
  std::map<std::string, fs::path> seen;
  for (const auto& entry : entries) {
    if (!fs::is_directory(entry) && !fs::is_regular_file(entry)) {
      intake.warnings.push_back(fmt::format("{}: not a file or folder; skipped", entry.string()));
      continue;
    }
    ClassSubmission submission;
    submission.student_id =
        fs::is_directory(entry) ? entry.filename().string() : entry.stem().string();
    if (const auto [it, added] = seen.emplace(submission.student_id, entry); !added) {
      throw ClassInputError(fmt::format("{} and {} are both student \"{}\": rename one",
                                        it->second.string(), entry.string(),
                                        submission.student_id));
    }
    submission.path = entry;
    submission.source = fmt::format("{}: {}", label, entry.filename().string());
    intake.submissions.push_back(std::move(submission));
  }
  return intake;
}

}  // namespace

const char* to_string(ClassLayout layout) {
  switch (layout) {
    case ClassLayout::folders:
      return "folders";
    case ClassLayout::gradescope:
      return "gradescope";
    case ClassLayout::canvas:
      return "canvas";
  }
  return "?";
}

ClassIntake read_class_input(const fs::path& input, const IntakeOptions& options, int index) {
  const std::string label = input.filename().string();
  fs::path root = input;
  const fs::path staging =
      options.staging_dir / fmt::format("{}-{}", index, input.filename().string());
  std::vector<std::string> extract_warnings;
  if (fs::is_regular_file(input)) {
    if (!looks_like_archive(input)) {
      throw ClassInputError(
          fmt::format("{}: expected a folder of submissions or an archive (.zip, .tar, .tar.gz)",
                      input.string()));
    }
    root = staging / "unpacked";
    fs::remove_all(root);
    try {
      const ExtractResult extracted = extract_archive(input, root);
      for (const auto& skipped : extracted.skipped)
        extract_warnings.push_back(fmt::format("{}: {}: skipped", input.string(), skipped));
    } catch (const ArchiveError& error) {
      throw ClassInputError(error.what());
    }
    // Unwrap a single folder around everything (Gradescope's assignment_<id>_export/).
    for (;;) {
      const auto entries = entries_of(root, {});
      if (entries.size() != 1 || !fs::is_directory(entries.front()) ||
          fs::exists(root / kGradescopeMetadata))
        break;
      root = entries.front();
    }
  } else if (!fs::is_directory(input)) {
    throw ClassInputError(fmt::format("{}: no such folder or archive", input.string()));
  }

  ClassIntake intake;
  if (fs::exists(root / kGradescopeMetadata)) {
    intake = read_gradescope(root, label);
  } else {
    const auto entries = entries_of(root, options.exclude);
    if (is_canvas_folder(entries)) {
      const fs::path canvas = staging / "canvas";
      fs::remove_all(canvas);
      intake = read_canvas(entries, canvas, label);
    } else {
      intake = read_folders(entries, label);
    }
  }
  if (intake.submissions.empty()) {
    throw ClassInputError(fmt::format(
        "{}: no submissions found (expected per-student folders or files, a Gradescope export "
        "with {}, or Canvas files named name_userid_submissionid_file)",
        input.string(), kGradescopeMetadata));
  }
  intake.warnings.insert(intake.warnings.begin(), extract_warnings.begin(), extract_warnings.end());
  std::stable_sort(intake.submissions.begin(), intake.submissions.end(),
                   [](const ClassSubmission& a, const ClassSubmission& b) {
                     return a.student_id < b.student_id;
                   });
  return intake;
}

std::vector<ClassSubmission> read_class(const std::vector<fs::path>& inputs,
                                        const IntakeOptions& options,
                                        std::vector<std::string>* warnings) {
  std::vector<ClassSubmission> all;
  std::map<std::string, std::string> sources;
  int index = 0;
  for (const auto& input : inputs) {
    ClassIntake intake = read_class_input(input, options, index++);
    if (warnings) warnings->insert(warnings->end(), intake.warnings.begin(), intake.warnings.end());
    for (auto& submission : intake.submissions) {
      const auto [it, added] = sources.emplace(submission.student_id, submission.source);
      if (!added) {
        throw ClassInputError(fmt::format("student \"{}\" appears twice: in {} and in {}",
                                          submission.student_id, it->second, submission.source));
      }
      all.push_back(std::move(submission));
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const ClassSubmission& a, const ClassSubmission& b) {
    return a.student_id < b.student_id;
  });
  return all;
}

}  // namespace sg
