#include "cli/gradescope_command.h"

#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "cli/exit_status.h"
#include "cli/install_paths.h"
#include "gradescope/gradescope_bundle.h"
#include "kinds/kind_registry.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {}  // namespace

CLI::App* add_gradescope_command(CLI::App& app, GradescopeArgs& args) {
  CLI::App* command = app.add_subcommand(
      "gradescope",
      "Build a Gradescope autograder bundle (setup.sh, run_autograder, the spec and the grader's "
      "sources) for one spec");
  command->add_option("SPEC", args.spec, "The assignment's spec (YAML)")->required();
  command->add_option("-o,--out", args.out, "The zip to write")->capture_default_str();
  command->add_option("--source", args.source,
                      "SearchGrader's source folder to bundle (default: the one this binary was "
                      "built from, or $SEARCHGRADER_SOURCE_DIR)");
  return command;
}

int run_gradescope(const GradescopeArgs& args) {
  Assignment assignment;
  try {
    assignment = KindRegistry::with_builtin_kinds().load_valid_spec(args.spec);
  } catch (const SpecError& error) {
    fmt::print(stderr, "searchgrader: error: {}\n", error.what());
    return kExitUsage;
  }
  try {
    const std::filesystem::path source =
        args.source.empty() ? default_source_dir() : std::filesystem::path(args.source);
    const std::vector<BundleFile> files =
        gradescope_bundle_files(args.spec, source, assignment.referenced_files);
    write_zip(files, args.out);
    std::size_t bytes = 0;
    for (const BundleFile& file : files) bytes += file.contents.size();
    fmt::print("{}: {} files ({:.1f} KiB before compression) for {}\n", args.out, files.size(),
               static_cast<double>(bytes) / 1024.0, args.spec);
    fmt::print(
        "Upload it as the assignment's autograder on Gradescope (base image: Ubuntu 24.04); see "
        "docs/gradescope.md.\n");
  } catch (const std::exception& error) {
    fmt::print(stderr, "searchgrader: error: {}\n", error.what());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace sg
