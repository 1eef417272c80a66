#include "adapters/program_answer.h"

#include <fmt/format.h>

#include <csignal>

#include "adapters/program_rejection.h"
#include "checkers/state_text.h"

namespace sg {
namespace {

// "the program printed:\n...", or that it printed nothing.
std::string printed_instead(const Observation& observation) {
  const std::string& out = observation.stdout_stream.data;
  if (out.find_first_not_of(" \t\r\n") == std::string::npos)
    return "the program printed nothing on its standard output";
  return fmt::format("the program printed (the end of its standard output):\n{}",
                     elide_front(out, 15, 2000));
}

}  // namespace

ProgramAnswer read_program_answer(const TestSpec& test, const Observation& observation) {
  ProgramAnswer answer{observation, std::nullopt, test.answer.file};
  if (answer.file.empty()) return answer;
  Observation& judged = answer.judged;
  // The sandbox's file-size limit (RLIMIT_FSIZE) ends a program that writes past it with
  // SIGXFSZ: the answer file's output limit, reached on the way.
  if (judged.termination == Termination::signaled && judged.signal == SIGXFSZ) {
    judged.termination = Termination::output_limit;
    judged.detail = fmt::format(
        "it wrote a file past the sandbox's file-size limit (SIGXFSZ) while writing {}",
        answer.file);
  }
  const OutputFile* file = nullptr;
  for (const OutputFile& each : observation.output_files)
    if (each.path == answer.file) file = &each;
  CapturedStream read;
  // A refusal of invalid input is said where the program says it: on stdout, or in the file.
  const bool refusal = rejects(test);
  if (test.answer.with_stdout || refusal) read = observation.stdout_stream;
  if (file != nullptr && file->kind == OutputFile::Kind::regular) {
    if (!read.data.empty() && read.data.back() != '\n') read.data += '\n';
    read.data += file->content.data;
    read.total_bytes += file->content.total_bytes;
    read.truncated = read.truncated || file->content.truncated;
    if (file->content.truncated && judged.termination == Termination::exited) {
      judged.termination = Termination::output_limit;
      judged.detail = fmt::format("{} holds {} bytes, more than the output limit of {} bytes",
                                  answer.file, file->content.total_bytes,
                                  test.limits.output_bytes);
    }
  } else if (refusal) {
    // Nothing written is a fine way to refuse.
  } else if (file == nullptr || file->kind == OutputFile::Kind::absent) {
    answer.missing = fmt::format("no {} was written; {}", answer.file, printed_instead(observation));
  } else {
    answer.missing =
        fmt::format("{} is {}, not a file the program wrote: nothing was read from it{}; {}",
                    answer.file, file->other,
                    file->other == "a symbolic link" ? " (a link is never followed)" : "",
                    printed_instead(observation));
  }
  judged.stdout_stream = std::move(read);
  return answer;
}

void conclude_program_answer(const ProgramAnswer& answer, const Observation& observation,
                             TestOutcome& outcome) {
  if (answer.file.empty()) return;
  if (answer.missing && (outcome.verdict == Verdict::accepted ||
                         outcome.verdict == Verdict::wrong_answer)) {
    for (AspectOutcome& aspect : outcome.aspects) {
      aspect.passed = false;
      aspect.judged = true;
      aspect.feedback = *answer.missing;
    }
    outcome.feedback = *answer.missing;
    outcome.observed = elide(observation.stdout_stream.data, 30, 3000);
    return;
  }
  if (!answer.missing && !outcome.observed.empty())
    outcome.observed = fmt::format("{} holds:\n{}", answer.file, outcome.observed);
  const std::string& out = observation.stdout_stream.data;
  if (!answer.missing && out.find_first_not_of(" \t\r\n") != std::string::npos &&
      answer.judged.stdout_stream.data != out)
    outcome.notes.push_back(fmt::format(
        "the answer is read from {}, as the assignment asks; what the program printed on its "
        "standard output is not judged",
        answer.file));
}

}  // namespace sg
