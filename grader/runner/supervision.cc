#include "runner/supervision.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "runner/system_calls.h"

namespace sg {
namespace {

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC
using std::chrono::milliseconds;

constexpr milliseconds kPollInterval{20};          // longest sleep with an exit descriptor
constexpr milliseconds kFallbackPollInterval{10};  // exit-detection period without one
constexpr milliseconds kCpuSampleInterval{25};
constexpr milliseconds kRekillInterval{100};  // re-send SIGKILL while a killed run lingers
constexpr milliseconds kDrainTimeout{200};    // reading leftovers after the main process ended
constexpr std::size_t kReadChunk = 64 * 1024;
constexpr int kMaxReadsPerWakeup = 16;  // 1 MiB per stream per wakeup, then look at the clock

timespec to_timespec(Clock::duration d) {
  const auto ns =
      std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(d).count());
  return timespec{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
}

double elapsed_seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

std::string output_limit_detail(const char* stream, std::uint64_t cap, bool killed) {
  return fmt::format("{} passed {} bytes (the output limit){}", stream, cap,
                     killed ? "; killed" : "");
}

}  // namespace

OutputCapture::OutputCapture(UniqueFd stdout_read, UniqueFd stderr_read, Observation& observation)
    : streams_{Stream{"stdout", std::move(stdout_read), &observation.stdout_stream, {}, false},
               Stream{"stderr", std::move(stderr_read), &observation.stderr_stream, {}, false}},
      buffer_(kReadChunk) {
  for (const Stream& stream : streams_) set_nonblocking(stream.fd.get());
}

bool OutputCapture::Stream::pump(std::uint64_t cap, char* buffer) {
  bool passed = false;
  for (int i = 0; i < kMaxReadsPerWakeup && !eof; ++i) {
    const ssize_t n = ::read(fd.get(), buffer, kReadChunk);
    if (n > 0) {
      const auto size = static_cast<std::uint64_t>(n);
      const std::uint64_t before = captured->total_bytes;
      captured->total_bytes += size;
      if (before < cap) captured->data.append(buffer, std::min(size, cap - before));
      if (captured->total_bytes > cap) {
        captured->truncated = true;
        if (before <= cap) passed = true;
      }
      append_tail(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {
      eof = true;
    } else if (errno == EINTR) {
      continue;
    } else if (errno != EAGAIN) {
      eof = true;  // a read error ends the stream
    }
    break;
  }
  return passed;
}

void OutputCapture::Stream::append_tail(const char* data, std::size_t n) {
  if (n >= kStreamTailBytes) {
    tail.assign(data + n - kStreamTailBytes, kStreamTailBytes);
    return;
  }
  tail.append(data, n);
  if (tail.size() > kStreamTailBytes) tail.erase(0, tail.size() - kStreamTailBytes);
}

void OutputCapture::drain(std::uint64_t cap, RunEvidence& evidence) {
  const Clock::time_point deadline = Clock::now() + kDrainTimeout;
  for (;;) {
    pollfd fds[2];
    int index[2];
    nfds_t count = 0;
    for (int i = 0; i < 2; ++i) {
      if (streams_[i].eof) continue;
      index[count] = i;
      fds[count++] = {streams_[i].fd.get(), POLLIN, 0};
    }
    const Clock::time_point now = Clock::now();
    if (count == 0 || now >= deadline) break;
    const timespec timeout = to_timespec(deadline - now);
    const int ready = ::ppoll(fds, count, &timeout, nullptr);
    if (ready < 0 && errno != EINTR) break;
    for (nfds_t k = 0; ready > 0 && k < count; ++k) {
      if (fds[k].revents == 0) continue;
      Stream& stream = streams_[index[k]];
      if (stream.pump(cap, buffer_.data()) && !evidence.output_limit) {
        evidence.output_limit = output_limit_detail(stream.name, cap, false);
      }
    }
  }
  for (const Stream& stream : streams_) {
    if (stream.eof) continue;
    evidence.notes.push_back(fmt::format(
        "{} was still held open {} ms after the main process ended (a process outside the "
        "sandbox's reach?); stopped reading it",
        stream.name, kDrainTimeout.count()));
  }
}

void OutputCapture::pump_available(std::uint64_t cap, RunEvidence& evidence) {
  for (Stream& stream : streams_) {
    if (stream.pump(cap, buffer_.data()) && !evidence.output_limit) {
      evidence.output_limit = output_limit_detail(stream.name, cap, false);
    }
  }
}

void OutputCapture::keep_tails(RunEvidence& evidence) {
  evidence.stdout_tail = std::move(streams_[0].tail);
  evidence.stderr_tail = std::move(streams_[1].tail);
}

SupervisionResult supervise(const Limits& limits, const SupervisedRun& run, OutputCapture& output,
                            RunEvidence& evidence) {
  const Clock::time_point deadline =
      run.start + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double>(limits.wall_seconds));
  Clock::time_point next_sample = run.start + kCpuSampleInterval;
  Clock::time_point next_rekill{};
  SupervisionResult result;
  bool killed = false;

  const auto supervisor_kill = [&](Clock::time_point now) {
    killed = true;
    evidence.killed_by_supervisor = true;
    run.kill();
    next_rekill = now + kRekillInterval;
  };
  // A fork refused at the process limit ends the run at once: a fork bomb's processes would
  // otherwise spin on failed forks until the CPU limit, holding every core.
  std::uint64_t refused_forks = 0;
  bool at_process_limit = false;
  const auto take_sample = [&] {
    UsageSample sample;
    run.sample(sample);
    if (sample.cpu_seconds) result.cpu_seconds = std::max(result.cpu_seconds, *sample.cpu_seconds);
    result.peak_memory_bytes = std::max(result.peak_memory_bytes, sample.peak_memory_bytes);
    refused_forks = std::max(refused_forks, sample.refused_forks);
    at_process_limit = at_process_limit || refused_forks > 0 ||
                       (limits.max_processes > 0 &&
                        sample.tasks >= static_cast<std::uint64_t>(limits.max_processes));
  };
  std::vector<int> exit_fds;
  for (const int fd : run.exit_fds) {
    if (fd >= 0) exit_fds.push_back(fd);
  }
  if (exit_fds.size() > 3) throw std::logic_error("supervise: at most three exit descriptors");

  for (;;) {
    Clock::time_point now = Clock::now();
    if (!killed) {
      if (now >= deadline) {
        take_sample();
        evidence.wall_time_limit =
            fmt::format("killed after {:.2f} s wall clock (limit {:g} s)",
                        elapsed_seconds(now - run.start), limits.wall_seconds);
        // CPU far below the wall clock: the run waited rather than worked.
        if (result.cpu_seconds < 0.1 * elapsed_seconds(now - run.start))
          *evidence.wall_time_limit += fmt::format(
              "; its processes were asleep or waiting most of that time ({:.2f} s of CPU: a "
              "sleep, input() or a lock that never comes)",
              result.cpu_seconds);
        supervisor_kill(now);
      } else if (now >= next_sample) {
        take_sample();
        next_sample = now + kCpuSampleInterval;
        if (at_process_limit) {
          evidence.process_limit = describe_process_limit(limits.max_processes, refused_forks);
          supervisor_kill(now);
        } else if (result.cpu_seconds > limits.cpu_seconds) {
          evidence.cpu_time_limit = fmt::format("killed after {:.2f} s CPU (limit {:g} s)",
                                                result.cpu_seconds, limits.cpu_seconds);
          supervisor_kill(now);
        }
      }
    } else if (now >= next_rekill) {
      run.kill();
      next_rekill = now + kRekillInterval;
    }

    Clock::time_point wake = now + (exit_fds.empty() ? kFallbackPollInterval : kPollInterval);
    wake = killed ? std::min(wake, next_rekill) : std::min({wake, deadline, next_sample});
    pollfd fds[5];
    int stream_slot[2] = {-1, -1};
    nfds_t count = 0;
    for (int i = 0; i < 2; ++i) {
      if (output.streams_[i].eof) continue;
      stream_slot[i] = static_cast<int>(count);
      fds[count++] = {output.streams_[i].fd.get(), POLLIN, 0};
    }
    const nfds_t first_exit_slot = count;
    for (const int fd : exit_fds) fds[count++] = {fd, POLLIN, 0};
    const timespec timeout = to_timespec(wake - now);
    const int ready = ::ppoll(fds, count, &timeout, nullptr);
    if (ready < 0 && errno != EINTR) throw_errno("poll failed", errno);

    for (int i = 0; i < 2; ++i) {
      if (ready <= 0 || stream_slot[i] < 0 || fds[stream_slot[i]].revents == 0) continue;
      OutputCapture::Stream& stream = output.streams_[i];
      if (stream.pump(limits.output_bytes, output.buffer_.data()) && !killed) {
        evidence.output_limit = output_limit_detail(stream.name, limits.output_bytes, true);
        supervisor_kill(Clock::now());
      }
    }
    bool exit_ready = exit_fds.empty();
    for (nfds_t k = first_exit_slot; ready > 0 && k < count; ++k) {
      exit_ready = exit_ready || fds[k].revents != 0;
    }
    if (exit_ready && run.ended()) {
      result.exit_time = Clock::now();
      break;
    }
  }
  take_sample();
  if (!evidence.process_limit && !killed && at_process_limit)
    evidence.process_limit = describe_process_limit(limits.max_processes, refused_forks);
  return result;
}

}  // namespace sg
