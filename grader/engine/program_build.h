// Preparing a command-line program submission (`language: program`) once, before its tests:
// C/C++ sources are built through the Runner — `make` when there is a Makefile, CMake when there
// is a CMakeLists.txt (or as the spec's `build` says) — under the spec's build limits, and the
// program to run is found among the spec's `entry` candidates. A script is run directly when it
// is executable, else through the interpreter its #! line names (so a script uploaded without
// its executable bit still runs). A failed build is the student's: one compile error for the
// whole submission, with the compiler's output. A build the runner could not start is a grader
// error.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "languages/language_driver.h"
#include "model/assignment.h"
#include "model/verdict.h"
#include "runner/runner.h"

namespace sg {

/// The outcome of preparing one program submission. Owns the directory holding the built tree
/// (removed on destruction); movable, not copyable.
class ProgramBuild {
 public:
  ProgramBuild() = default;
  ~ProgramBuild();
  ProgramBuild(ProgramBuild&& other) noexcept;
  ProgramBuild& operator=(ProgramBuild&& other) noexcept;
  ProgramBuild(const ProgramBuild&) = delete;
  ProgramBuild& operator=(const ProgramBuild&) = delete;

  /// True when a program was found (and built, if it needed building).
  bool ok() const { return ok_; }
  /// What each test's working directory is copied from: the built tree, or the submission.
  const std::filesystem::path& root() const { return root_; }
  /// The argv prefix that runs the program inside the working directory, e.g. {"./eightpuzzle"}
  /// or {"python3", "eightpuzzle.py"}; test arguments follow. Empty unless ok().
  const std::vector<std::string>& command() const { return command_; }
  /// The command as feedback shows it, when it differs from command() (a JVM's options left
  /// out); else empty.
  const std::vector<std::string>& shown_command() const { return shown_command_; }
  /// When !ok(): the verdict of the submission (compile_error when the build failed,
  /// submission_error when no program was found or it cannot be run, grader_error when the build
  /// could not be run) and the feedback that explains it.
  Verdict failure_verdict() const { return failure_verdict_; }
  const std::string& failure_feedback() const { return failure_feedback_; }
  /// Remarks for the report ("built with `make` in 1.52 s", warnings the compiler printed).
  const std::vector<std::string>& notes() const { return notes_; }

  friend ProgramBuild prepare_program(const SubmissionInterface& interface,
                                      const std::filesystem::path& submission, Runner& runner);
  friend ProgramBuild prepare_driver_build(const SubmissionInterface& interface,
                                           const std::filesystem::path& submission, Runner& runner,
                                           const DriverBuild& build_step);

 private:
  // Runs `command` in the sandbox over a copy of `submission` (with `files` and the spec's
  // support files, and `written` written there), collecting the tree into a directory this
  // build owns; false with the failure set when it could not run or failed. `tool` names the
  // run, `shown` the command.
  bool run_build(const SubmissionInterface& interface, const std::filesystem::path& submission,
                 Runner& runner, const std::vector<std::string>& command,
                 const std::vector<PlacedFile>& files, const std::vector<WrittenFile>& written,
                 const std::string& tool, const std::string& shown);

  bool ok_ = false;
  std::filesystem::path root_;
  std::filesystem::path owned_dir_;  // Removed on destruction when not empty.
  std::vector<std::string> command_;
  std::vector<std::string> shown_command_;
  Verdict failure_verdict_ = Verdict::runtime_error;
  std::string failure_feedback_;
  std::vector<std::string> notes_;
};

/// Builds (if needed) and finds the program of `submission` (a directory or a single file, as
/// found by inspect_submission). Never throws (beyond std::bad_alloc): a scratch directory that
/// cannot be created, or a runner failure, is a grader_error failure.
ProgramBuild prepare_program(const SubmissionInterface& interface,
                             const std::filesystem::path& submission, Runner& runner);

/// The build a driver language needs before its tests (LanguageDriver::build: Java's javac over
/// the submission and the driver), run in the sandbox under the spec's build limits; root() is
/// then every test's tree and command() is empty. Failures as prepare_program's.
ProgramBuild prepare_driver_build(const SubmissionInterface& interface,
                                  const std::filesystem::path& submission, Runner& runner,
                                  const DriverBuild& build_step);

}  // namespace sg
