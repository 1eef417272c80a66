#include "runner/private_root.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace sg {
namespace {

namespace fs = std::filesystem;

constexpr unsigned long kLocked = MS_NOSUID | MS_NODEV;

}  // namespace

void PrivateRoot::add(Op op, std::string a, std::string b, std::string what) {
  steps_.push_back({op, std::move(a), std::move(b), std::move(what)});
}

PrivateRoot::PrivateRoot(const fs::path& mount_point, const fs::path& workdir,
                         const PrivateRootOptions& options) {
  const std::string root = mount_point.string();
  add(Op::make_private, "/", "", "make the mount tree private");
  add(Op::tmpfs, root, "size=4m,mode=0755", "mount the root tmpfs");
  for (const std::string& dir : options.system_dirs) {
    std::error_code error;
    const fs::file_status status = fs::symlink_status(dir, error);
    if (error || !fs::exists(status)) continue;
    const std::string inside = root + dir;
    if (fs::is_symlink(status)) {
      const fs::path target = fs::read_symlink(dir, error);
      if (error) throw std::runtime_error(fmt::format("cannot read the symlink {}", dir));
      add(Op::symlink, target.string(), inside, "link " + dir);
    } else if (fs::is_directory(status)) {
      add(Op::mkdir, inside, "", "create " + dir);
      add(Op::bind_ro, dir, inside, "bind " + dir + " read-only");
    }
  }
  // /dev: a tmpfs with the harmless devices bound in.
  add(Op::mkdir, root + "/dev", "", "create /dev");
  add(Op::tmpfs, root + "/dev", "size=64k,mode=0755", "mount /dev");
  for (const char* device : {"null", "zero", "full", "random", "urandom"}) {
    const std::string host = fmt::format("/dev/{}", device);
    if (!fs::exists(host)) continue;
    add(Op::touch, root + host, "", "create " + host);
    add(Op::bind_rw, host, root + host, "bind " + host);
  }
  add(Op::symlink, "/proc/self/fd", root + "/dev/fd", "link /dev/fd");
  add(Op::symlink, "/proc/self/fd/0", root + "/dev/stdin", "link /dev/stdin");
  add(Op::symlink, "/proc/self/fd/1", root + "/dev/stdout", "link /dev/stdout");
  add(Op::symlink, "/proc/self/fd/2", root + "/dev/stderr", "link /dev/stderr");
  add(Op::mkdir, root + "/dev/shm", "", "create /dev/shm");
  add(Op::tmpfs, root + "/dev/shm", fmt::format("size={},mode=1777", options.shm_bytes),
      "mount /dev/shm");
  add(Op::mkdir, root + "/tmp", "", "create /tmp");
  add(Op::tmpfs, root + "/tmp", fmt::format("size={},mode=1777", options.tmp_bytes), "mount /tmp");
  add(Op::mkdir, root + kBoxWorkdir, "", "create /box");
  add(Op::bind_rw, workdir.string(), root + kBoxWorkdir, "bind the working directory");
  add(Op::mkdir, root + "/proc", "", "create /proc");
  add(Op::proc, root + "/proc", "", "mount /proc");
  add(Op::pivot, root, "", "pivot into the private root");
}

int PrivateRoot::apply() const noexcept {
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    const Step& step = steps_[i];
    const char* a = step.a.c_str();
    const char* b = step.b.c_str();
    int rc = 0;
    switch (step.op) {
      case Op::make_private:
        rc = ::mount(nullptr, a, nullptr, MS_REC | MS_PRIVATE, nullptr);
        break;
      case Op::tmpfs:
        rc = ::mount("tmpfs", a, "tmpfs", kLocked, b);
        break;
      case Op::mkdir:
        rc = ::mkdir(a, 0755);
        break;
      case Op::touch: {
        const int fd = ::open(a, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        rc = fd < 0 ? -1 : ::close(fd);
        break;
      }
      case Op::symlink:
        rc = ::symlink(a, b);
        break;
      case Op::bind_ro:
      case Op::bind_rw: {
        rc = ::mount(a, b, nullptr, MS_BIND | MS_REC, nullptr);
        if (rc == 0) {
          unsigned long flags = MS_BIND | MS_REMOUNT | MS_NOSUID;
          if (step.op == Op::bind_ro) flags |= MS_RDONLY | MS_NODEV;
          // Devices keep dev (they are device nodes); everything else loses it.
          if (step.op == Op::bind_rw && step.a.rfind("/dev/", 0) != 0) flags |= MS_NODEV;
          rc = ::mount(nullptr, b, nullptr, flags, nullptr);
        }
        break;
      }
      case Op::proc:
        // hidepid=2: a process sees only its own uid's entries (box-init's are hidden).
        rc = ::mount("proc", a, "proc", kLocked | MS_NOEXEC, "hidepid=2");
        if (rc != 0) rc = ::mount("proc", a, "proc", kLocked | MS_NOEXEC, nullptr);
        break;
      case Op::pivot:
        rc = ::chdir(a);
        if (rc == 0) rc = static_cast<int>(::syscall(SYS_pivot_root, ".", "."));
        if (rc == 0) rc = ::umount2(".", MNT_DETACH);
        if (rc == 0) rc = ::chdir("/");
        if (rc == 0) rc = ::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_RDONLY | kLocked, nullptr);
        break;
    }
    if (rc != 0) {
      failed_ = static_cast<int>(i);
      return errno != 0 ? errno : EIO;
    }
  }
  return 0;
}

const char* PrivateRoot::failed_step() const noexcept {
  if (failed_ < 0 || static_cast<std::size_t>(failed_) >= steps_.size()) return "";
  return steps_[static_cast<std::size_t>(failed_)].what.c_str();
}

}  // namespace sg
