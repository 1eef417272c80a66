#include "checkers/anneal_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "reference/python_random.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace anneal_checker_test {

using ref::LocalState;
using ::testing::HasSubstr;

const LineTemplate& handout_line() {
  static const LineTemplate line("{state} - f={value}", {"state", "value"});
  return line;
}

ref::AnnealingSchedule six_steps() {
  ref::AnnealingSchedule schedule;
  schedule.limit = 6;  // AIMA's exp_schedule, T > 0 for t = 0 .. 5
  return schedule;
}

// The run printed as a student prints it: one line per state, the start first or not.
std::string printed_run(const ref::LocalSpace& space, const std::vector<LocalState>& path,
                        bool with_start) {
  std::string out = "annealing...\n";
  for (std::size_t i = with_start ? 0 : 1; i < path.size(); ++i)
    out += local_line_text(handout_line(), space, path[i], space.value(path[i])) + "\n";
  return out;
}

AnnealCheck judge(const ref::LocalSpace& space, const LocalState& start,
                  std::optional<long long> seed, const std::string& output,
                  const nlohmann::json& returned) {
  return check_anneal(space, six_steps(), ref::Objective::minimise, start, seed,
                      read_printed_states(output, handout_line()), returned, handout_line(),
                      "anneal(...)");
}

const ref::StaticQueens& five() {
  static const ref::StaticQueens queens(5, 0, 0);
  return queens;
}

const LocalState kStart{0, 0, 0, 0, 0};

ref::AnnealRun seeded_run(long long seed) {
  ref::PythonRandom random(seed);
  return ref::simulated_annealing(five(), kStart, six_steps(), ref::Objective::minimise, random);
}

TEST(AnnealChecker, CountsTheSchedulesTimeSteps) {
  EXPECT_EQ(schedule_steps(six_steps()), 6u);
  ref::AnnealingSchedule geometric;
  geometric.kind = ref::AnnealingSchedule::Kind::geometric;
  geometric.initial = 1.0;
  geometric.alpha = 0.5;
  geometric.minimum = 0.2;  // 1, 0.5, 0.25, then 0.125 < 0.2
  EXPECT_EQ(schedule_steps(geometric), 3u);
}

TEST(AnnealChecker, AnyLegalRunPassesWithoutASeedEitherReading) {
  for (long long seed = 1; seed <= 20; ++seed) {
    const ref::AnnealRun run = seeded_run(seed);
    ASSERT_EQ(run.steps.size(), 6u);
    for (const bool with_start : {true, false}) {
      const AnnealCheck check =
          judge(five(), kStart, std::nullopt, printed_run(five(), run.path, with_start),
                nlohmann::json(run.path.back()));
      EXPECT_TRUE(check.path.passed) << check.path.feedback;
      EXPECT_TRUE(check.returned.passed) << check.returned.feedback;
      // and with the seed that made it, it is the exact run
      const AnnealCheck seeded =
          judge(five(), kStart, seed, printed_run(five(), run.path, with_start),
                nlohmann::json(run.path.back()));
      EXPECT_TRUE(seeded.drawn.passed) << seeded.drawn.feedback;
    }
  }
}

TEST(AnnealChecker, NamesAJumpAWrongValueAndARunOfTheWrongLength) {
  std::vector<LocalState> path(7, kStart);  // every move rejected: legal
  EXPECT_TRUE(
      judge(five(), kStart, std::nullopt, printed_run(five(), path, true), nlohmann::json(kStart))
          .path.passed);
  std::vector<LocalState> jump = path;
  jump[3] = {0, 2, 0, 0, 0};  // two rows at once
  const AnnealCheck jumped =
      judge(five(), kStart, std::nullopt, printed_run(five(), jump, true), nlohmann::json(kStart));
  EXPECT_FALSE(jumped.path.passed);
  EXPECT_THAT(jumped.path.feedback,
              HasSubstr("line 5 `[0, 2, 0, 0, 0] - f=5`: [0, 2, 0, 0, 0] is neither a neighbour "
                        "of the state before ([0, 0, 0, 0, 0]) nor that state again"));
  const AnnealCheck wrong_value =
      judge(five(), kStart, std::nullopt, "[0, 0, 0, 0, 0] - f=4\n", nlohmann::json(kStart));
  EXPECT_THAT(wrong_value.path.feedback, HasSubstr("f of [0, 0, 0, 0, 0] is 5, not 4"));
  path.resize(5);
  const AnnealCheck short_run =
      judge(five(), kStart, std::nullopt, printed_run(five(), path, true), nlohmann::json(kStart));
  EXPECT_FALSE(short_run.path.passed);
  EXPECT_THAT(short_run.path.feedback, HasSubstr("the run stops after line 6"));
  EXPECT_THAT(short_run.path.feedback, HasSubstr("the schedule runs 6 time steps"));
  path.resize(9, kStart);
  const AnnealCheck long_run =
      judge(five(), kStart, std::nullopt, printed_run(five(), path, true), nlohmann::json(kStart));
  EXPECT_FALSE(long_run.path.passed);
  EXPECT_THAT(long_run.path.feedback, HasSubstr("the schedule's temperature is 0 at t=6"));
  const AnnealCheck returned_other = judge(
      five(), kStart, std::nullopt, printed_run(five(), std::vector<LocalState>(7, kStart), true),
      nlohmann::json(LocalState{0, 1, 0, 0, 0}));
  EXPECT_FALSE(returned_other.returned.passed);
}

TEST(AnnealChecker, ASeededRunNamesTheDrawThatDecidesTheFirstDifference) {
  // A seed whose run takes a worse move by the draw: the student who never takes one differs.
  for (long long seed = 1; seed <= 50; ++seed) {
    const ref::AnnealRun run = seeded_run(seed);
    std::size_t at = 0;
    for (std::size_t i = 0; i < run.steps.size() && at == 0; ++i)
      if (run.steps[i].draw && run.steps[i].accepted) at = i + 1;
    if (at == 0) continue;
    // Greedy: the same until that step, then it stays (and, with its own draws, goes on).
    std::vector<LocalState> greedy(run.path.begin(), run.path.begin() + static_cast<long>(at));
    greedy.resize(run.path.size(), greedy.back());
    const AnnealCheck check = judge(five(), kStart, seed, printed_run(five(), greedy, true),
                                    nlohmann::json(greedy.back()));
    EXPECT_TRUE(check.path.passed) << check.path.feedback;  // a legal run
    EXPECT_FALSE(check.drawn.passed);
    EXPECT_THAT(check.drawn.feedback, HasSubstr(fmt::format("line {} ", at + 2)));
    EXPECT_THAT(check.drawn.feedback, HasSubstr(fmt::format("at t={} (T=", at - 1)));
    EXPECT_THAT(check.drawn.feedback, HasSubstr("drawn by random.uniform(0, 1), so it is taken"));
    EXPECT_THAT(check.drawn.feedback, HasSubstr("With random.seed(" + std::to_string(seed)));
    return;
  }
  FAIL() << "no seed from 1 to 50 takes a worse move";
}

}  // namespace anneal_checker_test
}  // namespace
}  // namespace sg
