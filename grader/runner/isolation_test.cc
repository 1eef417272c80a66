// Tests of the isolation tiers: the probe, and what each layer contains, with tiny inline
// programs. Tests that need root, namespaces or a cgroup skip with the reason.
#include "runner/isolation.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "runner/cgroup.h"
#include "runner/proc_stat.h"
#include "runner/uid_slots.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace isolation_test {

namespace fs = std::filesystem;

bool has_tier(IsolationTier tier) {
  const auto& available = probe_isolation().available;
  return std::find(available.begin(), available.end(), tier) != available.end();
}

std::string notes() {
  std::string text;
  for (const auto& note : probe_isolation().notes) text += note + "; ";
  return text;
}

#define REQUIRE_TIER(tier) \
  if (!has_tier(tier)) GTEST_SKIP() << "tier " << to_string(tier) << " unavailable: " << notes()

Invocation shell(const std::string& script) {
  Invocation invocation;
  invocation.argv = {"/bin/sh", "-c", script};
  invocation.limits.cpu_seconds = 5;
  invocation.limits.wall_seconds = 10;
  return invocation;
}

class TierTest : public ::testing::TestWithParam<IsolationTier> {
 protected:
  void SetUp() override {
    if (!has_tier(GetParam())) {
      GTEST_SKIP() << "tier " << to_string(GetParam()) << " unavailable: " << notes();
    }
    runner_ = make_sandbox_runner(GetParam());
  }
  std::unique_ptr<Runner> runner_;
};

TEST(IsolationProbe, MinimalIsAlwaysAvailableAndBestIsTheLast) {
  const IsolationProbe& probe = probe_isolation();
  ASSERT_FALSE(probe.available.empty());
  EXPECT_EQ(probe.available.front(), IsolationTier::minimal);
  EXPECT_EQ(probe.best, probe.available.back());
  EXPECT_TRUE(std::is_sorted(probe.available.begin(), probe.available.end()));
  EXPECT_TRUE(probe.cgroup == "v1" || probe.cgroup == "v2" || probe.cgroup == "none");
  EXPECT_EQ(&probe, &probe_isolation());  // cached
}

TEST(IsolationProbe, TierNamesRoundTrip) {
  for (IsolationTier tier :
       {IsolationTier::minimal, IsolationTier::degraded, IsolationTier::full}) {
    EXPECT_EQ(isolation_tier_from_string(to_string(tier)), tier);
  }
  EXPECT_FALSE(isolation_tier_from_string("strong"));
  EXPECT_LT(IsolationTier::minimal, IsolationTier::degraded);
  EXPECT_LT(IsolationTier::degraded, IsolationTier::full);
}

TEST(IsolationProbe, RootHostsOfferABoxTier) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root";
  EXPECT_GE(probe_isolation().best, IsolationTier::degraded) << notes();
  EXPECT_FALSE(box_uids().empty());
}

TEST_P(TierTest, TierStringStartsWithTheTierName) {
  const std::string tier = runner_->isolation_tier();
  EXPECT_EQ(tier.rfind(std::string(to_string(GetParam())), 0), 0u) << tier;
  const Observation observation = runner_->run(shell("echo hello"));
  EXPECT_EQ(observation.isolation_tier, tier);
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "hello\n");
}

INSTANTIATE_TEST_SUITE_P(Tiers, TierTest,
                         ::testing::Values(IsolationTier::minimal, IsolationTier::degraded,
                                           IsolationTier::full),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param));
                         });

