#include "engine/machine_speed.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "spec/limit_calibration_file.h"

extern char** environ;

namespace sg {
namespace {

// Changing this workload changes what the recorded times mean: give it a new kSpeedProbeName.
constexpr const char* kProbeScript = R"PY(
import time
def work():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    def successors(s):
        i = s.index(0)
        r, c = divmod(i, 3)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            j = (r + dr) % 3 * 3 + (c + dc) % 3
            t = list(s)
            t[i], t[j] = t[j], t[i]
            out.append(tuple(t))
        return sorted(out)
    def h(s):
        return sum(1 for a, b in zip(s, goal) if a and a != b)
    seen = {goal: 0}
    frontier = [goal]
    at = 0
    while at < len(frontier) and len(seen) < 30000:
        s = frontier[at]
        at += 1
        for n in successors(s):
            if n not in seen:
                seen[n] = seen[s] + 1
                frontier.append(n)
    queue = []
    total = 0
    for k, s in enumerate(frontier[:2500]):
        queue.append({'state': s, 'f': h(s) + seen[s], 'g': seen[s]})
        if k % 3 == 2:
            best = min(range(len(queue)), key=lambda x: queue[x]['f'])
            total += queue.pop(best)['g']
    return total
start = time.process_time()
work()
print(time.process_time() - start)
)PY";

// One run: the seconds the script printed, or nullopt.
std::optional<double> run_probe_once(const std::filesystem::path& python) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  const std::string program = python.string();
  std::array<char*, 6> argv = {const_cast<char*>(program.c_str()),
                               const_cast<char*>("-I"),
                               const_cast<char*>("-S"),
                               const_cast<char*>("-c"),
                               const_cast<char*>(kProbeScript),
                               nullptr};
  pid_t pid = -1;
  const int spawned =
      ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  std::string output;
  if (spawned == 0) {
    char buffer[256];
    ssize_t got = 0;
    while ((got = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR))
      if (got > 0 && output.size() < 4096) output.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(pipe_fds[0]);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  char* end = nullptr;
  const double seconds = std::strtod(output.c_str(), &end);
  if (end == output.c_str() || !std::isfinite(seconds) || seconds <= 0) return std::nullopt;
  return seconds;
}

}  // namespace

std::string this_machine_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  std::string model = "unknown processor";
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon != std::string::npos) model = line.substr(line.find_first_not_of(' ', colon + 1));
    break;
  }
  return fmt::format("{}, {} cores", model, std::max(1u, std::thread::hardware_concurrency()));
}

std::optional<double> measure_speed_probe(const std::filesystem::path& python) {
  std::vector<double> runs;
  for (int run = 0; run < 3; ++run) {
    const std::optional<double> seconds = run_probe_once(python);
    if (!seconds) break;
    runs.push_back(*seconds);
  }
  std::optional<double> median;
  if (runs.size() == 3) {
    std::sort(runs.begin(), runs.end());
    median = runs[1];
  }
  return median;
}

std::optional<double> speed_probe_cpu_seconds(const std::filesystem::path& python) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<double>> measured;
  const std::lock_guard lock(mutex);
  if (const auto found = measured.find(python.string()); found != measured.end())
    return found->second;
  const std::optional<double> seconds = measure_speed_probe(python);
  measured.emplace(python.string(), seconds);
  return seconds;
}

double machine_time_factor(double here, double there) {
  const double ratio = here / there;
  if (ratio >= kSameSpeedLow && ratio <= kSameSpeedHigh) return 1.0;
  return std::clamp(ratio, kSmallestFactor, kLargestFactor);
}

MachineScaling scale_limits_to_this_machine(Assignment& assignment,
                                            const std::filesystem::path& python) {
  MachineScaling scaling;
  if (assignment.calibration_file.empty() || assignment.calibration_machine.empty())
    return scaling;  // no measured limits to scale
  if (assignment.calibration_speed_probe != kSpeedProbeName) {
    // A file from before the probe: only the machine's name can warn.
    if (const std::string here = this_machine_name(); here != assignment.calibration_machine) {
      scaling.note = fmt::format(
          "the time limits of {} were measured on {}; this is {}, and the file has no speed "
          "probe to scale them by. If this machine is slower, limits may be tight: measure again "
          "with `searchgrader calibrate {} --write`",
          assignment.spec_path.string(), assignment.calibration_machine, here,
          assignment.spec_path.string());
    }
    return scaling;
  }
  scaling.there_cpu_seconds = assignment.calibration_speed_probe_cpu_seconds;
  const std::optional<double> here = speed_probe_cpu_seconds(python);
  if (!here) {
    scaling.note = fmt::format(
        "the speed probe did not run under {}, so the time limits of {} are used as measured on {}",
        python.string(), assignment.spec_path.string(), assignment.calibration_machine);
    return scaling;
  }
  scaling.here_cpu_seconds = *here;
  scaling.factor = machine_time_factor(*here, scaling.there_cpu_seconds);
  if (scaling.factor != 1.0) {
    scale_measured_limits(assignment, scaling.factor);
    scaling.note = fmt::format(
        "time limits x{:.2f} for this machine: it ran the speed probe in {:.3f} s of CPU, the "
        "machine that measured the limits of {} in {:.3f} s",
        scaling.factor, *here, assignment.spec_path.string(), scaling.there_cpu_seconds);
  }
  return scaling;
}

}  // namespace sg
