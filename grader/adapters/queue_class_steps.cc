#include "adapters/queue_class_steps.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "checkers/python_value.h"
#include "domains/sliding_tile_setup.h"  // location_of

namespace sg {
namespace {

// The first state a step enqueues, with the step's index: a queue test has no search, so that
// is the domain's start.
std::optional<std::pair<std::size_t, nlohmann::json>> first_enqueued(const TestSpec& test) {
  if (!test.input.contains("steps") || !test.input["steps"].is_array()) return std::nullopt;
  const auto& steps = test.input["steps"];
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (steps[i].is_object() && steps[i].contains("enqueue") && steps[i]["enqueue"].is_object() &&
        steps[i]["enqueue"].contains("state"))
      return std::pair(i, steps[i]["enqueue"]["state"]);
  return std::nullopt;
}

// The test's domain (`domain:` names one of the spec's `domains`; the spec's sliding-tile domain
// without it). A queue test runs no search, so the start is only what the domain needs to be
// built: a board's goal, a graph's first state enqueued. A graph's `goal:` is the one h is of.
std::shared_ptr<const SearchDomain> queue_domain(const Assignment& assignment,
                                                 const TestSpec& test) {
  TestSpec located = test;
  if (!test.input.contains("domain") && assignment.domain) {
    located.input["start"] = assignment.domain->goal;
    return std::make_shared<const SearchDomain>(search_domain(assignment, located));
  }
  const auto first = first_enqueued(test);
  if (!first || test.input.contains("start"))
    return std::make_shared<const SearchDomain>(search_domain(assignment, located));
  located.input["start"] = first->second;
  try {
    return std::make_shared<const SearchDomain>(search_domain(assignment, located));
  } catch (const SpecError&) {
    // Started at the goal instead, does the domain build (a missing goal throws here)? Then
    // the first state enqueued is the problem.
    const nlohmann::json goal = test.input.value("goal", nlohmann::json());
    located.input["start"] = goal.is_array() && !goal.empty() ? goal[0] : goal;
    search_domain(assignment, located);
    throw SpecError(location_of(test, fmt::format("/steps/{}", first->first)),
                    fmt::format("{} is not a state of the domain '{}'", python_repr(first->second),
                                test.input.value("domain", "")));
  }
}

nlohmann::json entry_dict(const SearchDomain& domain, const QueueEntry& entry,
                          const std::optional<std::string>& parent_name) {
  return {
      {"state", domain.value_of(entry.state)},
      {"h", entry.h},
      {"g", entry.g},
      {"parent", parent_name ? nlohmann::json{{"$ref", *parent_name}} : nlohmann::json(nullptr)},
      {"f", entry.f}};
}

class Planner {
 public:
  Planner(const Assignment& assignment, const TestSpec& test, ref::CourseQueueRules rules = {})
      : assignment_(assignment),
        test_(test),
        domain_(queue_domain(assignment, test)),
        states_(queue_states(domain_)),
        model_(rules) {
    plan_.domain = domain_;
  }

  QueuePlan build() {
    const std::string class_name =
        test_.input.value("class", assignment_.submission.priority_queue_class);
    add_driver({{"op", "new"}, {"class", class_name}, {"bind", "pq"}},
               fmt::format("pq = {}()", class_name));
    expect({PqOperation::construct, fmt::format("pq = {}()", class_name), "", {}, {}, {}, {}});

    if (!test_.input.contains("steps") || !test_.input["steps"].is_array() ||
        test_.input["steps"].empty()) {
      throw SpecError(test_.where,
                      "a priority_queue test needs `steps:` (a list of enqueue, pop, str, ...)");
    }
    const auto& steps = test_.input["steps"];
    for (std::size_t i = 0; i < steps.size(); ++i) {
      pointer_ = fmt::format("/steps/{}", i);
      plan_step(steps[i]);
    }
    return std::move(plan_);
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw SpecError(location_of(test_, pointer_), message);
  }

  void add_driver(nlohmann::json step, std::string call) {
    plan_.driver_steps.push_back(std::move(step));
    plan_.driver_calls.push_back(std::move(call));
  }

  void expect(PqExpectedStep step) {
    plan_.expected.push_back(std::move(step));
    plan_.observed_index.push_back(plan_.driver_steps.size() - 1);
  }

