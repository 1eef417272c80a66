#include "batch/shard.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace shard_test {

TEST(Shard, ParsesKOverN) {
  const Shard shard = parse_shard("3/8");
  EXPECT_EQ(shard.index, 3u);
  EXPECT_EQ(shard.count, 8u);
  for (const char* bad : {"", "3", "0/4", "5/4", "a/b", "1/0", "2/4x", "-1/4"})
    EXPECT_THROW(parse_shard(bad), std::invalid_argument) << bad;
}

TEST(Shard, EveryStudentIsInExactlyOneShardAndSharesAreEven) {
  constexpr unsigned kShards = 4;
  constexpr int kStudents = 2000;
  std::map<unsigned, int> sizes;
  for (int i = 0; i < kStudents; ++i) {
    const std::string id = "student" + std::to_string(i) + "@uni.edu";
    int memberships = 0;
    for (unsigned k = 1; k <= kShards; ++k) {
      if (in_shard(id, {k, kShards})) {
        ++memberships;
        ++sizes[k];
      }
    }
    EXPECT_EQ(memberships, 1) << id;
  }
  ASSERT_EQ(sizes.size(), kShards);
  for (const auto& [k, size] : sizes) {
    EXPECT_GT(size, kStudents / kShards * 8 / 10) << "shard " << k;
    EXPECT_LT(size, kStudents / kShards * 12 / 10) << "shard " << k;
  }
}

TEST(Shard, MembershipDependsOnlyOnTheId) {
  // Stable across runs and machines: a fixed digest, not std::hash or the class order.
  EXPECT_EQ(shard_of("alice", 1), 1u);
  const unsigned alice = shard_of("alice", 7);
  EXPECT_GE(alice, 1u);
  EXPECT_LE(alice, 7u);
  EXPECT_EQ(shard_of("alice", 7), alice);
  // SHA-256("alice") starts 2bd806c97f0e00af: 0x2bd806c97f0e00af % 7 = 1, shard 2.
  EXPECT_EQ(alice, static_cast<unsigned>(0x2bd806c97f0e00afull % 7) + 1);
}

}  // namespace shard_test
}  // namespace
}  // namespace sg
