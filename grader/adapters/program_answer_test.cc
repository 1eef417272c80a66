#include "adapters/program_answer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_answer_test {

using ::testing::HasSubstr;

TestSpec reading(const std::string& file, bool with_stdout = false) {
  TestSpec test;
  test.answer = {file, with_stdout};
  test.limits.output_bytes = 100;
  return test;
}

Observation ran(const std::string& printed, std::vector<OutputFile> files) {
  Observation observation;
  observation.termination = Termination::exited;
  observation.exit_code = 0;
  observation.stdout_stream.data = printed;
  observation.output_files = std::move(files);
  return observation;
}

OutputFile written(const std::string& content) {
  return {"output.txt", OutputFile::Kind::regular, "", {content, content.size(), false}};
}

TestOutcome judged_by_a_kind() {
  TestOutcome outcome;
  outcome.verdict = Verdict::accepted;
  outcome.aspects = {{"path", "p", true, ""}, {"cost", "c", true, ""}};
  outcome.observed = "path_to_goal: ['Up']";
  return outcome;
}

TEST(ProgramAnswer, StdoutIsTheAnswerUnlessAFileIsNamed) {
  const Observation observation = ran("printed\n", {});
  const ProgramAnswer answer = read_program_answer(TestSpec{}, observation);
  EXPECT_EQ(answer.judged.stdout_stream.data, "printed\n");
  EXPECT_FALSE(answer.missing);
}

TEST(ProgramAnswer, TheFileTakesStdoutsPlaceOrFollowsIt) {
  const Observation observation = ran("debug line", {written("cost_of_path: 3\n")});
  ProgramAnswer answer = read_program_answer(reading("output.txt"), observation);
  EXPECT_EQ(answer.judged.stdout_stream.data, "cost_of_path: 3\n");
  TestOutcome outcome = judged_by_a_kind();
  conclude_program_answer(answer, observation, outcome);
  EXPECT_EQ(outcome.observed, "output.txt holds:\npath_to_goal: ['Up']");
  EXPECT_THAT(outcome.notes, testing::ElementsAre(HasSubstr("is not judged")));
  answer = read_program_answer(reading("output.txt", true), observation);
  EXPECT_EQ(answer.judged.stdout_stream.data, "debug line\ncost_of_path: 3\n");
}

// Its own verdict: every aspect fails, saying so, with what the program printed instead.
TEST(ProgramAnswer, AFileNotWrittenIsSaidWithWhatWasPrinted) {
  const Observation observation = ran("path_to_goal: ['Up']\ncost_of_path: 1\n", {});
  const ProgramAnswer answer = read_program_answer(reading("output.txt"), observation);
  ASSERT_TRUE(answer.missing);
  EXPECT_THAT(*answer.missing, HasSubstr("no output.txt was written; the program printed"));
  EXPECT_THAT(*answer.missing, HasSubstr("cost_of_path: 1"));
  TestOutcome outcome = judged_by_a_kind();
  conclude_program_answer(answer, observation, outcome);
  for (const AspectOutcome& aspect : outcome.aspects) {
    EXPECT_FALSE(aspect.passed);
    EXPECT_TRUE(aspect.judged);
    EXPECT_THAT(aspect.feedback, HasSubstr("no output.txt was written"));
  }
  const ProgramAnswer silent = read_program_answer(reading("output.txt"), ran("", {}));
  EXPECT_THAT(*silent.missing, HasSubstr("the program printed nothing"));
}

TEST(ProgramAnswer, SomethingElseAtItsNameIsNeverRead) {
  OutputFile link{"output.txt", OutputFile::Kind::other, "a symbolic link", {}};
  const ProgramAnswer answer = read_program_answer(reading("output.txt"), ran("", {link}));
  ASSERT_TRUE(answer.missing);
  EXPECT_THAT(*answer.missing, HasSubstr("output.txt is a symbolic link, not a file the program "
                                         "wrote: nothing was read from it (a link is never "
                                         "followed)"));
}

TEST(ProgramAnswer, AFileOverTheOutputLimitIsStoppedAsStdoutIs) {
  OutputFile big = written(std::string(100, 'x'));
  big.content.total_bytes = 5000;
  big.content.truncated = true;
  ProgramAnswer answer = read_program_answer(reading("output.txt"), ran("", {big}));
  EXPECT_EQ(answer.judged.termination, Termination::output_limit);
  EXPECT_THAT(answer.judged.detail, HasSubstr("output.txt holds 5000 bytes, more than the output "
                                              "limit of 100 bytes"));
  Observation killed = ran("", {written("partial")});
  killed.termination = Termination::signaled;
  killed.signal = SIGXFSZ;
  answer = read_program_answer(reading("output.txt"), killed);
  EXPECT_EQ(answer.judged.termination, Termination::output_limit);
  EXPECT_THAT(answer.judged.detail, HasSubstr("file-size limit"));
}

}  // namespace program_answer_test
}  // namespace
}  // namespace sg