// The degraded and full tiers: a box uid, box-init, seccomp (and a cgroup where there is one).
class BoxTierTest : public TierTest {
 protected:
  void SetUp() override {
    TierTest::SetUp();
    if (IsSkipped()) return;
    char scratch[] = "/tmp/sg-isolation-test-XXXXXX";
    ASSERT_NE(::mkdtemp(scratch), nullptr);
    scratch_ = scratch;
    ::chmod(scratch, 0755);
    ProcessRunnerOptions options;
    options.scratch_root = scratch_;
    runner_ = make_sandbox_runner(GetParam(), options);
  }
  void TearDown() override {
    if (!scratch_.empty()) {
      std::error_code error;
      fs::remove_all(scratch_, error);
    }
  }
  // Runs `invocation` tagged, so that its processes can be told from other graders' on this host.
  Observation run(Invocation invocation) {
    invocation.environment["SG_ISOLATION_TEST_TAG"] = tag_;
    return runner_->run(invocation);
  }
  // Processes of the last runs still alive (by their tag in /proc/<pid>/environ; zombies have
  // none). Box uids are shared with concurrent graders, so counting by uid would not do.
  int box_processes() const {
    int count = 0;
    const std::string needle = "SG_ISOLATION_TEST_TAG=" + tag_;
    for (const auto& entry : fs::directory_iterator("/proc")) {
      std::ifstream environ(entry.path() / "environ", std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(environ)),
                             std::istreambuf_iterator<char>());
      if (text.find(needle + '\0') != std::string::npos) ++count;
    }
    return count;
  }
  bool cgroup() const { return probe_isolation().cgroup != "none"; }
  fs::path scratch_;
  std::string tag_ = std::to_string(::getpid()) + "-" + std::to_string(::time(nullptr));
};

TEST_P(BoxTierTest, RunsAsAnUnprivilegedBoxUid) {
  const Observation observation = run(shell("id -u; id -G; cat /etc/shadow"));
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_NE(observation.exit_code, 0);  // /etc/shadow is unreadable
  const std::string out = observation.stdout_stream.data;
  const uid_t uid = static_cast<uid_t>(std::stoul(out));
  const std::vector<uid_t> uids = box_uids();
  EXPECT_NE(std::find(uids.begin(), uids.end(), uid), uids.end()) << out;
  EXPECT_EQ(out.substr(out.find('\n') + 1), std::to_string(uid) + "\n");  // no other group
}

TEST_P(BoxTierTest, OnlyStdioAndAllowListedEnvironment) {
  Invocation invocation = shell("ls /proc/self/fd; env | cut -d= -f1 | sort | tr '\\n' ' '");
  const Observation observation = runner_->run(invocation);  // untagged
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  // 0-2, and the directory ls itself reads.
  EXPECT_EQ(observation.stdout_stream.data.substr(0, 8), "0\n1\n2\n3\n");
  EXPECT_NE(observation.stdout_stream.data.find(
                "HOME LANG LC_ALL PATH PWD PYTHONDONTWRITEBYTECODE PYTHONIOENCODING TMPDIR"),
            std::string::npos)
      << observation.stdout_stream.data;
}

TEST_P(BoxTierTest, ProcessesLeftBehindAreKilledAndDoNotHangTheGrader) {
  // A grandchild keeps stdout open and outlives the main process.
  const Observation observation =
      run(shell("(sleep 30; echo late) & (setsid sleep 31 &) ; echo main done"));
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "main done\n");
  EXPECT_LT(observation.wall_seconds, 5.0);
  EXPECT_EQ(box_processes(), 0);
}

TEST_P(BoxTierTest, SysVObjectsAndTempFilesOfTheBoxUidAreRemoved) {
  // Only this run's own objects are checked (a token in the names, the segment's id): other
  // tests may run boxes of the same uids at the same time.
  const std::string token = std::to_string(::getpid()) + "-" + std::string(to_string(GetParam()));
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import ctypes, sys\n"
                     "libc = ctypes.CDLL(None)\n"
                     "print(libc.shmget(0, 1 << 20, 0o1600))\n"
                     "for d in ('/tmp', '/dev/shm'):\n"
                     "    try:\n"
                     "        open(f'{d}/sg-leftover-{sys.argv[1]}', 'w').write('x')\n"
                     "    except OSError: pass\n",
                     token};
  const Observation observation = run(invocation);
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  const long long segment = std::stoll(observation.stdout_stream.data);
  EXPECT_GE(segment, 0) << observation.stderr_stream.data;
  for (const char* dir : {"/tmp", "/dev/shm"}) {
    const fs::path leftover = fs::path(dir) / ("sg-leftover-" + token);
    EXPECT_FALSE(fs::exists(fs::symlink_status(leftover))) << leftover;
  }
  // In the full tier the segment lives in the box's own IPC namespace, which ends with it; its
  // id means nothing on the host.
  if (GetParam() == IsolationTier::full) return;
  std::ifstream shm("/proc/sysvipc/shm");
  std::string line;
  std::getline(shm, line);  // header: key shmid perms size cpid lpid nattch uid gid cuid ...
  while (std::getline(shm, line)) {
    std::istringstream words(line);
    long long key = 0, shmid = -1;
    words >> key >> shmid;
    EXPECT_NE(shmid, segment) << "the box's shared memory segment is still there: " << line;
  }
}

