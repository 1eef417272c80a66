#include "adapters/driver_client.h"

#include <gtest/gtest.h>

#include "adapters/function_call_outcome.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace driver_client_test {

Observation exited_with(std::string stream, int code = 0) {
  Observation observation;
  observation.termination = Termination::exited;
  observation.exit_code = code;
  observation.stdout_stream.data = std::move(stream);
  return observation;
}

const std::string kHello = R"({"sg": "hello", "protocol": 1, "python": "3.11.2"})"
                           "\n";
const std::string kImportOk =
    R"({"sg": "import", "ok": true, "seconds": 0.01, "stdout": "hi\n", "stderr": ""})"
    "\n";

TEST(ReadTranscript, ReadsStepsAndIgnoresForeignLines) {
  const std::string stream =
      kHello + kImportOk + "garbage line\n{\"not\": \"protocol\"}\n" +
      R"({"sg": "begin", "index": 0})"
      "\n" +
      R"({"sg": "step", "index": 0, "ok": true, "value": null, "stdout": "[1] h=0\n", "seconds": 0.5})"
      "\n" +
      R"({"sg": "done"})"
      "\n";
  const DriverTranscript transcript = read_transcript(exited_with(stream), 1);
  EXPECT_TRUE(transcript.started);
  EXPECT_TRUE(transcript.import_ok);
  EXPECT_EQ(transcript.import_stdout, "hi\n");
  ASSERT_EQ(transcript.steps.size(), 1u);
  EXPECT_TRUE(transcript.steps[0].finished);
  EXPECT_EQ(transcript.steps[0].stdout_text, "[1] h=0\n");
  EXPECT_TRUE(transcript.done);
  EXPECT_FALSE(diagnose_early_stop(exited_with(stream), transcript, {"solve([1])"}, "m.py"));
  EXPECT_EQ(import_notes(transcript, "m.py").size(), 1u);
  // A slow start is said in the session's terms: an import forked from, or a JVM that served.
  const std::vector<std::string> forked = import_notes(transcript, "m.py", 1.5);
  ASSERT_EQ(forked.size(), 2u);
  EXPECT_NE(forked[1].find("importing m.py took 1.50 s"), std::string::npos) << forked[1];
  EXPECT_NE(forked[1].find("forked from the imported module"), std::string::npos) << forked[1];
  const std::vector<std::string> served = import_notes(transcript, "Board.java", 1.5, true);
  ASSERT_EQ(served.size(), 2u);
  EXPECT_NE(served[1].find("loading Board.java took 1.50 s"), std::string::npos) << served[1];
  EXPECT_NE(served[1].find("the tests ran in that JVM"), std::string::npos) << served[1];
}

TEST(DiagnoseEarlyStop, TimeoutNamesTheStepThatWasRunning) {
  Observation observation = exited_with(kHello + kImportOk +
                                        R"({"sg": "begin", "index": 0})"
                                        "\n");
  observation.termination = Termination::cpu_time_limit;
  observation.cpu_seconds = 20.01;
  observation.detail = "limit 20 s";
  const auto transcript = read_transcript(observation, 1);
  const auto stop =
      diagnose_early_stop(observation, transcript, {"solve([8, 7, 6])"}, "torus_puzzle.py");
  ASSERT_TRUE(stop);
  EXPECT_EQ(stop->verdict, Verdict::time_limit_exceeded);
  EXPECT_NE(stop->feedback.find("while running `solve([8, 7, 6])`"), std::string::npos)
      << stop->feedback;
}

TEST(DiagnoseEarlyStop, ATimeoutShowsWhatTheStepPrintedBeforeItWasStopped) {
  Observation observation =
      exited_with(kHello + kImportOk +
                  R"({"sg": "begin", "index": 0})"
                  "\n"
                  R"({"sg": "partial", "index": 0, "stdout": "[0, 2, 0] - f=2\n"})"
                  "\n"
                  R"({"sg": "partial", "index": 0, "stdout": "[0, 2, 0] - f=2\n"})"
                  "\n");
  observation.termination = Termination::cpu_time_limit;
  observation.cpu_seconds = 5.01;
  const auto transcript = read_transcript(observation, 1);
  EXPECT_FALSE(transcript.steps[0].finished);
  EXPECT_EQ(transcript.steps[0].stdout_text, "[0, 2, 0] - f=2\n[0, 2, 0] - f=2\n");
  const auto stop =
      diagnose_early_stop(observation, transcript, {"n_queens([0, 2, 0], 0, 0)"}, "nqueens.py");
  ASSERT_TRUE(stop);
  EXPECT_NE(stop->feedback.find(
                "what it printed before it was stopped:\n[0, 2, 0] - f=2\n[0, 2, 0] - f=2"),
            std::string::npos)
      << stop->feedback;
  // A finished step's own record holds all it printed; its progress reports are replaced.
  const DriverTranscript finished = read_transcript(
      exited_with(kHello + kImportOk +
                  R"({"sg": "begin", "index": 0})"
                  "\n"
                  R"({"sg": "partial", "index": 0, "stdout": "a\n"})"
                  "\n"
                  R"({"sg": "step", "index": 0, "ok": true, "value": 1, "stdout": "a\nb\n"})"
                  "\n"),
      1);
  EXPECT_EQ(finished.steps[0].stdout_text, "a\nb\n");
}

