#include "adapters/program_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "checkers/state_text.h"
#include "spec/test_keys.h"

namespace sg {

void require_program_submission(const Assignment& assignment, const TestSpec& test) {
  if (assignment.submission.language == "program") return;
  const bool vowel =
      !test.kind.empty() && std::string("aeiou").find(test.kind[0]) != std::string::npos;
  throw SpecError(test.where, fmt::format("{} {} test runs a program: the spec's submission needs "
                                          "`language: program`",
                                          vowel ? "an" : "a", test.kind));
}

std::vector<std::string> program_args(const TestSpec& test) {
  const auto& args = test.input.contains("args") ? test.input["args"] : nlohmann::json();
  if (!args.is_array())
    throw SpecError(test.where,
                    fmt::format("a {} test needs `args`, a list of strings", test.kind));
  std::vector<std::string> words;
  for (std::size_t i = 0; i < args.size(); ++i) {
    // An integer written unquoted (`-solveBeam, 10`) is the word it reads as; anything else
    // would be a guess (1.50 or 1.5? true or True?).
    if (args[i].is_string()) {
      words.push_back(args[i].get<std::string>());
    } else if (args[i].is_number_integer()) {
      words.push_back(args[i].dump());
    } else {
      throw SpecError(location_of(test, fmt::format("/args/{}", i)),
                      fmt::format("each of `args` is a word: a string (quote it: \"{}\"), or an "
                                  "integer",
                                  args[i].is_string() ? "" : args[i].dump()));
    }
  }
  return words;
}

Invocation make_program_invocation(const TestSpec& test, const GradingContext& context,
                                   ProgramRun run) {
  if (context.program_command.empty()) {
    throw std::logic_error(
        "a program test needs the engine's program command (is the spec's "
        "submission `language: program`?)");
  }
  Invocation invocation;
  invocation.argv = context.program_command;
  invocation.argv.insert(invocation.argv.end(), run.args.begin(), run.args.end());
  invocation.description = program_call_text(context, run);
  // The input files too: a student reproduces the run from the feedback alone.
  for (const WrittenFile& file : run.files)
    invocation.description +=
        fmt::format("\nwhere {} holds:\n{}", file.destination.string(), file.content);
  invocation.written_files = std::move(run.files);
  invocation.stdin_data = std::move(run.stdin_data);
  invocation.limits = test.limits;
  if (!test.answer.file.empty()) {
    invocation.output_files = {test.answer.file};
    invocation.description += fmt::format("\nthen {} is read", test.answer.file);
  }
  return invocation;
}

void start_with_fresh_rusage(Invocation& invocation, const GradingContext& context) {
  constexpr const char* kStaged = ".searchgrader/fresh_rusage.py";
  invocation.support_files.push_back({context.driver_dir / "fresh_rusage.py", kStaged});
  std::vector<std::string> argv = {context.python, "-I", "-S", kStaged};
  argv.insert(argv.end(), invocation.argv.begin(), invocation.argv.end());
  invocation.argv = std::move(argv);
}

namespace {

// A word as a POSIX shell reads it back: quoted when it holds anything but plain characters, so
// a student can paste the call into a terminal ("-setState '312 475 68b'").
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           (c != '\0' && std::strchr("_-./=:,+%@", c) != nullptr);
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// The JVM's own refusal to start (its heap or class space not reserved under the test's limits,
// an option it rejects): it ends with status 1 before any of the student's code runs. A program
// that prints these words itself is read the same way: a grader error, which an instructor
// sees, never a pass.
bool jvm_did_not_start(const Observation& observation) {
  if (observation.exit_code != 1) return false;
  // HotSpot writes some of these to stdout, some to stderr, and nothing else before them.
  for (const std::string* text : {&observation.stdout_stream.data, &observation.stderr_stream.data})
    for (const char* refusal :
         {"Error occurred during initialization of VM",
          "Error: Could not create the Java Virtual Machine",
          "#\n# There is insufficient memory for the Java Runtime Environment"})
      if (text->starts_with(refusal)) return true;
  return false;
}

}  // namespace

std::string program_call_text(const GradingContext& context, const ProgramRun& run) {
  std::vector<std::string> words;
  for (const auto& word : context.program_shown_command.empty() ? context.program_command
                                                                : context.program_shown_command)
    words.push_back(shell_word(word));
  for (const auto& word : run.args) words.push_back(shell_word(word));
  return fmt::format("{}", fmt::join(words, " "));
}

std::optional<EarlyStop> diagnose_program_stop(const Observation& observation) {
  if ((observation.termination == Termination::exited ||
       observation.termination == Termination::memory_limit) &&
      jvm_did_not_start(observation))
    return EarlyStop{
        Verdict::grader_error,
        fmt::format(
            "grader error (not your fault): the Java virtual machine could not start "
            "under this test's limits (in the minimal sandbox tier a JVM needs a memory "
            "limit of at least 768 MiB). It said:\n{}",
            elide(observation.stdout_stream.data + observation.stderr_stream.data, 6, 1000))};
  switch (observation.termination) {
    case Termination::runner_error:
      return EarlyStop{Verdict::grader_error,
                       fmt::format("grader error (not your fault): the test could not run: {}",
                                   observation.detail)};
    case Termination::cpu_time_limit:
      return EarlyStop{Verdict::time_limit_exceeded,
                       fmt::format("time limit exceeded: {:.2f} s of CPU time used ({})",
                                   observation.cpu_seconds, observation.detail)};
    case Termination::wall_time_limit:
      return EarlyStop{Verdict::time_limit_exceeded,
                       fmt::format("time limit exceeded: still running after {:.2f} s ({})",
                                   observation.wall_seconds, observation.detail)};
    case Termination::memory_limit:
      return EarlyStop{Verdict::memory_limit_exceeded,
                       fmt::format("memory limit exceeded ({})", observation.detail)};
    case Termination::output_limit:
      return EarlyStop{Verdict::output_limit_exceeded,
                       fmt::format("output limit exceeded: {} (does the search stop at the goal?)",
                                   observation.detail)};
    case Termination::process_limit:
      return EarlyStop{Verdict::process_limit_exceeded,
                       fmt::format("{}; the program was stopped at once", observation.detail)};
    case Termination::security_violation:
      return EarlyStop{Verdict::security_violation,
                       fmt::format("security violation: {}", observation.detail)};
    case Termination::signaled:
      return EarlyStop{Verdict::runtime_error,
                       fmt::format("the program crashed: {}{}", observation.detail,
                                   observation.stderr_stream.data.empty()
                                       ? std::string()
                                       : "\nits stderr ends with:\n" +
                                             elide(observation.stderr_stream.data, 15, 2000))};
    case Termination::exited:
      break;
  }
  return std::nullopt;
}

void conclude_program_outcome(TestOutcome& outcome, std::vector<AspectOutcome> aspects,
                              const Observation& observation) {
  outcome.verdict = Verdict::accepted;  // the engine decides the rest (engine/test_verdict.h)
  if (observation.stdout_stream.truncated)
    outcome.notes.push_back("the output was truncated at the output limit");
  outcome.aspects = std::move(aspects);
}

}  // namespace sg