TEST_P(BoxTierTest, NoNetwork) {
  // Listeners on the host's loopback and an abstract unix socket, which the box must not reach;
  // socketpair() still works.
  const int tcp = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(::bind(tcp, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(tcp, 4), 0);
  ASSERT_EQ(::getsockname(tcp, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const int unix_socket = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un unix_address{};
  unix_address.sun_family = AF_UNIX;
  const std::string name = fmt::format("sg-isolation-test-{}", ::getpid());
  std::copy(name.begin(), name.end(), unix_address.sun_path + 1);  // abstract: leading NUL
  const auto unix_length =
      static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  ASSERT_EQ(::bind(unix_socket, reinterpret_cast<sockaddr*>(&unix_address), unix_length), 0);
  ASSERT_EQ(::listen(unix_socket, 4), 0);

  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import os, socket\n"
                     "a, b = socket.socketpair(); a.send(b'x'); print(b.recv(1) == b'x')\n"
                     "try:\n"
                     "    socket.create_connection(('127.0.0.1', int(os.environ['PORT'])), 1)\n"
                     "    print('connected')\n"
                     "except OSError:\n"
                     "    print('refused')\n"
                     "try:\n"
                     "    s = socket.socket(socket.AF_UNIX)\n"
                     "    s.connect('\\0' + os.environ['NAME'])\n"
                     "    print('unix connected')\n"
                     "except OSError:\n"
                     "    print('unix refused')\n"};
  invocation.environment = {{"PORT", std::to_string(ntohs(address.sin_port))}, {"NAME", name}};
  const Observation observation = run(invocation);
  ::close(tcp);
  ::close(unix_socket);
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "True\nrefused\nunix refused\n")
      << observation.stderr_stream.data;
}

TEST_P(BoxTierTest, WorkingDirectoryHasAQuota) {
  ProcessRunnerOptions options;
  options.scratch_root = scratch_;
  options.workdir_quota_bytes = 8ull << 20;
  runner_ = make_sandbox_runner(GetParam(), options);
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import errno\n"
                     "try:\n"
                     "    with open('big', 'wb') as f:\n"
                     "        for _ in range(16): f.write(bytes(1 << 20))\n"
                     "    print('wrote 16 MiB')\n"
                     "except OSError as e:\n"
                     "    print(errno.errorcode[e.errno])\n"};
  const Observation observation = run(invocation);
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "ENOSPC\n") << observation.stderr_stream.data;
  EXPECT_TRUE(fs::is_empty(scratch_));
}

TEST_P(BoxTierTest, CpuTimeLimitKillsTheWholeTree) {
  Invocation invocation = shell("while :; do :; done & while :; do :; done");
  invocation.limits.cpu_seconds = 1;
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::cpu_time_limit) << observation.detail;
  EXPECT_GE(observation.cpu_seconds, 1.0);
  EXPECT_EQ(box_processes(), 0);
}

TEST_P(BoxTierTest, WallTimeLimitSaysWall) {
  Invocation invocation = shell("sleep 30");
  invocation.limits.wall_seconds = 0.5;
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::wall_time_limit) << observation.detail;
  EXPECT_NE(observation.detail.find("wall"), std::string::npos);
  EXPECT_EQ(box_processes(), 0);
}

