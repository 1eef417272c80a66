#include "runner/proc_stat.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sg {
namespace {

long clock_ticks_per_second() {
  static const long ticks = [] {
    long t = ::sysconf(_SC_CLK_TCK);
    return t > 0 ? t : 100;
  }();
  return ticks;
}

std::uint64_t page_size() {
  static const std::uint64_t size = [] {
    long s = ::sysconf(_SC_PAGESIZE);
    return s > 0 ? static_cast<std::uint64_t>(s) : 4096u;
  }();
  return size;
}

// Parses the next tab- or space-separated integer at *p; advances *p.
bool next_number_ws(const char** p, const char* end, long long* value) {
  const char* s = *p;
  while (s < end && (*s == ' ' || *s == '\t')) ++s;
  long long v = 0;
  const char* digits = s;
  while (s < end && *s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  if (s == digits) return false;
  *value = v;
  *p = s;
  return true;
}

// Parses the next space-separated integer at *p; advances *p. Returns false at end of input.
bool next_number(const char** p, const char* end, long long* value) {
  const char* s = *p;
  while (s < end && *s == ' ') ++s;
  if (s >= end) return false;
  bool negative = false;
  if (*s == '-') {
    negative = true;
    ++s;
  }
  long long v = 0;
  const char* digits = s;
  while (s < end && *s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  if (s == digits) return false;
  *value = negative ? -v : v;
  *p = s;
  return true;
}

// True when the "Uid:" line of /proc/<pid>/status names `uid` as real, effective or saved uid.
bool has_uid(pid_t pid, uid_t uid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/status", static_cast<int>(pid));
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buffer[4096];
  ssize_t n;
  do {
    n = ::read(fd, buffer, sizeof buffer - 1);
  } while (n < 0 && errno == EINTR);
  ::close(fd);
  if (n <= 0) return false;
  buffer[n] = '\0';
  const char* line = std::strstr(buffer, "\nUid:");
  if (line == nullptr) return false;
  const char* p = line + 5;
  const char* end = buffer + n;
  for (int i = 0; i < 3; ++i) {
    long long value = 0;
    if (!next_number_ws(&p, end, &value)) return false;
    if (static_cast<uid_t>(value) == uid) return true;
  }
  return false;
}

}  // namespace

std::optional<ProcStat> read_proc_stat(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  char buffer[1024];
  ssize_t n;
  do {
    n = ::read(fd, buffer, sizeof buffer);
  } while (n < 0 && errno == EINTR);
  ::close(fd);
  if (n <= 0) return std::nullopt;
  const char* end = buffer + n;
  // "pid (comm) state ppid pgrp session ..."; comm may contain spaces and parentheses.
  const char* close_paren = nullptr;
  for (const char* p = buffer; p < end; ++p) {
    if (*p == ')') close_paren = p;
  }
  if (close_paren == nullptr || close_paren + 2 >= end) return std::nullopt;
  ProcStat stat;
  stat.pid = pid;
  stat.state = close_paren[2];
  const char* p = close_paren + 3;
  // Fields after state, numbered from 4 (ppid) as in proc(5).
  long long fields[25] = {};
  for (int field = 4; field <= 24; ++field) {
    if (!next_number(&p, end, &fields[field])) return std::nullopt;
  }
  const double ticks = static_cast<double>(clock_ticks_per_second());
  stat.ppid = static_cast<pid_t>(fields[4]);
  stat.pgrp = static_cast<pid_t>(fields[5]);
  stat.session = static_cast<pid_t>(fields[6]);
  stat.cpu_seconds = static_cast<double>(fields[14] + fields[15]) / ticks;
  stat.children_cpu_seconds = static_cast<double>(fields[16] + fields[17]) / ticks;
  stat.rss_bytes = fields[24] > 0 ? static_cast<std::uint64_t>(fields[24]) * page_size() : 0;
  stat.threads = fields[20] > 0 ? static_cast<int>(fields[20]) : 1;
  return stat;
}

namespace {

// Calls `visit(pid)` for every process in /proc.
template <typename Visit>
void for_each_process(Visit visit) {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return;
  while (const dirent* entry = ::readdir(proc)) {
    const char* name = entry->d_name;
    if (name[0] < '1' || name[0] > '9') continue;
    char* rest = nullptr;
    const long pid = std::strtol(name, &rest, 10);
    if (rest == nullptr || *rest != '\0') continue;
    visit(static_cast<pid_t>(pid));
  }
  ::closedir(proc);
}

}  // namespace

GroupUsage sample_process_group(pid_t pgid) {
  GroupUsage usage;
  for_each_process([&](pid_t pid) {
    const std::optional<ProcStat> stat = read_proc_stat(pid);
    if (!stat || stat->pgrp != pgid) return;
    ++usage.processes;
    usage.tasks += stat->threads;
    usage.cpu_seconds += stat->cpu_seconds + stat->children_cpu_seconds;
    usage.max_rss_bytes = std::max(usage.max_rss_bytes, stat->rss_bytes);
  });
  return usage;
}

GroupUsage sample_processes_of_uid(uid_t uid) {
  GroupUsage usage;
  for_each_process([&](pid_t pid) {
    if (!has_uid(pid, uid)) return;
    const std::optional<ProcStat> stat = read_proc_stat(pid);
    if (!stat) return;
    if (stat->state != 'Z') {
      ++usage.processes;
      usage.tasks += stat->threads;
    }
    usage.cpu_seconds += stat->cpu_seconds + stat->children_cpu_seconds;
    usage.max_rss_bytes = std::max(usage.max_rss_bytes, stat->rss_bytes);
  });
  return usage;
}

std::vector<pid_t> live_group_members(pid_t pgid) {
  std::vector<pid_t> members;
  for_each_process([&](pid_t pid) {
    const std::optional<ProcStat> stat = read_proc_stat(pid);
    if (stat && stat->pgrp == pgid && stat->state != 'Z') members.push_back(pid);
  });
  return members;
}

std::vector<pid_t> live_processes_of_uid(uid_t uid) {
  std::vector<pid_t> processes;
  for_each_process([&](pid_t pid) {
    if (!has_uid(pid, uid)) return;
    const std::optional<ProcStat> stat = read_proc_stat(pid);
    if (stat && stat->state != 'Z') processes.push_back(pid);
  });
  return processes;
}

}  // namespace sg
