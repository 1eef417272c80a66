#include "spec/test_keys.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "spec/spec_loader.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace test_keys_test {

using ::testing::HasSubstr;

TestSpec test_with(const std::string& keys) {
  const Assignment assignment = load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: m}
rubric: [{id: a, points: 1}]
tests:
  - id: t
    kind: iddfs_trace
    grades: {result: a}
)yaml" + keys,
                                                      "specs/demo.yaml");
  return assignment.tests.back();
}

std::string error_of(const std::function<void()>& read) {
  try {
    read();
  } catch (const SpecError& error) {
    return error.what();
  }
  return "no error";
}

TEST(TestKeys, AWholeNumberIsInItsRangeOrSaysWhere) {
  const TestSpec test = test_with("    limit: 3\n    sample: {walks: 0}\n");
  EXPECT_EQ(read_whole(test, "/limit", 0, 10), 3);
  EXPECT_EQ(read_whole(test, "/depth", 0, 10, 4), 4);
  EXPECT_EQ(error_of([&] { read_whole(test, "/sample/walks", 1, 10000); }),
            "specs/demo.yaml:10:21: sample.walks: a whole number from 1 to 10000");
  EXPECT_THAT(error_of([&] { read_whole(test, "/depth", 0, 10); }),
              HasSubstr("a iddfs_trace test needs `depth:`"));
}

TEST(TestKeys, FlagsMappingsAndNames) {
  const TestSpec test =
      test_with("    exact: yes please\n    sample: {walk: 3}\n    function: [f]\n");
  EXPECT_TRUE(read_flag(test, "/own", true));
  EXPECT_THAT(error_of([&] { read_flag(test, "/exact", false); }),
              HasSubstr("demo.yaml:9:12: exact: true or false"));
  EXPECT_THAT(error_of([&] {
                read_mapping(test, "/sample", {"walks", "seed"}, "{walks, seed}");
              }),
              HasSubstr("sample: unknown key `walk` (walks, seed)"));
  EXPECT_THAT(error_of([&] { read_mapping(test, "/exact", {"walks"}, "{walks: N}"); }),
              HasSubstr("exact: {walks: N}"));
  EXPECT_THAT(error_of([&] { read_name(test, "/function", "solve"); }),
              HasSubstr("function: a name, e.g. \"solve\""));
  EXPECT_EQ(read_name(test, "/class", "Queue"), "Queue");
}

}  // namespace test_keys_test
}  // namespace
}  // namespace sg
