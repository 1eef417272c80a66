// Judges how many search nodes a student's A* dequeued, as the course's counting MinPQ reports
// it (specs/support/algs4/MinPQ.java: queues made, inserts, delMins and the most delMins of one
// queue), against the range every tie-breaking of a correct A* gives on the same board
// (reference/tree_astar_dequeues.h). A count outside it is named by the variant it matches:
// no critical optimization, the Hamming priority, or more than any A*.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checkers/puzzle_function_checker.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// The dequeues of one A* variant on one board, as feedback names them.
struct NamedDequeueRange {
  /// "an A* with the Manhattan priority and the critical optimization"
  std::string variant;
  std::uint64_t fewest = 0;  ///< The fewest delMin() calls any tie-breaking gives.
  std::uint64_t most = 0;    ///< The most (a lower bound of it when not `complete`).
  bool complete = true;
  /// What a count this variant explains asks the student ("is the board the search node came
  /// from enqueued again?"); empty for the asked variant.
  std::string question;
  /// The classic slip this variant is (a mutant id for `audit`: "no_critical_optimization"),
  /// empty for none.
  std::string slip = {};
};

/// What a Solver's dequeues are judged against on one board.
struct DequeueJudgement {
  NamedDequeueRange asked;
  /// Other variants, the likeliest slip first: a count above asked.most is named by every one
  /// whose range holds it, else by the first whose most reaches it.
  std::vector<NamedDequeueRange> others;
  /// The most a twin's search (the course's way of detecting unsolvable boards) can add when it
  /// shares the Solver's one queue: the largest count of any twin's tree within the same f.
  std::uint64_t twin_allowance = 0;
  /// Said after a count above the asked range: what else dequeues more ("a manhattan() that
  /// returns less than the Manhattan distance dequeues more too").
  std::string also_more = {};
  /// The counting class as the student's code names it ("MinPQ").
  std::string counter = "MinPQ";
};

/// `counts` is what the counting class's searchgraderCounts() returned after the Solver ran
/// (a map: {"$dict": [["queues", 2], ["inserts", ...], ["delMins", ...], ["busiest", ...]]} or
/// the same as an object). The busiest queue's delMins are judged (a lockstep twin keeps a queue
/// of its own); with a single queue, the twin's allowance is added to the ranges' most. `call`
/// and `start` say which Solver ran, drawn as toString() draws the board. A Solver that answers
/// a `start` that is already the goal without dequeuing (or without a queue) passes.
FunctionCallCheck check_dequeue_count(const DequeueJudgement& judgement,
                                      const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                      const nlohmann::json& counts, const std::string& call);

}  // namespace sg
