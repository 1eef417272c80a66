#include "languages/manifest_jar.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <stdexcept>
#include <vector>

namespace sg {

std::string manifest_jar(std::string_view manifest) {
  const std::unique_ptr<archive, decltype(&archive_write_free)> writer(archive_write_new(),
                                                                       &archive_write_free);
  const std::unique_ptr<archive_entry, decltype(&archive_entry_free)> entry(archive_entry_new(),
                                                                            &archive_entry_free);
  if (!writer || !entry) throw std::runtime_error("manifest_jar: out of memory");
  // Ample for a manifest: the zip's headers are about 150 bytes.
  std::vector<char> buffer(manifest.size() + 4096);
  std::size_t used = 0;
  const auto check = [&](int status) {
    if (status != ARCHIVE_OK)
      throw std::runtime_error(std::string("manifest_jar: ") + archive_error_string(writer.get()));
  };
  check(archive_write_set_format_zip(writer.get()));
  check(archive_write_set_options(writer.get(), "zip:compression=store"));  // readable as text
  check(archive_write_open_memory(writer.get(), buffer.data(), buffer.size(), &used));
  archive_entry_set_pathname(entry.get(), "META-INF/MANIFEST.MF");
  archive_entry_set_filetype(entry.get(), AE_IFREG);
  archive_entry_set_perm(entry.get(), 0644);
  archive_entry_set_size(entry.get(), static_cast<la_int64_t>(manifest.size()));
  check(archive_write_header(writer.get(), entry.get()));
  if (archive_write_data(writer.get(), manifest.data(), manifest.size()) !=
      static_cast<la_ssize_t>(manifest.size()))
    check(ARCHIVE_FATAL);
  check(archive_write_close(writer.get()));
  return std::string(buffer.data(), used);
}

}  // namespace sg
