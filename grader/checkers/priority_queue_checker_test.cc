#include "checkers/priority_queue_checker.h"

#include <gtest/gtest.h>

#include "checkers/python_value.h"
#include "reference/tile_problem.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace priority_queue_checker_test {

// Boards as the tile domain's states: "[1, 2, 3, ...]", given to Python as lists.
QueueEntry entry(const ref::Tiles& state, int h, int g,
                 std::optional<ref::Tiles> parent = std::nullopt) {
  return {ref::tiles_state(state), h, g, g + h,
          parent ? std::optional(ref::tiles_state(*parent)) : std::nullopt};
}

const QueueStates kBoards{[](const nlohmann::json& value) -> std::optional<ref::State> {
                            const auto tiles = as_int_list(value);
                            if (!tiles) return std::nullopt;
                            return ref::tiles_state(*tiles);
                          },
                          [](const ref::State& state) { return state; }};

nlohmann::json value_of(const ref::State& state) { return *ref::parse_tiles_state(state); }

nlohmann::json as_json(const QueueEntry& e) {
  nlohmann::json parent = nullptr;
  if (e.parent_state)
    parent = {
        {"state", value_of(*e.parent_state)}, {"h", 0}, {"g", 0}, {"parent", nullptr}, {"f", 0}};
  return {{"state", value_of(e.state)}, {"h", e.h}, {"g", e.g}, {"parent", parent}, {"f", e.f}};
}

PqObservedStep observed_ok(nlohmann::json value = nullptr) {
  PqObservedStep step;
  step.ran = true;
  step.ok = true;
  step.value = std::move(value);
  return step;
}

PqObservedStep observed_str(const std::vector<QueueEntry>& entries) {
  PqObservedStep step = observed_ok();
  step.lines = nlohmann::json::array();
  for (const auto& e : entries) step.lines.push_back(as_json(e));
  return step;
}

// The seed's update example: root, its child A queued with g 1, then A again with g 0.
struct UpdateScenario {
  ref::Tiles root = {1, 2, 3, 4, 5, 0, 6, 7, 8};
  ref::Tiles a = {1, 2, 0, 4, 5, 3, 6, 7, 8};
  ref::Tiles b = {1, 2, 3, 0, 5, 4, 6, 7, 8};
  std::vector<PqExpectedStep> expected;
  ref::CoursePriorityQueueOf<ref::State> model;

  UpdateScenario() {
    for (const auto& e : {entry(a, 4, 1, root), entry(b, 4, 1, root), entry(a, 4, 0, root)}) {
      model.enqueue(e);
      expected.push_back({PqOperation::enqueue, "pq.enqueue(...)", "", {}, {}, {}, {}});
    }
    expected.push_back({PqOperation::str, "print(pq)", "", {}, {}, {}, model.entries()});
    expected.push_back({PqOperation::max_len, "pq.max_len", "", {}, {}, model.max_len(), {}});
  }
};

TEST(PriorityQueueChecker, MatchingObservationsPass) {
  UpdateScenario s;
  std::vector<PqObservedStep> observed = {observed_ok(), observed_ok(), observed_ok(),
                                          observed_str(s.model.entries()), observed_ok(2)};
  const auto outcome = check_priority_queue(s.expected, observed, kBoards);
  EXPECT_TRUE(outcome.passed) << outcome.feedback;
}

TEST(PriorityQueueChecker, DuplicateEntryInsteadOfUpdateIsExplained) {
  UpdateScenario s;
  std::vector<QueueEntry> appended = {entry(s.a, 4, 1, s.root), entry(s.b, 4, 1, s.root),
                                      entry(s.a, 4, 0, s.root)};
  std::vector<PqObservedStep> observed = {observed_ok(), observed_ok(), observed_ok(),
                                          observed_str(appended), observed_ok(3)};
  const auto outcome = check_priority_queue(s.expected, observed, kBoards);
  EXPECT_FALSE(outcome.passed);
  EXPECT_NE(outcome.feedback.find("step 4"), std::string::npos);
  EXPECT_NE(outcome.feedback.find("in the queue 2 times"), std::string::npos);
}

TEST(PriorityQueueChecker, AQueuePrintedOnePerLineIsShownIndentedLineByLine) {
  UpdateScenario s;
  std::vector<QueueEntry> appended = {entry(s.a, 4, 1, s.root), entry(s.b, 4, 1, s.root),
                                      entry(s.a, 4, 0, s.root)};
  PqObservedStep printed = observed_str(appended);
  printed.text = "{'state': A}\n{'state': B}\n{'state': A again}";
  std::vector<PqObservedStep> observed = {observed_ok(), observed_ok(), observed_ok(), printed,
                                          observed_ok(3)};
  const auto outcome = check_priority_queue(s.expected, observed, kBoards);
  EXPECT_NE(
      outcome.feedback.find("printed:\n    {'state': A}\n    {'state': B}\n    {'state': A again}"),
      std::string::npos)
      << outcome.feedback;
}

