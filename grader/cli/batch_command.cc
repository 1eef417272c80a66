#include "cli/batch_command.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "batch/batch_monitor.h"
#include "batch/class_intake.h"
#include "batch/class_outputs.h"
#include "batch/grade_class.h"
#include "batch/shard.h"
#include "cli/calibrate_command.h"
#include "cli/exit_status.h"
#include "cli/grader_build.h"
#include "cli/isolation_choice.h"
#include "cli/progress_line.h"
#include "cli/spec_argument.h"
#include "engine/grading_tools.h"
#include "kinds/kind_registry.h"
#include "runner/isolation.h"
#include "runner/workdir.h"
#include "spec/spec_loader.h"
#include "store/results_store.h"

namespace sg {

namespace {

namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};

// First Ctrl-C: finish what is in flight, take nothing new. Second: leave now (the store only
// ever holds whole results, so nothing is corrupted either way).
extern "C" void on_interrupt(int) {
  if (g_stop.exchange(true)) _exit(kExitInterrupted);
  static const char kMessage[] =
      "\nsearchgrader: interrupted: finishing the submissions in flight (Ctrl-C again to stop "
      "now); run the same command again to resume\n";
  [[maybe_unused]] const auto ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

// Once only slow submissions are left (none queued, some in flight): the students graded so far,
// their scores as the store holds them, and who is still running, on which test, for how long and
// when each is stopped at the latest; so nobody waits on a hanging student without knowing.
std::string graded_so_far(const ResultsStore& store, const std::vector<ClassSubmission>& class_,
                          const BatchProgress& state) {
  std::vector<std::pair<std::string, std::string>> rows;
  std::size_t width = 7;
  for (const ClassSubmission& submission : class_) {
    // A stored result of a student this run still grades is an earlier run's.
    if (state.unfinished.count(submission.student_id)) continue;
    const std::optional<StoredResult> result = store.current(submission.student_id);
    if (!result) continue;
    rows.emplace_back(submission.student_id,
                      result->has_grader_errors
                          ? std::string("grader error")
                          : fmt::format("{:g}/{:g}", result->score, result->max_score));
    width = std::max(width, submission.student_id.size());
  }
  const EtaRange eta = estimate_remaining(state.eta);
  std::string text = fmt::format(
      "searchgrader: {} of {} graded in {}; {} still running{}{}:\n{}\n", state.done, state.total,
      format_duration(state.elapsed_seconds), state.eta.running.size(),
      state.eta.queued > 0 ? fmt::format(", {} waiting for a worker", state.eta.queued)
                           : std::string(),
      eta.high ? fmt::format(", all done within {} at the latest", format_duration(*eta.high))
               : std::string(),
      format_in_flight(state));
  text += fmt::format("Graded so far (the gradebook is written when every student is done):\n");
  text += fmt::format("  {:<{}}  {}\n", "student", width, "score");
  for (const auto& [student, score] : rows)
    text += fmt::format("  {:<{}}  {}\n", student, width, score);
  return text;
}

// The one place the batch builds its runner: the sandbox tier chosen for the class.
std::unique_ptr<Runner> make_batch_runner(const fs::path& scratch, const BatchArgs& args,
                                          IsolationTier tier) {
  ProcessRunnerOptions options;
  options.scratch_root = scratch;
  options.keep_workdir = args.keep_run_dirs;
  options.steps_log = args.runner_steps;
  return make_grading_runner(tier, options);
}

// Holds DIR/.lock for the process's lifetime (the kernel drops it on any exit, kill -9 too).
bool lock_output_dir(const fs::path& dir) {
  const int fd = ::open((dir / ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  return fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
}

}  // namespace

CLI::App* add_batch_command(CLI::App& app, BatchArgs& args, const std::string& python,
                            const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "batch",
      "Grade a whole class into DIR: gradebook.csv, feedback/, summary.html, results.json, "
      "results.db (rerun to resume)");
  command->footer(R"(Exit codes:
  0    every student graded (whatever their scores)
  2    unusable input: bad options or --shard, an invalid spec, an unreadable INPUT, a student id
       in two inputs, or another batch using DIR
  3    some student's grade has a grader error (retried on the next run), or the store failed
  130  interrupted (Ctrl-C): what was graded is kept; run the same command again to resume

Examples:
  searchgrader batch specs/torus-8-puzzle.yaml submissions.zip --out grades/
  searchgrader batch specs/torus-8-puzzle.yaml class/ --out grades/shard-2 --shard 2/8
Docs: docs/class-grading.md (layouts, the results store, shards and Slurm, importing the gradebook).)");
  command->add_option("SPEC", args.spec, "The assignment's spec (YAML)")->required();
  command
      ->add_option("INPUT", args.inputs,
                   "A folder of per-student folders or files, a Gradescope export (folder or "
                   "zip), or a Canvas submissions zip")
      ->required();
  command->add_option("-o,--out", args.out, "Output folder (holds the results store)")->required();
  command->add_option("-j,--jobs", args.jobs,
                      "Processes at once across the class (default: one per core)");
  command->add_flag("--regrade", args.regrade,
                    "Grade every submission again, even unchanged ones (history is kept)");
  command->add_flag("--process-per-test", args.process_per_test,
                    std::string(kProcessPerTestHelp) +
                        "; stored results graded the other way are kept unless --regrade");
  command->add_option("--shard", args.shard,
                      "Grade only shard K of N (K/N, 1-based; by a stable hash of the student "
                      "id), for spreading a class over machines; combine with `merge`");
  command->add_flag("--progress-lines", args.progress_lines,
                    "Print a plain progress line per submission even on a terminal");
  command->add_flag("--keep-run-dirs", args.keep_run_dirs,
                    "Keep every test's run directory under DIR/.scratch (for debugging and "
                    "bench/class_benchmark.sh)");
  command->add_option("--runner-steps", args.runner_steps,
                      "Append how long each step of every sandboxed run took (one JSON line per "
                      "run) to this file: the per-process setup cost of bench/class_benchmark.sh");
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  add_isolation_option(*command, args.isolation);
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  return command;
}

int run_batch(const BatchArgs& args) {
  Shard shard;
  try {
    if (!args.shard.empty()) shard = parse_shard(args.shard);
  } catch (const std::invalid_argument& error) {
    error_line(error.what());
    return kExitUsage;
  }
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::optional<Assignment> loaded = load_spec_argument(kinds, args.spec);
  if (!loaded) return kExitUsage;
  Assignment assignment = std::move(*loaded);
  scale_limits_for_this_machine(assignment, args.python);
  IsolationTier tier;
  try {
    tier = choose_isolation_tier(args.isolation, assignment);
  } catch (const TierRefused& refused) {
    error_line(refused.what());
    return kExitGraderFault;
  }
  // A broken setup is one grader fault now, not a grader error in every test of every student.
  if (const auto problems =
          grading_tool_problems({args.driver_dir, args.python, {}, {}}, assignment);
      !problems.empty()) {
    for (const auto& problem : problems) error_line("grader fault: " + problem);
    return kExitGraderFault;
  }

  const fs::path out = args.out;
  std::error_code error_code;
  fs::create_directories(out, error_code);
  if (error_code || !fs::is_directory(out)) {
    error_line(
        fmt::format("{}: cannot create the output folder: {}", out.string(), error_code.message()));
    return kExitUsage;
  }
  if (!lock_output_dir(out)) {
    error_line(fmt::format(
        "{}: another batch is using this output folder (it holds {}): wait for it to finish, "
        "or give another --out",
        out.string(), (out / ".lock").string()));
    return kExitUsage;
  }

  std::vector<ClassSubmission> submissions;
  std::vector<std::string> warnings;
  try {
    IntakeOptions intake;
    intake.staging_dir = out / ".staging";
    intake.exclude = {out};
    std::vector<fs::path> inputs(args.inputs.begin(), args.inputs.end());
    submissions = read_class(inputs, intake, &warnings);
  } catch (const std::exception& error) {
    error_line(error.what());
    return kExitUsage;
  }
  for (const auto& warning : warnings) fmt::print(stderr, "searchgrader: warning: {}\n", warning);
  if (shard.count > 1) {
    std::erase_if(submissions, [&](const ClassSubmission& submission) {
      return !in_shard(submission.student_id, shard);
    });
    fmt::print(stderr, "searchgrader: shard {}/{}: {} students\n", shard.index, shard.count,
               submissions.size());
  }

  try {
    ResultsStore store(out / "results.db");
    // Run directories of a killed batch are stale; each run starts a clean scratch folder.
    const fs::path scratch = out / ".scratch";
    if (const std::string left = remove_stale_scratch(scratch); !left.empty())
      fmt::print(stderr, "searchgrader: warning: stale run folders not removed: {}\n", left);
    fs::create_directories(scratch);
    const auto runner = make_batch_runner(scratch, args, tier);

    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);

    const bool terminal = !args.progress_lines && isatty(STDERR_FILENO) == 1;
    ProgressLine progress(stderr,
                          terminal ? ProgressLine::Mode::automatic : ProgressLine::Mode::lines);
    ClassGradeOptions options;
    options.context.python = args.python;
    options.context.driver_dir = args.driver_dir;
    options.jobs = args.jobs;
    options.fork_tests = !args.process_per_test;
    options.regrade = args.regrade;
    options.grader_version = grader_build_version(args.driver_dir);
    options.stop = &g_stop;
    std::mutex progress_mutex;
    BatchMonitor monitor;
    monitor.record_to(out / "progress.jsonl");
    options.monitor = &monitor;
    // The students graded so far, shown once only slow submissions hold the workers: none is
    // queued, or every worker has held its submission for a minute.
    bool shown_so_far = false;
    const auto show_so_far = [&](const BatchProgress& state) {
      const bool workers_held =
          state.eta.running.size() >= state.eta.workers &&
          std::all_of(state.eta.running.begin(), state.eta.running.end(),
                      [](const InFlightSubmission& running) { return running.wall_seconds >= 60; });
      if (shown_so_far || state.eta.running.empty() || state.done == 0 ||
          (state.eta.queued > 0 && !workers_held))
        return;
      shown_so_far = true;
      progress.finish();
      fmt::print(stderr, "{}", graded_so_far(store, submissions, state));
    };
    options.on_progress = [&](const BatchProgress& state) {
      const std::lock_guard lock(progress_mutex);
      progress.update(format_batch_progress(state, terminal));
      show_so_far(state);
    };
    // The display redraws on its own clock, so the times and the ETA move while long submissions
    // (a hanging one runs to its budget) are in flight: every 250 ms on a terminal, and in a log a
    // line with who is still running every minute.
    std::atomic<bool> finished{false};
    std::thread ticker([&] {
      auto next_log = std::chrono::steady_clock::now() + std::chrono::minutes(1);
      while (!finished.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        const std::lock_guard lock(progress_mutex);
        if (finished.load()) break;
        const BatchProgress now = monitor.snapshot();
        if (now.eta.running.empty() && now.done == 0) continue;
        if (terminal) {
          progress.update(format_batch_progress(now, true));
        } else if (std::chrono::steady_clock::now() >= next_log) {
          next_log = std::chrono::steady_clock::now() + std::chrono::minutes(1);
          progress.update(format_batch_progress(now, false) + "; still running:\n" +
                          format_in_flight(now));
        }
        show_so_far(now);
      }
    });
    const auto stop_ticker = [&] {
      {
        const std::lock_guard lock(progress_mutex);
        finished = true;
      }
      if (ticker.joinable()) ticker.join();
    };
    ClassGradeResult result;
    try {
      result = grade_class(assignment, kinds, *runner, store, submissions, options);
    } catch (...) {
      stop_ticker();
      throw;
    }
    stop_ticker();
    progress.finish();
    if (!args.keep_run_dirs) fs::remove_all(scratch, error_code);
    if (result.interrupted) {
      fmt::print(stderr,
                 "searchgrader: interrupted: {} graded this run and saved in {}; {} not yet "
                 "graded. Run the same command again to finish.\n",
                 result.graded, store.path().string(),
                 result.students - result.up_to_date - result.rescored - result.graded);
      return kExitInterrupted;
    }
    write_class_outputs(out, result.entries);
    std::size_t faults = 0;
    for (const auto& entry : result.entries) faults += entry.report.has_grader_errors ? 1 : 0;
    fmt::print(stderr,
               "searchgrader: {} students: {} graded now, {}{} already up to date{}. Wrote {}, "
               "{}, {}/ and {}\n",
               result.students, result.graded,
               result.rescored > 0
                   ? fmt::format("{} rescored (only the rubric changed), ", result.rescored)
                   : std::string(),
               result.up_to_date,
               faults ? fmt::format(", {} with grader errors (rerun to retry)", faults) : "",
               (out / "gradebook.csv").string(), (out / "summary.html").string(),
               (out / "feedback").string(), (out / "results.json").string());
    return faults ? kExitGraderFault : kExitOk;
  } catch (const StoreError& error) {
    error_line(error.what());
    return kExitGraderFault;
  } catch (const std::exception& error) {
    error_line(fmt::format("the batch failed because of a grader fault: {}", error.what()));
    return kExitGraderFault;
  }
}

}  // namespace sg
