#include "engine/submission_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

namespace sg {
namespace {

namespace fs = std::filesystem;

bool holds_all(const fs::path& directory, const std::vector<std::string>& files) {
  return std::all_of(files.begin(), files.end(), [&](const std::string& file) {
    std::error_code error;
    return fs::is_regular_file(directory / file, error);
  });
}

bool skipped_directory(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.empty() || name.front() == '.' || name == "__MACOSX" || name == "__pycache__";
}

std::vector<std::string> files_in(const fs::path& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::recursive_directory_iterator
           it(directory, fs::directory_options::skip_permission_denied, error),
       end;
       it != end && names.size() < 20; it.increment(error)) {
    if (error) break;
    if (it->is_directory(error) && skipped_directory(it->path())) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(error))
      names.push_back(fs::relative(it->path(), directory, error).string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string extension_of(const fs::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// `accept` mode: the submission is one file of any name with an accepted extension, either given
// directly or found in the folder (the first extension in `accept` order with exactly one file
// wins); it is staged as `module` + extension.
SubmissionLayout inspect_single_file(const fs::path& submission,
                                     const SubmissionInterface& interface) {
  SubmissionLayout layout;
  layout.root = submission;
  std::error_code error;
  const std::string wanted = fmt::format("{}", fmt::join(interface.accept, " or "));
  std::vector<fs::path> candidates;
  if (!fs::is_directory(submission, error)) {
    candidates.push_back(submission);
  } else {
    for (fs::recursive_directory_iterator
             it(submission, fs::directory_options::skip_permission_denied, error),
         end;
         it != end; it.increment(error)) {
      if (error) break;
      if (it->is_directory(error)) {
        const std::string name = it->path().filename().string();
        if (skipped_directory(it->path()) || name == ".ipynb_checkpoints" || it.depth() > 3) {
          it.disable_recursion_pending();
        }
        continue;
      }
      if (it->is_regular_file(error)) candidates.push_back(it->path());
    }
  }
  for (const auto& extension : interface.accept) {
    std::vector<fs::path> matching;
    for (const auto& candidate : candidates) {
      if (extension_of(candidate) == extension) matching.push_back(candidate);
    }
    if (matching.empty()) continue;
    if (matching.size() > 1) {
      std::vector<std::string> names;
      for (const auto& file : matching)
        names.push_back(fs::relative(file, submission, error).string());
      std::sort(names.begin(), names.end());
      layout.missing = {fmt::format("a single {} file", extension)};
      layout.missing_feedback = fmt::format(
          "your submission has {} {} files ({}); submit exactly one notebook or Python file",
          names.size(), extension, fmt::join(names, ", "));
      return layout;
    }
    const std::string staged = interface.module + extension;
    const std::string name = matching[0].filename().string();
    layout.renamed.push_back({fs::absolute(matching[0]), staged});
    layout.notes.push_back(fmt::format("graded your file `{}` (staged as `{}`)", name, staged));
    return layout;
  }
  layout.missing = {fmt::format("a {} file", wanted)};
  const auto present = fs::is_directory(submission, error)
                           ? files_in(submission)
                           : std::vector<std::string>{submission.filename().string()};
  layout.missing_feedback = fmt::format(
      "your submission has no {} file (it has: {}); submit your notebook or Python file", wanted,
      present.empty() ? "no files" : fmt::format("{}", fmt::join(present, ", ")));
  return layout;
}

// A program's folder: it holds one of the entry names, a build file the grader runs, or Java
// sources it compiles.
bool holds_program(const fs::path& directory, const std::vector<std::string>& entries) {
  std::error_code error;
  for (const std::string& name :
       {std::string("Makefile"), std::string("makefile"), std::string("CMakeLists.txt")})
    if (fs::is_regular_file(directory / name, error)) return true;
  for (fs::directory_iterator it(directory, error), end; it != end; it.increment(error)) {
    if (error) break;
    if (it->path().extension() == ".java" && it->is_regular_file(error)) return true;
  }
  return std::any_of(entries.begin(), entries.end(), [&](const std::string& entry) {
    return fs::is_regular_file(directory / entry, error);
  });
}

// A program wrapped in a folder (a zip's top directory): the shallowest folder, at most three
// levels down, that holds the program; nullopt when the top level does or none does.
std::optional<fs::path> wrapped_program(const fs::path& submission,
                                        const std::vector<std::string>& entries) {
  if (holds_program(submission, entries)) return std::nullopt;
  std::error_code error;
  std::optional<fs::path> best;
  int best_depth = 4;
  for (fs::recursive_directory_iterator
           it(submission, fs::directory_options::skip_permission_denied, error),
       end;
       it != end; it.increment(error)) {
    if (error) break;
    if (!it->is_directory(error)) continue;
    if (skipped_directory(it->path()) || it.depth() >= best_depth) {
      it.disable_recursion_pending();
      continue;
    }
    if (holds_program(it->path(), entries)) {
      best = it->path();
      best_depth = it.depth();
    }
  }
  return best;
}

// Sum of the regular files' sizes below `path` (or of the file itself); links are not followed.
std::uint64_t size_of(const fs::path& path) {
  std::error_code error;
  if (fs::is_symlink(path, error)) return 0;
  if (!fs::is_directory(path, error)) {
    const auto size = fs::file_size(path, error);
    return error ? 0 : size;
  }
  std::uint64_t total = 0;
  for (fs::recursive_directory_iterator
           it(path, fs::directory_options::skip_permission_denied, error),
       end;
       it != end; it.increment(error)) {
    if (error) break;
    if (it->is_symlink(error) || !it->is_regular_file(error)) continue;
    const auto size = it->file_size(error);
    if (!error) total += size;
  }
  return total;
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// A file name's stem as a browser or a student may have changed it: "torus_puzzle (1)",
// "torus_puzzle-2", "Torus_Puzzle copy" all become "torus_puzzle".
std::string normalised_stem(const fs::path& file) {
  std::string stem = lowercase(file.stem().string());
  for (const std::string suffix : {" copy", "-copy", "_copy"}) {
    if (stem.size() > suffix.size() && stem.ends_with(suffix))
      stem.resize(stem.size() - suffix.size());
  }
  // " (1)", "(1)", "-1", "_1", " 1"
  std::size_t end = stem.size();
  if (end > 0 && stem[end - 1] == ')') {
    const std::size_t open = stem.rfind('(');
    if (open != std::string::npos && open + 2 < end &&
        std::all_of(stem.begin() + static_cast<long>(open) + 1, stem.end() - 1,
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      stem.resize(open);
    }
  } else {
    std::size_t digits = end;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(stem[digits - 1]))) --digits;
    if (digits < end && digits > 0 &&
        (stem[digits - 1] == '-' || stem[digits - 1] == '_' || stem[digits - 1] == ' '))
      stem.resize(digits - 1);
  }
  while (!stem.empty() && stem.back() == ' ') stem.pop_back();
  return stem;
}

// Files below `directory` (a few levels, hidden folders skipped) with `extension`.
std::vector<fs::path> files_with_extension(const fs::path& directory,
                                           const std::string& extension) {
  std::vector<fs::path> found;
  std::error_code error;
  for (fs::recursive_directory_iterator
           it(directory, fs::directory_options::skip_permission_denied, error),
       end;
       it != end; it.increment(error)) {
    if (error) break;
    if (it->is_directory(error)) {
      if (skipped_directory(it->path()) || it.depth() > 3) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(error) && extension_of(it->path()) == lowercase(extension))
      found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

// The one file that must be the required `wanted` although it has another name: the only file
// whose name, undone of a browser's renaming, is `wanted`'s; else the only file of its extension.
std::optional<fs::path> renamed_candidate(const fs::path& directory, const std::string& wanted) {
  const std::vector<fs::path> same_extension =
      files_with_extension(directory, fs::path(wanted).extension().string());
  std::vector<fs::path> same_stem;
  for (const auto& file : same_extension)
    if (normalised_stem(file) == lowercase(fs::path(wanted).stem().string()))
      same_stem.push_back(file);
  if (same_stem.size() == 1) return same_stem.front();
  if (same_stem.empty() && same_extension.size() == 1) return same_extension.front();
  return std::nullopt;
}

}  // namespace

SubmissionLayout inspect_submission(const fs::path& submission,
                                    const SubmissionInterface& interface) {
  std::error_code error;
  if (!fs::exists(submission, error)) {
    throw std::invalid_argument(fmt::format("no such submission: {}", submission.string()));
  }
  if (!interface.accept.empty()) {
    SubmissionLayout layout = inspect_single_file(submission, interface);
    layout.size_bytes = size_of(submission);
    return layout;
  }
  SubmissionLayout layout;
  layout.root = submission;
  layout.size_bytes = size_of(submission);
  const auto& required = interface.required_files;
  if (interface.language == "program" && fs::is_directory(submission, error)) {
    if (const auto folder = wrapped_program(submission, interface.entry)) {
      layout.root = *folder;
      layout.notes.push_back(
          fmt::format("found the program in the folder `{}` of the submission; graded that folder",
                      fs::relative(*folder, submission, error).string()));
    }
  }

  if (!fs::is_directory(submission, error)) {
    const std::string name = submission.filename().string();
    if (required.size() == 1 && name != required[0]) {
      if (submission.extension() == fs::path(required[0]).extension()) {
        layout.renamed.push_back({fs::absolute(submission), required[0]});
        layout.notes.push_back(fmt::format("graded your file `{}` as `{}`", name, required[0]));
      } else {
        layout.missing = required;
      }
    } else if (required.size() > 1) {
      for (const auto& file : required) {
        if (file != name) layout.missing.push_back(file);
      }
    }
  } else if (!holds_all(submission, required)) {
    // A wrapping folder (a zip's top directory): look a few levels down for the required files.
    for (fs::recursive_directory_iterator
             it(submission, fs::directory_options::skip_permission_denied, error),
         end;
         it != end; it.increment(error)) {
      if (error) break;
      if (!it->is_directory(error)) continue;
      if (skipped_directory(it->path()) || it.depth() > 3) {
        it.disable_recursion_pending();
        continue;
      }
      if (holds_all(it->path(), required)) {
        layout.root = it->path();
        layout.notes.push_back(fmt::format(
            "found {} in the folder `{}` of the submission; graded that folder",
            fmt::join(required, ", "), fs::relative(it->path(), submission, error).string()));
        break;
      }
    }
    if (layout.root == submission) {
      for (const auto& file : required) {
        if (!fs::is_regular_file(submission / file, error)) layout.missing.push_back(file);
      }
    }
    // One required file under another name ("torus_puzzle (1).py"): graded, and said so.
    if (layout.missing.size() == 1) {
      if (const auto candidate = renamed_candidate(submission, layout.missing.front())) {
        const std::string relative = fs::relative(*candidate, submission, error).string();
        layout.root = candidate->parent_path();
        layout.renamed.push_back({fs::absolute(*candidate), layout.missing.front()});
        layout.notes.push_back(fmt::format(
            "your submission has no `{}`; graded your file `{}` as `{}` (name the file exactly as "
            "the assignment asks)",
            layout.missing.front(), relative, layout.missing.front()));
        layout.missing.clear();
      }
    }
  }

  if (!layout.missing.empty()) {
    const auto present = fs::is_directory(submission, error)
                             ? files_in(submission)
                             : std::vector<std::string>{submission.filename().string()};
    layout.missing_feedback = fmt::format(
        "your submission has no {} (it has: {}); name the file exactly as the assignment asks, "
        "and submit one file that could be it",
        fmt::join(layout.missing, ", "),
        present.empty() ? "no files" : fmt::format("{}", fmt::join(present, ", ")));
  }
  return layout;
}

}  // namespace sg