TEST(PriorityQueueChecker, MissedUpdateNamesTheFieldsAndTheRule) {
  UpdateScenario s;
  std::vector<QueueEntry> stale = {entry(s.a, 4, 1, s.root), entry(s.b, 4, 1, s.root)};
  std::vector<PqObservedStep> observed = {observed_ok(), observed_ok(), observed_ok(),
                                          observed_str(stale), observed_ok(2)};
  const auto outcome = check_priority_queue(s.expected, observed, kBoards);
  EXPECT_FALSE(outcome.passed);
  EXPECT_NE(outcome.feedback.find("g should be 0, not 1"), std::string::npos);
  EXPECT_NE(outcome.feedback.find("the lower g must win"), std::string::npos);
}

TEST(PriorityQueueChecker, ReorderedEntriesAreAnOrderProblem) {
  UpdateScenario s;
  auto entries = s.model.entries();
  std::swap(entries[0], entries[1]);
  std::vector<PqObservedStep> observed = {observed_ok(), observed_ok(), observed_ok(),
                                          observed_str(entries), observed_ok(2)};
  const auto outcome = check_priority_queue(s.expected, observed, kBoards);
  EXPECT_FALSE(outcome.passed);
  EXPECT_NE(outcome.feedback.find("different order"), std::string::npos);
}

TEST(PriorityQueueChecker, PopOfTheWrongTiedEntryIsExplained) {
  ref::CoursePriorityQueueOf<ref::State> model;
  const auto first = entry({1, 2, 0, 4, 5, 3, 6, 7, 8}, 4, 1);
  const auto second = entry({1, 2, 3, 0, 5, 4, 6, 7, 8}, 4, 1);
  model.enqueue(first);
  model.enqueue(second);
  const auto popped = model.pop();
  std::vector<PqExpectedStep> expected = {
      {PqOperation::pop, "pq.pop()", "tie", popped, {}, {}, {}}};
  const auto outcome = check_priority_queue(expected, {observed_ok(as_json(second))}, kBoards);
  EXPECT_FALSE(outcome.passed);
  EXPECT_NE(outcome.feedback.find("among equal f the entry enqueued first"), std::string::npos);
  EXPECT_TRUE(check_priority_queue(expected, {observed_ok(as_json(first))}, kBoards).passed);
}

TEST(PriorityQueueChecker, ExceptionsAndStepsThatNeverRanFail) {
  std::vector<PqExpectedStep> expected = {
      {PqOperation::is_empty, "pq.is_empty()", "", {}, true, {}, {}}};
  PqObservedStep raised;
  raised.ran = true;
  raised.error = "AttributeError: 'PriorityQueue' object has no attribute 'is_empty'";
  auto outcome = check_priority_queue(expected, {raised}, kBoards);
  EXPECT_FALSE(outcome.passed);
  EXPECT_NE(outcome.feedback.find("raised AttributeError"), std::string::npos);
  outcome = check_priority_queue(expected, {PqObservedStep{}}, kBoards);
  EXPECT_NE(outcome.feedback.find("did not run"), std::string::npos);
  EXPECT_FALSE(check_priority_queue(expected, {observed_ok(false)}, kBoards).passed);
  EXPECT_TRUE(check_priority_queue(expected, {observed_ok(true)}, kBoards).passed);
}

TEST(PriorityQueueChecker, TupleStatesAreAccepted) {
  ref::CoursePriorityQueueOf<ref::State> model;
  model.enqueue(entry({1, 2, 0, 4, 5, 3, 6, 7, 8}, 4, 1));
  std::vector<PqExpectedStep> expected = {
      {PqOperation::str, "print(pq)", "", {}, {}, {}, model.entries()}};
  PqObservedStep step = observed_ok();
  step.lines = nlohmann::json::array({{{"state", {{"$tuple", {1, 2, 0, 4, 5, 3, 6, 7, 8}}}},
                                       {"h", 4},
                                       {"g", 1},
                                       {"parent", nullptr},
                                       {"f", 5}}});
  EXPECT_TRUE(check_priority_queue(expected, {step}, kBoards).passed);
}

}  // namespace priority_queue_checker_test
}  // namespace
}  // namespace sg
