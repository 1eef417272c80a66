#include "cli/exit_status.h"

#include <fmt/format.h>

#include <cstdio>

namespace sg {

void error_line(const std::string& message) {
  fmt::print(stderr, "searchgrader: error: {}\n", message);
}

}  // namespace sg
