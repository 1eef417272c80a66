#include "runner/launch_plan.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "runner/output_files.h"
#include "runner/system_calls.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

constexpr double kMaxLimitSeconds = 7 * 24 * 3600.0;

void check_limit_seconds(const char* name, double value) {
  if (!(value > 0) || !std::isfinite(value) || value > kMaxLimitSeconds) {
    throw std::invalid_argument(fmt::format(
        "invalid limits: {} must be > 0 and at most {:g} (got {})", name, kMaxLimitSeconds, value));
  }
}

}  // namespace

void validate_invocation(const Invocation& invocation) {
  if (invocation.argv.empty() || invocation.argv[0].empty()) {
    throw std::invalid_argument("invalid invocation: argv is empty");
  }
  for (const std::string& arg : invocation.argv) {
    if (arg.find('\0') != std::string::npos) {
      throw std::invalid_argument("invalid invocation: an argument contains a NUL byte");
    }
  }
  for (const auto& [name, value] : invocation.environment) {
    if (name.empty() || name.find('=') != std::string::npos ||
        name.find('\0') != std::string::npos || value.find('\0') != std::string::npos) {
      throw std::invalid_argument(
          fmt::format("invalid invocation: bad environment variable \"{}\"", name));
    }
  }
  check_limit_seconds("cpu_seconds", invocation.limits.cpu_seconds);
  check_limit_seconds("wall_seconds", invocation.limits.wall_seconds);
  for (const fs::path& file : invocation.output_files) check_output_file_path(file);
}

std::string resolve_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  std::string_view path = kAllowedPath;
  while (!path.empty()) {
    const std::size_t colon = path.find(':');
    const std::string_view dir = path.substr(0, colon);
    path = colon == std::string_view::npos ? std::string_view() : path.substr(colon + 1);
    std::string candidate = fmt::format("{}/{}", dir, name);
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

std::vector<std::string> build_environment(const Invocation& invocation,
                                           const fs::path& visible_workdir) {
  std::map<std::string, std::string> variables = {
      {"PATH", kAllowedPath},
      {"HOME", visible_workdir.string()},
      {"TMPDIR", visible_workdir.string()},
      {"LANG", "C.UTF-8"},
      {"LC_ALL", "C.UTF-8"},
      {"PYTHONIOENCODING", "utf-8"},
      {"PYTHONDONTWRITEBYTECODE", "1"},
  };
  for (const auto& [name, value] : invocation.environment) variables[name] = value;
  std::vector<std::string> environment;
  environment.reserve(variables.size());
  for (const auto& [name, value] : variables) environment.push_back(name + "=" + value);
  return environment;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

UniqueFd open_stdin(const Invocation& invocation, const fs::path& io_dir) {
  if (!invocation.stdin_data) {
    UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!null) throw_errno("cannot open /dev/null", errno);
    return above_stdio(null.release());
  }
  const fs::path path = io_dir / "stdin";
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    throw_errno(fmt::format("cannot replace {}", path.string()), errno);
  }
  {
    UniqueFd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (!out) throw_errno(fmt::format("cannot create {}", path.string()), errno);
    const std::string& data = *invocation.stdin_data;
    for (std::size_t written = 0; written < data.size();) {
      const ssize_t n = ::write(out.get(), data.data() + written, data.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw_errno(fmt::format("cannot write {}", path.string()), errno);
      written += static_cast<std::size_t>(n);
    }
  }
  UniqueFd in(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!in) throw_errno(fmt::format("cannot open {}", path.string()), errno);
  return above_stdio(in.release());
}

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno("cannot create a pipe", errno);
  Pipe pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
  pipe.read = above_stdio(pipe.read.release());
  pipe.write = above_stdio(pipe.write.release());
  return pipe;
}

int wait_for_go(int go_fd) noexcept {
  char go = 0;
  ssize_t n;
  do {
    n = ::read(go_fd, &go, 1);
  } while (n < 0 && errno == EINTR);
  if (n == 1) return 0;
  return n < 0 ? errno : EPIPE;
}

}  // namespace sg
