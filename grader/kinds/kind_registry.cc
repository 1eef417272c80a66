#include "kinds/kind_registry.h"

#include <fmt/format.h>

#include "kinds/csp_kind.h"
#include "kinds/csp_search_kind.h"
#include "kinds/domain_trace_kind.h"
#include "kinds/game_function_kind.h"
#include "kinds/game_play_kind.h"
#include "kinds/game_search_kind.h"
#include "kinds/heuristic_kind.h"
#include "kinds/iddfs_trace_kind.h"
#include "kinds/local_search_kind.h"
#include "kinds/priority_queue_kind.h"
#include "kinds/program_output_kind.h"
#include "kinds/puzzle_function_kind.h"
#include "kinds/search_kind.h"
#include "kinds/search_problem_kind.h"
#include "kinds/search_program_kind.h"
#include "spec/edit_distance.h"
#include "spec/spec_loader.h"

namespace sg {

KindRegistry KindRegistry::with_builtin_kinds() {
  KindRegistry registry;
  registry.add(std::make_unique<DomainTraceKind>(DomainTraceKind::Asked::successors));
  registry.add(std::make_unique<DomainTraceKind>(DomainTraceKind::Asked::path));
  registry.add(std::make_unique<PriorityQueueKind>());
  registry.add(std::make_unique<PuzzleFunctionKind>());
  registry.add(std::make_unique<DomainTraceKind>(DomainTraceKind::Asked::handed_path));
  registry.add(std::make_unique<IddfsTraceKind>());
  registry.add(std::make_unique<ProgramOutputKind>());
  registry.add(std::make_unique<SearchProgramKind>());
  registry.add(std::make_unique<SearchKind>());
  registry.add(std::make_unique<HeuristicKind>());
  registry.add(std::make_unique<SearchProblemKind>());
  registry.add(std::make_unique<GameSearchKind>());
  registry.add(std::make_unique<GameFunctionKind>());
  registry.add(std::make_unique<LocalSearchKind>());
  registry.add(std::make_unique<GamePlayKind>());
  registry.add(std::make_unique<CspKind>());
  registry.add(std::make_unique<CspSearchKind>());
  return registry;
}

void KindRegistry::add(std::unique_ptr<TestKind> kind) { kinds_.push_back(std::move(kind)); }

const TestKind* KindRegistry::find(std::string_view name) const {
  for (const auto& kind : kinds_) {
    if (kind->name() == name) return kind.get();
  }
  return nullptr;
}

std::vector<std::string> KindRegistry::names() const {
  std::vector<std::string> names;
  for (const auto& kind : kinds_) names.emplace_back(kind->name());
  return names;
}

namespace {

// What a test of `kind` would ignore of the spec's action_order, or "" when it follows it.
std::string action_order_problem(const Assignment& assignment, const TestSpec& test,
                                 const TestKind& kind) {
  if (!assignment.domain || assignment.domain->action_order.empty() ||
      kind.uses_action_order(assignment))
    return "";
  const std::string why =
      test.kind == "print_succ" || test.kind == "solve" || test.kind == "priority_queue"
          ? "it orders successors by search.successor_order, which is not move_order"
          : "its checks do not depend on the order of the actions";
  return fmt::format(
      "domain.action_order is not used by test '{}' ({} test: {}); remove action_order, or set "
      "search.successor_order: move_order where successors follow it",
      test.id, test.kind, why);
}

void check_test(const KindRegistry& registry, const Assignment& assignment, const TestSpec& test) {
  const TestKind* kind = registry.find(test.kind);
  if (kind == nullptr) {
    throw SpecError(
        test.where,
        fmt::format("test '{}' has unknown kind '{}'{}; known kinds: {}", test.id, test.kind,
                    did_you_mean(test.kind, registry.names()), fmt::join(registry.names(), ", ")));
  }
  std::vector<std::string> aspects = kind->aspects();
  // The engine judges a program's exit status as the aspect `exit` (engine/test_verdict.h).
  if (test.exit_status == ExitStatusPolicy::graded) aspects.push_back("exit");
  for (const auto& [aspect, criteria] : test.grades) {
    if (aspect == "exit" && test.exit_status != ExitStatusPolicy::graded) {
      throw SpecError(test.where,
                      fmt::format("test '{}' grades `exit`, but its exit status is {}: give it, "
                                  "or the spec's submission, `exit_status: graded`",
                                  test.id, to_string(test.exit_status)));
    }
    if (std::find(aspects.begin(), aspects.end(), aspect) == aspects.end()) {
      throw SpecError(
          test.where,
          fmt::format("test '{}': a {} test has no aspect '{}'{}; its aspects: {}", test.id,
                      test.kind, aspect, did_you_mean(aspect, aspects), fmt::join(aspects, ", ")));
    }
  }
  if (const std::string problem = action_order_problem(assignment, test, *kind); !problem.empty())
    throw SpecError(assignment.domain->action_order_where, problem);
  try {
    kind->validate(assignment, test);
  } catch (const SpecError&) {
    throw;
  } catch (const std::exception& error) {
    throw SpecError(test.where, fmt::format("test '{}': {}", test.id, error.what()));
  }
}

}  // namespace

void KindRegistry::check(const Assignment& assignment, std::vector<SpecError>& errors) const {
  // A problem in a shared part (a domain, an algorithm) is reported once, not once per test.
  const auto add = [&errors](const SpecError& error) {
    const bool seen = std::any_of(errors.begin(), errors.end(), [&](const SpecError& known) {
      return std::string_view(known.what()) == error.what();
    });
    if (!seen) errors.push_back(error);
  };
  for (const auto& test : assignment.tests) {
    try {
      check_test(*this, assignment, test);
    } catch (const SpecErrors& found) {
      for (const auto& error : found.errors()) add(error);
    } catch (const SpecError& error) {
      add(error);
    }
  }
}

void KindRegistry::validate(const Assignment& assignment) const {
  std::vector<SpecError> errors;
  check(assignment, errors);
  if (!errors.empty()) throw SpecErrors(std::move(errors));
}

Assignment KindRegistry::load_valid_spec(const std::filesystem::path& path) const {
  std::vector<SpecError> errors;
  Assignment assignment = read_spec(path, errors);
  check(assignment, errors);
  if (!errors.empty()) throw SpecErrors(std::move(errors));
  return assignment;
}

}  // namespace sg
