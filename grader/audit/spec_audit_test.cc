#include "audit/spec_audit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "audit/fixture_expectations.h"
#include "audit/golden_file.h"
#include "spec/spec_loader.h"

namespace sg {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;

const MutantAudit& mutant(const std::vector<MutantAudit>& mutants, const std::string& id) {
  for (const auto& m : mutants)
    if (m.id == id) return m;
  throw std::runtime_error("no mutant " + id);
}

// One criterion per algorithm, judged on a graph where the classic mistakes show (or not).
Assignment spec_of(const std::string& tests) {
  return load_spec_from_string(R"yaml(spec_version: 1
assignment: {id: demo}
submission: {language: python, module: routes}
domains:
  trap:
    type: graph
    directed: true
    edges: [[S, G, 10], [S, A, 1], [A, G, 1]]
  line:
    type: graph
    directed: true
    edges: [[S, A, 1], [A, G, 1]]
adapter: {type: function, returns: path_and_cost}
rubric: [{id: ucs, points: 60}, {id: bfs, points: 40}]
tests:
)yaml" + tests,
                               "specs/demo.yaml");
}

TEST(AuditMutants, AMistakeTheTestsShowIsCaughtOneTheyCannotShowSurvives) {
  const Assignment assignment = spec_of(R"yaml(  - id: ucs-trap
    kind: search
    domain: trap
    start: S
    goal: G
    algorithm: ucs
    call: ucs(graph, start, goal)
    judge: {path: true, optimal: true}
    grades: {path: ucs, optimal: ucs}
  - id: bfs-line
    kind: search
    domain: line
    start: S
    goal: G
    algorithm: bfs
    call: bfs(graph, start, goal)
    judge: {path: true, exact: true}
    grades: {path: bfs, exact: bfs}
)yaml");
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  const auto mutants = audit_mutants(assignment, kinds);

  // Testing the goal at generation returns S-G (10) on the trap: the ucs criterion is lost.
  const MutantAudit& early = mutant(mutants, "goal_test_at_generation");
  EXPECT_TRUE(early.killed());
  EXPECT_THAT(early.killed_by, Contains("ucs-trap"));
  EXPECT_EQ(early.score, 40);
  EXPECT_EQ(early.earned, std::vector<std::string>{"bfs"});

  // A line has one path: a stack finds the same one, so no test here catches it.
  const MutantAudit& lifo = mutant(mutants, "lifo");
  EXPECT_FALSE(lifo.killed());
  EXPECT_EQ(lifo.score, lifo.max_score);
  EXPECT_THAT(lifo.tests, Contains("bfs-line"));

  AuditReport report;
  report.mutants = mutants;
  EXPECT_GT(report.mutation_score(), 0.0);
  EXPECT_LT(report.mutation_score(), 1.0);
}

class FixtureFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("sg-audit-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "specs");
    fs::create_directories(root_ / "fixtures" / "demo" / "correct");
    fs::create_directories(root_ / "fixtures" / "demo" / "buggy");
    fs::create_directories(root_ / "fixtures" / "demo" / "forgotten");
    std::ofstream(root_ / "specs" / "demo.yaml") << "spec_version: 1\n";
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

TEST_F(FixtureFiles, ExpectationsAreFoundByTheSpecTheyNameAndUnlistedFoldersAreNamed) {
  std::ofstream(root_ / "fixtures" / "demo" / "expected.yaml")
      << "spec: specs/demo.yaml\nsubmissions:\n  correct: {score: 100}\n"
         "  buggy:\n    score: 60\n    lost: [ucs, a]\n    feedback: [\"costs 10\"]\n";
  const auto set = find_fixture_set(root_ / "specs" / "demo.yaml", root_ / "fixtures");
  ASSERT_TRUE(set.has_value());
  ASSERT_EQ(set->submissions.size(), 2u);
  EXPECT_EQ(set->submissions[1].name, "buggy");
  EXPECT_EQ(set->submissions[1].score, 60);
  EXPECT_EQ(set->submissions[1].lost, (std::vector<std::string>{"a", "ucs"}));
  EXPECT_EQ(set->unlisted, std::vector<std::string>{"forgotten"});
  EXPECT_EQ(default_fixtures_dirs(root_ / "specs" / "demo.yaml").front(),
            fs::canonical(root_) / "fixtures");
  EXPECT_FALSE(find_fixture_set(root_ / "specs" / "other.yaml", root_ / "fixtures").has_value());
}

TEST_F(FixtureFiles, AMalformedExpectationNamesItsLine) {
  std::ofstream(root_ / "fixtures" / "demo" / "expected.yaml")
      << "spec: specs/demo.yaml\nsubmissions:\n  correct: {score: 100}\n  missing: {score: 1}\n"
         "  buggy: {lost: [a]}\n";
  try {
    read_fixture_set(root_ / "fixtures" / "demo" / "expected.yaml", root_);
    FAIL() << "no error";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("expected.yaml:4:"));
    EXPECT_THAT(error.what(), HasSubstr("submission 'missing': no such folder"));
  }
}

