#include "checkers/priority_queue_checker.h"

#include <fmt/format.h>

#include <map>

#include "checkers/python_value.h"
#include "checkers/state_text.h"

namespace sg {
namespace {

// A queue entry as read back from the student's process.
struct ReadEntry {
  std::optional<QueueEntry> entry;
  std::string problem;  ///< Why it could not be read.
};

std::optional<int> int_field(const nlohmann::json& object, const char* key) {
  if (!object.contains(key)) return std::nullopt;
  const auto& value = object[key];
  if (value.is_number_integer()) return value.get<int>();
  if (value.is_number_float() && value.get<double>() == static_cast<int>(value.get<double>())) {
    return static_cast<int>(value.get<double>());
  }
  return std::nullopt;
}

ReadEntry read_entry(const nlohmann::json& value, const QueueStates& states) {
  if (!value.is_object() || value.contains("$repr") || value.contains("$tuple")) {
    return {std::nullopt, fmt::format("`{}` is not a dict with 'state', 'h', 'g', 'parent' and 'f'",
                                      python_repr(value))};
  }
  QueueEntry entry;
  const auto state = value.contains("state") ? states.read(value["state"]) : std::nullopt;
  if (!state)
    return {std::nullopt,
            fmt::format("`{}` has no 'state' that is a state of the domain", python_repr(value))};
  entry.state = *state;
  const auto h = int_field(value, "h");
  const auto g = int_field(value, "g");
  const auto f = int_field(value, "f");
  if (!h || !g || !f) {
    return {std::nullopt, fmt::format("the entry for {} lacks an integer 'h', 'g' or 'f'",
                                      states.show(entry.state))};
  }
  entry.h = *h;
  entry.g = *g;
  entry.f = *f;
  if (value.contains("parent") && !value["parent"].is_null()) {
    const auto& parent = value["parent"];
    if (parent.is_object() && parent.contains("state")) {
      entry.parent_state = states.read(parent["state"]);
    }
    if (!entry.parent_state) {
      return {std::nullopt,
              fmt::format("the 'parent' of {} is not a queue entry", states.show(entry.state))};
    }
  }
  return {entry, ""};
}

std::string parent_text(const std::optional<ref::State>& parent, const QueueStates& states) {
  return parent ? states.show(*parent) : std::string("None");
}

// Field-by-field difference between the entry that should be there and the one that is.
std::string entry_difference(const QueueEntry& want, const QueueEntry& got,
                             const QueueStates& states) {
  std::vector<std::string> differences;
  if (want.g != got.g) differences.push_back(fmt::format("g should be {}, not {}", want.g, got.g));
  if (want.f != got.f) differences.push_back(fmt::format("f should be {}, not {}", want.f, got.f));
  if (want.h != got.h) differences.push_back(fmt::format("h should be {}, not {}", want.h, got.h));
  if (want.parent_state != got.parent_state) {
    differences.push_back(fmt::format("its parent should be {}, not {}",
                                      parent_text(want.parent_state, states),
                                      parent_text(got.parent_state, states)));
  }
  return fmt::format("{}", fmt::join(differences, ", "));
}

// `unit` says how str(pq) was read: "entry" (a sequence of literals) or "line".
std::string compare_entries(const std::vector<QueueEntry>& want, const std::vector<ReadEntry>& read,
                            std::string_view unit, const QueueStates& states) {
  std::vector<QueueEntry> got;
  for (std::size_t i = 0; i < read.size(); ++i) {
    if (!read[i].entry) return fmt::format("{} {} of str(pq): {}", unit, i + 1, read[i].problem);
    got.push_back(*read[i].entry);
  }
  std::map<ref::State, int> got_count;
  for (const auto& entry : got) ++got_count[entry.state];
  for (const auto& [state, count] : got_count) {
    if (count > 1) {
      return fmt::format(
          "{} is in the queue {} times: enqueueing a state that is already queued must keep "
          "one entry (updating it when the new g is lower), not add another",
          states.show(state), count);
    }
  }
  std::map<ref::State, const QueueEntry*> want_by_state;
  for (const auto& entry : want) want_by_state[entry.state] = &entry;
  for (const auto& entry : want) {
    if (!got_count.count(entry.state)) {
      return fmt::format("{} should be in the queue but is not", states.show(entry.state));
    }
  }
  for (const auto& entry : got) {
    if (!want_by_state.count(entry.state)) {
      return fmt::format("{} is in the queue but should not be", states.show(entry.state));
    }
  }
  for (const auto& entry : got) {
    const QueueEntry& should = *want_by_state[entry.state];
    const std::string difference = entry_difference(should, entry, states);
    if (!difference.empty()) {
      std::string hint;
      if (entry.g > should.g) hint = " (the lower g must win: update g, f and parent in place)";
      if (entry.g < should.g)
        hint = " (a higher or equal g must not replace the one already queued)";
      return fmt::format("the entry for {}: {}{}", states.show(entry.state), difference, hint);
    }
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i].state != want[i].state) {
      return fmt::format(
          "the entries are in a different order: position {} should hold {}, not {} "
          "(the queue keeps insertion order, and an updated entry stays where it was)",
          i + 1, states.show(want[i].state), states.show(got[i].state));
    }
  }
  return "";
}

