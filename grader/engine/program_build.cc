#include "engine/program_build.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

#include "checkers/state_text.h"
#include "engine/submission_paths.h"
#include "languages/java_program.h"
#include "runner/workdir.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// The build the spec and the submission call for: make, cmake, javac or none.
std::string build_tool(const SubmissionInterface& interface, const fs::path& submission) {
  if (interface.build != "auto") return interface.build;
  std::error_code error;
  if (!fs::is_directory(submission, error))
    return submission.extension() == ".java" ? "javac" : "none";
  for (const char* name : {"Makefile", "makefile", "GNUmakefile"})
    if (fs::is_regular_file(submission / name, error)) return "make";
  if (fs::is_regular_file(submission / "CMakeLists.txt", error)) return "cmake";
  // A script or program the spec names, present as it is, runs as before: a stray .java beside
  // it is not the program.
  for (const std::string& candidate : interface.entry)
    if (fs::is_regular_file(submission / candidate, error)) return "none";
  return java_sources(submission).empty() ? "none" : "javac";
}

// The build command the spec and the submission call for, or empty for none.
std::vector<std::string> build_command(const SubmissionInterface& interface,
                                       const fs::path& submission) {
  const std::string how = build_tool(interface, submission);
  if (how == "make") return {"make"};
  if (how == "javac") {
    std::vector<fs::path> names;
    for (const auto& file : interface.support_files) names.push_back(file.filename());
    return javac_command(java_class_path(names));
  }
  if (how == "cmake") {
    return {"/bin/sh", "-c",
            "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build"};
  }
  return {};
}

// The command that runs `relative` (a file inside the tree), or an error message.
std::vector<std::string> run_command(const fs::path& tree, const std::string& relative,
                                     std::string& problem) {
  const fs::path file = tree / relative;
  std::error_code error;
  const fs::perms perms = fs::status(file, error).permissions();
  std::ifstream in(file, std::ios::binary);
  std::string first_line;
  std::getline(in, first_line);
  if (!first_line.empty() && first_line.back() == '\r') first_line.pop_back();
  const std::string dot_relative = "./" + relative;
  const bool starts_runnable = first_line.rfind("#!", 0) == 0 || first_line.rfind(
                                                                     "\x7f"
                                                                     "ELF",
                                                                     0) == 0;
  if ((perms & fs::perms::owner_exec) != fs::perms::none && starts_runnable) return {dot_relative};
  if (first_line.rfind("#!", 0) == 0) {
    std::vector<std::string> words = whitespace_tokens(first_line.substr(2));
    if (!words.empty() && words[0] == "/usr/bin/env") words.erase(words.begin());
    if (!words.empty()) {
      words.push_back(relative);
      return words;
    }
  }
  if (fs::path(relative).extension() == ".py") return {"python3", relative};
  problem =
      fmt::format("`{}` is not executable and has no #! line naming its interpreter", relative);
  return {};
}

