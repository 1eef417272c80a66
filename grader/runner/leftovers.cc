#include "runner/leftovers.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "runner/proc_stat.h"
#include "runner/resource_names.h"
#include "runner/site_config.h"
#include "runner/system_calls.h"
#include "runner/uid_slots.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

void pause_ms(long ms) {
  const timespec pause{0, ms * 1'000'000};
  ::nanosleep(&pause, nullptr);
}

// The processes in one cgroup directory (cgroup.procs), empty when unreadable.
std::vector<pid_t> cgroup_processes(const fs::path& group) {
  std::vector<pid_t> pids;
  std::ifstream procs(group / "cgroup.procs");
  for (pid_t pid = 0; procs >> pid;) pids.push_back(pid);
  return pids;
}

// Kills what runs in `group` and below, then removes the directories deepest first. Counts each
// directory removed; says what could not be.
void remove_cgroup_tree(const fs::path& group, int& removed, std::vector<std::string>& problems) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(group, error))
    if (entry.is_directory(error)) remove_cgroup_tree(entry.path(), removed, problems);
  // v2 kills the whole group at once; v1 (and v2 kernels before 5.14) one process at a time.
  if (std::ofstream kill_file(group / "cgroup.kill"); kill_file) kill_file << "1" << std::flush;
  for (int round = 0; round < 100; ++round) {
    const std::vector<pid_t> left = cgroup_processes(group);
    if (left.empty()) break;
    for (const pid_t pid : left) ::kill(pid, SIGKILL);
    pause_ms(10);
  }
  if (::rmdir(group.c_str()) == 0 || errno == ENOENT) {
    ++removed;
    return;
  }
  problems.push_back(fmt::format("cgroup {}: {}", group.string(), errno_text(errno)));
}

bool owned_by_dead_grader(std::string_view name, const GraderRuns& runs, LeftoverSweep& sweep) {
  const std::optional<pid_t> owner = grader_pid_of(name);
  if (!owner || *owner == ::getpid() || runs(*owner)) return false;
  sweep.graders.insert(*owner);
  return true;
}

void sweep_cgroups(const fs::path& parent, const GraderRuns& runs, LeftoverSweep& sweep,
                   int depth = 0) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(parent, error)) {
    if (!entry.is_directory(error) || entry.is_symlink(error)) continue;
    const std::string name = entry.path().filename().string();
    if (owned_by_dead_grader(name, runs, sweep)) {
      remove_cgroup_tree(entry.path(), sweep.cgroups, sweep.problems);
    } else if (depth > 0 && !is_resource_name(name)) {
      sweep_cgroups(entry.path(), runs, sweep, depth - 1);  // a live grader's groups are left whole
    }
  }
}

// The mount points of every cgroup hierarchy (v1 controllers, named v1 hierarchies, v2), from
// /proc/self/mountinfo: "... MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE ...".
std::vector<fs::path> cgroup_hierarchies() {
  std::vector<fs::path> found;
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);) {
    const std::size_t separator = line.find(" - ");
    if (separator == std::string::npos) continue;
    const std::string type =
        line.substr(separator + 3, line.find(' ', separator + 3) - separator - 3);
    if (type != "cgroup" && type != "cgroup2") continue;
    std::size_t start = 0;
    for (int field = 0; field < 4; ++field) start = line.find(' ', start) + 1;
    found.emplace_back(line.substr(start, line.find(' ', start) - start));
  }
  return found;
}

// Detaches every mount on or below a dead grader's run folder, then removes the folder.
void remove_run_folder(const fs::path& folder, LeftoverSweep& sweep) {
  for (const std::string& point : mounts_at_or_below(folder)) {
    if (::umount2(point.c_str(), MNT_DETACH) == 0) {
      ++sweep.mounts;
    } else if (errno != EINVAL && errno != ENOENT) {  // another sweep detached it first
      sweep.problems.push_back(fmt::format("mount {}: {}", point, errno_text(errno)));
    }
  }
  std::error_code error;
  if (!fs::exists(folder, error)) return;
  if (const std::string left = remove_tree(folder); !left.empty()) {
    sweep.problems.push_back(left);
  } else {
    ++sweep.run_folders;
  }
}

void sweep_run_folders(const fs::path& root, const GraderRuns& runs, LeftoverSweep& sweep) {
  const std::string run_prefix = resource_prefix(site_config().instance) + "run-";
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(root, error)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(run_prefix) || !owned_by_dead_grader(name, runs, sweep)) continue;
    remove_run_folder(entry.path(), sweep);
  }
}

