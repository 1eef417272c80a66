#include "kinds/kind_registry.h"

#include <fmt/format.h>

#include "kinds/iddfs_trace_kind.h"
#include "kinds/print_path_kind.h"
#include "kinds/print_succ_kind.h"
#include "kinds/priority_queue_kind.h"
#include "kinds/program_output_kind.h"
#include "kinds/puzzle_function_kind.h"
#include "kinds/search_function_kind.h"
#include "kinds/search_program_kind.h"
#include "kinds/solve_kind.h"
#include "spec/edit_distance.h"

namespace sg {

KindRegistry KindRegistry::with_builtin_kinds() {
  KindRegistry registry;
  registry.add(std::make_unique<PrintSuccKind>());
  registry.add(std::make_unique<SolveKind>());
  registry.add(std::make_unique<PriorityQueueKind>());
  registry.add(std::make_unique<SearchFunctionKind>());
  registry.add(std::make_unique<PuzzleFunctionKind>());
  registry.add(std::make_unique<PrintPathKind>());
  registry.add(std::make_unique<IddfsTraceKind>());
  registry.add(std::make_unique<ProgramOutputKind>());
  registry.add(std::make_unique<SearchProgramKind>());
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

void KindRegistry::validate(const Assignment& assignment) const {
  for (const auto& test : assignment.tests) {
    const TestKind* kind = find(test.kind);
    if (kind == nullptr) {
      throw SpecError(test.where, fmt::format("test '{}' has unknown kind '{}'{}; known kinds: {}",
                                              test.id, test.kind, did_you_mean(test.kind, names()),
                                              fmt::join(names(), ", ")));
    }
    const std::vector<std::string> aspects = kind->aspects();
    for (const auto& [aspect, criteria] : test.grades) {
      if (std::find(aspects.begin(), aspects.end(), aspect) == aspects.end()) {
        throw SpecError(test.where,
                        fmt::format("test '{}': a {} test has no aspect '{}'{}; its aspects: {}",
                                    test.id, test.kind, aspect, did_you_mean(aspect, aspects),
                                    fmt::join(aspects, ", ")));
      }
    }
    try {
      kind->validate(assignment, test);
    } catch (const SpecError&) {
      throw;
    } catch (const std::exception& error) {
      throw SpecError(test.where, fmt::format("test '{}': {}", test.id, error.what()));
    }
  }
}

}  // namespace sg
