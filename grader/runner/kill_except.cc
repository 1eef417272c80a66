#include "runner/kill_except.h"

#include <signal.h>

#include <algorithm>

namespace sg {

bool kill_all_but(const std::vector<pid_t>& processes, std::initializer_list<pid_t> keep) noexcept {
  bool none = true;
  for (const pid_t pid : processes) {
    if (pid <= 0 || std::find(keep.begin(), keep.end(), pid) != keep.end()) continue;
    none = false;
    ::kill(pid, SIGKILL);
  }
  return none;
}

}  // namespace sg