// Every mount point of the mount table (/proc/self/mountinfo's fifth field, octal escapes such as
// \040 for a space undone).
std::vector<std::string> mount_points() {
  std::vector<std::string> points;
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);) {
    std::istringstream fields(line);
    std::string escaped;
    for (int field = 0; field < 5; ++field) fields >> escaped;
    std::string point;
    for (std::size_t i = 0; i < escaped.size(); ++i) {
      const bool octal = escaped[i] == '\\' && i + 3 < escaped.size() &&
                         std::all_of(escaped.begin() + static_cast<long>(i) + 1,
                                     escaped.begin() + static_cast<long>(i) + 4,
                                     [](char c) { return c >= '0' && c <= '7'; });
      if (!octal) {
        point += escaped[i];
        continue;
      }
      point += static_cast<char>((escaped[i + 1] - '0') * 64 + (escaped[i + 2] - '0') * 8 +
                                 (escaped[i + 3] - '0'));
      i += 3;
    }
    if (!point.empty()) points.push_back(point);
  }
  return points;
}

// Run folders of dead graders found through the mount table, wherever they are: a batch's
// OUT/.scratch is under an output folder the next grader may never be given.
void sweep_mounted_run_folders(const GraderRuns& runs, LeftoverSweep& sweep) {
  const std::string run_prefix = resource_prefix(site_config().instance) + "run-";
  std::set<fs::path> folders;
  for (const std::string& point : mount_points()) {
    fs::path folder;
    for (const fs::path& part : fs::path(point)) {
      folder /= part;
      const std::string name = part.string();
      if (name.starts_with(run_prefix) && owned_by_dead_grader(name, runs, sweep)) {
        folders.insert(folder);
        break;
      }
    }
  }
  for (const fs::path& folder : folders) remove_run_folder(folder, sweep);
}

// Box uids no grader leases now (their lock is free) whose processes still run: a killed
// grader's students. The lock is held while they are killed, so no grader leases the uid then.
void sweep_box_uids(LeftoverSweep& sweep) {
  for (const uid_t uid : box_uid_pool()) {
    if (sample_processes_of_uid(uid).processes == 0) continue;
    const std::string path = fmt::format("{}/uid-{}.lock", kBoxUidLockDir, uid);
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) continue;  // never leased on this host: not ours to judge
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      if (kill_uid_processes(uid)) {
        ++sweep.box_uids;
      } else {
        sweep.problems.push_back(fmt::format("box uid {}: processes still run", uid));
      }
      if (const std::string left = remove_uid_leftovers(uid); !left.empty())
        sweep.problems.push_back(left);
    }
    ::close(fd);  // releases the lock
  }
}

std::string counted(int count, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

}  // namespace

bool process_exists(pid_t pid) { return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM); }

std::string LeftoverSweep::summary() const {
  std::vector<std::string> parts;
  if (cgroups > 0) parts.push_back(counted(cgroups, "cgroup", "cgroups"));
  if (run_folders > 0) {
    std::string folders = counted(run_folders, "run folder", "run folders");
    if (mounts > 0) folders += fmt::format(" ({})", counted(mounts, "mount", "mounts"));
    parts.push_back(folders);
  }
  if (box_uids > 0)
    parts.push_back(fmt::format("the processes of {}", counted(box_uids, "box uid", "box uids")));
  std::string line =
      fmt::format("removed what {} that no longer {} left behind: {}",
                  counted(static_cast<int>(graders.size()), "grader", "graders"),
                  graders.size() == 1 ? "runs" : "run",
                  parts.empty() ? "nothing" : fmt::format("{}", fmt::join(parts, ", ")));
  for (const std::string& problem : problems) line += fmt::format("; could not remove {}", problem);
  return line;
}

LeftoverSweep sweep_leftovers(const std::vector<fs::path>& cgroup_parents,
                              const std::vector<fs::path>& scratch_roots, bool box_uids,
                              const GraderRuns& runs) {
  LeftoverSweep sweep;
  try {
    const bool root = ::geteuid() == 0;
    if (root) {
      for (const fs::path& parent : cgroup_parents) sweep_cgroups(parent, runs, sweep);
      // A grader that ran in another cgroup left its groups there: every hierarchy, 6 deep.
      for (const fs::path& hierarchy : cgroup_hierarchies())
        sweep_cgroups(hierarchy, runs, sweep, 6);
    }
    if (root) sweep_mounted_run_folders(runs, sweep);
    for (const fs::path& scratch : scratch_roots) sweep_run_folders(scratch, runs, sweep);
    if (root && box_uids) sweep_box_uids(sweep);
  } catch (const std::exception& error) {
    sweep.problems.push_back(error.what());
  }
  return sweep;
}

}  // namespace sg
