#include "batch/batch_monitor.h"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

namespace sg {

BatchMonitor::BatchMonitor(Clock clock) : clock_(std::move(clock)) {
  if (!clock_) {
    clock_ = [] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
    };
  }
  start_ = clock_();
}

double BatchMonitor::now() const { return clock_() - start_; }

void BatchMonitor::record_to(const std::filesystem::path& log) {
  const std::lock_guard lock(mutex_);
  log_.open(log, std::ios::trunc);
  if (!log_)
    throw std::runtime_error(fmt::format("{}: cannot write the progress log", log.string()));
}

void BatchMonitor::log(nlohmann::json event) {
  if (!log_.is_open()) return;
  event["t"] = now();
  log_ << event.dump() << '\n' << std::flush;
}

void BatchMonitor::begin(std::size_t students, std::size_t submissions, unsigned workers,
                         std::size_t tests, std::optional<double> expected_seconds,
                         std::optional<double> allowance_seconds) {
  const std::lock_guard lock(mutex_);
  start_ = clock_();
  total_ = students;
  submissions_ = submissions;
  workers_ = workers == 0 ? 1 : workers;
  tests_ = tests;
  expected_seconds_ = expected_seconds;
  allowance_seconds_ = allowance_seconds;
  nlohmann::json event = {{"event", "begin"},
                          {"students", students},
                          {"submissions", submissions},
                          {"workers", workers_},
                          {"tests", tests}};
  if (expected_seconds) event["expected_seconds"] = *expected_seconds;
  if (allowance_seconds) event["allowance_seconds"] = *allowance_seconds;
  log(event);
}

void BatchMonitor::will_grade(const std::vector<std::string>& students) {
  const std::lock_guard lock(mutex_);
  unfinished_.insert(students.begin(), students.end());
}

void BatchMonitor::started(const std::string& student) {
  const std::lock_guard lock(mutex_);
  running_[student] = Running{now(), now(), "", 0, 0.0};
  log({{"event", "start"}, {"student", student}});
}

void BatchMonitor::test_started(const std::string& student, const std::string& test,
                                double cpu_seconds) {
  const std::lock_guard lock(mutex_);
  Running& running = running_[student];
  running.test = test;
  running.test_start = now();
  running.cpu_seconds = cpu_seconds;
  log({{"event", "test"}, {"student", student}, {"test", test}, {"cpu_seconds", cpu_seconds}});
}

void BatchMonitor::test_done(const std::string& student) {
  const std::lock_guard lock(mutex_);
  ++running_[student].tests_done;
  log({{"event", "tested"}, {"student", student}});
}

void BatchMonitor::finished(const std::vector<std::string>& students, const std::string& last) {
  const std::lock_guard lock(mutex_);
  if (students.empty()) return;
  const auto found = running_.find(students.front());
  if (found != running_.end()) {
    finished_seconds_.push_back(now() - found->second.start);
    running_.erase(found);
  }
  for (const std::string& student : students) unfinished_.erase(student);
  done_ += students.size();
  ++graded_;
  last_ = last;
  log({{"event", "finish"}, {"students", students}, {"last", last}});
}

BatchProgress BatchMonitor::snapshot() const {
  const std::lock_guard lock(mutex_);
  const double t = now();
  BatchProgress progress;
  progress.done = done_;
  progress.total = total_;
  progress.elapsed_seconds = t;
  progress.last = last_;
  progress.unfinished = unfinished_;
  EtaInputs& eta = progress.eta;
  eta.workers = workers_;
  eta.tests_per_submission = tests_;
  eta.expected_seconds = expected_seconds_;
  eta.allowance_seconds = allowance_seconds_;
  eta.finished_seconds = finished_seconds_;
  const std::size_t in_flight_or_done = graded_ + running_.size();
  eta.queued = submissions_ > in_flight_or_done ? submissions_ - in_flight_or_done : 0;
  for (const auto& [student, running] : running_)
    eta.running.push_back({student, running.test, running.tests_done, tests_, t - running.start,
                           running.cpu_seconds, t - running.test_start});
  return progress;
}

std::vector<ReplayedMoment> replay_progress(std::istream& log, double step) {
  std::vector<nlohmann::json> events;
  int number = 0;
  for (std::string line; std::getline(log, line);) {
    ++number;
    if (line.empty()) continue;
    nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
    if (!event.is_object() || !event.contains("t") || !event.contains("event"))
      throw std::runtime_error(fmt::format("progress log line {}: not an event", number));
    events.push_back(std::move(event));
  }
  if (events.empty() || events.front()["event"] != "begin")
    throw std::runtime_error("progress log: it does not start with a begin event");
  const double end = events.back()["t"].get<double>();
  double clock = 0.0;
  BatchMonitor monitor([&clock] { return clock; });
  std::vector<ReplayedMoment> moments;
  const auto moment = [&](double t) {
    clock = t;
    const BatchProgress progress = monitor.snapshot();
    if (progress.done >= progress.total) return;
    moments.push_back(
        {t, estimate_remaining(progress.eta), end - t, progress.done, progress.eta.running.size()});
  };
  for (const nlohmann::json& event : events) {
    const double t = event["t"].get<double>();
    for (double between = clock + step; between < t; between += step) moment(between);
    clock = t;
    const std::string kind = event["event"].get<std::string>();
    if (kind == "begin") {
      std::optional<double> expected, allowance;
      if (event.contains("expected_seconds")) expected = event["expected_seconds"].get<double>();
      if (event.contains("allowance_seconds")) allowance = event["allowance_seconds"].get<double>();
      monitor.begin(event["students"], event["submissions"], event["workers"], event["tests"],
                    expected, allowance);
    } else if (kind == "start") {
      monitor.started(event["student"]);
    } else if (kind == "test") {
      monitor.test_started(event["student"], event["test"], event["cpu_seconds"]);
    } else if (kind == "tested") {
      monitor.test_done(event["student"]);
    } else if (kind == "finish") {
      monitor.finished(event["students"].get<std::vector<std::string>>(), event["last"]);
    }
    moment(t);
  }
  return moments;
}

}  // namespace sg
