#include "gradescope/gradescope_bundle.h"

#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace sg {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", path.string()));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// A spec file name safe to paste into the scripts unquoted-ish (they quote it anyway).
std::string bundle_spec_name(const fs::path& spec_path) {
  const std::string name = spec_path.filename().string();
  const bool safe =
      !name.empty() && name.front() != '.' && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
      });
  return safe ? name : "assignment.yaml";
}

std::string substitute(std::string text, const std::string& key, const std::string& value) {
  for (std::size_t at = text.find(key); at != std::string::npos;
       at = text.find(key, at + value.size())) {
    text.replace(at, key.size(), value);
  }
  return text;
}

bool skipped(const fs::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  if (name.empty() || name.front() == '.' || name == "__pycache__") return true;
  if (entry.is_symlink() && entry.is_directory()) return true;  // no loops, nothing outside
  if (entry.is_directory()) {
    return name.rfind("build", 0) == 0 || fs::exists(entry.path() / "CMakeCache.txt");
  }
  return false;
}

void add_tree(const fs::path& root, const fs::path& folder, std::vector<BundleFile>& files) {
  std::vector<fs::directory_entry> entries;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) entries.push_back(entry);
  for (const fs::directory_entry& entry : entries) {
    if (skipped(entry)) continue;
    if (entry.is_directory()) {
      add_tree(root, entry.path(), files);
    } else if (entry.is_regular_file()) {
      const auto permissions = entry.status().permissions();
      const bool executable = (permissions & fs::perms::owner_exec) != fs::perms::none;
      files.push_back({"searchgrader-src/" + fs::relative(entry.path(), root).generic_string(),
                       read_file(entry.path()), executable ? 0755u : 0644u});
    }
  }
}

struct ArchiveCloser {
  void operator()(archive* a) const { archive_write_free(a); }
};
struct EntryCloser {
  void operator()(archive_entry* e) const { archive_entry_free(e); }
};

}  // namespace

std::vector<BundleFile> gradescope_bundle_files(const fs::path& spec_path,
                                                const fs::path& source_dir,
                                                const std::vector<fs::path>& referenced) {
  const fs::path templates = source_dir / "grader" / "gradescope";
  if (!fs::exists(source_dir / "CMakeLists.txt") || !fs::exists(templates / "run_autograder")) {
    throw std::runtime_error(
        fmt::format("{} is not SearchGrader's source folder (expected CMakeLists.txt and "
                    "grader/gradescope/run_autograder there); give it with --source",
                    source_dir.string()));
  }
  const std::string spec_name = bundle_spec_name(spec_path);
  std::vector<BundleFile> files;
  files.push_back(
      {"setup.sh", substitute(read_file(templates / "setup.sh"), "@SPEC_FILE@", spec_name), 0755});
  files.push_back({"run_autograder",
                   substitute(read_file(templates / "run_autograder"), "@SPEC_FILE@", spec_name),
                   0755});
  files.push_back({"spec/" + spec_name, read_file(spec_path), 0644});
  const fs::path spec_folder = fs::absolute(spec_path).lexically_normal().parent_path();
  for (const fs::path& file : referenced) {
    const fs::path inside = fs::absolute(file).lexically_normal().lexically_relative(spec_folder);
    if (inside.empty() || *inside.begin() == "..") {
      throw std::runtime_error(fmt::format(
          "{} refers to {}, outside its folder: Gradescope gets the spec's folder only; move the "
          "file beside the spec",
          spec_path.string(), file.string()));
    }
    files.push_back({"spec/" + inside.generic_string(), read_file(file), 0644});
  }
  add_tree(source_dir, source_dir, files);
  std::sort(files.begin(), files.end(),
            [](const BundleFile& a, const BundleFile& b) { return a.path < b.path; });
  return files;
}

void write_zip(const std::vector<BundleFile>& files, const fs::path& out) {
  const fs::path temporary = out.string() + ".partial";
  std::unique_ptr<archive, ArchiveCloser> zip(archive_write_new());
  const auto fail = [&](std::string_view what) {
    const std::string message = fmt::format(
        "cannot write {}: {}: {}", out.string(), what,
        archive_error_string(zip.get()) ? archive_error_string(zip.get()) : "unknown error");
    zip.reset();
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw std::runtime_error(message);
  };
  if (archive_write_set_format_zip(zip.get()) != ARCHIVE_OK) fail("zip format");
  if (archive_write_open_filename(zip.get(), temporary.c_str()) != ARCHIVE_OK) fail("open");
  for (const BundleFile& file : files) {
    std::unique_ptr<archive_entry, EntryCloser> entry(archive_entry_new());
    archive_entry_set_pathname(entry.get(), file.path.c_str());
    archive_entry_set_size(entry.get(), static_cast<la_int64_t>(file.contents.size()));
    archive_entry_set_filetype(entry.get(), AE_IFREG);
    archive_entry_set_perm(entry.get(), file.mode);
    archive_entry_set_mtime(entry.get(), 0, 0);  // reproducible bundles
    if (archive_write_header(zip.get(), entry.get()) != ARCHIVE_OK) fail(file.path);
    if (!file.contents.empty() &&
        archive_write_data(zip.get(), file.contents.data(), file.contents.size()) !=
            static_cast<la_ssize_t>(file.contents.size())) {
      fail(file.path);
    }
  }
  if (archive_write_close(zip.get()) != ARCHIVE_OK) fail("close");
  zip.reset();
  fs::rename(temporary, out);
}

}  // namespace sg
