#include "engine/rules_oracle.h"

#include <fmt/format.h>

#include "adapters/driver_client.h"
#include "checkers/python_value.h"
#include "runner/process_runner.h"

namespace sg {

namespace {

class SandboxRulesOracle : public RulesOracle {
 public:
  SandboxRulesOracle(std::string python, std::filesystem::path driver_dir,
                     std::shared_ptr<Runner> runner)
      : python_(std::move(python)),
        driver_dir_(std::move(driver_dir)),
        runner_(std::move(runner)) {}

  nlohmann::json explore(const RulesQuery& query) const override {
    nlohmann::json step = {{"op", "explore"},
                           {"target", "world"},
                           {"api", query.game ? "aima_game" : "aima"},
                           {"values", true},
                           {"limit", query.max_states}};
    if (!query.start.is_null()) step["start"] = query.start;
    if (query.max_depth) step["max_depth"] = *query.max_depth;
    if (!query.line.is_null()) step["line"] = query.line;
    const Asked asked = run(query, step);
    const DriverStepRecord& explored = asked.step;
    if (explored.finished && !explored.ok) {
      std::string where = explored.error_state.empty()
                              ? std::string()
                              : fmt::format(" in the state {}", explored.error_state);
      if (explored.error_path)
        where += explored.error_path->empty()
                     ? (query.start.is_null() ? " (the initial state)" : " (the position itself)")
                     : fmt::format(" (reached by {})", fmt::join(*explored.error_path, ", "));
      fail(query, fmt::format("exploring the world{} raised {}", where, explored.error_text()));
    }
    if (!asked.done || !explored.ok)
      fail(query, fmt::format("exploring the world did not finish: {}", why_stopped(query, asked)));
    if (!explored.value.value("complete", false))
      fail(query,
           fmt::format("the world has more than {} states reachable from {}; raise the domain's "
                       "max_states if the reference should search them all",
                       query.max_states,
                       query.start.is_null() ? "its initial state" : "the position"));
    return explored.value;
  }

  nlohmann::json ask(const RulesQuery& query, const std::string& method,
                     const nlohmann::json& args_list) const override {
    const Asked asked =
        run(query,
            {{"op", "map"}, {"target", "world"}, {"function", method}, {"args_list", args_list}});
    const DriverStepRecord& answered = asked.step;
    if (answered.finished && !answered.ok) {
      std::string call = method;
      if (answered.error_index && *answered.error_index < args_list.size()) {
        std::vector<std::string> args;
        for (const auto& arg : args_list[*answered.error_index]) args.push_back(python_repr(arg));
        call = fmt::format("{}({})", method, fmt::join(args, ", "));
      }
      fail(query, fmt::format("{} raised {}", call, answered.error_text()));
    }
    if (!asked.done || !answered.ok)
      fail(query, fmt::format("asking {} did not finish: {}", method, why_stopped(query, asked)));
    return answered.value;
  }

 private:
  struct Asked {
    Observation observation;
    DriverStepRecord step;  ///< The step after `new`.
    bool done = false;
  };

  [[noreturn]] static void fail(const RulesQuery& query, const std::string& why) {
    throw SpecError(query.where, fmt::format("the rules file {}: {}", query.file, why));
  }

  static std::string why_stopped(const RulesQuery& query, const Asked& asked) {
    const Observation& observation = asked.observation;
    return observation.termination == Termination::cpu_time_limit
               ? fmt::format("it used its {:g} s of CPU time (limits.cpu_seconds)",
                             query.limits.cpu_seconds)
           : observation.termination == Termination::wall_time_limit
               ? fmt::format("it ran past its {:g} s (limits.wall_seconds)",
                             query.limits.wall_seconds)
           : observation.termination == Termination::memory_limit
               ? fmt::format("it used more than its {} MiB of memory (limits.memory_mib)",
                             query.limits.memory_bytes >> 20)
               : fmt::format("the process stopped before it answered ({}{}{})", observation.detail,
                             observation.stderr_stream.data.empty() ? "" : ": ",
                             observation.stderr_stream.data.substr(0, 2000));
  }

  // One process: the rules file imported, its world built, then `step` on it. Import and
  // construction failures are thrown here.
  Asked run(const RulesQuery& query, const nlohmann::json& step) const {
    const std::string file_name = std::filesystem::path(query.file).filename().string();
    const std::string module = file_name.substr(0, file_name.size() - 3);
    Invocation invocation;
    invocation.argv = {python_, "-I", "-B", ".searchgrader/python_driver.py"};
    invocation.support_files.push_back(
        {driver_dir_ / "python_driver.py", ".searchgrader/python_driver.py"});
    invocation.written_files.push_back({file_name, query.source});
    const nlohmann::json steps = nlohmann::json::array(
        {{{"op", "new"},
          {"class", query.world},
          {"args", query.args},
          {"bind", "world"},
          {"aima_names", true}},  // either edition's names (goal_test or is_goal, ...)
         step});
    invocation.stdin_data = nlohmann::json{
        {"protocol", 1},
        {"module", module},
        {"capture_limit_bytes", 64 << 10},
        {"steps", steps}}.dump();
    invocation.limits = query.limits;
    invocation.description = fmt::format("the rules file {}", query.file);
    Asked asked;
    asked.observation = runner_->run(invocation);
    const DriverTranscript transcript = read_transcript(asked.observation, 2);
    if (transcript.import_finished && !transcript.import_ok)
      fail(query, fmt::format("importing it raised {}",
                              transcript.import_traceback.empty()
                                  ? fmt::format("{}: {}", transcript.import_error_type,
                                                transcript.import_error_message)
                                  : transcript.import_traceback));
    const DriverStepRecord& built = transcript.steps[0];
    if (built.finished && !built.ok)
      fail(query, fmt::format("{}({}) raised {}", query.world,
                              query.args.dump().substr(1, query.args.dump().size() - 2),
                              built.error_text()));
    asked.step = transcript.steps[1];
    asked.done = transcript.done;
    return asked;
  }

  std::string python_;
  std::filesystem::path driver_dir_;
  std::shared_ptr<Runner> runner_;
};

}  // namespace

std::shared_ptr<const RulesOracle> make_sandbox_rules_oracle(std::string python,
                                                             std::filesystem::path driver_dir,
                                                             std::shared_ptr<Runner> runner) {
  if (!runner) runner = make_process_runner();
  return std::make_shared<SandboxRulesOracle>(std::move(python), std::move(driver_dir),
                                              std::move(runner));
}

}  // namespace sg
