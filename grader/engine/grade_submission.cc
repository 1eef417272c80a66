#include "engine/grade_submission.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/program_build.h"
#include "engine/submission_layout.h"
#include "scoring/rubric_scoring.h"

namespace sg {
namespace {

// Fills the outcome's identity and criterion bindings; the verdict of a test that ran to the end
// is accepted unless an aspect bound to a criterion failed.
void finalize(const TestSpec& test, TestOutcome& outcome) {
  outcome.id = test.id;
  outcome.name = test.name;
  outcome.kind = test.kind;
  outcome.visibility = test.visibility;
  bool graded_aspect_failed = false;
  std::vector<AspectOutcome> bound;
  for (auto& aspect : outcome.aspects) {
    const auto grades = test.grades.find(aspect.aspect);
    if (grades == test.grades.end() || grades->second.empty()) {
      aspect.criterion_id.clear();
      bound.push_back(std::move(aspect));
      continue;
    }
    // One entry per criterion the aspect counts toward.
    for (const auto& criterion : grades->second) {
      AspectOutcome copy = aspect;
      copy.criterion_id = criterion;
      if (!copy.passed) graded_aspect_failed = true;
      bound.push_back(std::move(copy));
    }
  }
  outcome.aspects = std::move(bound);
  if (outcome.verdict == Verdict::accepted && graded_aspect_failed)
    outcome.verdict = Verdict::wrong_answer;
  if (outcome.feedback.empty()) {
    for (const auto& aspect : outcome.aspects) {
      if (!aspect.passed && !aspect.criterion_id.empty() && !aspect.feedback.empty()) {
        outcome.feedback = aspect.feedback;
        break;
      }
    }
  }
}

// An outcome in which every aspect of the kind failed for one reason (nothing ran).
TestOutcome failed_outcome(const TestKind* kind, Verdict verdict, std::string feedback) {
  TestOutcome outcome;
  outcome.verdict = verdict;
  outcome.feedback = std::move(feedback);
  if (kind != nullptr) {
    for (const auto& aspect : kind->aspects()) {
      outcome.aspects.push_back({aspect, "", false, outcome.feedback});
    }
  }
  return outcome;
}

TestOutcome grader_error(const std::string& message, const TestKind* kind) {
  return failed_outcome(kind, Verdict::grader_error,
                        fmt::format("grader error (not your fault): {}", message));
}

TestOutcome run_one(const Assignment& assignment, const TestSpec& test, const KindRegistry& kinds,
                    Runner& runner, const SubmissionLayout& layout, const GradeOptions& options,
                    const ProgramBuild* program) {
  const TestKind* kind = kinds.find(test.kind);
  if (kind == nullptr)
    return grader_error(fmt::format("unknown test kind '{}'", test.kind), nullptr);
  if (!layout.missing.empty())
    return failed_outcome(kind, Verdict::runtime_error, layout.missing_feedback);
  if (program != nullptr && !program->ok()) {  // the build failed or no program was found
    return failed_outcome(kind, program->failure_verdict(), program->failure_feedback());
  }
  try {
    Invocation invocation = kind->invocation(assignment, test, options.context);
    invocation.submission = program != nullptr ? program->root() : layout.root;
    for (const auto& placed : layout.renamed) invocation.support_files.push_back(placed);
    const Observation observation = runner.run(invocation);
    TestOutcome outcome = kind->evaluate(assignment, test, observation);
    if (outcome.call.empty()) outcome.call = invocation.description;
    return outcome;
  } catch (const std::exception& error) {
    return grader_error(error.what(), kind);
  }
}

// A note that every test carries (e.g. what importing the module printed) belongs to the
// submission, not to each test.
void hoist_common_notes(GradeReport& report) {
  if (report.tests.size() < 2) return;
  std::map<std::string, std::size_t> counts;
  for (const auto& test : report.tests) {
    std::vector<std::string> unique = test.notes;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    for (const auto& note : unique) ++counts[note];
  }
  for (const auto& [note, count] : counts) {
    if (count != report.tests.size()) continue;
    report.submission_notes.push_back(note);
    for (auto& test : report.tests) std::erase(test.notes, note);
  }
}

}  // namespace

GradeReport grade_submission(const Assignment& assignment, const KindRegistry& kinds,
                             Runner& runner, const std::filesystem::path& submission,
                             const GradeOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const SubmissionLayout layout = inspect_submission(submission, assignment.submission);
  // A command-line program is built (when it has sources) and found once, before its tests.
  std::optional<ProgramBuild> program;
  GradeOptions test_options = options;
  if (assignment.submission.language == "program" && layout.missing.empty()) {
    program = prepare_program(assignment.submission, layout.root, runner);
    test_options.context.program_command = program->command();
  }

  GradeReport report;
  report.assignment_id = assignment.id;
  report.assignment_title = assignment.title;
  report.spec_path = assignment.spec_path.string();
  report.submission_path = submission.string();
  report.grader_version = options.grader_version;
  report.isolation_tier = runner.isolation_tier();
  report.tests.resize(assignment.tests.size());

  const std::size_t total = assignment.tests.size();
  unsigned jobs =
      options.jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.jobs;
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(total, 1)));
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t index = next++; index < total; index = next++) {
      const TestSpec& test = assignment.tests[index];
      TestOutcome outcome = run_one(assignment, test, kinds, runner, layout, test_options,
                                    program ? &*program : nullptr);
      finalize(test, outcome);
      report.tests[index] = std::move(outcome);
      if (options.on_test_done) {
        const std::lock_guard lock(progress_mutex);
        options.on_test_done(++done, total, report.tests[index]);
      }
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned i = 1; i < jobs; ++i) workers.emplace_back(worker);
    worker();
  }

  hoist_common_notes(report);
  for (const auto& note : layout.notes)
    report.submission_notes.insert(report.submission_notes.begin(), note);
  if (program)
    report.submission_notes.insert(report.submission_notes.end(), program->notes().begin(),
                                   program->notes().end());
  apply_rubric(assignment, report);
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace sg