  void plan_step(const nlohmann::json& step) {
    std::string operation;
    nlohmann::json arguments = nlohmann::json::object();
    if (step.is_string()) {
      operation = step.get<std::string>();
    } else if (step.is_object() && step.size() == 1) {
      operation = step.begin().key();
      arguments = step.begin().value().is_null() ? nlohmann::json::object() : step.begin().value();
    } else {
      fail(
          "each step is a name (pop, is_empty, str, max_len) or a single-key mapping such as "
          "`enqueue: {...}`");
    }
    if (operation == "enqueue") {
      enqueue(arguments);
    } else if (operation == "enqueue_successors") {
      enqueue_successors(arguments);
    } else if (operation == "pop") {
      pop(arguments);
    } else if (operation == "is_empty") {
      add_driver({{"op", "method"}, {"target", "pq"}, {"method", "is_empty"}}, "pq.is_empty()");
      expect({PqOperation::is_empty, "pq.is_empty()", "", {}, model_.is_empty(), {}, {}});
    } else if (operation == "str") {
      add_driver({{"op", "str"}, {"target", "pq"}}, "print(pq)");
      expect({PqOperation::str, "print(pq)", "", {}, {}, {}, model_.entries()});
    } else if (operation == "max_len") {
      add_driver({{"op", "getattr"}, {"target", "pq"}, {"attr", "max_len"}}, "pq.max_len");
      expect({PqOperation::max_len, "pq.max_len", "", {}, {}, model_.max_len(), {}});
    } else {
      fail(fmt::format(
          "unknown step '{}': use enqueue, enqueue_successors, pop, is_empty, str or max_len",
          operation));
    }
  }

  int int_argument(const nlohmann::json& arguments, const char* key,
                   std::optional<int> fallback) const {
    if (!arguments.contains(key)) {
      if (fallback) return *fallback;
      fail(fmt::format("enqueue needs `{}`", key));
    }
    if (!arguments[key].is_number_integer()) fail(fmt::format("`{}` must be a whole number", key));
    return arguments[key].get<int>();
  }

  // The course's queue holds whole numbers (its dicts' 'g', 'h' and 'f').
  int whole(double value, const std::string& what) const {
    if (value != std::floor(value) || std::fabs(value) > 1e9)
      fail(
          fmt::format("{} is {}, but a queue entry's g, h and f are whole numbers: give them "
                      "explicitly, or use a domain with whole costs and h",
                      what, value));
    return static_cast<int>(value);
  }

  std::string fresh_name() { return fmt::format("_entry{}", ++counter_); }

  void enqueue_entry(const QueueEntry& entry, const std::optional<std::string>& parent_name,
                     const std::string& bind) {
    add_driver({{"op", "let"}, {"bind", bind}, {"value", entry_dict(*domain_, entry, parent_name)}},
               "");
    const std::string call = fmt::format("pq.enqueue({})", describe_entry(entry, states_));
    add_driver(
        {{"op", "method"}, {"target", "pq"}, {"method", "enqueue"}, {"args", {{{"$ref", bind}}}}},
        call);
    std::string purpose;
    for (const auto& queued : model_.entries()) {
      if (queued.state != entry.state) continue;
      if (entry.g < queued.g) {
        purpose = fmt::format(
            "the state is already queued with g {}; the new g {} is lower, so that entry's g, f "
            "and parent are updated in place",
            queued.g, entry.g);
      } else {
        purpose = fmt::format(
            "the state is already queued with g {}; the new g {} is {}, so nothing changes",
            queued.g, entry.g, entry.g == queued.g ? "equal" : "higher");
      }
    }
    model_.enqueue(entry);
    bindings_[bind] = entry;
    expect({PqOperation::enqueue, call, purpose, {}, {}, {}, {}});
  }

