// The spec's `isolation` section: a minimum sandbox tier.
#include <gtest/gtest.h>

#include <string>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace spec_loader_isolation_test {

std::string spec_with(const std::string& isolation) {
  return R"(spec_version: 1
assignment: {id: demo, title: Demo}
submission: {language: python, module: demo}
domain: {type: sliding_tile, rows: 3, cols: 3, topology: torus, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0]}
)" + isolation +
         R"(
rubric:
  - {id: succ, name: "print_succ works", points: 5}
tests:
  - {id: t1, kind: print_succ, state: [1, 2, 3, 4, 0, 5, 6, 7, 8], grades: {successors: succ}}
)";
}

std::string error_of(const std::string& yaml) {
  try {
    load_spec_from_string(yaml, "specs/demo.yaml");
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TEST(SpecLoaderIsolation, NoSectionMeansAnyTier) {
  EXPECT_EQ(load_spec_from_string(spec_with(""), "specs/demo.yaml").minimum_isolation_tier, "");
}

TEST(SpecLoaderIsolation, ReadsTheMinimumTier) {
  for (const std::string tier : {"minimal", "degraded", "full"}) {
    const Assignment a = load_spec_from_string(spec_with("isolation: {minimum_tier: " + tier + "}"),
                                               "specs/demo.yaml");
    EXPECT_EQ(a.minimum_isolation_tier, tier);
  }
}

TEST(SpecLoaderIsolation, RejectsUnknownTiersAndKeysWithTheLine) {
  const std::string bad_tier = error_of(spec_with("isolation: {minimum_tier: strong}"));
  EXPECT_NE(bad_tier.find("specs/demo.yaml:5:"), std::string::npos) << bad_tier;
  EXPECT_NE(bad_tier.find("isolation.minimum_tier must be one of minimal, degraded, full"),
            std::string::npos)
      << bad_tier;
  const std::string bad_key = error_of(spec_with("isolation: {minimum_teir: full}"));
  EXPECT_NE(bad_key.find("unknown key 'minimum_teir'"), std::string::npos) << bad_key;
}

}  // namespace spec_loader_isolation_test
}  // namespace
}  // namespace sg
