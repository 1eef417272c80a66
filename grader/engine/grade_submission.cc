#include "engine/grade_submission.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "adapters/driver_client.h"
#include "adapters/function_call_outcome.h"
#include "adapters/program_answer.h"
#include "engine/import_session.h"
#include "engine/program_build.h"
#include "engine/shared_feedback.h"
#include "engine/submission_layout.h"
#include "engine/submission_paths.h"
#include "engine/test_verdict.h"
#include "engine/time_budget.h"
#include "languages/interpreter_compat.h"
#include "languages/language_driver.h"
#include "scoring/rubric_scoring.h"

namespace sg {
namespace {

TestOutcome grader_error(const std::string& message, const TestKind* kind) {
  return not_run_outcome(kind != nullptr ? kind->aspects() : std::vector<std::string>{},
                         Verdict::grader_error,
                         fmt::format("grader error (not your fault): {}", message));
}

// The aspects a test that never ran fails: those it grades (a general kind judges many, a test
// only some), or those it judges when it grades none (a feedback-only test).
std::vector<std::string> not_run_aspects(const TestKind& kind, const Assignment& assignment,
                                         const TestSpec& test) {
  std::vector<std::string> aspects;
  for (const std::string& aspect : kind.aspects())
    if (test.grades.contains(aspect)) aspects.push_back(aspect);
  return aspects.empty() ? kind.judged_aspects(assignment, test) : aspects;
}

// "64 MiB", "3.2 MiB", "12.0 KiB", "900 bytes".
std::string size_text(std::uint64_t bytes) {
  constexpr std::uint64_t kKib = 1024;
  constexpr std::uint64_t kMib = kKib * 1024;
  if (bytes >= kMib && bytes % kMib == 0) return fmt::format("{} MiB", bytes / kMib);
  if (bytes >= kMib) return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / kMib);
  if (bytes >= kKib) return fmt::format("{:.1f} KiB", static_cast<double>(bytes) / kKib);
  return fmt::format("{} bytes", bytes);
}

// Why no test of the submission can run, when that is so: one verdict for the submission,
// explained once in report.submission_feedback, and what each test says (empty: by verdict).
struct SubmissionStop {
  Verdict verdict = Verdict::submission_error;
  std::string feedback;
  std::string not_run;
};

std::optional<SubmissionStop> submission_stop(const Assignment& assignment,
                                              const SubmissionLayout& layout,
                                              const ProgramBuild* program) {
  const std::uint64_t limit = assignment.submission.max_size_bytes;
  if (layout.size_bytes > limit) {
    return SubmissionStop{
        Verdict::submission_too_large,
        fmt::format("submission too large ({} > {}): nothing was run. Submit only your source "
                    "files (no data sets, virtual environments or build output)",
                    size_text(layout.size_bytes), size_text(limit)),
        {}};
  }
  if (!layout.missing.empty())
    return SubmissionStop{Verdict::submission_error, layout.missing_feedback, {}};
  if (program != nullptr && !program->ok() && program->failure_verdict() != Verdict::grader_error)
    return SubmissionStop{program->failure_verdict(), program->failure_feedback(), {}};
  return std::nullopt;
}

std::string not_run_feedback(const SubmissionStop& stop) {
  if (!stop.not_run.empty()) return stop.not_run;
  switch (stop.verdict) {
    case Verdict::compile_error:
      return "not run: the build failed (the compiler's output is shown once, for the whole "
             "submission)";
    case Verdict::submission_too_large:
      return "not run: the submission is over the size limit";
    default:
      return "not run: the submission's files are not as the assignment asks (see the note for "
             "the whole submission)";
  }
}

// What the submission's time budget did to a test.
enum class BudgetEffect { none, cut_short, spent };

TestOutcome run_one(const Assignment& assignment, const TestSpec& test, const KindRegistry& kinds,
                    Runner& runner, const SubmissionLayout& layout, const GradeOptions& options,
                    const ProgramBuild* program, const std::optional<SubmissionStop>& stop,
                    TimeBudget& budget, ImportSession* session) {
  const TestKind* kind = kinds.find(test.kind);
  TestOutcome outcome;
  std::optional<Observation> observation;
  BudgetEffect effect = BudgetEffect::none;
  double granted_seconds = test.limits.cpu_seconds;
  if (kind == nullptr) {
    outcome = grader_error(fmt::format("unknown test kind '{}'", test.kind), nullptr);
  } else if (stop) {
    outcome = not_run_outcome(not_run_aspects(*kind, assignment, test), stop->verdict,
                              not_run_feedback(*stop));
  } else if (program != nullptr && !program->ok()) {  // the build could not be run
    outcome = not_run_outcome(not_run_aspects(*kind, assignment, test), program->failure_verdict(),
                              program->failure_feedback());
  } else {
    try {
      Invocation invocation = kind->invocation(assignment, test, options.context);
      add_course_python(assignment.submission.course_python, invocation);
      invocation.submission = program != nullptr ? program->root() : layout.root;
      for (const auto& placed : layout.renamed) invocation.support_files.push_back(placed);
      for (const auto& file : assignment.submission.support_files)
        invocation.support_files.push_back({file, file.filename()});
      if (const std::optional<double> granted = budget.grant(invocation.limits.cpu_seconds);
          !granted) {
        // Judged as a test that ran into its time limit at once: each kind knows what a timeout
        // leaves unjudged (a format aspect is not failed by it).
        effect = BudgetEffect::spent;
        observation.emplace();
        observation->termination = Termination::cpu_time_limit;
        observation->detail = "not run: the submission's time budget was spent";
        observation->isolation_tier = runner.isolation_tier();
      } else {
        if (*granted < invocation.limits.cpu_seconds) {
          effect = BudgetEffect::cut_short;
          granted_seconds = *granted;
          invocation.limits.cpu_seconds = *granted;
        }
        if (session != nullptr && invocation.forkable)
          observation = session->run(invocation, test.visibility);
        if (!observation) observation = runner.run(invocation);
        budget.charge(observation->cpu_seconds);
        if (effect == BudgetEffect::cut_short &&
            observation->termination != Termination::cpu_time_limit) {
          effect = BudgetEffect::none;  // it ended within what was left: the budget did nothing
        }
      }
      // A program's answer may be a file it writes: the kind judges it in stdout's place.
      const ProgramAnswer answer = read_program_answer(test, *observation);
      outcome = kind->evaluate(assignment, test, answer.judged);
      conclude_program_answer(answer, *observation, outcome);
      if (outcome.call.empty()) outcome.call = invocation.description;
    } catch (const std::exception& error) {
      outcome = grader_error(error.what(), kind);
      observation.reset();
      effect = BudgetEffect::none;
    }
  }
  if (effect == BudgetEffect::none) {
    conclude_test(test, outcome, observation ? &*observation : nullptr,
                  assignment.submission.language == "program");
  } else {
    // Stopped by the budget, not by the test's own limit: what a correct solution needs on the
    // test says nothing here.
    TestSpec judged = test;
    judged.calibration.reset();
    judged.time_scaling.reset();
    conclude_test(judged, outcome, &*observation, assignment.submission.language == "program");
    if (effect == BudgetEffect::spent) {
      outcome.feedback = budget.spent_feedback();
    } else {
      if (!outcome.feedback.empty()) outcome.feedback += '\n';
      outcome.feedback += budget.cut_feedback(granted_seconds, test.limits.cpu_seconds);
    }
  }
  if (observation)
    for (std::string& note :
         course_python_notes(assignment.submission.course_python, *observation,
                             observation->stderr_stream.data + "\n" + outcome.feedback))
      outcome.notes.push_back(std::move(note));
  if (observation) show_paths_relative_to_submission(outcome, observation->workdir);
  return outcome;
}

// The fork server's limits: the import's for CPU, wall clock and output (what judges the start),
// and at least every test's elsewhere (a fork inherits the server's rlimits and can only lower
// them).
struct ForkServerLimits {
  Limits launch;
  Limits import;
};

ForkServerLimits fork_server_limits(const Assignment& assignment) {
  ForkServerLimits limits;
  limits.import = assignment.default_limits;
  limits.import.cpu_seconds = assignment.import_limits.cpu(assignment.submission_budget);
  limits.import.wall_seconds = assignment.import_limits.wall(assignment.submission_budget);
  // The driver's records embed what the import printed (as for a test's).
  limits.import.output_bytes = assignment.default_limits.output_bytes * 4 + (64u << 10);
  limits.launch = limits.import;
  for (const TestSpec& test : assignment.tests)
    limits.launch = covering(limits.launch, test.limits);
  return limits;
}

// The submission's import, once, for its function-call tests: nullptr when its tests run each in
// a process of their own. A failed import becomes `stop`.
std::unique_ptr<ImportSession> start_import(const Assignment& assignment, Runner& runner,
                                            const SubmissionLayout& layout,
                                            const ProgramBuild* build, const GradeOptions& options,
                                            TimeBudget& budget,
                                            std::optional<SubmissionStop>& stop) {
  if (!options.fork_tests || language_driver(assignment.submission.language) == nullptr || stop)
    return nullptr;
  ForkServerLimits limits = fork_server_limits(assignment);
  std::optional<Invocation> server = make_driver_launch(assignment, options.context, limits.launch);
  if (!server) return nullptr;  // the language starts a process per test
  Invocation launch = std::move(*server);
  if (launch.serves_in_process) {
    // Its RLIMIT_CPU holds the start and every test it runs, not one: what all of them may use
    // (the supervisor judges each test by its own limit; a server that nears this backstop is
    // started again).
    double tests = 0.0;
    for (const TestSpec& test : assignment.tests) tests += test.limits.cpu_seconds;
    if (const std::optional<double> most = assignment.submission_budget.seconds())
      tests = std::min(tests, *most);
    launch.limits.cpu_seconds =
        std::max(launch.limits.cpu_seconds, limits.import.cpu_seconds + tests);
  }
  add_course_python(assignment.submission.course_python, launch);
  launch.submission = build != nullptr ? build->root() : layout.root;  // Java: javac's tree
  for (const auto& placed : layout.renamed) launch.support_files.push_back(placed);
  for (const auto& file : assignment.submission.support_files)
    launch.support_files.push_back({file, file.filename()});
  const std::string module_file = submission_file(assignment);  // as every test's feedback
  auto session = std::make_unique<ImportSession>(runner, std::move(launch), limits.import, budget,
                                                 module_file);
  if (!session->start(assignment.tests.empty() ? Visibility::visible
                                               : assignment.tests.front().visibility)) {
    return nullptr;
  }
  if (session->import_ok()) return session;
  const Observation& import = session->import_observation();
  const DriverTranscript transcript = read_transcript(import, 0);
  std::optional<EarlyStop> early = diagnose_early_stop(import, transcript, {}, module_file);
  if (!early) {
    early = EarlyStop{
        Verdict::runtime_error,
        fmt::format("the Python driver ended after importing {} ({})", module_file, import.detail)};
  }
  if (import.termination == Termination::cpu_time_limit ||
      import.termination == Termination::wall_time_limit) {
    early->feedback += fmt::format(
        "\nthe import may use {:g} s of CPU time ({:g} s of wall-clock time) once, before the "
        "tests (limits.import_cpu_seconds)",
        limits.import.cpu_seconds, limits.import.wall_seconds);
  }
  stop = SubmissionStop{early->verdict, early->feedback,
                        fmt::format("not run: importing {} did not succeed (see the note for the "
                                    "whole submission)",
                                    module_file)};
  return nullptr;
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
  std::optional<SubmissionStop> stop = submission_stop(assignment, layout, nullptr);
  if (assignment.submission.language == "program" && !stop) {
    program = prepare_program(assignment.submission, layout.root, runner);
    test_options.context.program_command = program->command();
    test_options.context.program_shown_command = program->shown_command();
    stop = submission_stop(assignment, layout, &*program);
  } else if (const LanguageDriver* driver = language_driver(assignment.submission.language);
             driver != nullptr && !stop) {
    // A compiled language (Java): the submission and its driver are built once, before its tests.
    if (const std::optional<DriverBuild> build = driver->build(assignment, options.context)) {
      program = prepare_driver_build(assignment.submission, layout.root, runner, *build);
      stop = submission_stop(assignment, layout, &*program);
    }
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
  TimeBudget budget(assignment.submission_budget.seconds());
  const std::unique_ptr<ImportSession> session = start_import(
      assignment, runner, layout, program ? &*program : nullptr, options, budget, stop);
  // One fork at a time, in the spec's order: each is measured as the growth of the sandbox's
  // counters.
  if (session) jobs = 1;
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t index = next++; index < total; index = next++) {
      const TestSpec& test = assignment.tests[index];
      if (options.on_test_start) {
        const std::lock_guard lock(progress_mutex);
        options.on_test_start(test, budget.used());
      }
      report.tests[index] = run_one(assignment, test, kinds, runner, layout, test_options,
                                    program ? &*program : nullptr, stop, budget, session.get());
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

  for (const auto& file : assignment.submission.support_files) {
    std::error_code error;
    if (std::filesystem::exists(layout.root / file.filename(), error))
      report.submission_notes.push_back(
          fmt::format("your {} was replaced by the course's own copy (the assignment provides it)",
                      file.filename().string()));
  }
  if (stop) {
    report.submission_verdict = stop->verdict;
    report.submission_feedback = stop->feedback;
  }
  if (session) {
    report.import_cpu_seconds = session->import_cpu_seconds();
    const std::vector<std::string> notes = session->import_notes();
    report.submission_notes.insert(report.submission_notes.end(), notes.begin(), notes.end());
  }
  hoist_common_notes(report);
  share_repeated_feedback(report);
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