  void enqueue(const nlohmann::json& arguments) {
    if (!arguments.is_object()) fail("enqueue takes a mapping: {state, g, parent, h, f, as}");
    for (const auto& [key, value] : arguments.items()) {
      if (key != "state" && key != "g" && key != "h" && key != "f" && key != "parent" &&
          key != "as") {
        fail(fmt::format("unknown enqueue key '{}' (state, g, h, f, parent, as)", key));
      }
    }
    if (!arguments.contains("state")) fail("enqueue needs `state`");
    const std::optional<ref::State> state = domain_->state_of(arguments["state"]);
    if (!state)
      fail(fmt::format("{} is not a state of the domain '{}'", python_repr(arguments["state"]),
                       domain_->name));
    QueueEntry entry;
    entry.state = *state;
    entry.g = int_argument(arguments, "g", std::nullopt);
    entry.h = arguments.contains("h") ? int_argument(arguments, "h", std::nullopt)
                                      : whole(domain_->problem->h(*state),
                                              fmt::format("h of {}", states_.show(*state)));
    entry.f = int_argument(arguments, "f", entry.g + entry.h);
    std::optional<std::string> parent_name;
    if (arguments.contains("parent") && !arguments["parent"].is_null()) {
      if (!arguments["parent"].is_string())
        fail("`parent` names an earlier entry (its `as:`), or is null");
      parent_name = arguments["parent"].get<std::string>();
      const auto parent = bindings_.find(*parent_name);
      if (parent == bindings_.end())
        fail(fmt::format("no entry is named '{}' before this step", *parent_name));
      entry.parent_state = parent->second.state;
    }
    const std::string bind =
        arguments.contains("as") ? arguments["as"].get<std::string>() : fresh_name();
    enqueue_entry(entry, parent_name, bind);
  }

  // The named entry's successors in the domain's order (a board's: ascending, or the blank's
  // moves in the assignment's action order) or, with `order: ascending`, as Python's sorted()
  // orders them (a rules world's, where the handout sorts them), each with g + the step's cost.
  void enqueue_successors(const nlohmann::json& arguments) {
    if (!arguments.is_object() || !arguments.contains("of") || !arguments["of"].is_string()) {
      fail("enqueue_successors needs `of: <name of an earlier entry>`");
    }
    const nlohmann::json order = arguments.value("order", nlohmann::json("domain"));
    if (order != "domain" && order != "ascending")
      fail(
          "enqueue_successors: `order:` is domain (the domain's own order, the default) or "
          "ascending (as Python's sorted() orders the states)");
    const std::string parent_name = arguments["of"].get<std::string>();
    const auto parent = bindings_.find(parent_name);
    if (parent == bindings_.end())
      fail(fmt::format("no entry is named '{}' before this step", parent_name));
    const QueueEntry parent_entry = parent->second;
    std::vector<ref::Step> steps = domain_->problem->successors(parent_entry.state);
    if (order == "ascending") {
      const ref::StateLess less = python_order(*domain_);
      std::stable_sort(steps.begin(), steps.end(), [&less](const ref::Step& a, const ref::Step& b) {
        return less(a.state, b.state);
      });
    }
    for (const ref::Step& step : steps) {
      QueueEntry entry;
      entry.state = step.state;
      entry.g = parent_entry.g + whole(step.cost, fmt::format("the cost of the step to {}",
                                                              states_.show(step.state)));
      entry.h =
          whole(domain_->problem->h(step.state), fmt::format("h of {}", states_.show(step.state)));
      entry.f = entry.g + entry.h;
      entry.parent_state = parent_entry.state;
      enqueue_entry(entry, parent_name, fresh_name());
    }
  }

  void pop(const nlohmann::json& arguments) {
    if (model_.is_empty())
      fail("this pop() would take from an empty queue; the reference cannot say what it returns");
    std::string purpose;
    int min_f = model_.entries().front().f;
    for (const auto& entry : model_.entries()) min_f = std::min(min_f, entry.f);
    std::vector<std::string> tied;
    for (const auto& entry : model_.entries()) {
      if (entry.f == min_f) tied.push_back(states_.show(entry.state));
    }
    if (tied.size() > 1) {
      purpose =
          fmt::format("{} entries share the smallest f {}; the one enqueued first ({}) is popped",
                      tied.size(), min_f, tied.front());
    }
    nlohmann::json driver_step = {{"op", "method"}, {"target", "pq"}, {"method", "pop"}};
    const QueueEntry popped = model_.pop();
    if (arguments.is_object() && arguments.contains("as")) {
      const std::string bind = arguments["as"].get<std::string>();
      driver_step["bind"] = bind;
      bindings_[bind] = popped;
    }
    add_driver(driver_step, "pq.pop()");
    expect({PqOperation::pop, "pq.pop()", purpose, popped, {}, {}, {}});
  }

