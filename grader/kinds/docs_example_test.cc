// The worked example in docs/spec-format.md must stay a valid spec: extract it and validate it
// the way `searchgrader validate` does (structure, kinds, and the reference on every test).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "kinds/kind_registry.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace docs_example_test {

TEST(DocsExample, WorkedExampleInSpecFormatIsValid) {
  std::ifstream file(std::string(SG_SOURCE_DIR) + "/docs/spec-format.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  const auto heading = doc.find("## Worked example");
  ASSERT_NE(heading, std::string::npos);
  const auto start = doc.find("```yaml\n", heading);
  ASSERT_NE(start, std::string::npos);
  const auto end = doc.find("```", start + 8);
  const std::string yaml = doc.substr(start + 8, end - start - 8);
  const Assignment assignment = load_spec_from_string(yaml, "docs/spec-format.md (worked example)");
  EXPECT_NO_THROW(KindRegistry::with_builtin_kinds().validate(assignment));
  EXPECT_DOUBLE_EQ(assignment.max_points(), 100.0);
}

TEST(ShippedSpecs, EverySpecInSpecsIsValid) {
  int count = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(SG_SOURCE_DIR) + "/specs")) {
    if (entry.path().extension() != ".yaml") continue;
    ++count;
    SCOPED_TRACE(entry.path().string());
    const Assignment assignment = load_spec(entry.path());
    EXPECT_NO_THROW(KindRegistry::with_builtin_kinds().validate(assignment));
  }
  EXPECT_GT(count, 0);
}

// Every key a kind reads is documented in its section of docs/spec-format.md ("### `solve`: ..."
// up to the next heading of that level), so the page is the whole schema a spec author needs.
TEST(DocsKeys, EveryKindsKeysAreInItsSectionOfSpecFormat) {
  std::ifstream file(std::string(SG_SOURCE_DIR) + "/docs/spec-format.md");
  std::stringstream text;
  text << file.rdbuf();
  const std::string doc = text.str();
  const KindRegistry registry = KindRegistry::with_builtin_kinds();
  for (const std::string& name : registry.names()) {
    const auto heading = doc.find("\n### `" + name + "`:");
    ASSERT_NE(heading, std::string::npos) << "no section for the kind " << name;
    const auto next_sub = doc.find("\n### ", heading + 1);
    const auto next_top = doc.find("\n## ", heading + 1);
    const std::string section = doc.substr(heading, std::min(next_sub, next_top) - heading);
    for (const std::string& key : registry.find(name)->keys())
      EXPECT_NE(section.find("`" + key + "`"), std::string::npos)
          << "the " << name << " section of docs/spec-format.md does not document `" << key << "`";
  }
}

}  // namespace docs_example_test
}  // namespace
}  // namespace sg
