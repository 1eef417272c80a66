#include "cli/validate_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "audit/golden_file.h"
#include "cli/exit_status.h"
#include "kinds/kind_registry.h"
#include "reports/junit_report.h"
#include "spec/limit_calibration_file.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

struct SpecCheck {
  std::string path;
  std::vector<SpecError> errors;
  std::string summary;  ///< For a valid spec: "4 criteria (100 points), 12 tests (9 visible)".
  bool golden = false;  ///< A golden file was compared.
};

SpecCheck check_spec(const KindRegistry& kinds, const std::string& path) {
  SpecCheck check;
  check.path = path;
  // Every problem of the spec, not only the first: loading goes on past a broken test.
  const Assignment assignment = read_spec(path, check.errors);
  kinds.check(assignment, check.errors);
  // Limits that scale with measured times must have been measured.
  for (auto& problem : calibration_problems(assignment)) check.errors.push_back(std::move(problem));
  if (!check.errors.empty()) return check;
  const fs::path golden = golden_path_of(path);
  if (fs::exists(golden)) {
    check.golden = true;
    try {
      for (auto& error : compare_golden(golden, compute_expected_outputs(assignment, kinds)))
        check.errors.push_back(std::move(error));
    } catch (const SpecError& error) {
      check.errors.push_back(error);
    } catch (const std::exception& error) {
      check.errors.emplace_back(SourceLocation{path, 1, 1},
                                fmt::format("the reference failed: {}", error.what()));
    }
  }
  std::size_t visible = 0;
  for (const auto& test : assignment.tests) visible += test.visibility == Visibility::visible;
  std::size_t manual = 0;
  for (const auto& criterion : assignment.criteria) manual += criterion.manual ? 1 : 0;
  check.summary = fmt::format(
      "{} criteria ({} points{}), {} tests ({} visible){}", assignment.criteria.size(),
      assignment.max_points(), manual ? fmt::format(", {} manual", manual) : "",
      assignment.tests.size(), visible, check.golden ? ", golden expectations agree" : "");
  if (!assignment.calibration_file.empty()) check.summary += ", time limits calibrated";
  return check;
}

nlohmann::json to_json(const SpecCheck& check) {
  nlohmann::json errors = nlohmann::json::array();
  for (const auto& error : check.errors)
    errors.push_back({{"file", error.where().file},
                      {"line", error.where().line},
                      {"column", error.where().column},
                      {"message", error.message()}});
  return {{"spec", check.path},
          {"valid", check.errors.empty()},
          {"golden_checked", check.golden},
          {"summary", check.summary},
          {"errors", errors}};
}

}  // namespace

CLI::App* add_validate_command(CLI::App& app, ValidateArgs& args) {
  CLI::App* command = app.add_subcommand(
      "validate",
      "Check specs: structure, rubric, tests against the reference, and the golden expected "
      "outputs (specs/golden/NAME.yaml) where a spec has them");
  command->add_option("SPEC", args.specs, "Spec files")->required();
  command
      ->add_option("--format", args.format,
                   "text (problems on stderr), json (one object per spec) or junit (a test case "
                   "per spec, for CI)")
      ->check(CLI::IsMember({"text", "json", "junit"}))
      ->capture_default_str();
  command->footer(
      "Every problem of every spec is reported, each as file:line:col: message.\n"
      "Exit codes: 0 all valid; 2 some spec has a problem.\n"
      "Golden files: `searchgrader expect SPEC --write` freezes the reference's expected outputs "
      "beside the spec; validate fails when the reference no longer agrees.");
  return command;
}

int run_validate(const ValidateArgs& args) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::vector<SpecCheck> checks;
  for (const auto& path : args.specs) checks.push_back(check_spec(kinds, path));
  bool all_valid = true;
  for (const auto& check : checks) all_valid = all_valid && check.errors.empty();

  if (args.format == "json") {
    nlohmann::json specs = nlohmann::json::array();
    for (const auto& check : checks) specs.push_back(to_json(check));
    std::cout << nlohmann::json{{"valid", all_valid}, {"specs", specs}}.dump(2) << "\n";
  } else if (args.format == "junit") {
    JUnitSuite suite{"validate", {}};
    for (const auto& check : checks) {
      JUnitCase c;
      c.classname = "validate";
      c.name = check.path;
      if (!check.errors.empty()) {
        c.failure =
            fmt::format("{} problem{}", check.errors.size(), check.errors.size() == 1 ? "" : "s");
        for (const auto& error : check.errors) c.details += std::string(error.what()) + "\n";
      } else {
        c.details = check.summary;
      }
      suite.cases.push_back(std::move(c));
    }
    std::cout << render_junit({suite});
  } else {
    for (const auto& check : checks) {
      if (check.errors.empty()) {
        fmt::print("{}: valid: {}\n", check.path, check.summary);
        continue;
      }
      for (const auto& error : check.errors) error_line(error.what());
      fmt::print(stderr, "{}: invalid: {} problem{}\n", check.path, check.errors.size(),
                 check.errors.size() == 1 ? "" : "s");
    }
  }
  return all_valid ? kExitOk : kExitUsage;
}

}  // namespace sg
