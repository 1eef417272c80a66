// Unpacking a class archive (a Canvas "Download Submissions" zip, a Gradescope "Export
// Submissions" zip, or any tar/zip libarchive reads) into a staging folder. Archives come from
// students' uploads, so extraction is defensive: only regular files and folders are written,
// never outside the destination (no absolute paths, no "..", no links), and the total size and
// file count are capped.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace sg {

/// An archive that cannot be read, or breaks a limit. The message names the archive (and entry).
class ArchiveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ExtractLimits {
  std::uint64_t max_total_bytes = 4ull << 30;  ///< Sum of the extracted files' sizes.
  std::size_t max_files = 200000;
};

struct ExtractResult {
  std::size_t files = 0;
  std::uint64_t bytes = 0;
  /// Entries not written, with why ("link", "unsafe path"), for a warning.
  std::vector<std::string> skipped;
};

/// True if `path`'s name looks like an archive this module reads (.zip, .tar, .tar.gz, .tgz,
/// .tar.bz2, .tar.xz).
bool looks_like_archive(const std::filesystem::path& path);

/// Extracts `archive` into `destination` (created if missing). Throws ArchiveError if the file
/// is not a readable archive or a limit is passed.
ExtractResult extract_archive(const std::filesystem::path& archive,
                              const std::filesystem::path& destination,
                              const ExtractLimits& limits = {});

}  // namespace sg
