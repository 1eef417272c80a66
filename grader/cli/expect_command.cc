#include "cli/expect_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <system_error>

#include "audit/golden_file.h"
#include "cli/exit_status.h"
#include "cli/spec_argument.h"
#include "kinds/kind_registry.h"

namespace sg {

CLI::App* add_expect_command(CLI::App& app, ExpectArgs& args) {
  CLI::App* command = app.add_subcommand(
      "expect",
      "Print the reference's expected output for every test of a spec; --write freezes "
      "them as the spec's golden file");
  command->add_option("SPEC", args.spec, "The assignment's spec (YAML)")->required();
  command->add_flag("--write", args.write,
                    "Write them to specs/golden/NAME.yaml beside the spec (review it like code)");
  command->add_option("--format", args.format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->footer(
      "Exit codes: 0 done; 2 invalid spec; 3 the reference failed or the file could not be "
      "written.\nExample:\n  searchgrader expect specs/road-map-search.yaml --write && git diff "
      "specs/");
  return command;
}

int run_expect(const ExpectArgs& args) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  std::optional<Assignment> loaded = load_spec_argument(kinds, args.spec);
  if (!loaded) return kExitUsage;
  Assignment assignment = std::move(*loaded);
  ExpectedOutputs outputs;
  try {
    outputs = compute_expected_outputs(assignment, kinds);
  } catch (const std::exception& error) {
    error_line(fmt::format("the reference failed: {}", error.what()));
    return kExitGraderFault;
  }
  if (args.write) {
    const auto golden = golden_path_of(args.spec);
    std::error_code error;
    std::filesystem::create_directories(golden.parent_path(), error);
    std::ofstream out(golden);
    out << render_golden(args.spec, outputs);
    out.close();
    if (!out) {
      error_line(fmt::format("cannot write {}", golden.string()));
      return kExitGraderFault;
    }
    fmt::print("wrote {} ({} tests)\n", golden.string(), outputs.size());
    return kExitOk;
  }
  if (args.format == "json") {
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& [id, text] : outputs) tests.push_back({{"id", id}, {"expected", text}});
    std::cout << nlohmann::json{{"spec", args.spec}, {"tests", tests}}.dump(2) << "\n";
    return kExitOk;
  }
  for (const auto& [id, text] : outputs) fmt::print("== {}\n{}\n\n", id, text);
  return kExitOk;
}

}  // namespace sg
