#include "kinds/published_figures.h"

#include <fmt/format.h>

#include <vector>

#include "domains/sliding_tile_setup.h"  // location_of

namespace sg {

void check_published_figures(const TestSpec& test,
                             const std::map<std::string, ReferenceFigure>& figures,
                             const std::string& from) {
  if (!test.input.contains("cross_check")) return;
  std::vector<std::string> names;
  for (const auto& [name, figure] : figures) names.push_back(name);
  const std::string known = fmt::format("{}", fmt::join(names, ", "));
  const nlohmann::json& pinned = test.input["cross_check"];
  const SourceLocation where = location_of(test, "/cross_check");
  if (!pinned.is_object())
    throw SpecError(where, fmt::format("cross_check must be a mapping ({})", known));
  for (const auto& [key, value] : pinned.items()) {
    const auto found = figures.find(key);
    if (found == figures.end())
      throw SpecError(where, fmt::format("unknown cross_check key '{}' ({})", key, known));
    const ReferenceFigure& figure = found->second;
    const bool same = figure.value.is_number() && value.is_number()
                          ? figure.value.get<double>() == value.get<double>()
                          : figure.value == value;
    if (same) continue;
    throw SpecError(where,
                    fmt::format("the reference gives {} = {}{}, but the spec pins {} from the "
                                "assignment: the reference's semantics or the spec is wrong",
                                key, figure.shown.empty() ? figure.value.dump() : figure.shown,
                                from.empty() ? "" : " from " + from, value.dump()));
  }
}

}  // namespace sg
