#include "cli/prairielearn_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "cli/exit_status.h"
#include "cli/isolation_choice.h"
#include "reports/json_report.h"  // write_json_file_atomically
#include "reports/prairielearn_results.h"
#include "reports/text_report.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

// data.json's params.searchgrader_spec, or "" (no file, not JSON, no such key: said on stderr).
std::string spec_named_by_job(const fs::path& data_file) {
  std::ifstream in(data_file);
  if (!in) {
    error_line(fmt::format("prairielearn: no {} (PrairieLearn writes the question's data there)",
                           data_file.string()));
    return "";
  }
  const nlohmann::json data = nlohmann::json::parse(in, nullptr, false);
  if (data.is_discarded() || !data.is_object()) {
    error_line(fmt::format("prairielearn: {} is not a JSON object", data_file.string()));
    return "";
  }
  const auto params = data.find("params");
  if (params == data.end() || !params->is_object()) return "";
  const auto spec = params->find("searchgrader_spec");
  return spec != params->end() && spec->is_string() ? spec->get<std::string>() : "";
}

// Where the spec is, or nullopt with `why` set.
std::optional<fs::path> find_spec(const PrairieLearnArgs& args, std::string& why) {
  const fs::path root = args.root;
  std::string named =
      args.spec.empty() ? spec_named_by_job(root / "data" / "data.json") : args.spec;
  std::error_code error;
  if (!named.empty()) {
    const fs::path path = named;
    if (path.is_absolute()) {
      if (fs::is_regular_file(path, error)) return path;
    } else {
      for (const fs::path& base : {root / "tests", root / "serverFilesCourse", root})
        if (fs::is_regular_file(base / path, error)) return base / path;
    }
    why = fmt::format(
        "the spec {} was not found (looked under {}/tests and "
        "{}/serverFilesCourse)",
        named, root.string(), root.string());
    return std::nullopt;
  }
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(root / "tests", error))
    if (entry.is_regular_file(error) && entry.path().extension() == ".yaml")
      found.push_back(entry.path());
  if (found.size() == 1) return found.front();
  why = found.empty() ? fmt::format(
                            "no spec: give --spec, set params.searchgrader_spec in the question's "
                            "data, or put one .yaml in the question's tests/ ({}/tests)",
                            root.string())
                      : fmt::format(
                            "{} .yaml files in {}/tests: name the spec with --spec or "
                            "params.searchgrader_spec",
                            found.size(), root.string());
  return std::nullopt;
}

}  // namespace

CLI::App* add_prairielearn_command(CLI::App& app, PrairieLearnArgs& args, const std::string& python,
                                   const std::string& driver_dir) {
  args.grade.python = python;
  args.grade.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "prairielearn",
      "PrairieLearn's external grader: grade /grade/student with the job's spec and write "
      "/grade/results/results.json");
  command->add_option("--root", args.root, "The job's folder, as PrairieLearn lays it out")
      ->capture_default_str();
  command->add_option("--spec", args.spec,
                      "The spec (relative: under tests/, then serverFilesCourse/); default "
                      "data.json's params.searchgrader_spec, else the one .yaml in tests/");
  command->add_option("-j,--jobs", args.grade.jobs, "Tests run at once (default: one per core)");
  command->add_option("--python", args.grade.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  command
      ->add_option("--driver-dir", args.grade.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  add_isolation_option(*command, args.grade.isolation);
  command->footer(
      "Always writes ROOT/results/results.json: gradable false (no attempt used, no zero) when "
      "the spec is missing or invalid, a grader fault stopped tests, or the submission is "
      "unusable. The instructor's report goes to stdout.\nExit codes: 0 results.json written; "
      "3 it could not be written.\nSee docs/platforms.md (PrairieLearn).");
  return command;
}

int run_prairielearn(const PrairieLearnArgs& args) {
  const fs::path results = fs::path(args.root) / "results" / "results.json";
  std::error_code error;
  fs::create_directories(results.parent_path(), error);
  nlohmann::json document;
  std::string why;
  if (const std::optional<fs::path> spec = find_spec(args, why); !spec) {
    error_line("prairielearn: " + why);
    document = prairielearn_not_gradable(
        "The question's grader is not set up correctly (its spec was not found), so nothing was "
        "graded and your attempt is not used. This is for your instructor to fix.");
  } else {
    GradeArgs grade = args.grade;
    grade.spec = spec->string();
    grade.submission = (fs::path(args.root) / "student").string();
    grade.progress_lines = true;
    const GradeAttempt attempt = attempt_grade(grade);
    if (attempt.report) {
      TextOptions instructor;
      instructor.audience = Audience::instructor;
      std::cout << render_text(*attempt.report, instructor);
      document = prairielearn_results(*attempt.report);
    } else {
      document = prairielearn_not_gradable(
          attempt.student_message,
          attempt.student_fault ? std::string_view(attempt.student_message) : std::string_view());
    }
  }
  try {
    write_json_file_atomically(document, results);
  } catch (const std::exception& failure) {
    error_line(fmt::format("prairielearn: {}", failure.what()));
    return kExitGraderFault;
  }
  return kExitOk;
}

}  // namespace sg