TEST_P(BoxTierTest, SeccompKillsNewUserNamespace) {
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import ctypes; print('before', flush=True); "
                     "ctypes.CDLL(None).unshare(0x10000000); print('after')"};
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::security_violation) << observation.detail;
  EXPECT_EQ(observation.signal, SIGSYS);
  EXPECT_EQ(observation.stdout_stream.data, "before\n");
  EXPECT_NE(observation.detail.find("seccomp"), std::string::npos);
}

TEST_P(BoxTierTest, SeccompKillsPtraceInAChild) {
  // The child that calls ptrace is killed by SIGSYS (31); its parent, which waits for it, is not.
  // (Such a death is a security_violation only when box-init reaps it: the main process or an
  // orphan.)
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import os, ctypes\n"
                     "pid = os.fork()\n"
                     "if pid == 0:\n"
                     "    ctypes.CDLL(None).ptrace(0, 0, 0, 0); os._exit(0)\n"
                     "print(os.WTERMSIG(os.waitpid(pid, 0)[1]))\n"};
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "31\n");
}

TEST_P(BoxTierTest, ThirtyTwoBitSystemCallsAreKilled) {
  // int 0x80 (the i386 entry) from a 64-bit process: getpid there is 20.
  Invocation invocation;
  invocation.argv = {
      "/usr/bin/python3", "-I", "-c",
      "import ctypes, mmap\n"
      "code = bytes([0xb8, 20, 0, 0, 0, 0xcd, 0x80, 0xc3])  # mov eax,20; int 0x80; ret\n"
      "m = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\n"
      "m.write(code)\n"
      "addr = ctypes.addressof(ctypes.c_char.from_buffer(m))\n"
      "ctypes.CFUNCTYPE(ctypes.c_int)(addr)()\n"
      "print('survived')\n"};
  // Some hypervisors fault on int 0x80 before any filter sees it (seen: a PVM guest, SIGSEGV
  // with no sandbox at all); there the filter cannot be shown to act.
  const Observation bare = make_sandbox_runner(IsolationTier::minimal)->run(invocation);
  if (bare.stdout_stream.data != "survived\n") {
    GTEST_SKIP() << "this host has no working 32-bit system call entry even without a sandbox ("
                 << bare.detail << ")";
  }
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::security_violation) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "");
}

TEST_P(BoxTierTest, MemoryHogGetsMemoryLimitFromTheCgroup) {
  if (!cgroup()) GTEST_SKIP() << "no cgroup on this host";
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "b = []\n"
                     "while True: b.append(bytearray(8 << 20))\n"};
  invocation.limits.memory_bytes = 96ull << 20;
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::memory_limit) << observation.detail;
  EXPECT_NE(observation.detail.find("OOM"), std::string::npos) << observation.detail;
  EXPECT_GT(observation.peak_memory_bytes, 64ull << 20);
  EXPECT_LE(observation.peak_memory_bytes, (96ull << 20) + (1ull << 20));
}

TEST_P(BoxTierTest, LargeReservationWithSmallResidentSetIsNotAMemoryVerdict) {
  if (!cgroup()) GTEST_SKIP() << "no cgroup: RLIMIT_AS applies";
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-c",
                     "import mmap; m = mmap.mmap(-1, 8 << 30); m[0] = 1; print('ok')"};
  invocation.limits.memory_bytes = 128ull << 20;
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "ok\n");
}

TEST_P(BoxTierTest, ForkBombIsContained) {
  Invocation invocation = shell("bomb() { bomb | bomb & }; bomb; sleep 2; echo alive");
  invocation.limits.max_processes = 32;
  invocation.limits.wall_seconds = 10;
  const Observation observation = run(invocation);
  // The first refused fork ends the box (the cgroup's pids.max, or RLIMIT_NPROC where there is
  // no cgroup), long before `sleep 2` is over; nothing is left.
  EXPECT_EQ(observation.termination, Termination::process_limit) << observation.detail;
  EXPECT_THAT(observation.detail, ::testing::HasSubstr("process limit exceeded (32 processes)"));
  EXPECT_LT(observation.wall_seconds, 2.0);
  EXPECT_EQ(box_processes(), 0);
}

