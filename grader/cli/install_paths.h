// Where searchgrader finds its own files, relative to the executable, so that an installed copy
// works wherever it is put (`cmake --install build --prefix DIR`, then moved anywhere): the data
// folder is <exe dir>/share/searchgrader (the build tree, where CMake links it to the sources)
// or <exe dir>/../share/searchgrader (an install: bin/ beside share/). Nothing of the source
// tree's path is compiled in.
#pragma once

#include <filesystem>
#include <optional>

namespace sg {

/// The running executable (/proc/self/exe), or nullopt if it cannot be read.
std::optional<std::filesystem::path> executable_path();

/// The first of <exe dir>/share/searchgrader and <exe dir>/../share/searchgrader that exists.
std::optional<std::filesystem::path> data_dir();

/// $SEARCHGRADER_DRIVER_DIR, else data_dir()/drivers; empty if neither is known.
std::filesystem::path default_driver_dir();

/// $SEARCHGRADER_SOURCE_DIR, else data_dir()/source (the sources a Gradescope bundle carries);
/// empty if neither is known.
std::filesystem::path default_source_dir();

}  // namespace sg
