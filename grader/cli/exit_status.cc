#include "cli/exit_status.h"

#include <fmt/format.h>

#include <cstdio>

namespace sg {

void error_line(const std::string& message) {
  // One prefixed line per line of the message (SpecErrors lists one problem per line).
  std::size_t start = 0;
  do {
    const std::size_t end = message.find('\n', start);
    fmt::print(stderr, "searchgrader: error: {}\n",
               message.substr(start, end == std::string::npos ? std::string::npos : end - start));
    start = end == std::string::npos ? std::string::npos : end + 1;
  } while (start != std::string::npos && start < message.size());
}

}  // namespace sg
