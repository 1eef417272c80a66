#include "adapters/state_map.h"

#include <fmt/format.h>

#include <stdexcept>

#include "checkers/python_value.h"

namespace sg {
namespace {

constexpr std::size_t kBatch = 10000;  // states per driver step

std::size_t fixed_words(const CallWords& call) {
  std::size_t fixed = 0;
  for (const std::string& word : call.arguments) fixed += word != "state";
  return fixed;
}

}  // namespace

nlohmann::json state_map_steps(const Assignment& assignment, const TestSpec& test,
                               const CallWords& call, const SearchDomain& domain,
                               const std::vector<ref::State>& states) {
  nlohmann::json steps = nlohmann::json::array();
  std::vector<nlohmann::json> fixed;
  for (const std::string& word : call.arguments) {
    if (word == "state") {
      fixed.push_back(nullptr);
      continue;
    }
    steps.push_back({{"op", "let"},
                     {"bind", "arg_" + word},
                     {"value", call_argument(word, assignment, test, domain)}});
    fixed.push_back({{"$ref", "arg_" + word}});
  }
  for (std::size_t first = 0; first < states.size(); first += kBatch) {
    nlohmann::json args_list = nlohmann::json::array();
    for (std::size_t i = first; i < std::min(states.size(), first + kBatch); ++i) {
      nlohmann::json args = nlohmann::json::array();
      for (std::size_t a = 0; a < call.arguments.size(); ++a)
        args.push_back(fixed[a].is_null() ? domain.value_of(states[i]) : fixed[a]);
      args_list.push_back(std::move(args));
    }
    steps.push_back({{"op", "map"}, {"function", call.function}, {"args_list", args_list}});
  }
  return steps;
}

std::size_t state_map_step_count(const CallWords& call, std::size_t states) {
  return fixed_words(call) + (states + kBatch - 1) / kBatch;
}

std::string state_map_text(const CallWords& call) {
  return fmt::format("{}({}) on every state", call.function, fmt::join(call.arguments, ", "));
}

std::string state_call_text(const CallWords& call, const SearchDomain& domain,
                            const ref::State& state) {
  return fmt::format("{}({})", call.function, python_repr(domain.value_of(state)));
}

MappedValues read_state_map(const CallWords& call, const DriverTranscript& transcript,
                            const SearchDomain& domain, const std::vector<ref::State>& states,
                            const std::string& module_file) {
  MappedValues mapped;
  mapped.values.reserve(states.size());
  const std::size_t fixed = fixed_words(call);
  const std::size_t batches = (states.size() + kBatch - 1) / kBatch;
  for (std::size_t b = 0; b < batches; ++b) {
    const DriverStepRecord& step = transcript.steps[fixed + b];
    if (!step.ok) {
      const std::size_t at = b * kBatch + step.error_index.value_or(0);
      mapped.failure = step_failure(
          step,
          at < states.size() ? state_call_text(call, domain, states[at]) : state_map_text(call),
          module_file);
      return mapped;
    }
    for (const auto& value : step.value) mapped.values.push_back(value);
  }
  if (mapped.values.size() != states.size())
    throw std::runtime_error(fmt::format("the driver returned {} values for {} states",
                                         mapped.values.size(), states.size()));
  return mapped;
}

}  // namespace sg