TEST(DiagnoseEarlyStop, TimeoutDuringImportBlamesTopLevelCode) {
  Observation observation = exited_with(kHello);
  observation.termination = Termination::wall_time_limit;
  const auto stop = diagnose_early_stop(observation, read_transcript(observation, 1),
                                        {"solve([1])"}, "torus_puzzle.py");
  ASSERT_TRUE(stop);
  EXPECT_NE(stop->feedback.find("while importing torus_puzzle.py"), std::string::npos);
  EXPECT_NE(stop->feedback.find("if __name__ == '__main__':"), std::string::npos);
}

TEST(DiagnoseEarlyStop, FailedImportShowsTheErrorAndAHint) {
  const std::string stream =
      kHello +
      R"({"sg": "import", "ok": false, "error": {"type": "ModuleNotFoundError", "message": "No module named 'helpers'", "traceback": "File \"torus_puzzle.py\", line 1"}})"
      "\n" +
      R"({"sg": "done"})"
      "\n";
  const auto stop = diagnose_early_stop(
      exited_with(stream), read_transcript(exited_with(stream), 1), {"x"}, "torus_puzzle.py");
  ASSERT_TRUE(stop);
  EXPECT_EQ(stop->verdict, Verdict::runtime_error);
  EXPECT_NE(stop->feedback.find("importing torus_puzzle.py failed: ModuleNotFoundError"),
            std::string::npos);
  EXPECT_NE(stop->feedback.find("hint"), std::string::npos);
}

// A spec that accepts a notebook (or a .py of any name) has no module file to name: every kind's
// feedback says "your submission", and the run's notes and metrics land in the outcome.
TEST(ReadDriverRun, NamesTheSubmissionAsTheSpecAcceptsIt) {
  const std::string stream =
      kHello +
      R"({"sg": "import", "ok": false, "error": {"type": "NameError", "message": "name 'np' is not defined", "traceback": ""}})"
      "\n" +
      R"({"sg": "done"})"
      "\n";
  Observation observation = exited_with(stream);
  observation.cpu_seconds = 0.25;
  Assignment assignment;
  assignment.submission.module = "search";
  const TestSpec test;
  TestOutcome named;
  const DriverRun as_module = read_driver_run(assignment, test, observation, {"bfs(graph)"}, named);
  EXPECT_EQ(as_module.module_file, "search.py");
  ASSERT_TRUE(as_module.stop);
  EXPECT_NE(as_module.stop->feedback.find("importing search.py failed: NameError"),
            std::string::npos);
  EXPECT_EQ(named.cpu_seconds, 0.25);

  assignment.submission.accept = {".ipynb", ".py"};
  TestOutcome accepted;
  const DriverRun as_notebook =
      read_driver_run(assignment, test, observation, {"bfs(graph)"}, accepted);
  ASSERT_TRUE(as_notebook.stop);
  EXPECT_NE(as_notebook.stop->feedback.find("importing your submission failed: NameError"),
            std::string::npos);
  EXPECT_EQ(as_notebook.stop->feedback.find("search.py"), std::string::npos);
}

// Every function kind reads its run here: a step that printed past the output limit is an
// output-limit stop even when it returned (its kept output is cut short, so not judged).
TEST(ReadDriverRun, AStepPastTheOutputLimitStopsTheRun) {
  const std::string stream =
      kHello + kImportOk +
      R"({"sg": "begin", "index": 0})"
      "\n" +
      R"({"sg": "step", "index": 0, "ok": true, "value": null, "stdout": "x", "stdout_truncated": true, "stdout_bytes": 9000, "seconds": 0.1})"
      "\n" +
      R"({"sg": "done"})"
      "\n";
  Assignment assignment;
  assignment.submission.module = "search";
  TestSpec test;
  test.limits.output_bytes = 4096;
  TestOutcome outcome;
  const DriverRun run =
      read_driver_run(assignment, test, exited_with(stream), {"printPath(a, z, path)"}, outcome);
  ASSERT_TRUE(run.stop);
  EXPECT_EQ(run.stop->verdict, Verdict::output_limit_exceeded);
  EXPECT_NE(run.stop->feedback.find("`printPath(a, z, path)` printed 9000 bytes to stdout"),
            std::string::npos);
  EXPECT_TRUE(run.transcript.steps[0].ok);

  test.limits.output_bytes = 1 << 20;
  const std::string within = kHello + kImportOk +
                             R"({"sg": "begin", "index": 0})"
                             "\n" +
                             R"({"sg": "step", "index": 0, "ok": true, "value": 3, "seconds": 0.1})"
                             "\n" +
                             R"({"sg": "done"})"
                             "\n";
  EXPECT_FALSE(read_driver_run(assignment, test, exited_with(within), {"h(s)"}, outcome).stop);
}

