#include "runner/cgroup.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "runner/system_calls.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// Writes `value` to a cgroup control file (one write, as the kernel expects). Returns errno or 0.
int write_file(const fs::path& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const ssize_t n = ::write(fd, value.data(), value.size());
  const int error = n < 0 ? errno : 0;
  ::close(fd);
  return error;
}

void write_or_throw(const fs::path& path, const std::string& value) {
  if (const int error = write_file(path, value); error != 0) {
    throw std::runtime_error(
        fmt::format("cannot write \"{}\" to {}: {}", value, path.string(), errno_text(error)));
  }
}

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::uint64_t> read_number(const fs::path& path) {
  const std::optional<std::string> text = read_file(path);
  if (!text) return std::nullopt;
  try {
    return std::stoull(*text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The value of `key` in a "key value" per line file (memory.events, cpu.stat, oom_control).
std::optional<std::uint64_t> read_keyed(const fs::path& path, const std::string& key) {
  const std::optional<std::string> text = read_file(path);
  if (!text) return std::nullopt;
  std::istringstream lines(*text);
  std::string name;
  std::uint64_t value = 0;
  while (lines >> name >> value) {
    if (name == key) return value;
  }
  return std::nullopt;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

struct Mount {
  std::string root;
  fs::path point;
  std::string type;
  std::vector<std::string> options;  // super options
};

std::vector<Mount> cgroup_mounts() {
  std::vector<Mount> mounts;
  std::ifstream in("/proc/self/mountinfo");
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string> fields = split(line, ' ');
    std::size_t dash = 0;
    while (dash < fields.size() && fields[dash] != "-") ++dash;
    if (dash < 5 || dash + 3 >= fields.size()) continue;
    const std::string& type = fields[dash + 1];
    if (type != "cgroup" && type != "cgroup2") continue;
    mounts.push_back({fields[3], fields[4], type, split(fields[dash + 3], ',')});
  }
  return mounts;
}

// Joins a mount point and a cgroup path seen from the mount's root.
fs::path under_mount(const Mount& mount, std::string path) {
  if (mount.root != "/" && path.rfind(mount.root, 0) == 0) path = path.substr(mount.root.size());
  while (!path.empty() && path.front() == '/') path.erase(0, 1);
  return path.empty() ? mount.point : mount.point / path;
}

bool has_option(const Mount& mount, const std::string& option) {
  for (const auto& o : mount.options)
    if (o == option) return true;
  return false;
}

// v2: a group below the grader's own one can only use controllers its parent delegates; the
// parent must then hold no process itself (the no-internal-process rule), so the grader first
// moves itself into a leaf "searchgrader-supervisor" when enabling them is refused. Once per
// process.
void enable_v2_controllers(const fs::path& parent) {
  static std::mutex mutex;
  static std::map<fs::path, std::string> done;  // parent -> "" or the error
  std::lock_guard lock(mutex);
  if (auto it = done.find(parent); it != done.end()) {
    if (!it->second.empty()) throw std::runtime_error(it->second);
    return;
  }
  const fs::path control = parent / "cgroup.subtree_control";
  int error = write_file(control, "+memory +pids");
  if (error == EBUSY) {
    const fs::path leaf = parent / "searchgrader-supervisor";
    ::mkdir(leaf.c_str(), 0755);
    if (write_file(leaf / "cgroup.procs", "0") == 0) error = write_file(control, "+memory +pids");
  }
  std::string message;
  if (error != 0) {
    message = fmt::format("cannot enable the memory and pids controllers in {}: {}",
                          control.string(), errno_text(error));
  }
  done[parent] = message;
  if (!message.empty()) throw std::runtime_error(message);
}

}  // namespace

std::string ensure_cheap_cgroup_moves(bool enable, const fs::path& mount_point) {
  const std::vector<Mount> mounts = cgroup_mounts();
  bool v1 = false;
  for (const Mount& mount : mounts) {
    if (has_option(mount, "favordynmods")) return "";
    v1 = v1 || mount.type == "cgroup";
  }
  if (!v1) {
    return "cgroup v2 without favordynmods: each run's move into its cgroup waits for an RCU "
           "grace period (see docs/site-config.md)";
  }
  if (!enable) {
    return "cgroup v1 without favordynmods (cgroup_favordynmods: false in the site "
           "configuration): each run's move into its cgroups waits for RCU grace periods";
  }
  std::error_code error;
  fs::create_directories(mount_point, error);
  if (::mount("cgroup", mount_point.c_str(), "cgroup", MS_NOSUID | MS_NODEV | MS_NOEXEC,
              "none,name=searchgrader,favordynmods") != 0) {
    return fmt::format(
        "could not mount a favordynmods cgroup hierarchy at {} ({}): each run's move into its "
        "cgroups waits for RCU grace periods",
        mount_point.string(), errno_text(errno));
  }
  return "";
}

CgroupSupport detect_cgroups(const std::string& parent) {
  CgroupSupport support;
  const std::vector<Mount> mounts = cgroup_mounts();
  std::map<std::string, std::string> own;  // controller (or "" for v2) -> path
  if (!parent.empty()) {
    own[""] = parent;
    for (const char* controller : {"memory", "pids", "cpuacct"}) own[controller] = parent;
  } else {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
      const std::size_t a = line.find(':');
      const std::size_t b = a == std::string::npos ? a : line.find(':', a + 1);
      if (b == std::string::npos) continue;
      const std::string controllers = line.substr(a + 1, b - a - 1);
      const std::string path = line.substr(b + 1);
      if (controllers.empty()) {
        own[""] = path;
      } else {
        for (const auto& c : split(controllers, ',')) own[c] = path;
      }
    }
  }
  // v1 when the memory controller is mounted as v1 (hybrid hosts keep it there).
  std::error_code ignored;  // a directory that cannot be made shows as not writable below
  const char* const v1_controllers[] = {"memory", "pids", "cpuacct"};
  std::vector<fs::path> v1;
  for (const char* controller : v1_controllers) {
    for (const Mount& mount : mounts) {
      if (mount.type == "cgroup" && has_option(mount, controller) && own.count(controller)) {
        v1.push_back(under_mount(mount, own[controller]));
        if (!parent.empty()) fs::create_directories(v1.back(), ignored);
        break;
      }
    }
  }
  if (v1.size() == 3) {
    for (const auto& dir : v1) {
      if (::access(dir.c_str(), W_OK) != 0) {
        support.problem = fmt::format("cgroup v1 directory {} is not writable", dir.string());
        return support;
      }
    }
    support.version = 1;
    support.parents = v1;
    return support;
  }
  for (const Mount& mount : mounts) {
    if (mount.type != "cgroup2" || !own.count("")) continue;
    const fs::path dir = under_mount(mount, own[""]);
    if (!parent.empty()) fs::create_directories(dir, ignored);
    const std::optional<std::string> controllers = read_file(dir / "cgroup.controllers");
    if (!controllers || controllers->find("memory") == std::string::npos ||
        controllers->find("pids") == std::string::npos) {
      continue;  // e.g. a hybrid host's unified hierarchy without controllers
    }
    if (::access(dir.c_str(), W_OK) != 0) {
      support.problem = fmt::format("cgroup v2 directory {} is not writable", dir.string());
      return support;
    }
    support.version = 2;
    support.parents = {dir};
    return support;
  }
  support.problem = v1.empty() && mounts.empty()
                        ? "no cgroup file system is mounted"
                        : "no writable cgroup hierarchy with the memory and pids controllers";
  return support;
}

std::unique_ptr<Cgroup> Cgroup::create(const CgroupSupport& support, const std::string& name,
                                       const CgroupLimits& limits) {
  if (support.version == 0) throw std::runtime_error("no usable cgroup: " + support.problem);
  std::unique_ptr<Cgroup> group(new Cgroup());
  group->version_ = support.version;
  if (support.version == 2) enable_v2_controllers(support.parents.at(0));
  for (const fs::path& parent : support.parents) {
    const fs::path dir = parent / name;
    if (::mkdir(dir.c_str(), 0755) != 0) {
      const int error = errno;
      group->removed_ = true;
      group->remove();
      throw std::runtime_error(
          fmt::format("cannot create cgroup {}: {}", dir.string(), errno_text(error)));
    }
    group->dirs_.push_back(dir);
  }
  try {
    group->set_limits(limits);
  } catch (...) {
    group->remove();
    throw;
  }
  return group;
}

Cgroup::~Cgroup() { remove(); }

void Cgroup::set_limits(const CgroupLimits& limits) const {
  const std::string memory = std::to_string(limits.memory_bytes);
  const std::string pids = limits.max_processes > 0 ? std::to_string(limits.max_processes) : "max";
  if (version_ == 1) {
    // With swap accounting the memory+swap limit may never be below the memory limit: lower
    // memory first when shrinking, memory+swap first when growing.
    const fs::path memsw = memory_dir() / "memory.memsw.limit_in_bytes";
    const bool has_memsw = fs::exists(memsw);
    const std::uint64_t current =
        read_number(memory_dir() / "memory.limit_in_bytes").value_or(limits.memory_bytes);
    if (has_memsw && limits.memory_bytes > current) write_file(memsw, memory);
    write_or_throw(memory_dir() / "memory.limit_in_bytes", memory);
    if (has_memsw && limits.memory_bytes <= current) write_file(memsw, memory);  // no swap either
    write_file(memory_dir() / "memory.swappiness", "0");
    write_or_throw(pids_dir() / "pids.max", pids);
  } else {
    write_or_throw(memory_dir() / "memory.max", memory);
    write_file(memory_dir() / "memory.swap.max", "0");
    write_or_throw(pids_dir() / "pids.max", pids);
  }
}

bool Cgroup::reset_peak_memory() const {
  if (version_ == 1) return write_file(memory_dir() / "memory.max_usage_in_bytes", "0") == 0;
  return false;  // v2's memory.peak resets only for the descriptor that wrote it (Linux 6.12+)
}

void Cgroup::add(pid_t pid) const {
  for (const fs::path& dir : dirs_) write_or_throw(dir / "cgroup.procs", std::to_string(pid));
}

std::optional<double> Cgroup::cpu_seconds() const {
  if (version_ == 1) {
    if (auto ns = read_number(cpu_dir() / "cpuacct.usage")) return static_cast<double>(*ns) / 1e9;
    return std::nullopt;
  }
  if (auto us = read_keyed(cpu_dir() / "cpu.stat", "usage_usec")) {
    return static_cast<double>(*us) / 1e6;
  }
  return std::nullopt;
}

std::uint64_t Cgroup::memory_usage_bytes() const {
  return read_number(memory_dir() / (version_ == 1 ? "memory.usage_in_bytes" : "memory.current"))
      .value_or(0);
}

std::uint64_t Cgroup::peak_memory_bytes() const {
  return read_number(memory_dir() / (version_ == 1 ? "memory.max_usage_in_bytes" : "memory.peak"))
      .value_or(0);
}

std::uint64_t Cgroup::oom_kills() const {
  if (version_ == 1) return read_keyed(memory_dir() / "memory.oom_control", "oom_kill").value_or(0);
  return read_keyed(memory_dir() / "memory.events", "oom_kill").value_or(0);
}

std::uint64_t Cgroup::pids_limit_hits() const {
  return read_keyed(pids_dir() / "pids.events", "max").value_or(0);
}

std::vector<pid_t> Cgroup::processes() const {
  std::vector<pid_t> pids;
  if (dirs_.empty()) return pids;
  std::ifstream in(pids_dir() / "cgroup.procs");
  long pid = 0;
  while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

void Cgroup::kill_all() const noexcept {
  if (dirs_.empty()) return;
  try {
    if (version_ == 2 && write_file(dirs_[0] / "cgroup.kill", "1") == 0) return;
    for (pid_t pid : processes()) ::kill(pid, SIGKILL);
  } catch (...) {
  }
}

std::string Cgroup::remove() noexcept {
  if (removed_ && dirs_.empty()) return "";
  removed_ = true;
  std::string problems;
  try {
    for (int round = 0; round < 200 && !dirs_.empty(); ++round) {
      kill_all();
      if (processes().empty()) break;
      const timespec pause{0, 10'000'000};
      ::nanosleep(&pause, nullptr);
    }
    for (auto it = dirs_.rbegin(); it != dirs_.rend(); ++it) {
      int error = 0;
      for (int attempt = 0; attempt < 50; ++attempt) {
        if (::rmdir(it->c_str()) == 0 || errno == ENOENT) {
          error = 0;
          break;
        }
        error = errno;
        const timespec pause{0, 10'000'000};
        ::nanosleep(&pause, nullptr);
      }
      if (error != 0) {
        if (!problems.empty()) problems += "; ";
        problems += fmt::format("cannot remove cgroup {}: {}", it->string(), errno_text(error));
      }
    }
    dirs_.clear();
  } catch (...) {
    problems = "cannot remove the cgroup";
  }
  return problems;
}

}  // namespace sg
