// Checks what a print_succ- or solve-style function printed on any domain (a graph, a grid maze),
// line by line through the spec's line templates (notation/line_template.h), against the
// reference's Problem:
//   listing (print_succ): successors — exactly the successors of the state, each once, each
//                         field right (h, cost, action); order — as the test prescribes;
//                         format — every line matches the template.
//   path (solve):         path — starts at the start, ends at a goal, each step one action,
//                         cheapest cost (or exactly the reference's path); heuristic — every
//                         printed figure right for its line (h, g, f, cost, depth, action);
//                         format — every line matches a template, the last-line template last;
//                         max_queue — the last line's count against the reference's, exactly or
//                         within the range of the frontiers a handout allows (or feedback only).
// What only a domain knows (a blank counted as a tile, a move that wraps around) it says through
// DomainHints (domain_hints.h); this checker knows no domain.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/domain_hints.h"
#include "model/grade_report.h"
#include "notation/line_template.h"
#include "reference/problem.h"

namespace sg {

/// Whether the last line ("Max queue length: N") is part of the required output.
enum class MaxQueueLine { optional, required, forbidden };

/// How the printed max queue length is judged: a note only, equal to the reference's, or
/// within the range ref::max_frontier_range computes over the frontiers a handout allows. A
/// count below 1 is wrong whenever it is judged.
enum class QueueCountJudgement { feedback, exact, range };

/// The fields a listing line may hold: the successor's state, the action to it, its step cost,
/// g (= the step cost), h and f = g + h.
const std::vector<std::string>& listing_fields();
/// The fields a path line may hold: state, action (to it; empty at the start), cost (of that
/// step), g (cost so far), h, f = g + h, depth (0 at the start).
const std::vector<std::string>& path_fields();
/// The fields of a path's last line: max_frontier (the frontier's largest length).
const std::vector<std::string>& last_line_fields();

/// How the submission's notation reads and writes the domain's states.
struct StateNotation {
  /// A printed state field as the domain's state, or nullopt when it is none.
  std::function<std::optional<ref::State>(std::string_view)> read;
  /// The state as the submission prints it ("Arad", "(3, 4)").
  std::function<std::string(const ref::State&)> show;
};

struct DomainListingExpected {
  ref::State parent;
  std::vector<ref::Step> successors;  ///< In the order they must be printed.
  LineTemplate line;
  std::string order_name;  ///< For feedback: "in alphabetical order", "in the domain's order".
  DomainHints hints{};
};

/// The expected listing's text, one rendered line per successor.
std::string expected_listing_text(const ref::Problem& problem,
                                  const DomainListingExpected& expected,
                                  const StateNotation& notation);

/// Judges `printed` (what the function wrote to stdout). Returns the aspects successors, order
/// and format, and the expected text.
struct DomainListingCheck {
  AspectOutcome successors;
  AspectOutcome order;
  AspectOutcome format;
  std::string expected_text;
};
DomainListingCheck check_domain_listing(const ref::Problem& problem,
                                        const DomainListingExpected& expected,
                                        const StateNotation& notation, std::string_view printed);

struct DomainPathExpected {
  std::vector<ref::State> reference_path;  ///< Start .. goal, as the reference's search found.
  double optimal_cost = 0.0;               ///< The cheapest cost to a goal.
  bool exact_path = false;                 ///< Demand the reference's path, not any cheapest one.
  LineTemplate line;
  std::optional<LineTemplate> last_line;  ///< E.g. "Max queue length: {max_frontier}".
  MaxQueueLine last_line_rule = MaxQueueLine::optional;
  QueueCountJudgement max_queue_judgement = QueueCountJudgement::feedback;
  std::size_t reference_max_frontier = 0;
  std::size_t max_frontier_low = 0;  ///< range: ref::max_frontier_range's low and high.
  std::size_t max_frontier_high = 0;
  std::string algorithm_title = "search";  ///< For feedback: "a correct A* reaches 7 to 8".
  /// Why a costlier path is wrong, for feedback ("A* with an admissible heuristic must find a
  /// shortest path"); empty: not said.
  std::string optimality{};
  DomainHints hints{};
};

/// The reference's output: one rendered line per state of its path, then the last line.
std::string expected_path_text(const ref::Problem& problem, const DomainPathExpected& expected,
                               const StateNotation& notation);

struct DomainPathCheck {
  AspectOutcome path;
  AspectOutcome heuristic;
  AspectOutcome format;
  AspectOutcome max_queue;    ///< Not judged (judged = false) under QueueCountJudgement::feedback.
  std::string expected_text;  ///< The reference's output.
  std::vector<std::string> notes;  ///< Ungraded remarks (another cheapest path, the count).
};

/// Judges `printed` as a solve trace: aspects path, heuristic (every printed figure), format
/// and max_queue.
DomainPathCheck check_domain_path(const ref::Problem& problem, const DomainPathExpected& expected,
                                  const StateNotation& notation, std::string_view printed);

}  // namespace sg
