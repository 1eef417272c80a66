#include "adapters/driver_client.h"

#include <fmt/format.h>

#include <cmath>
#include <sstream>

#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "languages/language_driver.h"

namespace sg {
namespace {

std::string json_string(const nlohmann::json& object, const char* key) {
  return object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                         : std::string();
}

std::string seconds_text(double seconds) { return fmt::format("{:.2f} s", seconds); }

std::string phase_text(const DriverTranscript& transcript,
                       const std::vector<std::string>& step_calls, const std::string& module_file) {
  if (!transcript.started) return "while starting the driver";
  if (!transcript.import_finished && transcript.java)
    return fmt::format("while loading {} (its static initializers)", module_file);
  if (!transcript.import_finished) {
    return fmt::format(
        "while importing {} (its top-level code runs at import: move experiments and test "
        "calls under `if __name__ == '__main__':`)",
        module_file);
  }
  if (transcript.last_begun >= 0 &&
      static_cast<std::size_t>(transcript.last_begun) < step_calls.size()) {
    return fmt::format("while running `{}`",
                       step_calls[static_cast<std::size_t>(transcript.last_begun)]);
  }
  return "after the test's calls";
}

// What definitions-only intake kept, skipped and could not import, for the report.
std::vector<std::string> intake_notes(const nlohmann::json& intake) {
  constexpr std::size_t kListed = 8;
  std::vector<std::string> notes;
  const std::string file = json_string(intake, "file");
  const auto& skipped = intake.contains("skipped") && intake["skipped"].is_array()
                            ? intake["skipped"]
                            : nlohmann::json::array();
  const std::size_t skipped_count = intake.value("skipped_count", skipped.size());
  std::string note = fmt::format(
      "only definitions, imports and assignments of {} ran ({} statement{}); its other top-level "
      "code never runs",
      file, intake.value("kept", 0), intake.value("kept", 0) == 1 ? "" : "s");
  if (skipped_count > 0) {
    std::vector<std::string> listed;
    for (const auto& item : skipped) {
      if (listed.size() == kListed || !item.is_object()) break;
      listed.push_back(fmt::format("{}, line {}: `{}` ({})", json_string(item, "where"),
                                   item.value("line", 0), json_string(item, "code"),
                                   json_string(item, "why")));
    }
    note += fmt::format("; skipped {} statement{}:\n  {}", skipped_count,
                        skipped_count == 1 ? "" : "s", fmt::join(listed, "\n  "));
    if (skipped_count > listed.size())
      note += fmt::format("\n  ... and {} more", skipped_count - listed.size());
  }
  notes.push_back(note);
  if (intake.contains("failed_imports") && intake["failed_imports"].is_array()) {
    for (const auto& item : intake["failed_imports"]) {
      if (!item.is_object()) continue;
      notes.push_back(fmt::format(
          "`{}` ({}, line {}) failed on the grading machine ({}); the names it imports are "
          "undefined",
          json_string(item, "code"), json_string(item, "where"), item.value("line", 0),
          json_string(item, "error")));
    }
  }
  return notes;
}

}  // namespace

std::string DriverStepRecord::error_text() const {
  std::string text =
      error_message.empty() ? error_type : fmt::format("{}: {}", error_type, error_message);
  if (!traceback.empty()) text.append("\n").append(elide(traceback, 25, 3000));
  return text;
}

Invocation make_driver_invocation(const Assignment& assignment, const TestSpec& test,
                                  const GradingContext& context, nlohmann::json steps,
                                  std::string description) {
  Invocation invocation;
  DriverProcess process = driver_for(assignment).process(assignment, context, test.limits, steps);
  invocation.argv = std::move(process.argv);
  invocation.support_files = std::move(process.files);
  nlohmann::json request = {{"protocol", 1},
                            {"module", assignment.submission.module},
                            {"capture_limit_bytes", test.limits.output_bytes},
                            {"steps", std::move(steps)}};
  if (assignment.submission.definitions_only) request["intake"] = "definitions";
  invocation.stdin_data = request.dump();
  invocation.limits = test.limits;
  // The protocol stream embeds what the student printed, so leave it room beyond the cap (and
  // the progress reports' 64 KiB, escaped).
  invocation.limits.output_bytes = test.limits.output_bytes * 4 + (320u << 10);
  invocation.description = std::move(description);
  invocation.forkable = true;
  return invocation;
}

std::optional<Invocation> make_driver_launch(const Assignment& assignment,
                                             const GradingContext& context, const Limits& limits) {
  std::optional<DriverProcess> server = driver_for(assignment).server(assignment, context, limits);
  if (!server) return std::nullopt;
  Invocation invocation;
  invocation.argv = std::move(server->argv);
  invocation.support_files = std::move(server->files);
  invocation.serves_in_process = server->serves_in_process;
  invocation.environment = std::move(server->environment);
  invocation.limits = limits;
  nlohmann::json request = {{"protocol", 1},
                            {"module", assignment.submission.module},
                            {"capture_limit_bytes", assignment.default_limits.output_bytes}};
  if (assignment.submission.definitions_only) request["intake"] = "definitions";
  invocation.stdin_data = request.dump();
  invocation.description = "importing the submission";
  return invocation;
}

DriverTranscript read_transcript(const Observation& observation, std::size_t step_count) {
  DriverTranscript transcript;
  transcript.steps.resize(step_count);
  std::istringstream stream(observation.stdout_stream.data);
  std::string line;
  while (std::getline(stream, line)) {
    if (line.empty() || line.front() != '{') continue;
    const nlohmann::json record = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!record.is_object() || !record.contains("sg") || !record["sg"].is_string()) continue;
    const std::string type = record["sg"].get<std::string>();
    if (type == "hello") {
      transcript.started = true;
      transcript.java = record.contains("java");
    } else if (type == "import") {
      transcript.import_finished = true;
      transcript.import_ok = record.value("ok", false);
      transcript.import_seconds = record.value("seconds", 0.0);
      transcript.import_stdout = json_string(record, "stdout");
      transcript.import_stderr = json_string(record, "stderr");
      if (record.contains("notes") && record["notes"].is_array())
        for (const auto& note : record["notes"])
          if (note.is_string()) transcript.import_remarks.push_back(note.get<std::string>());
      if (record.contains("intake") && record["intake"].is_object())
        transcript.intake = record["intake"];
      if (record.contains("error") && record["error"].is_object()) {
        transcript.import_error_type = json_string(record["error"], "type");
        transcript.import_error_message = json_string(record["error"], "message");
        transcript.import_traceback = json_string(record["error"], "traceback");
      }
    } else if (type == "begin" || type == "step") {
      if (!record.contains("index") || !record["index"].is_number_integer()) continue;
      const int index = record["index"].get<int>();
      if (index < 0 || static_cast<std::size_t>(index) >= step_count) continue;
      DriverStepRecord& step = transcript.steps[static_cast<std::size_t>(index)];
      step.begun = true;
      transcript.last_begun = std::max(transcript.last_begun, index);
      if (type == "step") {
        step.finished = true;
        step.ok = record.value("ok", false);
        step.value = record.contains("value") ? record["value"] : nlohmann::json();
        step.lines = record.contains("lines") ? record["lines"] : nlohmann::json();
        step.type_shape = json_string(record, "type_shape");
        step.items = record.contains("items") ? record["items"] : nlohmann::json();
        step.stdout_text = json_string(record, "stdout");
        step.stderr_text = json_string(record, "stderr");
        step.stdout_truncated = record.value("stdout_truncated", false);
        step.stdout_bytes = record.value("stdout_bytes", std::uint64_t{0});
        step.stderr_truncated = record.value("stderr_truncated", false);
        step.seconds = record.value("seconds", 0.0);
        if (record.contains("error") && record["error"].is_object()) {
          step.error_type = json_string(record["error"], "type");
          step.error_message = json_string(record["error"], "message");
          step.traceback = json_string(record["error"], "traceback");
          const nlohmann::json map_index = record["error"].value("index", nlohmann::json());
          if (map_index.is_number_unsigned()) step.error_index = map_index.get<std::size_t>();
          const nlohmann::json path = record["error"].value("path", nlohmann::json());
          if (path.is_array()) {
            std::vector<std::string> actions;
            for (const auto& action : path)
              actions.push_back(action.is_string() ? action.get<std::string>() : action.dump());
            step.error_path = std::move(actions);
            step.error_state = json_string(record["error"], "state");
          }
        }
      }
    } else if (type == "partial") {
      // A running phase's output so far (the driver's progress reports): kept for a phase the
      // run stops; a finished step's own record has all of it.
      const std::string text = json_string(record, "stdout");
      if (record.contains("index") && record["index"].is_number_integer()) {
        const int index = record["index"].get<int>();
        if (index < 0 || static_cast<std::size_t>(index) >= step_count) continue;
        DriverStepRecord& step = transcript.steps[static_cast<std::size_t>(index)];
        if (!step.finished) step.stdout_text += text;
      } else if (!transcript.import_finished) {
        transcript.import_stdout += text;
      }
    } else if (type == "done") {
      transcript.done = true;
    }
  }
  return transcript;
}

