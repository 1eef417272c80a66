#include "cli/spec_argument.h"

#include "cli/exit_status.h"

namespace sg {

std::optional<Assignment> load_spec_argument(const KindRegistry& kinds, const std::string& path) {
  try {
    return kinds.load_valid_spec(path);
  } catch (const SpecError& error) {
    error_line(error.what());
    return std::nullopt;
  }
}

}  // namespace sg
