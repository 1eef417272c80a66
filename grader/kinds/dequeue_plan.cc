#include "kinds/dequeue_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "domains/reference_cache.h"
#include "reference/tree_astar_dequeues.h"
#include "spec/test_keys.h"

namespace sg::puzzle_function {
namespace {

// Per count: the Hamming priority without the critical optimization on a 24-move 3 x 3 board
// is 29 million nodes; a range left open above costs nothing a student could gain.
constexpr std::uint64_t kNodeLimit = 2'000'000;

std::string priority_name(ref::Heuristic priority) {
  return priority == ref::Heuristic::manhattan ? "Manhattan" : "Hamming";
}

NamedDequeueRange named(const ref::TreeAstarDequeues& range, std::string variant,
                        std::string question, std::string slip = "") {
  return {std::move(variant), range.fewest,        range.most,
          range.complete,     std::move(question), std::move(slip)};
}

}  // namespace

std::optional<DequeueAsk> read_dequeue_ask(const TestSpec& test) {
  if (!test.input.contains("dequeues")) return std::nullopt;
  const nlohmann::json& given = test.input["dequeues"];
  const SourceLocation where = location_of(test, "/dequeues");
  if (!given.is_object())
    throw SpecError(where,
                    "dequeues is {priority: manhattan|hamming, critical_optimization: "
                    "required|optional, counter: a qualified class}");
  DequeueAsk ask;
  for (const auto& [key, value] : given.items()) {
    const SourceLocation at = location_of(test, "/dequeues/" + key);
    const std::string text = value.is_string() ? value.get<std::string>() : "";
    if (key == "priority") {
      if (text == "manhattan")
        ask.priority = ref::Heuristic::manhattan;
      else if (text == "hamming" || text == "misplaced_tiles")
        ask.priority = ref::Heuristic::misplaced_tiles;
      else
        throw SpecError(at, "priority is manhattan or hamming");
    } else if (key == "critical_optimization") {
      if (text != "required" && text != "optional")
        throw SpecError(at, "critical_optimization is required or optional");
      ask.optimization_required = text == "required";
    } else if (key == "counter") {
      if (text.empty()) throw SpecError(at, "counter is the counting class, qualified");
      ask.counter = text;
    } else {
      throw SpecError(at, fmt::format("dequeues has no key '{}' (priority, "
                                      "critical_optimization, counter)",
                                      key));
    }
  }
  return ask;
}

DequeueJudgement dequeue_judgement(const Assignment& assignment, const TestSpec& test,
                                   const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                   std::size_t moves, const DequeueAsk& ask) {
  std::string key = fmt::format("dequeues {} {} {} from", ref::to_string(ask.priority),
                                ask.optimization_required, ask.counter);
  for (const int tile : start) key += fmt::format(" {}", tile);
  return *cached_reference<DequeueJudgement>(assignment, test, key, [&] {
    const int bound = static_cast<int>(moves);
    const auto range = [&](ref::Heuristic priority, bool skips) {
      return ref::tree_astar_dequeues(puzzle, start, bound, {priority, skips}, kNodeLimit);
    };
    const std::string asked_name = priority_name(ask.priority);
    const ref::Heuristic other = ask.priority == ref::Heuristic::manhattan
                                     ? ref::Heuristic::misplaced_tiles
                                     : ref::Heuristic::manhattan;
    const std::string unoptimized =
        "does the Solver enqueue the board the search node came from? (the critical "
        "optimization skips it)";
    DequeueJudgement judgement;
    judgement.counter = ask.counter.substr(ask.counter.rfind('.') + 1);
    judgement.also_more =
        fmt::format("A {}() that returns less than the {} distance dequeues more too.",
                    ask.priority == ref::Heuristic::manhattan ? "manhattan" : "hamming",
                    ask.priority == ref::Heuristic::manhattan ? "Manhattan" : "Hamming");
    const ref::TreeAstarDequeues with = range(ask.priority, true);
    const ref::TreeAstarDequeues without = range(ask.priority, false);
    if (ask.optimization_required) {
      judgement.asked = named(
          with, fmt::format("an A* with the {} priority and the critical optimization", asked_name),
          "");
      judgement.others.push_back(named(
          without,
          fmt::format("an A* with the {} priority without the critical optimization", asked_name),
          unoptimized, "no_critical_optimization"));
    } else {
      judgement.asked = {fmt::format("an A* with the {} priority", asked_name),
                         std::min(with.fewest, without.fewest),
                         std::max(with.most, without.most),
                         with.complete && without.complete,
                         "",
                         ""};
    }
    // The other priority explains a count only when it is the more wasteful one (Hamming's).
    if (other == ref::Heuristic::misplaced_tiles) {
      const std::string hamming =
          "is the priority moves plus hamming() where manhattan() is asked?";
      judgement.others.push_back(named(range(other, true), "an A* with the Hamming priority",
                                       hamming, "hamming_priority"));
      judgement.others.push_back(
          named(range(other, false),
                "an A* with the Hamming priority without the critical optimization", hamming));
    }
    // A twin searched in the Solver's one queue: each twin's tree within the same f.
    for (std::size_t i = 0; i < start.size(); ++i) {
      for (std::size_t j = i + 1; j < start.size(); ++j) {
        if (start[i] == 0 || start[j] == 0) continue;
        ref::Tiles twin = start;
        std::swap(twin[i], twin[j]);
        const ref::TreeNodeCounts count = ref::count_tree_nodes(
            puzzle, twin, bound, {ask.priority, ask.optimization_required}, kNodeLimit);
        judgement.twin_allowance = std::max(judgement.twin_allowance, count.within);
      }
    }
    return judgement;
  });
}

nlohmann::json counted_dequeues(std::uint64_t dequeued) {
  const auto pair = [](const char* key, std::uint64_t count) {
    return nlohmann::json::array({key, count});
  };
  return {{"$dict",
           nlohmann::json::array({pair("queues", 2), pair("inserts", 2 * dequeued),
                                  pair("delMins", 2 * dequeued - 1), pair("busiest", dequeued)})}};
}

}  // namespace sg::puzzle_function
