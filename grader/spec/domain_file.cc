#include "spec/domain_file.h"

namespace sg {

std::optional<std::string> domain_file_text_key(std::string_view type) {
  if (type == "grid") return "map";
  if (type == "pacman" || type == "pacman_problem") return "layout";
  if (type == "rules") return "source";
  return std::nullopt;
}

}  // namespace sg
