#include "cli/export_student_command.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/exit_status.h"
#include "kinds/kind_registry.h"
#include "spec/spec_loader.h"
#include "spec/student_spec.h"

namespace sg {
namespace {}  // namespace

CLI::App* add_export_student_command(CLI::App& app, ExportStudentArgs& args) {
  CLI::App* command = app.add_subcommand(
      "export-student",
      "Write the student copy of a spec: hidden tests removed, rubric kept (for `check`)");
  command->add_option("SPEC", args.spec, "The assignment's spec")->required();
  command->add_option("-o,--out", args.out, "Where to write it (default: standard output)");
  return command;
}

int run_export_student(const ExportStudentArgs& args) {
  namespace fs = std::filesystem;
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  StudentSpec copy;
  try {
    kinds.load_valid_spec(args.spec);
    copy = make_student_spec(args.spec);
  } catch (const SpecError& error) {
    error_line(error.what());
    return kExitUsage;
  }
  // With -o, the copy's support files are written beside it (a bundle to hand out); on stdout
  // they cannot be, and the copy is checked against the original's.
  const fs::path base =
      args.out.empty() ? fs::path(args.spec).parent_path() : fs::path(args.out).parent_path();
  if (!args.out.empty()) {
    for (const auto& [name, source] : copy.support_files) {
      std::error_code error;
      const fs::path target = base / name;
      fs::create_directories(target.parent_path(), error);
      fs::copy_file(source, target, fs::copy_options::overwrite_existing, error);
      if (error) {
        error_line(fmt::format("cannot write {}: {}", target.string(), error.message()));
        return kExitUsage;
      }
    }
  }
  // The copy must itself be a valid spec; if not, that is this command's fault.
  const std::string name = args.out.empty() ? std::string("<student copy>") : args.out;
  try {
    kinds.validate(load_spec_from_string(copy.yaml, (base / fs::path(name).filename()).string()));
  } catch (const SpecError& error) {
    error_line(fmt::format("the student copy does not validate (a grader bug): {}", error.what()));
    return kExitGraderFault;
  }
  if (args.out.empty()) {
    std::cout << copy.yaml;
    if (!copy.support_files.empty())
      fmt::print(stderr,
                 "searchgrader: warning: the copy needs its support files beside it; write it "
                 "with -o FILE to have them copied there\n");
  } else {
    const std::string partial = args.out + ".partial";
    {
      std::ofstream out(partial, std::ios::binary | std::ios::trunc);
      out << copy.yaml;
      if (!out.flush()) {
        error_line(fmt::format("cannot write {}", args.out));
        return kExitUsage;
      }
    }
    std::error_code error;
    fs::rename(partial, args.out, error);
    if (error) {
      error_line(fmt::format("cannot write {}: {}", args.out, error.message()));
      return kExitUsage;
    }
  }
  fmt::print(stderr, "{}: kept {} visible tests, removed {} hidden tests{}{}\n", name,
             copy.kept_tests, copy.removed_tests,
             copy.criteria_only_hidden.empty()
                 ? std::string()
                 : fmt::format("; {} criteria graded only by hidden tests marked manual",
                               copy.criteria_only_hidden.size()),
             copy.support_files.empty() || args.out.empty()
                 ? std::string()
                 : fmt::format("; {} support files written beside it", copy.support_files.size()));
  return kExitOk;
}

}  // namespace sg