// What the phase in flight printed before the run was stopped, as the driver reported it while
// the phase ran: evidence for a time limit ("" when it printed nothing).
std::string printed_before_stop(const DriverTranscript& transcript) {
  std::string text;
  if (transcript.started && !transcript.import_finished) {
    text = transcript.import_stdout;
  } else if (transcript.last_begun >= 0 &&
             static_cast<std::size_t>(transcript.last_begun) < transcript.steps.size()) {
    const DriverStepRecord& step =
        transcript.steps[static_cast<std::size_t>(transcript.last_begun)];
    if (!step.finished) text = step.stdout_text;
  }
  if (text.empty()) return "";
  return fmt::format("\nwhat it printed before it was stopped:\n{}", elide(text, 15, 2000));
}

std::optional<EarlyStop> diagnose_early_stop(const Observation& observation,
                                             const DriverTranscript& transcript,
                                             const std::vector<std::string>& step_calls,
                                             const std::string& module_file) {
  const std::string phase = phase_text(transcript, step_calls, module_file);
  const std::string printed = printed_before_stop(transcript);
  switch (observation.termination) {
    case Termination::runner_error:
      return EarlyStop{Verdict::grader_error,
                       fmt::format("the grader could not run this test: {}", observation.detail)};
    case Termination::cpu_time_limit:
      return EarlyStop{
          Verdict::time_limit_exceeded,
          fmt::format("time limit exceeded {}: {} of CPU time used ({}){}", phase,
                      seconds_text(observation.cpu_seconds), observation.detail, printed)};
    case Termination::wall_time_limit:
      return EarlyStop{
          Verdict::time_limit_exceeded,
          fmt::format("time limit exceeded {}: still running after {} of wall-clock time ({}){}",
                      phase, seconds_text(observation.wall_seconds), observation.detail, printed)};
    case Termination::memory_limit:
      return EarlyStop{
          Verdict::memory_limit_exceeded,
          fmt::format("memory limit exceeded {} ({}){}", phase, observation.detail, printed)};
    case Termination::output_limit:
      return EarlyStop{Verdict::output_limit_exceeded,
                       fmt::format("output limit exceeded {}: {}", phase, observation.detail)};
    case Termination::process_limit:
      return EarlyStop{Verdict::process_limit_exceeded,
                       fmt::format("{} {}; stopped at once", observation.detail, phase)};
    case Termination::security_violation:
      return EarlyStop{Verdict::security_violation,
                       fmt::format("security violation {}: {}", phase, observation.detail)};
    case Termination::signaled:
      if (!transcript.started) {
        return EarlyStop{
            Verdict::grader_error,
            fmt::format("the driver was killed before it started ({})", observation.detail)};
      }
      return EarlyStop{Verdict::runtime_error,
                       fmt::format("the process was killed {} ({})", phase, observation.detail)};
    case Termination::exited:
      break;
  }
  if (!transcript.started) {
    return EarlyStop{Verdict::grader_error,
                     fmt::format("the driver did not start (exit code {}): {}",
                                 observation.exit_code.value_or(-1),
                                 elide(observation.stderr_stream.data, 15, 2000))};
  }
  if (transcript.import_finished && !transcript.import_ok) {
    const Verdict verdict = transcript.import_error_type == "MemoryError" ||
                                    transcript.import_error_type == "OutOfMemoryError"
                                ? Verdict::memory_limit_exceeded
                                : Verdict::runtime_error;
    std::string feedback =
        fmt::format("{} {} failed: {}: {}", transcript.java ? "loading" : "importing", module_file,
                    transcript.import_error_type, transcript.import_error_message);
    if (transcript.import_error_type == "ModuleNotFoundError" ||
        transcript.import_error_type == "ImportError") {
      feedback += fmt::format(
          "\nhint: every module {} imports must be part of your submission or installed on the "
          "grading machine",
          module_file);
    }
    if (!transcript.import_traceback.empty())
      feedback.append("\n").append(elide(transcript.import_traceback, 25, 3000));
    return EarlyStop{verdict, feedback};
  }
  if (!transcript.done) {
    return EarlyStop{
        Verdict::runtime_error,
        fmt::format("the process exited {} with exit code {} before the test finished (did the "
                    "code call {}?)",
                    phase, observation.exit_code.value_or(-1),
                    transcript.java ? "Runtime.halt()" : "exit(), quit() or os._exit()")};
  }
  return std::nullopt;
}

