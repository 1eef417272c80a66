#include "runner/fork_server.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "runner/box_uid_layer.h"
#include "runner/descriptor_passing.h"
#include "runner/in_process_streams.h"
#include "runner/launch_plan.h"
#include "runner/proc_stat.h"
#include "runner/rlimit_layer.h"
#include "runner/system_calls.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kLargestMessage = 64 * 1024;
// After a kill at a limit, how long the server may take to reap the fork and say so.
constexpr std::chrono::milliseconds kReportAfterKill{2000};
// How long what a test left may take to die.
constexpr std::chrono::milliseconds kSweepTimeout{2000};

nlohmann::json parse_object(const std::string& text) {
  nlohmann::json value = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  return value.is_object() ? value : nlohmann::json::object();
}

// What of `test` goes beyond `server`, the limits a fork inherits (its RLIMIT_CPU backstop,
// address space, processes, open files), e.g. "CPU 20 s > 5 s"; empty when nothing does.
std::string limits_beyond_server(const Limits& server, const Limits& test) {
  std::string beyond;
  const auto add = [&beyond](const std::string& text) {
    if (!beyond.empty()) beyond += ", ";
    beyond += text;
  };
  if (cpu_backstop_seconds(test) > cpu_backstop_seconds(server))
    add(fmt::format("CPU {:g} s > {:g} s", test.cpu_seconds, server.cpu_seconds));
  if (test.memory_bytes > server.memory_bytes)
    add(fmt::format("memory {} > {}", describe_bytes(test.memory_bytes),
                    describe_bytes(server.memory_bytes)));
  if (test.max_processes > server.max_processes)
    add(fmt::format("processes {} > {}", test.max_processes, server.max_processes));
  if (test.max_open_files > server.max_open_files)
    add(fmt::format("open files {} > {}", test.max_open_files, server.max_open_files));
  return beyond;
}

}  // namespace

ForkSession::~ForkSession() = default;

ForkControlSocket make_fork_control_socket() {
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
    throw_errno("cannot create a fork server's control socket", errno);
  UniqueFd first(pair[0]);
  UniqueFd second(pair[1]);
  ForkControlSocket socket{above_stdio(first.release()), above_stdio(second.release())};
  const int on = 1;
  if (::setsockopt(socket.supervisor.get(), SOL_SOCKET, SO_PASSCRED, &on, sizeof on) != 0)
    throw_errno("cannot ask for the fork server's credentials", errno);
  return socket;
}

void ForkServerSession::attach(Setup setup) {
  control_ = std::move(setup.control);
  workdir_ = std::move(setup.workdir);
  io_dir_ = std::move(setup.io_dir);
  box_uid_ = setup.box_uid;
  visible_workdir_ = std::move(setup.visible_workdir);
  tier_ = std::move(setup.tier);
  steps_log_ = std::move(setup.steps_log);
  server_limits_ = setup.server_limits;
  in_process_ = setup.in_process;
}

ForkServerSession::~ForkServerSession() = default;

std::optional<ForkServerSession::Message> ForkServerSession::receive(bool wait) {
  if (!control_ || control_closed_) return std::nullopt;
  std::string buffer(kLargestMessage, '\0');
  alignas(cmsghdr) char control_data[CMSG_SPACE(sizeof(ucred)) + CMSG_SPACE(sizeof(int) * 8)];
  iovec data{buffer.data(), buffer.size()};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control_data;
  message.msg_controllen = sizeof control_data;
  ssize_t n;
  do {
    n = ::recvmsg(control_.get(), &message, MSG_CMSG_CLOEXEC | (wait ? 0 : MSG_DONTWAIT));
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    if (errno != EAGAIN && errno != EWOULDBLOCK) control_closed_ = true;
    return std::nullopt;
  }
  if (n == 0) {
    control_closed_ = true;  // the server is gone (or closed its end)
    return std::nullopt;
  }
  Message received;
  received.text.assign(buffer.data(), static_cast<std::size_t>(n));
  for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
    if (c->cmsg_level != SOL_SOCKET) continue;
    if (c->cmsg_type == SCM_CREDENTIALS && c->cmsg_len >= CMSG_LEN(sizeof(ucred))) {
      ucred credentials{};
      std::memcpy(&credentials, CMSG_DATA(c), sizeof credentials);
      received.sender = credentials.pid;
    } else if (c->cmsg_type == SCM_RIGHTS) {
      // The server has nothing to pass us: close whatever it sent.
      const std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      for (std::size_t i = 0; i < count; ++i) {
        int fd = -1;
        std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
        if (fd >= 0) ::close(fd);
      }
    }
  }
  return received;
}

