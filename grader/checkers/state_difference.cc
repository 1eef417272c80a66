#include "checkers/state_difference.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace sg {
namespace {

constexpr std::size_t kExamples = 2;

std::string name_of(const AgentName& agent_name, int agent) {
  return agent_name ? agent_name(agent) : fmt::format("agent {}", agent);
}

std::string plural(std::size_t count, const char* noun) {
  return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

// The move into `node`: "Pacman's Stop at the root", "agent 1's b2 from B".
std::string move_into(const std::vector<TreeState>& tree, std::size_t node,
                      const AgentName& agent_name) {
  const TreeState& moved = tree[node];
  const std::string from =
      moved.parent == TreeState::kRoot ? "at the root" : "from " + tree[moved.parent].state;
  return fmt::format("{}'s {} {}", name_of(agent_name, moved.agent),
                     moved.action.empty() ? "move" : moved.action, from);
}

std::vector<std::size_t> depths_of(const std::vector<TreeState>& tree) {
  std::vector<std::size_t> depth(tree.size(), 1);
  for (std::size_t i = 0; i < tree.size(); ++i)
    if (tree[i].parent != TreeState::kRoot && tree[i].parent < i)
      depth[i] = depth[tree[i].parent] + 1;
  return depth;
}

// Adds `state` to the group keyed `key`, opening it (with `where`) the first time.
void add_to_group(std::vector<DifferenceGroup>& groups, std::map<std::string, std::size_t>& index,
                  const std::string& key, const std::string& where, int agent,
                  const std::string& action, const ref::State& state) {
  auto [found, added] = index.emplace(key, groups.size());
  if (added) groups.push_back({where, agent, action, 0, {}});
  DifferenceGroup& group = groups[found->second];
  ++group.count;
  if (group.examples.size() < kExamples) group.examples.push_back(state);
}

// "your search never tries Pacman's Stop ...", when every state only the reference generated
// follows one action (of one agent, or of several: "Stop (Pacman's and ghost 2's)").
std::string one_action_missing(const std::vector<TreeState>& reference,
                               const std::vector<bool>& matched,
                               const std::vector<std::size_t>& parting, std::size_t missing,
                               const AgentName& agent_name) {
  if (parting.empty()) return {};
  const std::string& action = reference[parting.front()].action;
  if (action.empty()) return {};
  std::set<int> agents;
  for (const std::size_t node : parting) {
    if (reference[node].action != action) return {};
    agents.insert(reference[node].agent);
  }
  std::set<std::size_t> places(parting.begin(), parting.end());
  std::size_t tried = 0;  // the same move, made where the student's search made it too
  for (std::size_t i = 0; i < reference.size(); ++i)
    if (matched[i] && reference[i].action == action && agents.count(reference[i].agent)) ++tried;
  std::string move;
  if (agents.size() == 1) {
    move = fmt::format("{}'s {}", name_of(agent_name, *agents.begin()), action);
  } else {
    std::vector<std::string> whose;
    for (const int agent : agents) whose.push_back(name_of(agent_name, agent) + "'s");
    move = fmt::format("{} ({})", action, fmt::join(whose, " and "));
  }
  if (tried == 0)
    return fmt::format(
        "your search never tries {}: the {} only the reference generates all follow it", move,
        plural(missing, "state"));
  return fmt::format(
      "your search skips {} in {} of the {} places the reference tries it: the {} only the "
      "reference generates all follow it",
      move, places.size(), places.size() + tried, plural(missing, "state"));
}

}  // namespace

StateDifference state_difference(const std::vector<TreeState>& reference,
                                 const std::vector<ref::State>& student,
                                 const std::vector<std::vector<TreeState>>& deeper,
                                 std::size_t cutoff_depth, const AgentName& agent_name) {
  StateDifference difference;
  const std::vector<std::size_t> depth = depths_of(reference);
  if (cutoff_depth == 0 && !depth.empty())
    cutoff_depth = *std::max_element(depth.begin(), depth.end());

  // Match the two multisets. A search that leaves a move out generates the rest in the
  // reference's order: walk both lists together first, so that a state the tree holds twice is
  // matched where the student's search made it (not at its first place in the reference's order,
  // which would blame another move); the states left over are then matched by count.
  std::unordered_map<ref::State, std::size_t> student_count, reference_count;
  std::vector<bool> matched(reference.size(), false);
  std::vector<bool> used(student.size(), false);
  for (std::size_t i = 0, next = 0; i < reference.size() && next < student.size(); ++i)
    if (reference[i].state == student[next]) {
      matched[i] = true;
      used[next++] = true;
    }
  for (std::size_t j = 0; j < student.size(); ++j)
    if (!used[j]) ++student_count[student[j]];
  for (std::size_t i = 0; i < reference.size(); ++i) {
    ++reference_count[reference[i].state];
    if (matched[i]) continue;
    auto found = student_count.find(reference[i].state);
    if (found != student_count.end() && found->second > 0) {
      --found->second;
      matched[i] = true;
    }
  }

  // The reference's side: each missing node under the first missing move on its path.
  std::map<std::string, std::size_t> groups;
  std::vector<std::size_t> parting;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    if (matched[i]) continue;
    ++difference.reference_only;
    std::size_t node = i;
    while (reference[node].parent != TreeState::kRoot && reference[node].parent < node &&
           !matched[reference[node].parent])
      node = reference[node].parent;
    if (groups.find(std::to_string(node)) == groups.end()) parting.push_back(node);
    add_to_group(difference.reference_groups, groups, std::to_string(node),
                 "after " + move_into(reference, node, agent_name), reference[node].agent,
                 reference[node].action, reference[i].state);
  }

