#include "checkers/dequeue_count_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>

#include "checkers/python_value.h"
#include "notation/dimension_rows.h"

namespace sg {
namespace {

// A count of the map the counting class returns, in either encoding; nullopt if absent.
std::optional<std::uint64_t> count_of(const nlohmann::json& counts, const std::string& key) {
  const nlohmann::json map = plain_map(counts);
  const nlohmann::json value = map.is_object() ? map.value(key, nlohmann::json()) : nullptr;
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0) return std::nullopt;
  return value.get<std::uint64_t>();
}

std::string range_text(const NamedDequeueRange& range, std::uint64_t allowance) {
  const std::uint64_t most = range.most + allowance;
  if (!range.complete) return fmt::format("at least {} to more than {}", range.fewest, most);
  return range.fewest == most ? fmt::format("exactly {}", most)
                              : fmt::format("{} to {}", range.fewest, most);
}

}  // namespace

FunctionCallCheck check_dequeue_count(const DequeueJudgement& judgement,
                                      const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                      const nlohmann::json& counts, const std::string& call) {
  FunctionCallCheck check;
  const std::string board = puzzle.rows() == puzzle.cols()
                                ? dimension_rows_text(start, puzzle.rows())
                                : python_list(start) + "\n";
  const auto queues = count_of(counts, "queues");
  const auto busiest = count_of(counts, "busiest");
  const auto inserts = count_of(counts, "inserts");
  if (!queues || !busiest || !inserts) {
    check.feedback = fmt::format(
        "the grader could not read the counts of {} ({}): is the grader's counting {}.java "
        "among the spec's support files?",
        judgement.counter, elide(python_repr(counts), 3, 300), judgement.counter);
    return check;
  }
  // The handout does not ask a Solver to queue a board that is already solved.
  if (*busiest == 0 && start == puzzle.goal()) {
    check.passed = true;
    return check;
  }
  if (*queues == 0) {
    check.feedback = fmt::format(
        "{}, from\n{}made no {}: the assignment's A* keeps its search nodes in the course's {}, "
        "whose delMin() calls are counted here",
        call, board, judgement.counter, judgement.counter);
    return check;
  }
  // One queue may hold a twin's search nodes too: they are allowed for.
  const std::uint64_t allowance = *queues == 1 ? judgement.twin_allowance : 0;
  const NamedDequeueRange& asked = judgement.asked;
  const std::string did =
      fmt::format("{}, from\n{}dequeued {} search nodes (delMin() on its {}; {} inserted)", call,
                  board, *busiest,
                  *queues == 1 ? fmt::format("one {}", judgement.counter)
                               : fmt::format("busiest of {} {}s", *queues, judgement.counter),
                  *inserts);
  const std::string range = fmt::format("{} dequeues {} here, whatever its tie-breaking",
                                        asked.variant, range_text(asked, allowance));
  if (*busiest < asked.fewest) {
    check.feedback = fmt::format(
        "{}; {}: fewer than any can. Does the search stop when the goal is enqueued, not "
        "when it is dequeued?",
        did, range);
    return check;
  }
  if (!asked.complete || *busiest <= asked.most + allowance) {
    check.passed = true;
    return check;
  }
  // Named by every variant whose range holds the count, else by the first that reaches it.
  std::vector<std::string> named;
  for (const NamedDequeueRange& other : judgement.others)
    if (*busiest >= other.fewest && (!other.complete || *busiest <= other.most + allowance))
      named.push_back(fmt::format("As many as {} dequeues ({}): {}", other.variant,
                                  range_text(other, allowance), other.question));
  if (named.empty())
    for (const NamedDequeueRange& other : judgement.others)
      if (!other.complete || *busiest <= other.most + allowance) {
        named.push_back(fmt::format("As many as {} dequeues ({}): {}", other.variant,
                                    range_text(other, allowance), other.question));
        break;
      }
  if (!judgement.also_more.empty()) named.push_back(judgement.also_more);
  if (named.size() > (judgement.also_more.empty() ? 0u : 1u)) {
    check.feedback = fmt::format("{}; {}.\n{}", did, range, fmt::join(named, "\n"));
    return check;
  }
  check.feedback = fmt::format(
      "{}; {}.\nMore than any A* with the Hamming or Manhattan priority dequeues: is the "
      "priority the moves so far plus the heuristic (not a breadth-first search)?{}{}",
      did, range, judgement.also_more.empty() ? "" : "\n", judgement.also_more);
  return check;
}

}  // namespace sg