  const Assignment& assignment_;
  const TestSpec& test_;
  std::shared_ptr<const SearchDomain> domain_;
  QueueStates states_;
  ref::CoursePriorityQueueOf<ref::State> model_;
  std::map<std::string, QueueEntry> bindings_;
  std::string pointer_;
  int counter_ = 0;
  QueuePlan plan_;
};

// An entry as the driver encodes the dict the student's queue returns or holds.
nlohmann::json entry_value(const SearchDomain& domain, const QueueEntry& entry) {
  return {{"state", domain.value_of(entry.state)},
          {"h", entry.h},
          {"g", entry.g},
          {"parent", entry.parent_state
                         ? nlohmann::json{{"state", domain.value_of(*entry.parent_state)}}
                         : nlohmann::json(nullptr)},
          {"f", entry.f}};
}

}  // namespace

QueueStates queue_states(std::shared_ptr<const SearchDomain> domain) {
  return {[domain](const nlohmann::json& value) { return domain->state_of(value); },
          [domain](const ref::State& state) { return python_repr(domain->value_of(state)); }};
}

QueuePlan plan_queue_steps(const Assignment& assignment, const TestSpec& test,
                           ref::CourseQueueRules rules) {
  return Planner(assignment, test, rules).build();
}

std::vector<PqObservedStep> model_observations(const QueuePlan& plan) {
  const QueueStates states = queue_states(plan.domain);
  std::vector<PqObservedStep> observed;
  for (const PqExpectedStep& step : plan.expected) {
    PqObservedStep seen;
    seen.ran = seen.ok = true;
    if (step.popped) seen.value = entry_value(*plan.domain, *step.popped);
    if (step.empty) seen.value = *step.empty;
    if (step.max_len) seen.value = *step.max_len;
    if (step.entries) {
      seen.items = nlohmann::json::array();
      for (const QueueEntry& entry : *step.entries) {
        seen.items.push_back(entry_value(*plan.domain, entry));
        if (!seen.text.empty()) seen.text += ' ';
        seen.text += describe_entry(entry, states);
      }
      seen.value = seen.text;
    }
    observed.push_back(std::move(seen));
  }
  return observed;
}

std::vector<PqObservedStep> observed_queue_steps(const QueuePlan& plan,
                                                 const DriverTranscript& transcript,
                                                 const std::string& module_file) {
  std::vector<PqObservedStep> observed;
  for (const std::size_t index : plan.observed_index) {
    const DriverStepRecord& record = transcript.steps[index];
    PqObservedStep step;
    step.ran = record.finished;
    step.ok = record.ok;
    step.value = record.value;
    step.lines = record.lines;
    step.items = record.items;
    step.text = record.value.is_string() ? record.value.get<std::string>() : std::string();
    if (!record.ok)
      step.error = step_failure(record, plan.driver_calls[index], module_file).feedback;
    observed.push_back(std::move(step));
  }
  return observed;
}

std::string expected_queue_text(const QueuePlan& plan) {
  const QueueStates states = queue_states(plan.domain);
  std::string text;
  for (const auto& step : plan.expected) {
    const auto number = &step - plan.expected.data() + 1;
    if (step.popped) {
      text += fmt::format("step {}: `{}` returns {}\n", number, step.call,
                          describe_entry(*step.popped, states));
    } else if (step.empty) {
      text += fmt::format("step {}: `{}` returns {}\n", number, step.call,
                          *step.empty ? "True" : "False");
    } else if (step.max_len) {
      text += fmt::format("step {}: `{}` returns {}\n", number, step.call, *step.max_len);
    }
    if (step.operation == PqOperation::str) {
      std::string entries;
      for (const auto& entry : *step.entries) entries += describe_entry(entry, states) + "\n";
      text += fmt::format("after {} steps, print(pq) shows:\n{}", number,
                          entries.empty() ? "(nothing)\n" : entries);
    }
  }
  return text;
}

}  // namespace sg