EarlyStop step_failure(const DriverStepRecord& step, const std::string& call,
                       const std::string& module_file) {
  if (step.error_type == "AttributeError" && step.error_message.find("module '") == 0 &&
      step.error_message.find("has no attribute") != std::string::npos) {
    const auto quote_end = step.error_message.rfind('\'');
    const auto quote_start = step.error_message.rfind('\'', quote_end - 1);
    const std::string missing =
        step.error_message.substr(quote_start + 1, quote_end - quote_start - 1);
    return {
        Verdict::runtime_error,
        fmt::format("{} does not define `{}` (check the spelling and capitalisation of the name)",
                    module_file, missing)};
  }
  if (step.error_type == "MemoryError" || step.error_type == "OutOfMemoryError") {
    return {Verdict::memory_limit_exceeded,
            fmt::format("`{}` ran out of memory ({})", call, step.error_type)};
  }
  if (step.error_type == "SystemExit" && step.traceback.starts_with("System.exit")) {
    return {Verdict::runtime_error,
            fmt::format("`{}` called {}, which would end the JVM: return or throw instead\n{}",
                        call, step.error_message.substr(0, step.error_message.find(" was")),
                        elide(step.traceback, 25, 3000))};
  }
  if (step.error_type == "SystemExit") {
    if (const std::string unwritten = unwritten_placeholder(step.traceback); !unwritten.empty())
      return {Verdict::runtime_error, fmt::format("`{}`: {}", call, unwritten)};
    return {Verdict::runtime_error,
            fmt::format(
                "`{}` called exit() or quit(), which ends Python: return from the function instead",
                call)};
  }
  return {Verdict::runtime_error, fmt::format("`{}` raised {}", call, step.error_text())};
}