TEST(GoldenFile, AgreesWithWhatItFrozeAndNamesEveryDifference) {
  const fs::path golden =
      fs::temp_directory_path() /
      ("sg-golden-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       ".golden.yaml");
  const ExpectedOutputs outputs = {{"t1", "path: S, A, G"}, {"t2", "line one\nline two"}};
  std::ofstream(golden) << render_golden("specs/demo.yaml", outputs);
  EXPECT_TRUE(compare_golden(golden, outputs).empty());

  const ExpectedOutputs changed = {{"t1", "path: S, G"}, {"t3", "new"}};
  const auto errors = compare_golden(golden, changed);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_THAT(errors[0].what(), HasSubstr("expected output of test 't1' changed"));
  EXPECT_THAT(errors[1].what(), HasSubstr("test 't3' is not in the golden file"));
  EXPECT_THAT(errors[2].what(), HasSubstr("test 't2' is in the golden file but not in the spec"));
  EXPECT_EQ(errors[0].where().file, golden.string());
  EXPECT_GT(errors[0].where().line, 1);
  fs::remove(golden);
  EXPECT_EQ(golden_path_of("specs/road-map-search.yaml"),
            fs::path("specs/golden/road-map-search.yaml"));
}

}  // namespace
}  // namespace sg

namespace sg {
namespace {

// Every spec the project ships has its expected outputs frozen, and the reference still agrees:
// a change to the reference that would change grades fails here until its golden file is
// reviewed and rewritten (`searchgrader expect SPEC --write`).
TEST(ShippedSpecs, EachHasAGoldenFileTheReferenceAgreesWith) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  int count = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(SG_SOURCE_DIR) / "specs")) {
    if (entry.path().extension() != ".yaml") continue;
    ++count;
    SCOPED_TRACE(entry.path().string());
    const fs::path golden = golden_path_of(entry.path());
    ASSERT_TRUE(fs::exists(golden)) << "no golden file " << golden;
    const Assignment assignment = kinds.load_valid_spec(entry.path());
    for (const auto& error : compare_golden(golden, compute_expected_outputs(assignment, kinds)))
      ADD_FAILURE() << error.what();
  }
  EXPECT_GT(count, 0);
}

// The shipped specs whose kinds have mutants (search, search_function, print_succ) catch them:
// the audit's mutation score is not vacuous.
TEST(ShippedSpecs, SpecsWithMutantsCatchThem) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  for (const char* name : {"road-map-search.yaml", "berkeley-search.yaml", "maze-program.yaml",
                           "a2-iterative-deepening.yaml", "torus-8-puzzle.yaml"}) {
    SCOPED_TRACE(name);
    const Assignment assignment = kinds.load_valid_spec(fs::path(SG_SOURCE_DIR) / "specs" / name);
    AuditReport report;
    report.mutants = audit_mutants(assignment, kinds);
    ASSERT_FALSE(report.mutants.empty());
    EXPECT_GT(report.mutation_score(), 0.0);
  }
}

// A mutant of the reference that makes the mistake a fixture makes earns what that fixture earns:
// the priority-queue mutants against fixtures/torus's buggy queues (scores read from its
// expected.yaml, not written here).
TEST(ShippedSpecs, PriorityQueueMutantsEarnWhatTheBuggyQueueFixturesEarn) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  const fs::path root = SG_SOURCE_DIR;
  const Assignment assignment = kinds.load_valid_spec(root / "specs" / "torus-8-puzzle.yaml");
  const FixtureSet fixtures = read_fixture_set(root / "fixtures" / "torus" / "expected.yaml", root);
  const auto fixture_score = [&](const std::string& name) {
    for (const FixtureExpectation& fixture : fixtures.submissions)
      if (fixture.name == name) return fixture.score;
    ADD_FAILURE() << "no fixture " << name;
    return -1.0;
  };
  const std::vector<MutantAudit> mutants = audit_mutants(assignment, kinds);
  for (const auto& [mutant, fixture] :
       {std::pair<std::string, std::string>{"enqueue_never_updates", "buggy-enqueue-never-updates"},
        {"pop_latest_of_equal", "buggy-pop-last-of-equal"}}) {
    const auto found = std::find_if(mutants.begin(), mutants.end(),
                                    [&](const MutantAudit& m) { return m.id == mutant; });
    ASSERT_NE(found, mutants.end()) << mutant;
    EXPECT_TRUE(found->killed()) << mutant;
    EXPECT_DOUBLE_EQ(found->score, fixture_score(fixture)) << mutant;
  }
}

}  // namespace
}  // namespace sg

namespace sg {
namespace {

// The torus spec's solve tests see a solution whose h counts the blank: its printed h values are
// judged wrong (the spec binds that aspect to no criterion, so its print_succ tests are what
// cost such a student points, as fixtures/torus/buggy-heuristic-counts-blank shows).
TEST(SolveMutants, AHeuristicThatCountsTheBlankPrintsWrongHValues) {
  const KindRegistry kinds = KindRegistry::with_builtin_kinds();
  const Assignment assignment =
      kinds.load_valid_spec(fs::path(SG_SOURCE_DIR) / "specs" / "torus-8-puzzle.yaml");
  const auto test = std::find_if(assignment.tests.begin(), assignment.tests.end(),
                                 [](const TestSpec& t) { return t.kind == "solve"; });
  ASSERT_NE(test, assignment.tests.end());
  const auto mutants = kinds.find("solve")->mutant_outcomes(assignment, *test);
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants[0].mutant, "heuristic_counts_blank");
  bool heuristic_failed = false;
  for (const auto& aspect : mutants[0].outcome.aspects)
    if (aspect.aspect == "heuristic") heuristic_failed = !aspect.passed;
  EXPECT_TRUE(heuristic_failed);
}

}  // namespace
}  // namespace sg
