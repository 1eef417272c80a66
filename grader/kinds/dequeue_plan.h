// A solve test's `dequeues:` key (specs/8puzzle-algs4.yaml): the Solver's A* judged by the
// search nodes it dequeues, counted by the grader's MinPQ (specs/support/algs4/MinPQ.java),
// against what every tie-breaking of a correct A* dequeues on the same board
// (reference/tree_astar_dequeues.h), the wasteful variants named.
//
//   dequeues: {priority: manhattan, critical_optimization: required, counter:
//   edu.princeton.cs.algs4.MinPQ}
//
// priority: manhattan (default) or hamming (the reference's misplaced_tiles); the
// critical_optimization (never enqueue the board the search node came from): required (default)
// or optional; counter: the counting class, qualified (the default is the course's MinPQ).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "checkers/dequeue_count_check.h"
#include "model/assignment.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg::puzzle_function {

/// What a spec's `dequeues:` asks.
struct DequeueAsk {
  ref::Heuristic priority = ref::Heuristic::manhattan;
  bool optimization_required = true;
  std::string counter = "edu.princeton.cs.algs4.MinPQ";
};

/// The test's `dequeues:` key, or nullopt without one. Throws SpecError (file:line:col) naming
/// what was expected.
std::optional<DequeueAsk> read_dequeue_ask(const TestSpec& test);

/// The judgement of the Solver's dequeues from `start`, whose shortest solution has `moves`
/// moves: the asked variant's range, the wasteful variants', a twin's allowance. Computed once
/// per spec, test and board (reference_cache.h); each count stops at a few million nodes (the
/// range is then open above).
DequeueJudgement dequeue_judgement(const Assignment& assignment, const TestSpec& test,
                                   const ref::TilePuzzle& puzzle, const ref::Tiles& start,
                                   std::size_t moves, const DequeueAsk& ask);

/// The counting class's map as the driver returns it, for a Solver whose one search dequeued
/// `dequeued` nodes in a queue of its own (and its twin's as many, less one): a mutant's value.
nlohmann::json counted_dequeues(std::uint64_t dequeued);

}  // namespace sg::puzzle_function
