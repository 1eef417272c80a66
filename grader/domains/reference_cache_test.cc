#include "domains/reference_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace reference_cache_test {

Assignment spec(const std::string& hash) {
  Assignment assignment;
  assignment.grading_sha256 = hash;
  return assignment;
}

TestSpec test_named(const std::string& id) {
  TestSpec test;
  test.id = id;
  return test;
}

TEST(ReferenceCache, ComputesOncePerSpecAndTestEvenFromManyThreads) {
  const Assignment assignment = spec("cache-test-1");
  const TestSpec test = test_named("t");
  std::atomic<int> computed{0};
  std::vector<std::thread> threads;
  std::atomic<int> sum{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      sum += *cached_reference<int>(assignment, test, "answer", [&] {
        ++computed;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return 42;
      });
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(computed.load(), 1);
  EXPECT_EQ(sum.load(), 8 * 42);
  // Another test, label or spec is another entry.
  EXPECT_EQ(*cached_reference<int>(assignment, test_named("u"), "answer", [] { return 1; }), 1);
  EXPECT_EQ(*cached_reference<int>(spec("cache-test-2"), test, "answer", [] { return 2; }), 2);
  EXPECT_EQ(*cached_reference<int>(assignment, test, "answer", [] { return 3; }), 42);
}

TEST(ReferenceCache, AFailureIsNotCachedAndASpecWithoutHashIsNot) {
  const Assignment assignment = spec("cache-test-3");
  const TestSpec test = test_named("t");
  EXPECT_THROW(cached_reference<int>(assignment, test, "x",
                                     []() -> int { throw std::runtime_error("spec error"); }),
               std::runtime_error);
  EXPECT_EQ(*cached_reference<int>(assignment, test, "x", [] { return 7; }), 7);
  int calls = 0;
  const Assignment unhashed = spec("");
  for (int i = 0; i < 3; ++i) cached_reference<int>(unhashed, test, "x", [&] { return ++calls; });
  EXPECT_EQ(calls, 3);
}

}  // namespace reference_cache_test
}  // namespace
}  // namespace sg
