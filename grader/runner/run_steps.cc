#include "runner/run_steps.h"

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace sg {

RunSteps::RunSteps(bool enabled) : enabled_(enabled), last_(std::chrono::steady_clock::now()) {}

void RunSteps::mark(std::string step) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  steps_.emplace_back(std::move(step),
                      std::chrono::duration<double, std::milli>(now - last_).count());
  last_ = now;
}

void RunSteps::append_to(const std::filesystem::path& log, const std::string& tier) const {
  if (!enabled_) return;
  try {
    nlohmann::json line = {{"tier", tier}, {"steps", nlohmann::json::array()}};
    for (const auto& [step, ms] : steps_) line["steps"].push_back({step, ms});
    const std::string text = line.dump() + "\n";
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return;
    [[maybe_unused]] const ssize_t written = ::write(fd, text.data(), text.size());
    ::close(fd);
  } catch (...) {
  }
}

}  // namespace sg