bool ForkServerSession::is_server(pid_t sender) const {
  if (sender <= 0) return false;
  if (sender == main_pid()) return true;
  const std::optional<ProcStat> stat = read_proc_stat(sender);
  return stat && stat->ppid == main_pid();
}

bool ForkServerSession::start(const std::string& request, const Limits& limits,
                              OutputCapture& output, Observation& observation,
                              RunEvidence& evidence, Clock::time_point started,
                              SupervisionResult& supervision) {
  if (request.size() > kLargestMessage)
    throw std::runtime_error("the fork server's start request is too large");
  ssize_t sent;
  do {
    sent = ::send(control_.get(), request.data(), request.size(), MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  // A server that is already gone shows as the run's end below.

  bool got_ready = false;
  SupervisionResult& total = supervision;
  while (!got_ready && !evidence.killed_by_supervisor) {
    SupervisedRun run;
    run.start = started;
    run.exit_fds = run_exit_fds();
    if (!control_closed_) run.exit_fds.push_back(control_.get());
    bool run_over = false;
    run.ended = [&] {
      while (const std::optional<Message> message = receive(false)) {
        if (parse_object(message->text).value("ready", false) && is_server(message->sender)) {
          server_pid_ = message->sender;
          got_ready = true;
          return true;
        }
      }
      if (run_ended()) {
        run_over = true;
        return true;
      }
      return control_closed_;  // supervise again without it
    };
    run.sample = [this](UsageSample& sample) { this->sample(sample); };
    run.kill = [this] { kill_run(); };
    const SupervisionResult result = supervise(limits, run, output, evidence);
    total.exit_time = result.exit_time;
    total.cpu_seconds = std::max(total.cpu_seconds, result.cpu_seconds);
    total.peak_memory_bytes = std::max(total.peak_memory_bytes, result.peak_memory_bytes);
    if (run_over) break;
  }
  if (!got_ready || evidence.killed_by_supervisor) return false;

  output.pump_available(limits.output_bytes, evidence);
  observation.termination = Termination::exited;
  observation.exit_code = 0;
  observation.wall_seconds = std::chrono::duration<double>(total.exit_time - started).count();
  observation.cpu_seconds = total.cpu_seconds;
  observation.peak_memory_bytes = total.peak_memory_bytes;
  observation.isolation_tier = tier_;
  observation.workdir = visible_workdir_;
  observation.detail = "ready";
  if (evidence.output_limit) {
    observation.termination = Termination::output_limit;
    observation.detail = *evidence.output_limit;
    return false;
  }
  start_observation_ = observation;
  server_cpu_seconds_ = observation.cpu_seconds;
  // What the import left: processes it forked go now; files stay as the fork point.
  if (!sweep()) return false;
  try {
    snapshot_.emplace(workdir_, io_dir_ / "fork-point", std::uint64_t{512} << 20);
    fork_point();
  } catch (const std::exception& e) {
    start_observation_.termination = Termination::runner_error;
    start_observation_.detail = fmt::format(
        "cannot record the working directory after the "
        "import: {}",
        e.what());
    return false;
  }
  ready_ = true;
  return true;
}

bool ForkServerSession::sweep() {
  const Clock::time_point deadline = Clock::now() + kSweepTimeout;
  for (int round = 0;; ++round) {
    if (kill_all_except(server_pid_)) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(round < 20 ? 200 : 5000));
  }
}

Observation ForkServerSession::run(const Invocation& test, ForkedProgram program) {
  Observation observation;
  observation.isolation_tier = tier_;
  observation.workdir = visible_workdir_;
  RunEvidence evidence;
  RunSteps steps(!steps_log_.empty());
  if (!alive()) {
    evidence.runner_error = "the fork server had ended before this test";
  } else if (std::string beyond = limits_beyond_server(server_limits_, test.limits);
             !beyond.empty()) {
    evidence.runner_error =
        "this test's limits exceed its fork server's, which a fork inherits "
        "and cannot raise (" +
        beyond +
        "); launch the server with limits "
        "covering every test's";
  } else {
    try {
      run_test(test, program, observation, evidence, steps);
    } catch (const std::exception& e) {
      evidence.runner_error = e.what();
      kill_run();
      mark_ended();
    }
  }
  steps.append_to(steps_log_, "fork test");
  decide_verdict(evidence, observation);
  return observation;
}

void ForkServerSession::run_test(const Invocation& test, ForkedProgram program,
                                 Observation& observation, RunEvidence& evidence, RunSteps& steps) {
  const Limits& limits = test.limits;
  if (!std::isfinite(limits.cpu_seconds) || limits.cpu_seconds <= 0 ||
      !std::isfinite(limits.wall_seconds) || limits.wall_seconds <= 0) {
    throw std::invalid_argument("a forked test needs positive CPU and wall-clock limits");
  }
  // An in-process server's own RLIMIT_CPU holds every test it runs: one whose backstop no
  // longer fits ends the session, and the test runs in the next (ImportSession starts it).
  if (in_process_ && in_process_tests_ > 0 &&
      server_cpu_seconds_ + cpu_backstop_seconds(limits) > cpu_backstop_seconds(server_limits_)) {
    mark_ended();
    kill_run();
    throw std::runtime_error(
        fmt::format("the server has used {:.1f} s of its CPU limit; the test needs a new one",
                    server_cpu_seconds_));
  }
  // 1. The test's files and streams.
  for (const WrittenFile& file : test.written_files) {
    write_support_text(file, workdir_);
    if (box_uid_) give_to_box_uid(workdir_ / file.destination, *box_uid_);
  }
  nlohmann::json header = {{"rlimit_cpu", static_cast<std::int64_t>(cpu_backstop_seconds(limits))}};
  UniqueFd stdin_fd;
  Pipe out;
  Pipe err;
  if (in_process_) {
    if (program != ForkedProgram::server)
      throw std::invalid_argument("an in-process server runs only its own program");
    InProcessStreams streams =
        make_in_process_streams(workdir_, test.stdin_data.value_or(""), box_uid_);
    out.read = std::move(streams.stdout_read);
    err.read = std::move(streams.stderr_read);
    header["stdin"] = InProcessStreams::kStdin;
    header["stdout"] = InProcessStreams::kStdout;
    header["stderr"] = InProcessStreams::kStderr;
  } else {
    stdin_fd = open_stdin(test, io_dir_);
    out = make_pipe();
    err = make_pipe();
  }
  if (program != ForkedProgram::server) {
    if (program == ForkedProgram::python && test.argv.size() < 2)
      throw std::invalid_argument("a Python file to run needs argv [python3, FILE, ...]");
    if (test.argv.empty()) throw std::invalid_argument("a program to run needs argv");
    header[program == ForkedProgram::exec ? "argv" : "run"] =
        program == ForkedProgram::exec
            ? test.argv
            : std::vector<std::string>(test.argv.begin() + 1, test.argv.end());
    header["environment"] = test.environment;
  }
  while (receive(false)) {  // nothing the server said between tests counts
  }
  steps.mark("files and pipes");

  // 2. The fork (or, in process, the request).
  begin_fork(limits);
  UsageSample base;
  sample(base);
  steps.mark("limits and counters");
  const Clock::time_point start = Clock::now();
  try {
    if (in_process_) {
      const std::string text = header.dump();
      ssize_t sent;
      do {
        sent = ::send(control_.get(), text.data(), text.size(), MSG_NOSIGNAL);
      } while (sent < 0 && errno == EINTR);
      if (sent != static_cast<ssize_t>(text.size())) throw_errno("cannot send the test", errno);
      ++in_process_tests_;
    } else {
      const int fds[] = {stdin_fd.get(), out.write.get(), err.write.get()};
      send_with_descriptors(control_.get(), header.dump(), fds, "cannot send the test");
    }
  } catch (const std::exception&) {
    mark_ended();
    kill_run();
    throw std::runtime_error("the fork server had ended before this test");
  }
  stdin_fd.reset();
  out.write.reset();
  err.write.reset();
  steps.mark("request");

  // 3. Supervise until the server reports the fork's end (or is gone).
  OutputCapture output(std::move(out.read), std::move(err.read), observation);
  std::optional<int> status;
  bool server_gone = false;  // the server ended on its own (a test killed it, or it crashed)
  bool end_session = false;  // the server lives, but must not serve another test
  bool last_test = false;    // an in-process server said it cannot serve another test
  const auto take_report = [&] {
    while (const std::optional<Message> message = receive(false)) {
      if (message->sender != server_pid_) continue;
      const nlohmann::json record = parse_object(message->text);
      if (record.value("ended", false)) {
        const int raw = record.value("status", -1);
        if (raw >= 0) status = raw;
        last_test = in_process_ && record.value("last", false);
        return true;
      }
    }
    return false;
  };
  SupervisedRun supervised;
  supervised.start = start;
  supervised.exit_fds = run_exit_fds();
  supervised.exit_fds.push_back(control_.get());
  supervised.ended = [&] {
    if (take_report()) return true;
    if (control_closed_ || run_ended()) {
      server_gone = true;
      return true;
    }
    return false;
  };
  supervised.sample = [&](UsageSample& growth) {
    UsageSample now;
    sample(now);
    if (now.cpu_seconds && base.cpu_seconds) {
      growth.cpu_seconds = std::max(0.0, *now.cpu_seconds - *base.cpu_seconds);
    } else {
      growth.cpu_seconds = now.cpu_seconds;
    }
    const std::uint64_t peak = now.peak_memory_bytes > base.peak_memory_bytes
                                   ? now.peak_memory_bytes - base.peak_memory_bytes
                                   : 0;
    growth.peak_memory_bytes = std::max(growth.peak_memory_bytes, peak);
    growth.refused_forks = now.refused_forks - std::min(now.refused_forks, base.refused_forks);
    growth.tasks = now.tasks;  // RLIMIT_NPROC counts the server's tasks too
  };
  // In process, the test is the server: stopping it ends the session.
  supervised.kill = [this] {
    if (in_process_) {
      kill_run();
    } else {
      kill_all_except(server_pid_);
    }
  };
  const SupervisionResult supervision = supervise(limits, supervised, output, evidence);
  steps.mark("test");

  if (in_process_ && !status) {
    // Stopped at a limit (killed above), or ended by the test itself: the test's process is the
    // server, gone either way; it has ended before its output is read below.
    server_gone = true;
    run_end_status();
  } else if (!server_gone && !status && evidence.killed_by_supervisor) {
    // The server reaps the killed fork and reports it.
    const Clock::time_point deadline = Clock::now() + kReportAfterKill;
    while (!take_report() && !control_closed_ && !run_ended() && Clock::now() < deadline) {
      kill_all_except(server_pid_);
      pollfd ready{control_.get(), POLLIN, 0};
      ::poll(&ready, 1, 20);
    }
    if (!status && (control_closed_ || run_ended())) server_gone = true;
    if (!status && !server_gone) {
      // A server that cannot say so (stopped, busy) cannot serve the next test either.
      evidence.notes.push_back("the fork server did not answer after the test was stopped");
      end_session = true;
    }
  }

  // 4. Evidence, then the box as the import left it.
  evidence.wait_status = status;
  // The sandbox's CPU growth over the test: at least the fork's own, which RLIMIT_CPU counts.
  evidence.main_cpu_seconds = supervision.cpu_seconds;
  observation.wall_seconds = std::chrono::duration<double>(supervision.exit_time - start).count();
  observation.cpu_seconds = supervision.cpu_seconds;
  observation.peak_memory_bytes = supervision.peak_memory_bytes;
  if (!server_gone && !end_session && !sweep()) {
    evidence.notes.push_back("what the test left running could not be stopped; the session ends");
    end_session = true;
  }
  if (last_test) end_session = true;
  server_cpu_seconds_ += supervision.cpu_seconds;
  steps.mark("sweep");
  if (in_process_) {
    // The server closed its ends before reporting, or is gone: all there is, is there now.
    output.pump_available(limits.output_bytes, evidence);
  } else {
    output.drain(limits.output_bytes, evidence);
  }
  output.keep_tails(evidence);
  steps.mark("drain");
  end_fork(limits, evidence, observation);
  steps.mark("evidence");
  if (server_gone || end_session) {
    mark_ended();
    if (end_session) kill_run();
    const std::optional<int> server_status = run_end_status();
    kill_run();
    if (in_process_ && !status) {
      // The server was the test's process: its end is the test's (a signal, an exit code).
      evidence.wait_status = server_status;
    } else if (server_gone && !status) {
      evidence.wait_status = server_status;
      evidence.notes.push_back(fmt::format(
          "the interpreter this test was forked from ended during the test{}",
          server_status ? fmt::format(" ({})", describe_wait_status(*server_status)) : ""));
    }
    if (!evidence.wait_status && !evidence.killed_by_supervisor && !evidence.runner_error) {
      evidence.runner_error = "the fork server ended without reporting the test";
    }
  }
  if (!test.collect_into.empty()) {
    try {
      copy_submission(workdir_, test.collect_into, std::uint64_t{512} << 20);
    } catch (const std::exception& e) {
      evidence.notes.push_back(std::string("could not collect the working directory: ") + e.what());
    }
  }
  if (!ended()) {
    try {
      snapshot_->restore();
    } catch (const std::exception& e) {
      evidence.notes.push_back(fmt::format(
          "the working directory could not be put back ({}); the session ends", e.what()));
      mark_ended();
      kill_run();
    }
    const fs::path stdin_file = io_dir_ / "stdin";
    ::unlink(stdin_file.c_str());
    steps.mark("restore");
  }
}

}  // namespace sg