TEST(DiagnoseEarlyStop, DriverThatNeverStartedIsAGraderError) {
  Observation observation = exited_with("", 2);
  observation.stderr_stream.data = "python3: can't open file";
  const auto stop =
      diagnose_early_stop(observation, read_transcript(observation, 1), {"x"}, "m.py");
  ASSERT_TRUE(stop);
  EXPECT_EQ(stop->verdict, Verdict::grader_error);
}

TEST(DiagnoseEarlyStop, ExitBeforeDoneIsARuntimeError) {
  const std::string stream = kHello + kImportOk +
                             R"({"sg": "begin", "index": 0})"
                             "\n";
  const auto stop = diagnose_early_stop(
      exited_with(stream, 0), read_transcript(exited_with(stream), 1), {"solve([1])"}, "m.py");
  ASSERT_TRUE(stop);
  EXPECT_EQ(stop->verdict, Verdict::runtime_error);
  EXPECT_NE(stop->feedback.find("exit()"), std::string::npos);
}

TEST(StepFailure, MissingFunctionIsNamedPlainly) {
  DriverStepRecord step;
  step.error_type = "AttributeError";
  step.error_message = "module 'torus_puzzle' has no attribute 'print_succ'";
  const EarlyStop stop = step_failure(step, "print_succ([1])", "torus_puzzle.py");
  EXPECT_EQ(stop.feedback,
            "torus_puzzle.py does not define `print_succ` (check the spelling and capitalisation "
            "of the name)");
  step.error_type = "MemoryError";
  step.error_message = "";
  EXPECT_EQ(step_failure(step, "solve([1])", "m.py").verdict, Verdict::memory_limit_exceeded);
}

TEST(OutputOverflow, TruncatedCaptureIsAnOutputLimitVerdict) {
  DriverStepRecord step;
  EXPECT_FALSE(output_overflow(step, "solve([1])", 1024));
  step.stdout_truncated = true;
  step.stdout_bytes = 5000;
  const auto stop = output_overflow(step, "solve([1])", 1024);
  ASSERT_TRUE(stop);
  EXPECT_EQ(stop->verdict, Verdict::output_limit_exceeded);
  EXPECT_NE(stop->feedback.find("printed 5000 bytes to stdout; the limit is 1024 bytes"),
            std::string::npos);
}

TEST(ImportNotes, DefinitionsIntakeListsWhatWasSkippedAndWhichImportsFailed) {
  const std::string stream =
      kHello +
      R"j({"sg": "import", "ok": true, "seconds": 0.01, "stdout": "", "stderr": "", "intake": {"file": "a2.ipynb", )j"
      R"j("format": "notebook", "code_cells": 3, "kept": 4, "skipped_count": 1, "skipped": [{"where": )j"
      R"j("a2.ipynb, code cell 2 (In [5])", "line": 1, "code": "while True:", "why": "a loop"}], )j"
      R"j("failed_imports": [{"where": "a2.ipynb, code cell 1 (In [1])", "line": 2, "code": )j"
      R"j("from IPython.display import IFrame", "error": "ModuleNotFoundError: No module named 'IPython'"}]}})j"
      "\n"
      R"({"sg": "done"})"
      "\n";
  const DriverTranscript transcript = read_transcript(exited_with(stream), 0);
  const auto notes = import_notes(transcript, "your submission");
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_NE(notes[0].find("a2.ipynb ran (4 statements)"), std::string::npos) << notes[0];
  EXPECT_NE(notes[0].find("a2.ipynb, code cell 2 (In [5]), line 1: `while True:` (a loop)"),
            std::string::npos)
      << notes[0];
  EXPECT_NE(notes[1].find("`from IPython.display import IFrame`"), std::string::npos) << notes[1];
}

}  // namespace driver_client_test
}  // namespace
}  // namespace sg