TEST_P(BoxTierTest, WorkdirIsCleanedDespiteTraps) {
  const Observation observation =
      run(shell("mkfifo fifo && ln -s /etc/passwd link && ln -s / root && mkdir -p locked/deep && "
                "touch locked/deep/f && chmod 000 locked/deep locked && echo ok"));
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "ok\n");
  EXPECT_TRUE(fs::is_empty(scratch_)) << "run directory left in " << scratch_;
  EXPECT_TRUE(fs::exists("/etc/passwd"));
}

TEST_P(BoxTierTest, PythonAndTheWorkingDirectoryWork) {
  Invocation invocation;
  invocation.argv = {"/usr/bin/python3", "-I", "-B", "-c",
                     "import os, json, numpy\n"
                     "open('out.txt', 'w').write('x')\n"
                     "print(os.path.exists('out.txt'), os.environ['HOME'] == os.getcwd())\n"};
  const Observation observation = run(invocation);
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "True True\n") << observation.stderr_stream.data;
  EXPECT_GT(observation.peak_memory_bytes, 1u << 20);
}

INSTANTIATE_TEST_SUITE_P(Tiers, BoxTierTest,
                         ::testing::Values(IsolationTier::degraded, IsolationTier::full),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param));
                         });

// Only the full tier hides the host.
class FullTierTest : public BoxTierTest {};

TEST_P(FullTierTest, PrivateRootHidesTheHost) {
  const Observation observation = run(
      shell("pwd; hostname; ls /work /root /home /sys 2>&1 | wc -l; ls /proc | grep -c '^[0-9]'; "
            "cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '; touch /usr/x 2>&1 | wc -l; "
            "echo hi > /tmp/t && cat /tmp/t"));
  ASSERT_EQ(observation.termination, Termination::exited) << observation.detail;
  const std::string out = observation.stdout_stream.data;
  // /box; host name box; 4 "No such file" lines; few processes; only lo; /usr read-only; /tmp ok.
  EXPECT_EQ(out.substr(0, 9), "/box\nbox\n") << out;
  EXPECT_NE(out.find("\n4\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nlo\n1\nhi\n"), std::string::npos) << out;
}

TEST_P(FullTierTest, BuildsCppInside) {
  const Observation observation =
      run(shell("printf '#include <cstdio>\\nint main(){std::puts(\"built\");}' > m.cc && "
                "g++ -O0 -o m m.cc && ./m"));
  EXPECT_EQ(observation.termination, Termination::exited)
      << observation.detail << observation.stderr_stream.data;
  EXPECT_EQ(observation.stdout_stream.data, "built\n");
}

INSTANTIATE_TEST_SUITE_P(Tiers, FullTierTest, ::testing::Values(IsolationTier::full),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param));
                         });

TEST(Cgroup, CreatedWithLimitsAndRemoved) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root";
  const CgroupSupport support = detect_cgroups();
  if (support.version == 0) GTEST_SKIP() << support.problem;
  std::vector<fs::path> dirs;
  {
    auto group = Cgroup::create(support, fmt::format("sg-test-{}", ::getpid()),
                                CgroupLimits{32ull << 20, 8});
    dirs = group->directories();
    for (const auto& dir : dirs) EXPECT_TRUE(fs::is_directory(dir)) << dir;
    std::ifstream limit(dirs[0] / (support.version == 1 ? "memory.limit_in_bytes" : "memory.max"));
    std::uint64_t bytes = 0;
    limit >> bytes;
    EXPECT_EQ(bytes, 32ull << 20);
    EXPECT_EQ(group->oom_kills(), 0u);
    EXPECT_TRUE(group->processes().empty());
    EXPECT_EQ(group->remove(), "");
  }
  for (const auto& dir : dirs) EXPECT_FALSE(fs::exists(dir)) << dir;
}

}  // namespace isolation_test
}  // namespace
}  // namespace sg