  // The student's side: states beyond the reference's count, located in a deeper tree.
  std::unordered_map<ref::State, std::pair<std::size_t, std::size_t>> located;  // tree, node
  std::vector<std::vector<std::size_t>> deeper_depths;
  for (std::size_t t = 0; t < deeper.size(); ++t) {
    deeper_depths.push_back(depths_of(deeper[t]));
    for (std::size_t i = 0; i < deeper[t].size(); ++i)
      located.emplace(deeper[t][i].state, std::pair(t, i));
  }
  std::map<std::string, std::size_t> student_groups;
  std::vector<ref::State> extra;
  for (const ref::State& state : student) {
    auto known = reference_count.find(state);
    if (known != reference_count.end() && known->second > 0) {
      --known->second;
      continue;
    }
    extra.push_back(state);
  }
  difference.student_only = extra.size();
  bool all_below_cutoff = !extra.empty();
  bool all_repeats = !extra.empty();
  std::set<std::size_t> repeated_depths;
  std::unordered_map<ref::State, std::size_t> reference_depth;
  for (std::size_t i = 0; i < reference.size(); ++i)
    reference_depth.emplace(reference[i].state, depth[i]);
  for (const ref::State& state : extra) {
    if (const auto same = reference_depth.find(state); same != reference_depth.end()) {
      repeated_depths.insert(same->second);
      all_below_cutoff = false;
      add_to_group(difference.student_groups, student_groups, "again", "generated again", 0, "",
                   state);
      continue;
    }
    all_repeats = false;
    const auto where = located.find(state);
    if (where == located.end()) {
      all_below_cutoff = false;
      add_to_group(difference.student_groups, student_groups, "unknown",
                   "not a state the reference's searches reach", 0, "", state);
      continue;
    }
    const auto [t, i] = where->second;
    const std::vector<TreeState>& tree = deeper[t];
    if (deeper_depths[t][i] <= cutoff_depth) all_below_cutoff = false;
    std::size_t node = i;
    while (tree[node].parent != TreeState::kRoot && tree[node].parent < node &&
           reference_depth.find(tree[tree[node].parent].state) == reference_depth.end())
      node = tree[node].parent;
    add_to_group(difference.student_groups, student_groups, fmt::format("{}:{}", t, node),
                 "below " + move_into(tree, node, agent_name), tree[node].agent, tree[node].action,
                 state);
  }

  // One cause, when there is one.
  if (difference.student_only == 0) {
    difference.diagnosis =
        one_action_missing(reference, matched, parting, difference.reference_only, agent_name);
  } else if (difference.reference_only == 0 && all_below_cutoff) {
    difference.diagnosis = fmt::format(
        "every state only your search generates lies below the cutoff ({} from the root): your "
        "search goes on past the depth limit",
        plural(cutoff_depth, "move"));
  } else if (difference.reference_only == 0 && all_repeats && repeated_depths.size() == 1) {
    const std::size_t level = *repeated_depths.begin();
    const std::size_t at_level =
        static_cast<std::size_t>(std::count(depth.begin(), depth.end(), level));
    difference.diagnosis =
        difference.student_only == at_level
            ? fmt::format(
                  "your search generates every state {} from the root twice (all {} of "
                  "them): that level is counted twice",
                  plural(level, "move"), at_level)
            : fmt::format("your search generates {} of the {} states {} from the root twice",
                          difference.student_only, at_level, plural(level, "move"));
  }
  return difference;
}

std::string difference_text(const StateDifference& difference, std::size_t max_groups) {
  if (difference.reference_only == 0 && difference.student_only == 0) return {};
  std::string text;
  if (!difference.diagnosis.empty()) text = "diagnosis: " + difference.diagnosis;
  const auto side = [&](const char* headline, std::size_t count,
                        const std::vector<DifferenceGroup>& groups) {
    if (count == 0) return;
    if (!text.empty()) text += '\n';
    text += fmt::format("{} ({}):", headline, plural(count, "state"));
    for (std::size_t g = 0; g < groups.size() && g < max_groups; ++g) {
      const DifferenceGroup& group = groups[g];
      text += fmt::format("\n  {}: {}{}", group.where, fmt::join(group.examples, ", "),
                          group.count > group.examples.size()
                              ? fmt::format(", ... ({} in all)", group.count)
                              : std::string());
    }
    if (groups.size() > max_groups) {
      std::size_t rest = 0;
      for (std::size_t g = max_groups; g < groups.size(); ++g) rest += groups[g].count;
      text += fmt::format("\n  ... and {} in {} more place{}", plural(rest, "state"),
                          groups.size() - max_groups, groups.size() - max_groups == 1 ? "" : "s");
    }
  };
  side("generated by the reference only", difference.reference_only, difference.reference_groups);
  side("generated by yours only", difference.student_only, difference.student_groups);
  return text;
}

}  // namespace sg
