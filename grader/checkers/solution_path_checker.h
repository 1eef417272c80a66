// Checks a printed solution path ("[4, 3, 8, ...] h=6 moves: 0" per state, then an optional
// "Max queue length: 46") against the reference, as separately graded aspects:
//   path      — starts at the start, ends at the goal, every step one legal move, optimal
//               length (or exactly the reference path when the spec demands it), moves
//               numbered 0, 1, 2, ...;
//   heuristic — every printed h is the heuristic of its state;
//   format    — every line in the canonical form up to runs of whitespace, no stray lines;
//   max_queue — the printed "Max queue length" against the reference's, exactly or within the
//               range of the frontier variants a handout allows (or feedback only).
// States are parsed back into the domain, so feedback names the first wrong line and why.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/grade_report.h"
#include "reference/astar.h"
#include "reference/heuristics.h"
#include "reference/tile_puzzle.h"

namespace sg {

/// Whether the "Max queue length: N" line is part of the required output.
enum class MaxQueueLine { optional, required, forbidden };

/// How the printed max queue length is judged: a note only, equal to the reference's, or
/// within [max_queue_low, max_queue_high] (ref::max_queue_length_range). A count below 1 is
/// wrong whenever it is judged.
enum class QueueCountJudgement { feedback, exact, range };

struct SolutionPathExpected {
  ref::Tiles start;
  std::vector<ref::SearchStep> reference_path;  ///< start..goal, with g and h per step.
  std::size_t reference_max_queue = 0;          ///< The reference frontier's max length.
  bool exact_path = false;  ///< Demand the reference's path, not just any optimal one.
  MaxQueueLine max_queue_line = MaxQueueLine::optional;
  std::string heuristic_name;
  QueueCountJudgement max_queue_judgement = QueueCountJudgement::feedback;
  std::size_t max_queue_low = 0;   ///< range: the smallest largest frontier of the variants.
  std::size_t max_queue_high = 0;  ///< range: the largest.
};

struct SolutionPathCheck {
  AspectOutcome path;
  AspectOutcome heuristic;
  AspectOutcome format;
  AspectOutcome max_queue;    ///< Not judged (judged = false) under QueueCountJudgement::feedback.
  std::string expected_text;  ///< The reference's output in canonical form.
  std::vector<std::string> notes;  ///< Ungraded remarks (other optimal path, max queue length).
};

/// The reference's output in canonical form: one line per state, then the max queue line.
std::string expected_solution_text(const SolutionPathExpected& expected);

/// Compares `printed` (what solve() wrote) with `expected`, using `puzzle` and `heuristic` to
/// judge each printed state, move and h value.
SolutionPathCheck check_solution_path(const ref::TilePuzzle& puzzle, ref::Heuristic heuristic,
                                      const SolutionPathExpected& expected,
                                      std::string_view printed);

}  // namespace sg
