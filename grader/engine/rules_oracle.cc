#include "engine/rules_oracle.h"

#include <fmt/format.h>

#include "adapters/python_driver_client.h"
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
    const std::string file_name = std::filesystem::path(query.file).filename().string();
    const std::string module = file_name.substr(0, file_name.size() - 3);
    Invocation invocation;
    invocation.argv = {python_, "-I", "-B", ".searchgrader/python_driver.py"};
    invocation.support_files.push_back(
        {driver_dir_ / "python_driver.py", ".searchgrader/python_driver.py"});
    invocation.written_files.push_back({file_name, query.source});
    const nlohmann::json steps = nlohmann::json::array(
        {{{"op", "new"}, {"class", query.world}, {"args", query.args}, {"bind", "world"}},
         {{"op", "explore"},
          {"target", "world"},
          {"api", query.game ? "aima_game" : "aima"},
          {"values", true},
          {"limit", query.max_states}}});
    invocation.stdin_data = nlohmann::json{
        {"protocol", 1},
        {"module", module},
        {"capture_limit_bytes", 64 << 10},
        {"steps", steps}}.dump();
    invocation.limits = query.limits;
    invocation.description = fmt::format("the rules file {}", query.file);
    const Observation observation = runner_->run(invocation);
    const DriverTranscript transcript = read_transcript(observation, 2);
    const auto fail = [&](const std::string& why) -> nlohmann::json {
      throw SpecError(query.where, fmt::format("the rules file {}: {}", query.file, why));
    };
    if (transcript.import_finished && !transcript.import_ok)
      return fail(fmt::format(
          "importing it raised {}",
          transcript.import_traceback.empty()
              ? fmt::format("{}: {}", transcript.import_error_type, transcript.import_error_message)
              : transcript.import_traceback));
    const DriverStepRecord& built = transcript.steps[0];
    if (built.finished && !built.ok)
      return fail(fmt::format("{}({}) raised {}", query.world,
                              query.args.dump().substr(1, query.args.dump().size() - 2),
                              built.error_text()));
    const DriverStepRecord& explored = transcript.steps[1];
    if (explored.finished && !explored.ok) {
      std::string where = explored.error_state.empty()
                              ? std::string()
                              : fmt::format(" in the state {}", explored.error_state);
      if (explored.error_path)
        where += explored.error_path->empty()
                     ? " (the initial state)"
                     : fmt::format(" (reached by {})", fmt::join(*explored.error_path, ", "));
      return fail(fmt::format("exploring the world{} raised {}", where, explored.error_text()));
    }
    if (!transcript.done || !explored.ok) {
      const std::string limit =
          observation.termination == Termination::cpu_time_limit
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
      return fail(fmt::format("exploring the world did not finish: {}", limit));
    }
    if (!explored.value.value("complete", false))
      return fail(fmt::format(
          "the world has more than {} states reachable from its initial state; raise the "
          "domain's max_states if the reference should search them all",
          query.max_states));
    return explored.value;
  }

 private:
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