std::string expected_queue_text(const std::vector<QueueEntry>& entries, const QueueStates& states) {
  if (entries.empty()) return "(empty)";
  std::string text;
  for (const auto& entry : entries) text += "\n    " + describe_entry(entry, states);
  return text;
}

}  // namespace

std::string describe_entry(const QueueEntry& entry, const QueueStates& states) {
  return fmt::format(
      "{{'state': {}, 'h': {}, 'g': {}, 'parent': {}, 'f': {}}}", states.show(entry.state), entry.h,
      entry.g, entry.parent_state ? "<entry of " + states.show(*entry.parent_state) + ">" : "None",
      entry.f);
}

AspectOutcome check_priority_queue(const std::vector<PqExpectedStep>& expected,
                                   const std::vector<PqObservedStep>& observed,
                                   const QueueStates& states) {
  AspectOutcome outcome;
  outcome.aspect = "behaviour";
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const PqExpectedStep& want = expected[i];
    const std::string where = fmt::format("step {} `{}`{}", i + 1, want.call,
                                          want.purpose.empty() ? "" : " — " + want.purpose);
    if (i >= observed.size() || !observed[i].ran) {
      outcome.feedback = fmt::format("{}: did not run (the process ended before it)", where);
      return outcome;
    }
    const PqObservedStep& got = observed[i];
    if (!got.ok) {
      outcome.feedback = fmt::format("{}: raised {}", where, got.error);
      return outcome;
    }
    std::string problem;
    switch (want.operation) {
      case PqOperation::construct:
      case PqOperation::enqueue:
        break;
      case PqOperation::pop: {
        const ReadEntry read = read_entry(got.value, states);
        if (!read.entry) {
          problem = fmt::format("pop() returned {}", read.problem);
        } else if (read.entry->state != want.popped->state) {
          problem = fmt::format(
              "pop() returned the entry of {} (f {}), but should return {} (f {}): pop takes the "
              "smallest f, and among equal f the entry enqueued first",
              states.show(read.entry->state), read.entry->f, states.show(want.popped->state),
              want.popped->f);
        } else if (const std::string difference =
                       entry_difference(*want.popped, *read.entry, states);
                   !difference.empty()) {
          problem =
              fmt::format("pop() returned {} with {}", states.show(read.entry->state), difference);
        }
        break;
      }
      case PqOperation::is_empty:
        if (!got.value.is_boolean() || got.value.get<bool>() != *want.empty) {
          problem = fmt::format("is_empty() returned {}, expected {}", python_repr(got.value),
                                *want.empty ? "True" : "False");
        }
        break;
      case PqOperation::max_len:
        if (!got.value.is_number_integer() || got.value.get<std::size_t>() != *want.max_len) {
          problem = fmt::format(
              "max_len is {}, expected {} (the longest the queue has been; an update does not "
              "lengthen it)",
              python_repr(got.value), *want.max_len);
        }
        break;
      case PqOperation::str: {
        std::vector<ReadEntry> read;
        const std::string_view unit = got.items.is_array() ? "entry" : "line";
        if (got.items.is_array()) {
          // What the queue holds, however str() lays it out.
          for (const auto& item : got.items) read.push_back(read_entry(item, states));
        } else if (got.lines.is_array()) {
          // Not a sequence of literals: say which line is not one.
          for (const auto& line : got.lines) {
            if (line.is_null()) {
              read.push_back({std::nullopt,
                              "is not a Python dict literal (str(pq) shows each entry as its dict, "
                              "e.g. {'state': ..., 'h': 3, 'g': 0, 'parent': None, 'f': 3})"});
            } else {
              read.push_back(read_entry(line, states));
            }
          }
        }
        if (!want.entries->empty() && read.empty()) {
          problem = fmt::format("str(pq) printed nothing, but the queue should hold {} entries",
                                want.entries->size());
        } else if (read.size() != want.entries->size() &&
                   compare_entries(*want.entries, read, unit, states).empty()) {
          problem = fmt::format("str(pq) shows {} entries, expected {}", read.size(),
                                want.entries->size());
        } else {
          problem = compare_entries(*want.entries, read, unit, states);
        }
        if (!problem.empty()) {
          // Every printed line indented, as the expected queue's are (a __str__ may print one
          // entry per line).
          std::string printed = elide(got.text, 12, 2000);
          for (std::size_t at = printed.find('\n'); at != std::string::npos;
               at = printed.find('\n', at + 5))
            printed.insert(at + 1, "    ");
          problem += fmt::format("\nexpected queue:{}\nstr(pq) printed:\n    {}",
                                 expected_queue_text(*want.entries, states), printed);
        }
        break;
      }
    }
    if (!problem.empty()) {
      outcome.feedback = fmt::format("{}: {}", where, problem);
      return outcome;
    }
  }
  outcome.passed = true;
  return outcome;
}

}  // namespace sg