std::optional<EarlyStop> output_overflow(const DriverStepRecord& step, const std::string& call,
                                         std::uint64_t limit_bytes) {
  if (!step.stdout_truncated && !step.stderr_truncated) return std::nullopt;
  return EarlyStop{
      Verdict::output_limit_exceeded,
      fmt::format("output limit exceeded: `{}` printed {} bytes to {}; the limit is {} bytes", call,
                  step.stdout_truncated ? step.stdout_bytes : limit_bytes,
                  step.stdout_truncated ? "stdout" : "stderr (or more)", limit_bytes)};
}

std::vector<std::string> import_notes(const DriverTranscript& transcript,
                                      const std::string& module_file,
                                      std::optional<double> cpu_seconds, bool in_process) {
  constexpr std::size_t kShownLines = 8;
  std::vector<std::string> notes = transcript.import_remarks;
  if (!transcript.import_stdout.empty()) {
    const std::vector<NumberedLine> lines = non_empty_lines(transcript.import_stdout);
    std::string note = fmt::format(
        "importing {} printed {} line{} (top-level code), kept apart from the tests' output",
        module_file, lines.size(), lines.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < lines.size() && i < kShownLines; ++i)
      note += "\n  " + elide(lines[i].text, 1, 160);
    if (lines.size() > kShownLines)
      note += fmt::format("\n  ... and {} more", lines.size() - kShownLines);
    notes.push_back(note);
  }
  if (transcript.intake.is_object()) {
    for (auto& note : intake_notes(transcript.intake)) notes.push_back(std::move(note));
  }
  if (cpu_seconds) {
    if (*cpu_seconds >= 1.0 && in_process) {
      notes.push_back(fmt::format(
          "loading {} took {} of CPU time (the JVM's start and the class's static initializers); "
          "the tests ran in that JVM instead of starting one each, and that time counts toward "
          "the submission's time budget",
          module_file, seconds_text(*cpu_seconds)));
    } else if (*cpu_seconds >= 1.0) {
      notes.push_back(fmt::format(
          "importing {} took {} of CPU time (its top-level code); the tests were forked from the "
          "imported module instead of importing it again, and that time counts toward the "
          "submission's time budget",
          module_file, seconds_text(*cpu_seconds)));
    }
  } else if (transcript.import_seconds > 1.0) {
    notes.push_back(fmt::format("importing {} took {} (top-level code runs at import)", module_file,
                                seconds_text(transcript.import_seconds)));
  }
  return notes;
}

}  // namespace sg
