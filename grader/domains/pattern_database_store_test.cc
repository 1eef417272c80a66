// The on-disk pattern databases: a 4x4 set kept, loaded and used, a damaged file rebuilt, and
// the 6-6-3 groups for other 4x4 goals. (Korf's 100 with the 6-6-3 set: fifteen_puzzle_perftest.)
#include "domains/pattern_database_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "reference/ida_star.h"
#include "reference/korf_instances.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace pattern_database_store_test {

namespace fs = std::filesystem;

ref::Tiles apply(const ref::TilePuzzle& puzzle, ref::Tiles state,
                 const std::vector<ref::BlankMove>& moves) {
  for (const ref::BlankMove move : moves) state = puzzle.result(state, move).value();
  return state;
}

// A 4x4 set (small groups, so the test builds it in a blink) kept on disk, loaded back, and
// guiding IDA* to the easiest Korf instance's published length.
TEST(PatternDatabaseStore, AFourByFourSetGuidesIdaStarAfterARoundTrip) {
  const fs::path data = fs::path(SG_SOURCE_DIR) / "../shared/data/korf100.txt";
  if (!fs::exists(data)) GTEST_SKIP() << data << " not found beside the project";
  std::vector<ref::KorfInstance> instances = ref::read_korf_instances(data);
  const auto easiest =
      std::min_element(instances.begin(), instances.end(),
                       [](const auto& a, const auto& b) { return a.length < b.length; });
  const fs::path directory =
      fs::temp_directory_path() / ("sg-pdb-4x4-test-" + std::to_string(::getpid()));
  const std::vector<std::vector<int>> groups = {
      {1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15}};
  PatternDatabaseStore(directory, nullptr).get(ref::korf_puzzle(), groups);
  std::ostringstream progress;
  const auto database = PatternDatabaseStore(directory, &progress).get(ref::korf_puzzle(), groups);
  EXPECT_EQ(progress.str(), "") << "loaded, not built again";
  const auto found = ref::ida_star(ref::korf_puzzle(), easiest->tiles,
                                   {ref::IdaHeuristic::pattern_database, database.get()});
  ASSERT_TRUE(found);
  EXPECT_EQ(static_cast<int>(found->moves.size()), easiest->length);
  EXPECT_EQ(apply(ref::korf_puzzle(), easiest->tiles, found->moves), ref::korf_puzzle().goal());
  fs::remove_all(directory);
}

TEST(PatternDatabaseStore, KeepsASetOnDiskAndRebuildsADamagedOne) {
  const fs::path directory =
      fs::temp_directory_path() / ("sg-pdb-test-" + std::to_string(::getpid()));
  fs::remove_all(directory);
  const ref::TilePuzzle puzzle(3, 3, ref::Topology::bounded, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  const std::vector<std::vector<int>> groups = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  std::ostringstream first;
  const auto built = PatternDatabaseStore(directory, &first).get(puzzle, groups);
  EXPECT_NE(first.str().find("building pattern databases"), std::string::npos) << first.str();
  const fs::path file = PatternDatabaseStore(directory, nullptr).file_of(puzzle, groups);
  ASSERT_TRUE(fs::exists(file));

  std::ostringstream second;  // another process: loads the file, builds nothing
  const auto loaded = PatternDatabaseStore(directory, &second).get(puzzle, groups);
  EXPECT_EQ(second.str(), "");
  EXPECT_EQ(loaded->table(0), built->table(0));

  {
    std::fstream bytes(file, std::ios::in | std::ios::out | std::ios::binary);
    bytes.seekp(300);
    bytes.put('\x7f');
  }
  std::ostringstream third;
  const auto rebuilt = PatternDatabaseStore(directory, &third).get(puzzle, groups);
  EXPECT_NE(third.str().find("is damaged or from another build; rebuilding it"), std::string::npos)
      << third.str();
  EXPECT_EQ(rebuilt->table(1), built->table(1));
  std::ostringstream fourth;
  PatternDatabaseStore(directory, &fourth).get(puzzle, groups);
  EXPECT_EQ(fourth.str(), "") << "the rebuilt file is whole again";
  fs::remove_all(directory);
}

TEST(PatternDatabaseStore, GroupsPartitionEveryFourByFourGoal) {
  for (const ref::Tiles& goal :
       {ref::Tiles{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        ref::Tiles{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0},
        ref::Tiles{1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}) {
    const ref::TilePuzzle puzzle(4, 4, ref::Topology::bounded, goal);
    const auto groups = groups_for_four_by_four(puzzle);
    std::vector<int> tiles;
    for (const auto& group : groups) tiles.insert(tiles.end(), group.begin(), group.end());
    std::sort(tiles.begin(), tiles.end());
    std::vector<int> expected(15);
    for (int i = 0; i < 15; ++i) expected[static_cast<std::size_t>(i)] = i + 1;
    EXPECT_EQ(tiles, expected);
    EXPECT_EQ(groups.size(), 3u);
  }
  EXPECT_EQ(groups_for_four_by_four(ref::korf_puzzle()), ref::fifteen_puzzle_groups());
}

}  // namespace pattern_database_store_test
}  // namespace
}  // namespace sg
