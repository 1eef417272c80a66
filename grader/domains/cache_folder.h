// Where SearchGrader keeps what it computes once and reuses across runs (pattern databases, the
// answers of rules files): $SEARCHGRADER_CACHE_DIR, else $XDG_CACHE_HOME/searchgrader, else
// ~/.cache/searchgrader, else /tmp/searchgrader-cache.
#pragma once

#include <filesystem>
#include <string_view>

namespace sg {

/// The cache's subfolder `what` ("pattern-databases", "rules"); not created here.
std::filesystem::path cache_folder(std::string_view what);

}  // namespace sg