std::string files_listing(const fs::path& tree) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(tree, error), end; it != end && names.size() < 20;
       it.increment(error)) {
    if (error) break;
    names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names.empty() ? "no files" : fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

ProgramBuild::~ProgramBuild() {
  if (!owned_dir_.empty()) remove_tree(owned_dir_);
}

ProgramBuild::ProgramBuild(ProgramBuild&& other) noexcept { *this = std::move(other); }

ProgramBuild& ProgramBuild::operator=(ProgramBuild&& other) noexcept {
  if (this != &other) {
    if (!owned_dir_.empty()) remove_tree(owned_dir_);
    ok_ = other.ok_;
    root_ = std::move(other.root_);
    owned_dir_ = std::move(other.owned_dir_);
    other.owned_dir_.clear();
    command_ = std::move(other.command_);
    shown_command_ = std::move(other.shown_command_);
    failure_verdict_ = other.failure_verdict_;
    failure_feedback_ = std::move(other.failure_feedback_);
    notes_ = std::move(other.notes_);
  }
  return *this;
}

bool ProgramBuild::run_build(const SubmissionInterface& interface, const fs::path& submission,
                             Runner& runner, const std::vector<std::string>& command,
                             const std::vector<PlacedFile>& files,
                             const std::vector<WrittenFile>& written, const std::string& tool,
                             const std::string& shown) {
  std::error_code error;
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      (fs::path(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") / "sg-build-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    failure_verdict_ = Verdict::grader_error;
    failure_feedback_ =
        fmt::format("grader error (not your fault): cannot create a build directory {}", pattern);
    return false;
  }
  owned_dir_ = pattern;
  root_ = owned_dir_ / "tree";
  fs::create_directory(root_, error);

  Invocation invocation;
  invocation.argv = command;
  invocation.submission = submission;
  invocation.support_files = files;
  invocation.written_files = written;
  for (const auto& file : interface.support_files)
    invocation.support_files.push_back({file, file.filename()});
  invocation.limits = interface.build_limits;
  invocation.collect_into = root_;
  invocation.description = fmt::format("build: {}", tool);
  const Observation observation = runner.run(invocation);
  const std::string output = relative_to_submission(
      elide(observation.stdout_stream.data + observation.stderr_stream.data, 40, 6000),
      observation.workdir);
  if (observation.termination == Termination::runner_error) {
    failure_verdict_ = Verdict::grader_error;
    failure_feedback_ =
        fmt::format("grader error (not your fault): the build `{}` could not be run: {}", shown,
                    observation.detail);
    return false;
  }
  if (observation.termination != Termination::exited || observation.exit_code != 0) {
    failure_verdict_ = Verdict::compile_error;
    failure_feedback_ =
        fmt::format("the build failed: `{}` ended with {}; no test could run. What it printed:\n{}",
                    shown, observation.detail, output);
    return false;
  }
  notes_.push_back(fmt::format("built with `{}` in {:.2f} s", shown, observation.wall_seconds));
  if (observation.detail.find("could not collect") != std::string::npos)
    notes_.push_back(observation.detail);
  if (observation.stderr_stream.data.find("warning") != std::string::npos) {
    notes_.push_back("the build printed warnings:\n" +
                     relative_to_submission(elide(observation.stderr_stream.data, 15, 2000),
                                            observation.workdir));
  }
  return true;
}

ProgramBuild prepare_driver_build(const SubmissionInterface& interface, const fs::path& submission,
                                  Runner& runner, const DriverBuild& build_step) {
  ProgramBuild build;
  build.root_ = submission;
  build.ok_ = build.run_build(interface, submission, runner, build_step.argv, build_step.files,
                              build_step.written, build_step.shown, build_step.shown);
  return build;
}

ProgramBuild prepare_program(const SubmissionInterface& interface, const fs::path& submission,
                             Runner& runner) {
  ProgramBuild build;
  build.root_ = submission;
  std::error_code error;

  const std::string tool = build_tool(interface, submission);
  const std::vector<std::string> command = build_command(interface, submission);
  if (!command.empty()) {
    const std::string shown = tool == "make"    ? "make"
                              : tool == "javac" ? "javac *.java"
                                                : "cmake -S . -B build && cmake --build build";
    if (!build.run_build(interface, submission, runner, command, {}, {}, tool, shown)) return build;
  }

  // Java: the class that declares main, whatever the spec's entry names a script or binary.
  if (tool == "javac") {
    std::string problem;
    const std::optional<JavaMainClass> main =
        find_java_main(build.root_, java_sources(build.root_), interface.entry, problem);
    if (!main) {
      build.failure_verdict_ = Verdict::submission_error;
      build.failure_feedback_ = problem;
      return build;
    }
    std::vector<fs::path> names;
    for (const auto& file : interface.support_files) names.push_back(file.filename());
    build.command_ = java_run_command(java_class_path(names), main->name);
    build.shown_command_ = {"java", "-cp", java_class_path(names), main->name};
    build.notes_.push_back(
        main->note.value_or(fmt::format("ran the class `{}` ({})", main->name, main->source)));
    build.ok_ = true;
    return build;
  }

  // The program: the first entry candidate present (for CMake builds, also under build/).
  const bool single_file = !fs::is_directory(build.root_, error);
  for (const std::string& candidate : interface.entry) {
    std::vector<std::string> places = {candidate};
    if (tool == "cmake") places.push_back("build/" + candidate);
    for (const std::string& place : places) {
      const bool present = single_file ? build.root_.filename() == fs::path(place)
                                       : fs::is_regular_file(build.root_ / place, error);
      if (!present) continue;
      std::string problem;
      const fs::path tree = single_file ? build.root_.parent_path() : build.root_;
      build.command_ = run_command(tree, place, problem);
      if (build.command_.empty()) {
        build.failure_verdict_ = Verdict::submission_error;
        build.failure_feedback_ = problem;
        return build;
      }
      build.ok_ = true;
      return build;
    }
  }
  build.failure_verdict_ = Verdict::submission_error;
  build.failure_feedback_ =
      fmt::format("no program to run: expected {} in your submission{} (it has: {})",
                  fmt::join(interface.entry, " or "), command.empty() ? "" : " after the build",
                  single_file ? build.root_.filename().string() : files_listing(build.root_));
  return build;
}

}  // namespace sg
