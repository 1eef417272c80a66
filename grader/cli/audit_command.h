// `searchgrader audit SPEC`: what a course's CI runs before students see a spec. Grades the spec's
// known submissions (fixtures/*/expected.yaml naming the spec) against their stated outcomes,
// and the reference's mutants (one classic mistake each) as students, printing the spec's
// mutation score and every mutant it lets through with the criteria it would earn.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sg {

struct AuditArgs {
  std::string spec;
  std::string fixtures;         ///< --fixtures: "" = fixtures/ beside the spec's folder.
  std::string format = "text";  ///< text | json | junit
  bool no_fixtures = false;
  bool no_mutants = false;
  bool strict_mutants = false;  ///< A surviving mutant fails the audit.
  unsigned jobs = 0;
  std::string python;
  std::string driver_dir;
  std::string isolation;
};

CLI::App* add_audit_command(CLI::App& app, AuditArgs& args, const std::string& python,
                            const std::string& driver_dir);

/// Exit codes: 0 every fixture got its stated outcome (and, with --strict-mutants, every mutant
/// was caught); 1 not so; 2 invalid spec or expected.yaml; 3 grader fault.
int run_audit(const AuditArgs& args);

}  // namespace sg
