#include "batch/grade_class.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "batch/submission_hash.h"
#include "engine/grade_submission.h"
#include "reports/json_report.h"
#include "scoring/rubric_scoring.h"

namespace sg {

namespace {

struct Student {
  const ClassSubmission* submission = nullptr;
  std::string hash;
};

// What a student gets when the grader itself failed: a grader error, never a zero.
GradeReport grader_fault_report(const Assignment& assignment, const ClassSubmission& submission,
                                const std::string& grader_version, const std::string& why) {
  GradeReport report;
  report.assignment_id = assignment.id;
  report.assignment_title = assignment.title;
  report.spec_path = assignment.spec_path.string();
  report.submission_path = submission.path.string();
  report.grader_version = grader_version;
  report.max_score = assignment.max_points();
  report.has_grader_errors = true;
  report.submission_notes.push_back(
      fmt::format("grader error: this submission could not be graded: {}", why));
  return report;
}

// Only the rubric changed since `stored` was graded (its points, names, scoring): the same
// submission, grader and tests, so its observations are scored again instead of run again.
bool rescorable(const StoredResult& stored, const ResultKey& key) {
  return !stored.key.grading_hash.empty() && stored.key.grading_hash == key.grading_hash &&
         stored.key.submission_hash == key.submission_hash &&
         stored.key.grader_version == key.grader_version;
}

void rescore(const Assignment& assignment, const StoredResult& stored, const ResultKey& key,
             ResultsStore& store) {
  GradeReport report = class_entry_from_stored(stored).report;
  report.assignment_title = assignment.title;
  apply_rubric(assignment, report);
  StoredResult row = stored;
  row.key = key;
  row.graded_at.clear();
  row.report_json = to_json(report).dump();
  row.score = report.score;
  row.max_score = report.max_score;
  row.has_grader_errors = report.has_grader_errors;
  store.record(row);
}

}  // namespace

std::optional<double> expected_submission_seconds(const Assignment& assignment) {
  // Calibrated figures are scaled to this machine when the spec is loaded for grading.
  if (assignment.submission_budget.measured_total_cpu_seconds)
    return assignment.submission_budget.measured_total_cpu_seconds;
  double total = 0.0;
  bool measured = false;
  for (const TestSpec& test : assignment.tests) {
    if (test.time_scaling && test.time_scaling->measured_cpu_seconds) {
      total += *test.time_scaling->measured_cpu_seconds;
      measured = true;
    }
  }
  if (!measured) return std::nullopt;
  return total;
}

std::optional<double> submission_allowance(const Assignment& assignment) {
  if (const std::optional<double> budget = assignment.submission_budget.seconds()) return budget;
  double total = 0.0;
  for (const TestSpec& test : assignment.tests) total += test.limits.cpu_seconds;
  return total;
}

ClassEntry class_entry_from_stored(const StoredResult& row) {
  ClassEntry entry;
  entry.student_id = row.key.student_id;
  entry.student_name = row.student_name;
  entry.submission_hash = row.key.submission_hash;
  try {
    entry.report = grade_report_from_json(nlohmann::json::parse(row.report_json));
  } catch (const std::exception& error) {
    throw StoreError(fmt::format("result {} of {}: unreadable report: {}", row.id,
                                 row.key.student_id, error.what()));
  }
  return entry;
}

ClassGradeResult grade_class(const Assignment& assignment, const KindRegistry& kinds,
                             Runner& runner, ResultsStore& store,
                             const std::vector<ClassSubmission>& submissions,
                             const ClassGradeOptions& options) {
  ClassGradeResult result;
  result.students = submissions.size();

  // Decide who needs grading; group identical submissions so each is graded once.
  std::map<std::string, std::vector<Student>> pending;  // by content hash
  std::vector<std::string> order;                       // hashes, in student order
  for (const auto& submission : submissions) {
    Student student{&submission, {}};
    try {
      student.hash = submission_content_hash(submission.path);
    } catch (const std::exception& error) {
      // Unreadable: key it on the error so it is retried (and reported) every run.
      student.hash = "unreadable: " + std::string(error.what());
    }
    const ResultKey key{submission.student_id, student.hash, assignment.spec_sha256,
                        options.grader_version, assignment.grading_sha256};
    const auto current = store.current(submission.student_id);
    if (!options.regrade && current && !current->has_grader_errors) {
      if (current->key == key) {
        ++result.up_to_date;
        continue;
      }
      if (rescorable(*current, key)) {
        rescore(assignment, *current, key, store);
        ++result.rescored;
        continue;
      }
    }
    auto& group = pending[student.hash];
    if (group.empty()) order.push_back(student.hash);
    group.push_back(student);
  }

  std::size_t total_students = 0;
  for (const auto& [hash, group] : pending) total_students += group.size();
  const unsigned jobs =
      options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(jobs, order.size()));
  const unsigned test_jobs = workers == 0 ? 1 : std::max(1u, jobs / workers);

