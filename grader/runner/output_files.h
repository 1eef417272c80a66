// The files a program writes as its answer (Invocation::output_files: ColumbiaX's output.txt, a
// course's solution.txt): cleared from the working directory before the run, so what is read is
// this run's alone (a program that appends writes exactly one run's lines; a stale output.txt
// the student submitted is not mistaken for an answer), and read back after it without trusting
// anything the student left: no link is followed (the file's or a folder's on its path), a FIFO
// is never opened, and no more than the output limit is read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "model/observation.h"

namespace sg {

/// Throws std::invalid_argument unless `path` is relative, not empty and stays inside the
/// working directory (no "..").
void check_output_file_path(const std::filesystem::path& path);

/// Removes whatever stands at each of `files` in `workdir` (a file, a link, a folder), never
/// following a link. Throws std::runtime_error when one cannot be removed.
void clear_output_files(const std::vector<std::filesystem::path>& files,
                        const std::filesystem::path& workdir);

/// Each of `files` as the run left it in `workdir`: a regular file's first `limit` bytes (its
/// size in total_bytes, truncated when larger), absent, or what else stands there. Never
/// throws for what the student left; reads nothing outside `workdir`.
std::vector<OutputFile> read_output_files(const std::vector<std::filesystem::path>& files,
                                          const std::filesystem::path& workdir,
                                          std::uint64_t limit);

}  // namespace sg
