// The difference between the states a student's search generated and the reference's, drawn so
// a person can check it: what only the reference generated and what only the student generated
// (never both whole lists), each grouped by the move where the student's search parts from the
// reference's tree (the first move on the state's path from the root that the other search never
// made), capped at a few lines with counts, and a diagnosis when the difference has one cause:
//   - every state only the reference generates follows one action, of one agent or several
//     ("your search never tries Pacman's Stop: the 23 states only the reference generates all
//     follow it");
//   - every state only the student generates lies below the reference's cutoff (found in a
//     deeper search's tree, past the reference's deepest level);
//   - the student generates one level's states twice (each state n moves from the root).
// States are the reference's texts; both sides are multisets. This file knows no game and no
// adapter, and runs no process.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "reference/problem.h"

namespace sg {

/// One state of a search tree as the reference generated it.
struct TreeState {
  ref::State state;
  std::size_t parent = kRoot;  ///< Index of the state it was generated from, or kRoot.
  int agent = 0;               ///< Who moved to it (0 in a one-agent search).
  std::string action;          ///< The move's name.
  static constexpr std::size_t kRoot = static_cast<std::size_t>(-1);
};

/// How feedback names an agent ("Pacman", "ghost 1"); by default "agent N" (and nothing in a
/// one-agent search).
using AgentName = std::function<std::string(int agent)>;

/// States grouped by where the two searches part.
struct DifferenceGroup {
  std::string where;  ///< "after Pacman's Stop at the root", "below ghost 1's West from P(1,1)".
  int agent = 0;
  std::string action;
  std::size_t count = 0;             ///< States in the group.
  std::vector<ref::State> examples;  ///< The first few, in the order generated.
};

struct StateDifference {
  std::size_t reference_only = 0;                 ///< How many states only the reference generated.
  std::size_t student_only = 0;                   ///< How many only the student generated.
  std::vector<DifferenceGroup> reference_groups;  ///< In the reference's order.
  std::vector<DifferenceGroup> student_groups;    ///< In the student's order.
  std::string diagnosis;  ///< One cause, when the difference has one; else empty.
};

/// The difference between `reference` (the reference's tree, in the order generated) and
/// `student` (the student's states, in the order generated). `deeper` are trees of other
/// searches of the same game (e.g. one ply deeper), where a state only the student generated is
/// looked up to find its path; `cutoff_depth` is the reference's deepest level (moves from the
/// root), 0 when unknown.
StateDifference state_difference(const std::vector<TreeState>& reference,
                                 const std::vector<ref::State>& student,
                                 const std::vector<std::vector<TreeState>>& deeper,
                                 std::size_t cutoff_depth, const AgentName& agent_name = {});

/// The difference as feedback lines: the diagnosis first (so a report that cuts long feedback
/// keeps it), then a headline per side with its count, at most `max_groups` groups a side (each
/// with up to 2 example states and its count), "... and N states in M more places". Empty when
/// the two sides hold the same states.
std::string difference_text(const StateDifference& difference, std::size_t max_groups = 3);

}  // namespace sg