  std::mutex mutex;  // guards result counters and progress
  std::size_t next = 0;
  BatchMonitor own_monitor;
  BatchMonitor& monitor = options.monitor != nullptr ? *options.monitor : own_monitor;
  monitor.begin(total_students, order.size(), std::max(1u, workers), assignment.tests.size(),
                expected_submission_seconds(assignment), submission_allowance(assignment));
  {
    std::vector<std::string> to_grade;
    for (const auto& [hash, group] : pending)
      for (const Student& student : group) to_grade.push_back(student.submission->student_id);
    monitor.will_grade(to_grade);
  }

  const auto work = [&] {
    for (;;) {
      std::string hash;
      {
        const std::lock_guard lock(mutex);
        if (next >= order.size()) return;
        if (options.stop != nullptr && options.stop->load()) {
          result.interrupted = true;
          return;
        }
        hash = order[next++];
      }
      const std::vector<Student>& group = pending.at(hash);
      const ClassSubmission& first = *group.front().submission;
      monitor.started(first.student_id);
      GradeReport report;
      try {
        GradeOptions grade_options;
        grade_options.context = options.context;
        grade_options.jobs = test_jobs;
        grade_options.fork_tests = options.fork_tests;
        grade_options.grader_version = options.grader_version;
        grade_options.on_test_start = [&](const TestSpec& test, double charged) {
          monitor.test_started(first.student_id, test.id, charged);
        };
        grade_options.on_test_done = [&](std::size_t, std::size_t, const TestOutcome&) {
          monitor.test_done(first.student_id);
        };
        report = grade_submission(assignment, kinds, runner, first.path, grade_options);
      } catch (const std::exception& error) {
        report = grader_fault_report(assignment, first, options.grader_version, error.what());
      }
      const std::string json = to_json(report).dump();
      for (const Student& student : group) {
        StoredResult row;
        row.key = {student.submission->student_id, student.hash, assignment.spec_sha256,
                   options.grader_version, assignment.grading_sha256};
        row.student_name = student.submission->student_name;
        row.source_path = student.submission->source;
        row.report_json = json;
        row.score = report.score;
        row.max_score = report.max_score;
        row.has_grader_errors = report.has_grader_errors;
        store.record(row);
      }
      const std::lock_guard lock(mutex);
      result.graded += group.size();
      if (report.has_grader_errors) result.grader_faults += group.size();
      std::string who = first.student_id;
      if (group.size() > 1) who += fmt::format(" (+{} sharing it)", group.size() - 1);
      std::vector<std::string> students;
      for (const Student& student : group) students.push_back(student.submission->student_id);
      monitor.finished(students,
                       report.has_grader_errors
                           ? fmt::format("{} grader error ({:.1f} s)", who, report.seconds)
                           : fmt::format("{} {}/{} ({:.1f} s)", who, report.score, report.max_score,
                                         report.seconds));
      if (options.on_progress) options.on_progress(monitor.snapshot());
    }
  };

  std::vector<std::thread> threads;
  std::exception_ptr failure;
  std::mutex failure_mutex;
  for (unsigned i = 0; i < workers; ++i) {
    threads.emplace_back([&] {
      try {
        work();
      } catch (...) {
        // A store failure: stop everyone, report it once.
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        const std::lock_guard counters(mutex);
        next = order.size();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);
  if (options.stop != nullptr && options.stop->load() && result.graded < total_students)
    result.interrupted = true;

  for (const auto& submission : submissions) {
    if (const auto row = store.current(submission.student_id))
      result.entries.push_back(class_entry_from_stored(*row));
  }
  std::sort(result.entries.begin(), result.entries.end(),
            [](const ClassEntry& a, const ClassEntry& b) { return a.student_id < b.student_id; });
  return result;
}

}  // namespace sg
