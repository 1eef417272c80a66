#include "batch/archive_extract.h"

#include <archive.h>
#include <archive_entry.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <memory>

namespace sg {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         std::equal(suffix.rbegin(), suffix.rend(), text.rbegin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

// The entry's path relative to the destination, or empty if it is unsafe (absolute, "..").
fs::path safe_relative_path(const std::string& name) {
  if (name.empty() || name.front() == '/') return {};
  fs::path relative;
  for (const auto& part : fs::path(name)) {
    const std::string text = part.string();
    if (text.empty() || text == ".") continue;
    if (text == "..") return {};
    relative /= part;
  }
  return relative;
}

struct ArchiveCloser {
  void operator()(archive* handle) const { archive_read_free(handle); }
};

}  // namespace

bool looks_like_archive(const fs::path& path) {
  const std::string name = path.filename().string();
  for (const char* suffix : {".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz"})
    if (ends_with(name, suffix)) return true;
  return false;
}

ExtractResult extract_archive(const fs::path& archive_path, const fs::path& destination,
                              const ExtractLimits& limits) {
  std::unique_ptr<archive, ArchiveCloser> reader(archive_read_new());
  if (!reader) throw ArchiveError(fmt::format("{}: out of memory", archive_path.string()));
  archive_read_support_filter_all(reader.get());
  archive_read_support_format_zip(reader.get());
  archive_read_support_format_tar(reader.get());
  archive_read_support_format_gnutar(reader.get());
  if (archive_read_open_filename(reader.get(), archive_path.c_str(), 64 * 1024) != ARCHIVE_OK) {
    throw ArchiveError(fmt::format("{}: cannot read as an archive (zip or tar expected): {}",
                                   archive_path.string(), archive_error_string(reader.get())));
  }
  fs::create_directories(destination);
  ExtractResult result;
  std::array<char, 64 * 1024> buffer{};
  archive_entry* entry = nullptr;
  for (;;) {
    const int status = archive_read_next_header(reader.get(), &entry);
    if (status == ARCHIVE_EOF) break;
    if (status < ARCHIVE_WARN) {
      throw ArchiveError(fmt::format("{}: damaged archive: {}", archive_path.string(),
                                     archive_error_string(reader.get())));
    }
    const char* raw_name = archive_entry_pathname(entry);
    const std::string name = raw_name ? raw_name : "";
    const fs::path relative = safe_relative_path(name);
    const auto type = archive_entry_filetype(entry);
    if (relative.empty()) {
      if (!name.empty() && name != "/" && name != "./")
        result.skipped.push_back(name + ": unsafe path");
      continue;
    }
    if (type == AE_IFDIR) {
      fs::create_directories(destination / relative);
      continue;
    }
    if (type != AE_IFREG) {
      result.skipped.push_back(name + ": not a regular file (link or device)");
      continue;
    }
    if (++result.files > limits.max_files) {
      throw ArchiveError(
          fmt::format("{}: more than {} files", archive_path.string(), limits.max_files));
    }
    const fs::path target = destination / relative;
    fs::create_directories(target.parent_path());
    // A folder of the same name from an earlier entry, or a symlink planted by one: refuse.
    if (fs::is_symlink(target.parent_path()) || fs::is_directory(target)) {
      result.skipped.push_back(name + ": clashes with another entry");
      continue;
    }
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    if (!out)
      throw ArchiveError(
          fmt::format("{}: cannot write {}", archive_path.string(), target.string()));
    for (;;) {
      const la_ssize_t n = archive_read_data(reader.get(), buffer.data(), buffer.size());
      if (n == 0) break;
      if (n < 0) {
        throw ArchiveError(fmt::format("{}: {}: damaged entry: {}", archive_path.string(), name,
                                       archive_error_string(reader.get())));
      }
      result.bytes += static_cast<std::uint64_t>(n);
      if (result.bytes > limits.max_total_bytes) {
        throw ArchiveError(fmt::format("{}: unpacks to more than {} MiB", archive_path.string(),
                                       limits.max_total_bytes >> 20));
      }
      out.write(buffer.data(), n);
    }
    if (!out.flush())
      throw ArchiveError(
          fmt::format("{}: cannot write {}", archive_path.string(), target.string()));
  }
  return result;
}

}  // namespace sg
